/**
 * `reseller generate`: writes a Pulumi TypeScript program that declares what a live reseller
 * account holds (all of it, or `--hosting-id` / `--domain`). The generator itself is
 * `src/generate/`; this file parses the command line.
 *
 * Connection settings are the provider's own (`CONFIG_KEYS`): every `reseller:*` key is a flag
 * (`--api-user`, `--api-url`, `--max-concurrency`, ...), with the same environment fallback
 * (`RESELLER_API_USER`, ...) and defaults, read by the provider's `readConfiguration`.
 * `--account NAME` picks a named account of `--accounts` / `RESELLER_ACCOUNTS` instead of the
 * top-level keys, as a resource's `account` input does. `reseller ping` uses the same flags.
 */
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { createClient, type ClientOptions, type ResellerClient } from "../client/client";
import { accountSettings, CONFIG_KEYS, readConfiguration, requireCredentials, type ProviderSettings } from "../provider/rules/config";
import { DEFAULT_PROJECT, fileExists, generateProgram, refuseExistingProject, writeProject } from "../generate";
import { importFileOf } from "../generate/import-file";
import type { Plan } from "../generate/plan";
import { checkPackageSpec } from "../generate/program";

/** Flag values by config key (`apiUser`), as commander hands them over. */
export type ConnectionFlags = Record<string, unknown>;

/**
 * The flag word of a configuration key: `apiUser` is `api-user` (`--api-user`).
 *
 * @example
 * kebab("endpointOverrides"); // "endpoint-overrides"
 */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Adds one flag per provider configuration key: `--api-user <value>`, `--api-key <value>`, ...
 * The API key is better given through `RESELLER_API_KEY`: a flag shows in the process list.
 */
export function addConnectionOptions(command: Command): Command {
  for (const k of CONFIG_KEYS) {
    const fallback = k.default === undefined ? "" : `; default ${k.default}`;
    const caution = k.secret ? "; prefer the environment variable, a flag shows in the process list" : "";
    command.option(`--${kebab(k.key)} <value>`, `${k.flagDescription ?? k.description} (environment ${k.env}${fallback}${caution})`);
  }
  command.option(
    "--account <name>",
    "a named account of --accounts / RESELLER_ACCOUNTS (the stack's reseller:accounts) instead of the top-level keys",
  );
  return command;
}

/**
 * The provider settings from the flags, then the environment, then the defaults: those of the
 * named account with `--account`, else those of the top-level keys.
 */
export function settingsFromFlags(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const configuration = readConfiguration({ get: (key) => (typeof flags[key] === "string" ? (flags[key] as string) : undefined) }, env);
  return accountSettings(configuration, typeof flags.account === "string" ? flags.account : undefined);
}

/**
 * A client for the settings, as the provider would build it (`reseller:routeFallback` aside: the
 * commands report a missing route rather than follow it elsewhere). Missing credentials fail with
 * a message naming the flags and environment variables. `extra` adds client options, such as a
 * dispatcher of one's own (`reseller probe` keeps the raw replies).
 */
export function clientFromSettings(settings: ProviderSettings, extra: Partial<ClientOptions> = {}): ResellerClient {
  let credentials: { apiUser: string; apiKey: string };
  try {
    credentials = requireCredentials(settings);
  } catch (err) {
    if (settings.account !== undefined) {
      throw new Error(
        `Missing API credentials of account "${settings.account}": give its apiUser and apiKey in --accounts or RESELLER_ACCOUNTS`,
        { cause: err },
      );
    }
    throw new Error("Missing API credentials: pass --api-user and --api-key, or set RESELLER_API_USER and RESELLER_API_KEY", {
      cause: err,
    });
  }
  return createClient({
    baseUrl: settings.apiUrl,
    ...credentials,
    version: settings.apiVersion,
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    retry: { maxAttempts: settings.maxAttempts, baseDelayMs: settings.retryBaseDelayMs },
    limits: {
      concurrency: settings.maxConcurrency,
      perMinute: settings.requestsPerMinute,
      initialPerMinute: settings.initialRequestsPerMinute,
      minPerMinute: settings.minRequestsPerMinute,
    },
    paramsInQuery: settings.paramsInQuery,
    methodOverride: settings.methodOverride,
    overrides: settings.endpointOverrides,
    ca: settings.caCert,
    sandbox: settings.sandbox,
    ...extra,
  });
}

/** The command line of `reseller generate`. */
export interface GenerateCommandOptions extends ConnectionFlags {
  out?: string;
  project: string;
  hostingId: string[];
  domain: string[];
  force?: boolean;
  packageSpec?: string;
  importFile?: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The hosting account ids of `--hosting-id`, refusing anything but positive whole numbers. */
export function parseHostingIds(values: readonly string[]): number[] {
  return values.map((v) => {
    const n = Number(v);
    if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n <= 0)
      throw new Error(`--hosting-id must be a hosting account id (a positive whole number), got "${v}"`);
    return n;
  });
}

/**
 * Runs a generation: reads the account and writes the project into `--out`, or prints the
 * program on `out` when no directory is given. Notes (what was left out, what is read only)
 * go to `err`. Returns the files written.
 */
export async function runGenerate(
  opts: GenerateCommandOptions,
  out: (text: string) => void,
  err: (line: string) => void,
): Promise<string[]> {
  const settings = settingsFromFlags(opts);
  const hostingIds = parseHostingIds(opts.hostingId ?? []);
  if (opts.importFile !== undefined && settings.account !== undefined) {
    // The plugin's Read finds an object of a named account only through the resource's
    // `account` input, which an import file cannot give (docs/decisions/0027).
    throw new Error(
      `--import-file cannot be used with --account: an import file cannot give the \`account\` input the plugin needs to find an object of account "${settings.account}"; generate the program with --account, or import with an explicit provider for that account (docs/native-provider.md)`,
    );
  }
  if (opts.importFile !== undefined && !opts.force && (await fileExists(opts.importFile))) {
    throw new Error(`${opts.importFile} already exists; use --force to overwrite`);
  }
  if (opts.packageSpec !== undefined) {
    // Without --out only index.ts is printed: a spec with nowhere to go is a mistake, not a no-op.
    if (!opts.out) throw new Error("--package-spec needs --out: it goes into the generated package.json");
    checkPackageSpec(opts.packageSpec);
  }
  if (opts.out && !opts.force) await refuseExistingProject(opts.out);
  const client = clientFromSettings(settings);
  try {
    const { files, plan, warnings } = await generateProgram(client, settings, {
      project: opts.project,
      hostingIds,
      domains: opts.domain ?? [],
      account: settings.account,
      packageSpec: opts.packageSpec,
    });
    for (const line of [...plan.notes, ...warnings]) err(`note: ${line}`);
    const required = plan.config.filter((c) => c.required);
    const imported = opts.importFile === undefined ? [] : [await writeImportFile(opts.importFile, plan, err)];
    if (!opts.out) {
      // With --import-file alone, the import file is what was asked for.
      if (opts.importFile === undefined) out(files["index.ts"]!);
      return imported;
    }
    const written = await writeProject(opts.out, files, { overwrite: opts.force === true });
    const declared = plan.resources.filter((r) => r.mode === "declare").length;
    err(`Wrote ${written.join(", ")}: ${declared} declared resource(s), ${plan.resources.length - declared} read only.`);
    if (required.length > 0)
      err(`Set the config key(s) ${required.map((c) => c.key).join(", ")} before the first preview (see README.md).`);
    return [...written, ...imported];
  } finally {
    await client.close();
  }
}

/**
 * Writes the file for `pulumi import --file` (src/generate/import-file.ts) and says what it
 * holds, what it leaves out, and the inputs to add after the import. Returns the path.
 */
async function writeImportFile(file: string, plan: Plan, err: (line: string) => void): Promise<string> {
  const { file: content, left } = importFileOf(plan);
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
  for (const l of left) err(`note: not in ${file}: ${l.name} (${l.id}): ${l.reason}`);
  err(
    `Wrote ${file}: ${content.resources.length} resource(s) for \`pulumi import --file ${file}\` into a stack on the provider plugin; it protects them, as the program's protect: true does. Inputs the API cannot read back (passwords, SSH key lines) come out empty in the generated code: fill them in before the first preview (docs/native-provider.md).`,
  );
  return file;
}

/** Registers `reseller generate`. */
export function registerGenerateCommand(program: Command): void {
  const command = program
    .command("generate")
    .description("write a Pulumi TypeScript program that declares what a live reseller account holds")
    .option(
      "--out <dir>",
      "write index.ts, Pulumi.yaml, package.json, tsconfig.json and README.md into this directory (default: print index.ts)",
    )
    .option(
      "--project <name>",
      "Pulumi project name, also the namespace of the program's config keys (secrets, passwords)",
      DEFAULT_PROJECT,
    )
    .option("--hosting-id <id>", "only this hosting account and the zones of its domains (repeatable)", collect, [] as string[])
    .option(
      "--domain <domain>",
      "only what belongs to this domain: registration, zone, per-domain hosting settings (repeatable)",
      collect,
      [] as string[],
    )
    .option("--force", "overwrite files that exist in --out, and the --import-file")
    .option(
      "--import-file <path>",
      "also write a file for `pulumi import --file` that takes the objects into a stack on the provider plugin (reseller:index:<Type>) instead of adopt: true; without --out, only this file is written",
    )
    .option(
      "--package-spec <spec>",
      'how the generated package.json depends on pulumi-hosting-reseller: an npm dependency spec such as "file:../pulumi-hosting-reseller-0.1.0.tgz", a tarball URL or a range (default: the registry range of this version; file: paths are relative to --out)',
    );
  addConnectionOptions(command).action(async (opts: GenerateCommandOptions) => {
    await runGenerate(
      opts,
      (text) => process.stdout.write(text),
      (line) => process.stderr.write(`${line}\n`),
    );
  });
}

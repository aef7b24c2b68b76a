/**
 * `reseller probe`: checks the endpoint table's routes of one API version against a live account,
 * read-only unless `--writes` is given (the probe itself is src/probe/). Most v4 routes are
 * inferred (docs/evidence.md §1), and this is how a user finds the wrong ones and the overrides
 * that correct them, before a `pulumi up` does.
 *
 * The connection flags are those of `reseller ping` (`--api-url`, `--api-version`, `--account`,
 * ...). The table of verdicts goes to standard output, progress to standard error, so
 * `reseller probe --json | jq` reads only the report.
 *
 * Exit codes: 0 every route probed is ok (skipped routes and objects the account lacks do not
 * count against it); 5 some route is missing or its reply does not parse, or works only at a
 * route the probe found; 2, 3, 4 and 1 as for `reseller ping` (`PING_EXIT`).
 */
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { closest } from "fastest-levenshtein";
import { parseBaseUrl, type ResellerClient } from "../client/client";
import { operations } from "../client/endpoints";
import type { ErrorCode } from "../client/errors";
import { accountKeyPath, type ProviderSettings } from "../provider/rules/config";
import {
  NEVER_CALLED,
  ProbeAbort,
  VERDICTS,
  createTap,
  probeAccount,
  writeRecordings,
  type ProbedRoute,
  type ProbeResult,
  type Tap,
} from "../probe";
import { addConnectionOptions, clientFromSettings, parseHostingIds, settingsFromFlags, type ConnectionFlags } from "./generate";
import { addressInMessage, PING_EXIT } from "./ping";

/**
 * Exit codes of `reseller probe`: those of `reseller ping`, and 5 when a route is missing or
 * mismatched.
 *
 * @example
 * if ((await runProbe(flags, io)) === PROBE_EXIT.mismatch) console.error("some routes need an override");
 */
export const PROBE_EXIT = { ...PING_EXIT, mismatch: 5 } as const;

/**
 * The command line of `reseller probe`.
 */
export interface ProbeCommandOptions extends ConnectionFlags {
  hostingId?: string;
  domain?: string;
  json?: boolean;
  out?: string;
  record?: string;
  include?: string[];
  writes?: boolean;
}

/**
 * Where `reseller probe` writes: the report (`out`, standard output) and progress and notes (`err`, standard error).
 *
 * @example
 * const io: ProbeOutput = { out: (text) => process.stdout.write(text), err: (line) => process.stderr.write(`${line}\n`) };
 */
export interface ProbeOutput {
  out: (text: string) => void;
  err: (line: string) => void;
}

const operationIds = Object.keys(operations);

/**
 * The operation ids of `--include` (comma-separated, repeatable), checked against the table.
 *
 * @example
 * parseInclude(["storage.getAccount,hosting.getLoginUrl"]); // ["storage.getAccount", "hosting.getLoginUrl"]
 */
export function parseInclude(values: readonly string[]): string[] {
  const ids = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  for (const id of ids) {
    if (!operationIds.includes(id)) throw new Error(`--include: unknown operation "${id}" (did you mean "${closest(id, operationIds)}"?)`);
    const never = NEVER_CALLED[id];
    if (never !== undefined) throw new Error(`--include: ${id} is never called by the probe (${never})`);
  }
  return ids;
}

/** The probe's client, the pool it goes through, and the credentials no output may hold. */
interface Made {
  client: ResellerClient;
  tap: Tap;
  secrets: string[];
}

/**
 * The client of the probe: the provider's settings, as `reseller ping` builds its client
 * (src/cli/generate.ts `clientFromSettings`, which leaves `reseller:routeFallback` out: a probe
 * must see a route answer as missing, not the answer of the route a fallback sends it to), over
 * the tap's pool so the probe sees raw replies.
 */
function probeClient(settings: ProviderSettings, tap: (origin: string, connections: number) => Tap): Made {
  const pool = tap(parseBaseUrl(settings.apiUrl).origin, settings.maxConcurrency);
  try {
    const client = clientFromSettings(settings, { dispatcher: pool.dispatcher });
    return { client, tap: pool, secrets: [settings.apiUser ?? "", settings.apiKey ?? ""].filter((s) => s !== "") };
  } catch (err) {
    void pool.close();
    throw err;
  }
}

/**
 * The exit code of a finished probe: 5 when a route is missing, mismatched or answers only where
 * the probe found it; 0 when every route probed is ok, skipped or reads an object the account
 * lacks; else the code of the refusal, as `reseller ping` gives it.
 *
 * @example
 * probeExitCode({ routes: [{ verdict: "ok", found: null }], codes: {} }); // 0
 */
export function probeExitCode(result: {
  routes: readonly Pick<ProbedRoute, "verdict" | "found">[];
  codes: Readonly<Record<string, ErrorCode>>;
}): number {
  if (result.routes.some((r) => r.verdict === "route-missing" || r.verdict === "shape-mismatch" || r.found !== null))
    return PROBE_EXIT.mismatch;
  // A route that answered the API's own not-found error exists; only the object it was asked for
  // is not on this account (an uninitialised object storage, a domain without a custom certificate).
  if (result.routes.every((r) => r.verdict === "ok" || r.verdict === "skipped" || r.verdict === "object-missing")) return PROBE_EXIT.ok;
  const codes = new Set(Object.values(result.codes));
  if (codes.has("ip-not-allowed")) return PROBE_EXIT.ipNotAllowed;
  if (codes.has("authentication")) return PROBE_EXIT.authentication;
  if (codes.has("transport") || codes.has("timeout")) return PROBE_EXIT.transport;
  return PROBE_EXIT.other;
}

/**
 * The report as a table: verdict, operation, route and detail, one line per route, and a summary.
 *
 * @example
 * for (const line of formatTable(result.routes)) console.log(line);
 */
export function formatTable(routes: readonly ProbedRoute[]): string[] {
  const cells = routes.map((r) => [r.verdict, r.operation, `${r.method} ${r.path}${r.params === "query" ? " (query)" : ""}`, r.detail]);
  const head = ["VERDICT", "OPERATION", "ROUTE", "DETAIL"];
  const widths = [0, 1, 2].map((i) => Math.max(head[i]!.length, ...cells.map((c) => c[i]!.length)));
  const row = (c: string[]) => [...c.slice(0, 3).map((v, i) => v.padEnd(widths[i]!)), c[3]].join("  ").trimEnd();
  const counts = VERDICTS.map((v) => [v, routes.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0);
  return [row(head), ...cells.map(row), "", `${routes.length} routes: ${counts.map(([v, n]) => `${n} ${v}`).join(", ")}`];
}

/** The lines of a probe that could not start, as `reseller ping` prints them, and its exit code. */
function abortLines(abort: ProbeAbort, settings: ProviderSettings): { lines: string[]; code: number } {
  const text = abort.apiError ?? abort.message;
  if (abort.code === "ip-not-allowed") {
    const address = addressInMessage(text);
    const allow = address ? `Add ${address}` : "Add this machine's public address";
    return {
      code: PROBE_EXIT.ipNotAllowed,
      lines: [
        `reseller probe: ${settings.apiUrl} refused this machine's address: ${text}`,
        `${allow} to the allowed IP addresses of the reseller API (client area, reseller section), then run probe again.`,
      ],
    };
  }
  if (abort.code === "authentication") {
    const keys =
      settings.account === undefined
        ? "--api-user / RESELLER_API_USER and --api-key / RESELLER_API_KEY"
        : `${accountKeyPath(settings.account, "apiUser")} and ${accountKeyPath(settings.account, "apiKey")}`;
    return {
      code: PROBE_EXIT.authentication,
      lines: [`reseller probe: ${settings.apiUrl} refused the credentials: ${text}`, `The API user or key is wrong: check ${keys}.`],
    };
  }
  return {
    code: PROBE_EXIT.transport,
    lines: [
      `reseller probe: could not reach ${settings.apiUrl}: ${abort.message}`,
      "Check the API URL, the network and the proxy settings.",
    ],
  };
}

/** Writes `--out` and `--record` and says so on `err`. */
async function writeFiles(opts: ProbeCommandOptions, result: ProbeResult, secrets: string[], err: (line: string) => void): Promise<void> {
  if (opts.out !== undefined) {
    const count = Object.values(result.overrides).reduce((n, byVersion) => n + Object.keys(byVersion).length, 0);
    await writeFile(opts.out, `${JSON.stringify(result.overrides, null, 2)}\n`);
    err(
      `Wrote ${count} working override${count === 1 ? "" : "s"} to ${opts.out}; apply with: pulumi config set reseller:endpointOverrides "$(cat ${opts.out})"`,
    );
  }
  if (opts.record !== undefined) {
    const { version } = require("../../package.json") as { version: string };
    const files = await writeRecordings(opts.record, result, { secrets, source: `reseller probe ${version}` });
    err(`Wrote ${files.length} redacted recording${files.length === 1 ? "" : "s"} to ${opts.record}`);
  }
}

/**
 * Runs a probe and returns the exit code. The report goes to `io.out` (a table, or JSON with
 * `--json`), progress and notes to `io.err`. Settings come from the flags, then `env`, then the
 * defaults, as for `reseller ping`.
 *
 * @example
 * const code = await runProbe({ apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, json: true }, { out: (t) => process.stdout.write(t), err: (l) => console.error(l) });
 */
export async function runProbe(opts: ProbeCommandOptions, io: ProbeOutput, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let settings: ProviderSettings;
  let made: Made;
  let include: string[];
  let hostingId: number | undefined;
  try {
    settings = settingsFromFlags(opts, env);
    include = parseInclude(opts.include ?? []);
    hostingId = opts.hostingId === undefined ? undefined : parseHostingIds([opts.hostingId])[0];
    made = probeClient(settings, (origin, connections) => createTap(origin, { connections, ca: settings.caCert }));
  } catch (err) {
    const message = (err as Error).message;
    io.err(`reseller probe: ${message}`);
    return /credential|is not configured/i.test(message) ? PROBE_EXIT.authentication : PROBE_EXIT.other;
  }
  const { client, tap, secrets } = made;
  try {
    const domain = opts.domain?.trim().toLowerCase().replace(/\.$/, "");
    const result = await probeAccount(client, {
      hostingId,
      domain: domain || undefined,
      include,
      writes: opts.writes === true,
      exchanges: tap.exchanges,
      progress: io.err,
    });
    if (opts.json) io.out(`${JSON.stringify({ routes: result.routes, overrides: result.overrides }, null, 2)}\n`);
    else io.out(`${formatTable(result.routes).join("\n")}\n`);
    await writeFiles(opts, result, secrets, io.err);
    if (opts.out === undefined && result.routes.some((r) => r.found !== null))
      io.err("probe: some routes answer elsewhere; --out FILE writes the overrides that move them there");
    return probeExitCode(result);
  } catch (err) {
    if (err instanceof ProbeAbort) {
      const { lines, code } = abortLines(err, settings);
      for (const line of lines) io.err(line);
      return code;
    }
    io.err(`reseller probe: ${(err as Error).message}`);
    return PROBE_EXIT.other;
  } finally {
    await client.close();
    await tap.close();
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Registers `reseller probe`.
 *
 * @example
 * registerProbeCommand(new Command("reseller"));
 */
export function registerProbeCommand(program: Command): void {
  const command = program
    .command("probe")
    .description(
      "check the routes of the API version in use against a live account, read-only, and find the overrides that correct the wrong ones",
    )
    .option("--hosting-id <id>", "the hosting account the hosting routes address (default: the first active one listed)")
    .option("--domain <domain>", "the domain the domain routes address (default: the hosting account's first domain)")
    .option("--json", "print the report as JSON: { routes: [...], overrides: {...} }")
    .option("--out <file>", "write the overrides that work, in the form of reseller:endpointOverrides")
    .option("--record <dir>", "write a redacted request and reply per probed route, as <version>.<operation>.json")
    .option(
      "--include <operations>",
      "also call these guarded read routes (comma-separated operation ids; repeatable)",
      collect,
      [] as string[],
    )
    .option(
      "--writes",
      "check write routes too, with bodies that address no object (never registrations, renewals, transfers or hosting orders)",
    );
  addConnectionOptions(command).action(async (opts: ProbeCommandOptions) => {
    process.exitCode = await runProbe(opts, {
      out: (text) => process.stdout.write(text),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  });
}

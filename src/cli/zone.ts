/**
 * `reseller zone export` and `reseller zone import`: a DNS zone as an RFC 1035 zone file or as
 * `DnsRecordSet` declarations, and zone files (from `dnscontrol get-zones`, `octodns-dump`, a
 * registrar's export) as a Pulumi program. Neither changes the account: export reads the zone,
 * and import reads it only to mark the record sets that exist with `adopt: true`. The zone-file
 * syntax, the record sets and the program are `src/zone/`; this file parses the command line.
 *
 * Connection flags are `reseller generate`'s (every `reseller:*` key, `--account`).
 */
import { readdir, readFile } from "node:fs/promises";
import type { Command } from "commander";
import type { ApiVersion } from "../client/endpoint";
import { readOnlyContext } from "../generate/context";
import { checkProjectName, writeProject } from "../generate";
import { checkPackageSpec, printIndex, printProject, type ProgramContext } from "../generate/program";
import { requireCredentials } from "../provider/rules/config";
import type { ProviderContext } from "../provider/runtime/context";
import { normalizeDomain } from "../util/names";
import { readAccountZone } from "../zone/account";
import { EXPORT_ORIGIN, importOrigin, planZones, type ZoneToDeclare } from "../zone/program";
import { presentation, zoneFromApi, zoneFromFile, type ZoneContent } from "../zone/record-sets";
import { parseZoneFile, printZoneFile, ZoneFileError } from "../zone/zone-file";
import { addConnectionOptions, clientFromSettings, parseHostingIds, settingsFromFlags, type ConnectionFlags } from "./generate";

/** The formats of `reseller zone export`. */
export const EXPORT_FORMATS = ["bind", "program"] as const;

/** The default project name of an imported program. */
export const ZONE_PROJECT = "reseller-dns";

/** The command line of `reseller zone export`. */
export interface ZoneExportOptions extends ConnectionFlags {
  domain: string;
  format?: string;
  hostingId?: string;
  project?: string;
}

/** The command line of `reseller zone import`. */
export interface ZoneImportOptions extends ConnectionFlags {
  domain?: string;
  out?: string;
  project?: string;
  hostingId?: string;
  force?: boolean;
  packageSpec?: string;
}

/** The zone of `--domain` (or a file's `$ORIGIN`) in ASCII lower case, refusing what is not a domain. */
function zoneName(given: string, where: string): string {
  const domain = normalizeDomain(given.replace(/\.$/, ""));
  if (!domain.ok) throw new Error(`${where}: ${domain.reason}`);
  return domain.value;
}

function hostingIdOf(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseHostingIds([value])[0];
}

/** A read-only context over the flags' account, and its closing; the reads' warnings go to `err` as notes. */
function accountContext(flags: ConnectionFlags, err: (line: string) => void): { ctx: ProviderContext; close: () => Promise<void> } {
  const settings = settingsFromFlags(flags);
  const client = clientFromSettings(settings);
  const ctx = readOnlyContext(client, settings, { info: () => undefined, warn: (message) => err(`note: ${message}`) });
  return { ctx, close: () => client.close() };
}

/** The header comment of an exported zone file. */
function exportHeader(zone: ZoneContent, hostingId: number | undefined): string[] {
  const lines = [
    `${zone.domain}: DNS zone read from the API by \`reseller zone export\`${hostingId === undefined ? " (addressed by the domain alone)" : ` (hosting account ${hostingId})`}.`,
    "No SOA: the API keeps none; the platform writes it.",
  ];
  if (zone.apexNs.length > 0)
    lines.push("The apex NS records are the platform's: they are comments here, and `reseller zone import` leaves them out.");
  if (zone.sets.some((s) => s.type === "MXE"))
    lines.push("MXE is the API's own type (an MX whose exchange may be an IPv4 address): other DNS software does not know it.");
  return lines;
}

/**
 * Runs an export: reads the zone and writes it on `out` as a zone file (`bind`) or as the
 * `index.ts` of a program (`program`). Notes go to `err`.
 */
export async function runZoneExport(opts: ZoneExportOptions, out: (text: string) => void, err: (line: string) => void): Promise<void> {
  const format = opts.format ?? "bind";
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`--format must be ${EXPORT_FORMATS.join(" or ")}, got ${JSON.stringify(format)}`);
  const domain = zoneName(opts.domain, "--domain");
  const hostingId = hostingIdOf(opts.hostingId);
  checkProjectName(opts.project ?? ZONE_PROJECT);
  const { ctx, close } = accountContext(opts, err);
  try {
    const zone = await readAccountZone(ctx, domain, hostingId);
    const content = zoneFromApi(domain, zone.rrsets);
    for (const note of content.notes) err(`note: ${note}`);
    if (format === "bind") {
      const sets = [...content.apexNs.map((s) => presentation(s, true)), ...content.sets.map((s) => presentation(s))];
      out(printZoneFile(domain, exportHeader(content, zone.hostingId), sets));
      return;
    }
    const plan = planZones([{ content, hostingId: zone.hostingId, live: zone.rrsets }], ctx.version);
    out(printIndex(plan, { ...programContext(opts, ctx, [domain]), origin: EXPORT_ORIGIN }));
  } finally {
    await close();
  }
}

/** What the printed program says about itself: project, connection, zones, account, package. */
function programContext(
  opts: ZoneImportOptions | ZoneExportOptions,
  ctx: Pick<ProviderContext, "settings">,
  domains: readonly string[],
): ProgramContext {
  return {
    project: checkProjectName(opts.project ?? ZONE_PROJECT),
    settings: ctx.settings,
    selection: `DNS zone${domains.length > 1 ? "s" : ""} ${domains.join(", ")}`,
    ...(ctx.settings.account !== undefined ? { account: ctx.settings.account } : {}),
    ...(typeof opts.packageSpec === "string" ? { packageSpec: opts.packageSpec } : {}),
  };
}

/** Refuses `--out` when it is a folder that holds anything, before the account is read. */
async function refuseNonEmpty(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw new Error(`--out ${dir}: ${e.code === "ENOTDIR" ? "is a file" : e.message}`, { cause: e });
  });
  if (entries.length > 0)
    throw new Error(`${dir} is not empty; choose an empty folder, or use --force to write the program's files into it`);
}

/** One file's zone: parsed and checked, errors as one line naming the file and its line. */
async function zoneOfFile(file: string, domain: string | undefined, version: ApiVersion): Promise<ZoneContent> {
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new Error(`${file}: cannot be read (${e.code ?? e.message})`, { cause: e });
  });
  try {
    const parsed = parseZoneFile(text, domain === undefined ? {} : { origin: domain });
    const zone = domain ?? zoneName(parsed.origin, `${file}: $ORIGIN`);
    return zoneFromFile(zone, parsed.records, version);
  } catch (e) {
    if (e instanceof ZoneFileError) throw new Error(`${file}:${e.line}: ${e.reason}`, { cause: e });
    throw e;
  }
}

/** Whether the flags give credentials (or a named account, which must have them). */
function hasCredentials(opts: ZoneImportOptions): boolean {
  if (typeof opts.account === "string") return true;
  try {
    requireCredentials(settingsFromFlags(opts));
    return true;
  } catch {
    return false;
  }
}

/**
 * The flags of an import, checked before any file or the account is read: the zone and the
 * hosting account they name. A non-empty `--out` is refused here, so a refusal costs no API call.
 */
async function importFlags(files: readonly string[], opts: ZoneImportOptions): Promise<{ domain?: string; hostingId?: number }> {
  if (files.length > 1 && opts.domain !== undefined)
    throw new Error("--domain names the zone of one file; with several files, each names its zone with $ORIGIN");
  if (files.length > 1 && opts.hostingId !== undefined)
    throw new Error("--hosting-id goes with one file: the zones of several files may live in different hosting accounts");
  if (opts.packageSpec !== undefined) {
    if (!opts.out) throw new Error("--package-spec needs --out: it goes into the written package.json");
    checkPackageSpec(opts.packageSpec);
  }
  checkProjectName(opts.project ?? ZONE_PROJECT);
  const hostingId = hostingIdOf(opts.hostingId);
  const domain = opts.domain === undefined ? undefined : zoneName(opts.domain, "--domain");
  if (opts.out && !opts.force) await refuseNonEmpty(opts.out);
  return { ...(domain !== undefined ? { domain } : {}), ...(hostingId !== undefined ? { hostingId } : {}) };
}

/** The zone of each file, refusing two files of one zone. */
async function zonesOfFiles(files: readonly string[], domain: string | undefined, version: ApiVersion): Promise<ZoneContent[]> {
  const seen = new Map<string, string>();
  const contents: ZoneContent[] = [];
  for (const file of files) {
    const content = await zoneOfFile(file, domain, version);
    const first = seen.get(content.domain);
    if (first !== undefined) throw new Error(`${first} and ${file} are both the zone ${content.domain}: give each zone once`);
    seen.set(content.domain, file);
    contents.push(content);
  }
  return contents;
}

/**
 * Each file's zone with how it is addressed and, when the flags give credentials, the zone as the
 * account lists it (read only).
 */
async function zonesToDeclare(
  files: readonly string[],
  contents: readonly ZoneContent[],
  opts: ZoneImportOptions,
  hostingId: number | undefined,
  err: (line: string) => void,
): Promise<{ zones: ZoneToDeclare[]; read: boolean }> {
  if (!hasCredentials(opts)) {
    err("note: no credentials were given, so the account was not read: no record set is marked adopt: true");
    const addressed = hostingId === undefined ? {} : { hostingId };
    return { zones: contents.map((content, i) => ({ content, source: files[i]!, ...addressed })), read: false };
  }
  const { ctx, close } = accountContext(opts, err);
  try {
    const zones: ZoneToDeclare[] = [];
    for (const [i, content] of contents.entries()) {
      const live = await readAccountZone(ctx, content.domain, hostingId);
      zones.push({ content, source: files[i]!, ...(live.hostingId !== undefined ? { hostingId: live.hostingId } : {}), live: live.rrsets });
    }
    return { zones, read: true };
  } finally {
    await close();
  }
}

/**
 * Runs an import: parses the zone files, reads the account's zones when credentials are given
 * (to mark what exists with `adopt: true`), and writes the program into `--out`, or prints its
 * `index.ts` without it. Never writes to the account. Returns the files written.
 */
export async function runZoneImport(
  files: readonly string[],
  opts: ZoneImportOptions,
  out: (text: string) => void,
  err: (line: string) => void,
): Promise<string[]> {
  const { domain, hostingId } = await importFlags(files, opts);
  const settings = settingsFromFlags(opts);
  const contents = await zonesOfFiles(files, domain, settings.apiVersion);
  const { zones, read } = await zonesToDeclare(files, contents, opts, hostingId, err);
  const plan = planZones(zones, settings.apiVersion);
  for (const note of plan.notes) err(`note: ${note}`);
  const domains = contents.map((c) => c.domain);
  const context: ProgramContext = { ...programContext(opts, { settings }, domains), origin: importOrigin(files, read) };
  if (!opts.out) {
    out(printIndex(plan, context));
    return [];
  }
  const written = await writeProject(opts.out, printProject(plan, context), { overwrite: opts.force === true });
  const adopted = plan.resources.filter((r) => r.args?.adopt === true).length;
  err(`Wrote ${written.join(", ")}: ${plan.resources.length} record set(s), ${adopted} of them adopted.`);
  return written;
}

/** Registers `reseller zone` with `export` and `import`. */
export function registerZoneCommand(program: Command): void {
  const zone = program.command("zone").description("a DNS zone as a zone file or a program, and zone files as a program");
  const exportCommand = zone
    .command("export")
    .description("write a zone of the account as an RFC 1035 zone file or as DnsRecordSet declarations, on standard output")
    .requiredOption("--domain <domain>", "the zone")
    .option("--format <format>", "bind (an RFC 1035 zone file) or program (the index.ts of a Pulumi program)", "bind")
    .option("--hosting-id <id>", "read the zone through this hosting account (default: the one the domain is attached to)")
    .option("--project <name>", "with --format program: the project named in the program's header", ZONE_PROJECT);
  addConnectionOptions(exportCommand).action(async (opts: ZoneExportOptions) => {
    await runZoneExport(
      opts,
      (text) => process.stdout.write(text),
      (line) => process.stderr.write(`${line}\n`),
    );
  });
  const importCommand = zone
    .command("import")
    .description(
      "write a Pulumi program declaring the record sets of zone files; with credentials, the record sets the zone has get adopt: true. The account is never changed",
    )
    .argument("<files...>", "zone files (RFC 1035), one zone each")
    .option("--domain <domain>", "the zone of the one file (default: its first $ORIGIN)")
    .option(
      "--out <dir>",
      "write index.ts, Pulumi.yaml, package.json, tsconfig.json and README.md into this empty folder (default: print index.ts)",
    )
    .option("--project <name>", "Pulumi project name", ZONE_PROJECT)
    .option("--hosting-id <id>", "the hosting account the zone is addressed through (default: the one the domain is attached to)")
    .option("--force", "write into --out even when it is not empty, overwriting the program's files")
    .option(
      "--package-spec <spec>",
      'how the written package.json depends on pulumi-hosting-reseller, as for reseller generate (e.g. "file:../pulumi-hosting-reseller-0.1.0.tgz")',
    );
  addConnectionOptions(importCommand).action(async (files: string[], opts: ZoneImportOptions) => {
    await runZoneImport(
      files,
      opts,
      (text) => process.stdout.write(text),
      (line) => process.stderr.write(`${line}\n`),
    );
  });
}

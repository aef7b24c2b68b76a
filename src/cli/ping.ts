/**
 * `reseller ping`: checks that the API answers and accepts the credentials, from this machine.
 *
 * It calls `account.hello` (the API's connection test) and then `account.getInfo` (which needs
 * valid credentials), and prints the API version, the URL and the credit. The API refuses callers
 * whose address the reseller has not allowed, with a message that names the address ("The
 * reseller account has not whitelisted the IP address 203.0.113.7", catalog §7.2); ping prints
 * that address so it can be added to the allow-list.
 *
 * With `--account NAME` it checks that account of `--accounts` / `RESELLER_ACCOUNTS` (a stack's
 * `reseller:accounts`) instead of the top-level keys.
 *
 * Both of those routes are `seed` in v4 (docs/evidence.md §1 rows 1 and 2), so they say nothing of
 * the rest of the table, most of which is `inferred` (no public client calls `/v4`, §7.7 #1). Ping
 * therefore also calls one read route it can call without parameters, an `inferred` one where the
 * version has one ({@link pickRouteCheck}), says whether it answered, and says how many routes of
 * the version are still inferred, with the `reseller probe` command that checks them.
 *
 * Exit codes: 0 connected; 2 the caller's address is not allowed; 3 the credentials are missing
 * or refused, or the account is not configured; 4 the API could not be reached (network, TLS,
 * timeout); 5 the API has no route where the table puts the checked one; 1 anything else.
 */
import { existsSync } from "node:fs";
import { isIP } from "node:net";
import * as path from "node:path";
import type { Command } from "commander";
import type { ApiVersion, EndpointDef } from "../client/endpoint";
import { endpoints } from "../client/endpoints";
import { tableEntry, type ResellerClient } from "../client/client";
import { isResellerApiError, type ErrorCode } from "../client/errors";
import { accountKeyPath, CONFIG_KEYS, type ProviderSettings } from "../provider/rules/config";
import { addConnectionOptions, clientFromSettings, kebab, settingsFromFlags, type ConnectionFlags } from "./generate";

/** Exit codes of `reseller ping`. */
export const PING_EXIT = { ok: 0, other: 1, ipNotAllowed: 2, authentication: 3, transport: 4, routeMissing: 5 } as const;

/** The two calls every ping makes first; the route check is another one. */
const CONNECTION_CHECKS: readonly string[] = ["account.hello", "account.getInfo"];

/** The route ping checks beyond the connection, and why that one. */
export interface RouteCheck {
  entry: EndpointDef;
  /** Set when the version has no inferred route ping can call: what it checks instead, and why. */
  fallback?: string;
}

/**
 * The read route of `version` that ping calls after the connection checks: one that takes no
 * parameters (ping knows none), `inferred` where the version has one, else the first such route
 * of another evidence, with `fallback` saying so. Among equals it prefers a route outside the
 * account area, whose routes the connection checks already reached (the v4 seed routes
 * `/v4/hello` and `/v4/account/info`, docs/evidence.md §1 rows 1 and 2), and then the table's
 * order: on v4 that is the World accounts listing `/v4/the-world/info` (inferred, §1 #4).
 *
 * @example
 * pickRouteCheck("v4")?.entry.key; // "v4.hosting.listWorldAccounts"
 * pickRouteCheck("v3")?.fallback; // "no inferred v3 read route can be called without parameters"
 */
export function pickRouteCheck(version: ApiVersion, table: Readonly<Record<string, EndpointDef>> = endpoints): RouteCheck | undefined {
  const reads = Object.values(table).filter(
    (e) => e.version === version && e.safety === "read" && !CONNECTION_CHECKS.includes(e.id) && e.request.safeParse({}).success,
  );
  const rank = (e: EndpointDef) => (e.id.startsWith("account.") ? 1 : 0);
  const first = (list: EndpointDef[]) => list.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)[0]?.e;
  const inferred = first(reads.filter((e) => e.evidence === "inferred"));
  if (inferred) return { entry: inferred };
  const other = first(reads);
  if (!other) return undefined;
  const anyInferred = Object.values(table).some((e) => e.version === version && e.evidence === "inferred");
  return {
    entry: other,
    fallback: anyInferred ? `no inferred ${version} read route can be called without parameters` : `no ${version} route is inferred`,
  };
}

/**
 * How many routes of `version` the package holds, and how many of them are still `inferred`:
 * neither printed in the API document, nor seen in public client code, nor recorded by
 * `reseller probe` (src/client/observed.ts).
 *
 * @example
 * unverifiedRoutes("v2"); // { inferred: 0, total: 88 }
 */
export function unverifiedRoutes(
  version: ApiVersion,
  table: Readonly<Record<string, EndpointDef>> = endpoints,
): { inferred: number; total: number } {
  const routes = Object.values(table).filter((e) => e.version === version);
  return { inferred: routes.filter((e) => e.evidence === "inferred").length, total: routes.length };
}

const shellWord = (v: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`);

/**
 * The `reseller probe` command with the connection flags the user gave ping, in the same order as
 * `--help` lists them. A secret flag (`--api-key`, `--accounts`) never shows its value: it names
 * its environment variable instead, which the shell expands when the command is run.
 *
 * @example
 * probeCommand({ apiUrl: "https://api.planethoster.net", apiKey: "k-123", apiVersion: "v3" });
 * // reseller probe --api-key "$RESELLER_API_KEY" --api-url https://api.planethoster.net --api-version v3
 */
export function probeCommand(flags: ConnectionFlags): string {
  const words = ["reseller", "probe"];
  for (const k of CONFIG_KEYS) {
    const value = flags[k.key];
    if (typeof value !== "string") continue;
    words.push(`--${kebab(k.key)}`, k.secret ? `"$${k.env}"` : shellWord(value));
  }
  if (typeof flags.account === "string") words.push("--account", shellWord(flags.account));
  return words.join(" ");
}

/** `hosting.listWorldAccounts (GET /v4/the-world/info, inferred)`: the route and how sure the table is of it. */
function routeLabel(entry: EndpointDef): string {
  const evidence = entry.evidence === "observed" && entry.observedOn !== undefined ? `observed ${entry.observedOn}` : entry.evidence;
  const how = entry.overridden ? "set by reseller:endpointOverrides" : evidence;
  return `${entry.id} (${entry.method} ${entry.path}, ${how})`;
}

/** The IP address an allow-list error names, or undefined when it names none. */
export function addressInMessage(message: string): string | undefined {
  for (const token of message.split(/[\s,;()[\]"'<>]+/)) {
    const candidate = token.replace(/^[^0-9a-fA-F:]+|[.:]+$/g, "");
    if (candidate !== "" && isIP(candidate) !== 0) return candidate;
  }
  return undefined;
}

function credentialHint(settings: ProviderSettings): string {
  if (settings.account !== undefined) {
    return `check ${accountKeyPath(settings.account, "apiUser")} and ${accountKeyPath(settings.account, "apiKey")} (--accounts or RESELLER_ACCOUNTS)`;
  }
  const keys = CONFIG_KEYS.filter((k) => k.key === "apiUser" || k.key === "apiKey");
  return `check ${keys.map((k) => `--${k.key === "apiUser" ? "api-user" : "api-key"} / ${k.env}`).join(" and ")} (stack config reseller:apiUser and reseller:apiKey)`;
}

/**
 * Said when ping lacks a setting in a Pulumi project's directory: ping reads its flags and the
 * environment only, never a stack's configuration (reading it needs the CLI, the stack's
 * selection and its secrets passphrase or provider), so the user passes the stack's values on.
 */
export const STACK_CONFIG_HINT =
  "reseller ping: it reads its flags and the environment, not this project's stack configuration; pass the stack's values on: " +
  "RESELLER_API_USER=$(pulumi config get reseller:apiUser) RESELLER_API_KEY=$(pulumi config get reseller:apiKey) npx reseller ping";

/** A directory of a Pulumi project: it has the project file. */
function isPulumiProject(dir: string): boolean {
  return existsSync(path.join(dir, "Pulumi.yaml")) || existsSync(path.join(dir, "Pulumi.yml"));
}

/**
 * Runs the check and returns the exit code; every line goes to `out`. Settings come from
 * `flags`, then `env`, then the defaults.
 */
export async function runPing(
  flags: ConnectionFlags,
  out: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<number> {
  let client;
  let settings;
  try {
    settings = settingsFromFlags(flags, env);
    client = clientFromSettings(settings);
  } catch (err) {
    const message = (err as Error).message;
    out(`reseller ping: ${message}`);
    if (isPulumiProject(cwd)) out(STACK_CONFIG_HINT);
    return /credential|is not configured/i.test(message) ? PING_EXIT.authentication : PING_EXIT.other;
  }
  try {
    const connected = await checkConnection(client, settings, out);
    return connected === PING_EXIT.ok ? await checkRoute(client, settings, flags, out) : connected;
  } finally {
    await client.close();
  }
}

/** `account.hello` and `account.getInfo`, with the connection lines; their failure's exit code otherwise. */
async function checkConnection(client: ResellerClient, settings: ProviderSettings, out: (line: string) => void): Promise<number> {
  try {
    const hello = await client.account.hello();
    const info = await client.account.getInfo();
    out(
      `Connected to ${settings.apiUrl} (API ${settings.apiVersion})${settings.account === undefined ? "" : `, account "${settings.account}"`}`,
    );
    if (hello.message) out(`  ${hello.message}`);
    const credit =
      info.credit_remaining === undefined ? "unknown" : `${info.credit_remaining}${info.credit_currency ? ` ${info.credit_currency}` : ""}`;
    out(`  credit: ${credit}`);
    if (info.num_active_domains !== undefined) out(`  active domains: ${info.num_active_domains}`);
    return PING_EXIT.ok;
  } catch (err) {
    return connectionFailure(err, settings, out);
  }
}

const CONNECTION_FAILURES: readonly ErrorCode[] = ["ip-not-allowed", "authentication", "transport", "timeout"];

/** The route check of {@link pickRouteCheck} and the count of inferred routes, with the probe command. */
async function checkRoute(
  client: ResellerClient,
  settings: ProviderSettings,
  flags: ConnectionFlags,
  out: (line: string) => void,
): Promise<number> {
  const version = settings.apiVersion;
  const probe = probeCommand(flags);
  const check = pickRouteCheck(version);
  if (check) {
    // The client's own entry: a route the user moved with reseller:endpointOverrides is checked where they put it.
    const entry = tableEntry(client, check.entry.key) ?? check.entry;
    try {
      await client.request(entry.key, {});
    } catch (err) {
      // A `not-found` counts too: on a listing that takes no parameters there is no object to be
      // missing, only the path.
      if (isResellerApiError(err, "route-not-found") || isResellerApiError(err, "not-found")) {
        out(`reseller ping: the API has no route for ${routeLabel(entry)}: it answered ${err.status ?? "without a status"}.`);
        out(
          `Run \`${probe}\` to find the routes this account answers, then correct them with reseller:endpointOverrides (--endpoint-overrides / RESELLER_ENDPOINT_OVERRIDES).`,
        );
        return PING_EXIT.routeMissing;
      }
      if (CONNECTION_FAILURES.some((code) => isResellerApiError(err, code))) return connectionFailure(err, settings, out);
      out(`reseller ping: ${routeLabel(entry)} did not answer as the table expects: ${(err as Error).message}`);
      out(`Run \`${probe}\` to check the routes of API ${version} against this account.`);
      return PING_EXIT.other;
    }
    out(`  route ${routeLabel(entry)}: answered${check.fallback ? ` (${check.fallback})` : ""}`);
  }
  const { inferred, total } = unverifiedRoutes(version);
  out(
    inferred > 0
      ? `  ${inferred} of ${total} ${version} routes are inferred, not yet seen answering: run \`${probe}\` to check the read ones against this account.`
      : `  none of the ${total} ${version} routes is inferred; \`${probe}\` checks the read ones against this account.`,
  );
  return PING_EXIT.ok;
}

/** The lines and exit code of a failure to connect: the address to allow, the credentials to check, the URL to check. */
function connectionFailure(err: unknown, settings: ProviderSettings, out: (line: string) => void): number {
  if (isResellerApiError(err, "ip-not-allowed")) {
    const text = err.apiError ?? err.message;
    const address = addressInMessage(text);
    out(`reseller ping: ${settings.apiUrl} refused this machine's address: ${text}`);
    out(
      address
        ? `Add ${address} to the allowed IP addresses of the reseller API (client area, reseller section), then run ping again.`
        : "Add this machine's public address to the allowed IP addresses of the reseller API (client area, reseller section).",
    );
    return PING_EXIT.ipNotAllowed;
  }
  if (isResellerApiError(err, "authentication")) {
    out(`reseller ping: ${settings.apiUrl} refused the credentials: ${err.apiError ?? err.message}`);
    out(`The API user or key is wrong: ${credentialHint(settings)}.`);
    return PING_EXIT.authentication;
  }
  if (isResellerApiError(err, "transport") || isResellerApiError(err, "timeout")) {
    out(`reseller ping: could not reach ${settings.apiUrl}: ${err.message}`);
    const url = settings.account === undefined ? "--api-url / RESELLER_API_URL" : accountKeyPath(settings.account, "apiUrl");
    out(`Check ${url}, the network and the proxy settings.`);
    return PING_EXIT.transport;
  }
  out(`reseller ping: ${(err as Error).message}`);
  return PING_EXIT.other;
}

/** Registers `reseller ping`. */
export function registerPingCommand(program: Command): void {
  const command = program
    .command("ping")
    .description("check the connection and the credentials; on an allow-list refusal, show the address to allow");
  addConnectionOptions(command).action(async (flags: ConnectionFlags) => {
    process.exitCode = await runPing(flags, (line) => process.stdout.write(`${line}\n`));
  });
}

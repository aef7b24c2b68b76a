/**
 * Where a route the table guessed wrong may really be: a short list of candidate routes, built
 * from the ways the API's paths are known to differ between versions and areas
 * (docs/evidence.md §7.7):
 *
 * 1. the route of the same operation in another version whose path is confirmed (seen in public
 *    client code) or seed, moved under this version's prefix: most v4 paths are the v3 path with
 *    `/v4` (§1), and the v3 account listing is `/v3/hostings` where v4 was guessed `/hostings/info`;
 * 2. the last segment singular or plural: v3 lists FTP accounts at the singular `/hosting/ftp`
 *    but e-mail at the plural `/hosting/emails` (§7.7 #4);
 * 3. with and without the `/domain` segment: v3 puts domain-scoped routes under
 *    `/hosting/domain/*` (§1 #17) but not all of them;
 * 4. the v2 name of the operation under this version's prefix (§3, §4.2), whose names v4 often
 *    kept (`waf-rules`, `ssh-keys`, `active-connection`).
 *
 * A candidate that is another operation's route in this version is left out: it would answer,
 * and its answer would prove nothing about this operation.
 */
import { API_VERSIONS, type EndpointDef, type HttpMethod } from "../client/endpoint";
import { VERSION_PREFIXES, versionOfPath } from "../client/overrides";

/**
 * A method and a path to try.
 *
 * @example
 * const candidate: CandidateRoute = { method: "GET", path: "/v4/hosting/ssh-key", why: "the last segment singular or plural" };
 */
export interface CandidateRoute {
  method: HttpMethod;
  path: string;
  /** Which rule gave it, for the report. */
  why: string;
}

/**
 * At most this many candidates per route: each costs one or two requests.
 *
 * @example
 * candidateRoutes(ep, endpoints, taken).length <= MAX_CANDIDATES; // true
 */
export const MAX_CANDIDATES = 8;

/** The v2 hosting API's prefix: its routes are v4's `/hosting/*` routes (docs/evidence.md §3). */
const V2_HOSTING_PREFIX = "/n0c-api/";

function prefixOf(path: string): string | undefined {
  const version = versionOfPath(path);
  return version ? VERSION_PREFIXES[version].find((p) => path.startsWith(p)) : undefined;
}

/**
 * The other grammatical number of a path segment: `ssh-keys` ↔ `ssh-key`, `crons` ↔ `cron`,
 * `entries` ↔ `entry`.
 *
 * @example
 * otherNumber("ssh-keys"); // "ssh-key"
 * otherNumber("ftp"); // "ftps"
 */
export function otherNumber(segment: string): string {
  if (/[^aeiou]ies$/.test(segment)) return `${segment.slice(0, -3)}y`;
  if (/[^s]s$/.test(segment)) return segment.slice(0, -1);
  if (/[^aeiou]y$/.test(segment)) return `${segment.slice(0, -1)}ies`;
  return `${segment}s`;
}

function withOtherNumber(path: string): string {
  const cut = path.lastIndexOf("/");
  return `${path.slice(0, cut + 1)}${otherNumber(path.slice(cut + 1))}`;
}

/** The path with its `domain` segment after `hosting` removed, or added when it has none. */
function toggledDomain(path: string, prefix: string, takesDomain: boolean): string | undefined {
  const hosting = `${prefix}hosting/`;
  if (!path.startsWith(hosting)) return undefined;
  const rest = path.slice(hosting.length);
  if (rest.startsWith("domain/")) return `${hosting}${rest.slice("domain/".length)}`;
  return takesDomain ? `${hosting}domain/${rest}` : undefined;
}

/** A path of another version moved under `prefix`, v2 hosting routes under `hosting/`. */
function moved(path: string, prefix: string): string[] {
  const from = prefixOf(path);
  if (!from) return [];
  const rest = path.slice(from.length);
  if (from === prefix) return [];
  return from === V2_HOSTING_PREFIX && prefix !== V2_HOSTING_PREFIX
    ? [`${prefix}hosting/${rest}`, `${prefix}${rest}`]
    : [`${prefix}${rest}`];
}

const TRUSTED = new Set(["seed", "confirmed", "observed"]);

/**
 * The candidate routes of `ep`, best first, without the route itself and without any route
 * another operation of its version answers at (`taken`, as `"<METHOD> <path>"`).
 *
 * @example
 * candidateRoutes(endpoints["v4.hosting.listAccounts"], endpoints, new Set());
 * // [{ method: "GET", path: "/v4/hostings", why: "the v3 route (confirmed) under /v4/" }, { method: "GET", path: "/v4/hostings/infos", ... }, ...]
 */
export function candidateRoutes(
  ep: EndpointDef,
  table: Readonly<Record<string, EndpointDef>>,
  taken: ReadonlySet<string>,
): CandidateRoute[] {
  const prefix = prefixOf(ep.path);
  if (!prefix) return [];
  const takesDomain = "domain" in ((ep.request as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  const out: CandidateRoute[] = [];
  const add = (method: HttpMethod, path: string | undefined, why: string) => {
    if (!path || out.length >= MAX_CANDIDATES) return;
    const line = `${method} ${path}`;
    if (line === `${ep.method} ${ep.path}` || taken.has(line) || out.some((c) => `${c.method} ${c.path}` === line)) return;
    out.push({ method, path, why });
  };
  const twins = API_VERSIONS.map((v) => table[`${v}.${ep.id}`]).filter(
    (t): t is EndpointDef => t !== undefined && t.version !== ep.version,
  );
  for (const twin of twins.filter((t) => TRUSTED.has(t.evidence) && t.version !== "v2")) {
    for (const path of moved(twin.path, prefix)) add(twin.method, path, `the ${twin.version} route (${twin.evidence}) under ${prefix}`);
  }
  add(ep.method, withOtherNumber(ep.path), "the last segment singular or plural");
  add(
    ep.method,
    toggledDomain(ep.path, prefix, takesDomain),
    takesDomain && !ep.path.includes("/domain/") ? "with /domain" : "without /domain",
  );
  for (const twin of twins.filter((t) => t.version === "v2")) {
    const name = twin.path.slice(twin.path.lastIndexOf("/") + 1);
    add(ep.method, `${ep.path.slice(0, ep.path.lastIndexOf("/") + 1)}${name}`, "the v2 name");
    for (const path of moved(twin.path, prefix)) add(ep.method, path, `the v2 route under ${prefix}`);
  }
  for (const twin of twins.filter((t) => TRUSTED.has(t.evidence) && t.version !== "v2")) {
    for (const path of moved(twin.path, prefix))
      add(twin.method, withOtherNumber(path), `the ${twin.version} route under ${prefix}, singular or plural`);
  }
  return out;
}

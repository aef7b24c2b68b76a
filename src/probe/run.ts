/**
 * The probe: checks the routes of one API version against a live account, read-only unless
 * asked, and says of each whether it answers where the endpoint table puts it.
 *
 * Most v4 routes are inferred (docs/evidence.md §1: no public client calls `/v4`, §7.7 #1), so
 * this is how a user finds the wrong ones before a `pulumi up` does. Every call goes through the
 * real client, whose route check tells a missing route from a missing object
 * (src/client/route-check.ts): a `route-not-found` is a wrong route, the API's own not-found error
 * is a route that exists.
 *
 * For each route the probe:
 * 1. leaves out the ones that cost money, open a login session or return a private key or a
 *    secret (src/probe/guarded.ts), unless `--include` names them;
 * 2. builds the parameters from what it found on the account (src/probe/params.ts), or skips the
 *    route naming the field it could not fill;
 * 3. calls it with the parameters where the table places them, then the other way (JSON body vs
 *    query string: the evidence is mixed, docs/evidence.md §7.4);
 * 4. for a missing route, tries a short list of candidates (src/probe/candidates.ts) and reports
 *    the first that works.
 *
 * The listings that give the probe its hosting account and domain are probed first, and their
 * replies, from the table's route or from a candidate that works, fill the parameters of the rest.
 */
import { parse as parseHostname } from "tldts";
import { tableEntry, type ClientCore } from "../client/client";
import type { ApiVersion, EndpointDef, Evidence, HttpMethod, ParamLocation } from "../client/endpoint";
import { endpoints } from "../client/endpoints";
import { isResellerApiError, type ErrorCode, type ResellerApiError } from "../client/errors";
import { overridesByVersion, type EndpointOverridesByVersion, type RouteOverride } from "../client/overrides";
import { absentPath, prefixSegment } from "../client/route-check";
import { missingPackage, optionalModule } from "../util/optional";
import { candidateRoutes } from "./candidates";
import { guardReason } from "./guarded";
import { readParams, writeParams, type ProbeFacts } from "./params";
import type { Exchange } from "./tap";

/**
 * What the probe says of a route:
 * - `ok`: it answered and its reply parses (a write: it refused a body that addresses no object,
 *   which proves it exists);
 * - `route-missing`: it answers as a path the API does not have;
 * - `shape-mismatch`: it answered, but the reply does not parse with the operation's schema;
 * - `object-missing`: it exists (the API's own not-found error), but the object asked for is not there;
 * - `refused`: authentication, allow-list or validation refusal;
 * - `skipped`: not called (guarded, or a parameter the probe could not fill);
 * - `error`: no verdict could be reached (5xx, timeout, network, redirect, rate limit).
 *
 * @example
 * const missing = result.routes.filter((r) => r.verdict === ("route-missing" satisfies Verdict));
 */
export type Verdict = "ok" | "route-missing" | "shape-mismatch" | "object-missing" | "refused" | "skipped" | "error";

/**
 * Every verdict, in the order the summary lists them.
 *
 * @example
 * VERDICTS.map((v) => routes.filter((r) => r.verdict === v).length);
 */
export const VERDICTS: readonly Verdict[] = ["ok", "route-missing", "shape-mismatch", "object-missing", "refused", "skipped", "error"];

/**
 * A route that answered: method, path and where the parameters travelled.
 */
export interface FoundRoute {
  method: HttpMethod;
  path: string;
  params: ParamLocation;
}

/**
 * One line of the report: the route as the client sends it, the verdict, and the route found instead.
 *
 * @example
 * const line: ProbedRoute = {
 *   operation: "ssh.listKeys", version: "v4", method: "GET", path: "/v4/hosting/ssh-keys", params: "body", evidence: "inferred",
 *   verdict: "route-missing", detail: "answers as a path the API does not have (HTTP 404); ...", found: { method: "GET", path: "/v4/hosting/ssh-key", params: "body" },
 * };
 */
export interface ProbedRoute {
  operation: string;
  version: ApiVersion;
  method: HttpMethod;
  path: string;
  params: ParamLocation;
  evidence: Evidence;
  verdict: Verdict;
  detail: string;
  /** A route that answered in place of this one (a candidate, or the other parameter placement), or null. */
  found: FoundRoute | null;
}

/**
 * What to probe and how.
 */
export interface ProbeOptions {
  /** The hosting account to use instead of the first one listed. */
  hostingId?: number;
  /** The domain to use instead of the hosting account's first one. */
  domain?: string;
  /** Guarded read routes to call anyway (operation ids, src/probe/guarded.ts). */
  include?: readonly string[];
  /** Check write routes too, with bodies that address no object. */
  writes?: boolean;
  /** The exchanges the client's dispatcher keeps (src/probe/tap.ts), for the report and `--record`. */
  exchanges?: readonly Exchange[];
  /** One line per area as it is done. */
  progress?: (line: string) => void;
}

/**
 * What the probe found.
 *
 * @example
 * const { routes, overrides } = await probeAccount(client);
 * writeFileSync("overrides.json", JSON.stringify(overrides));
 */
export interface ProbeResult {
  routes: ProbedRoute[];
  /** The routes that work in place of the table's, in the per-version form of `reseller:endpointOverrides`. */
  overrides: EndpointOverridesByVersion;
  /** How a path that cannot exist answered, e.g. `HTTP 404 (application/json)`. */
  unknownRoute?: string;
  /** The call that decided each probed route's verdict, by table key, for `--record`. */
  calls: Record<string, DecisiveCall>;
  /** The error code behind each verdict that is not `ok` or `skipped`, by table key. */
  codes: Record<string, ErrorCode>;
  facts: ProbeFacts;
}

/**
 * The call that decided a route's verdict: where it went, the parameters it carried, and the exchange.
 *
 * @example
 * const call: DecisiveCall | undefined = result.calls["v4.dns.getZone"];
 * call?.exchange.status; // 200
 */
export interface DecisiveCall {
  route: FoundRoute;
  params: Record<string, unknown>;
  exchange: Exchange;
}

/**
 * The probe could not start: the API refused the caller or could not be reached.
 *
 * @example
 * try {
 *   await probeAccount(client);
 * } catch (err) {
 *   if (err instanceof ProbeAbort && err.code === "authentication") console.error("check the API key");
 * }
 */
export class ProbeAbort extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly apiError?: string,
  ) {
    super(message);
    this.name = "ProbeAbort";
  }
}

/** One call and what came of it. */
interface Attempt {
  route: FoundRoute;
  params: Record<string, unknown>;
  verdict: Verdict;
  detail: string;
  code?: ErrorCode;
  /** The API's own error text, when it sent one. */
  apiError?: string;
  reply?: Record<string, unknown>;
  exchange?: Exchange;
}

/** A probed route with what the rest of the run needs from it. */
interface Probed {
  line: ProbedRoute;
  decisive?: Attempt;
  override?: RouteOverride;
}

/**
 * What the probe uses of a client: any version's will do.
 *
 * @example
 * const client: ProbeClient = createClient({ apiUser, apiKey, version: "v3" });
 */
export type ProbeClient = Pick<ClientCore<ApiVersion>, "version" | "request" | "endpoint">;

interface Run {
  client: ProbeClient;
  facts: ProbeFacts;
  include: ReadonlySet<string>;
  exchanges: readonly Exchange[];
  /** `"<METHOD> <path>"` of every route an operation of this version answers at. */
  taken: Set<string>;
  /** `--domain` was given: no other domain is tried. */
  fixedDomain: boolean;
}

const table = endpoints as Readonly<Record<string, EndpointDef>>;

/**
 * The listings that give the probe its hosting account, domain and the rest of its parameters,
 * probed first in this order.
 */
const DISCOVERY = [
  "account.hello",
  "account.getInfo",
  "hosting.listAccounts",
  "hosting.listWorldAccounts",
  "domains.list",
  "hosting.listDomains",
  "php.getVersion",
  "php.listVersions",
  "ssl.listCsrs",
  "email.list",
];

/** Errors that say the caller cannot use the API at all: the probe stops at the first call. */
const FATAL: ReadonlySet<ErrorCode> = new Set(["ip-not-allowed", "authentication", "transport", "timeout"]);

const other = (p: ParamLocation): ParamLocation => (p === "body" ? "query" : "body");
const routeText = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function rows(reply: Record<string, unknown> | undefined, field: string): Record<string, unknown>[] {
  const list = reply?.[field];
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** The verdict an error stands for. */
function classify(err: ResellerApiError): Pick<Attempt, "verdict" | "detail" | "code"> {
  const status = err.status === undefined ? "" : ` (HTTP ${err.status})`;
  const said = err.apiError ?? err.message;
  switch (err.code) {
    case "route-not-found":
      return { verdict: "route-missing", code: err.code, detail: `answers as a path the API does not have${status}` };
    case "bad-response":
      return {
        verdict: "shape-mismatch",
        code: err.code,
        detail: err.issues.length > 0 ? `the reply does not parse: ${err.issues.join("; ")}` : err.message,
      };
    case "not-found":
      return { verdict: "object-missing", code: err.code, detail: `not found${status}: ${said}` };
    case "authentication":
    case "ip-not-allowed":
    case "validation":
    case "conflict":
      return { verdict: "refused", code: err.code, detail: `${err.code}${status}: ${said}` };
    default:
      return { verdict: "error", code: err.code, detail: `${err.code}${status}: ${err.message}` };
  }
}

/**
 * The last exchange since `from` that went to `route`'s path: not the client's own requests for a
 * surely absent path (src/client/route-check.ts). The method is not compared, since with
 * `reseller:methodOverride` a PUT travels as a POST.
 */
function exchangeOf(run: Run, from: number, route: FoundRoute): Exchange | undefined {
  for (let i = run.exchanges.length - 1; i >= from; i--) {
    const e = run.exchanges[i]!;
    if (e.path.endsWith(route.path)) return e;
  }
  return undefined;
}

async function attempt(run: Run, ep: EndpointDef, params: Record<string, unknown>, route?: FoundRoute): Promise<Attempt> {
  const target = route ?? { method: ep.method, path: ep.path, params: ep.params };
  const from = run.exchanges.length;
  try {
    const reply = await run.client.request(ep.key, params, { fresh: true, ...(route ? { route } : {}) });
    return {
      route: target,
      params,
      verdict: "ok",
      detail: "",
      reply: isRecord(reply) ? reply : {},
      exchange: exchangeOf(run, from, target),
    };
  } catch (err) {
    if (!isResellerApiError(err)) throw err;
    return {
      route: target,
      params,
      ...classify(err),
      ...(err.apiError !== undefined ? { apiError: err.apiError } : {}),
      exchange: exchangeOf(run, from, target),
    };
  }
}

/** Whether an attempt shows a route that serves the operation: a read that parses; a write the API refused on its merits. */
function works(a: Attempt, write: boolean): boolean {
  if (a.verdict === "ok") return true;
  return write && (a.verdict === "object-missing" || (a.verdict === "refused" && a.code === "validation"));
}

/** The override that moves `ep` (as the table has it) to `route`, or undefined when it moves nothing. */
function overrideFor(ep: EndpointDef, route: FoundRoute): RouteOverride | undefined {
  const base = table[ep.key]!;
  const out: RouteOverride = {};
  if (route.method !== base.method || route.path !== base.path) Object.assign(out, { method: route.method, path: route.path });
  if (route.params !== base.params) out.params = route.params;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** On an object the first domain lacks, the same call with the hosting account's other domains. */
async function withOtherDomains(run: Run, ep: EndpointDef, params: Record<string, unknown>, first: Attempt): Promise<Attempt> {
  if (run.fixedDomain || !("domain" in params)) return first;
  for (const domain of run.facts.otherDomains.slice(0, 3)) {
    const next = await attempt(run, ep, { ...params, domain }, undefined);
    if (next.verdict !== "object-missing") return { ...next, detail: next.detail || "with another domain of the hosting account" };
  }
  return first;
}

/** A missing route: its candidates, each with the table's parameter placement and then the other. */
async function searchCandidates(
  run: Run,
  ep: EndpointDef,
  params: Record<string, unknown>,
  first: Attempt,
  write: boolean,
): Promise<Probed> {
  const line = lineOf(ep);
  const candidates = candidateRoutes(ep, table, run.taken);
  const placements = !write && Object.keys(params).length > 0 ? [ep.params, other(ep.params)] : [ep.params];
  let answered: { attempt: Attempt; why: string } | undefined;
  for (const candidate of candidates) {
    for (const placement of placements) {
      const a = await attempt(run, ep, params, { method: candidate.method, path: candidate.path, params: placement });
      if (a.verdict === "route-missing" || a.verdict === "error") break;
      if (works(a, write)) {
        run.taken.add(routeText(a.route));
        const detail = `${first.detail}; ${routeText(a.route)} answers${placement === ep.params ? "" : ` with parameters in the ${placement}`} (${candidate.why})`;
        return {
          line: { ...line, verdict: "route-missing", detail: noted(ep, detail), found: a.route },
          decisive: a,
          override: overrideFor(ep, a.route),
        };
      }
      answered ??= { attempt: a, why: candidate.why };
    }
  }
  if (answered) {
    const a = answered.attempt;
    const detail = `${first.detail}; ${routeText(a.route)} (${answered.why}) answered but does not serve it: ${a.verdict}, ${a.detail}`;
    return { line: { ...line, verdict: "route-missing", detail: noted(ep, detail), found: a.route }, decisive: first };
  }
  const tried =
    candidates.length === 0
      ? "no candidate route to try"
      : `none of ${candidates.length} candidate routes answered (${candidates.map(routeText).join(", ")})`;
  return { line: { ...line, verdict: "route-missing", detail: noted(ep, `${first.detail}; ${tried}`) }, decisive: first };
}

function lineOf(ep: EndpointDef): ProbedRoute {
  return {
    operation: ep.id,
    version: ep.version,
    method: ep.method,
    path: ep.path,
    params: ep.params,
    evidence: ep.evidence,
    verdict: "skipped",
    detail: "",
    found: null,
  };
}

/** `detail`, and where the route came from when configuration moved it. */
function noted(ep: EndpointDef, detail: string): string {
  if (!ep.overridden) return detail;
  const from = "route from reseller:endpointOverrides";
  return detail === "" ? from : `${detail} (${from})`;
}

/** Probes one route: guard, parameters, the call both ways, candidates when it is missing. */
async function probeRoute(run: Run, ep: EndpointDef): Promise<Probed> {
  const line = lineOf(ep);
  const guard = guardReason(ep.id, run.include);
  if (guard !== undefined) return { line: { ...line, detail: guard } };
  const write = ep.safety !== "read";
  const built = write ? writeParams(ep) : readParams(ep, run.facts);
  if ("field" in built) return { line: { ...line, detail: `needs ${built.field}: ${built.why}` } };
  let first = await attempt(run, ep, built.params);
  if (!write && first.verdict === "object-missing") first = await withOtherDomains(run, ep, built.params, first);
  // From here on, the parameters of the call that answered (another domain, maybe).
  const params = first.params;
  if (first.verdict === "route-missing") return searchCandidates(run, ep, params, first, write);
  // A route that configuration moved and that exists is kept in the result's overrides, so the
  // file `--out` writes carries it on.
  const kept = ep.overridden && works(first, true) ? overrideFor(ep, first.route) : undefined;
  if (works(first, write)) {
    const detail = write ? writeDetail(first) : await otherPlacement(run, ep, params);
    return { line: { ...line, verdict: "ok", detail: noted(ep, detail) }, decisive: first, override: kept };
  }
  if (!write && Object.keys(params).length > 0) {
    const swapped = await attempt(run, ep, params, { method: ep.method, path: ep.path, params: other(ep.params) });
    if (works(swapped, write)) {
      const detail = `${first.detail}; with parameters in the ${swapped.route.params} it answers`;
      return {
        line: { ...line, verdict: first.verdict, detail, found: swapped.route },
        decisive: swapped,
        override: overrideFor(ep, swapped.route),
      };
    }
  }
  return { line: { ...line, verdict: first.verdict, detail: noted(ep, first.detail) }, decisive: first, override: kept };
}

function writeDetail(a: Attempt): string {
  if (a.verdict === "ok") return `answered HTTP ${a.exchange?.status ?? 200} to a body that addresses no object`;
  return `exists: it refused a body that addresses no object (${a.detail})`;
}

/** The same call with the parameters the other way, said in a few words; "" when the route takes none. */
async function otherPlacement(run: Run, ep: EndpointDef, params: Record<string, unknown>): Promise<string> {
  if (Object.keys(params).length === 0) return "";
  const where = other(ep.params);
  const swapped = await attempt(run, ep, params, { method: ep.method, path: ep.path, params: where });
  return swapped.verdict === "ok"
    ? `parameters in the ${where} work too`
    : `parameters in the ${where}: ${swapped.verdict} (${swapped.detail})`;
}

/** The sld and tld of a domain, split at its public suffix (`example.co.uk` → `example`, `co.uk`). */
function splitDomain(domain: string): { sld: string; tld: string } | undefined {
  const parsed = parseHostname(domain);
  if (parsed.domainWithoutSuffix && parsed.publicSuffix && parsed.domain === domain)
    return { sld: parsed.domainWithoutSuffix, tld: parsed.publicSuffix };
  const dot = domain.indexOf(".");
  return dot > 0 ? { sld: domain.slice(0, dot), tld: domain.slice(dot + 1) } : undefined;
}

/** A discovery listing's reply, for the function that learns from it. */
interface Listing {
  id: string;
  reply: Record<string, unknown> | undefined;
  /** Why a fact stays missing when the listing gave no answer the probe can use; undefined when it did. */
  because: string | undefined;
}

type Learner = (facts: ProbeFacts, options: ProbeOptions, listing: Listing) => void;

/** The hosting account `--hosting-id` names, or the first active one listed, or the first one. */
function chooseHosting(accounts: Record<string, unknown>[], options: ProbeOptions): Record<string, unknown> | undefined {
  if (options.hostingId !== undefined) return accounts.find((a) => a.id === options.hostingId);
  return accounts.find((a) => a.status === "active") ?? accounts[0];
}

function learnHostingAccount(facts: ProbeFacts, options: ProbeOptions, { id, reply, because }: Listing): void {
  if (facts.hostingId !== undefined && facts.username !== undefined) return;
  const chosen = chooseHosting(rows(reply, id === "hosting.listAccounts" ? "hosting_accounts" : "world_accounts"), options);
  if (options.hostingId !== undefined) facts.hostingId = options.hostingId;
  else if (typeof chosen?.id === "number") facts.hostingId = chosen.id;
  facts.username ??= text(chosen?.username);
  facts.domain ??= options.domain ?? text(chosen?.domain);
  if (facts.hostingId === undefined) facts.missing.id = because ?? `${id} listed no hosting account`;
  if (facts.username === undefined)
    facts.missing.username = because ?? `${id} gave no username for hosting account ${facts.hostingId ?? "(none)"}`;
}

function learnAccountDomain(facts: ProbeFacts, options: ProbeOptions, { reply, because }: Listing): void {
  const names = rows(reply, "active_domains")
    .map((d) => text(d.domain_name))
    .filter((d): d is string => d !== undefined);
  const pick = options.domain ?? (facts.domain !== undefined && names.includes(facts.domain) ? facts.domain : names[0]);
  const split = pick === undefined ? undefined : splitDomain(pick);
  if (split) Object.assign(facts, split);
  else facts.missing.sld = facts.missing.tld = because ?? "domains.list listed no domain";
}

function learnHostingDomain(facts: ProbeFacts, options: ProbeOptions, { reply, because }: Listing): void {
  const names = rows(reply, "data")
    .map((d) => text(d.domain))
    .filter((d): d is string => d !== undefined);
  facts.domain ??= options.domain ?? names[0];
  facts.otherDomains = names.filter((d) => d !== facts.domain);
  if (facts.domain === undefined) facts.missing.domain = because ?? "no domain on the hosting account";
}

function learnPhpVersion(facts: ProbeFacts, _options: ProbeOptions, { id, reply, because }: Listing): void {
  facts.phpVersion ??= text(reply?.phpVersion) ?? text(reply?.currentVersion);
  if (facts.phpVersion === undefined) facts.missing.version = because ?? `${id} gave no PHP version`;
}

function learnCsr(facts: ProbeFacts, _options: ProbeOptions, { reply, because }: Listing): void {
  facts.csrFingerprint ??= text(rows(reply, "data")[0]?.csrPubKeyFingerPrint);
  if (facts.csrFingerprint === undefined) facts.missing.csrPubKeyFingerPrint = because ?? `no CSR on ${facts.domain ?? "the domain"}`;
}

function learnMailUser(facts: ProbeFacts, _options: ProbeOptions, { reply, because }: Listing): void {
  const mailbox = rows(reply, "data").find((m) => m.domain === facts.domain);
  facts.mailUser ??= text(mailbox?.mailUser) ?? text(mailbox?.account);
  if (facts.mailUser === undefined) facts.missing.mailUser = because ?? `no e-mail account on ${facts.domain ?? "the domain"}`;
}

/** What each discovery listing teaches; the listings not named here only answer. */
const LEARNERS: Readonly<Record<string, Learner>> = {
  "hosting.listAccounts": learnHostingAccount,
  "hosting.listWorldAccounts": learnHostingAccount,
  "domains.list": learnAccountDomain,
  "hosting.listDomains": learnHostingDomain,
  "php.getVersion": learnPhpVersion,
  "php.listVersions": learnPhpVersion,
  "ssl.listCsrs": learnCsr,
  "email.list": learnMailUser,
};

/** What a discovery listing says about the account, written into the facts. */
function learn(run: Run, options: ProbeOptions, id: string, probed: Probed): void {
  const reply = probed.decisive?.verdict === "ok" ? probed.decisive.reply : undefined;
  const because = reply ? undefined : `${id} gave no answer the probe can use (${probed.line.verdict})`;
  LEARNERS[id]?.(run.facts, options, { id, reply, because });
}

/**
 * How a path that cannot exist answers, through the client (so its route check learns it first).
 * Undefined when it answered as a route: then no route can be told missing.
 */
async function checkUnknownRoute(run: Run, hello: EndpointDef, warn: (line: string) => void): Promise<string | undefined> {
  const path = absentPath(prefixSegment(hello.path));
  const a = await attempt(run, hello, {}, { method: hello.method, path, params: hello.params });
  const e = a.exchange;
  const said = e ? `HTTP ${e.status}${e.contentType ? ` (${e.contentType.split(";")[0]})` : ""}` : a.detail;
  if (a.verdict !== "route-missing") {
    if (a.code === "transport" || a.code === "timeout") throw new ProbeAbort(a.code, a.detail);
    warn(
      `warning: ${routeText(a.route)}, a path that cannot exist, answered ${a.verdict} (${said}): missing routes may not be told apart from others`,
    );
    return undefined;
  }
  return said;
}

/**
 * Probes every read route of the client's API version (and, with `writes`, every write route
 * but those that cost money) and returns a verdict per route and the overrides that work.
 * Throws {@link ProbeAbort} when the API refuses the caller or cannot be reached.
 *
 * @example
 * const result = await probeAccount(client, { exchanges: tap.exchanges, progress: (l) => console.error(l) });
 * for (const r of result.routes) console.log(r.verdict, r.operation, r.detail);
 * console.log(JSON.stringify(result.overrides));
 */
export async function probeAccount(client: ProbeClient, options: ProbeOptions = {}): Promise<ProbeResult> {
  const progress = options.progress ?? (() => {});
  const mine = Object.values(table).filter((e) => e.version === client.version && (e.safety === "read" || options.writes === true));
  const effective = mine.map((e) => tableEntry(client, e.key)!);
  const run = startRun(client, options);
  const done = new Map<string, Probed>();

  // The connection test first: a refused caller or an unreachable API ends the probe there, as
  // `reseller ping` would (src/cli/ping.ts).
  const hello = effective.find((e) => e.id === "account.hello");
  const unknownRoute = hello ? await probeHello(run, hello, done, progress) : undefined;
  progress(`probe: finding a hosting account and a domain (${DISCOVERY.filter((id) => effective.some((e) => e.id === id)).join(", ")})`);
  for (const id of DISCOVERY) {
    const ep = effective.find((e) => e.id === id);
    if (!ep) continue;
    const probed = done.get(ep.key) ?? (await probeRoute(run, ep));
    done.set(ep.key, probed);
    learn(run, options, id, probed);
  }
  await completeDomainFacts(run);
  const areas = [...new Set(effective.map((e) => e.id.slice(0, e.id.indexOf("."))))];
  for (const [index, area] of areas.entries()) {
    const inArea = effective.filter((e) => e.id.startsWith(`${area}.`));
    for (const ep of inArea) if (!done.has(ep.key)) done.set(ep.key, await probeRoute(run, ep));
    const counts = VERDICTS.map((v) => [v, inArea.filter((e) => done.get(e.key)!.line.verdict === v).length] as const).filter(
      ([, n]) => n > 0,
    );
    progress(`probe: [${index + 1}/${areas.length}] ${area}: ${counts.map(([v, n]) => `${n} ${v}`).join(", ")}`);
  }
  return resultOf(
    run,
    effective.map((e) => done.get(e.key)!),
    unknownRoute,
  );
}

/** The run's state before the first call: the facts `--hosting-id` and `--domain` give. */
function startRun(client: ProbeClient, options: ProbeOptions): Run {
  const all = Object.values(table)
    .filter((e) => e.version === client.version)
    .map((e) => tableEntry(client, e.key)!);
  const run: Run = {
    client,
    facts: {
      otherDomains: [],
      missing: {},
      ...(options.hostingId !== undefined ? { hostingId: options.hostingId } : {}),
      ...(options.domain ? { domain: options.domain } : {}),
    },
    include: new Set(options.include ?? []),
    exchanges: options.exchanges ?? [],
    taken: new Set(all.map(routeText)),
    fixedDomain: options.domain !== undefined,
  };
  if (options.domain) Object.assign(run.facts, splitDomain(options.domain));
  return run;
}

/**
 * Probes the connection test, stopping the run when the API refuses the caller or cannot be
 * reached, then learns how a path that cannot exist answers.
 */
async function probeHello(
  run: Run,
  hello: EndpointDef,
  done: Map<string, Probed>,
  progress: (line: string) => void,
): Promise<string | undefined> {
  const probed = await probeRoute(run, hello);
  const code = probed.decisive?.code;
  if (code !== undefined && FATAL.has(code) && probed.line.verdict !== "ok")
    throw new ProbeAbort(code, `${hello.id}: ${probed.decisive!.detail}`, probed.decisive!.apiError);
  done.set(hello.key, probed);
  const unknownRoute = await checkUnknownRoute(run, hello, progress);
  if (unknownRoute) progress(`probe: a path that cannot exist answers ${unknownRoute}; a route that answers the same is missing`);
  return unknownRoute;
}

/** What the probe uses of the simulator package. */
interface CertificateMaker {
  generateSelfSigned(options: { commonName: string; days: number }): { cert: string };
}

/** The sld and tld, and the throwaway certificate, from the domain the listings gave. */
async function completeDomainFacts(run: Run): Promise<void> {
  if (run.facts.sld === undefined) {
    // v2 has no listing of the account's domains (docs/evidence.md §3): the hosting domain stands in.
    const split = run.facts.domain === undefined ? undefined : splitDomain(run.facts.domain);
    if (split) Object.assign(run.facts, split);
    else
      run.facts.missing.sld ??=
        run.facts.missing.tld ??= `API ${run.client.version} listed no domain of the account; give one with --domain`;
  }
  if (run.facts.domain === undefined) {
    run.facts.missing.certificate ??= run.facts.missing.domain ?? "no domain to make a certificate for";
    return;
  }
  // Node cannot make a certificate; the simulator package can (node-forge), and it is optional.
  const simulator = await optionalModule<CertificateMaker>("@pulumi-hosting-reseller/simulator");
  if (simulator) run.facts.certificate = simulator.generateSelfSigned({ commonName: run.facts.domain, days: 1 }).cert;
  else run.facts.missing.certificate ??= missingPackage("@pulumi-hosting-reseller/simulator", "a throwaway certificate");
}

/** The report: a line per route, the overrides that work, and the decisive call and error code of each. */
function resultOf(run: Run, probed: Probed[], unknownRoute: string | undefined): ProbeResult {
  const working: Record<string, RouteOverride> = {};
  for (const p of probed) {
    const key = `${p.line.version}.${p.line.operation}`;
    if (p.override) working[key] = p.override;
  }
  const calls: Record<string, DecisiveCall> = {};
  const codes: Record<string, ErrorCode> = {};
  for (const p of probed) {
    const key = `${p.line.version}.${p.line.operation}`;
    const d = p.decisive;
    if (d?.exchange) calls[key] = { route: d.route, params: d.params, exchange: d.exchange };
    if (p.decisive?.code !== undefined && p.line.verdict !== "ok") codes[key] = p.decisive.code;
  }
  return { routes: probed.map((p) => p.line), overrides: overridesByVersion(working), unknownRoute, calls, codes, facts: run.facts };
}

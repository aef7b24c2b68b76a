/**
 * The simulator's core: a real HTTP(S) server on loopback, routed by the endpoint table (or by
 * the table with some operations moved elsewhere, to play an account whose routes differ).
 *
 * It behaves like the API at the edges (auth headers, caller IP allow-list,
 * `X-Http-Method-Override`, JSON bodies on GET, strict request validation, the hosting envelope,
 * `ETag` and 304) and hands each request to the area handler registered under the endpoint's
 * operation id, shaping its result as the endpoint's row says (`data`, envelope). Faults, the request log, persistence and the admin interface live here too, so handlers
 * only model the API's behaviour.
 */
import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import {
  endpoints,
  unwrapReply,
  wrapReply,
  type EndpointDef,
  type HttpMethod,
  applyOverride,
  parseEndpointOverrides,
} from "pulumi-hosting-reseller/contract";
// The types the simulator's declarations show come from the package's root, whose declarations
// name no zod type (docs/decisions/0041).
import type { EndpointDef as EndpointEntry, EndpointOverrides, EndpointOverridesInput } from "pulumi-hosting-reseller";
import { OVERSIZE_BYTES, createFaults, parseFaultSpec, seededRandom, type Faults } from "./faults";
import { createRateLimiter, parseRateLimit, type RateLimitSpec } from "./rate-limit";
import { areas } from "./handlers";
import { DEFAULT_API_KEY, DEFAULT_API_USER, seedState, type SeedName } from "./seed";
import type { HostingState, SimState } from "./state";
import { SimError, SimReply, type Resolver, type SimBehaviour, type SimContext } from "./types";
import { generateSelfSigned } from "./x509";

/**
 * The ways the simulator can answer a request that no operation answers. Each is how some web
 * server or framework in front of an API answers an unknown route, so a client can be tried
 * against all of them.
 *
 * @example
 * for (const unknownRoute of UNKNOWN_ROUTE_STYLES) await (await startSimulator({ unknownRoute })).close();
 */
export const UNKNOWN_ROUTE_STYLES = ["json-error", "html", "empty", "method"] as const;

/**
 * How the simulator answers a request that no operation answers:
 *
 * - `json-error`: 404 with exactly `{"error":"Not Found"}`, the same for every path and method.
 *   It looks like the API's error object, which is why it is the default: a client that takes it
 *   for "the object is gone" is wrong in the hardest case;
 * - `html`: 404 with a small `text/html` page, as a web server's default page;
 * - `empty`: 404 with no body;
 * - `method`: 405 `Method Not Allowed` (`text/plain`) with an `Allow` header listing the methods
 *   the path answers (empty when it answers none).
 *
 * @example
 * const style: UnknownRouteStyle = "html";
 * const sim = await startSimulator({ unknownRoute: style });
 * await sim.close();
 */
export type UnknownRouteStyle = (typeof UNKNOWN_ROUTE_STYLES)[number];

export interface SimulatorOptions {
  /** Listen address. Default `127.0.0.1`. */
  host?: string;
  /** Port. Default 0 (any free port). */
  port?: number;
  /** Seed: `demo` (default), `empty`, or a state object (the JSON seed file format). */
  seed?: SeedName | SimState;
  /** Persist the state to this JSON file (atomic writes) and reload it on start when it exists. */
  statePath?: string;
  /** Serve HTTPS with a generated self-signed certificate; its PEM is `ca` on the result. */
  tls?: boolean;
  /** Added latency for every request, in milliseconds. */
  latencyMs?: number;
  /** Caller addresses allowed besides loopback (which is always allowed unless `allowLoopback` is false). */
  allowIps?: string[];
  /** Allow loopback callers. Default true. Set false to see the allow-list error from a local client. */
  allowLoopback?: boolean;
  apiUser?: string;
  apiKey?: string;
  /** Token for the admin interface (`/_sim/*`). Default: random. */
  adminToken?: string;
  behaviour?: Partial<SimBehaviour>;
  /** Fixed clock for tests. */
  now?: () => Date;
  /** Seed of the random generator behind probabilistic faults. Default 1. */
  randomSeed?: number;
  /**
   * Enforce a rate limit per API user: `{ requests, windowMs }` or `"600/60s"`. Requests past it
   * in any sliding window get 429 with `Retry-After`. Default: no limit.
   */
  rateLimit?: RateLimitSpec | string;
  /**
   * Check every reply against the client's response schema and answer 500 when it does not
   * match, so a simulator bug cannot hide behind a lenient client. Default true.
   */
  checkReplies?: boolean;
  /**
   * Operations served at other routes than the endpoint table's, in the form of the client's
   * endpoint overrides (`{"dns.getZone": {"v4": {"method": "GET", "path": "/v4/dns/zone"}}}` or
   * a flat form, src/client/overrides.ts). A moved operation answers only at its new method and
   * path; its table route answers as an unknown route. For rehearsing a live account whose
   * routes differ from the table. Default: the table as it stands.
   */
  routes?: EndpointOverridesInput;
  /** How a request that no operation answers is answered (see {@link UnknownRouteStyle}). Default `json-error`. */
  unknownRoute?: UnknownRouteStyle;
}

export interface RequestLogEntry {
  /** Endpoint key, or `unknown` for an unrouted request. */
  key: string;
  /** Operation id (`dns.getZone`), or `unknown`. */
  id: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  at: string;
}

export interface RequestLog {
  list(): RequestLogEntry[];
  /** Calls of an operation (by id or full key) or, with no argument, all calls. */
  count(operation?: string): number;
  clear(): void;
}

export interface Simulator {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly apiUser: string;
  readonly apiKey: string;
  readonly adminToken: string;
  /** The self-signed certificate (PEM) to trust when `tls` is on. */
  readonly ca?: string;
  /** The live state. Tests may read and change it out of band. */
  readonly store: SimState;
  readonly requests: RequestLog;
  readonly faults: Faults;
  /** Caller addresses allowed (loopback aside); tests may change it. */
  readonly allowIps: Set<string>;
  /** The rate limit in force, or undefined. */
  readonly rateLimit: RateLimitSpec | undefined;
  /** The `routes` option as checked against the table, one override per full key (`v4.dns.getZone`); empty when none. */
  readonly routes: EndpointOverrides;
  /** How requests that no operation answers are answered. */
  readonly unknownRoute: UnknownRouteStyle;
  /** Changes the rate limit (`{ requests, windowMs }`, `"600/60s"`, or undefined for none) and forgets what was counted. */
  setRateLimit(limit: RateLimitSpec | string | undefined): void;
  /** Restores the seed state and the rate limit given at start, and clears faults and the request log. */
  reset(): void;
  /** Writes the state file now (when `statePath` is set). */
  save(): Promise<void>;
  /** Stops the server, flushing the state file. */
  close(): Promise<void>;
}

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1"]);
const MAX_BODY = 2 * 1024 * 1024;

/** A web server's default page, with nothing of the API in it. */
const NOT_FOUND_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>404 Not Found</title></head>\n' +
  "<body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body>\n</html>\n";

/**
 * The operations the simulator serves, keyed by `"<METHOD> <path>"`: the endpoint table with
 * `routes` applied. Fails on an override that does not fit the table (the message of
 * {@link parseEndpointOverrides}) and on two operations that would answer the same method and
 * path, since one of them could never be reached.
 *
 * @example
 * const table = simulatorRoutes({ "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone" } } });
 * table.get("GET /v4/dns/zone")?.key; // "v4.dns.getZone"
 */
export function simulatorRoutes(routes?: EndpointOverridesInput): Map<string, EndpointEntry> {
  return routeTable(routes);
}

/** {@link simulatorRoutes}, with the entries' schemas as the server uses them. */
function routeTable(routes?: EndpointOverridesInput): Map<string, EndpointDef> {
  const overrides = parseEndpointOverrides(routes);
  const table = new Map<string, EndpointDef>();
  for (const base of Object.values(endpoints as Record<string, EndpointDef>)) {
    const ep = applyOverride(base, overrides[base.key]);
    const route = `${ep.method} ${ep.path}`;
    const taken = table.get(route);
    if (taken) {
      const moved = [taken, ep].filter((e) => e.overridden).map((e) => e.key);
      throw new Error(
        `Two operations share the route ${route}: ${taken.key} and ${ep.key}${moved.length > 0 ? ` (moved there by routes: ${moved.join(", ")})` : ""}`,
      );
    }
    table.set(route, ep);
  }
  return table;
}

function normalizeAddress(addr: string | undefined): string {
  if (!addr) return "";
  return addr.startsWith("::ffff:") ? addr.slice(7) : addr;
}

function isLoopback(addr: string): boolean {
  return LOOPBACK_ADDRESSES.has(addr) || addr.startsWith("127.");
}

/** The zod type name of a field, looking through optional, default and nullable wrappers. */
function fieldType(schema: unknown, field: string): string | undefined {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  let t = shape?.[field] as { _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined;
  for (let i = 0; t && i < 5; i++) {
    const def = t._zod?.def;
    if (!def) return undefined;
    if (def.type === "optional" || def.type === "default" || def.type === "nullable") t = def.innerType as typeof t;
    else return def.type;
  }
  return undefined;
}

/**
 * Query values arrive as text. They are read back as the operation's request schema types the
 * field (numbers, booleans, and arrays or objects sent as JSON text by the client's query mode),
 * so an all-digit domain label stays a string.
 */
function decodeQueryValue(schema: unknown, field: string, v: string): unknown {
  const type = fieldType(schema, field);
  if ((type === "number" || type === "int") && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (type === "boolean" && (v === "true" || v === "false")) return v === "true";
  if (type === "array" || type === "object" || type === "record") {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
}

/** The state file's content when `statePath` names one that exists, the seed otherwise. */
async function initialState(options: SimulatorOptions): Promise<SimState> {
  if (options.statePath) {
    try {
      return JSON.parse(await fs.readFile(options.statePath, "utf8")) as SimState;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return seedState(options.seed ?? "demo");
}

/**
 * The server, over HTTPS with a generated self-signed certificate (its PEM is `ca`) when `tls` is
 * on, listening on `host` and `port`, and the URL it answers at.
 */
async function listen(
  options: SimulatorOptions,
  onRequest: http.RequestListener,
): Promise<{ server: http.Server | https.Server; ca?: string; url: string }> {
  let ca: string | undefined;
  let server: http.Server | https.Server;
  if (options.tls) {
    const pair = generateSelfSigned({
      commonName: "localhost",
      altNames: ["localhost"],
      ipAddresses: ["127.0.0.1", "::1"],
      isCA: true,
      days: 30,
    });
    ca = pair.cert;
    server = https.createServer({ cert: pair.cert, key: pair.key }, onRequest);
  } else {
    server = http.createServer(onRequest);
  }
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" || host.includes(":") ? `[${address.address}]` : address.address;
  return { server, ca, url: `${options.tls ? "https" : "http"}://${urlHost}:${address.port}` };
}

/**
 * Starts the simulator.
 *
 * @example
 * import { startSimulator } from "pulumi-hosting-reseller/simulator";
 * import { createClient } from "pulumi-hosting-reseller";
 * const sim = await startSimulator({ seed: "demo" });
 * const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey });
 * console.log(await client.account.hello()); // { message: "...", successful_connection: true }
 * await client.close();
 * await sim.close();
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const apiUser = options.apiUser ?? DEFAULT_API_USER;
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const adminToken = options.adminToken ?? randomBytes(16).toString("hex");
  const behaviour: SimBehaviour = { transferPendingReads: 2, eventualConsistencyReads: 0, ...options.behaviour };
  const now = options.now ?? (() => new Date());
  const checkReplies = options.checkReplies ?? true;
  const allowIps = new Set(options.allowIps ?? []);
  const allowLoopback = options.allowLoopback ?? true;

  // ---- state ----
  const initial = await initialState(options);
  const pristine = structuredClone(initial);
  const state: SimState = structuredClone(initial);

  // ---- routing ----
  // Checked before anything listens, so a bad `routes` option fails the start with its message.
  const overrides = parseEndpointOverrides(options.routes);
  const routes = routeTable(overrides);
  const unknownRoute = options.unknownRoute ?? "json-error";
  if (!(UNKNOWN_ROUTE_STYLES as readonly string[]).includes(unknownRoute)) {
    throw new Error(`unknownRoute must be one of ${UNKNOWN_ROUTE_STYLES.join(", ")}, got "${String(unknownRoute)}"`);
  }
  /** The methods that answer each path, for the `Allow` header of the `method` style. */
  const methodsByPath = new Map<string, HttpMethod[]>();
  for (const ep of routes.values()) methodsByPath.set(ep.path, [...(methodsByPath.get(ep.path) ?? []), ep.method].sort());
  const handlers = new Map<string, Resolver>();
  // Each handler is typed with its operation's parameters; the core calls it only with parameters
  // the entry's request schema has parsed (below), so the record form loses nothing.
  for (const area of areas) for (const [id, resolver] of Object.entries(area.handlers)) handlers.set(id, resolver as Resolver);

  const random = seededRandom(options.randomSeed ?? 1);
  const faults = createFaults(random);
  const initialRateLimit = parseRateLimit(options.rateLimit);
  const rateLimiter = createRateLimiter(initialRateLimit);
  let log: RequestLogEntry[] = [];
  const requests: RequestLog = {
    list: () => [...log],
    count: (op) => (op === undefined ? log.length : log.filter((e) => e.key === op || e.id === op).length),
    clear: () => {
      log = [];
    },
  };

  // ---- persistence ----
  let saving: Promise<void> = Promise.resolve();
  let dirty = false;
  const save = async (): Promise<void> => {
    if (!options.statePath) return;
    const target = options.statePath;
    const text = JSON.stringify(state, null, 2);
    saving = saving.then(async () => {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(tmp, text, "utf8");
      await fs.rename(tmp, target);
    });
    dirty = false;
    await saving;
  };

  // ---- replies ----
  const sockets = new Set<Socket>();
  const send = (res: http.ServerResponse, req: http.IncomingMessage, status: number, body: unknown, extra: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    const etag = `"${createHash("sha1").update(text).digest("base64url")}"`;
    const method = req.method ?? "GET";
    if (status === 200 && (method === "GET" || method === "HEAD") && req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag, ...extra });
      res.end();
      return 304;
    }
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(text)),
      etag,
      ...extra,
    });
    res.end(text);
    return status;
  };

  /**
   * Sends `body` padded with trailing spaces (still valid JSON) to `bytes`, under a
   * `content-length` that declares the whole size, and returns the status once the head is out.
   * The rest is written in the background as fast as the caller reads it, so the request log
   * holds the call as soon as the caller can see the reply. Writing stops when the caller closes
   * the connection, as a client does when it refuses a body over its cap
   * (src/client/transport.ts, `readCapped`), so a refused reply is never held whole in memory
   * here either.
   */
  const sendOversized = (res: http.ServerResponse, status: number, body: unknown, bytes: number): number => {
    const text = Buffer.from(JSON.stringify(body));
    const total = Math.max(bytes, text.length);
    let gone = false;
    const closed = new Promise<void>((resolve) => res.once("close", resolve)).then(() => {
      gone = true;
    });
    // Writes after the caller hung up fail; that is the expected end, not a simulator error.
    res.on("error", () => undefined);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": String(total) });
    const pad = Buffer.alloc(64 * 1024, " ");
    const pump = async (): Promise<void> => {
      let ready = res.write(text);
      for (let left = total - text.length; left > 0 && !gone; left -= pad.length) {
        if (!ready) await Promise.race([new Promise((resolve) => res.once("drain", resolve)), closed]);
        if (gone) return;
        ready = res.write(left >= pad.length ? pad : pad.subarray(0, left));
      }
      if (!gone) res.end();
    };
    pump().catch(() => res.destroy());
    return status;
  };

  /**
   * The answer to a request no operation answers, in the style asked for. None of them depends
   * on the credentials: a web framework routes before the API checks them.
   */
  const sendUnknownRoute = (res: http.ServerResponse, req: http.IncomingMessage, pathname: string): number => {
    switch (unknownRoute) {
      case "json-error":
        return send(res, req, 404, { error: "Not Found" });
      case "html":
        res.writeHead(404, { "content-type": "text/html; charset=utf-8", "content-length": String(Buffer.byteLength(NOT_FOUND_PAGE)) });
        res.end(NOT_FOUND_PAGE);
        return 404;
      case "empty":
        res.writeHead(404, { "content-length": "0" });
        res.end();
        return 404;
      case "method": {
        const text = "Method Not Allowed";
        res.writeHead(405, {
          "content-type": "text/plain; charset=utf-8",
          "content-length": String(Buffer.byteLength(text)),
          allow: (methodsByPath.get(pathname) ?? []).join(", "),
        });
        res.end(text);
        return 405;
      }
    }
  };

  const errorBody = (ep: EndpointDef | undefined, status: number, message: string, errorCode?: number, errors?: unknown[]) => {
    const body: Record<string, unknown> = { error: message, error_code: errorCode ?? status };
    if (ep?.envelope) Object.assign(body, { success: false, errors: errors ?? [message], reseller_id: state.account.resellerId });
    else if (errors) body.errors = errors;
    return body;
  };

  // ---- admin interface ----
  /** The admin routes, `"<METHOD> <path>"`: each gives the reply to the request's JSON body. */
  const adminRoutes: Record<string, (body: unknown) => unknown> = {
    "GET /_sim/requests": () => ({ requests: requests.list() }),
    "DELETE /_sim/requests": () => {
      requests.clear();
      return { cleared: true };
    },
    "GET /_sim/faults": () => ({ faults: faults.list() }),
    "POST /_sim/faults": (body) => ({ id: faults.add(parseFaultSpec(body)) }),
    "DELETE /_sim/faults": () => {
      faults.clear();
      return { cleared: true };
    },
    "GET /_sim/rate-limit": () => ({ rateLimit: rateLimiter.spec ?? null }),
    "PUT /_sim/rate-limit": (body) => {
      const b = body as { limit?: unknown } | null | undefined;
      rateLimiter.set(parseRateLimit(b && typeof b === "object" && "limit" in b ? b.limit : b));
      return { rateLimit: rateLimiter.spec ?? null };
    },
    "DELETE /_sim/rate-limit": () => {
      rateLimiter.set(undefined);
      return { rateLimit: null };
    },
    "POST /_sim/reset": () => {
      sim.reset();
      return { reset: true };
    },
    "GET /_sim/state": () => state,
    "PUT /_sim/state": (body) => {
      replaceState(body as SimState);
      return { replaced: true };
    },
  };

  const admin = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string): Promise<number> => {
    const remote = normalizeAddress(req.socket.remoteAddress);
    if (!isLoopback(remote)) return send(res, req, 403, { error: "The admin interface answers only on loopback" });
    if (req.headers["x-sim-admin-token"] !== adminToken) return send(res, req, 401, { error: "Missing or wrong X-Sim-Admin-Token" });
    const route = `${req.method} ${url.pathname}`;
    try {
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      const answer = adminRoutes[route];
      return answer ? send(res, req, 200, answer(body)) : send(res, req, 404, { error: `No admin route ${route}` });
    } catch (err) {
      return send(res, req, 400, { error: (err as Error).message });
    }
  };

  const replaceState = (next: SimState) => {
    for (const k of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[k];
    Object.assign(state, structuredClone(next));
  };

  // ---- API requests ----
  /** A request's outcome for the request log. */
  type Outcome = { key: string; id: string; status: number };
  type TakenFault = ReturnType<Faults["take"]>;
  /** A routed request, as every step below sees it. */
  type Exchange = { ep: EndpointDef; req: http.IncomingMessage; res: http.ServerResponse; url: URL; raw: string };
  const refuse = (x: Exchange, status: number, message: string, errorCode?: number, errors?: unknown[], extra?: Record<string, string>) =>
    send(x.res, x.req, status, errorBody(x.ep, status, message, errorCode, errors), extra);

  /**
   * The checks at the door, in the API's order: credentials, the caller's address, then the
   * quota. The status of a refusal, or undefined.
   */
  const admit = (x: Exchange): number | undefined => {
    const user = x.req.headers["x-api-user"];
    const key = x.req.headers["x-api-key"];
    if (!user || !key) return refuse(x, 401, "Authentication required: send the X-API-USER and X-API-KEY headers");
    if (user !== apiUser || key !== apiKey) return refuse(x, 403, "Invalid API credentials: the API user or API key is wrong");
    const remote = normalizeAddress(x.req.socket.remoteAddress);
    // Wording of the real message as quoted by clients (catalog §7.2).
    if (!(allowLoopback && isLoopback(remote)) && !allowIps.has(remote))
      return refuse(x, 403, `The reseller account has not whitelisted the IP address ${remote}`);
    // The quota is counted per API user once the caller is known, before anything is parsed or
    // applied, so a refused request changes nothing.
    const verdict = rateLimiter.check(String(user), Date.now());
    if (verdict.allowed) return undefined;
    const limit = rateLimiter.spec!;
    return refuse(
      x,
      429,
      `Too many requests: at most ${limit.requests} per ${limit.windowMs / 1000} s for this API user`,
      undefined,
      undefined,
      {
        "retry-after": String(verdict.retryAfterSeconds),
      },
    );
  };

  /** Parameters: query string first, JSON body over it (the server probably merges both, catalog §7.4); undefined when the body is not JSON. */
  const paramsOf = (x: Exchange): Record<string, unknown> | undefined => {
    const params: Record<string, unknown> = {};
    for (const [k, v] of x.url.searchParams) params[k] = decodeQueryValue(x.ep.request, k, v);
    if (x.raw.trim() === "") return params;
    let parsed: unknown;
    try {
      parsed = JSON.parse(x.raw);
    } catch {
      return undefined;
    }
    // A JSON `""` body (sent by one official module on hello, catalog §7.7 #9) carries nothing.
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) Object.assign(params, parsed);
    return params;
  };

  /** A fault that answers before the operation runs: the status it answered with, or undefined to go on. */
  const faultBefore = async (x: Exchange, fault: TakenFault, params: Record<string, unknown>): Promise<number | undefined> => {
    switch (fault?.kind) {
      case "latency":
        await new Promise((r) => setTimeout(r, fault.spec.latencyMs ?? 1000));
        return undefined;
      case "drop":
        x.req.socket.destroy();
        return 0;
      case "rate-limit":
        return refuse(x, 429, "Too many requests", undefined, undefined, { "retry-after": String(fault.spec.retryAfter ?? "1") });
      case "status": {
        const status = fault.spec.status ?? 503;
        return refuse(x, status, `Simulated failure (HTTP ${status})`);
      }
      case "echo": {
        // The API's error text is free text (catalog §7.2) and may repeat what it was sent; this
        // repeats all of it, as received: the raw body, the query string, and each value.
        const status = fault.spec.status ?? 400;
        const query = x.url.search ? ` (query ${x.url.search.slice(1)})` : "";
        return refuse(x, status, `Invalid request: ${x.raw}${query}`, status, Object.values(params));
      }
      case "delayed-apply":
        // The caller loses the connection now; the change lands later, whoever is reading by then.
        x.req.socket.destroy();
        await new Promise((r) => setTimeout(r, fault.spec.latencyMs ?? 1000));
        return undefined;
      default:
        return undefined;
    }
  };

  /** A handler's result as the entry's row has the wire carry it: in `data` where it says `unwrap`, inside the envelope where it says `envelope`. */
  const shaped = (ep: EndpointDef, result: unknown): unknown => {
    const fields = wrapReply(ep, result);
    return ep.envelope
      ? { success: true, errors: [], reseller_id: state.account.resellerId, ...(fields as Record<string, unknown>) }
      : fields;
  };

  /**
   * Runs the operation: validates the parameters with the entry's request schema, calls its
   * handler, and shapes the result as the entry's row says (`data`, envelope). The reply, or the
   * status of the error already sent.
   */
  const operate = async (x: Exchange, params: Record<string, unknown>): Promise<{ status: number; body: unknown } | number> => {
    const { ep } = x;
    const checked = ep.request.safeParse(params);
    if (!checked.success) {
      const issues = checked.error.issues.map((i) => ({ field: i.path.join(".") || "(body)", message: i.message }));
      const first = issues[0]!;
      return refuse(x, 400, `Invalid field "${first.field}": ${first.message}`, 400, issues);
    }
    const resolver = handlers.get(ep.id);
    if (!resolver) return refuse(x, 501, `The simulator has no handler for ${ep.key}`);
    let reply: { status: number; body: unknown };
    try {
      const result = await resolver(makeContext(ep, checked.data as Record<string, unknown>, x.req));
      reply = result instanceof SimReply ? { status: result.status, body: result.body } : { status: 200, body: shaped(ep, result) };
      if (ep.method !== "GET") dirty = true;
    } catch (err) {
      if (err instanceof SimError) return refuse(x, err.status, err.message, err.errorCode, err.errors);
      return refuse(x, 500, `Simulator error in ${ep.key}: ${(err as Error).message}`);
    }
    if (checkReplies && reply.status === 200) {
      const parsed = ep.response.safeParse(unwrapReply(ep, reply.body));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
        return refuse(x, 500, `Simulator reply for ${ep.key} does not match the client's schema: ${issues}`);
      }
    }
    return reply;
  };

  /** Sends the reply of an operation that ran, as the fault (if any) spoils it; the status sent. */
  const deliver = (x: Exchange, fault: TakenFault, status: number, body: unknown): number => {
    const { req, res } = x;
    switch (fault?.kind) {
      case "lost-response":
      case "delayed-apply":
        // Applied, but the caller never hears back.
        req.socket.destroy();
        return 0;
      case "hollow": {
        // Applied, then a success that carries nothing the caller can rely on.
        const reply = fault.spec.reply ?? "empty";
        if (reply !== "empty" && reply !== "no-content")
          return send(res, req, status, reply === "bare-success" ? { success: true } : nullLists(body));
        const code = reply === "empty" ? status : 204;
        res.writeHead(code, reply === "empty" ? { "content-type": "application/json; charset=utf-8", "content-length": "0" } : {});
        res.end();
        return code;
      }
      case "oversize":
        // Applied, then a reply larger than the client reads: it cannot tell what the reply said.
        return sendOversized(res, status, body, fault.spec.bytes ?? OVERSIZE_BYTES);
      case "truncate": {
        const text = JSON.stringify(body);
        const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(cut)) });
        res.end(cut);
        return status;
      }
      default:
        return send(res, req, status, body);
    }
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string): Promise<Outcome> => {
    const override = req.headers["x-http-method-override"];
    const method = (typeof override === "string" && override ? override : (req.method ?? "GET")).toUpperCase() as HttpMethod;
    const ep = routes.get(`${method} ${url.pathname}`);
    if (!ep) return { key: "unknown", id: "unknown", status: sendUnknownRoute(res, req, url.pathname) };
    const x: Exchange = { ep, req, res, url, raw };
    const at = { key: ep.key, id: ep.id };
    const refused = admit(x);
    if (refused !== undefined) return { ...at, status: refused };
    const params = paramsOf(x);
    if (!params) return { ...at, status: refuse(x, 400, "The request body is not valid JSON") };
    const fault = faults.take(ep.key, ep.id);
    const faulted = await faultBefore(x, fault, params);
    if (faulted !== undefined) return { ...at, status: faulted };
    const reply = await operate(x, params);
    if (typeof reply === "number") return { ...at, status: reply };
    return { ...at, status: deliver(x, fault, reply.status, reply.body) };
  };

  /** The reply with each list it holds, at the top or under `data`, set to `null` (`data: null` when it is the list). */
  const nullLists = (body: unknown): unknown => {
    if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
    const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const [k, v] of Object.entries(out)) {
      if (Array.isArray(v) && k !== "errors") out[k] = null;
      else if (k === "data" && v !== null && typeof v === "object") out[k] = nullLists(v);
    }
    return out;
  };

  const makeContext = (ep: EndpointDef, params: Record<string, unknown>, req: http.IncomingMessage): SimContext => {
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
    return {
      params,
      endpoint: ep,
      state,
      behaviour,
      now,
      today: () => now().toISOString().slice(0, 10),
      hosting(): HostingState {
        const id = params.id;
        const h = state.hostings[String(id)];
        if (!h) throw new SimError(404, `Hosting account ${String(id)} not found`);
        if (ep.version === "v3" && params.username !== undefined && params.username !== h.username) {
          throw new SimError(404, `Hosting account ${String(id)} with username "${String(params.username)}" not found`);
        }
        return h;
      },
      nextId(counter: string): number {
        const next = (state.counters[counter] ?? 0) + 1;
        state.counters[counter] = next;
        return next;
      },
      headers,
    };
  };

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        req.socket.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", "http://simulator");
        if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
        if (url.pathname.startsWith("/_sim/")) {
          await admin(req, res, url, raw);
          return;
        }
        let outcome: { key: string; id: string; status: number };
        try {
          outcome = await handle(req, res, url, raw);
        } catch (err) {
          outcome = { key: "unknown", id: "unknown", status: send(res, req, 500, { error: `Simulator error: ${(err as Error).message}` }) };
        }
        log.push({
          ...outcome,
          method: req.method ?? "GET",
          path: url.pathname,
          durationMs: Date.now() - started,
          at: new Date().toISOString(),
        });
        if (dirty && options.statePath) await save();
      })();
    });
  };

  const { server, ca, url } = await listen(options, onRequest);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  const sim: Simulator = {
    url,
    apiUser,
    apiKey,
    adminToken,
    ca,
    get store() {
      return state;
    },
    requests,
    faults,
    allowIps,
    get rateLimit() {
      return rateLimiter.spec;
    },
    setRateLimit(limit) {
      rateLimiter.set(parseRateLimit(limit));
    },
    routes: overrides,
    unknownRoute,
    reset() {
      replaceState(pristine);
      faults.clear();
      requests.clear();
      rateLimiter.set(initialRateLimit);
    },
    save,
    async close() {
      if (options.statePath) await save();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
  return sim;
}

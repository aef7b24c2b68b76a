/**
 * `createClient`: a typed client for every operation of v4, v3 and v2.
 *
 * All I/O goes through one generic `request(operation, params)`; the per-area methods
 * (`client.dns.getZone(...)`) are derived from the endpoint table, never written by hand (R1).
 * Request parameters are validated with the operation's strict schema before anything is sent;
 * responses are parsed leniently (R2). Failures of every kind are {@link ResellerApiError}s with a
 * stable `code` (R3). Retries follow `retry.ts` (R4).
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import { API_VERSIONS, unwrapReply, type ApiVersion, type EndpointDef, type HttpMethod, type Safety } from "./endpoint";
import { endpoints, type EndpointKey, type VersionKey } from "./endpoints";
import type { EndpointEntry } from "./public";
import type { OperationParamsByKey, OperationReplyByKey } from "../public-types.generated";
import { ResellerApiError, classifyApiFailure, flattenApiErrors, redactDeep, type ErrorCode } from "./errors";
import { RateLimitPause, createLimiter, type Limiter, type LimiterOptions } from "./limiter";
import {
  DEFAULT_RETRY,
  decideRetry,
  parseRetryAfter,
  rateLimitDelay,
  wasNeverSent,
  type AttemptOutcome,
  type RetryOptions,
  type RetryPolicy,
} from "./retry";
import {
  EndpointOverrideError,
  applyOverride,
  parseEndpointOverrides,
  type EndpointOverrides,
  type EndpointOverridesInput,
  type RouteOverride,
} from "./overrides";
import {
  ROUTE_STATUSES,
  absentPath,
  fingerprintOf,
  isApiErrorObject,
  prefixSegment,
  routeNotFoundMessage,
  sameAnswer,
  type RouteFingerprint,
} from "./route-check";
import { apiErrorBody } from "./schemas";
import { secretForms, secretValues } from "./secrets";
import { DEFAULT_MAX_RESPONSE_BYTES, createTransport, type ExchangeResult, type Transport } from "./transport";
import type { Dispatcher } from "undici";

/** The production base URL (catalog §7.1). */
export const DEFAULT_BASE_URL = "https://api.planethoster.net";

/** The method, path and parameter placement of one version's route (client/overrides.ts). */
export type EndpointOverride = RouteOverride;

/** What the client reports about each attempt, for logs. Never holds credentials or bodies. */
export interface RequestEvent {
  endpoint: string;
  method: HttpMethod;
  path: string;
  attempt: number;
  status?: number;
  outcome: "ok" | "not-modified" | "retry" | "error";
  durationMs: number;
  errorCode?: ErrorCode;
}

export interface ClientOptions {
  /** Default `https://api.planethoster.net`. `http://` is refused unless the host is loopback. */
  baseUrl?: string;
  apiUser: string;
  apiKey: string;
  /** API version. Default `v4`. */
  version?: ApiVersion;
  /** Per-attempt timeout for headers and body. Default 30 000 ms. */
  timeoutMs?: number;
  /**
   * Largest response body read, in bytes. Reading stops once the limit is passed and the
   * connection is closed. A larger reply fails with `bad-response`, except a 2xx to an operation
   * that may have acted (a create, an order): that one is `outcome-unknown`, settled by reading.
   * Default 8 MiB.
   */
  maxResponseBytes?: number;
  retry?: RetryOptions;
  /** A limiter shared with other clients; by default each client makes its own. */
  limiter?: Limiter;
  /**
   * Limits for the client's own limiter. Defaults: 4 in flight; a rate that starts at 120 a
   * minute and adapts to the API's 429s between 10 and the ceiling `perMinute`, 1200.
   */
  limits?: LimiterOptions;
  /**
   * Send GET parameters as a query string instead of a JSON body. The official modules send JSON
   * bodies on GET; PlanetHoster's own v3 branch and third-party clients use the query (catalog §7.4).
   */
  paramsInQuery?: boolean;
  /** Send PUT, PATCH and DELETE as POST with `X-Http-Method-Override`, for proxies that pass only GET and POST. */
  methodOverride?: boolean;
  /**
   * Method, path and parameter placement per operation: per version
   * (`{"dns.getZone": {"v4": {"path": "/v4/..."}}}`) or flat (`{"dns.getZone": {"path": "/v4/..."}}`,
   * `{"v4.dns.getZone": {...}}`), checked against the table when the client is made
   * (client/overrides.ts). Most v4 paths are inferred: this lets users correct one without a release.
   */
  overrides?: EndpointOverridesInput | EndpointOverrides;
  /** Revalidate repeated reads with `If-None-Match`. Default true. */
  etag?: boolean;
  /** Send `X-API-SANDBOX: 1` (v2 registration sandbox). */
  sandbox?: boolean;
  /** PEM certificate authority to trust (the simulator's self-signed CA). */
  ca?: string;
  /** A custom undici dispatcher. */
  dispatcher?: Dispatcher;
  /** Called after every attempt. */
  onRequest?: (event: RequestEvent) => void;
  /** Appended to the User-Agent. */
  userAgent?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the ETag cache for this call. */
  fresh?: boolean;
  /**
   * `false`: never send this call again once an attempt may have reached the API, even when the
   * operation is repeatable; such a failure is `outcome-unknown`, as for an unsafe operation, and
   * the caller settles it by reading. For a delete that an add of the same object follows (a
   * redirection, which the API cannot change, is deleted and added again): an attempt held up in
   * the API may land after the add and remove the new object, so the delete must be seen to have
   * landed before the add is sent (provider/runtime/settle.ts, `settleDelete`).
   */
  resend?: false;
  /**
   * Sends this one call at another route than the table's (and the client's overrides): another
   * method, path or parameter placement. For `reseller probe`, which tries candidate routes.
   */
  route?: RouteOverride;
}

// The generated plain types (docs/decisions/0041), equal to the schemas' `z.input` and `z.output`.
type RequestOf<K extends EndpointKey> = OperationParamsByKey[K];
type ResponseOf<K extends EndpointKey> = OperationReplyByKey[K];
type AreaOf<K> = K extends `${ApiVersion}.${infer A}.${string}` ? A : never;
type VerbOf<K> = K extends `${ApiVersion}.${string}.${infer M}` ? M : never;
type OperationFn<K extends EndpointKey> =
  {} extends RequestOf<K>
    ? (params?: RequestOf<K>, options?: RequestOptions) => Promise<ResponseOf<K>>
    : (params: RequestOf<K>, options?: RequestOptions) => Promise<ResponseOf<K>>;

/** The per-area methods of one version, derived from the table. */
export type ClientMethods<V extends ApiVersion> = {
  [A in AreaOf<VersionKey<V>>]: {
    [K in Extract<VersionKey<V>, `${V}.${A}.${string}`> as VerbOf<K>]: OperationFn<K>;
  };
};

export interface ClientCore<V extends ApiVersion> {
  readonly version: V;
  readonly baseUrl: string;
  /**
   * Calls one operation by full key (`"v3.dns.getZone"`) or by id (`"dns.getZone"`, resolved
   * against the client's version).
   */
  request<K extends EndpointKey>(key: K, params?: RequestOf<K>, options?: RequestOptions): Promise<ResponseOf<K>>;
  request(id: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<Record<string, unknown>>;
  /** Whether the client's version has the operation `id`. */
  has(id: string): boolean;
  /** The table entry for an id or key, with overrides applied, or undefined. */
  endpoint(idOrKey: string): EndpointEntry | undefined;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

export type ResellerClient<V extends ApiVersion = ApiVersion> = ClientCore<V> & ClientMethods<V>;

/** What an error of the client says, beside the operation it names. */
type FailFields = Omit<ConstructorParameters<typeof ResellerApiError>[0], "endpoint" | "method" | "path">;

/** A reply kept for revalidation, with the ETag it came with. */
interface CachedReply {
  etag: string;
  body: unknown;
}

/** One call, validated and ready to send: what `prepare` makes of an operation and its parameters. */
interface PreparedCall {
  ep: EndpointDef;
  /** The call's: the table's, or `unsafe` for a call that must not be sent again. */
  safety: Safety;
  method: HttpMethod;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
  /** Set for a read the client revalidates with its ETag. */
  cacheKey: string | undefined;
  /** The secrets to redact from every error of the call. */
  hidden: string[];
  ropts: RequestOptions;
  fail: (fields: FailFields) => ResellerApiError;
  started: number;
}

type HttpAnswer = Extract<ExchangeResult, { kind: "response" }>;

/** One attempt as sent, with what it got back. */
interface Attempt {
  result: ExchangeResult;
  /** The reply being revalidated, when the attempt sent `If-None-Match`. */
  cached: CachedReply | undefined;
  headers: Record<string, string>;
  report(outcome: RequestEvent["outcome"], extra?: Partial<RequestEvent>): void;
}

/** A failed attempt, for the retry policy to decide on. */
interface Failed {
  failure: ResellerApiError;
  outcome: AttemptOutcome;
}

/** What an attempt's answer means: the reply, or a failure the retry policy decides on. */
type Verdict = { value: unknown } | Failed;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Checks the TLS rule and splits a base URL into origin and path prefix. */
export function parseBaseUrl(baseUrl: string): { origin: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ResellerApiError({ code: "validation", message: `Invalid API base URL: "${baseUrl}"` });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ResellerApiError({ code: "validation", message: `API base URL must use https: "${url.origin}"` });
  }
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname)) {
    // The API is TLS only (v4 document, general rule 1); plain http is allowed for the local simulator.
    throw new ResellerApiError({
      code: "validation",
      message: `Refusing plain http:// base URL "${url.origin}": the API is TLS only; http is allowed only for loopback addresses (the simulator)`,
    });
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, "") };
}

function encodeQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    // Arrays and objects travel as JSON text: the API documents no query encoding for them.
    q.append(k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
}

function bodyFailure(body: unknown): { failed: boolean; text: string; errors: unknown[]; error?: string; errorCode?: number } {
  const parsed = apiErrorBody.safeParse(body);
  if (!parsed.success) return { failed: false, text: "", errors: [] };
  const b = parsed.data;
  const errors = Array.isArray(b.errors) ? b.errors : [];
  // `success` is an array of numbers on visitor statistics (v4 document, envelope): only an
  // explicit false counts as failure.
  const failed = b.success === false || b.success === "false" || errors.length > 0 || (typeof b.error === "string" && b.error !== "");
  // The same text often comes in both `error` and `errors[]`: say it once.
  const lines = [...new Set([b.error, ...flattenApiErrors(errors)].filter((x): x is string => !!x))];
  return { failed, text: lines.join("; ") || b.message || "", errors, error: b.error, errorCode: b.error_code };
}

/** What can be said of a body without quoting it: its content type and size. */
function describeBody(result: HttpAnswer): string {
  const type = result.headers["content-type"] ?? "no content type";
  const big = result.tooLarge;
  if (!big) return `${type}, ${Buffer.byteLength(result.text)} bytes`;
  const size = big.declared !== undefined ? `${big.declared} bytes declared` : `more than ${big.limit} bytes`;
  return `a body over the ${big.limit}-byte limit (${type}, ${size}), not read`;
}

/** The body of an answer as JSON (`{}` for an empty one); not `ok` when it is not JSON or was not read. */
function readJson(result: HttpAnswer): { ok: boolean; value: unknown } {
  if (result.tooLarge) return { ok: false, value: undefined };
  try {
    return { ok: true, value: result.text === "" ? {} : JSON.parse(result.text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

/** A redirect target without its query and fragment, which may carry tokens. */
function redirectTarget(location: string, origin: string): string {
  try {
    const url = new URL(location, origin);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "an unreadable Location";
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * The client's entry for an id or key with its schemas typed as zod's, for the package's own
 * code (the probe, `reseller ping`). `endpoint()` returns the table's entries, with overrides
 * applied; its public type names no zod type (docs/decisions/0041), so this says what they are.
 */
export function tableEntry(client: Pick<ClientCore<ApiVersion>, "endpoint">, idOrKey: string): EndpointDef | undefined {
  return client.endpoint(idOrKey) as EndpointDef | undefined;
}

/**
 * Creates a client for one API version.
 *
 * @example
 * import { createClient } from "pulumi-hosting-reseller";
 * const client = createClient({ apiUser: process.env.RESELLER_API_USER!, apiKey: process.env.RESELLER_API_KEY! });
 * const { credit_remaining } = await client.account.getInfo();
 * const zone = await client.dns.getZone({ id: 101, domain: "example.com" });
 * await client.close();
 */
export function createClient<V extends ApiVersion = "v4">(options: ClientOptions & { version?: V }): ResellerClient<V> {
  const version = (options.version ?? "v4") as V;
  if (!API_VERSIONS.includes(version)) {
    throw new ResellerApiError({ code: "validation", message: `Unknown API version "${String(version)}" (expected v4, v3 or v2)` });
  }
  if (!options.apiUser || !options.apiKey) {
    throw new ResellerApiError({ code: "authentication", message: "An API user and an API key are required" });
  }
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const { origin, prefix } = parseBaseUrl(baseUrl);
  // The credentials, in every form an error's text may quote them (secrets.ts, `secretForms`).
  const secrets = [options.apiKey, options.apiUser].flatMap(secretForms);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const limiter = options.limiter ?? createLimiter(options.limits);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const useEtag = options.etag ?? true;
  const transport: Transport = createTransport({
    origin,
    connections: limiter.concurrency,
    ca: options.ca,
    dispatcher: options.dispatcher,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  });
  const etags = new Map<string, CachedReply>();
  const ETAG_MAX = 512;
  const userAgent = `pulumi-hosting-reseller${options.userAgent ? ` ${options.userAgent}` : ""}`;

  let overrides: EndpointOverrides;
  try {
    overrides = parseEndpointOverrides(options.overrides);
  } catch (err) {
    if (!(err instanceof EndpointOverrideError)) throw err;
    throw new ResellerApiError({ code: "validation", message: `Invalid endpoint overrides: ${err.message}` });
  }

  const resolve = (idOrKey: string): EndpointDef | undefined => {
    const key = /^v[234]\./.test(idOrKey) ? idOrKey : `${version}.${idOrKey}`;
    const base = (endpoints as Record<string, EndpointDef>)[key];
    return base ? applyOverride(base, overrides[key]) : undefined;
  };

  // How this API answers a path that cannot exist, per path segment and method: learned on the
  // first 404, 405 or 501 that carries the API's error object, and kept (route-check.ts).
  const fingerprints = new Map<string, Promise<RouteFingerprint>>();
  const unknownRouteAnswer = (segment: string, method: HttpMethod, headers: Record<string, string>): Promise<RouteFingerprint> => {
    const key = `${segment} ${method}`;
    let known = fingerprints.get(key);
    if (!known) {
      const path = absentPath(`${prefix}${segment}`);
      known = limiter
        .schedule(() => transport.send({ method, path, headers, timeoutMs }), { giveUpAt: Date.now() + policy.maxElapsedMs })
        .then((r) => {
          if (r.kind !== "response") throw new Error(r.message);
          return fingerprintOf({ status: r.status, contentType: r.headers["content-type"], text: r.text }, [path]);
        });
      fingerprints.set(key, known);
      known.catch(() => fingerprints.delete(key));
    }
    return known;
  };

  /**
   * Whether a 404, 405 or 501 says the route is missing rather than the object: its body is not
   * the API's error object, or it is the answer a surely absent path gets (route-check.ts).
   */
  const routeIsMissing = async (
    ep: EndpointDef,
    exchange: { method: HttpMethod; path: string; headers: Record<string, string> },
    result: Extract<ExchangeResult, { kind: "response" }>,
    json: unknown,
    hidden: readonly string[],
  ): Promise<boolean> => {
    if (!ROUTE_STATUSES.has(result.status)) return false;
    if (json === undefined || !isApiErrorObject(json)) return true;
    const { "content-type": _type, "if-none-match": _etag, ...headers } = exchange.headers;
    let known: RouteFingerprint;
    try {
      known = await unknownRouteAnswer(prefixSegment(ep.path), exchange.method, headers);
    } catch (err) {
      throw failWith(
        ep,
        {
          code: "transport",
          status: result.status,
          message: `${ep.key} answered HTTP ${result.status}, and whether its route exists could not be told (the request for a surely absent path failed: ${(err as Error).message}); nothing was read as gone`,
        },
        hidden,
      );
    }
    const pathOnly = exchange.path.split("?")[0]!;
    return sameAnswer(
      fingerprintOf({ status: result.status, contentType: result.headers["content-type"], text: result.text }, [exchange.path, pathOnly]),
      known,
    );
  };

  /**
   * Builds an error with every secret in `hidden` (by default the credentials) redacted from its
   * message and each of its fields, the API's `error` and `errors[]` included, before it exists:
   * nothing that holds a secret is ever built, so no log, stack or serialisation can show one.
   */
  const failWith = (ep: EndpointDef | undefined, fields: FailFields, hidden: readonly string[] = secrets) =>
    new ResellerApiError(
      redactDeep(
        {
          ...fields,
          endpoint: ep?.key,
          method: ep?.method,
          path: ep?.path,
        },
        hidden,
      ),
    );

  /**
   * `prepare`: the call as it will be sent. Resolves the operation (the client's overrides, then
   * the call's `route`) and validates the parameters with its strict schema, so a call that cannot
   * be sent fails before anything leaves.
   */
  function prepare(idOrKey: string, params: Record<string, unknown>, ropts: RequestOptions): PreparedCall {
    const table = resolve(idOrKey);
    const ep = table && ropts.route ? applyOverride(table, ropts.route) : table;
    if (!ep) {
      const id = idOrKey.replace(/^v[234]\./, "");
      throw failWith(undefined, { code: "validation", message: `Operation "${id}" is not available in API ${version}` });
    }
    // Every value the request carries in a field the table marks secret (secrets.ts): the API's
    // error text is free text that may repeat what it was sent (catalog §7.2), and errors end up
    // in `pulumi up` output and CI logs. Taken from the parameters as given, before validation,
    // so a refusal of the parameters cannot quote them either.
    const hidden = [...secrets, ...secretValues(ep.request, params).flatMap(secretForms)];
    const fail = (fields: FailFields) => failWith(ep, fields, hidden);
    const checked = ep.request.safeParse(params);
    if (!checked.success) {
      const issues = formatIssues(checked.error.issues);
      throw fail({ code: "validation", message: `Invalid parameters for ${ep.key}: ${issues.join("; ")}`, issues });
    }
    const sent = checked.data as Record<string, unknown>;
    // And as sent, should the schema have normalised one.
    hidden.push(...secretValues(ep.request, sent).flatMap(secretForms));
    const wire = wireFor(ep, sent);
    return {
      ...wire,
      ep,
      hidden,
      fail,
      ropts,
      // A call that must not be sent again once it may have reached the API retries as an unsafe one.
      safety: ropts.resend === false ? "unsafe" : ep.safety,
      cacheKey:
        ep.safety === "read" && useEtag
          ? createHash("sha1")
              .update(`${ep.method} ${wire.path} ${wire.body ?? ""}`)
              .digest("hex")
          : undefined,
      started: Date.now(),
    };
  }

  /** The method, path, body and headers that carry validated parameters `sent` to `ep`. */
  function wireFor(ep: EndpointDef, sent: Record<string, unknown>): Pick<PreparedCall, "method" | "path" | "body" | "headers"> {
    const inQuery = ep.params === "query" || (ep.method === "GET" && options.paramsInQuery === true);
    const body = !inQuery && Object.keys(sent).length > 0 ? JSON.stringify(sent) : undefined;
    const headers: Record<string, string> = {
      "x-api-user": options.apiUser,
      "x-api-key": options.apiKey,
      accept: "application/json",
      "user-agent": userAgent,
    };
    if (body !== undefined) headers["content-type"] = "application/json; charset=utf-8";
    if (options.sandbox) headers["x-api-sandbox"] = "1";
    const overridden = options.methodOverride === true && ep.method !== "GET" && ep.method !== "POST";
    if (overridden) headers["x-http-method-override"] = ep.method;
    return { method: overridden ? "POST" : ep.method, path: `${prefix}${ep.path}${inQuery ? encodeQuery(sent) : ""}`, body, headers };
  }

  /** `revalidate`: the cached reply of a read, whose ETag the next attempt sends as `If-None-Match`. */
  function revalidate(call: PreparedCall): CachedReply | undefined {
    return call.cacheKey && !call.ropts.fresh ? etags.get(call.cacheKey) : undefined;
  }

  /** Keeps a read's reply under its ETag for {@link revalidate}, dropping the oldest past the cap. */
  function remember(cacheKey: string, etag: string, body: unknown): void {
    if (etags.size >= ETAG_MAX) etags.delete(etags.keys().next().value!);
    etags.set(cacheKey, { etag, body });
  }

  /** `send`: one attempt, through the shared limiter, which learns from the answer. */
  async function send(call: PreparedCall, attempt: number): Promise<Attempt> {
    const cached = revalidate(call);
    const headers = cached ? { ...call.headers, "if-none-match": cached.etag } : call.headers;
    const t0 = Date.now();
    let result: ExchangeResult;
    try {
      result = await limiter.schedule(
        () => transport.send({ method: call.method, path: call.path, headers, body: call.body, timeoutMs, signal: call.ropts.signal }),
        { giveUpAt: call.started + policy.maxElapsedMs },
      );
    } catch (err) {
      if (!(err instanceof RateLimitPause)) throw err;
      // Another request's 429 paused the account's limiter past this request's budget: fail
      // now, unsent, rather than hold the deployment or send before the API allows.
      throw call.fail({
        code: "rate-limited",
        message: `${call.ep.key} was not sent: the API asked to pause every request until ${new Date(err.resumeAt).toISOString()} (Retry-After), past this request's retry budget of ${policy.maxElapsedMs} ms`,
        retryAfterMs: Math.max(0, err.resumeAt - Date.now()),
      });
    }
    if (result.kind === "response") {
      // Answers teach the shared limiter: a 429 lowers the rate and pauses all requests (the
      // quota is the account's); any other answer below 500 is evidence that the rate may rise.
      // A 5xx says nothing about the quota, and an overloaded server is no reason to speed up.
      if (result.status === 429) limiter.rateLimited(rateLimitDelay(policy, attempt, result.headers["retry-after"]));
      else if (result.status < 500) limiter.answered();
    }
    const report: Attempt["report"] = (outcome, extra = {}) =>
      options.onRequest?.({
        endpoint: call.ep.key,
        method: call.ep.method,
        path: call.ep.path,
        attempt,
        outcome,
        durationMs: Date.now() - t0,
        ...extra,
      });
    return { result, cached, headers, report };
  }

  /**
   * `interpret`: what an attempt's answer means: the reply, a final failure (thrown), or a
   * failure the retry policy decides on.
   */
  async function interpret(call: PreparedCall, sent: Attempt): Promise<Verdict> {
    const { result } = sent;
    if (result.kind === "network") {
      const failure = call.fail({
        code: "transport",
        message: `${call.ep.key} could not reach the API: ${result.message}`,
        cause: { name: result.name, code: result.code, message: result.message },
      });
      return { failure, outcome: { kind: "network", sent: !wasNeverSent(result.code) } };
    }
    if (result.kind === "timeout") {
      return {
        failure: call.fail({ code: "timeout", message: `${call.ep.key} timed out after ${timeoutMs} ms` }),
        outcome: { kind: "timeout" },
      };
    }
    if (result.status === 304 && sent.cached) {
      sent.report("not-modified", { status: 304 });
      return { value: parseResponse(call.ep, call.safety, 200, sent.cached.body, call.hidden) };
    }
    return interpretAnswer(call, sent, result);
  }

  /** {@link interpret} for an HTTP answer other than a revalidated 304. */
  async function interpretAnswer(call: PreparedCall, sent: Attempt, result: HttpAnswer): Promise<Verdict> {
    const { ep } = call;
    const success = result.status >= 200 && result.status < 300;
    if (success && result.tooLarge) {
      // The API answered 2xx, so it acted: an oversized reply to a write is as unreadable as
      // a truncated one, and goes the same way (`unreadableSuccess`): `outcome-unknown` for a
      // create, an order or a call that must not be sent again (read, never sent again, or
      // the next `up` would refuse the object the create made); `bad-response` for a read or
      // a repeatable write, which the provider settles for idempotent creates
      // (provider/runtime/settle.ts, `createdBy`) and zone writes (resources/shared/zone.ts), and
      // which the next `up` or `destroy` sends again harmlessly for updates and deletes.
      const failure = unreadableSuccess(
        ep,
        call.safety,
        call.hidden,
        result.status,
        `${ep.key} answered ${result.status} with ${describeBody(result)}; raise the client's maxResponseBytes (reseller:maxResponseBytes) if replies this large are expected`,
      );
      sent.report("error", { status: result.status, errorCode: failure.code });
      throw failure;
    }
    const json = readJson(result);
    if (
      await routeIsMissing(
        ep,
        { method: call.method, path: call.path, headers: sent.headers },
        result,
        json.ok && result.text.trim() !== "" ? json.value : undefined,
        call.hidden,
      )
    ) {
      // Final: the API has no such route, so it did nothing, and a repeat gets the same answer.
      sent.report("error", { status: result.status, errorCode: "route-not-found" });
      throw call.fail({
        code: "route-not-found",
        status: result.status,
        message: routeNotFoundMessage(ep, ep.method, `HTTP ${result.status} with ${describeBody(result)}`),
      });
    }
    if (success) return { value: successValue(call, sent, result, json) };
    const location = result.headers.location;
    if (result.status >= 300 && result.status < 400 && location) {
      // The API answers JSON at fixed paths (catalog §7.1); a redirect means a wrong base URL or
      // path (http to https, a moved host). It is not followed: that would send the credential
      // headers to wherever the Location points.
      sent.report("error", { status: result.status, errorCode: "redirect" });
      throw call.fail({
        code: "redirect",
        status: result.status,
        message: `${ep.key} was redirected (HTTP ${result.status}) to ${redirectTarget(location, origin)}; redirects are not followed: check the API URL (reseller:apiUrl) and the operation's path`,
      });
    }
    const f = json.ok
      ? bodyFailure(json.value)
      : {
          text: result.tooLarge ? `(${describeBody(result)})` : result.text.slice(0, 200),
          errors: [],
          error: undefined,
          errorCode: undefined,
        };
    const failure = call.fail({
      code: classifyApiFailure(result.status, f.text),
      status: result.status,
      message: `${ep.key} failed with HTTP ${result.status}${f.text ? `: ${f.text}` : ""}`,
      apiError: f.error,
      apiErrorCode: f.errorCode,
      errors: f.errors,
      retryAfterMs: parseRetryAfter(result.headers["retry-after"]),
    });
    return { failure, outcome: { kind: "status", status: result.status, retryAfter: result.headers["retry-after"] } };
  }

  /** The reply of a 2xx, parsed with the operation's schema, or the failure it reports. */
  function successValue(call: PreparedCall, sent: Attempt, result: HttpAnswer, json: { ok: boolean; value: unknown }): unknown {
    const { ep } = call;
    if (!json.ok || result.text.trim() === "") {
      // Never quote a success body: with another field order the quoted part could hold a
      // password or a storage secret key the API returned. An empty body (or a 204) is no
      // answer either: every operation of the API replies with a JSON object (catalog §7.2),
      // so reading it as `{}` would turn "nothing said" into "an empty listing".
      const what = !json.ok ? "a body that is not JSON" : result.status === 204 ? "no content" : "an empty body";
      sent.report("error", { status: result.status, errorCode: "bad-response" });
      throw unreadableSuccess(
        ep,
        call.safety,
        call.hidden,
        result.status,
        `${ep.key} answered ${result.status} with ${what} (${describeBody(result)})`,
      );
    }
    const f = bodyFailure(json.value);
    if (f.failed) {
      sent.report("error", { status: result.status });
      throw call.fail({
        code: classifyApiFailure(result.status, f.text),
        status: result.status,
        message: `${ep.key} reported a failure: ${f.text || "success is false"}`,
        apiError: f.error,
        apiErrorCode: f.errorCode,
        errors: f.errors,
      });
    }
    const value = parseResponse(ep, call.safety, result.status, json.value, call.hidden);
    if (call.cacheKey && result.headers.etag) remember(call.cacheKey, result.headers.etag, json.value);
    sent.report("ok", { status: result.status });
    return value;
  }

  /**
   * `retry`: after a failed attempt, waits and returns when the policy sends the call again;
   * otherwise throws the failure, or `outcome-unknown` when the call may have acted.
   */
  async function retry(call: PreparedCall, sent: Attempt, attempt: number, failed: Failed): Promise<void> {
    const decision = decideRetry(policy, call.safety, attempt, Date.now() - call.started, failed.outcome);
    const status = sent.result.kind === "response" ? sent.result.status : undefined;
    if (decision.retry) {
      sent.report("retry", { status, errorCode: failed.failure.code });
      await sleep(decision.delayMs, call.ropts.signal);
      return;
    }
    sent.report("error", { status, errorCode: failed.failure.code });
    if (decision.outcomeUnknown) {
      throw call.fail({
        code: "outcome-unknown",
        status: failed.failure.status,
        message: `${call.ep.key} may or may not have been applied (${failed.failure.message}); it was not sent again. Read the current state before retrying.`,
        cause: { name: failed.failure.name, code: failed.failure.code, message: failed.failure.message },
      });
    }
    throw failed.failure;
  }

  /** Every call: prepare it, then send and interpret attempts until one answers or retry gives up. */
  async function request(idOrKey: string, params: Record<string, unknown> = {}, ropts: RequestOptions = {}): Promise<unknown> {
    const call = prepare(idOrKey, params, ropts);
    for (let attempt = 1; ; attempt++) {
      const sent = await send(call, attempt);
      const verdict = await interpret(call, sent);
      if ("value" in verdict) return verdict.value;
      await retry(call, sent, attempt, verdict);
    }
  }

  /**
   * A 2xx that cannot be understood: truncated, not JSON, empty, past `maxResponseBytes`, or
   * not the operation's shape. For a read or a repeatable write it is `bad-response`: sending it
   * again is harmless, and the provider settles a repeatable create by reading
   * (provider/runtime/settle.ts, `createdBy`). For an unsafe operation (a create, an order), or a call
   * that must not be sent again (`resend: false`, a delete an add of the same object follows),
   * the server acted before answering, so what it did is unknown: `outcome-unknown`, which the
   * caller settles by reading, never by sending again. `safety` is the call's, not the table's.
   * `hidden` are the secrets to redact (the request's, see `request`).
   */
  function unreadableSuccess(
    ep: EndpointDef,
    safety: EndpointDef["safety"],
    hidden: readonly string[],
    status: number,
    message: string,
    issues?: string[],
  ): ResellerApiError {
    if (safety !== "unsafe") return failWith(ep, { code: "bad-response", status, message, ...(issues ? { issues } : {}) }, hidden);
    return failWith(
      ep,
      {
        code: "outcome-unknown",
        status,
        message: `${ep.key} may or may not have been applied (${message}); it was not sent again. Read the current state before retrying.`,
        cause: { name: "ResellerApiError", code: "bad-response", message },
        ...(issues ? { issues } : {}),
      },
      hidden,
    );
  }

  function parseResponse(
    ep: EndpointDef,
    safety: EndpointDef["safety"],
    status: number,
    json: unknown,
    hidden: readonly string[],
  ): unknown {
    // v3 and v2 put the fields of many replies in `data`; the entry says where they belong, so
    // every version's reply parses into the one shape of the operation.
    const parsed = ep.response.safeParse(unwrapReply(ep, json));
    if (!parsed.success) {
      const issues = formatIssues(parsed.error.issues);
      throw unreadableSuccess(
        ep,
        safety,
        hidden,
        status,
        `${ep.key} answered ${status} with a body that does not match its schema: ${issues.join("; ")}`,
        issues,
      );
    }
    return parsed.data;
  }

  const client: Record<string, unknown> = {
    version,
    baseUrl,
    request,
    has: (id: string) => resolve(id) !== undefined,
    endpoint: resolve,
    close: () => transport.close(),
  };
  for (const ep of Object.values(endpoints as Record<string, EndpointDef>)) {
    if (ep.version !== version) continue;
    const [area, verb] = [ep.id.slice(0, ep.id.indexOf(".")), ep.id.slice(ep.id.indexOf(".") + 1)];
    const group = (client[area] ??= {}) as Record<string, unknown>;
    group[verb] = (params?: Record<string, unknown>, o?: RequestOptions) => request(ep.key, params, o);
  }
  return client as unknown as ResellerClient<V>;
}

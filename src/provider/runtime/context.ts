/**
 * What a resource operation works with: the configured client, the shared read cache, the
 * per-scope write queue and hosting addressing, for one reseller account.
 *
 * Hosting addressing across API versions is handled here once for every resource: v4 and v2
 * address a hosting account by `id` alone; v3 wants `id` and the account's `username` (legacy
 * document, 3.0.0 difference 2), looked up in the hosting accounts listing, `GET /v3/hostings`
 * -> `hosting_accounts[]{id, username}` (docs/evidence.md §6), read once per run through the
 * shared cache.
 *
 * State here is module-level on purpose: one provider process serves every dynamic resource of
 * a deployment, so one client, one limiter, one cache and one set of write queues
 * per account serve them all. A context is obtained for given account settings
 * ({@link contextFor}); what backs it is keyed by the account's connection (URL, API user,
 * version), never by anything a resource says, so nothing read for one account is ever served
 * to another, and two names for one account share its queues and its quota. Nothing here is ever
 * captured by the serialized shell: the shell `require`s the runtime by package name at call
 * time, which loads this module in the provider process (docs/decisions/0006).
 */
import { createHash } from "node:crypto";
import { createClient, type RequestOptions, type ResellerClient } from "../../client/client";
import type { ApiVersion, EndpointDef } from "../../client/endpoint";
import { isResellerApiError, ResellerApiError } from "../../client/errors";
import { overridesByVersion } from "../../client/overrides";
import { endpoints, type OperationId, type OperationParams, type OperationReply } from "../../client/endpoints";
import { createLimiter, type Limiter } from "../../client/limiter";
import { BatchQueue, type BatchOptions } from "./batch";
import { ReadCache, ScopeQueue, type Writer } from "./cache";
import { HOSTINGS_SCOPE } from "./scopes";
import {
  accountSettings,
  credentialKeys,
  readSettings,
  requireCredentials,
  type ProviderConfiguration,
  type ProviderSettings,
} from "../rules/config";

/** Where provider messages go: the engine's log under either host (engine-log.ts), the console in the toolkit. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** Shown only when the user asks for debug output (`pulumi up --logtostderr -v=9`, `--debug`). */
  debug?(message: string): void;
}

/**
 * The API surface a resource's operations see. Operations are named by id from the endpoint
 * table: a misspelt id or parameter does not compile, and each reply is typed as the client
 * returns it, parsed with the operation's response schema after v3 and v2 `data` envelopes are
 * undone (decision 0022). Where versions take different parameters (v3's hosting `username`),
 * `params` is the union of what they take.
 */
export interface ProviderContext {
  readonly version: ApiVersion;
  readonly settings: ProviderSettings;
  /** Whether the configured API version has operation `id` (static table; overrides cannot add one). */
  has(id: OperationId): boolean;
  /**
   * A read shared through the cache: concurrent and repeated calls with the same operation and
   * parameters make one request until a write invalidates one of `scopes` (`zone:example.com`).
   */
  read<Id extends OperationId>(id: Id, params: OperationParams<Id>, scopes: readonly string[]): Promise<OperationReply<Id>>;
  /** A request that bypasses the cache (reads that must be fresh, and writes that touch no shared scope). */
  request<Id extends OperationId>(id: Id, params: OperationParams<Id>): Promise<OperationReply<Id>>;
  /**
   * A write; afterwards (success or failure, since a failure may have applied) the scopes are
   * invalidated. `writers` names the objects it wrote when they are others than
   * {@link ProviderContext.writer} (a batch carries several); a write that names none drops the
   * scopes' entries for identity reads too. `options.resend: false` keeps the client from
   * sending it again once an attempt may have reached the API (provider/runtime/settle.ts, `settleDelete`).
   */
  write<Id extends OperationId>(
    id: Id,
    params: OperationParams<Id>,
    scopes: readonly string[],
    writers?: readonly Writer[],
    options?: Pick<RequestOptions, "resend">,
  ): Promise<OperationReply<Id>>;
  /** The object the operation creates, changes or deletes, when the runtime says (provider/runtime/cache.ts). */
  readonly writer?: Writer;
  /**
   * This context with identity reads: its cached reads look for {@link ProviderContext.writer}'s
   * object only, so they may be served what writes of other objects of its type dropped
   * (provider/runtime/cache.ts). For a definition's `find` before a create, never for reads whose
   * answer is the state, and only where the identity, as `check` normalizes it, names an object
   * one way: where the API adds to what a program declares (a database name is the same object
   * with or without the account's prefix), another name's write may be this object's, and `find`
   * reads through the context itself.
   */
  identityReads(): ProviderContext;
  /** Runs `task` after every earlier task of the same scope has finished. */
  serial<T>(scope: string, task: () => Promise<T>): Promise<T>;
  /**
   * Joins `item` to the open write batch of `scope`, which is sent through the same queue as
   * {@link serial} (so it runs after every earlier write of the scope); resolves or rejects when
   * `options.send` has settled this item.
   */
  batch<T>(scope: string, item: T, options: BatchOptions<T>): Promise<void>;
  /**
   * The parameters that address hosting account `hostingId`: `{ id }` on v4 and v2, and on v3
   * `{ id, username }` with the username looked up from the hosting accounts listing (cached).
   */
  hosting(hostingId: number): Promise<HostingAddress>;
  readonly log: Logger;
}

const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(`warning: ${m}`),
};

/**
 * Where contexts log when the caller names no logger. The console suits the testing toolkit, which
 * runs the runtime in the program's process; under the engine, both the dynamic-provider host
 * (`configure` in runtime.ts) and the provider plugin set the engine's `Log` call instead, since
 * only that makes a warning a warning.
 */
let defaultLogger: Logger = consoleLogger;

/**
 * Sets the logger of every context obtained without one (the provider plugin's engine log).
 *
 * @example
 * setDefaultLogger({ info: (m) => engineLog("info", m), warn: (m) => engineLog("warning", m) });
 */
export function setDefaultLogger(logger: Logger): void {
  defaultLogger = logger;
}

/**
 * What the operations of one account share in this process: its read cache and write queues,
 * its limiter (the API's quota is per account, decision 0015) and its clients (one per full set
 * of settings, so a reconfigured timeout gets a new client while the quota learned stays).
 */
interface AccountState {
  readonly cache: ReadCache;
  readonly queue: ScopeQueue;
  readonly batches: BatchQueue;
  readonly limiters: Map<string, Limiter>;
  readonly clients: Map<string, ResellerClient>;
}

const accounts = new Map<string, AccountState>();
let configured: ProviderConfiguration | undefined;

function hash(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16);
}

/** Connection identity for cache keys and scopes: URL, user and version (never the key itself). */
function connectionOf(s: ProviderSettings): string {
  return hash([s.apiUrl, s.apiUser ?? "", s.apiVersion]);
}

function accountStateOf(s: ProviderSettings): AccountState {
  const conn = connectionOf(s);
  let state = accounts.get(conn);
  if (!state) {
    const queue = new ScopeQueue();
    state = { cache: new ReadCache(s.readCacheTtlMs), queue, batches: new BatchQueue(queue), limiters: new Map(), clients: new Map() };
    accounts.set(conn, state);
  }
  return state;
}

function limiterFor(s: ProviderSettings): Limiter {
  // One limiter per account and process: the API's quota is per account, all resources of a
  // stack share this process, and what one account's 429s teach must not slow another (docs/decisions/0015).
  const { limiters } = accountStateOf(s);
  const key = `${s.maxConcurrency}/${s.initialRequestsPerMinute}/${s.minRequestsPerMinute}/${s.requestsPerMinute}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = createLimiter({
      concurrency: s.maxConcurrency,
      perMinute: s.requestsPerMinute,
      initialPerMinute: s.initialRequestsPerMinute,
      minPerMinute: s.minRequestsPerMinute,
    });
    limiters.set(key, limiter);
  }
  return limiter;
}

/**
 * The client of the account `s` describes, on its configured version or, for `reseller:routeFallback`,
 * on `version`; every client of one account shares its limiter, since the quota is the account's.
 */
function clientFor(s: ProviderSettings, version: ApiVersion = s.apiVersion): ResellerClient {
  const { apiUser, apiKey } = requireCredentials(s);
  const { clients } = accountStateOf(s);
  const key = hash([
    s.apiUrl,
    apiUser,
    apiKey,
    version,
    s.timeoutMs,
    s.maxResponseBytes,
    s.maxAttempts,
    s.retryBaseDelayMs,
    s.maxConcurrency,
    s.requestsPerMinute,
    s.initialRequestsPerMinute,
    s.minRequestsPerMinute,
    s.paramsInQuery,
    s.methodOverride,
    s.endpointOverrides,
    s.caCert ?? "",
    s.sandbox,
  ]);
  let client = clients.get(key);
  if (!client) {
    client = createClient({
      baseUrl: s.apiUrl,
      apiUser,
      apiKey,
      version,
      timeoutMs: s.timeoutMs,
      maxResponseBytes: s.maxResponseBytes,
      retry: { maxAttempts: s.maxAttempts, baseDelayMs: s.retryBaseDelayMs },
      limiter: limiterFor(s),
      paramsInQuery: s.paramsInQuery,
      methodOverride: s.methodOverride,
      overrides: s.endpointOverrides,
      ca: s.caCert,
      sandbox: s.sandbox,
    });
    clients.set(key, client);
  }
  return client;
}

/** What the debug log has named already: per connection, its overrides and each route used. */
const routesLogged = new Set<string>();

/**
 * Names in the debug log, once per process, the overrides in force for the account and the route
 * (and its evidence) each operation uses, so a wrong route can be traced from `pulumi up -v=9`.
 */
function logRoute(s: ProviderSettings, log: Logger, client: ResellerClient, id: string): void {
  if (!log.debug) return;
  const conn = connectionOf(s);
  if (!routesLogged.has(conn)) {
    routesLogged.add(conn);
    const overrides = overridesByVersion(s.endpointOverrides);
    log.debug(
      `reseller${s.account ? ` account "${s.account}"` : ""}: API ${s.apiVersion}, endpoint overrides in force: ${Object.keys(overrides).length > 0 ? JSON.stringify(overrides) : "none"}, route fallback: ${s.routeFallback}`,
    );
  }
  const ep = client.endpoint(id);
  if (!ep || routesLogged.has(`${conn}|${ep.key}`)) return;
  routesLogged.add(`${conn}|${ep.key}`);
  log.debug(
    `reseller: ${ep.id} uses API ${ep.version} ${ep.method} ${ep.path} (${ep.overridden ? "endpoint override" : `evidence: ${ep.evidence}`})`,
  );
}

/** v3 usernames of hosting accounts, per connection, for requests sent again on v3. */
const fallbackUsernames = new Map<string, Promise<Map<number, string>>>();

function takesUsername(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && "username" in shape;
}

/**
 * `params` as the v3 route of `id` takes them: v3 hosting operations want the account's
 * `username` beside its `id` (legacy document, 3.0.0 difference 2), looked up once per process
 * in the confirmed v3 hosting listing (docs/evidence.md §6), as `hostingAddress` below does.
 */
async function v3Params(
  s: ProviderSettings,
  client: ResellerClient,
  id: OperationId,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const ep = client.endpoint(id);
  if (!ep || !takesUsername(ep.request) || typeof params.id !== "number" || params.username !== undefined) return params;
  const conn = connectionOf(s);
  let names = fallbackUsernames.get(conn);
  if (!names) {
    names = client
      .request("hosting.listAccounts", {})
      .then((r) => new Map((r.hosting_accounts as { id: number; username: string }[]).map((h) => [h.id, h.username])));
    fallbackUsernames.set(conn, names);
    names.catch(() => fallbackUsernames.delete(conn));
  }
  const username = (await names).get(params.id);
  return username === undefined ? params : { ...params, username };
}

/**
 * Sends `id` on the account's version and, when `reseller:routeFallback` is `v3` and that version
 * has no such route (`route-not-found`), again on the operation's v3 route when the evidence for
 * it is `seed` or `confirmed` (decision 0032). Sending again is safe for every operation, unsafe
 * creates included: a `route-not-found` is an answer that proves the API did nothing (no route
 * took the request).
 */
async function sendOnRoute(
  s: ProviderSettings,
  log: Logger,
  id: OperationId,
  params: Record<string, unknown>,
  options?: RequestOptions,
): Promise<unknown> {
  try {
    return await sendOnRouteOnce(s, log, id, params, options);
  } catch (err) {
    throw withCredentialKeys(s, err);
  }
}

/**
 * A refusal of the credentials (`authentication`), its message completed with the keys they come
 * from: the API's own text ("Invalid API credentials") does not say where to put the right ones.
 * Other errors pass unchanged.
 */
function withCredentialKeys(s: ProviderSettings, err: unknown): unknown {
  if (!isResellerApiError(err, "authentication")) return err;
  return new ResellerApiError({ ...err, message: `${err.message}; check ${credentialKeys(s)}` });
}

async function sendOnRouteOnce(
  s: ProviderSettings,
  log: Logger,
  id: OperationId,
  params: Record<string, unknown>,
  options?: RequestOptions,
): Promise<unknown> {
  const client = clientFor(s);
  logRoute(s, log, client, id);
  try {
    return await client.request(id, params, options);
  } catch (err) {
    const twin = endpoints[`v3.${id}` as keyof typeof endpoints] as EndpointDef | undefined;
    const trusted = twin?.evidence === "confirmed" || twin?.evidence === "seed";
    if (s.routeFallback !== "v3" || s.apiVersion === "v3" || !trusted || !isResellerApiError(err, "route-not-found")) throw err;
    const v3 = clientFor(s, "v3");
    logRoute({ ...s, apiVersion: "v3" }, log, v3, id);
    return v3.request(id, await v3Params(s, v3, id, params), options);
  }
}

/**
 * Stores the configuration every later operation uses (called from the runtime's `configure`).
 *
 * @example
 * setConfiguration(readConfiguration(namespaced(req.config)));
 */
export function setConfiguration(configuration: ProviderConfiguration): void {
  configured = configuration;
}

/**
 * Stores the settings of the top-level keys, with no named account (tests, benchmarks).
 *
 * @example
 * setSettings(readSettings(namespaced(req.config)));
 */
export function setSettings(settings: ProviderSettings): void {
  setConfiguration({ settings, accounts: {} });
}

function configuration(): ProviderConfiguration {
  if (!configured) setSettings(readSettings({ get: () => undefined }));
  return configured!;
}

/**
 * The settings in force for `account` (a name of `reseller:accounts`), or for the top-level keys
 * when it is undefined: those given to `configure`, or, when the host never called it
 * (`@pulumi/pulumi` before 3.139), the environment alone. An account the configuration does not
 * name is an error saying which key to set.
 *
 * @example
 * currentSettings().apiVersion; // "v4"
 * currentSettings("brand-b").apiUrl;
 */
export function currentSettings(account?: string): ProviderSettings {
  return accountSettings(configuration(), account);
}

/**
 * The context for one operation on the account `settings` describe: its own client, limiter,
 * read cache and write queues, shared with every other context of the same account in this
 * process. `writer` is the object the operation writes, which its writes report to the cache;
 * `identityReads` makes the cached reads look for that object only (provider/runtime/cache.ts).
 *
 * @example
 * const ctx = contextFor(currentSettings("brand-b"));
 * const zone = await ctx.read("dns.getZone", { domain: "example.com" }, ["zone:example.com"]);
 */
export function contextFor(settings: ProviderSettings, log: Logger = defaultLogger, writer?: Writer): ProviderContext {
  const { cache, queue, batches } = accountStateOf(settings);
  cache.setTtl(settings.readCacheTtlMs);
  const conn = connectionOf(settings);
  const scoped = (scope: string) => `${conn}|${scope}`;
  // The client parses every reply with the schema of the entry it sent, so the reply is the
  // operation's type; the client's by-id overload answers a plain record, narrowed here once.
  const send = (id: OperationId, params: object, options?: RequestOptions) =>
    sendOnRoute(settings, log, id, params as Record<string, unknown>, options);
  const reader =
    (about: Writer | undefined): ProviderContext["read"] =>
    async (id, params, scopes) => {
      const key = `${conn}|${id}|${JSON.stringify(params)}`;
      return (await cache.get(key, scopes.map(scoped), () => send(id, params), about)) as never;
    };
  const ctx: ProviderContext = {
    version: settings.apiVersion,
    settings,
    log,
    writer,
    has: (id) => `${settings.apiVersion}.${id}` in endpoints,
    read: reader(undefined),
    request: (id, params) => send(id, params) as never,
    async write(id, params, scopes, writers, options) {
      try {
        return (await send(id, params, options)) as never;
      } finally {
        const about = writers ?? (writer ? [writer] : undefined);
        for (const s of scopes) cache.invalidate(scoped(s), about);
      }
    },
    identityReads: () => (identityView ??= identityViewOf(ctx)),
    serial: (scope, task) => queue.run(scoped(scope), task),
    batch: (scope, item, options) => batches.add(scoped(scope), item, options),
    hosting: (hostingId) => hostingAddress(ctx, hostingId),
  };
  // The same context whose cached reads look for the writer's object only: a view made when first
  // asked for (the read before a create), not a second context, so the account is looked up once
  // per operation.
  let identityView: ProviderContext | undefined;
  const identityViewOf = (base: ProviderContext): ProviderContext => {
    if (!writer) return base;
    const view: ProviderContext = {
      ...base,
      read: reader(writer),
      identityReads: () => view,
      hosting: (hostingId) => hostingAddress(view, hostingId),
    };
    return view;
  };
  return ctx;
}

/**
 * The context for one operation on `account` (a name of `reseller:accounts`), or on the account
 * of the top-level keys when it is undefined.
 *
 * @example
 * const ctx = currentContext(undefined, "brand-b");
 * const zone = await ctx.read("dns.getZone", { domain: "example.com" }, ["zone:example.com"]);
 */
export function currentContext(log: Logger = defaultLogger, account?: string, writer?: Writer): ProviderContext {
  return contextFor(currentSettings(account), log, writer);
}

/**
 * Forgets the settings, drops the cache and closes every client (tests; a long-lived process
 * that changes accounts).
 *
 * @example
 * afterAll(() => resetContext());
 */
export async function resetContext(): Promise<void> {
  configured = undefined;
  routesLogged.clear();
  fallbackUsernames.clear();
  const open = [...accounts.values()].flatMap((a) => [...a.clients.values()]);
  accounts.clear();
  await Promise.all(open.map((c) => c.close()));
}

/**
 * Drops cached reads only, of every account (tests that change the simulator out of band).
 *
 * @example
 * sim.store.zones["example.com"] = []; clearReadCache();
 */
export function clearReadCache(): void {
  for (const a of accounts.values()) a.cache.clear();
}

/** The parameters that address one hosting account. */
export interface HostingAddress {
  id: number;
  /** v3 only. */
  username?: string;
}

/** The v3 operation whose listing resolves usernames (docs/evidence.md §6). */
const V3_LISTING = "v3.hosting.listAccounts";

/** Address parameters for `hostingId` under the context's API version. */
export async function hostingAddress(ctx: ProviderContext, hostingId: number): Promise<HostingAddress> {
  if (ctx.version !== "v3") return { id: hostingId };
  const listing = await ctx.read("hosting.listAccounts", {}, [HOSTINGS_SCOPE]);
  const account = listing.hosting_accounts.find((h) => h.id === hostingId);
  if (!account) {
    const known = listing.hosting_accounts.map((h) => h.id).join(", ") || "none";
    // No HTTP status: the listing answered; the account is simply not in it.
    throw new ResellerApiError({
      code: "not-found",
      endpoint: V3_LISTING,
      message: `Hosting account ${hostingId} is not in this reseller account (API v3 hosting listing /v3/hostings; ids found: ${known})`,
    });
  }
  return { id: hostingId, username: account.username };
}

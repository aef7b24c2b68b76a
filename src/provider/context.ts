/**
 * What a resource operation works with: the configured client, the shared read cache, the
 * per-scope write queue and hosting addressing.
 *
 * State here is module-level on purpose: one provider process serves every dynamic resource of
 * a deployment (peers §4.1), so one client, one limiter and one cache per connection serve them
 * all. Nothing here is ever captured by the serialized shell: the shell `require`s the runtime
 * by package name at call time, which loads this module in the provider process (DESIGN §4).
 */
import { createHash } from "node:crypto";
import { createClient, type ResellerClient } from "../client/client";
import type { ApiVersion } from "../client/endpoint";
import { endpoints } from "../client/endpoints";
import { createLimiter, type Limiter } from "../client/limiter";
import { ReadCache, ScopeQueue } from "./cache";
import { readSettings, requireCredentials, type ProviderSettings } from "./config";
import { hostingAddress, type HostingAddress } from "./hosting";

/** Where provider messages go. The dynamic-provider host passes console output through (pulumi ≥ 3.146). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** The API surface a resource's operations see. */
export interface ProviderContext {
  readonly version: ApiVersion;
  readonly settings: ProviderSettings;
  /** Whether the configured API version has operation `id` (static table; overrides cannot add one). */
  has(id: string): boolean;
  /**
   * A read shared through the cache: concurrent and repeated calls with the same operation and
   * parameters make one request until a write invalidates one of `scopes` (`zone:example.com`).
   */
  read<T = Record<string, unknown>>(id: string, params: Record<string, unknown>, scopes: readonly string[]): Promise<T>;
  /** A request that bypasses the cache (reads that must be fresh, and writes that touch no shared scope). */
  request<T = Record<string, unknown>>(id: string, params: Record<string, unknown>): Promise<T>;
  /** A write; afterwards (success or failure, since a failure may have applied) the scopes are invalidated. */
  write<T = Record<string, unknown>>(id: string, params: Record<string, unknown>, scopes: readonly string[]): Promise<T>;
  /** Runs `task` after every earlier task of the same scope has finished. */
  serial<T>(scope: string, task: () => Promise<T>): Promise<T>;
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

const cache = new ReadCache(300_000);
const queue = new ScopeQueue();
const clients = new Map<string, ResellerClient>();
const limiters = new Map<string, Limiter>();
let configured: ProviderSettings | undefined;

function hash(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16);
}

/** Connection identity for cache keys and scopes: URL, user and version (never the key itself). */
function connectionOf(s: ProviderSettings): string {
  return hash([s.apiUrl, s.apiUser ?? "", s.apiVersion]);
}

function limiterFor(s: ProviderSettings): Limiter {
  // One limiter per account and process: the API's quota is per account, all resources of a
  // stack share this process, and what one account's 429s teach must not slow another (DESIGN §3, §4).
  const key = `${connectionOf(s)}|${s.maxConcurrency}/${s.initialRequestsPerMinute}/${s.minRequestsPerMinute}/${s.requestsPerMinute}`;
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

function clientFor(s: ProviderSettings): ResellerClient {
  const { apiUser, apiKey } = requireCredentials(s);
  const key = hash([s.apiUrl, apiUser, apiKey, s.apiVersion, s.timeoutMs, s.maxResponseBytes, s.maxAttempts, s.retryBaseDelayMs, s.maxConcurrency,
    s.requestsPerMinute, s.initialRequestsPerMinute, s.minRequestsPerMinute, s.paramsInQuery, s.methodOverride, s.endpointOverrides, s.caCert ?? "", s.sandbox]);
  let client = clients.get(key);
  if (!client) {
    client = createClient({
      baseUrl: s.apiUrl,
      apiUser,
      apiKey,
      version: s.apiVersion,
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

/**
 * Stores the settings every later operation uses (called from the runtime's `configure`).
 *
 * @example
 * setSettings(readSettings(namespaced(req.config)));
 */
export function setSettings(settings: ProviderSettings): void {
  configured = settings;
  cache.setTtl(settings.readCacheTtlMs);
}

/**
 * The settings in force: those given to `configure`, or, when the host never called it
 * (`@pulumi/pulumi` before 3.139), the environment alone.
 *
 * @example
 * currentSettings().apiVersion; // "v4"
 */
export function currentSettings(): ProviderSettings {
  if (!configured) setSettings(readSettings({ get: () => undefined }));
  return configured!;
}

/**
 * The context for one operation, bound to the current settings.
 *
 * @example
 * const ctx = currentContext();
 * const zone = await ctx.read("dns.getZone", { domain: "example.com" }, ["zone:example.com"]);
 */
export function currentContext(log: Logger = consoleLogger): ProviderContext {
  const settings = currentSettings();
  const conn = connectionOf(settings);
  const scoped = (scope: string) => `${conn}|${scope}`;
  const ctx: ProviderContext = {
    version: settings.apiVersion,
    settings,
    log,
    has: (id) => `${settings.apiVersion}.${id}` in endpoints,
    async read<T>(id: string, params: Record<string, unknown>, scopes: readonly string[]): Promise<T> {
      const key = `${conn}|${id}|${JSON.stringify(params)}`;
      return (await cache.get(key, scopes.map(scoped), () => clientFor(settings).request(id, params))) as T;
    },
    async request<T>(id: string, params: Record<string, unknown>): Promise<T> {
      return (await clientFor(settings).request(id, params)) as T;
    },
    async write<T>(id: string, params: Record<string, unknown>, scopes: readonly string[]): Promise<T> {
      try {
        return (await clientFor(settings).request(id, params)) as T;
      } finally {
        for (const s of scopes) cache.invalidate(scoped(s));
      }
    },
    serial: (scope, task) => queue.run(scoped(scope), task),
    hosting: (hostingId) => hostingAddress(ctx, hostingId),
  };
  return ctx;
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
  cache.clear();
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(open.map((c) => c.close()));
}

/**
 * Drops cached reads only (tests that change the simulator out of band).
 *
 * @example
 * sim.store.zones["example.com"] = []; clearReadCache();
 */
export function clearReadCache(): void {
  cache.clear();
}

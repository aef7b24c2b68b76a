/**
 * Performance: the web-server cache of a domain and the Memcached and Redis services.
 *
 * The document lists the control actions (on, off, start, stop, restart) and the `enabled` and
 * `active` flags but not the transitions (v4 document, "States and transitions"). The simulator's
 * model, which the Pulumi side and the tests rely on:
 * - `on` enables the service and `off` disables it, which also stops it;
 * - `start` runs an enabled service (400 when it is not enabled), `stop` stops it;
 * - `restart` needs an enabled service and leaves both flags and the items as they were;
 * - no action: nothing changes and the reply describes the state (the document marks
 *   `serviceAction` optional without saying what the call does without it);
 * - stopping or disabling Memcached loses its items (memory only); Redis keeps its keys
 *   (persisted to disk);
 * - flush needs a running service and empties it; the reply's `data` is `OK`, as both servers
 *   answer `flush_all` / `FLUSHALL`.
 * v3 wraps status and control in `data` (legacy document, differences 3 and 8), which the core
 * does as the table's rows say.
 */
import type { CacheServiceState, HostingState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { attachedDomain, DEMO_HOSTING, sampleAfter } from "./shared";

type Service = "memcached" | "redis";
const LABEL: Record<Service, string> = { memcached: "Memcached", redis: "Redis" };

function clearWebCache(ctx: OpContext<"cache.clearWebCache">) {
  const domain = attachedDomain(ctx.hosting(), ctx.params.domain);
  return { message: `Web-server cache of ${domain} cleared` };
}

function uptimeSeconds(service: CacheServiceState, now: Date): number {
  if (!service.startedAt) return 0;
  return Math.max(0, Math.floor((now.getTime() - Date.parse(service.startedAt)) / 1000));
}

/** A stable pseudo process id per account and service, so repeated reads agree. */
function pid(hosting: HostingState, name: Service): string {
  return String(20_000 + hosting.id * 10 + (name === "redis" ? 7 : 3));
}

/** Memcached `stats`: a flat object of strings (v4 document). */
function memcachedStats(hosting: HostingState, now: Date): Record<string, string> {
  const s = hosting.cache.memcached;
  const bytes = s.items * 512;
  return {
    pid: pid(hosting, "memcached"),
    uptime: String(uptimeSeconds(s, now)),
    time: String(Math.floor(now.getTime() / 1000)),
    version: "1.6.21",
    threads: "4",
    curr_connections: "2",
    total_connections: "2",
    curr_items: String(s.items),
    total_items: String(s.items),
    bytes: String(bytes),
    limit_maxbytes: "67108864",
    cmd_get: "0",
    cmd_set: String(s.items),
    get_hits: "0",
    get_misses: "0",
    evictions: "0",
  };
}

/** Redis `stats`: `INFO` sections with string values; Modules and Errorstats are null, Keyspace too when empty. */
function redisStats(hosting: HostingState, now: Date): Record<string, Record<string, string> | null> {
  const s = hosting.cache.redis;
  const uptime = uptimeSeconds(s, now);
  const used = 1_048_576 + s.items * 96;
  return {
    Server: {
      redis_version: "7.2.4",
      redis_mode: "standalone",
      os: "Linux 5.14.0 x86_64",
      arch_bits: "64",
      process_id: pid(hosting, "redis"),
      tcp_port: "0",
      uptime_in_seconds: String(uptime),
      uptime_in_days: String(Math.floor(uptime / 86_400)),
    },
    Clients: { connected_clients: "1", blocked_clients: "0", maxclients: "128" },
    Memory: {
      used_memory: String(used),
      used_memory_human: `${(used / 1_048_576).toFixed(2)}M`,
      maxmemory: "134217728",
      maxmemory_human: "128.00M",
      maxmemory_policy: "allkeys-lru",
    },
    Persistence: { loading: "0", rdb_changes_since_last_save: "0", rdb_last_bgsave_status: "ok", aof_enabled: "0" },
    Stats: {
      total_connections_received: "1",
      total_commands_processed: String(s.items),
      keyspace_hits: "0",
      keyspace_misses: "0",
      expired_keys: "0",
      evicted_keys: "0",
    },
    Replication: { role: "master", connected_slaves: "0" },
    CPU: { used_cpu_sys: "0.120000", used_cpu_user: "0.080000" },
    Modules: null,
    Errorstats: null,
    Cluster: { cluster_enabled: "0" },
    Keyspace: s.items > 0 ? { db0: `keys=${s.items},expires=0,avg_ttl=0` } : null,
  };
}

/** Status of a service; a service that is not running reports no counters. */
function status(ctx: SimContext, name: Service) {
  const hosting = ctx.hosting();
  const s = hosting.cache[name];
  const stats = !s.active ? {} : name === "memcached" ? memcachedStats(hosting, ctx.now()) : redisStats(hosting, ctx.now());
  return { enabled: s.enabled, active: s.active, stats };
}

function requireEnabled(s: CacheServiceState, name: Service, action: string): void {
  if (!s.enabled) {
    throw new SimError(400, `${LABEL[name]} is not enabled: turn it on (serviceAction "on") before "${action}"`);
  }
}

/** Applies a control action; returns the control result `{ message, raw }`. */
function control(ctx: OpContext<"cache.controlMemcached" | "cache.controlRedis">, name: Service): { message: string; raw: string } {
  const s = ctx.hosting().cache[name];
  const label = LABEL[name];
  const action = ctx.params.serviceAction;
  const stopped = () => {
    s.active = false;
    delete s.startedAt;
    if (name === "memcached") s.items = 0;
  };
  switch (action) {
    case "on":
      s.enabled = true;
      return { message: `${label} enabled`, raw: `${name}: enabled` };
    case "off":
      s.enabled = false;
      stopped();
      return { message: `${label} disabled`, raw: `${name}: disabled, stopped` };
    case "start":
      requireEnabled(s, name, action);
      if (!s.active) {
        s.active = true;
        s.startedAt = ctx.now().toISOString();
      }
      return { message: `${label} started`, raw: `${name}: active (running)` };
    case "stop":
      stopped();
      return { message: `${label} stopped`, raw: `${name}: inactive (dead)` };
    case "restart":
      requireEnabled(s, name, action);
      if (s.active) s.startedAt = ctx.now().toISOString();
      return { message: `${label} restarted`, raw: `${name}: ${s.active ? "active (running)" : "inactive (dead)"}` };
    default:
      return {
        message: `${label} is ${s.enabled ? "enabled" : "disabled"} and ${s.active ? "running" : "stopped"}`,
        raw: `${name}: ${s.active ? "active (running)" : "inactive (dead)"}`,
      };
  }
}

function flush(ctx: SimContext, name: Service) {
  const s = ctx.hosting().cache[name];
  if (!s.active) throw new SimError(400, `${LABEL[name]} is not running: start it before flushing`);
  s.items = 0;
  return { data: "OK" };
}

const { v4, v3 } = DEMO_HOSTING;

/** Prepares a sample: the service is enabled and running. */
const running = (name: Service) => (hosting: HostingState) => {
  hosting.cache[name].enabled = true;
  hosting.cache[name].active = true;
};

/** Handlers and samples of the performance operations. */
export const cacheArea: SimArea = {
  name: "cache",
  handlers: {
    "cache.clearWebCache": clearWebCache,
    "cache.getMemcached": (ctx) => status(ctx, "memcached"),
    "cache.controlMemcached": (ctx) => control(ctx, "memcached"),
    "cache.flushMemcached": (ctx) => flush(ctx, "memcached"),
    "cache.getRedis": (ctx) => status(ctx, "redis"),
    "cache.controlRedis": (ctx) => control(ctx, "redis"),
    "cache.flushRedis": (ctx) => flush(ctx, "redis"),
  },
  samples: {
    "v4.cache.clearWebCache": () => ({ ...v4, domain: "agency-demo.com" }),
    "v3.cache.clearWebCache": () => ({ ...v3, domain: "client-shop.net" }),
    "v4.cache.getMemcached": () => v4,
    "v3.cache.getMemcached": () => v3,
    "v4.cache.controlMemcached": () => ({ ...v4, serviceAction: "on" }),
    "v3.cache.controlMemcached": () => ({ ...v3, serviceAction: "on" }),
    "v4.cache.flushMemcached": sampleAfter(running("memcached"), v4),
    "v3.cache.flushMemcached": sampleAfter(running("memcached"), v3),
    "v4.cache.getRedis": sampleAfter(running("redis"), v4),
    "v3.cache.getRedis": () => v3,
    "v4.cache.controlRedis": () => ({ ...v4, serviceAction: "on" }),
    "v3.cache.controlRedis": () => ({ ...v3, serviceAction: "on" }),
    "v4.cache.flushRedis": sampleAfter(running("redis"), v4),
    "v3.cache.flushRedis": sampleAfter(running("redis"), v3),
  },
};

/**
 * Performance: the web-server cache of a domain, and the Memcached and Redis services of a hosting
 * account.
 *
 * v4 paths are pattern guesses (catalog §1 #46-52, INFERRED-L). v3 is listed by the legacy
 * document (catalog §2 #39-44, INFERRED-L paths) except the Redis flush, which we add on the same
 * pattern. v3 wraps status and control results in `data`; the flush result is a `data` string in
 * both versions (legacy document, differences 3 and 8). v2 has no performance operations.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, obj, optionalFields, str } from "../schemas";

/** What a control call does to the service (v4 document, Performance). */
export const SERVICE_ACTIONS = ["on", "off", "start", "stop", "restart"] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];
const serviceAction = z.enum(SERVICE_ACTIONS);

/**
 * Memcached counters: a flat object of string values (v4 document). Only common ones are named;
 * any other counter passes through.
 *
 * @example
 * memcachedStats.parse({ curr_items: "12", version: "1.6.21" });
 */
export const memcachedStats = obj(
  optionalFields({
    version: str(),
    uptime: str(),
    curr_items: str(),
    curr_connections: str(),
    bytes: str(),
    limit_maxbytes: str(),
    get_hits: str(),
    get_misses: str(),
  }),
);

/** A section of Redis `INFO`; the document says Modules, Errorstats and Keyspace may be null. */
const redisSection = obj({}).nullable().optional();

/**
 * Redis counters grouped by the sections of `INFO` (v4 document), values as strings.
 *
 * @example
 * redisStats.parse({ Server: { redis_version: "7.2.4" }, Keyspace: null });
 */
export const redisStats = obj({
  Server: redisSection,
  Clients: redisSection,
  Memory: redisSection,
  Persistence: redisSection,
  Stats: redisSection,
  Replication: redisSection,
  CPU: redisSection,
  Modules: redisSection,
  Errorstats: redisSection,
  Cluster: redisSection,
  Keyspace: redisSection,
});

const statusShape = <S extends z.ZodType>(stats: S) => ({ enabled: bool(), active: bool(), stats: stats.optional() });
const controlShape = { message: str().optional(), raw: str().optional() };
/** Flush result: `data` (string) in v4 and v3 alike. */
const flushResult = envelope({ data: str().optional() });

const controlV4 = z.strictObject({ ...hostingV4, serviceAction: serviceAction.optional() });
const controlV3 = z.strictObject({ ...hostingV3, serviceAction: serviceAction.optional() });

/**
 * Performance operations of v4 and v3.
 *
 * @example
 * await client.request("cache.controlRedis", { id: 101, serviceAction: "on" });
 * await client.request("cache.controlRedis", { id: 101, serviceAction: "start" });
 * const status = await client.request("v4.cache.getRedis", { id: 101 }); // { enabled: true, active: true, stats: {...} }
 */
export const cacheOperations = defineOperations({
  "cache.clearWebCache": {
    summary: "Clear the web-server cache of a domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/domain/cache", "INFERRED-L, catalog §1 #46"),
    v3: route("DELETE /v3/hosting/domain/cache", "INFERRED-L, catalog §2 #39", {
      request: z.strictObject({ ...hostingV3, domain: domainName }),
    }),
  },
  "cache.getMemcached": {
    summary: "Get the Memcached status and counters",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(statusShape(memcachedStats)),
    v4: route("GET /v4/hosting/memcached", "INFERRED-L, catalog §1 #47"),
    v3: route("GET /v3/hosting/memcached", "INFERRED-L, catalog §2 #40", { unwrap: true, request: z.strictObject({ ...hostingV3 }) }),
  },
  "cache.controlMemcached": {
    summary: "Turn Memcached on or off, start, stop or restart it",
    safety: "idempotent",
    envelope: true,
    request: controlV4,
    response: envelope(controlShape),
    v4: route("POST /v4/hosting/memcached", "INFERRED-L, catalog §1 #48"),
    v3: route("POST /v3/hosting/memcached", "INFERRED-L, catalog §2 #41", { unwrap: true, request: controlV3 }),
  },
  "cache.flushMemcached": {
    summary: "Expire every Memcached item",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: flushResult,
    v4: route("POST /v4/hosting/memcached/flush", "INFERRED-L, catalog §1 #49"),
    v3: route("POST /v3/hosting/memcached/flush", "INFERRED-L, catalog §2 #42", { request: z.strictObject({ ...hostingV3 }) }),
  },
  "cache.getRedis": {
    summary: "Get the Redis status and counters",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(statusShape(redisStats)),
    v4: route("GET /v4/hosting/redis", "INFERRED-L, catalog §1 #50"),
    v3: route("GET /v3/hosting/redis", "INFERRED-L, catalog §2 #43", { unwrap: true, request: z.strictObject({ ...hostingV3 }) }),
  },
  "cache.controlRedis": {
    summary: "Turn Redis on or off, start, stop or restart it",
    safety: "idempotent",
    envelope: true,
    request: controlV4,
    response: envelope(controlShape),
    v4: route("POST /v4/hosting/redis", "INFERRED-L, catalog §1 #51"),
    v3: route("POST /v3/hosting/redis", "INFERRED-L, catalog §2 #44", { unwrap: true, request: controlV3 }),
  },
  "cache.flushRedis": {
    summary: "Remove every Redis key of every database",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: flushResult,
    v4: route("POST /v4/hosting/redis/flush", "INFERRED-L, catalog §1 #52"),
    v3: route("POST /v3/hosting/redis/flush", "INFERRED-L: v4 path pattern, catalog §1 #52 (the v3 seed lists no Redis flush)", {
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
});

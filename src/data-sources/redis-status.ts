/**
 * `getRedisStatus`: whether Redis is enabled and running for a hosting account, with its `INFO`
 * sections (`cache.getRedis`, v4 and v3, INFERRED-L, catalog §1 #50 and §2 #43; v2 has none). Sections the
 * API sends as null (Modules, Errorstats, an empty Keyspace) are left out of `info`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, numberOf, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getRedisStatus}.
 */
export interface GetRedisStatusArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getRedisStatusOutput}.
 */
export type GetRedisStatusOutputArgs = OutputArgs<GetRedisStatusArgs>;

/**
 * Redis of a hosting account.
 *
 * @example
 * const { enabled, active, usedMemoryBytes } = await getRedisStatus({ hostingId: 101 });
 */
export interface GetRedisStatusResult {
  /** The hosting account read. */
  hostingId: number;
  /** Turned on for the account. */
  enabled: boolean;
  /** The server is running. */
  active: boolean;
  /** `Server.redis_version`; the figures below are absent while Redis is not running. */
  version?: string;
  /** `Server.uptime_in_seconds`. */
  uptimeSeconds?: number;
  /** `Memory.used_memory`. */
  usedMemoryBytes?: number;
  /** `Memory.maxmemory`. */
  maxMemoryBytes?: number;
  /** `Clients.connected_clients`. */
  connectedClients?: number;
  /** `INFO` sections (`Server`, `Memory`, `Keyspace`, ...) with their fields as text. */
  info: Record<string, Record<string, string>>;
}

const source = defineDataSource<GetRedisStatusArgs, GetRedisStatusArgs, GetRedisStatusResult>({
  name: "getRedisStatus",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["cache.getRedis"],
  run: async (call, a) => {
    const s = await call.hostingRequest("cache.getRedis", a.hostingId);
    const info: Record<string, Record<string, string>> = {};
    for (const [section, fields] of Object.entries(s.stats ?? {})) {
      if (fields === null || typeof fields !== "object") continue;
      info[section] = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    }
    return {
      hostingId: a.hostingId,
      enabled: s.enabled,
      active: s.active,
      version: info.Server?.redis_version,
      uptimeSeconds: numberOf(info.Server?.uptime_in_seconds),
      usedMemoryBytes: numberOf(info.Memory?.used_memory),
      maxMemoryBytes: numberOf(info.Memory?.maxmemory),
      connectedClients: numberOf(info.Clients?.connected_clients),
      info,
    };
  },
});

/**
 * Reads whether Redis is enabled and running for a hosting account, with its `INFO` sections (v4 and v3).
 *
 * @example
 * import { getRedisStatus } from "pulumi-hosting-reseller";
 * const redis = await getRedisStatus({ hostingId: 101 });
 * console.log(redis.active ? `Redis ${redis.version} up ${redis.uptimeSeconds}s` : "Redis is stopped");
 */
export function getRedisStatus(args: GetRedisStatusArgs): Promise<GetRedisStatusResult> {
  return source.get(args);
}

/**
 * {@link getRedisStatus} as a `pulumi.Output`.
 *
 * @example
 * export const redisMemory = getRedisStatusOutput({ hostingId: 101 }).usedMemoryBytes;
 */
export function getRedisStatusOutput(args: GetRedisStatusOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetRedisStatusResult> {
  return source.output(args, opts);
}

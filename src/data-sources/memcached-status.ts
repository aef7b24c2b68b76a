/**
 * `getMemcachedStatus`: whether Memcached is enabled and running for a hosting account, with its
 * counters (`cache.getMemcached`, v4 and v3, INFERRED-L, catalog §1 #47 and §2 #40; v2 has none). The API
 * sends the counters as strings (v4 document); the named ones are read as numbers here and the
 * whole set is kept as given in `stats`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, numberOf, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getMemcachedStatus}.
 */
export interface GetMemcachedStatusArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getMemcachedStatusOutput}.
 */
export type GetMemcachedStatusOutputArgs = OutputArgs<GetMemcachedStatusArgs>;

/**
 * Memcached of a hosting account.
 *
 * @example
 * const { enabled, active, currentItems } = await getMemcachedStatus({ hostingId: 101 });
 */
export interface GetMemcachedStatusResult {
  /** The hosting account read. */
  hostingId: number;
  /** Turned on for the account. */
  enabled: boolean;
  /** The daemon is running. */
  active: boolean;
  /** Memcached version (`version`); counters below are absent while it is not running. */
  version?: string;
  /** Seconds since Memcached started (`uptime`). */
  uptimeSeconds?: number;
  /** Items stored (`curr_items`). */
  currentItems?: number;
  /** Open connections (`curr_connections`). */
  currentConnections?: number;
  /** Bytes used (`bytes`). */
  bytes?: number;
  /** Memory limit in bytes (`limit_maxbytes`). */
  maxBytes?: number;
  /** Cache hits (`get_hits`). */
  hits?: number;
  /** Cache misses (`get_misses`). */
  misses?: number;
  /** Every counter as the API sends it. */
  stats: Record<string, string>;
}

const source = defineDataSource<GetMemcachedStatusArgs, GetMemcachedStatusArgs, GetMemcachedStatusResult>({
  name: "getMemcachedStatus",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["cache.getMemcached"],
  run: async (call, a) => {
    const s = await call.hostingRequest("cache.getMemcached", a.hostingId);
    const stats: Record<string, string> = {};
    for (const [k, v] of Object.entries(s.stats ?? {})) if (v !== undefined && v !== null) stats[k] = String(v);
    return {
      hostingId: a.hostingId,
      enabled: s.enabled,
      active: s.active,
      version: stats.version,
      uptimeSeconds: numberOf(stats.uptime),
      currentItems: numberOf(stats.curr_items),
      currentConnections: numberOf(stats.curr_connections),
      bytes: numberOf(stats.bytes),
      maxBytes: numberOf(stats.limit_maxbytes),
      hits: numberOf(stats.get_hits),
      misses: numberOf(stats.get_misses),
      stats,
    };
  },
});

/**
 * Reads whether Memcached is enabled and running for a hosting account, with its counters (v4 and v3).
 *
 * @example
 * import { getMemcachedStatus } from "pulumi-hosting-reseller";
 * const memcached = await getMemcachedStatus({ hostingId: 101 });
 * if (memcached.enabled && !memcached.active) console.warn("Memcached is enabled but not running");
 */
export function getMemcachedStatus(args: GetMemcachedStatusArgs): Promise<GetMemcachedStatusResult> {
  return source.get(args);
}

/**
 * {@link getMemcachedStatus} as a `pulumi.Output`.
 *
 * @example
 * export const memcachedRunning = getMemcachedStatusOutput({ hostingId: 101 }).active;
 */
export function getMemcachedStatusOutput(
  args: GetMemcachedStatusOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetMemcachedStatusResult> {
  return source.output(args, opts);
}

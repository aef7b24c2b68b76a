/**
 * `getDiskUsage`: bytes used per directory and per database (`stats.getDiskUsage`: v3 CONFIRMED,
 * catalog §4.1 S2 `getStatsDisk`; v2 CONFIRMED §3 #43; v4 INFERRED-M §1 #73).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getDiskUsage}.
 */
export interface GetDiskUsageArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getDiskUsageOutput}.
 */
export type GetDiskUsageOutputArgs = OutputArgs<GetDiskUsageArgs>;

/**
 * Disk usage of a hosting account, in bytes.
 *
 * @example
 * const { totalBytes, databases } = await getDiskUsage({ hostingId: 101 });
 */
export interface GetDiskUsageResult {
  /** The hosting account read. */
  hostingId: number;
  /** Sum of every directory and database (`total`). */
  totalBytes?: number;
  /** Bytes per directory path (`diskUsage`). */
  directories: Record<string, number>;
  /** Bytes per database name (`dbUsage`). */
  databases: Record<string, number>;
}

const source = defineDataSource<GetDiskUsageArgs, GetDiskUsageArgs, GetDiskUsageResult>({
  name: "getDiskUsage",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["stats.getDiskUsage"],
  run: async (call, a) => {
    const usage = await call.hostingRequest("stats.getDiskUsage", a.hostingId);
    return {
      hostingId: a.hostingId,
      totalBytes: usage.total,
      directories: { ...usage.diskUsage },
      databases: { ...usage.dbUsage },
    };
  },
});

/**
 * Reads the disk usage of a hosting account per directory and per database.
 *
 * @example
 * import { getDiskUsage } from "pulumi-hosting-reseller";
 * const { totalBytes } = await getDiskUsage({ hostingId: 101 });
 * console.log(`${((totalBytes ?? 0) / 2 ** 30).toFixed(2)} GiB used`);
 */
export function getDiskUsage(args: GetDiskUsageArgs): Promise<GetDiskUsageResult> {
  return source.get(args);
}

/**
 * {@link getDiskUsage} as a `pulumi.Output`.
 *
 * @example
 * export const diskBytes = getDiskUsageOutput({ hostingId: 101 }).totalBytes;
 */
export function getDiskUsageOutput(args: GetDiskUsageOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetDiskUsageResult> {
  return source.output(args, opts);
}

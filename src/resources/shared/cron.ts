/**
 * The cron listing of a hosting account, which holds its jobs and its cron e-mail address, so
 * `CronJob` and `CronEmail` (and `reseller generate`) read it the same way.
 *
 * API calls: `cron.list` (`crons[]{id, schedule, command}` and `cronEmail`; v4 beside the
 * envelope, v3 and v2 inside `data`, catalog §3 #23, CONFIRMED in v2).
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";

/** One job of the listing (`cronId` and `cron_id` are read as `id` by the client's schema). */
export interface CronEntry {
  id: number;
  schedule?: string;
  command?: string;
}

/** The cron listing of a hosting account: its jobs and the cron e-mail. */
export interface CronListing {
  crons: CronEntry[];
  cronEmail: string | null;
}

/**
 * Cache and write scope of the cron listing of one hosting account. The listing holds the jobs
 * and the cron e-mail, so `CronJob` and `CronEmail` share it.
 */
export function cronScope(hostingId: number): string {
  return `cron:${hostingId}`;
}

/**
 * The cron listing of a hosting account, or undefined when the account is gone (404). `fresh`
 * bypasses the read cache (before and after an add).
 */
export async function cronListing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<CronListing | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("cron.list", { ...address }) : ctx.read("cron.list", { ...address }, [cronScope(address.id)]),
  );
  if (reply === undefined) return undefined;
  return { crons: reply.crons, cronEmail: reply.cronEmail ?? null };
}

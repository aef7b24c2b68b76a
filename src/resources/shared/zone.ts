/**
 * Zone access shared by the DNS resources (`DnsRecordSet`, `DnsZone`): how a zone is addressed,
 * read through the shared cache, and written one change at a time per zone.
 *
 * API calls (hosting DNS, catalog §1 #14-#15, §2 #14-#15 CONFIRMED in v3, §4.2 for v2): the
 * zone is read with `dns.getZone` and changed with `dns.modifyZone`, whose rrsets each replace
 * the rrset of the same name and type (`records: []` deletes it; inferred from the v4 document,
 * "also deletes records").
 *
 * The zone is addressed by `domain`, plus the hosting account when `hostingId` is set (`id`, and
 * on v3 the looked-up `username`); without it the domain-only form is used, which the official
 * module sends for domains without hosting (catalog note under §1 #75).
 */
import type { DnsRRSet, DnsRRSetInput } from "../../client/dns-records";
import type { ProviderContext } from "../../provider/context";
import { unlessNotFound } from "../../provider/errors";

/** What a zone is addressed by. */
export interface ZoneRef {
  /** ASCII, lower case, no trailing dot. */
  domain: string;
  hostingId?: number;
}

/**
 * The cache and write-queue scope of one zone: writes invalidate its cached reads, and writes
 * to it run one at a time.
 */
export function zoneScope(domain: string): string {
  return `zone:${domain}`;
}

/** The parameters that address a zone under the context's API version. */
export async function zoneAddress(ctx: ProviderContext, v: ZoneRef): Promise<Record<string, unknown>> {
  return v.hostingId === undefined ? { domain: v.domain } : { ...(await ctx.hosting(v.hostingId)), domain: v.domain };
}

/**
 * The zone's rrsets as the API lists them, read through the shared cache (a refresh of many
 * resources of one zone reads it once) unless `fresh`, or undefined when the account has no
 * such zone.
 */
export async function readZone(ctx: ProviderContext, v: ZoneRef, fresh = false): Promise<DnsRRSet[] | undefined> {
  const address = await zoneAddress(ctx, v);
  // Not found: the domain (and so the zone) is gone from the account.
  const zone = await unlessNotFound(() =>
    fresh ? ctx.request<{ data: DnsRRSet[] }>("dns.getZone", address) : ctx.read<{ data: DnsRRSet[] }>("dns.getZone", address, [zoneScope(v.domain)]),
  );
  return zone?.data;
}

/**
 * Runs `task` after every earlier write to the same zone has finished. A read-modify-write (the
 * whole-zone resource) runs entirely inside it, so no other write to the zone lands in between.
 */
export function inZoneQueue<T>(ctx: ProviderContext, domain: string, task: () => Promise<T>): Promise<T> {
  return ctx.serial(zoneScope(domain), task);
}

/**
 * Sends rrset changes in one `dns.modifyZone` call and invalidates the zone's cached reads. The
 * caller serialises it with {@link inZoneQueue}.
 */
export async function sendZoneChanges(ctx: ProviderContext, v: ZoneRef, rrsets: readonly DnsRRSetInput[]): Promise<void> {
  await ctx.write("dns.modifyZone", { ...(await zoneAddress(ctx, v)), rrsets }, [zoneScope(v.domain)]);
}

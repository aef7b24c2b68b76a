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
import type { BatchEntry } from "../../provider/batch";
import type { Writer } from "../../provider/cache";
import type { ProviderContext } from "../../provider/context";
import type { HostingAddress } from "../../provider/hosting";
import { apiErrorCode, unlessNotFound } from "../../provider/errors";
import { normalizeRecordName } from "../../provider/names";
import { fromApiRecords, toApiRRSet, type DnsRecord, type DnsRecordSetInputs } from "./record-sets";

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
export async function zoneAddress(ctx: ProviderContext, v: ZoneRef): Promise<Partial<HostingAddress> & { domain: string }> {
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
    fresh ? ctx.request("dns.getZone", address) : ctx.read("dns.getZone", address, [zoneScope(v.domain)]),
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
export async function sendZoneChanges(ctx: ProviderContext, v: ZoneRef, rrsets: readonly DnsRRSetInput[], writers?: readonly Writer[]): Promise<void> {
  await ctx.write("dns.modifyZone", { ...(await zoneAddress(ctx, v)), rrsets: [...rrsets] }, [zoneScope(v.domain)], writers);
}

/** One record set to write: the set, its records (none: delete it) and the object the write is for. */
interface RecordSetWrite {
  set: Pick<DnsRecordSetInputs, "domain" | "name" | "type" | "ttl" | "hostingId">;
  records: readonly DnsRecord[];
  writer: Writer | undefined;
}

/**
 * Writes one record set (no records: deletes it), batched with the other record-set writes to
 * the same zone that are waiting at the same time: they go out as one `dns.modifyZone` carrying
 * all their rrsets, up to `writeBatchSize` of them (decision 0016). The batch runs in the zone's
 * write queue, after every earlier write to the zone; two writes of one name and type never
 * share a batch, so the delete and the create of a replacement keep their order.
 *
 * Resolves when this record set's change is applied, rejects with its own error otherwise.
 *
 * @example
 * await writeRecordSet(ctx, { domain: "example.com", name: "www", type: "A", ttl: 3600 }, [{ value: "198.51.100.7" }]);
 */
export function writeRecordSet(ctx: ProviderContext, set: RecordSetWrite["set"], records: readonly DnsRecord[]): Promise<void> {
  return ctx.batch<RecordSetWrite>(zoneScope(set.domain), { set, records, writer: ctx.writer }, {
    group: String(set.hostingId ?? ""),
    key: `${set.name}/${set.type}`,
    maxSize: ctx.settings.writeBatchSize,
    windowMs: ctx.settings.writeBatchWindowMs,
    send: (entries) => sendBatch(ctx, entries),
  });
}

/**
 * Error codes by which the API refuses a request before changing anything, and that one rrset
 * of a batch can earn on its own: the simulator checks every rrset before it applies any (a
 * `validation` answer leaves the zone as it was), and the real API answers invalid records with
 * 400 (inferred, catalog §7.6). Halving a refused batch finds the culprit without applying
 * anything twice.
 */
const REFUSED_PER_ENTRY = new Set(["validation", "conflict"]);

/**
 * Error codes that say the same of every entry (the credentials, the caller's IP, the zone
 * itself): the whole batch fails with it, as each write would have alone.
 */
const REFUSED_FOR_ALL = new Set(["authentication", "ip-not-allowed", "not-found", "rate-limited", "redirect"]);

async function sendBatch(ctx: ProviderContext, entries: readonly BatchEntry<RecordSetWrite>[]): Promise<void> {
  const first = entries[0]!.item.set;
  try {
    // The batch wrote each entry's object: identity reads of the zone's other record sets may
    // still use what it drops (provider/cache.ts); an entry the runtime did not name drops all.
    const writers = entries.map((e) => e.item.writer);
    const named = writers.every((w): w is Writer => w !== undefined) ? writers : undefined;
    await sendZoneChanges(ctx, first, entries.map((e) => toApiRRSet(e.item.set, e.item.records)), named);
    for (const e of entries) e.resolve();
    return;
  } catch (err) {
    const code = apiErrorCode(err);
    if (entries.length === 1 || (code !== undefined && REFUSED_FOR_ALL.has(code))) {
      for (const e of entries) e.reject(err);
      return;
    }
    if (code !== undefined && REFUSED_PER_ENTRY.has(code)) {
      // Nothing was applied: send each half on its own, down to the entry the API refuses.
      const half = Math.ceil(entries.length / 2);
      await sendBatch(ctx, entries.slice(0, half));
      await sendBatch(ctx, entries.slice(half));
      return;
    }
    // A server error, a timeout or a lost answer may have applied all, part or none of the
    // batch: read the zone back (the failed write dropped the cached copy) and settle each entry
    // by what the zone holds, so nothing applied is ever sent again.
    await settleByReading(ctx, first, entries, err);
  }
}

async function settleByReading(ctx: ProviderContext, ref: ZoneRef, entries: readonly BatchEntry<RecordSetWrite>[], err: unknown): Promise<void> {
  let zone: DnsRRSet[] | undefined;
  try {
    zone = await readZone(ctx, ref);
  } catch {
    for (const e of entries) e.reject(err);
    return;
  }
  for (const e of entries) {
    if (applied(zone ?? [], e.item)) e.resolve();
    else e.reject(err);
  }
}

/** Whether the zone holds what the write asked for (the set's records and TTL, or no set at all). */
function applied(zone: readonly DnsRRSet[], { set, records }: RecordSetWrite): boolean {
  const live = zone.find((r) => {
    if (r.type.toUpperCase() !== set.type) return false;
    const name = normalizeRecordName(r.name, set.domain);
    return name.ok && name.value === set.name;
  });
  if (records.length === 0) return !live || live.records.length === 0;
  if (!live || (live.ttl !== undefined && live.ttl !== set.ttl)) return false;
  const key = (r: DnsRecord) => `${r.priority ?? ""} ${r.value}`;
  const want = records.map(key).sort();
  const have = fromApiRecords(set.type, live.records, set.domain).map(key).sort();
  return want.length === have.length && want.every((k, i) => k === have[i]);
}

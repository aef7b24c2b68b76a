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
import { wasNeverSent } from "../../client/retry";
import type { BatchEntry } from "../../provider/runtime/batch";
import type { Writer } from "../../provider/runtime/cache";
import type { ProviderContext } from "../../provider/runtime/context";
import type { HostingAddress } from "../../provider/runtime/context";
import { apiErrorCode, messageOf, unlessNotFound } from "../../provider/lifecycle/errors";
import { readUntil, unsettledError } from "../../provider/runtime/settle";
import { normalizeRecordName, recordFqdn } from "../../util/names";
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
export async function sendZoneChanges(
  ctx: ProviderContext,
  v: ZoneRef,
  rrsets: readonly DnsRRSetInput[],
  writers?: readonly Writer[],
): Promise<void> {
  await ctx.write("dns.modifyZone", { ...(await zoneAddress(ctx, v)), rrsets: [...rrsets] }, [zoneScope(v.domain)], writers);
}

/** What a record-set write does for its resource, as its messages name it. */
export type RecordSetOperation = "create" | "update" | "delete";

/** An rrset written in the same request as a record set, and settled with it: its ownership marker. */
export interface CompanionWrite {
  set: Pick<DnsRecordSetInputs, "domain" | "name" | "type" | "ttl">;
  records: readonly DnsRecord[];
}

/** One record set to write: the set, its records (none: delete it) and the object the write is for. */
interface RecordSetWrite {
  set: Pick<DnsRecordSetInputs, "domain" | "name" | "type" | "ttl" | "hostingId">;
  records: readonly DnsRecord[];
  operation: RecordSetOperation;
  writer: Writer | undefined;
  companion: CompanionWrite | undefined;
}

/**
 * Writes one record set (no records: deletes it), batched with the other record-set writes to
 * the same zone that are waiting at the same time: they go out as one `dns.modifyZone` carrying
 * all their rrsets, up to `writeBatchSize` of them (decision 0016). The batch runs in the zone's
 * write queue, after every earlier write to the zone; two writes of one name and type never
 * share a batch, so the delete and the create of a replacement keep their order.
 *
 * `companion` (the record set's ownership marker, resources/shared/ownership.ts) goes in the same
 * request; whether the write was applied is judged by the record set alone.
 *
 * Resolves when this record set's change is applied, rejects with its own error otherwise. A
 * write whose outcome is unknown is settled by reading the zone within the same call (see
 * {@link settleByReading}); `operation` names it in the error when nothing settles it.
 *
 * @example
 * await writeRecordSet(ctx, { domain: "example.com", name: "www", type: "A", ttl: 3600 }, [{ value: "198.51.100.7" }], "create");
 */
export function writeRecordSet(
  ctx: ProviderContext,
  set: RecordSetWrite["set"],
  records: readonly DnsRecord[],
  operation: RecordSetOperation,
  companion?: CompanionWrite,
): Promise<void> {
  return ctx.batch<RecordSetWrite>(
    zoneScope(set.domain),
    { set, records, operation, writer: ctx.writer, companion },
    {
      group: String(set.hostingId ?? ""),
      key: `${set.name}/${set.type}`,
      maxSize: ctx.settings.writeBatchSize,
      windowMs: ctx.settings.writeBatchWindowMs,
      send: (entries) => sendBatch(ctx, entries),
    },
  );
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
 * Error codes that say the same of every entry (the credentials, the caller's IP, the zone, the route
 * itself): the whole batch fails with it, as each write would have alone.
 */
const REFUSED_FOR_ALL = new Set(["authentication", "ip-not-allowed", "not-found", "route-not-found", "rate-limited", "redirect"]);

/**
 * Whether a failed zone write may have been applied with nothing to say so: no answer (a timeout,
 * a connection lost after sending), an answer that cannot be read (a truncated, empty or
 * malformed 2xx, which the client calls `bad-response` since `dns.modifyZone` is repeatable), a
 * gateway error (502, 504: the backend may still act, as the client's retry policy holds), or
 * the client's own `outcome-unknown`. The client has already retried what it may; what is left
 * is settled by reading, never by sending again. A connection that was never made (refused, no
 * such host) sent nothing, so there is nothing to wait for.
 */
function mayHaveApplied(err: unknown): boolean {
  const code = apiErrorCode(err);
  const e = err as { status?: number; cause?: { code?: string } };
  if (code === "server") return e.status === 502 || e.status === 504;
  if (code === "transport") return !wasNeverSent(e.cause?.code);
  return code === "timeout" || code === "bad-response" || code === "outcome-unknown";
}

async function sendBatch(ctx: ProviderContext, entries: readonly BatchEntry<RecordSetWrite>[]): Promise<void> {
  const first = entries[0]!.item.set;
  try {
    // The batch wrote each entry's object: identity reads of the zone's other record sets may
    // still use what it drops (provider/runtime/cache.ts); an entry the runtime did not name drops all.
    const writers = entries.map((e) => e.item.writer);
    const named = writers.every((w): w is Writer => w !== undefined) ? writers : undefined;
    const rrsets = entries.flatMap(({ item }) => [
      toApiRRSet(item.set, item.records),
      ...(item.companion ? [toApiRRSet(item.companion.set, item.companion.records)] : []),
    ]);
    await sendZoneChanges(ctx, first, rrsets, named);
    for (const e of entries) e.resolve();
    return;
  } catch (err) {
    const code = apiErrorCode(err);
    if (mayHaveApplied(err)) {
      // All, part or none of the batch may have been applied, perhaps later than the failure:
      // each entry is settled by what the zone shows within the settle wait, never sent again
      // (docs/decisions/0029). A batch of one is settled the same way, so a create,
      // an update or a delete whose reply was truncated ends with what the zone holds.
      await settleByReading(ctx, first, entries, err, ctx.settings.settleWaitMs);
      return;
    }
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
    // Any other answered failure (a 500, a 503 after the client's retries) says the server did
    // not finish the request, but part of a batch may have been applied: one read of the zone
    // settles each entry, and the others get the server's error.
    await settleByReading(ctx, first, entries, err, 0);
  }
}

/** Who an entry's messages name: its type and id. */
function subjectOf({ set }: RecordSetWrite): string {
  return `DnsRecordSet ${set.domain}/${set.name}/${set.type}`;
}

/** What the next run does about a record-set write that nothing settled, per operation. */
const NEXT_RUN: Record<RecordSetOperation, string> = {
  create:
    "Whether the API wrote it is unknown: if the zone shows it later, the next `pulumi up` of this resource on this machine takes it into state as this stack's own create (recorded before the request was sent), and one without that record stops before writing and names it (declare `adopt: true` to take it over); if it never does, the next `pulumi up` creates it.",
  update:
    "State keeps the records it had, so the next `pulumi up` compares them with the declaration again and writes the record set if they differ.",
  delete:
    "The record set stays in state, so the next `pulumi destroy` or `pulumi up` deletes it again; a record set already gone counts as deleted.",
};

/**
 * Settles each entry of a batch whose outcome is not known by reading the zone afresh, every
 * read serving every entry still open, until each shows what its write asked for or `waitMs`
 * has passed (a slow API applies or lists a write late: the simulator's `delayed-apply`, the
 * catalog's note that listings lag, §7.3, inferred). An entry shown applied succeeds: a create
 * goes into state as declared, since the zone holds exactly its records and TTL. An entry not
 * shown gets its own error: after a wait, that it may or may not have been applied and was not
 * sent again (provider/runtime/settle.ts); with no wait (an answered failure), the API's error.
 *
 * It runs in the zone's write queue, so no later write of the zone changes what it reads.
 */
async function settleByReading(
  ctx: ProviderContext,
  ref: ZoneRef,
  entries: readonly BatchEntry<RecordSetWrite>[],
  err: unknown,
  waitMs: number,
): Promise<void> {
  let open = [...entries];
  const polled = await readUntil(waitMs, async () => {
    const zone = (await readZone(ctx, ref, true)) ?? [];
    open = open.filter((e) => {
      if (!applied(zone, e.item)) return true;
      if (waitMs > 0)
        ctx.log.info(
          `${subjectOf(e.item)}: the ${e.item.operation}'s reply was lost or unreadable (${messageOf(err)}); the zone shows it applied, so it was not sent again`,
        );
      e.resolve();
      return false;
    });
    return open.length === 0;
  });
  for (const e of open) {
    if (waitMs === 0) e.reject(err);
    else {
      e.reject(
        unsettledError(polled, {
          subject: subjectOf(e.item),
          operation: e.item.operation,
          lost: err,
          readsWhat: "of the zone",
          notFound: e.item.records.length === 0 ? "still showed the record set" : "did not show its records",
          next: NEXT_RUN[e.item.operation],
          waitMs,
        }),
      );
    }
  }
}

/**
 * The rrsets of each zone reply by name (as `check` writes it, relative to `domain`) and type:
 * the API may spell a name any way (Unicode, upper case, absolute), and normalizing every name of
 * the zone for each record set read cost a third of the provider host's CPU refreshing 500 record
 * sets (`npm run bench`). A cached reply is one frozen value shared by every reader (decision
 * 0005), so its index is built once.
 */
const indexes = new WeakMap<readonly DnsRRSet[], Map<string, Map<string, DnsRRSet>>>();

/**
 * The rrset of `name` and `type` in a zone reply of `domain`, or undefined; the first, should the
 * API list one twice.
 *
 * @example
 * rrsetIn(zone.data, "example.com", "www", "A")?.records;
 */
export function rrsetIn(zone: readonly DnsRRSet[], domain: string, name: string, type: string): DnsRRSet | undefined {
  let byDomain = indexes.get(zone);
  if (!byDomain) indexes.set(zone, (byDomain = new Map()));
  let index = byDomain.get(domain);
  if (!index) {
    index = new Map();
    for (const r of zone) {
      const n = normalizeRecordName(r.name, domain);
      const key = n.ok ? `${n.value} ${r.type.toUpperCase()}` : undefined;
      if (key !== undefined && !index.has(key)) index.set(key, r);
    }
    byDomain.set(domain, index);
  }
  return index.get(`${name} ${type}`);
}

/**
 * Why a record set of `type` at `name` cannot be added beside what the zone holds, or undefined:
 * a CNAME where the zone has records of another type at that name, or another type where it has
 * a CNAME. A name with a CNAME has no other data (RFC 1034 §3.6.2), and the API refuses such a
 * write (the simulator does too), so this is found in the read made before the write instead.
 *
 * @example
 * cnameClash(zone.data, "example.com", "www", "A"); // "the zone has a CNAME record set at www.example.com., ..."
 */
export function cnameClash(zone: readonly DnsRRSet[], domain: string, name: string, type: string): string | undefined {
  const atName = zone.filter((r) => {
    const n = normalizeRecordName(r.name, domain);
    return n.ok && n.value === name && r.records.length > 0 && r.type.toUpperCase() !== type;
  });
  const clashing = (type === "CNAME" ? atName : atName.filter((r) => r.type.toUpperCase() === "CNAME")).map((r) => r.type.toUpperCase());
  if (clashing.length === 0) return undefined;
  const where = recordFqdn(name, domain);
  const what = type === "CNAME" ? `${[...new Set(clashing)].join(", ")} records` : "a CNAME record set";
  return `the zone has ${what} at ${where}, and a CNAME shares its name with no other records (RFC 1034 §3.6.2); nothing was changed`;
}

/** Whether the zone holds what the write asked for (the set's records and TTL, or no set at all). */
function applied(zone: readonly DnsRRSet[], { set, records }: RecordSetWrite): boolean {
  const live = rrsetIn(zone, set.domain, set.name, set.type);
  if (records.length === 0) return !live || live.records.length === 0;
  if (!live || (live.ttl !== undefined && live.ttl !== set.ttl)) return false;
  const key = (r: DnsRecord) => `${r.priority ?? ""} ${r.value}`;
  const want = records.map(key).sort();
  const have = fromApiRecords(set.type, live.records, set.domain).map(key).sort();
  return want.length === have.length && want.every((k, i) => k === have[i]);
}

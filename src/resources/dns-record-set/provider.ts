/**
 * DnsRecordSet lifecycle: all records of one name and type in a zone.
 *
 * API calls (hosting DNS, catalog §1 #14-#15, §2 #14-#15 CONFIRMED in v3, §4.2 for v2):
 * - read: `dns.getZone` (the whole zone; shared through the read cache, so a refresh of many
 *   record sets reads each zone once);
 * - create and update: `dns.modifyZone` with this one rrset, which replaces the rrset of the same
 *   name and type and leaves the others alone;
 * - delete: `dns.modifyZone` with `records: []`, which removes the rrset (inferred: the v4
 *   document says the operation "also deletes records", and the rrset form has no other way).
 *
 * Writes to one zone go one request at a time, and each invalidates the zone's cached read. The
 * modify call takes only the changed rrsets, so no read-modify-write is needed, and the writes
 * of many record sets waiting at once go out as one call carrying all their rrsets (decision
 * 0016); serialising still keeps concurrent writes from racing on a server that rewrites the
 * zone as a whole.
 *
 * `dns.modifyZone` is repeatable, so the client retries it where a retry is safe; a write whose
 * outcome stays unknown (no reply, or a 2xx cut short or unreadable) is settled by reading the
 * zone within the same create, update or delete, never sent again (shared/zone.ts, decision 0029).
 *
 * The zone is addressed by `domain`, plus the hosting account when `hostingId` is set (`id`, and
 * on v3 the looked-up `username`); without it the domain-only form is used, which the official
 * module sends for domains without hosting (catalog note under §1 #75).
 */
import type { DnsRecordType, DnsRRSet } from "../../client/dns-records";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource, type ExistingObject } from "../../provider/lifecycle/define";
import { apiErrorCode } from "../../provider/lifecycle/errors";
import { normalizeDomain, normalizeRecordName, recordFqdn } from "../../util/names";
import { dnsRecordSetInputs, fromApiRecords, normalizeDnsRecordSet } from "../shared/record-sets";
import { markerOwner, markerWrite } from "../shared/ownership";
import { cnameClash, readZone, rrsetIn, writeRecordSet, type RecordSetOperation } from "../shared/zone";
import type { DnsRecordSetInputs, DnsRecordSetOutputs } from "./schema";

type Inputs = DnsRecordSetInputs;
type Outputs = DnsRecordSetOutputs;

/**
 * The record set's id: `<zone>/<name>/<type>` with the name relative (`@` for the apex).
 *
 * @example
 * recordSetId({ domain: "example.com", name: "www", type: "A" }); // "example.com/www/A"
 */
export function recordSetId(v: { domain: string; name: string; type: string }): string {
  return `${v.domain}/${v.name}/${v.type}`;
}

/**
 * What an id names, or undefined when it is not `<zone>/<name>/<type>`.
 *
 * @example
 * parseRecordSetId("Example.com/WWW/a"); // { domain: "example.com", name: "www", type: "A" }
 */
export function parseRecordSetId(id: string): Pick<Inputs, "domain" | "name" | "type"> | undefined {
  const parts = id.split("/");
  if (parts.length !== 3) return undefined;
  const zone = normalizeDomain(parts[0]!);
  const type = parts[2]!.trim().toUpperCase();
  if (!zone.ok || !dnsRecordSetInputs.type.safeParse(type).success) return undefined;
  const name = normalizeRecordName(parts[1]!, zone.value);
  if (!name.ok) return undefined;
  return { domain: zone.value, name: name.value, type: type as DnsRecordType };
}

/** The rrset of the record set's zone, name and type, or undefined (no zone, or no such rrset, or an empty one). */
async function liveRRSet(ctx: ProviderContext, v: Pick<Inputs, "domain" | "name" | "type" | "hostingId">, fresh: boolean) {
  // No zone (the domain is gone from the account): no record set either.
  const zone = await readZone(ctx, v, fresh);
  const rrset = zone && rrsetIn(zone, v.domain, v.name, v.type);
  return rrset && rrset.records.length > 0 ? rrset : undefined;
}

/**
 * The owner another stack's marker names for the record set, read afresh, or undefined when the
 * marker is this stack's, absent, or `reseller:recordOwner` is unset (decision 0034).
 */
async function otherOwner(ctx: ProviderContext, v: Pick<Inputs, "domain" | "name" | "type" | "hostingId">): Promise<string | undefined> {
  const owner = ctx.settings.recordOwner;
  if (owner === undefined) return undefined;
  const zone = await readZone(ctx, v, true);
  const marked = zone && markerOwner(zone, v);
  return marked !== undefined && marked !== owner ? marked : undefined;
}

/** Writes the record set (no records: deletes it), with its ownership marker when the stack has an owner name. */
function writeOwned(ctx: ProviderContext, v: Inputs, records: Inputs["records"], operation: RecordSetOperation): Promise<void> {
  const owner = ctx.settings.recordOwner;
  return writeRecordSet(ctx, v, records, operation, owner === undefined ? undefined : markerWrite(v, owner, records.length === 0));
}

/** What the marker of another owner means for this stack, in its messages. */
function ownedBy(v: Pick<Inputs, "domain" | "name" | "type">, other: string): string {
  return `DnsRecordSet ${recordSetId(v)}: the zone's ownership marker names the stack "${other}" as its owner, not this one (reseller:recordOwner)`;
}

/** The record set found at the declared identity, as a refused takeover names it, with its ownership marker's owner. */
function existing(inputs: Inputs, rrset: DnsRRSet, zone: readonly DnsRRSet[]): ExistingObject {
  const values = fromApiRecords(inputs.type, rrset.records, inputs.domain).map((r) =>
    r.priority === undefined ? r.value : `${r.priority} ${r.value}`,
  );
  const shown = values.slice(0, 3).join(", ") + (values.length > 3 ? ", ..." : "");
  const marked = markerOwner(zone, inputs);
  return {
    id: recordSetId(inputs),
    description:
      `the ${inputs.type} record set ${recordFqdn(inputs.name, inputs.domain)} (${values.length} record${values.length === 1 ? "" : "s"}: ${shown}` +
      `${marked === undefined ? "" : `; its ownership marker names the stack "${marked}"`})`,
  };
}

function outputsOf(v: Inputs): Outputs {
  return { ...v, fqdn: recordFqdn(v.name, v.domain) };
}

/**
 * The DnsRecordSet declaration: identity is zone, name and type; a change of any of them
 * replaces the set, deleting the old one first, because a CNAME and other records cannot exist
 * at one name at the same time (RFC 1034 §3.6.2; the API refuses it), so turning a CNAME set
 * into an A set at the same name must remove the CNAME before adding the A records.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DnsRecordSet").id.format; // "<zone>/<name>/<type>"
 */
export const dnsRecordSetDefinition = defineResource<typeof dnsRecordSetInputs, Inputs, Outputs>({
  type: "DnsRecordSet",
  inputs: dnsRecordSetInputs,
  normalize: normalizeDnsRecordSet,
  identity: ["domain", "name", "type"],
  replaceOn: ["domain", "name", "type"],
  deleteBeforeReplace: true,
  secretOutputs: [],
  id: {
    format: "<zone>/<name>/<type> (name relative, @ for the apex), e.g. example.com/www/A",
    build: (v) => recordSetId(v),
    parse: (id) => parseRecordSetId(id),
  },
  onMissing: "remove",
  diff: {
    // `hostingId` only chooses how the zone is addressed (with the hosting account, or by the
    // domain alone); the record set is the same either way, and an import by id cannot know it.
    ignore: ["hostingId"],
  },
  requires: () => [{ property: "records", operations: ["dns.getZone", "dns.modifyZone"] }],

  async find(ctx, inputs, { fresh }) {
    // `check` normalizes every part of the identity (domain to ASCII, names, type), so it names
    // one record set one way: the read before a create may be served a zone that this process's
    // writes of other record sets dropped (provider/runtime/cache.ts, docs/decisions/0016).
    const reads = fresh ? ctx : ctx.identityReads();
    const zone = await readZone(reads, inputs, fresh);
    // The read before a create (not fresh; a fresh one settles a write already sent) refuses a
    // CNAME beside other records at its name before anything is written. It may be a shared read
    // from before this process's own writes of other identities (the delete of the CNAME a
    // replacement turns into an A set), so a clash is confirmed by a fresh read before it is
    // refused. What no read before the write can see: another DnsRecordSet of the same program
    // at that name created in the same run; the API refuses that write (RFC 1034 §3.6.2).
    if (!fresh && zone && cnameClash(zone, inputs.domain, inputs.name, inputs.type) !== undefined) {
      const now = await readZone(reads, inputs, true);
      const clash = now && cnameClash(now, inputs.domain, inputs.name, inputs.type);
      if (clash) throw new Error(`DnsRecordSet ${inputs.type} ${recordFqdn(inputs.name, inputs.domain)}: ${clash}`);
      const live = now && rrsetIn(now, inputs.domain, inputs.name, inputs.type);
      return live && live.records.length > 0 ? existing(inputs, live, now) : undefined;
    }
    const live = zone && rrsetIn(zone, inputs.domain, inputs.name, inputs.type);
    return zone && live && live.records.length > 0 ? existing(inputs, live, zone) : undefined;
  },

  async create(ctx, inputs) {
    // The modify call replaces an rrset of the same name and type if the zone has one (the
    // default zone's `@ A`, for instance): the runtime's `find` has refused that unless the
    // user set `adopt: true`.
    await writeOwned(ctx, inputs, inputs.records, "create");
    // Two stacks that read the zone at the same moment both found nothing and both wrote; the
    // marker of the write that landed last is the zone's now. A stack whose marker was replaced
    // takes nothing into state, so its destroy can never delete the other's records.
    const other = await otherOwner(ctx, inputs);
    if (other !== undefined) {
      throw new Error(
        `${ownedBy(inputs, other)}: that stack wrote the record set at the same moment as this one, and its write landed last. ` +
          "This stack's records were replaced, and the record set is not taken into this stack's state. Declare it in one stack only.",
      );
    }
    return { id: recordSetId(inputs), outs: outputsOf(inputs) };
  },

  async read(ctx, { key, props }) {
    const v = { ...key, ...(props ?? {}) } as Partial<Outputs> & Pick<Inputs, "domain" | "name" | "type">;
    const rrset = await liveRRSet(ctx, v, false);
    if (!rrset) return undefined;
    const marked = ctx.settings.recordOwner === undefined ? undefined : markerOwner((await readZone(ctx, v, false)) ?? [], v);
    if (marked !== undefined && marked !== ctx.settings.recordOwner) {
      ctx.log.warn(`${ownedBy(v, marked)}; this stack's update leaves it unchanged and its destroy removes it from the state only.`);
    }
    const outs: Outputs = {
      domain: v.domain,
      name: v.name,
      type: v.type,
      ttl: rrset.ttl ?? v.ttl ?? 14400,
      records: fromApiRecords(v.type, rrset.records, v.domain),
      ...(v.hostingId !== undefined ? { hostingId: v.hostingId } : {}),
      fqdn: recordFqdn(v.name, v.domain),
    };
    return { outs };
  },

  async update(ctx, _id, _olds, news) {
    const other = await otherOwner(ctx, news);
    if (other !== undefined) {
      throw new Error(
        `${ownedBy(news, other)}. Nothing was changed: remove the record set from this program, or from the other stack's and then run \`pulumi up\` here.`,
      );
    }
    await writeOwned(ctx, news, news.records, "update");
    return outputsOf(news);
  },

  async delete(ctx, _id, props) {
    const other = await otherOwner(ctx, props);
    if (other !== undefined) {
      // The records are the other stack's: this stack only lets go of them.
      ctx.log.warn(`${ownedBy(props, other)}; it was left in the zone and removed from this stack's state only.`);
      return;
    }
    try {
      await writeOwned(ctx, props, [], "delete");
    } catch (err) {
      // The zone itself is gone (domain removed from the account): nothing left to delete.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

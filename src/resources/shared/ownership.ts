/**
 * Ownership markers of record sets (`reseller:recordOwner`, decision 0034): a TXT record beside
 * each record set a stack writes, naming the stack, so that two stacks declaring one record set
 * do not both manage it.
 *
 * The API documents no conditional write (`dns.modifyZone` replaces an rrset whatever it held,
 * catalog §1 #15 confirmed in v3), so two stacks that read a zone at the same moment both see
 * nothing and both write. What a marker gives is a record of who wrote last: the marker goes in
 * the same `dns.modifyZone` request as the records (the simulator applies a request whole; the
 * real API's atomicity is inferred), so the zone's marker names the stack whose records are
 * live. A stack whose records were replaced learns it from the marker: its create fails when it
 * reads the other's marker after its own write, and its update and destroy leave the record set
 * alone. The scheme is the one external-dns keeps in its TXT registry.
 *
 * The marker of the record set `<name>` `<type>` is the TXT rrset
 * `_reseller-owner-<type>.<name>` (at the apex `_reseller-owner-<type>`); a leading `*` label is
 * spelt `_wildcard`, since a `*` anywhere but first is not a wildcard and not a host name. Its
 * one record is `"heritage=pulumi-hosting-reseller,owner=<recordOwner>"`.
 */
import type { DnsRRSet } from "../../client/dns-records";
import type { DnsRecord, DnsRecordSetInputs } from "./record-sets";
import { fromApiRecords } from "./record-sets";
import { rrsetIn } from "./zone";

/** The first label's prefix of every marker. */
export const OWNER_MARKER_PREFIX = "_reseller-owner-";

/** The TTL of a marker: it is read by this package only, never by resolvers that cache it. */
export const OWNER_MARKER_TTL = 3600;

/** What the marker's text starts with, so that a TXT written by anything else is never read as one. */
const HERITAGE = "heritage=pulumi-hosting-reseller,owner=";

/**
 * The marker's name, relative to the zone, for a record set's relative name and type.
 *
 * @example
 * markerName("www", "A"); // "_reseller-owner-a.www"
 * markerName("@", "MX"); // "_reseller-owner-mx"
 * markerName("*.dev", "A"); // "_reseller-owner-a._wildcard.dev"
 */
export function markerName(name: string, type: string): string {
  const first = `${OWNER_MARKER_PREFIX}${type.toLowerCase()}`;
  if (name === "@") return first;
  return `${first}.${name.replace(/^\*(?=\.|$)/, "_wildcard")}`;
}

/** Whether a relative name is a marker's, so that listings of the zone can leave it out. */
export function isMarkerName(name: string): boolean {
  return name.startsWith(OWNER_MARKER_PREFIX);
}

/** The marker's record for an owner, in the canonical TXT form a read gives back. */
function markerRecord(owner: string): DnsRecord {
  return { value: `"${HERITAGE}${owner}"` };
}

/**
 * The marker rrset to send with a record-set write: the owner's record, or none (deleting the
 * marker) when the record set is deleted.
 */
export function markerWrite(set: Pick<DnsRecordSetInputs, "domain" | "name" | "type">, owner: string, deleting: boolean) {
  return {
    set: { domain: set.domain, name: markerName(set.name, set.type), type: "TXT" as const, ttl: OWNER_MARKER_TTL },
    records: deleting ? [] : [markerRecord(owner)],
  };
}

/**
 * The owner a zone's marker names for a record set, or undefined when it has no marker (or a
 * TXT there that this package did not write).
 *
 * @example
 * markerOwner(zone, { domain: "example.com", name: "www", type: "A" }); // "acme/website/prod"
 */
export function markerOwner(zone: readonly DnsRRSet[], set: Pick<DnsRecordSetInputs, "domain" | "name" | "type">): string | undefined {
  const rrset = rrsetIn(zone, set.domain, markerName(set.name, set.type), "TXT");
  if (!rrset) return undefined;
  for (const r of fromApiRecords("TXT", rrset.records, set.domain)) {
    const text = r.value.replace(/^"|"$/g, "");
    if (text.startsWith(HERITAGE)) return text.slice(HERITAGE.length);
  }
  return undefined;
}

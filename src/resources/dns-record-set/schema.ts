/**
 * DnsRecordSet: inputs, their validation and normalization, and the state it keeps.
 *
 * The rules of a record set (names relative to the zone, canonical record values, TTL) are those
 * `DnsZone` applies to each of its record sets too, so they live in `shared/record-sets.ts`;
 * what is DnsRecordSet's own is its state's fully qualified name.
 */
import type { DnsRecordSetInputs } from "../shared/record-sets";

export { dnsRecordSetInputs, normalizeDnsRecordSet } from "../shared/record-sets";
export type { DnsRecordSetInputs } from "../shared/record-sets";

/** The state of a record set. */
export interface DnsRecordSetOutputs extends DnsRecordSetInputs {
  /** Fully qualified name with the trailing dot, as the zone lists it (`www.example.com.`). */
  fqdn: string;
}

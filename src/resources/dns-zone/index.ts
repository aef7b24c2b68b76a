/** DnsZone: the resource class, its arguments and state, and its helpers. */
export { DnsZone } from "./resource";
export type { DnsZoneArgs, DnsZoneRecordSetArgs } from "./resource";
export { dnsZoneId, parseDnsZoneId } from "./provider";
export { DEFAULT_MAX_DELETE_SHARE, canonicalIgnorePattern, ignoredBy } from "./schema";
export type { DnsZoneInputs, DnsZoneOutputs, ZoneRecordSet } from "./schema";

/**
 * DnsZone: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DnsZone } from "pulumi-hosting-reseller";
 * new DnsZone("zone", { domain: "example.com", recordSets: [{ name: "@", type: "A", records: ["198.51.100.7"] }], ignore: ["_acme-challenge*"] });
 */
export { DnsZone } from "./resource";
export type { DnsZoneArgs, DnsZoneRecordSetArgs } from "./resource";
export { dnsZoneDefinition, dnsZoneId, parseDnsZoneId } from "./provider";
export { DEFAULT_MAX_DELETE_SHARE, canonicalIgnorePattern, ignoredBy } from "./schema";
export type { DnsZoneInputs, DnsZoneOutputs, ZoneRecordSet } from "./schema";

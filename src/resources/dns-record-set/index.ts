/**
 * DnsRecordSet: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DnsRecordSet } from "pulumi-hosting-reseller";
 * new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export { DnsRecordSet } from "./resource";
export type { DnsRecordArgs, DnsRecordSetArgs } from "./resource";
export { dnsRecordSetDefinition, parseRecordSetId, recordSetId } from "./provider";
export { DEFAULT_TTL, canonicalTxt, canonicalValue } from "./schema";
export type { DnsRecord, DnsRecordSetInputs, DnsRecordSetOutputs } from "./schema";

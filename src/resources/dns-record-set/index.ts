/** DnsRecordSet: the resource class, its arguments and state, and its helpers. */
export { DnsRecordSet } from "./resource";
export type { DnsRecordSetArgs } from "./resource";
export { parseRecordSetId, recordSetId } from "./provider";
export type { DnsRecordSetInputs, DnsRecordSetOutputs } from "./schema";
export { DEFAULT_TTL, canonicalTxt, canonicalValue } from "../shared/record-sets";
export type { DnsRecord, DnsRecordArgs } from "../shared/record-sets";

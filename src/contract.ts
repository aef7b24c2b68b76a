/**
 * `pulumi-hosting-reseller/contract`: what the simulator package (`@pulumi-hosting-reseller/simulator`,
 * `packages/simulator/`) shares with this one, so that it answers exactly the API the client
 * speaks: the endpoint table with its envelopes, the route overrides, the forms of DNS records,
 * the name and certificate rules, and the exit codes of `reseller`. It is the simulator's and
 * follows this package's version exactly (the simulator's peer dependency says so); a program has
 * no use for it (docs/decisions/0037).
 */
export { endpointsOf, splitKey, unwrapReply, wrapReply, type ApiVersion, type EndpointDef, type HttpMethod } from "./client/endpoint";
export { endpoints, type EndpointKey, type Endpoints, type KeysOf, type OperationId } from "./client/endpoints";
export { accountOperations } from "./client/endpoints/account";
export {
  CONTACT_FIELDS,
  CONTACT_ROLES,
  domainsOperations,
  type ContactRoleName,
  type updateContactsRequest,
} from "./client/endpoints/domains";
export { LVE_FIELDS, type VISITOR_PERIODS } from "./client/endpoints/stats";
export { DB_PRIVILEGES } from "./client/schemas";
export { RECORD_FORM, V2_DNS_RECORD_TYPES, fromV2RecordFields, type DnsRecordType, type DnsRRSetInput } from "./client/dns-records";
export { applyOverride, parseEndpointOverrides, type EndpointOverrides, type EndpointOverridesInput } from "./client/overrides";
export { normalizeRecordName, recordFqdn } from "./util/names";
export { formatSshPublicKey, isAddressOrCidr, parseSshPublicKey, type SshPublicKey } from "./util/ssh-public-key";
export {
  certificateHostNames,
  certificateNamesHost,
  parseCertificate,
  parsePrivateKeyPem,
  privateKeyMatches,
  validityProblem,
} from "./util/x509";
export { EXIT, say } from "./cli/process";

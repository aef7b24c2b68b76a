/**
 * DomainNameservers: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DomainNameservers } from "pulumi-hosting-reseller";
 * new DomainNameservers("ns", { domain: "example.com", nameservers: ["ns1.example.net", "ns2.example.net"] });
 */
export { DomainNameservers } from "./resource";
export type { DomainNameserversArgs } from "./resource";
export { domainNameserversDefinition } from "./provider";
export type { DomainNameserversInputs, DomainNameserversOutputs } from "./schema";

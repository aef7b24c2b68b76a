/** DomainNameservers: the resource class, its arguments and state, and its lifecycle definition. */
export { DomainNameservers } from "./resource";
export type { DomainNameserversArgs } from "./resource";
export { domainNameserversDefinition } from "./provider";
export type { DomainNameserversInputs, DomainNameserversOutputs } from "./schema";

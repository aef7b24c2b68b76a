/** DomainNameservers: the resource class, its arguments and state, and its helpers. */
export { DomainNameservers } from "./resource";
export type { DomainNameserversArgs } from "./resource";
export type { DomainNameserversInputs, DomainNameserversOutputs } from "./schema";

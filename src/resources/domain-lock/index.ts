/** DomainLock: the resource class, its arguments and state, and its lifecycle definition. */
export { DomainLock } from "./resource";
export type { DomainLockArgs } from "./resource";
export { domainLockDefinition } from "./provider";
export type { DomainLockInputs, DomainLockOutputs } from "./schema";

/** DomainLock: the resource class, its arguments and state, and its helpers. */
export { DomainLock } from "./resource";
export type { DomainLockArgs } from "./resource";
export type { DomainLockInputs, DomainLockOutputs } from "./schema";

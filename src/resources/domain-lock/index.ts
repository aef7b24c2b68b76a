/**
 * DomainLock: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DomainLock } from "pulumi-hosting-reseller";
 * new DomainLock("lock", { domain: "example.com", locked: true });
 */
export { DomainLock } from "./resource";
export type { DomainLockArgs } from "./resource";
export { domainLockDefinition } from "./provider";
export type { DomainLockInputs, DomainLockOutputs } from "./schema";

/**
 * DomainRegistration: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DomainRegistration } from "pulumi-hosting-reseller";
 * new DomainRegistration("site", { domain: "example.com", maxPrice: 20, registrant });
 */
export { DomainRegistration } from "./resource";
export type { ContactArgs, DomainRegistrationArgs } from "./resource";
export { domainRegistrationDefinition } from "./provider";
export { PROVIDER_NAMESERVERS } from "../shared/registrar";
export type { Contact, DomainRegistrationInputs, DomainRegistrationOutputs } from "./schema";

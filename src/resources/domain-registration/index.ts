/** DomainRegistration: the resource class, its arguments and state, and its lifecycle definition. */
export { DomainRegistration } from "./resource";
export type { ContactArgs, DomainRegistrationArgs } from "./resource";
export { domainRegistrationDefinition } from "./provider";
export { PROVIDER_NAMESERVERS } from "../shared/registrar";
export type { Contact, DomainRegistrationInputs, DomainRegistrationOutputs } from "./schema";

/** DomainRegistration: the resource class, its arguments and state, and its helpers. */
export { DomainRegistration } from "./resource";
export type { ContactArgs, DomainRegistrationArgs } from "./resource";
export { PROVIDER_NAMESERVERS } from "../shared/registrar";
export type { Contact, DomainRegistrationInputs, DomainRegistrationOutputs } from "./schema";

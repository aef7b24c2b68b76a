/** CustomSsl: the resource class, its arguments and state, and its lifecycle definition. */
export { CustomSsl } from "./resource";
export type { CustomSslArgs } from "./resource";
export { customSslDefinition, customSslId, parseCustomSslId } from "./provider";
export { certificateDetails, certificateNamesHost, certificateProblemFor, parseCertificateChain, parsePrivateKeyPem } from "./schema";
export type { CertificateDetails, CustomSslInputs, CustomSslOutputs } from "./schema";

/** CustomSsl: the resource class, its arguments and state, and its helpers. */
export { CustomSsl } from "./resource";
export type { CustomSslArgs } from "./resource";
export { customSslId, parseCustomSslId } from "./provider";
export { certificateDetails, certificateNamesHost, certificateProblemFor, parseCertificateChain, parsePrivateKeyPem } from "./schema";
export type { CertificateDetails, CustomSslInputs, CustomSslOutputs } from "./schema";

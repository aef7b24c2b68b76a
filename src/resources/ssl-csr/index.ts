/** SslCsr: the resource class, its arguments and state, and its helpers. */
export { SslCsr } from "./resource";
export type { SslCsrArgs } from "./resource";
export { parseSslCsrId, sslCsrId } from "./provider";
export { canonicalPem } from "./schema";
export type { SslCsrInputs, SslCsrOutputs } from "./schema";

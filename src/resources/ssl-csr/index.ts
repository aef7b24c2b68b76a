/**
 * SslCsr: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { SslCsr } from "pulumi-hosting-reseller";
 * new SslCsr("csr", { hostingId: 101, domain: "client-shop.net", countryCode: "CA", state: "Quebec",
 *   localityName: "Montreal", organizationName: "Client Shop", organizationUnitName: "Web", email: "admin@client-shop.net" });
 */
export { SslCsr } from "./resource";
export type { SslCsrArgs } from "./resource";
export { parseSslCsrId, sslCsrDefinition, sslCsrId } from "./provider";
export { canonicalPem } from "./schema";
export type { SslCsrInputs, SslCsrOutputs } from "./schema";

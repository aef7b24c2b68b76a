/**
 * FtpAccount: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { FtpAccount } from "pulumi-hosting-reseller";
 * new FtpAccount("ci", { hostingId: 101, domain: "example.com", user: "ci", path: "/public_html", password });
 */
export { FtpAccount } from "./resource";
export type { FtpAccountArgs } from "./resource";
export { ftpAccountDefinition, ftpAccountId, parseFtpAccountId } from "./provider";
export { MIN_FTP_PASSWORD_LENGTH, normalizeFtpPath, normalizeFtpUser } from "./schema";
export type { FtpAccountInputs, FtpAccountOutputs } from "./schema";

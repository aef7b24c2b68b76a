/** FtpAccount: the resource class, its arguments and state, and its helpers. */
export { FtpAccount } from "./resource";
export type { FtpAccountArgs } from "./resource";
export { ftpAccountId, parseFtpAccountId } from "./provider";
export { MIN_FTP_PASSWORD_LENGTH, normalizeFtpPath, normalizeFtpUser } from "./schema";
export type { FtpAccountInputs, FtpAccountOutputs } from "./schema";

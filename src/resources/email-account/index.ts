/** EmailAccount: the resource class, its arguments and state, and its helpers. */
export { EmailAccount } from "./resource";
export type { EmailAccountArgs } from "./resource";
export { emailAccountId, parseEmailAccountId } from "./provider";
export { MIN_MAILBOX_PASSWORD_LENGTH, normalizeMailUser } from "./schema";
export type { EmailAccountInputs, EmailAccountOutputs } from "./schema";

/** SshKey: the resource class, its arguments and state, and its helpers. */
export { SshKey } from "./resource";
export type { SshKeyArgs } from "./resource";
export { canonicalFingerprint, parseSshKeyId, sshKeyId } from "./provider";
export { canonicalAddressOrCidr, keyFacts, normalizeFromIps } from "./schema";
export type { KeyFacts, SshKeyInputs, SshKeyOutputs } from "./schema";

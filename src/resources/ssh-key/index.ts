/**
 * SshKey: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { SshKey } from "pulumi-hosting-reseller";
 * new SshKey("deploy", { hostingId: 101, publicKey: "ssh-ed25519 AAAA... ci@example.com", fromIps: ["203.0.113.0/24"] });
 */
export { SshKey } from "./resource";
export type { SshKeyArgs } from "./resource";
export { canonicalFingerprint, parseSshKeyId, sshKeyDefinition, sshKeyId } from "./provider";
export { canonicalAddressOrCidr, keyFacts, normalizeFromIps } from "./schema";
export type { KeyFacts, SshKeyInputs, SshKeyOutputs } from "./schema";

/**
 * `getSshKeys`: the SSH public keys authorised on a hosting account (`ssh.listKeys`: v2
 * CONFIRMED, catalog §4.2; v4 and v3 INFERRED-L, §1 #60). The API names a key by its MD5 fingerprint
 * (`key`) and never returns the public key itself. v4 lists them under `keys`, v3 and v2 under
 * `data`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getSshKeys}.
 */
export interface GetSshKeysArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getSshKeysOutput}.
 */
export type GetSshKeysOutputArgs = OutputArgs<GetSshKeysArgs>;

/**
 * One authorised key.
 *
 * @example
 * const key: SshKeyInfo = (await getSshKeys({ hostingId: 101 })).keys[0]!;
 */
export interface SshKeyInfo {
  /** MD5 fingerprint, colon-separated hex (`ssh-keygen -l -E md5`): the API's `key`. */
  fingerprint: string;
  /** The key's comment, e.g. `ci@example.com`. */
  comment?: string;
  /** Addresses or CIDR ranges the key may log in from; empty means anywhere. */
  fromIps: string[];
}

/**
 * The SSH keys of a hosting account.
 *
 * @example
 * const { keys } = await getSshKeys({ hostingId: 101 });
 */
export interface GetSshKeysResult {
  /** The hosting account read. */
  hostingId: number;
  /** The authorised keys. */
  keys: SshKeyInfo[];
}

const source = defineDataSource<GetSshKeysArgs, GetSshKeysArgs, GetSshKeysResult>({
  name: "getSshKeys",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["ssh.listKeys"],
  run: async (call, a) => {
    const reply = await call.hostingRequest("ssh.listKeys", a.hostingId);
    return {
      hostingId: a.hostingId,
      keys: reply.keys.map((k) => ({ fingerprint: k.key, comment: k.comment, fromIps: [...(k.fromIps ?? [])] })),
    };
  },
});

/**
 * Lists the SSH keys authorised on a hosting account, by fingerprint.
 *
 * @example
 * import { getSshKeys } from "pulumi-hosting-reseller";
 * const { keys } = await getSshKeys({ hostingId: 101 });
 * const ci = keys.find((k) => k.comment?.startsWith("ci-"));
 */
export function getSshKeys(args: GetSshKeysArgs): Promise<GetSshKeysResult> {
  return source.get(args);
}

/**
 * {@link getSshKeys} as a `pulumi.Output`.
 *
 * @example
 * export const sshFingerprints = getSshKeysOutput({ hostingId: 101 }).apply((r) => r.keys.map((k) => k.fingerprint));
 */
export function getSshKeysOutput(args: GetSshKeysOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetSshKeysResult> {
  return source.output(args, opts);
}

/**
 * The `SshKey` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { sshKeyDefinition } from "./provider";

/** The arguments of an {@link SshKey}. */
export interface SshKeyArgs {
  /** The hosting account the key gives access to. Changing it replaces the key. */
  hostingId: pulumi.Input<number>;
  /**
   * One OpenSSH public key line, `type base64 [comment]`: `ssh-ed25519`, `ecdsa-sha2-nistp256`,
   * `-nistp384`, `-nistp521`, or `ssh-rsa` of at least 2048 bits. Changing the key replaces the resource.
   */
  publicKey: pulumi.Input<string>;
  /** A label for the key. Default: the comment at the end of the key line, or "". */
  comment?: pulumi.Input<string>;
  /** IPv4 and IPv6 addresses and CIDR blocks the key may connect from. Default `[]`: any address. */
  fromIps?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Take over the key if the account has it already (same fingerprint): create then sets the
   * declared comment and addresses on it instead of failing. Default false. Used when creating only.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An SSH public key allowed into a hosting account.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { SshKey } from "pulumi-hosting-reseller";
 *
 * const deploy = new SshKey("deploy", {
 *     hostingId: 101,
 *     publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci@example.com",
 *     fromIps: ["203.0.113.0/24", "2001:db8::10"],
 * });
 * export const fingerprint = deploy.fingerprint;
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<md5 fingerprint>`, e.g. `101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7`
 * (`ssh-keygen -l -E md5 -f key.pub` prints it; an `MD5:` prefix is accepted). Dynamic providers
 * cannot be imported with `pulumi import` (pulumi#16175): declare the key with `adopt: true`,
 * which takes over the key with that fingerprint, or read it with `SshKey.get`.
 *
 * @example
 * new SshKey("ci", { hostingId: 101, publicKey: fs.readFileSync("ci.pub", "utf8"), adopt: true });
 */
export class SshKey extends ResellerResource<SshKeyArgs> {
  protected static override readonly spec = resourceClassSpec(sshKeyDefinition, {
    outputs: { fingerprint: true, fingerprintSha256: true, keyType: true },
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** `type base64`, without the key line's comment; absent after an import. */
  declare public readonly publicKey: pulumi.Output<string | undefined>;
  declare public readonly comment: pulumi.Output<string>;
  /** Canonical (RFC 5952 for IPv6) and sorted. */
  declare public readonly fromIps: pulumi.Output<string[]>;
  /** The MD5 fingerprint, `aa:bb:...`: the API's name for the key. */
  declare public readonly fingerprint: pulumi.Output<string>;
  /** `SHA256:...`, as `ssh-keygen -l` prints it. */
  declare public readonly fingerprintSha256: pulumi.Output<string | undefined>;
  /** `ssh-ed25519`, `ecdsa-sha2-nistp256`, ... */
  declare public readonly keyType: pulumi.Output<string | undefined>;
  /** `adopt` as it was at create or the last update; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing key by its id (`101/a4:77:51:08:...`).
   *
   * @example
   * const ci = SshKey.get("ci", "101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): SshKey {
    return new SshKey(name, undefined, { ...opts, id });
  }
}

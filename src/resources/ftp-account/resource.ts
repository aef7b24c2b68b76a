/**
 * The `FtpAccount` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { ftpAccountDefinition } from "./provider";

/** The arguments of an {@link FtpAccount}. */
export interface FtpAccountArgs {
  /** The hosting account the domain is attached to. Changing it replaces the account. */
  hostingId: pulumi.Input<number>;
  /** A domain attached to the hosting account, Unicode or ASCII. Changing it replaces the account. */
  domain: pulumi.Input<string>;
  /** The part of the login before `@` (`ci` for `ci@example.com`); stored in lower case. Changing it replaces the account. */
  user: pulumi.Input<string>;
  /** The root directory, from the hosting account's home (`/public_html/ci`; `/` is the home itself). */
  path: pulumi.Input<string>;
  /**
   * At least 10 characters with letters and digits, without `@` (which breaks some FTP clients).
   * Kept secret in state. The API cannot return it, so a password changed elsewhere is not seen.
   */
  password: pulumi.Input<string>;
  /** Create the root directory if it does not exist (v4 and v3; v2 always does). Default false. Used when creating only. */
  createFolder?: pulumi.Input<boolean>;
  /**
   * Take over the login if it exists already: create then sets the declared password and path on
   * it instead of failing. Default false (an existing login is never taken over silently). Used
   * when creating only.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An FTP login `user@domain` of a hosting account, with its root directory and password.
 *
 * ## Example Usage
 *
 * ```typescript
 * import type * as pulumi from "@pulumi/pulumi";
 * import { FtpAccount } from "pulumi-hosting-reseller";
 *
 * const config = new pulumi.Config();
 * const ci = new FtpAccount("ci", {
 *     hostingId: 101,
 *     domain: "example.com",
 *     user: "ci",
 *     path: "/public_html/releases",
 *     password: config.requireSecret("ftpPassword"),
 *     createFolder: true,
 * });
 * export const login = ci.username; // "ci@example.com"
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<user>@<domain>`, e.g. `101/ci@example.com`. Dynamic providers cannot be
 * imported with `pulumi import` (pulumi#16175): declare the login with `adopt: true`, which takes
 * it over and sets the declared password and path, or read it with `FtpAccount.get`.
 *
 * @example
 * new FtpAccount("deploy", { hostingId: 101, domain: "example.com", user: "deploy", path: "/public_html", password, adopt: true });
 */
export class FtpAccount extends ResellerResource<FtpAccountArgs> {
  protected static override readonly spec = resourceClassSpec(ftpAccountDefinition, {
    outputs: { accountId: true, username: true },
    // The password never belongs in plain state, even when the program passes a plain string.
    secretInputs: ["password"],
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** Lower case. */
  declare public readonly user: pulumi.Output<string>;
  /** `/public_html/ci`: one leading slash, no trailing slash. */
  declare public readonly path: pulumi.Output<string>;
  /** Secret. Absent after an import until the first update. */
  declare public readonly password: pulumi.Output<string | undefined>;
  declare public readonly createFolder: pulumi.Output<boolean>;
  /** `adopt` as it was at create or the last update; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** The login: `user@domain`. */
  declare public readonly username: pulumi.Output<string>;
  /** The API's id of the account, when the listing gives one. */
  declare public readonly accountId: pulumi.Output<number | undefined>;

  /**
   * Looks up an existing FTP account by its id (`101/ci@example.com`).
   *
   * @example
   * const deploy = FtpAccount.get("deploy", "101/deploy@example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): FtpAccount {
    return new FtpAccount(name, undefined, { ...opts, id });
  }
}

/**
 * The `EmailAccount` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { emailAccountDefinition } from "./provider";

/** The arguments of an {@link EmailAccount}. */
export interface EmailAccountArgs extends AdoptInput {
  /** The hosting account the domain is attached to. Changing it replaces the mailbox. */
  hostingId: pulumi.Input<number>;
  /** A domain attached to the hosting account, Unicode or ASCII. Changing it replaces the mailbox. */
  domain: pulumi.Input<string>;
  /**
   * The part of the address before `@` (`sales` for `sales@example.com`): letters, digits, `.`,
   * `_`, `+` and `-`; stored in lower case. Changing it replaces the mailbox.
   */
  user: pulumi.Input<string>;
  /**
   * At least 8 characters with an upper-case and a lower-case letter, a digit and a symbol. Kept
   * secret in state. The API cannot return it, so a password changed elsewhere is not seen.
   */
  password: pulumi.Input<string>;
  /** The quota in MB, changed in place. Unset: the API's default at create, and the quota is not managed. */
  quota?: pulumi.Input<number>;
}

/**
 * A mailbox `user@domain` of a hosting account, with its password and quota.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as pulumi from "@pulumi/pulumi";
 * import { EmailAccount } from "pulumi-hosting-reseller";
 *
 * const config = new pulumi.Config();
 * const sales = new EmailAccount("sales", {
 *     hostingId: 101,
 *     domain: "example.com",
 *     user: "sales",
 *     password: config.requireSecret("salesMailPassword"),
 *     quota: 2048,
 * });
 * export const address = sales.email; // "sales@example.com"
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<user>@<domain>`, e.g. `101/sales@example.com`. Dynamic providers cannot
 * be imported with `pulumi import` (pulumi#16175): declare the mailbox with `adopt: true`, which
 * takes it over and sets the declared password and quota, or read it with `EmailAccount.get`.
 * Declaring a mailbox that exists already without `adopt: true` fails before any write, naming it.
 *
 * @example
 * new EmailAccount("contact", { hostingId: 101, domain: "example.com", user: "contact", password, adopt: true });
 */
export class EmailAccount extends ResellerResource<EmailAccountArgs> {
  protected static override readonly spec = resourceClassSpec(emailAccountDefinition, {
    // A password the program passes as a plain string is made a secret too: it never belongs in plain state.
    secretInputs: ["password"],
    outputs: { email: true },
  });

  /** The address: `user@domain`. */
  declare public readonly email: pulumi.Output<string>;
  declare public readonly hostingId: pulumi.Output<number>;
  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** Lower case. */
  declare public readonly user: pulumi.Output<string>;
  /** Secret. Absent after an import until the first update. */
  declare public readonly password: pulumi.Output<string | undefined>;
  /** The quota in MB as the API lists it. */
  declare public readonly quota: pulumi.Output<number | undefined>;

  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over a mailbox of the declared address that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing mailbox by its id (`101/sales@example.com`).
   *
   * @example
   * const contact = EmailAccount.get("contact", "101/contact@example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): EmailAccount {
    return new EmailAccount(name, undefined, { ...opts, id });
  }
}

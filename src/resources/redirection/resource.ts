/**
 * The `Redirection` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { redirectionDefinition } from "./provider";

/** The arguments of a {@link Redirection}. */
export interface RedirectionArgs extends AdoptInput {
  /** The hosting account the domain is attached to. Changing it replaces the redirection. */
  hostingId: pulumi.Input<number>;
  /** The domain to redirect, Unicode or ASCII. Changing it replaces the redirection. */
  domain: pulumi.Input<string>;
  /** Where every request of the domain goes: an absolute http or https URL. Changing it replaces the redirection. */
  destinationUrl: pulumi.Input<string>;
  /** 301 (permanent, the default) or 302 (temporary). Changing it replaces the redirection. */
  type?: pulumi.Input<301 | 302>;
}

/**
 * A redirection of a domain attached to a hosting account to a URL.
 *
 * The API cannot change a redirection: any change deletes it and adds the new one. The listing
 * does not return the destination, so a destination changed outside Pulumi is not seen.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { Redirection } from "pulumi-hosting-reseller";
 *
 * new Redirection("shop", {
 *     hostingId: 101,
 *     domain: "client-shop.net",
 *     destinationUrl: "https://agency-demo.com/shop",
 *     type: 301,
 * });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<domain>`, e.g. `101/client-shop.net`. Because the API cannot tell
 * the destination, an adopted redirection is recreated on the next `up` unless the id also
 * carries it: `101/client-shop.net/https://agency-demo.com/shop`. Dynamic providers cannot be
 * imported with `pulumi import` (pulumi#16175); use `Redirection.get`. Declaring a redirection
 * for a domain that has one fails before any write, naming it; with `adopt: true` the existing
 * one is removed and the declared one added (the API cannot change a redirection), and a destroy
 * then deletes it.
 */
export class Redirection extends ResellerResource<RedirectionArgs> {
  protected static override readonly spec = resourceClassSpec(redirectionDefinition, { outputs: { https: true, www: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The domain, ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** The destination this stack wrote (the API never returns it). */
  declare public readonly destinationUrl: pulumi.Output<string | undefined>;
  declare public readonly type: pulumi.Output<301 | 302>;
  /** As the API lists it: whether the redirection uses HTTPS. */
  declare public readonly https: pulumi.Output<boolean>;
  /** As the API lists it: whether the redirection forces `www`. */
  declare public readonly www: pulumi.Output<boolean>;
  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over a redirection of the domain that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing redirection by its id (`101/client-shop.net`, optionally followed by
   * `/<destinationUrl>`).
   *
   * @example
   * const shop = Redirection.get("shop", "101/client-shop.net/https://agency-demo.com/shop");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): Redirection {
    return new Redirection(name, undefined, { ...opts, id });
  }
}

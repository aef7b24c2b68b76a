/**
 * The `DomainNameservers` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { domainNameserversDefinition } from "./provider";

/** The arguments of a {@link DomainNameservers}. */
export interface DomainNameserversArgs {
  /** The domain, Unicode or ASCII (`café.com` is stored as `xn--caf-dma.com`). Or give `sld` and `tld`. Changing it replaces the resource. */
  domain?: pulumi.Input<string>;
  /** Second-level name (`example`), with `tld`, instead of `domain`. */
  sld?: pulumi.Input<string>;
  /** TLD without its leading period (`com`, `co.uk`), with `sld`. */
  tld?: pulumi.Input<string>;
  /** 2 to 5 nameserver host names. Order does not matter to the registry. */
  nameservers?: pulumi.Input<pulumi.Input<string>[]>;
  /** Use the provider's nameservers (`nsa/nsb/nsc.n0c.com`) instead of listing them. */
  useProviderNameservers?: pulumi.Input<boolean>;
}

/**
 * The nameservers of a domain in the reseller account whose registration the program does not
 * declare (with `DomainRegistration`, use its `nameservers` instead). Creating the resource
 * records the nameservers it finds (`previous`), and destroying it puts them back.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DomainNameservers } from "pulumi-hosting-reseller";
 *
 * new DomainNameservers("shop-ns", { domain: "client-shop.net", nameservers: ["ns1.example.net", "ns2.example.net"] });
 * new DomainNameservers("cafe-ns", { sld: "café", tld: "com", useProviderNameservers: true });
 * ```
 *
 * ## Import
 *
 * The id is the domain, e.g. `client-shop.net`. Dynamic providers cannot be imported with
 * `pulumi import` (pulumi#16175); declaring the resource instead sets the domain's nameservers
 * on the next `pulumi up`, recording those it found.
 *
 * @example
 * const ns = new DomainNameservers("ns", { domain: "example.com", useProviderNameservers: true });
 */
export class DomainNameservers extends ResellerResource<DomainNameserversArgs> {
  protected static override readonly spec = resourceClassSpec(domainNameserversDefinition, { outputs: { previous: true } });

  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  declare public readonly sld: pulumi.Output<string>;
  declare public readonly tld: pulumi.Output<string>;
  /** Live nameservers, in the registrar's order. */
  declare public readonly nameservers: pulumi.Output<string[]>;
  /** Whether the live nameservers are the provider's. */
  declare public readonly useProviderNameservers: pulumi.Output<boolean>;
  /**
   * The nameservers found when the resource was created (read from the id alone: the live
   * ones): what destroy puts back. Absent in state written by releases before it existed.
   */
  declare public readonly previous: pulumi.Output<string[] | undefined>;

  /**
   * Looks up a domain's nameservers by its id (the domain).
   *
   * @example
   * const ns = DomainNameservers.get("ns", "example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DomainNameservers {
    return new DomainNameservers(name, undefined, { ...opts, id });
  }
}

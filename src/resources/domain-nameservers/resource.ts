/**
 * The `DomainNameservers` resource class users construct in their programs.
 */
import * as pulumi from "@pulumi/pulumi";
import { shell } from "../../provider/shell";
import { refuseImportOption } from "../../provider/import-option";
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
 * declare (with `DomainRegistration`, use its `nameservers` instead). Destroying the resource
 * leaves the nameservers as they are.
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
 * `pulumi import` (pulumi#16175); declaring the resource instead takes the domain's nameservers
 * over on the next `pulumi up`.
 *
 * @example
 * const ns = new DomainNameservers("ns", { domain: "example.com", useProviderNameservers: true });
 */
export class DomainNameservers extends pulumi.dynamic.Resource {
  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  declare public readonly sld: pulumi.Output<string>;
  declare public readonly tld: pulumi.Output<string>;
  /** Live nameservers, in the registrar's order. */
  declare public readonly nameservers: pulumi.Output<string[]>;
  /** Whether the live nameservers are the provider's. */
  declare public readonly useProviderNameservers: pulumi.Output<boolean>;

  /**
   * Looks up a domain's nameservers by its id (the domain).
   *
   * @example
   * const ns = DomainNameservers.get("ns", "example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): DomainNameservers {
    return new DomainNameservers(name, undefined, { ...opts, id });
  }

  constructor(name: string, args: DomainNameserversArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> });
  constructor(name: string, args: DomainNameserversArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = {
      domain: args?.domain,
      sld: args?.sld,
      tld: args?.tld,
      nameservers: args?.nameservers,
      useProviderNameservers: args?.useProviderNameservers,
    };
    refuseImportOption(domainNameserversDefinition, name, opts);
    const secrets = [...domainNameserversDefinition.secretOutputs, ...(opts?.additionalSecretOutputs ?? [])];
    super(shell("DomainNameservers"), name, props, { ...opts, additionalSecretOutputs: secrets }, "reseller", "DomainNameservers");
  }
}

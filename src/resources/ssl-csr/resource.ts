/**
 * The `SslCsr` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { sslCsrDefinition } from "./provider";

/** The arguments of an {@link SslCsr}. Every argument is part of the CSR: changing any replaces it. */
export interface SslCsrArgs extends AdoptInput {
  /** The hosting account the domain is attached to. */
  hostingId: pulumi.Input<number>;
  /** The domain the CSR is for (its common name), Unicode or ASCII; attached to the hosting account. */
  domain: pulumi.Input<string>;
  /** An officially assigned ISO 3166-1 alpha-2 code (`CA`; not `XX`, `EU` or `UK`); stored in upper case. */
  countryCode: pulumi.Input<string>;
  /** State or province (`Quebec`). */
  state: pulumi.Input<string>;
  /** City (`Montreal`). */
  localityName: pulumi.Input<string>;
  /** Organisation (`Client Shop Inc.`). */
  organizationName: pulumi.Input<string>;
  /** Department within the organisation (`Web`). */
  organizationUnitName: pulumi.Input<string>;
  /** Contact address written into the subject. */
  email: pulumi.Input<string>;
}

/**
 * A key pair and certificate signing request that the API generates for a domain of a hosting
 * account, with a self-signed certificate for the same key. Send `csr` to a certificate
 * authority, then install what it issues with `CustomSsl` and this resource's `privateKey`.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { CustomSsl, SslCsr } from "pulumi-hosting-reseller";
 *
 * const csr = new SslCsr("shop-csr", {
 *     hostingId: 101,
 *     domain: "client-shop.net",
 *     countryCode: "CA",
 *     state: "Quebec",
 *     localityName: "Montreal",
 *     organizationName: "Client Shop Inc.",
 *     organizationUnitName: "Web",
 *     email: "admin@client-shop.net",
 * });
 * export const csrPem = csr.csr;
 * // Once the authority has issued `issuedPem` for csr.csr:
 * // new CustomSsl("shop-cert", { hostingId: 101, domain: "client-shop.net", certificate: issuedPem, privateKey: csr.privateKey });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<domain>/<fingerprint>`, with the CSR's `csrPubKeyFingerPrint` from the
 * CSR listing, e.g. `101/client-shop.net/3f0c…`. The private key is read on import. Dynamic
 * providers cannot be imported with `pulumi import` (pulumi#16175); use `SslCsr.get`.
 * Declaring a CSR whose subject a CSR of the domain already has fails before any write, naming
 * it; `adopt: true` takes it over (its key is fetched; a destroy then removes it).
 */
export class SslCsr extends ResellerResource<SslCsrArgs> {
  protected static override readonly spec = resourceClassSpec(sslCsrDefinition, {
    outputs: { creationDate: true, csr: true, fingerprint: true, privateKey: true, selfSignedCert: true },
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  declare public readonly countryCode: pulumi.Output<string>;
  declare public readonly state: pulumi.Output<string>;
  declare public readonly localityName: pulumi.Output<string>;
  declare public readonly organizationName: pulumi.Output<string>;
  declare public readonly organizationUnitName: pulumi.Output<string>;
  declare public readonly email: pulumi.Output<string>;
  /** The PEM certificate signing request. */
  declare public readonly csr: pulumi.Output<string>;
  /** A PEM certificate for the same key, signed by itself (for testing; browsers do not trust it). */
  declare public readonly selfSignedCert: pulumi.Output<string>;
  /** The public-key fingerprint the API names the CSR by. */
  declare public readonly fingerprint: pulumi.Output<string>;
  /** The PEM private key. Secret. */
  declare public readonly privateKey: pulumi.Output<string>;
  /** When the CSR was generated (ISO 8601). */
  declare public readonly creationDate: pulumi.Output<string | undefined>;

  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over a CSR with the declared subject that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing CSR by its id (`101/client-shop.net/3f0c…`).
   *
   * @example
   * const old = SslCsr.get("old-csr", "101/client-shop.net/3f0c9a…");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): SslCsr {
    return new SslCsr(name, undefined, { ...opts, id });
  }
}

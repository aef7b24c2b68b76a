/**
 * The `CustomSsl` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { customSslDefinition } from "./provider";

/** The arguments of a {@link CustomSsl}. */
export interface CustomSslArgs extends AdoptInput {
  /** The hosting account the domain is attached to. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** The domain (or a subdomain of an attached domain), Unicode or ASCII. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /**
   * The PEM certificate, optionally followed by its chain (each issuer after what it issued).
   * It must name the domain (a wildcard covers one label) and be valid today.
   */
  certificate: pulumi.Input<string>;
  /** The PEM private key of the certificate, unencrypted. Always kept secret. */
  privateKey: pulumi.Input<string>;
}

/**
 * A custom SSL certificate for a domain of a hosting account, in place of the automatic one.
 *
 * The certificate and key are checked before any API call (they parse, the key matches, the
 * domain is named, the certificate is valid today), then the API validates the certificate and
 * installs it. Destroying the resource returns the domain to its automatic certificate.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as fs from "node:fs";
 * import type * as pulumi from "@pulumi/pulumi";
 * import { CustomSsl } from "pulumi-hosting-reseller";
 *
 * const config = new pulumi.Config();
 * const ssl = new CustomSsl("shop-cert", {
 *     hostingId: 101,
 *     domain: "client-shop.net",
 *     certificate: fs.readFileSync("certs/client-shop.net/fullchain.pem", "utf8"),
 *     privateKey: config.requireSecret("shopTlsKey"),
 * });
 * export const certificateExpires = ssl.notAfter;
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<domain>`, e.g. `101/client-shop.net`. Dynamic providers cannot be
 * imported with `pulumi import` (pulumi#16175); use `CustomSsl.get`, or declare the resource,
 * which installs the program's certificate over whatever is there.
 * Declaring a certificate for a domain that has a custom certificate already fails before any
 * write, naming it; `adopt: true` installs the declared one in its place (a destroy then returns
 * the domain to its automatic certificate).
 */
export class CustomSsl extends ResellerResource<CustomSslArgs> {
  protected static override readonly spec = resourceClassSpec(customSslDefinition, {
    outputs: { fingerprint: true, issuer: true, notAfter: true, notBefore: true, subject: true, subjectAltNames: true },
    // The key never belongs in plain state, even when the program passes a plain string.
    secretInputs: ["privateKey"],
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The domain, ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** The certificate and its chain in canonical PEM. */
  declare public readonly certificate: pulumi.Output<string>;
  /** The private key as unencrypted PKCS#8 PEM (secret). */
  declare public readonly privateKey: pulumi.Output<string>;
  /** SHA-256 of the certificate, colon-separated upper-case hex. */
  declare public readonly fingerprint: pulumi.Output<string>;
  /** Subject, e.g. `CN=client-shop.net`. */
  declare public readonly subject: pulumi.Output<string>;
  /** Issuer, in the same form as `subject`. */
  declare public readonly issuer: pulumi.Output<string>;
  /** Start of validity, ISO 8601. */
  declare public readonly notBefore: pulumi.Output<string>;
  /** End of validity, ISO 8601. */
  declare public readonly notAfter: pulumi.Output<string>;
  /** DNS names and IP addresses the certificate names (subjectAltName). */
  declare public readonly subjectAltNames: pulumi.Output<string[]>;

  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create replaced a custom certificate the domain had already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an installed custom certificate by its id (`101/client-shop.net`).
   *
   * @example
   * const current = CustomSsl.get("current", "101/client-shop.net");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): CustomSsl {
    return new CustomSsl(name, undefined, { ...opts, id });
  }
}

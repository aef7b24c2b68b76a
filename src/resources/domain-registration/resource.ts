/**
 * The `DomainRegistration` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { domainRegistrationDefinition } from "./provider";
import type { Contact } from "./schema";

/** A WHOIS contact as a program gives it. */
export interface ContactArgs {
  /** First name. */
  firstName: pulumi.Input<string>;
  /** Last name. */
  lastName: pulumi.Input<string>;
  /** Email address. */
  email: pulumi.Input<string>;
  /** Organisation, when the contact is one. */
  companyName?: pulumi.Input<string>;
  /** Street address. */
  address1: pulumi.Input<string>;
  /** Second address line. */
  address2?: pulumi.Input<string>;
  /** City. */
  city: pulumi.Input<string>;
  /** Postal or ZIP code. */
  postalCode: pulumi.Input<string>;
  /** State, province or region. */
  state: pulumi.Input<string>;
  /** An officially assigned ISO 3166-1 alpha-2 code, e.g. `CA` (not `XX`, `EU` or `UK`). */
  countryCode: pulumi.Input<string>;
  /** International form with the calling code, e.g. `+1.5145550100`. */
  phone: pulumi.Input<string>;
}

/** The arguments of a {@link DomainRegistration}. */
export interface DomainRegistrationArgs {
  /** The domain, Unicode or ASCII (`café.com` is stored as `xn--caf-dma.com`). Or give `sld` and `tld`. Changing it replaces the resource. */
  domain?: pulumi.Input<string>;
  /** Second-level name (`example`), with `tld`, instead of `domain`. */
  sld?: pulumi.Input<string>;
  /** TLD without its leading period (`com`, `co.uk`), with `sld`. */
  tld?: pulumi.Input<string>;
  /** Years of the first registration, 1 to 10. Default 1. Used when registering only. */
  period?: pulumi.Input<number>;
  /** 2 to 5 nameserver host names. Default: the provider's (`nsa/nsb/nsc.n0c.com`) when registering. */
  nameservers?: pulumi.Input<pulumi.Input<string>[]>;
  /** Use the provider's nameservers (a DNS zone is created with the registration). */
  useProviderNameservers?: pulumi.Input<boolean>;
  /** WHOIS ID protection, chosen at registration (the API cannot change it later). Default false. */
  idProtection?: pulumi.Input<boolean>;
  /** Allow registering a premium domain at its premium price. Default false. */
  registerIfPremium?: pulumi.Input<boolean>;
  /** TLD-specific additional fields (`addtl_field`), some mandatory for some TLDs. */
  additionalFields?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** The registrant. Required to register. */
  registrant?: pulumi.Input<ContactArgs>;
  /** The administrative contact, sent with the registration; without it the API decides. */
  adminContact?: pulumi.Input<ContactArgs>;
  /** The billing contact, sent with the registration; without it the API decides. */
  billingContact?: pulumi.Input<ContactArgs>;
  /** The technical contact, sent with the registration; without it the API decides. */
  techContact?: pulumi.Input<ContactArgs>;
  /** Registrar lock (a locked domain cannot be transferred away). Unset: left as it is. */
  registrarLock?: pulumi.Input<boolean>;
  /** The most an order of this resource may cost, in the account currency; a dearer order is refused. */
  maxPrice?: pulumi.Input<number>;
  /** `YYYY-MM-DD`: when the expiry is earlier, an update renews the fewest whole years that reach it. */
  minimumExpiry?: pulumi.Input<string>;
  /** Take over a domain already in the reseller account: no order is placed. */
  adopt?: pulumi.Input<boolean>;
  /** Transfer the domain in with this authorization code (kept secret). */
  eppCode?: pulumi.Input<string>;
}

/**
 * A domain registered (or transferred in, or adopted) in the reseller account.
 *
 * Renewal is declarative (`minimumExpiry`), every order is guarded by `maxPrice`, and destroying
 * the resource only releases it from state: the domain stays registered.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DomainRegistration } from "pulumi-hosting-reseller";
 *
 * const site = new DomainRegistration("site", {
 *     domain: "example.com",
 *     period: 1,
 *     maxPrice: 20,
 *     minimumExpiry: "2028-01-01",
 *     registrarLock: true,
 *     registrant: {
 *         firstName: "Alex", lastName: "Martin", email: "alex@example.org",
 *         address1: "1 Example Street", city: "Montreal", postalCode: "H2X 1Y4",
 *         state: "QC", countryCode: "CA", phone: "+1.5145550100",
 *     },
 * }, { protect: true });
 * export const expires = site.expiryDate;
 * ```
 *
 * ## Import
 *
 * The id is the domain name in ASCII form (`example.com`, `xn--caf-dma.com`). Dynamic providers
 * cannot be imported with `pulumi import` (pulumi#16175); set `adopt: true` instead, which takes
 * the domain over without placing an order.
 *
 * @example
 * const site = new DomainRegistration("site", { domain: "example.com", adopt: true });
 */
export class DomainRegistration extends ResellerResource<DomainRegistrationArgs> {
  protected static override readonly spec = resourceClassSpec(domainRegistrationDefinition, {
    outputs: {
      currency: true,
      domainStatuses: true,
      expiryDate: true,
      isTransfer: true,
      lastRenewalOrderId: true,
      lastRenewalTotal: true,
      lastRenewalYears: true,
      orderId: true,
      orderTotal: true,
      purchaseStatus: true,
      registrationDate: true,
      registrationStatus: true,
      registrationStatusInfo: true,
      transferConfirmedAt: true,
      transferDeniedReason: true,
      transferStatus: true,
      unicodeDomain: true,
    },
    // The authorization code never belongs in plain state, even when the program passes a plain string.
    secretInputs: ["eppCode"],
  });

  /** ASCII (punycode) domain name. */
  declare public readonly domain: pulumi.Output<string>;
  /** Display form of the domain (`café.com`). */
  declare public readonly unicodeDomain: pulumi.Output<string>;
  declare public readonly sld: pulumi.Output<string>;
  declare public readonly tld: pulumi.Output<string>;
  declare public readonly period: pulumi.Output<number>;
  /** Live nameservers. */
  declare public readonly nameservers: pulumi.Output<string[]>;
  declare public readonly useProviderNameservers: pulumi.Output<boolean>;
  /** Live ID protection. */
  declare public readonly idProtection: pulumi.Output<boolean>;
  declare public readonly registerIfPremium: pulumi.Output<boolean>;
  declare public readonly additionalFields: pulumi.Output<Record<string, string> | undefined>;
  declare public readonly registrant: pulumi.Output<Contact | undefined>;
  /** The administrative contact, as the API reads it back. */
  declare public readonly adminContact: pulumi.Output<Contact | undefined>;
  /** The billing contact, as the API reads it back. */
  declare public readonly billingContact: pulumi.Output<Contact | undefined>;
  /** The technical contact, as the API reads it back. */
  declare public readonly techContact: pulumi.Output<Contact | undefined>;
  /** Live registrar lock. */
  declare public readonly registrarLock: pulumi.Output<boolean>;
  declare public readonly maxPrice: pulumi.Output<number | undefined>;
  declare public readonly minimumExpiry: pulumi.Output<string | undefined>;
  declare public readonly adopt: pulumi.Output<boolean>;
  /** Order of the registration or transfer. */
  declare public readonly orderId: pulumi.Output<number | undefined>;
  /** Amount charged for that order (known when this stack placed it). */
  declare public readonly orderTotal: pulumi.Output<number | undefined>;
  /** Currency of `orderTotal` and `lastRenewalTotal`. */
  declare public readonly currency: pulumi.Output<string | undefined>;
  /** When the domain was registered, as the API writes it. */
  declare public readonly registrationDate: pulumi.Output<string | undefined>;
  /** When the registration expires, as the API writes it. */
  declare public readonly expiryDate: pulumi.Output<string | undefined>;
  /** `Active`, `Pending Transfer`, `Cancelled`, `Expired`, or `Not in account`. */
  declare public readonly registrationStatus: pulumi.Output<string>;
  /** The API's detail of `registrationStatus`, when it gives one. */
  declare public readonly registrationStatusInfo: pulumi.Output<string | undefined>;
  /** Status of the order, as the API gives it (`purchase_status`). */
  declare public readonly purchaseStatus: pulumi.Output<string | undefined>;
  /** EPP status codes of the domain, as the API lists them (`domain_statuses`). */
  declare public readonly domainStatuses: pulumi.Output<string | undefined>;
  /** Whether the domain came in by transfer. */
  declare public readonly isTransfer: pulumi.Output<boolean | undefined>;
  /** `Pending`, `Confirmed` or `Denied` for a transfer in. */
  declare public readonly transferStatus: pulumi.Output<string | undefined>;
  /** Why the transfer in was denied, when it was. */
  declare public readonly transferDeniedReason: pulumi.Output<string | undefined>;
  /** When the transfer in was confirmed. */
  declare public readonly transferConfirmedAt: pulumi.Output<string | undefined>;
  /** Order of the last renewal this stack placed (for `minimumExpiry`). */
  declare public readonly lastRenewalOrderId: pulumi.Output<string | undefined>;
  /** Amount charged for that renewal. */
  declare public readonly lastRenewalTotal: pulumi.Output<number | undefined>;
  /** Years that renewal added. */
  declare public readonly lastRenewalYears: pulumi.Output<number | undefined>;

  /**
   * Looks up an existing registration by its id (the domain name).
   *
   * @example
   * const existing = DomainRegistration.get("existing", "example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DomainRegistration {
    return new DomainRegistration(name, undefined, { ...opts, id });
  }
}

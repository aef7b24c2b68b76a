/**
 * Registrar operations: the account's domains, availability, registration, transfer, renewal,
 * WHOIS contacts, registrar lock, nameservers and the EPP (transfer authorisation) code.
 *
 * Domains are addressed by `sld` and `tld` (TLD without its leading period) in every version.
 * These are not hosting operations: no envelope, and v3 answers with the same bodies as v4
 * (legacy document, 3.0.0 difference 1). v2 `/reseller-api` GETs take `sld`/`tld` in the query
 * string, its POSTs a JSON body (catalog §3).
 *
 * Evidence in short: v3 domain paths are CONFIRMED in the official registrar module (S1) and
 * PlanetHoster's own v3 branch (S4-PR83); every v4 path except `/v4/domains` is the v3 path with
 * `/v3` changed to `/v4` (INFERRED-M) because no public code calls `/v4` (catalog §7.7 #1).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, int, list, noParams, num, obj, optionalFields, optionalList, secret, sldTld, str } from "../schemas";

// ---- request building blocks ----

/** The four WHOIS contact roles, in the order the API lists them (v4 document, Contact field group). */
export const CONTACT_ROLES = ["registrant", "admin", "billing", "tech"] as const;
/** Suffixes a registrant must give (v4 document, Register domain; legacy document, Save contact details). */
export const CONTACT_REQUIRED_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "address1",
  "city",
  "postal_code",
  "state",
  "country_code",
  "phone",
] as const;
/** Suffixes that are optional even for the registrant. */
export const CONTACT_OPTIONAL_FIELDS = ["company_name", "address2"] as const;
/** Every suffix of a contact group, e.g. `registrant_first_name`. */
export const CONTACT_FIELDS = [...CONTACT_REQUIRED_FIELDS, ...CONTACT_OPTIONAL_FIELDS] as const;

export type ContactRoleName = (typeof CONTACT_ROLES)[number];
type RequiredField = (typeof CONTACT_REQUIRED_FIELDS)[number];
type OptionalField = (typeof CONTACT_OPTIONAL_FIELDS)[number];
type FullGroup<P extends string> = { [F in RequiredField as `${P}_${F}`]: z.ZodString } & {
  [F in OptionalField as `${P}_${F}`]: z.ZodOptional<z.ZodString>;
};
/**
 * The request fields of one contact group as a caller gives them: `registrant_first_name`, ...;
 * one group per role of a union.
 */
export type ContactGroupParams<P extends ContactRoleName> = P extends unknown ? z.input<z.ZodObject<FullGroup<P>>> : never;
type PartialGroup<P extends string> = { [F in RequiredField | OptionalField as `${P}_${F}`]: z.ZodOptional<z.ZodString> };

/**
 * A contact group whose required suffixes must be present and non-empty (the registrant).
 * `country_code` is two letters; `phone` carries the international calling code (`+1.5145550100`).
 *
 * @example
 * z.strictObject({ ...sldTld, ...requiredContactGroup("registrant") });
 */
export function requiredContactGroup<P extends ContactRoleName>(prefix: P): FullGroup<P> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of CONTACT_REQUIRED_FIELDS) {
    shape[`${prefix}_${f}`] = f === "country_code" ? z.string().regex(/^[A-Za-z]{2}$/, "a two-letter country code") : z.string().min(1);
  }
  for (const f of CONTACT_OPTIONAL_FIELDS) shape[`${prefix}_${f}`] = z.string().optional();
  return shape as FullGroup<P>;
}

/**
 * A contact group whose suffixes are all optional (admin, billing, tech). Empty strings are
 * allowed because clients fill blank form fields with `""`; the simulator and the API fall back
 * to the registrant for what is missing.
 *
 * @example
 * z.strictObject({ ...optionalContactGroup("admin") }).parse({ admin_email: "ops@example.org" });
 */
export function optionalContactGroup<P extends ContactRoleName>(prefix: P): PartialGroup<P> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of CONTACT_FIELDS) {
    shape[`${prefix}_${f}`] = (
      f === "country_code" ? z.string().regex(/^([A-Za-z]{2})?$/, "a two-letter country code") : z.string()
    ).optional();
  }
  return shape as PartialGroup<P>;
}

const contactGroups = {
  ...requiredContactGroup("registrant"),
  ...optionalContactGroup("admin"),
  ...optionalContactGroup("billing"),
  ...optionalContactGroup("tech"),
};

/** Registration and renewal periods: 1 to 10 years (v4 document, Limits). */
const period = z.number().int().min(1).max(10);

/** ns1 and ns2 are required, ns3 to ns5 optional (v4 document, Limits); host syntax is the server's to judge. */
const nameserverFields = {
  ns1: z.string().min(1),
  ns2: z.string().min(1),
  ns3: z.string().optional(),
  ns4: z.string().optional(),
  ns5: z.string().optional(),
};

const domainRequest = z.strictObject(sldTld);

/**
 * Body of a registration, identical in every version (legacy document, 3.0.0 difference 1).
 *
 * @example
 * registerRequest.parse({ sld: "example", tld: "com", period: 1, ns1: "nsa.n0c.com", ns2: "nsb.n0c.com",
 *   id_protection: false, register_if_premium: false, use_planethoster_nameservers: true,
 *   registrant_first_name: "Alex", registrant_last_name: "Martin", registrant_email: "alex@example.org",
 *   registrant_address1: "1 Example Street", registrant_city: "Montreal", registrant_postal_code: "H2X 1Y4",
 *   registrant_state: "QC", registrant_country_code: "CA", registrant_phone: "+1.5145550100" });
 */
export const registerRequest = z.strictObject({
  ...sldTld,
  period,
  ...nameserverFields,
  id_protection: z.boolean(),
  register_if_premium: z.boolean(),
  // The API documents call this flag `use_provider_nameservers`; the real field carries the brand:
  // `use_planethoster_nameservers` (catalog §1 #9 and §6: S8 model, S1, S5, S4-PR83, T3). When true,
  // nsa/nsb/nsc.n0c.com are used and a default DNS zone is created.
  use_planethoster_nameservers: z.boolean(),
  // Singular `addtl_field` as the official spec and S1 send it; S4-PR83 and the pre-2.0 API used
  // `addtl_fields` (catalog §1 #9). TLD-specific, some mandatory per TLD.
  addtl_field: z.record(z.string(), z.string()).optional(),
  ...contactGroups,
});

/**
 * Body of a contact update: the registrant group is required; the other groups are optional (S1
 * sends registrant_* only, S4-PR83 may add admin_/billing_/tech_, catalog §1 #13).
 *
 * @example
 * updateContactsRequest.shape.registrant_email; // required string
 */
export const updateContactsRequest = z.strictObject({ ...sldTld, ...contactGroups });

// The EPP code authorises taking the domain away: marked secret, so no error the client builds
// repeats it (schemas.ts, `secretFields`).
const transferRequest = z.strictObject({ ...sldTld, epp_code: secret(z.string().min(1)) });
const renewRequest = z.strictObject({ ...sldTld, period });
const nameserversRequest = z.strictObject({ ...sldTld, ...nameserverFields });
// S4-PR83 sends `lock_action` on the v3 PUT/DELETE as well; S1 sends sld and tld only (catalog §4.1).
const lockOnRequest = z.strictObject({ ...sldTld, lock_action: z.literal("Lock").optional() });
const lockOffRequest = z.strictObject({ ...sldTld, lock_action: z.literal("Unlock").optional() });
const saveLockRequest = z.strictObject({ ...sldTld, lock_action: z.enum(["Lock", "Unlock"]) });

// ---- response schemas ----

/**
 * One entry of `active_domains` (v4 document, Active domain entry).
 *
 * @example
 * activeDomain.parse({ domain_name: "café.com", idn_domain_name: "xn--caf-dma.com", registry_lock: "1" });
 */
export const activeDomain = obj({
  domain_name: str(),
  ...optionalFields({
    idn_domain_name: str(),
    nameservers: obj({ ns1: str().nullish(), ns2: str().nullish(), ns3: str().nullish() }),
    registration_date: str(),
    next_invoice_date: str(),
    registration_period_in_years: int(),
    registry_lock: bool(),
    id_protection: bool(),
    renew_enabled: bool(),
  }),
});

/**
 * Reply of the account-domains listing.
 *
 * @example
 * domainListResponse.parse({ num_active_domains: 0, active_domains: null }).active_domains; // []
 */
export const domainListResponse = obj({
  message: str().optional(),
  num_active_domains: int().optional(),
  active_domains: list(activeDomain),
});

/**
 * The domain information resource (v4 document, Domain information). Transfer fields are null
 * when the domain was registered, not transferred.
 *
 * @example
 * domainInfoResponse.parse({ registration_status: "Active", expiry_date: "2027-03-01", is_transfer: "0" });
 */
export const domainInfoResponse = obj({
  ...optionalFields({ message: str(), order_id: int(), is_transfer: bool(), is_registration: bool() }),
  registration_date: str().nullish(),
  expiry_date: str().nullish(),
  // Values seen in v3 clients: "Active", "Cancelled" (catalog §1 #7); the simulator also uses
  // "Pending Transfer" and "Expired".
  registration_status: str(),
  registration_status_info: str().nullish(),
  purchase_status: str().nullish(),
  id_protection: bool().optional(),
  domain_statuses: str().nullish(),
  // "Pending", "Confirmed", "Denied" (catalog §1 #7).
  transfer_request_status: str().nullish(),
  transfer_request_denied_reason: str().nullish(),
  transfer_request_denied_at: str().nullish(),
  transfer_request_confirmed_at: str().nullish(),
});

/**
 * Availability result (v4 document). Premium prices are in USD (catalog §1 #8).
 *
 * @example
 * availabilityResponse.parse({ available: "true", is_premium: false }).available; // true
 */
export const availabilityResponse = obj({
  available: bool(),
  message: str().optional(),
  is_premium: bool().optional(),
  premium_register_price: num().nullish(),
  premium_renew_price: num().nullish(),
});

/**
 * Registration result. Everything is optional: a registration that succeeded must never fail to
 * parse, or a caller could be tempted to send it again.
 *
 * @example
 * registerResponse.parse({ order_id: "1005", order_total: "12.50", expiry_date: "2027-05-01" }).order_id; // 1005
 */
export const registerResponse = obj(
  optionalFields({
    message: str(),
    order_id: int(),
    order_total: num(),
    expiry_date: str(),
  }),
);

/**
 * Renewal result; the document types `order_id` as a string here (v4 document, Domain order results).
 *
 * @example
 * renewResponse.parse({ order_id: 1006, order_total: 14 }).order_id; // "1006"
 */
export const renewResponse = obj(
  optionalFields({
    message: str(),
    order_id: str(),
    order_total: num(),
  }),
);

/**
 * One WHOIS contact entry (v4 document, WHOIS contact entry; S1 `Actions/GetContactDetails.php`).
 *
 * @example
 * contactEntry.parse({ contact_type: "registrant", name: "Alex Martin", addr: { country: "CA" } });
 */
export const contactEntry = obj({
  contact_type: str(),
  name: str().optional(),
  company_name: str().nullish(),
  addr: obj({
    address1: str().nullish(),
    address2: str().nullish(),
    address3: str().nullish(),
    city: str().nullish(),
    state: str().nullish(),
    postal_code: str().nullish(),
    country: str().nullish(),
  }).optional(),
  phone_number: str().nullish(),
  fax: str().nullish(),
  email: str().nullish(),
  phone_extension: str().nullish(),
  statuses: optionalList(str()),
});

/**
 * Contact details reply.
 *
 * @example
 * contactsResponse.parse({ contacts: [{ contact_type: "registrant", name: "Alex Martin" }] });
 */
export const contactsResponse = obj({ message: str().optional(), contacts: list(contactEntry) });

/**
 * Registrar lock state (legacy document, Get registrar lock: `is_locked`).
 *
 * @example
 * lockResponse.parse({ is_locked: "1" }).is_locked; // true
 */
export const lockResponse = obj({ message: str().optional(), is_locked: bool() });

/** Lock changes answer with a message and, on v2, the new `is_locked`. */
const lockChangeResponse = obj({ message: str().optional(), is_locked: bool().optional() });

/**
 * The pre-2.0 API returned nameservers as `{ host }` objects (S1-old reads `nameservers[i].host`),
 * the v3 module reads plain strings (catalog §3 #8); both read as host names.
 */
function hostOf(v: unknown): unknown {
  return v !== null && typeof v === "object" && "host" in v ? (v as { host: unknown }).host : v;
}

/**
 * Nameserver listing; a domain has at least two (legacy document, Get nameservers).
 *
 * @example
 * nameserversResponse.parse({ nameservers: [{ host: "nsa.n0c.com" }, "nsb.n0c.com"] }).nameservers; // ["nsa.n0c.com", "nsb.n0c.com"]
 */
export const nameserversResponse = obj({ message: str().optional(), nameservers: list(z.preprocess(hostOf, str())) });

/**
 * Reply of the EPP-code e-mail (legacy document, Email EPP code to the registrant).
 *
 * @example
 * eppCodeResponse.parse({ epp_code_sent_to: "alex@example.org" });
 */
export const eppCodeResponse = obj({ message: str().optional(), epp_code_sent_to: str().optional() });

const messageOnly = obj({ message: str().optional() });

const LOCK_V3 = "CONFIRMED, catalog §4.1 (S1 RegistrarLock, S4-PR83)";
const LOCK_V4 = "INFERRED-M: v3 path pattern, catalog §4.1 GET/PUT/DELETE /v3/domain/lock";
const NS_V3 = "CONFIRMED, catalog §4.1 (S1, S4-PR83)";
const NS_V4 = "INFERRED-M: v3 path pattern, catalog §4.1 GET/PUT /v3/domain/nameservers";

/**
 * The domains area of the endpoint table.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * endpoints["v2.domains.transfer"].path; // "/reseller-api/transfert-domain"
 */
export const domainsOperations = defineOperations({
  // Account domains (v2 has no listing).
  "domains.list": {
    summary: "List the account's active domains",
    safety: "read",
    envelope: false,
    request: noParams,
    response: domainListResponse,
    v4: route("GET /v4/domains", "SEED, catalog §1 #6"),
    v3: route("GET /v3/domains", "CONFIRMED, catalog §2 #3"),
  },
  "domains.getInfo": {
    summary: "Read a domain's registration, expiry and transfer status",
    safety: "read",
    envelope: false,
    request: domainRequest,
    response: domainInfoResponse,
    v4: route("GET /v4/domain", "INFERRED-M, catalog §1 #7"),
    v3: route("GET /v3/domain", "CONFIRMED, catalog §2 #5"),
    v2: route("GET /reseller-api/domain-info", "CONFIRMED, catalog §3 #5", { params: "query" }),
  },
  "domains.checkAvailability": {
    summary: "Check whether a domain can be registered, and its premium prices",
    safety: "read",
    envelope: false,
    request: domainRequest,
    response: availabilityResponse,
    v4: route("GET /v4/domain/availability", "INFERRED-M, catalog §1 #8"),
    v3: route("GET /v3/domain/availability", "CONFIRMED, catalog §2 #6"),
    v2: route("GET /reseller-api/check-availability", "CONFIRMED, catalog §3 #4", { params: "query" }),
  },
  // Registration (charges credit: never sent twice).
  "domains.register": {
    summary: "Register a domain for 1 to 10 years, charged to the account credit",
    safety: "unsafe",
    envelope: false,
    request: registerRequest,
    response: registerResponse,
    v4: route("POST /v4/domain/register", "INFERRED-M, catalog §1 #9"),
    v3: route("POST /v3/domain/register", "CONFIRMED, catalog §2 #7"),
    v2: route("POST /reseller-api/register-domain", "CONFIRMED, catalog §3 #16", {
      summary: "Register a domain for 1 to 10 years (header X-API-SANDBOX: 1 for a dry run)",
    }),
  },
  "domains.transfer": {
    summary: "Request the transfer of a domain with its EPP code, charged to the account credit",
    safety: "unsafe",
    envelope: false,
    request: transferRequest,
    response: messageOnly,
    v4: route("POST /v4/domain/transfer", "INFERRED-M, catalog §1 #10"),
    v3: route("POST /v3/domain/transfer", "CONFIRMED, catalog §2 #8"),
    // `transfert-domain` is the official v2 spec's spelling (S8) and S5's; S4, S6, S7 and the
    // pre-2.0 module call `transfer-domain` instead (catalog §4.2, §7.7 #2). Override the path
    // from configuration if the account answers 404 here.
    v2: route("POST /reseller-api/transfert-domain", "CONFIRMED, catalog §4.2 (S8 official spec, S5)"),
  },
  "domains.renew": {
    summary: "Renew a domain for 1 to 10 years, charged to the account credit",
    safety: "unsafe",
    envelope: false,
    request: renewRequest,
    response: renewResponse,
    v4: route("POST /v4/domain/renew", "INFERRED-M, catalog §1 #11"),
    v3: route("POST /v3/domain/renew", "CONFIRMED, catalog §2 #9"),
    v2: route("POST /reseller-api/renew-domain", "CONFIRMED, catalog §4.2"),
  },
  "domains.getContacts": {
    summary: "Read a domain's registrant, admin, billing and tech contacts",
    safety: "read",
    envelope: false,
    request: domainRequest,
    response: contactsResponse,
    v4: route("GET /v4/domain/contacts", "INFERRED-M, catalog §1 #12"),
    v3: route("GET /v3/domain/contacts", "CONFIRMED, catalog §2 #10"),
    v2: route("GET /reseller-api/get-contact-details", "CONFIRMED, catalog §3 #6", { params: "query" }),
  },
  "domains.updateContacts": {
    summary: "Replace a domain's WHOIS contacts",
    safety: "idempotent",
    envelope: false,
    request: updateContactsRequest,
    response: messageOnly,
    v4: route("PATCH /v4/domain/contacts", "INFERRED-M, catalog §1 #13"),
    v3: route("PATCH /v3/domain/contacts", "CONFIRMED, catalog §2 #11"),
    v2: route("POST /reseller-api/save-contact-details", "CONFIRMED, catalog §3 #10"),
  },
  // Registrar lock: v3/v4 toggle with PUT/DELETE, v2 saves a lock_action.
  "domains.getRegistrarLock": {
    summary: "Read whether the registrar lock (transfer protection) is on",
    safety: "read",
    envelope: false,
    request: domainRequest,
    response: lockResponse,
    v4: route("GET /v4/domain/lock", LOCK_V4),
    v3: route("GET /v3/domain/lock", LOCK_V3),
    v2: route("GET /reseller-api/get-registrar-lock", "CONFIRMED, catalog §3 #7", { params: "query" }),
  },
  "domains.enableRegistrarLock": {
    summary: "Turn the registrar lock on",
    safety: "idempotent",
    envelope: false,
    request: lockOnRequest,
    response: lockChangeResponse,
    v4: route("PUT /v4/domain/lock", LOCK_V4),
    v3: route("PUT /v3/domain/lock", LOCK_V3),
  },
  "domains.disableRegistrarLock": {
    summary: "Turn the registrar lock off (needed before a transfer out)",
    safety: "idempotent",
    envelope: false,
    request: lockOffRequest,
    response: lockChangeResponse,
    v4: route("DELETE /v4/domain/lock", LOCK_V4),
    v3: route("DELETE /v3/domain/lock", LOCK_V3),
  },
  "domains.saveRegistrarLock": {
    summary: "Turn the registrar lock on (Lock) or off (Unlock)",
    safety: "idempotent",
    envelope: false,
    request: saveLockRequest,
    response: lockChangeResponse,
    // POST, as the official spec says; S5 wrongly sends GET with a body (catalog §3 #11).
    v2: route("POST /reseller-api/save-registrar-lock", "CONFIRMED, catalog §3 #11"),
  },
  "domains.getNameservers": {
    summary: "Read a domain's nameservers",
    safety: "read",
    envelope: false,
    request: domainRequest,
    response: nameserversResponse,
    v4: route("GET /v4/domain/nameservers", NS_V4),
    v3: route("GET /v3/domain/nameservers", NS_V3),
    v2: route("GET /reseller-api/get-nameservers", "CONFIRMED, catalog §3 #8", { params: "query" }),
  },
  "domains.updateNameservers": {
    summary: "Replace a domain's nameservers (ns1 and ns2 required, up to ns5)",
    safety: "idempotent",
    envelope: false,
    request: nameserversRequest,
    response: messageOnly,
    v4: route("PUT /v4/domain/nameservers", NS_V4),
    v3: route("PUT /v3/domain/nameservers", NS_V3),
    v2: route("POST /reseller-api/save-nameservers", "CONFIRMED, catalog §3 #12"),
  },
  // EPP code: each call sends one more e-mail, so it is not retried blindly.
  "domains.emailEppCode": {
    summary: "E-mail the domain's EPP (transfer) code to the registrant",
    safety: "unsafe",
    envelope: false,
    request: domainRequest,
    response: eppCodeResponse,
    v4: route("POST /v4/domain/auth-info", "INFERRED-M: v3 path pattern, catalog §4.1 POST /v3/domain/auth-info"),
    v3: route("POST /v3/domain/auth-info", "CONFIRMED, catalog §4.1 (S1 EmailEPPCode, S4-PR83)"),
    v2: route("POST /reseller-api/email-epp-code", "CONFIRMED, catalog §3 #15"),
  },
});

/**
 * DomainRegistration: inputs, their validation and normalization, and the state it keeps.
 *
 * Field rules come from the v4 document (Register domain: period 1..10, ns1 and ns2 required and
 * up to ns5, registrant fields required, admin/billing/tech optional, `addtl_field` TLD-specific)
 * and the catalog (§1 #9: the real nameserver flag is `use_planethoster_nameservers`, the
 * provider nameservers are nsa/nsb/nsc.n0c.com, §6).
 */
import { z } from "zod";
import type { DomainRegistrationChecked } from "../../public-types.generated";
import { isUnknown, limitText } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { countryCodeInput, domainInput, MAX_EMAIL_LENGTH, normalizeEmail, textInput } from "../../provider/rules/validators";
import {
  PROVIDER_NAMESERVERS,
  nameserversInput,
  normalizeDomainKey,
  normalizeNameserverChoice,
  sldInput,
  tldInput,
} from "../shared/registrar";

/**
 * The bound of the contact lines (names, organisation, street, city, state): registries take
 * contacts over EPP, whose postal lines hold 1 to 255 characters (RFC 5733 §4, postalLineType;
 * inferred, the API documents no bound).
 */
const POSTAL_LINE = { max: 255, because: "RFC 5733 §4: an EPP postal line has at most 255 characters (inferred)" };

const required = (what: string) => limitText(z.string().trim().min(1, `${what} is required`), POSTAL_LINE);
const optionalText = limitText(z.string().trim(), POSTAL_LINE)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

// Registries want `+<calling code>.<number>` (EPP); the simulator and the API examples use
// `+1.5145550100`. Spaces, dashes and parentheses are dropped so a written number is accepted.
// EPP's form has at most 19 characters (RFC 5733 §4, e164StringType); 32 leaves room for the
// separators people write.
const phone = limitText(
  z
    .string()
    .transform((v) => v.replace(/[ ()-]/g, ""))
    .pipe(z.string().regex(/^\+\d{1,3}\.?\d{4,14}$/, "must be in international form with the calling code, e.g. +1.5145550100")),
  { max: 32, because: "RFC 5733 §4: an EPP phone number has at most 19 characters, written here with separators" },
);

/**
 * A complete contact: every field the registrant must give (v4 document, Register domain).
 * `countryCode` is two letters, upper case; `phone` is in international form with the calling
 * code (`+1.5145550100`); `state` is the state, province or region.
 */
export const contactSchema = z.strictObject({
  firstName: required("firstName"),
  lastName: required("lastName"),
  // Kept as written (the registry keeps the contact as given); its domain must be a valid name.
  email: limitText(
    z
      .string()
      .trim()
      .pipe(z.email("must be an e-mail address"))
      .refine((e) => normalizeEmail(e).ok, "must be an e-mail address whose domain is a valid domain name"),
    { max: MAX_EMAIL_LENGTH, because: "RFC 5321 §4.5.3.1.3: an address has at most 254 characters" },
  ),
  companyName: optionalText,
  address1: required("address1"),
  address2: optionalText,
  city: required("city"),
  postalCode: limitText(z.string().trim().min(1, "postalCode is required"), {
    max: 16,
    because: "RFC 5733 §4: an EPP postal code has at most 16 characters (inferred)",
  }),
  state: required("state"),
  // Registries take officially assigned ISO 3166-1 codes only (RFC 5733: an EPP contact's country
  // code is an ISO 3166-1 alpha-2 identifier); "XX" or "EU" would be ordered with and refused later.
  countryCode: countryCodeInput("a two-letter ISO 3166-1 alpha-2 code (v4 document, contact field group)"),
  phone,
});

function isRealDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const domainRegistrationInputs = {
  /** The domain, Unicode or ASCII (`café.com` is kept as `xn--caf-dma.com`). Or give `sld` and `tld`. */
  domain: domainInput.optional(),
  sld: sldInput.optional(),
  tld: tldInput.optional(),
  period: z.number().int().min(1, "must be 1 to 10 years").max(10, "must be 1 to 10 years").default(1),
  nameservers: nameserversInput.optional(),
  useProviderNameservers: z.boolean().optional(),
  idProtection: z.boolean().optional(),
  registerIfPremium: z.boolean().default(false),
  // TLD-specific fields (`addtl_field`, v4 document, Register domain): short names and values;
  // the API documents no bound (sensible, inferred).
  additionalFields: z
    .record(
      limitText(z.string().min(1), { max: 64, because: "sensible: a field name of a registry extension (inferred)" }),
      textInput(255, "sensible: a registry extension value (inferred)"),
    )
    .optional(),
  registrant: contactSchema.optional(),
  adminContact: contactSchema.optional(),
  billingContact: contactSchema.optional(),
  techContact: contactSchema.optional(),
  registrarLock: z.boolean().optional(),
  maxPrice: z.number().positive("must be a positive amount in the account currency").optional(),
  minimumExpiry: limitText(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
      .refine(isRealDate, "is not a calendar date"),
    { max: 10, because: "a date as YYYY-MM-DD" },
  ).optional(),
  adopt: z.boolean().default(false),
  eppCode: limitText(z.string().trim().min(1, "must not be empty"), {
    max: 255,
    because: "sensible: registries issue transfer codes of 6 to 32 characters, and EPP sets no bound (RFC 5731; inferred)",
    secret: true,
  }).optional(),
};

/**
 * A WHOIS contact (one of the registrant, admin, billing and tech groups), as checked: the
 * schema's output, as a plain type (docs/decisions/0041).
 */
export type { Contact } from "../../public-types.generated";

/** The inputs as their schemas parse them: a plain type equal to their `z.output` (docs/decisions/0041). */
type Parsed = DomainRegistrationChecked;

/** The checked inputs: `domain`, `sld` and `tld` are always set and consistent. */
export interface DomainRegistrationInputs extends Omit<Parsed, "domain" | "sld" | "tld"> {
  /** ASCII (punycode) name, lower case, no trailing dot. */
  domain: string;
  sld: string;
  tld: string;
}

/** The state of a registration. */
export interface DomainRegistrationOutputs extends DomainRegistrationInputs {
  /** The display form of `domain` (`café.com`). */
  unicodeDomain: string;
  /** Live nameservers. */
  nameservers: string[];
  useProviderNameservers: boolean;
  /** Live registrar lock (a locked domain cannot be transferred away). */
  registrarLock: boolean;
  /** Live ID protection. */
  idProtection: boolean;
  /** Order of the registration or transfer. */
  orderId?: number;
  /** Amount charged for the order, in `currency` (known when this stack placed it). */
  orderTotal?: number;
  currency?: string;
  registrationDate?: string;
  expiryDate?: string;
  /** `Active`, `Pending Transfer`, `Cancelled`, `Expired`, ... (values seen in v3 clients, catalog §1 #7). */
  registrationStatus: string;
  registrationStatusInfo?: string;
  purchaseStatus?: string;
  domainStatuses?: string;
  isTransfer?: boolean;
  /** `Pending`, `Confirmed` or `Denied` for a transfer in. */
  transferStatus?: string;
  transferDeniedReason?: string;
  transferConfirmedAt?: string;
  /** The last renewal this stack ordered. */
  lastRenewalOrderId?: string;
  lastRenewalTotal?: number;
  lastRenewalYears?: number;
}

/** Registration mode implied by the inputs. */
export type Mode = "register" | "transfer" | "adopt";

/**
 * The mode: `adopt: true` takes over a domain already in the account; an `eppCode` transfers one
 * in; anything else registers.
 */
export function modeOf(inputs: { adopt?: boolean; eppCode?: string }): Mode {
  if (inputs.adopt) return "adopt";
  return inputs.eppCode !== undefined ? "transfer" : "register";
}

/**
 * Cross-property rules and normalization: one domain name in three consistent spellings, the
 * mode's requirements, nameservers or the provider's defaults.
 */
export function normalizeDomainRegistration(v: Parsed, issue: IssueSink): DomainRegistrationInputs {
  const out = { ...v } as DomainRegistrationInputs;
  const key = normalizeDomainKey(v, issue);
  if (key) Object.assign(out, key);

  if (v.adopt && v.eppCode !== undefined)
    issue("eppCode", "adopt takes over a domain already in the account; it cannot be combined with a transfer (eppCode)");
  const mode = modeOf(v);
  if (mode === "register" && v.registrant === undefined) {
    issue(
      "registrant",
      "a registrant contact is required to register a domain (firstName, lastName, email, address1, city, postalCode, state, countryCode, phone)",
    );
  }

  if (!isUnknown(v.nameservers) && !isUnknown(v.useProviderNameservers)) {
    const choice = normalizeNameserverChoice(v, issue);
    if (choice) Object.assign(out, choice);
    else if (mode === "register") {
      // Neither given: a registration needs ns1 and ns2, and the provider's are the natural default.
      out.nameservers = [...PROVIDER_NAMESERVERS];
      out.useProviderNameservers = true;
    }
  }
  return out;
}

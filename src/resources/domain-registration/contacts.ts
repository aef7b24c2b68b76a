/**
 * DomainRegistration contacts: the four WHOIS roles, the API's contact fields for each
 * (`registrant_first_name`, ...), a contact as the API reads it back, and when two contacts hold
 * the same data.
 */
import type { z } from "zod";
import type { ContactGroupParams, ContactRoleName, contactEntry } from "../../client/endpoints/domains";
import type { Contact } from "./schema";

type ContactEntry = z.output<typeof contactEntry>;

/** The API's contact roles and the input property of each. */
export const ROLES = [
  ["registrant", "registrant"],
  ["admin", "adminContact"],
  ["billing", "billingContact"],
  ["tech", "techContact"],
] as const;
export type ContactProperty = (typeof ROLES)[number][1];

const fullName = (c: Contact) => `${c.firstName} ${c.lastName}`.trim().replace(/\s+/g, " ");

/** The API's contact group fields (`registrant_first_name`, ...) for one role. */
export function contactParams<R extends ContactRoleName>(role: R, c: Contact): ContactGroupParams<R> {
  const out: Record<string, string> = {
    [`${role}_first_name`]: c.firstName,
    [`${role}_last_name`]: c.lastName,
    [`${role}_email`]: c.email,
    [`${role}_address1`]: c.address1,
    [`${role}_city`]: c.city,
    [`${role}_postal_code`]: c.postalCode,
    [`${role}_state`]: c.state,
    [`${role}_country_code`]: c.countryCode,
    [`${role}_phone`]: c.phone,
  };
  if (c.companyName) out[`${role}_company_name`] = c.companyName;
  if (c.address2) out[`${role}_address2`] = c.address2;
  // The keys above are the group's fields under `role`'s prefix, which TypeScript does not follow.
  return out as ContactGroupParams<R>;
}

/**
 * A contact as read. The API returns the name as one string, "First Last" (v4 document, WHOIS
 * contact entry; S1 `GetContactDetails.php`); when it matches the contact in state, that split is
 * kept, otherwise the name splits at its first space. {@link sameContact} compares full names,
 * so either split of a name compares equal.
 */
export function contactFromApi(entry: ContactEntry, previous: Contact | undefined): Contact {
  const name = (entry.name ?? "").trim().replace(/\s+/g, " ");
  let firstName: string;
  let lastName: string;
  if (previous && fullName(previous) === name) ({ firstName, lastName } = previous);
  else {
    const space = name.indexOf(" ");
    firstName = space < 0 ? name : name.slice(0, space);
    lastName = space < 0 ? "" : name.slice(space + 1);
  }
  const text = (v: string | null | undefined) => (v == null || v.trim() === "" ? undefined : v.trim());
  return {
    firstName,
    lastName,
    email: text(entry.email) ?? "",
    companyName: text(entry.company_name),
    address1: text(entry.addr?.address1) ?? "",
    address2: text(entry.addr?.address2),
    city: text(entry.addr?.city) ?? "",
    postalCode: text(entry.addr?.postal_code) ?? "",
    state: text(entry.addr?.state) ?? "",
    countryCode: (text(entry.addr?.country) ?? "").toUpperCase(),
    phone: (text(entry.phone_number) ?? "").replace(/[\s()-]/g, ""),
  };
}

/**
 * Whether two contacts hold the same WHOIS data: names compare as one string, e-mail
 * addresses and country codes without regard to case.
 */
export function sameContact(a: Contact | undefined, b: Contact | undefined): boolean {
  if (!a || !b) return a === b;
  const key = (c: Contact) =>
    JSON.stringify([
      fullName(c),
      c.email.toLowerCase(),
      c.companyName ?? "",
      c.address1,
      c.address2 ?? "",
      c.city,
      c.postalCode,
      c.state,
      c.countryCode.toUpperCase(),
      c.phone,
    ]);
  return key(a) === key(b);
}

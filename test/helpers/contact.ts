/**
 * A WHOIS contact that passes every check, for programs that register a domain.
 *
 * @example
 * new DomainRegistration("domain", { domain: "example-shop.com", registrant: CONTACT });
 */
export const CONTACT = {
  firstName: "Alex",
  lastName: "Martin",
  email: "alex@example.org",
  address1: "1 Example Street",
  city: "Montreal",
  postalCode: "H2X 1Y4",
  state: "QC",
  countryCode: "CA",
  phone: "+1.5145550100",
};

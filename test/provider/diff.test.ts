import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { changedInputs, diffInputs, jsonEqual } from "../../src/provider/lifecycle/diff";
import { changedProperties, definitionOf } from "../../src/runtime";

const dns = definitionOf("DnsRecordSet");
const domain = definitionOf("DomainRegistration");

const dnsOuts = {
  domain: "example.com",
  name: "www",
  type: "A",
  ttl: 3600,
  records: [{ value: "198.51.100.7" }],
  hostingId: 101,
  fqdn: "www.example.com.",
};
const { fqdn: _fqdn, ...dnsIns } = dnsOuts;

const registrant = {
  firstName: "Mary Ann",
  lastName: "Smith",
  email: "mary@example.org",
  address1: "1 Example Street",
  city: "Montreal",
  postalCode: "H2X 1Y4",
  state: "QC",
  countryCode: "CA",
  phone: "+1.5145550100",
};
const domainOuts = {
  domain: "example.com",
  sld: "example",
  tld: "com",
  period: 1,
  nameservers: ["ns1.example.net", "ns2.example.net"],
  useProviderNameservers: false,
  idProtection: false,
  registerIfPremium: false,
  registrant,
  registrarLock: true,
  maxPrice: 20,
  adopt: false,
  expiryDate: "2027-06-01",
  registrationStatus: "Active",
};
const { expiryDate: _e, registrationStatus: _s, ...domainIns } = domainOuts;

describe("shared diff", () => {
  it.each([
    { name: "the same inputs change nothing", def: dns, olds: dnsOuts, news: dnsIns, changes: false, replaces: [], dbr: false },
    {
      name: "a new TTL is an in-place change",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, ttl: 300 },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "new records are an in-place change",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, records: [{ value: "198.51.100.8" }] },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "a new name replaces, deleting first",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, name: "api" },
      changes: true,
      replaces: ["name"],
      dbr: true,
    },
    {
      name: "a new type replaces, deleting first",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, type: "AAAA", records: [{ value: "2001:db8::1" }] },
      changes: true,
      replaces: ["type"],
      dbr: true,
    },
    {
      name: "an unknown TTL counts as a change",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, ttl: UNKNOWN },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "an unknown zone counts as a replacement",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, domain: UNKNOWN },
      changes: true,
      replaces: ["domain"],
      dbr: true,
    },
    {
      name: "an unknown record inside the list counts as a change",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, records: [UNKNOWN] },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "an optional property left unset is not compared",
      def: dns,
      olds: dnsOuts,
      news: { ...dnsIns, hostingId: undefined },
      changes: false,
      replaces: [],
      dbr: false,
    },
    {
      name: "reordered nameservers change nothing",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, nameservers: ["ns2.example.net", "ns1.example.net"] },
      changes: false,
      replaces: [],
      dbr: false,
    },
    {
      name: "another split of the same contact name changes nothing",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, registrant: { ...registrant, firstName: "Mary", lastName: "Ann Smith" } },
      changes: false,
      replaces: [],
      dbr: false,
    },
    {
      name: "a new contact e-mail is an in-place change",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, registrant: { ...registrant, email: "new@example.org" } },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "a minimum expiry the domain already reaches changes nothing",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, minimumExpiry: "2027-01-01" },
      changes: false,
      replaces: [],
      dbr: false,
    },
    {
      name: "a minimum expiry past the live expiry is an in-place change",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, minimumExpiry: "2028-01-01" },
      changes: true,
      replaces: [],
      dbr: false,
    },
    {
      name: "a new price guard alone changes nothing",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, maxPrice: 50 },
      changes: false,
      replaces: [],
      dbr: false,
    },
    {
      name: "a new domain replaces without deleting first",
      def: domain,
      olds: domainOuts,
      news: { ...domainIns, domain: "example.org", sld: "example", tld: "org" },
      changes: true,
      replaces: ["domain"],
      dbr: false,
    },
  ])("$name", ({ def, olds, news, changes, replaces, dbr }) => {
    expect(diffInputs(def, olds, news)).toEqual({ changes, replaces, deleteBeforeReplace: dbr });
  });

  it("names the changed inputs, which the provider plugin sends the engine: not those left out, nor create-time ones", () => {
    expect(changedInputs(dns, dnsOuts, { ...dnsIns, ttl: 300, records: [{ value: "198.51.100.8" }] })).toEqual(["ttl", "records"]);
    expect(changedInputs(dns, dnsOuts, { domain: "example.com", name: "www", type: "A", records: [{ value: "198.51.100.7" }] })).toEqual(
      [],
    );
    expect(changedProperties("DnsRecordSet", dnsOuts, { ...dnsIns, account: "brand-b" })).toEqual(["account"]);
    expect(changedProperties("DnsRecordSet", { ...dnsOuts, account: "brand-b" }, { ...dnsIns, ttl: 60, account: "brand-b" })).toEqual([
      "ttl",
    ]);
  });

  it("always answers changes as a boolean, also when nothing is declared", () => {
    const result = diffInputs(dns, {}, {});
    expect(result.changes).toBe(false);
  });

  it("compares JSON values structurally, ignoring key order but not array order", () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: undefined, b: 1 }, { b: 1 })).toBe(true);
    expect(jsonEqual({ a: null }, {})).toBe(false);
  });
});

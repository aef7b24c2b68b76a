import { describe, expect, it } from "vitest";
import { checkedZone, normalizeDomain, normalizeHost, normalizeRecordName, recordFqdn, splitDomain, unicodeDomain } from "../../src/provider/names";

describe("name normalization", () => {
  it.each([
    { name: "lower-cases and drops the trailing dot", input: "Example.COM.", value: "example.com" },
    { name: "stores a Unicode domain in punycode", input: "Café.com", value: "xn--caf-dma.com" },
    { name: "keeps a punycode domain as it is", input: "xn--caf-dma.com", value: "xn--caf-dma.com" },
    { name: "keeps a multi-label TLD", input: "shop.example.co.uk", value: "shop.example.co.uk" },
  ])("domain: $name", ({ input, value }) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, value });
  });

  it.each([
    { name: "a single label", input: "localhost" },
    { name: "an underscore", input: "bad_name.com" },
    { name: "a space", input: "exa mple.com" },
    { name: "a leading hyphen", input: "-bad.com" },
    { name: "an empty label", input: "a..com" },
    { name: "nothing", input: "  " },
  ])("domain: refuses $name", ({ input }) => {
    expect(normalizeDomain(input).ok).toBe(false);
  });

  it.each([
    { name: "the apex as @", input: "@", value: "@" },
    { name: "the apex as an empty name", input: "", value: "@" },
    { name: "the apex as the zone name", input: "example.com.", value: "@" },
    { name: "a relative name, lower-cased", input: "WWW", value: "www" },
    { name: "a fully qualified name inside the zone", input: "www.Example.com.", value: "www" },
    { name: "the zone suffix written without its dot", input: "api.example.com", value: "api" },
    { name: "an underscore name", input: "_dmarc", value: "_dmarc" },
    { name: "a wildcard", input: "*.dev", value: "*.dev" },
    { name: "a Unicode label", input: "bücher", value: "xn--bcher-kva" },
  ])("record name: $name", ({ input, value }) => {
    expect(normalizeRecordName(input, "example.com")).toEqual({ ok: true, value });
  });

  it("refuses a fully qualified record name outside the zone", () => {
    expect(normalizeRecordName("www.other.org.", "example.com")).toEqual({ ok: false, reason: expect.stringContaining("not inside the zone example.com") });
  });

  it.each([
    { name: "adds the trailing dot and lower-cases", input: "Mail.Example.NET", value: "mail.example.net." },
    { name: "converts a Unicode host", input: "mail.café.com.", value: "mail.xn--caf-dma.com." },
    { name: "reads @ as the zone apex", input: "@", value: "example.com." },
    { name: "keeps the root for a null MX", input: ".", value: "." },
  ])("host: $name", ({ input, value }) => {
    expect(normalizeHost(input, "example.com")).toEqual({ ok: true, value });
  });

  it("builds fully qualified record names and splits domains at the first dot", () => {
    expect(recordFqdn("www", "example.com")).toBe("www.example.com.");
    expect(recordFqdn("@", "example.com")).toBe("example.com.");
    expect(splitDomain("example.co.uk")).toEqual({ sld: "example", tld: "co.uk" });
    expect(unicodeDomain("xn--caf-dma.com")).toBe("café.com");
  });
});

describe("checkedZone", () => {
  it("returns the zone in canonical form and reports nothing", () => {
    const issues: string[] = [];
    expect(checkedZone("Café.COM.", (p, r) => issues.push(`${String(p)}: ${r}`))).toBe("xn--caf-dma.com");
    expect(issues).toEqual([]);
  });

  it("reports a malformed zone on the domain property and returns nothing", () => {
    const issues: string[] = [];
    expect(checkedZone("bad_name.com", (p, r) => issues.push(`${String(p)}: ${r}`))).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^domain: /);
  });
});

import { describe, expect, it } from "vitest";
import {
  checkedZone,
  normalizeDomain,
  normalizeHost,
  normalizeNameserver,
  normalizeRecordName,
  normalizeRegistrableDomain,
  recordFqdn,
  splitDomain,
  unicodeDomain,
} from "../../src/util/names";

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
    { name: "a path, which URL parsing would cut off", input: "evil.org/agency-demo.com" },
    { name: "a query", input: "example.com?x" },
    { name: "a fragment", input: "example.com#x" },
    { name: "a backslash", input: "example.com\\x" },
    { name: "a port", input: "example.com:443" },
    { name: "a user", input: "admin@example.com" },
    { name: "a scheme", input: "https://example.com" },
    { name: "a percent escape", input: "%65xample.com" },
    { name: "a tab, which URL parsing would drop", input: "exa\tmple.com" },
    { name: "a newline", input: "example.com\n" },
    { name: "surrounding spaces", input: " example.com " },
    { name: "a soft hyphen, which UTS #46 would drop", input: "exa\u00admple.com" },
    { name: "a zero-width space", input: "exa\u200bmple.com" },
    { name: "a full-width solidus", input: "evil.org\uff0fexample.com" },
    { name: "punycode that does not decode", input: "xn--a.com" },
    { name: "punycode that decodes to symbols", input: "xn--zz-invalid.com" },
    { name: "an emoji", input: "\u{1f4a9}.la" },
    { name: "an IPv4 address", input: "192.0.2.1" },
    { name: "an IPv4 address in hex", input: "0x7f.1" },
    { name: "an IPv6 address", input: "2001:db8::1" },
    { name: "a numeric top-level domain", input: "example.123" },
    { name: "254 characters", input: ["a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(62)].join(".") },
  ])("domain: refuses $name", ({ input }) => {
    expect(normalizeDomain(input).ok).toBe(false);
  });

  it("domain: keeps letters of any script and the German sharp s, as IDNA2008 does", () => {
    expect(normalizeDomain("bücher.de")).toEqual({ ok: true, value: "xn--bcher-kva.de" });
    expect(normalizeDomain("straße.de")).toEqual({ ok: true, value: "xn--strae-oqa.de" });
    expect(normalizeDomain("ＥＸＡＭＰＬＥ.com")).toEqual({ ok: true, value: "example.com" });
  });

  it("domain: quotes at most 60 characters of a bad name", () => {
    const result = normalizeDomain(`${"a".repeat(5000)}/x`);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).not.toContain("a".repeat(61));
  });

  it.each([
    { input: "Example.CO.UK", value: "example.co.uk" },
    { input: "café.com", value: "xn--caf-dma.com" },
  ])("registrable domain: takes $input", ({ input, value }) => {
    expect(normalizeRegistrableDomain(input)).toEqual({ ok: true, value });
  });

  it.each([
    { input: "www.example.com", reason: /a name under example\.com/ },
    { input: "co.uk", reason: /is a public suffix/ },
    { input: "example.notatld", reason: /not under a top-level domain of the public suffix list/ },
    { input: "site.github.io", reason: /a name under github\.io/ },
  ])("registrable domain: refuses $input", ({ input, reason }) => {
    const result = normalizeRegistrableDomain(input);
    expect(result.ok ? "" : result.reason).toMatch(reason);
  });

  it("nameserver: takes a host name without its trailing dot, refuses addresses, single labels and underscores", () => {
    expect(normalizeNameserver("NS1.Example.NET.")).toEqual({ ok: true, value: "ns1.example.net" });
    for (const bad of ["192.0.2.53", "2001:db8::53", "[2001:db8::53]", "ns1", "ns_1.example.net", "ns1.example.net:53", "."]) {
      expect(normalizeNameserver(bad).ok, bad).toBe(false);
    }
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
    expect(normalizeRecordName("www.other.org.", "example.com")).toEqual({
      ok: false,
      reason: expect.stringContaining("not inside the zone example.com"),
    });
  });

  it.each([
    { name: "adds the trailing dot and lower-cases", input: "Mail.Example.NET", value: "mail.example.net." },
    { name: "converts a Unicode host", input: "mail.café.com.", value: "mail.xn--caf-dma.com." },
    { name: "reads @ as the zone apex", input: "@", value: "example.com." },
    { name: "keeps the root for a null MX", input: ".", value: "." },
  ])("host: $name", ({ input, value }) => {
    expect(normalizeHost(input, "example.com")).toEqual({ ok: true, value });
  });

  it.each(["192.0.2.1", "mail.example.com/x", " mail.example.com", "mail.xn--zz-invalid.com", "mail.example.123"])(
    "host: refuses %j",
    (input) => {
      expect(normalizeHost(input, "example.com").ok).toBe(false);
    },
  );

  it.each(["www/x", " www", "a.*", "exa\u00admple", "x:y"])("record name: refuses %j", (input) => {
    expect(normalizeRecordName(input, "example.com").ok).toBe(false);
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

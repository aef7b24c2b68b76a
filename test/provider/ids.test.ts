import { describe, expect, it } from "vitest";
import {
  domainIdPart,
  hostingAccountId,
  hostingDomainId,
  hostingScopedId,
  parseHostingAccountId,
  parseHostingDomainId,
  parseHostingScopedId,
  positiveIdPart,
  type IdPart,
} from "../../src/provider/lifecycle/ids";
import { definitionOf } from "../../src/runtime";

const service: IdPart<string> = (text) => (["redis", "memcached"].includes(text.toLowerCase()) ? text.toLowerCase() : undefined);

describe("hosting-scoped ids", () => {
  it("joins the hosting id and the parts with slashes", () => {
    expect(hostingScopedId(101)).toBe("101");
    expect(hostingScopedId(101, "agency-demo.com")).toBe("101/agency-demo.com");
    expect(hostingScopedId(101, "agencyde_wp", "agencyde_wpuser")).toBe("101/agencyde_wp/agencyde_wpuser");
    expect(hostingScopedId(101, 12)).toBe("101/12");
    expect(hostingAccountId({ hostingId: 102 })).toBe("102");
    expect(hostingDomainId({ hostingId: 101, domain: "client-shop.net" })).toBe("101/client-shop.net");
  });

  it("reads back what it builds, each part through its parser", () => {
    expect(parseHostingScopedId(" 101 ", {})).toEqual({ hostingId: 101 });
    expect(parseHostingAccountId("101")).toEqual({ hostingId: 101 });
    expect(parseHostingScopedId("101/Redis", { service })).toEqual({ hostingId: 101, service: "redis" });
    expect(parseHostingScopedId("101/12", { urlId: positiveIdPart })).toEqual({ hostingId: 101, urlId: 12 });
    expect(parseHostingDomainId("101/Café.com.")).toEqual({ hostingId: 101, domain: "xn--caf-dma.com" });
  });

  it.each([
    { name: "a hosting id of zero", id: "0/agency-demo.com" },
    { name: "a hosting id that is not digits", id: "+101/agency-demo.com" },
    { name: "a hosting id beyond the safe integers", id: "99999999999999999999/agency-demo.com" },
    { name: "a missing part", id: "101" },
    { name: "an empty part", id: "101/" },
    { name: "a part too many", id: "101/agency-demo.com/extra" },
    { name: "a part its parser refuses", id: "101/not a domain" },
    { name: "blanks around the slash", id: "101 /agency-demo.com" },
  ])("refuses $name", ({ id }) => {
    expect(parseHostingScopedId(id, { domain: domainIdPart })).toBeUndefined();
  });

  it("gives the last part the rest of the id, slashes included, when asked", () => {
    const parts = { domain: domainIdPart, url: (text: string) => (text.startsWith("https://") ? text : undefined) };
    expect(parseHostingScopedId("101/client-shop.net/https://agency-demo.com/shop/", parts, { rest: true })).toEqual({
      hostingId: 101,
      domain: "client-shop.net",
      url: "https://agency-demo.com/shop/",
    });
    expect(parseHostingScopedId("101/client-shop.net/https://agency-demo.com/shop/", parts)).toBeUndefined();
    expect(parseHostingScopedId("101/client-shop.net/", parts, { rest: true })).toBeUndefined();
  });

  it("keeps every resource's id format: the id built from state parses back to the same key", () => {
    const cases: { type: string; values: Record<string, unknown>; id: string }[] = [
      { type: "Redirection", values: { hostingId: 101, domain: "client-shop.net" }, id: "101/client-shop.net" },
      { type: "CustomSsl", values: { hostingId: 101, domain: "agency-demo.com" }, id: "101/agency-demo.com" },
      { type: "WafDisabledRules", values: { hostingId: 101, domain: "agency-demo.com" }, id: "101/agency-demo.com" },
      { type: "PhpOptions", values: { hostingId: 101, phpVersion: "8.2" }, id: "101/8.2" },
      { type: "PhpExtensions", values: { hostingId: 101, phpVersion: "8.2" }, id: "101/8.2" },
      { type: "PhpVersion", values: { hostingId: 101 }, id: "101" },
      { type: "ObjectStorageAccount", values: { hostingId: 101 }, id: "101" },
      { type: "ObjectStorageUrl", values: { hostingId: 101, urlId: 12 }, id: "101/12" },
      { type: "CacheService", values: { hostingId: 101, service: "redis" }, id: "101/redis" },
      { type: "FtpAccount", values: { hostingId: 101, user: "ci", domain: "agency-demo.com" }, id: "101/ci@agency-demo.com" },
      { type: "EmailAccount", values: { hostingId: 101, user: "sales", domain: "agency-demo.com" }, id: "101/sales@agency-demo.com" },
      {
        type: "SshKey",
        values: { hostingId: 101, fingerprint: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7" },
        id: "101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7",
      },
      {
        type: "DatabaseUserGrant",
        values: { hostingId: 101, database: "agencyde_wp", user: "agencyde_wpuser" },
        id: "101/agencyde_wp/agencyde_wpuser",
      },
    ];
    for (const c of cases) {
      const def = definitionOf(c.type);
      expect(def.id.build(c.values), c.type).toBe(c.id);
      expect(def.id.parse(c.id), c.type).toBeDefined();
      expect(def.id.parse(`x${c.id}`), c.type).toBeUndefined();
    }
    // What each id tells, in canonical form.
    expect(definitionOf("FtpAccount").id.parse("101/CI@Agency-Demo.com")).toEqual({
      hostingId: 101,
      user: "ci",
      domain: "agency-demo.com",
    });
    expect(definitionOf("EmailAccount").id.parse("101/Sales@Agency-Demo.com")).toEqual({
      hostingId: 101,
      user: "sales",
      domain: "agency-demo.com",
    });
    expect(definitionOf("EmailAccount").id.parse("101/sa..les@agency-demo.com")).toBeUndefined();
    expect(definitionOf("Redirection").id.parse("101/client-shop.net/https://agency-demo.com/shop")).toEqual({
      hostingId: 101,
      domain: "client-shop.net",
      destinationUrl: "https://agency-demo.com/shop",
    });
    expect(definitionOf("SshKey").id.parse("101/MD5:A4:77:51:08:BF:6E:AB:6F:50:84:B7:67:99:C8:F8:F7")).toEqual({ hostingId: 101 });
    expect(definitionOf("DatabaseUserGrant").id.parse("101/agencyde-wp/agencyde_wpuser")).toBeUndefined();
    expect(definitionOf("PhpOptions").id.parse("101/8")).toBeUndefined();
  });
});

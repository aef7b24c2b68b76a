/**
 * Account and registrar data sources against the simulator, on every version that has them:
 * account info, TLD pricing, availability, domain information, the account's domains and the
 * hosting account listings.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import {
  getAccountInfo,
  getDomainAvailability,
  getDomainInfo,
  getDomains,
  getHostingAccounts,
  getTldPricing,
} from "../../src/data-sources";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();
const ALL: ApiVersion[] = ["v4", "v3", "v2"];

describe.each(ALL)("registrar data sources on %s", (version) => {
  beforeEach(() => t.use(version));

  it("reads the account's credit and counts", async () => {
    const info = await getAccountInfo();
    expect(info).toEqual({ creditRemaining: 1000, creditCurrency: "USD", activeOrders: expect.any(Number), activeDomains: 3 });
    expect(t.sim.requests.count(`${version}.account.getInfo`)).toBe(1);
  });

  it("reads TLD prices keyed by the TLD without its period", async () => {
    const pricing = await getTldPricing();
    expect(pricing.currency).toBe("USD");
    expect(pricing.tlds.com).toEqual({
      register: 12.5,
      transfer: 12.5,
      renew: 14,
      transferRequiresEppCode: true,
      idProtectionSupported: true,
    });
    expect(Object.keys(pricing.tlds).every((k) => !k.startsWith("."))).toBe(true);
  });

  it("reports a premium domain as available with its premium prices", async () => {
    expect(await getDomainAvailability({ domain: "Gold.com" })).toEqual({
      domain: "gold.com",
      available: true,
      premium: true,
      premiumRegisterPrice: 2500,
      premiumRenewPrice: 15,
    });
  });

  it("reports a domain of the account as not available and not premium", async () => {
    const check = await getDomainAvailability({ domain: "agency-demo.com" });
    expect(check.available).toBe(false);
    expect(check.premium).toBe(false);
    expect(check.premiumRegisterPrice).toBeUndefined();
  });

  it("reads domain information for a Unicode name through its ASCII form", async () => {
    const info = await getDomainInfo({ domain: "Café.COM." });
    expect(info.domain).toBe("xn--caf-dma.com");
    expect(info.registrationStatus).toBe("Active");
    expect(info.expiryDate).toBe("2027-01-10");
    expect(info.isTransfer).toBe(false);
  });

  it("reads an expired domain's status", async () => {
    expect((await getDomainInfo({ domain: "legacy-brand.org" })).registrationStatus).toBe("Expired");
  });

  it("fails for a domain that is not in the account, with the API's not-found error", async () => {
    await expect(getDomainInfo({ domain: "not-mine.com" })).rejects.toMatchObject({ name: "ResellerApiError", code: "not-found" });
  });
});

describe.each(["v4", "v3"] as const)("account listings on %s", (version) => {
  beforeEach(() => t.use(version));

  it("lists the account's domains with ASCII and Unicode names and their nameservers", async () => {
    const { domains, activeCount } = await getDomains();
    expect(activeCount).toBe(3);
    const cafe = domains.find((d) => d.domain === "xn--caf-dma.com");
    expect(cafe).toMatchObject({ unicodeDomain: "café.com", nameservers: ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"] });
    expect(domains.find((d) => d.domain === "client-shop.net")?.registryLock).toBe(false);
  });

  it("prices TLDs in the currency asked for", async () => {
    const pricing = await getTldPricing({ currency: "eur" });
    expect(pricing.currency).toBe("EUR");
    expect(pricing.tlds.com?.register).toBeCloseTo(12.5 * 0.92, 2);
  });

  it("lists every hosting account and the World sub-accounts", async () => {
    const { hostingAccounts, worldAccounts, worldResourcesAvailable } = await getHostingAccounts();
    expect(hostingAccounts?.map((h) => [h.id, h.username, h.location])).toEqual([
      [101, "agencyde", "CA"],
      [102, "stagingx", "FR"],
    ]);
    expect(worldAccounts.map((w) => w.id)).toEqual([101]);
    expect(worldResourcesAvailable).toBeUndefined();
    expect(t.sim.requests.count(`${version}.hosting.listAccounts`)).toBe(1);
    expect(t.sim.requests.count(`${version}.hosting.listWorldAccounts`)).toBe(1);
  });
});

describe("version limits of the registrar data sources", () => {
  it("lists only World accounts on v2, with what the plan has left", async () => {
    await t.use("v2");
    const result = await getHostingAccounts();
    expect(result.hostingAccounts).toBeUndefined();
    expect(result.worldAccounts).toEqual([
      expect.objectContaining({ id: 101, username: "agencyde", resources: { cpu: 2, mem: 4, io: 4 } }),
    ]);
    expect(result.worldAccountCount).toBe(1);
    expect(result.worldResourcesAvailable).toEqual({ cpu: expect.any(Number), mem: expect.any(Number), io: expect.any(Number) });
  });

  it("refuses the account's domain listing on v2, naming the version, without a request", async () => {
    await t.use("v2");
    await expect(getDomains()).rejects.toThrow(/getDomains is not available in API v2/);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses a pricing currency on v2, naming the argument and the version, without a request", async () => {
    await t.use("v2");
    await expect(getTldPricing({ currency: "EUR" })).rejects.toThrow(/argument "currency" is not available in API v2/);
    expect(t.sim.requests.count()).toBe(0);
  });

  it.each([
    { name: "a malformed domain", call: () => getDomainInfo({ domain: "no_underscores.com" }), arg: /argument "domain"/ },
    { name: "a domain without a TLD", call: () => getDomainAvailability({ domain: "localhost" }), arg: /argument "domain"/ },
    { name: "a currency that is not a code", call: () => getTldPricing({ currency: "euro" }), arg: /argument "currency"/ },
    { name: "an unknown argument", call: () => getAccountInfo({ verbose: true } as never), arg: /unknown argument "verbose"/ },
    {
      name: "a domain with a path, not cut at the slash",
      call: () => getDomainInfo({ domain: "evil.org/agency-demo.com" }),
      arg: /argument "domain": .*holds "\/"/,
    },
    {
      name: "a name under a domain, for a registrar read",
      call: () => getDomainAvailability({ domain: "www.agency-demo.com" }),
      arg: /argument "domain": .*a name under agency-demo\.com/,
    },
    {
      name: "a NUL in a string argument",
      call: () => getTldPricing({ currency: "EU\u0000R" }),
      arg: /argument "currency": .*control characters: U\+0000/,
    },
    {
      name: "a bidi control in a domain",
      call: () => getDomainInfo({ domain: "agency-demo\u202e.com" }),
      arg: /argument "domain": .*bidirectional/,
    },
  ])("rejects $name before any request, naming the argument", async ({ call, arg }) => {
    await t.use("v4");
    await expect(call()).rejects.toMatchObject({ name: "ResellerApiError", code: "validation", message: expect.stringMatching(arg) });
    expect(t.sim.requests.count()).toBe(0);
  });
});

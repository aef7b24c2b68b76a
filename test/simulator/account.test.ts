import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { registration, useSimulator } from "../helpers/sim";

const VERSIONS: ApiVersion[] = ["v4", "v3", "v2"];

describe("account operations against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  it.each(VERSIONS)("answers the test connection with successful_connection true on %s", async (version) => {
    const reply = await t.clientFor(version).request("account.hello");
    expect(reply.successful_connection).toBe(true);
  });

  it.each(VERSIONS)("reports the credit, its currency and the active counts from the store on %s", async (version) => {
    t.sim.store.account.credit = 42.5;
    const info = await t.clientFor(version).request("account.getInfo");
    expect(info).toMatchObject({ credit_remaining: 42.5, credit_currency: "USD" });
    // Demo seed: three Active domains (legacy-brand.org is Expired) and two active hosting accounts.
    expect(info.num_active_domains).toBe(3);
    expect(info.num_active_orders).toBe(5);
  });

  it("counts a newly registered domain as an active domain and an active order", async () => {
    const before = await t.client.request("v4.account.getInfo");
    await t.client.request("domains.register", registration("counted", "fr"));
    const after = await t.client.request("v4.account.getInfo", {}, { fresh: true });
    expect(after.num_active_domains).toBe((before.num_active_domains ?? 0) + 1);
    expect(after.num_active_orders).toBe((before.num_active_orders ?? 0) + 1);
    expect(after.credit_remaining).toBe(1000 - 10);
  });

  it.each(["v4", "v3"] as const)("converts TLD prices to the requested currency on %s, keyed with the leading period", async (version) => {
    const pricing = await t.clientFor(version).request(`${version}.account.getTldPricing` as const, { currency_code: "EUR" });
    expect(pricing.currency_code).toBe("EUR");
    expect(Object.keys(pricing.tlds).every((k) => k.startsWith("."))).toBe(true);
    // .com registers at 12.50 USD; the demo rate is 1 USD = 0.92 EUR.
    expect(pricing.tlds[".com"]).toMatchObject({ register: 11.5, transfer: 11.5, renew: 12.88, transfer_requires_epp_code: true });
    expect(pricing.tlds[".ca"]?.id_protection_supported).toBe(false);
  });

  it("accepts a lower-case currency code", async () => {
    const pricing = await t.client.request("v4.account.getTldPricing", { currency_code: "cad" });
    expect(pricing.currency_code).toBe("CAD");
    expect(pricing.tlds[".net"]?.register).toBe(19.32);
  });

  it("prices in the account currency when no currency is asked for", async () => {
    const pricing = await t.client.request("v4.account.getTldPricing", {});
    expect(pricing.currency_code).toBe("USD");
    expect(pricing.tlds[".io"]).toMatchObject({ register: 45, transfer: 45, renew: 48 });
  });

  it("lists v2 TLD prices in the account currency without parameters", async () => {
    const pricing = await t.clientFor("v2").request("v2.account.getTldPricing");
    expect(pricing.currency_code).toBe("USD");
    expect(pricing.tlds[".shop"]).toMatchObject({ register: 3, transfer: 28, renew: 32 });
    expect(t.sim.requests.list().at(-1)?.path).toBe("/reseller-api/tld-prices");
  });

  it("follows the price list of the store", async () => {
    t.sim.store.tlds.dev = { register: 17, transfer: 17, renew: 17, transferRequiresEppCode: true, idProtectionSupported: true };
    const pricing = await t.client.request("v4.account.getTldPricing", { currency_code: "USD" });
    expect(pricing.tlds[".dev"]?.register).toBe(17);
  });

  it("refuses an unknown currency with a 400 that names currency_code", async () => {
    await expect(t.client.request("account.getTldPricing", { currency_code: "XYZ" })).rejects.toMatchObject({
      code: "validation",
      status: 400,
      apiError: expect.stringContaining("currency_code XYZ"),
    });
  });
});

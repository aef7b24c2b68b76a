import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT } from "../helpers/contact";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

const registrant = CONTACT;

/** A fixed clock, so expiry dates and renewal years are the same on every run. */
const simulator = { now: () => new Date("2026-11-21T12:00:00Z") };

const orders = (t: { sim: { requests: { count(op: string): number } } }) => ({
  register: t.sim.requests.count("domains.register"),
  transfer: t.sim.requests.count("domains.transfer"),
  renew: t.sim.requests.count("domains.renew"),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["v4", "v3"] as const)("DomainRegistration on API %s", (version) => {
  const t = useProvider("DomainRegistration", { version, simulator });

  it("walks the engine's lifecycle: one order, in-place changes, and a destroy that keeps the domain", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const base = { domain: "fresh-site.com", registrant, maxPrice: 20 };
    const run = await runLifecycle(t.engine, {
      inputs: base,
      update: {
        ...base,
        nameservers: ["ns1.example.net", "ns2.example.net"],
        registrarLock: false,
        registrant: { ...registrant, email: "ops@example.org" },
      },
      replace: { ...base, domain: "other-site.com" },
      replaces: ["domain"],
      goneAfterDelete: false,
    });
    expect(run.id).toBe("fresh-site.com");
    expect(run.created).toMatchObject({
      domain: "fresh-site.com",
      nameservers: ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"],
      useProviderNameservers: true,
      registrationStatus: "Active",
      registrationDate: "2026-11-21",
      expiryDate: "2027-11-21",
      orderTotal: 12.5,
      currency: "USD",
      registrarLock: true,
    });
    expect(run.updated).toMatchObject({
      nameservers: ["ns1.example.net", "ns2.example.net"],
      registrarLock: false,
      registrant: { email: "ops@example.org" },
    });
    expect(orders(t)).toEqual({ register: 1, transfer: 0, renew: 0 });
    // Destroy released it from state only: the domain is still registered, and the log says so.
    expect(t.sim.store.domains["fresh-site.com"]?.registrationStatus).toBe("Active");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("removed from Pulumi state only. The domain stays registered"));
  });
});

describe("DomainRegistration orders", () => {
  const t = useProvider("DomainRegistration", { version: "v4", simulator });

  it("refuses an order above maxPrice with both figures in the message, and orders nothing", async () => {
    const inputs = await t.engine.check({ domain: "startup.io", registrant, period: 2, maxPrice: 60 });
    await expect(t.provider.create(inputs)).rejects.toThrow("costs 90.00 USD, more than maxPrice 60.00 USD");
    expect(t.sim.requests.count("domains.register")).toBe(0);
    expect(t.sim.store.domains["startup.io"]).toBeUndefined();
  });

  it("refuses a premium domain without the premium opt-in, and orders nothing", async () => {
    const inputs = await t.engine.check({ domain: "gold.com", registrant, maxPrice: 5000 });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /gold\.com is a premium domain \(2500\.00 USD for the first year\); set registerIfPremium: true/,
    );
    expect(t.sim.requests.count("domains.register")).toBe(0);
  });

  it("guards a premium domain with its premium price", async () => {
    const inputs = await t.engine.check({ domain: "gold.com", registrant, registerIfPremium: true, maxPrice: 100 });
    await expect(t.provider.create(inputs)).rejects.toThrow("costs 2500.00 USD, more than maxPrice 100.00 USD");
    expect(t.sim.requests.count("domains.register")).toBe(0);
  });

  it("refuses to register a domain that is already in the account before any check or order, pointing to adopt", async () => {
    const declared = { domain: "agency-demo.com", registrant };
    const refusal = /already in this reseller account; set adopt: true.*Nothing was ordered \(found the domain agency-demo\.com \(Active/;
    // The check (a preview) refuses it already; a create checked before it was in the account refuses it too.
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(refusal);
    expect(t.sim.requests.count("domains.register")).toBe(0);
    expect(t.sim.requests.count("domains.checkAvailability")).toBe(0);
  });

  it.each([{ kind: "lost-response" }, { kind: "truncate" }, { kind: "hollow", reply: "empty" }] as const)(
    "places exactly one order when the registration is answered with $kind $reply, and reads the domain into state",
    async (fault) => {
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      const credit = t.sim.store.account.credit;
      t.sim.faults.add({ operation: "domains.register", ...fault });
      const { id, outs } = await t.engine.create(await t.engine.check({ domain: "lost-reply.com", registrant, maxPrice: 20 }));
      expect(id).toBe("lost-reply.com");
      expect(outs).toMatchObject({ registrationStatus: "Active", orderId: t.sim.store.domains["lost-reply.com"]!.orderId, adopt: false });
      expect(t.sim.requests.count("domains.register")).toBe(1);
      expect(credit - t.sim.store.account.credit).toBeGreaterThan(0);
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining("DomainRegistration lost-reply.com: the create's reply was lost or unreadable"),
      );

      // A second create of the same declaration (a stack that lost its state) orders nothing:
      // its check refuses it, and so does its create where the check did not read.
      const after = t.sim.store.account.credit;
      const declared = { domain: "lost-reply.com", registrant, maxPrice: 20 };
      expect(await t.engine.checkFailures(declared)).toEqual([{ property: "", reason: expect.stringMatching(/set adopt: true/) }]);
      await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(/set adopt: true/);
      expect(t.sim.requests.count("domains.register")).toBe(1);
      expect(t.sim.store.account.credit).toBe(after);
    },
  );

  it("takes a transferred domain whose request reply was lost into state without requesting it again or keeping the EPP code", async () => {
    t.sim.faults.add({ operation: "domains.transfer", kind: "lost-response" });
    const { outs } = await t.engine.create(await t.engine.check({ domain: "transfer-me.net", eppCode: "EPP-TRANSFER-1", maxPrice: 20 }));
    expect(t.sim.requests.count("domains.transfer")).toBe(1);
    expect(outs).toMatchObject({ domain: "transfer-me.net", registrationStatus: "Pending Transfer" });
    expect(JSON.stringify(outs)).not.toContain("EPP-TRANSFER-1");
  });

  it("keeps a registered domain in state when a follow-up step fails, reporting its id", async () => {
    t.sim.faults.add({ operation: "domains.disableRegistrarLock", kind: "status", status: 500, times: 10 });
    const inputs = await t.engine.check({ domain: "half-done.com", registrant, registrarLock: false });
    const err = (await t.provider.create(inputs).catch((e: unknown) => e)) as {
      id?: string;
      properties?: Record<string, unknown>;
      message: string;
    };
    expect(err.message).toMatch(/half-done\.com is in the account, but setting it up failed/);
    expect(err.id).toBe("half-done.com");
    expect(err.properties).toMatchObject({ domain: "half-done.com", registrationStatus: "Active", __provider: inputs.__provider });
    expect(t.sim.requests.count("domains.register")).toBe(1);
  });

  it("transfers a domain in: pending at first, then confirmed by later reads", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "transfer-me.net", eppCode: "EPP-TRANSFER-1", maxPrice: 20 }),
    );
    expect(outs).toMatchObject({ transferStatus: "Pending", registrationStatus: "Pending Transfer", isTransfer: true });
    expect(outs).not.toHaveProperty("eppCode");
    let state = outs;
    for (let i = 0; i < 5 && state.transferStatus === "Pending"; i++) state = (await t.engine.read(id, state)).props;
    expect(state).toMatchObject({ transferStatus: "Confirmed", registrationStatus: "Active" });
    expect(orders(t)).toEqual({ register: 0, transfer: 1, renew: 0 });
  });

  it("adopts a domain already in the account without any order, then manages its settings", async () => {
    const inputs = await t.engine.check({ domain: "client-shop.net", adopt: true, registrant, registrarLock: true });
    const { id, outs } = await t.engine.create(inputs);
    expect(id).toBe("client-shop.net");
    expect(outs).toMatchObject({ registrarLock: true, expiryDate: "2026-12-15", adopt: true });
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(true);
    expect(orders(t)).toEqual({ register: 0, transfer: 0, renew: 0 });
    const after = await t.engine.read(id, outs);
    expect(after.props).toEqual(outs);
    expect((await t.engine.diff(id, after.props, inputs)).changes).toBe(false);
  });

  it("refuses to adopt a domain the account does not hold, and orders nothing", async () => {
    const inputs = await t.engine.check({ domain: "not-mine.com", adopt: true });
    await expect(t.provider.create(inputs)).rejects.toThrow(/not in this reseller account, so it cannot be adopted/);
    expect(orders(t)).toEqual({ register: 0, transfer: 0, renew: 0 });
  });

  it("renews the fewest whole years that reach minimumExpiry, once; a second run renews nothing", async () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const inputs = await t.engine.check({ domain: "client-shop.net", adopt: true, minimumExpiry: "2028-01-01", maxPrice: 40 });
    const { id, outs } = await t.engine.create(inputs);
    // Adopting and refreshing never renew.
    const refreshed = await t.engine.read(id, outs);
    expect(t.sim.requests.count("domains.renew")).toBe(0);
    expect(refreshed.props.expiryDate).toBe("2026-12-15");

    const diff = await t.engine.diff(id, refreshed.props, inputs);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const renewed = await t.engine.update(id, refreshed.props, inputs);
    // 2026-12-15 + 1 year falls short of 2028-01-01; 2 years reach it.
    expect(renewed).toMatchObject({ expiryDate: "2028-12-15", lastRenewalYears: 2, lastRenewalTotal: 31 });
    expect(t.sim.requests.count("domains.renew")).toBe(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining("client-shop.net: renewed for 2 year(s)"));

    // The second run: nothing to do, and even an update renews nothing.
    const second = await t.engine.read(id, renewed);
    expect(await t.engine.diff(id, second.props, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, second.props, inputs);
    expect(t.sim.requests.count("domains.renew")).toBe(1);
  });

  it("never sends a renewal twice when its response is lost, and takes the outcome from the account", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const inputs = await t.engine.check({ domain: "client-shop.net", adopt: true, minimumExpiry: "2027-06-01" });
    const { id, outs } = await t.engine.create(inputs);
    t.sim.faults.add({ operation: "domains.renew", kind: "lost-response", times: 1 });
    const renewed = await t.engine.update(id, outs, inputs);
    expect(renewed).toMatchObject({ expiryDate: "2027-12-15", lastRenewalYears: 1 });
    expect(t.sim.requests.count("domains.renew")).toBe(1);
    expect(t.sim.store.domains["client-shop.net"]!.expiryDate).toBe("2027-12-15");
  });

  it("guards a renewal with maxPrice and renews nothing above it", async () => {
    const inputs = await t.engine.check({ domain: "client-shop.net", adopt: true, minimumExpiry: "2028-01-01", maxPrice: 20 });
    const { id, outs } = await t.engine.create(inputs);
    await expect(t.provider.update(id, outs, inputs)).rejects.toThrow("costs 31.00 USD, more than maxPrice 20.00 USD");
    expect(t.sim.requests.count("domains.renew")).toBe(0);
  });

  it("keeps a lapsed domain in state with its status", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const adopted = await t.engine.create(await t.engine.check({ domain: "legacy-brand.org", adopt: true }));
    expect(adopted.outs.registrationStatus).toBe("Expired");
    const refreshed = await t.engine.read(adopted.id, { ...adopted.outs, registrationStatus: "Active" });
    expect(refreshed.id).toBe("legacy-brand.org");
    expect(refreshed.props.registrationStatus).toBe("Expired");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("legacy-brand.org is Expired at the registrar"));
  });

  it("keeps a domain that left the account in state, and imports nothing for it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "xn--caf-dma.com", adopt: true }));
    delete t.sim.store.domains["xn--caf-dma.com"];
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.id).toBe(id);
    expect(refreshed.props.registrationStatus).toBe("Not in account");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no longer in this reseller account"));
    await expect(t.engine.read(id)).rejects.toThrow("does not exist in the reseller account");
  });
});

describe("DomainRegistration on API v2", () => {
  const t = useProvider("DomainRegistration", { version: "v2", simulator });

  it("sets the registrar lock with the v2 save operation, which takes a lock action", async () => {
    const { outs } = await t.engine.create(await t.engine.check({ domain: "client-shop.net", adopt: true, registrarLock: true }));
    expect(outs.registrarLock).toBe(true);
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(true);
    expect(t.sim.requests.count("domains.saveRegistrarLock")).toBe(1);
  });
});

describe("DomainRegistration check", () => {
  const t = useProvider("DomainRegistration", { version: "v4", simulator });

  it.each([
    { name: "no domain at all", input: { registrant }, property: "domain" },
    { name: "an invalid domain", input: { domain: "not a domain", registrant }, property: "domain" },
    {
      name: "sld and tld that disagree with domain",
      input: { domain: "example.com", sld: "other", tld: "com", registrant },
      property: "sld",
    },
    { name: "a period of 11 years", input: { domain: "example.com", registrant, period: 11 }, property: "period" },
    {
      name: "a single nameserver",
      input: { domain: "example.com", registrant, nameservers: ["ns1.example.net"] },
      property: "nameservers",
    },
    {
      name: "six nameservers",
      input: {
        domain: "example.com",
        registrant,
        nameservers: ["a.example.net", "b.example.net", "c.example.net", "d.example.net", "e.example.net", "f.example.net"],
      },
      property: "nameservers",
    },
    {
      name: "a repeated nameserver",
      input: { domain: "example.com", registrant, nameservers: ["ns1.example.net", "NS1.example.net."] },
      property: "nameservers[1]",
    },
    {
      name: "a nameserver that is not a host name",
      input: { domain: "example.com", registrant, nameservers: ["ns1", "ns2.example.net"] },
      property: "nameservers[0]",
    },
    {
      name: "provider nameservers beside others",
      input: { domain: "example.com", registrant, useProviderNameservers: true, nameservers: ["ns1.example.net", "ns2.example.net"] },
      property: "useProviderNameservers",
    },
    {
      name: "no nameservers while refusing the provider's",
      input: { domain: "example.com", registrant, useProviderNameservers: false },
      property: "nameservers",
    },
    { name: "a registration without a registrant", input: { domain: "example.com" }, property: "registrant" },
    {
      name: "a registrant without a city",
      input: { domain: "example.com", registrant: { ...registrant, city: "" } },
      property: "registrant.city",
    },
    {
      name: "a registrant e-mail that is not one",
      input: { domain: "example.com", registrant: { ...registrant, email: "alex-at-example" } },
      property: "registrant.email",
    },
    {
      name: "a three-letter country code",
      input: { domain: "example.com", registrant: { ...registrant, countryCode: "CAN" } },
      property: "registrant.countryCode",
    },
    {
      name: "a country code ISO 3166-1 does not assign",
      input: { domain: "example.com", registrant: { ...registrant, countryCode: "XX" } },
      property: "registrant.countryCode",
    },
    {
      name: "the European Union as a country",
      input: { domain: "example.com", registrant, adminContact: { ...registrant, countryCode: "EU" } },
      property: "adminContact.countryCode",
    },
    {
      name: "the withdrawn code UK",
      input: { domain: "example.com", registrant: { ...registrant, countryCode: "uk" } },
      property: "registrant.countryCode",
    },
    {
      name: "a phone number without its calling code",
      input: { domain: "example.com", registrant: { ...registrant, phone: "514-555-0100" } },
      property: "registrant.phone",
    },
    {
      name: "an incomplete admin contact",
      input: { domain: "example.com", registrant, adminContact: { firstName: "Sam" } },
      property: "adminContact.lastName",
    },
    {
      name: "a minimum expiry that is not a date",
      input: { domain: "example.com", registrant, minimumExpiry: "next year" },
      property: "minimumExpiry",
    },
    {
      name: "a minimum expiry that is not a calendar day",
      input: { domain: "example.com", registrant, minimumExpiry: "2027-02-30" },
      property: "minimumExpiry",
    },
    { name: "a negative price guard", input: { domain: "example.com", registrant, maxPrice: -1 }, property: "maxPrice" },
    { name: "adopt together with a transfer code", input: { domain: "example.com", adopt: true, eppCode: "EPP-1" }, property: "eppCode" },
    { name: "an empty transfer code", input: { domain: "example.com", eppCode: " " }, property: "eppCode" },
    { name: "a misspelt property", input: { domain: "example.com", registrant, registrarLok: true }, property: "registrarLok" },
    { name: "an sld beside domain that is not its sld", input: { domain: "example.com", sld: "other", registrant }, property: "sld" },
    {
      name: "a tld beside domain that is not its public suffix",
      input: { domain: "example.co.uk", tld: "uk", registrant },
      property: "tld",
    },
  ])("refuses $name, naming the property, without calling the API", async ({ input, property }) => {
    const failures = await t.engine.checkFailures(input);
    expect(failures.map((f) => f.property)).toContain(property);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses a non-ISO country code with one line naming it, and takes FR, CA and GB upper-cased", async () => {
    const failures = await t.engine.checkFailures({ domain: "example.com", registrant: { ...registrant, countryCode: "XX" } });
    expect(failures).toEqual([
      { property: "registrant.countryCode", reason: expect.stringMatching(/^"XX" is not an ISO 3166-1 country code/) },
    ]);
    for (const code of ["FR", "ca", "GB"]) {
      // Checked without the identity read a new resource's check makes with credentials (decision 0045).
      const inputs = await t.checkUnread({ domain: "example.com", registrant: { ...registrant, countryCode: code } });
      expect((inputs.registrant as { countryCode: string }).countryCode).toBe(code.toUpperCase());
    }
    expect(t.sim.requests.count()).toBe(0);
  });

  it("keeps a Unicode domain in its punycode form, with sld and tld to match", async () => {
    const inputs = await t.engine.check({ domain: "Bücher-Laden.DE.", registrant });
    expect(inputs).toMatchObject({ domain: "xn--bcher-laden-thb.de", sld: "xn--bcher-laden-thb", tld: "de" });
    expect(await t.engine.check({ sld: "bücher-laden", tld: ".de", registrant })).toMatchObject({ domain: "xn--bcher-laden-thb.de" });
  });

  it("defaults a registration to one year on the provider's nameservers", async () => {
    const inputs = await t.engine.check({
      domain: "example.com",
      registrant: { ...registrant, countryCode: "ca", phone: "+1 514 555 0100" },
    });
    expect(inputs).toMatchObject({
      period: 1,
      nameservers: ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"],
      useProviderNameservers: true,
      adopt: false,
      registerIfPremium: false,
      registrant: { countryCode: "CA", phone: "+15145550100" },
    });
  });

  it("leaves nameservers unmanaged when adopting without naming any", async () => {
    const inputs = await t.engine.check({ domain: "example.com", adopt: true });
    expect(inputs).not.toHaveProperty("nameservers");
    expect(inputs).not.toHaveProperty("registrant");
  });
});

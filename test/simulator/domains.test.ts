import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { defaultZone } from "../../packages/simulator/src/seed";
import { registration as sampleRegistration, useSimulator } from "../helpers/sim";

const TODAY = "2026-05-01";

const REGISTRANT = {
  registrant_first_name: "Camille",
  registrant_last_name: "Roy",
  registrant_email: "camille@example.org",
  registrant_address1: "5 Rue Exemple",
  registrant_city: "Lyon",
  registrant_postal_code: "69001",
  registrant_state: "ARA",
  registrant_country_code: "FR",
  registrant_phone: "+33.472000000",
};

/** A registration by this suite's registrant (not the sample one, so contacts show where they came from). */
function registration(sld: string, tld: string, extra: Record<string, unknown> = {}) {
  return sampleRegistration(sld, tld, { ...REGISTRANT, ...extra });
}

describe("domain availability", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => new Date(`${TODAY}T09:00:00Z`) } });

  it.each(["v4", "v3", "v2"] as const)("reports a free name as available and not premium on %s", async (version) => {
    const reply = await t.clientFor(version).request("domains.checkAvailability", { sld: "brand-new-name", tld: "com" });
    expect(reply).toMatchObject({ available: true, is_premium: false });
  });

  it("reports a name registered elsewhere as not available", async () => {
    const reply = await t.client.request("domains.checkAvailability", { sld: "taken", tld: "com" });
    expect(reply.available).toBe(false);
  });

  it("reports a name of this account as not available", async () => {
    const reply = await t.client.request("domains.checkAvailability", { sld: "agency-demo", tld: "com" });
    expect(reply.available).toBe(false);
  });

  it("reports a premium name with its register and renew prices", async () => {
    const reply = await t.client.request("domains.checkAvailability", { sld: "gold", tld: "com" });
    expect(reply).toMatchObject({ available: true, is_premium: true, premium_register_price: 2500, premium_renew_price: 15 });
  });

  it("follows names added to the registry out of band", async () => {
    t.sim.store.external["someone-else.org"] = { eppCode: "X", locked: true };
    const reply = await t.client.request("domains.checkAvailability", { sld: "someone-else", tld: "org" });
    expect(reply.available).toBe(false);
  });

  it("refuses a TLD that is not offered with a 400 naming it", async () => {
    await expect(t.client.request("domains.checkAvailability", { sld: "name", tld: "xyz" })).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining(".xyz"),
    });
  });
});

describe("domain registration", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => new Date(`${TODAY}T09:00:00Z`) } });

  it("charges the TLD price times the period and records the domain with its dates and order id", async () => {
    const reply = await t.client.request("domains.register", registration("fresh-start", "com", { period: 2 }));
    expect(reply).toMatchObject({ order_total: 25, expiry_date: "2028-05-01" });
    expect(reply.order_id).toBeGreaterThan(1004);
    expect(t.sim.store.account.credit).toBe(975);

    const info = await t.client.request("domains.getInfo", { sld: "fresh-start", tld: "com" });
    expect(info).toMatchObject({
      order_id: reply.order_id,
      is_registration: true,
      is_transfer: false,
      registration_date: TODAY,
      expiry_date: "2028-05-01",
      registration_status: "Active",
      transfer_request_status: null,
    });
  });

  it("uses the provider nameservers and creates the default zone when use_planethoster_nameservers is true", async () => {
    await t.client.request(
      "domains.register",
      registration("with-zone", "net", { ns1: "ignored.example.net", ns2: "ignored2.example.net" }),
    );
    const ns = await t.client.request("domains.getNameservers", { sld: "with-zone", tld: "net" });
    expect(ns.nameservers).toEqual(["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"]);
    expect(t.sim.store.zones["with-zone.net"]).toEqual(defaultZone("with-zone.net"));
  });

  it("keeps the nameservers given and creates no zone when use_planethoster_nameservers is false", async () => {
    await t.client.request(
      "domains.register",
      registration("own-dns", "org", {
        use_planethoster_nameservers: false,
        ns1: "ns1.dns-host.example",
        ns2: "NS2.dns-host.example.",
        ns3: "",
      }),
    );
    const ns = await t.client.request("domains.getNameservers", { sld: "own-dns", tld: "org" });
    expect(ns.nameservers).toEqual(["ns1.dns-host.example", "ns2.dns-host.example"]);
    expect(t.sim.store.zones["own-dns.org"]).toBeUndefined();
  });

  it("stores the registrant and copies it to the roles not given", async () => {
    await t.client.request("domains.register", registration("contacts-here", "com", { tech_email: "tech@contacts-here.com" }));
    const { contacts } = await t.client.request("v4.domains.getContacts", { sld: "contacts-here", tld: "com" });
    expect(contacts.map((c) => c.contact_type)).toEqual(["registrant", "admin", "billing", "tech"]);
    expect(contacts[0]).toMatchObject({
      name: "Camille Roy",
      email: "camille@example.org",
      phone_number: "+33.472000000",
      addr: { address1: "5 Rue Exemple", city: "Lyon", postal_code: "69001", state: "ARA", country: "FR" },
    });
    expect(contacts[1]?.email).toBe("camille@example.org");
    expect(contacts[3]).toMatchObject({ name: "Camille Roy", email: "tech@contacts-here.com" });
  });

  it("refuses a name registered elsewhere as not available, charging nothing", async () => {
    await expect(t.client.request("domains.register", registration("taken", "com"))).rejects.toMatchObject({
      code: "conflict",
      status: 409,
      apiError: expect.stringContaining("not available"),
    });
    expect(t.sim.store.account.credit).toBe(1000);
  });

  it("refuses a name already in the account as not available", async () => {
    await expect(t.client.request("domains.register", registration("agency-demo", "com"))).rejects.toMatchObject({
      code: "conflict",
      apiError: expect.stringContaining("not available"),
    });
  });

  it("refuses a premium name unless register_if_premium is true", async () => {
    await expect(t.client.request("domains.register", registration("gold", "com"))).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("register_if_premium"),
    });
    expect(t.sim.store.domains["gold.com"]).toBeUndefined();
  });

  it("charges a premium name its premium price the first year and its premium renewal after", async () => {
    t.sim.store.account.credit = 3000;
    const reply = await t.client.request("domains.register", registration("gold", "com", { register_if_premium: true, period: 2 }));
    expect(reply.order_total).toBe(2515);
    expect(t.sim.store.account.credit).toBe(485);
  });

  it("refuses an order larger than the credit with a message naming both amounts, changing nothing", async () => {
    t.sim.store.account.credit = 10;
    const counter = t.sim.store.counters.order;
    const failure = t.client.request("domains.register", registration("too-dear", "io"));
    await expect(failure).rejects.toMatchObject({ status: 402, code: "validation" });
    await expect(failure).rejects.toMatchObject({ apiError: expect.stringMatching(/45\.00 USD.*10\.00 USD/) });
    expect(t.sim.store.domains["too-dear.io"]).toBeUndefined();
    expect(t.sim.store.account.credit).toBe(10);
    expect(t.sim.store.counters.order).toBe(counter);
  });

  it("refuses a TLD that is not offered", async () => {
    await expect(t.client.request("domains.register", registration("nowhere", "xyz"))).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining(".xyz is not offered"),
    });
  });

  it("refuses ID protection for a TLD that does not support it", async () => {
    await expect(t.client.request("domains.register", registration("private", "ca", { id_protection: true }))).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("id_protection"),
    });
  });

  it("refuses a nameserver that is not a host name, naming the field", async () => {
    const params = registration("bad-ns", "com", { use_planethoster_nameservers: false, ns2: "not a host" });
    await expect(t.client.request("domains.register", params)).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("ns2"),
    });
  });

  it("refuses a registrant phone number that is not in international form", async () => {
    const params = registration("bad-phone", "com", { registrant_phone: "555-0100" });
    await expect(t.client.request("domains.register", params)).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("registrant_phone"),
    });
  });

  it("accepts a Unicode name and stores it in punycode form", async () => {
    await t.client.request("domains.register", registration("bücher", "com"));
    expect(t.sim.store.domains["xn--bcher-kva.com"]).toMatchObject({ sld: "xn--bcher-kva", unicode: "bücher.com" });
    const list = await t.client.request("v4.domains.list");
    expect(list.active_domains).toContainEqual(
      expect.objectContaining({ domain_name: "bücher.com", idn_domain_name: "xn--bcher-kva.com" }),
    );
    const info = await t.client.request("domains.getInfo", { sld: "xn--bcher-kva", tld: "com" });
    expect(info.registration_status).toBe("Active");
  });

  it("validates a v2 sandbox registration and answers an order without storing or charging anything", async () => {
    const sandbox = t.clientFor("v2", { sandbox: true });
    const counter = t.sim.store.counters.order ?? 0;
    const reply = await sandbox.request("domains.register", registration("dry-run", "com", { period: 3 }));
    expect(reply).toMatchObject({ order_id: counter + 1, order_total: 37.5, expiry_date: "2029-05-01" });
    expect(t.sim.store.domains["dry-run.com"]).toBeUndefined();
    expect(t.sim.store.account.credit).toBe(1000);
    expect(t.sim.store.counters.order).toBe(counter);
    // The sandbox still validates: a taken name fails as it would for real.
    await expect(sandbox.request("domains.register", registration("taken", "com"))).rejects.toMatchObject({ code: "conflict" });
  });

  it("shows a domain registered through v2 through v4 and v3 (one shared store)", async () => {
    const v2 = t.clientFor("v2");
    const order = await v2.request("domains.register", registration("cross-version", "net"));
    expect(t.sim.requests.list().at(-1)?.path).toBe("/reseller-api/register-domain");

    const info = await t.client.request("domains.getInfo", { sld: "cross-version", tld: "net" });
    expect(info).toMatchObject({ order_id: order.order_id, registration_status: "Active" });
    const list = await t.clientFor("v3").request("v3.domains.list");
    expect(list.active_domains.map((d) => d.idn_domain_name)).toContain("cross-version.net");
  });
});

describe("account domains listing", () => {
  const t = useSimulator({ version: "v4" });

  it.each(["v4", "v3"] as const)("lists the Active domains with the fields of the v4 document on %s", async (version) => {
    const list = await t.clientFor(version).request(`${version}.domains.list` as const);
    expect(list.num_active_domains).toBe(list.active_domains.length);
    expect(list.active_domains.map((d) => d.idn_domain_name)).toEqual(["agency-demo.com", "client-shop.net", "xn--caf-dma.com"]);
    expect(list.active_domains[0]).toEqual(
      expect.objectContaining({
        domain_name: "agency-demo.com",
        nameservers: { ns1: "nsa.n0c.com", ns2: "nsb.n0c.com", ns3: "nsc.n0c.com" },
        registration_date: "2024-03-01",
        next_invoice_date: "2027-03-01",
        registration_period_in_years: 3,
        registry_lock: true,
        id_protection: false,
        renew_enabled: true,
      }),
    );
    expect(list.active_domains[2]?.domain_name).toBe("café.com");
  });

  it("has no v2 listing", () => {
    expect(t.clientFor("v2").has("domains.list")).toBe(false);
  });
});

describe("domain information, renewal and management", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => new Date(`${TODAY}T09:00:00Z`) } });

  it.each(["v4", "v3", "v2"] as const)("answers 404 naming a domain that is not in the account on %s", async (version) => {
    await expect(t.clientFor(version).request("domains.getInfo", { sld: "not-mine", tld: "com" })).rejects.toMatchObject({
      code: "not-found",
      status: 404,
      apiError: expect.stringContaining("not-mine.com"),
    });
  });

  it("finds a domain by its Unicode name", async () => {
    const info = await t.client.request("domains.getInfo", { sld: "café", tld: "com" });
    expect(info).toMatchObject({ registration_status: "Active", expiry_date: "2027-01-10", domain_statuses: "clientTransferProhibited" });
  });

  it.each(["v4", "v3", "v2"] as const)(
    "renews from the current expiry, charging the renew price times the period on %s",
    async (version) => {
      const reply = await t.clientFor(version).request("domains.renew", { sld: "agency-demo", tld: "com", period: 2 });
      expect(reply.order_total).toBe(28);
      expect(t.sim.store.account.credit).toBe(972);
      const info = await t.client.request("domains.getInfo", { sld: "agency-demo", tld: "com" }, { fresh: true });
      expect(info.expiry_date).toBe("2029-03-01");
    },
  );

  it("renews a premium domain at its premium renewal price", async () => {
    t.sim.store.account.credit = 3000;
    await t.client.request("domains.register", registration("gold", "com", { register_if_premium: true }));
    const reply = await t.client.request("domains.renew", { sld: "gold", tld: "com", period: 3 });
    expect(reply.order_total).toBe(45);
  });

  it("restores an expired domain to Active when it is renewed", async () => {
    await t.client.request("domains.renew", { sld: "legacy-brand", tld: "org", period: 1 });
    const info = await t.client.request("domains.getInfo", { sld: "legacy-brand", tld: "org" });
    expect(info).toMatchObject({ registration_status: "Active", expiry_date: "2027-02-02" });
  });

  it("refuses a renewal that would run more than ten years ahead", async () => {
    await expect(t.client.request("domains.renew", { sld: "agency-demo", tld: "com", period: 10 })).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("more than 10 years"),
    });
    expect(t.sim.store.domains["agency-demo.com"]?.expiryDate).toBe("2027-03-01");
  });

  it("refuses to renew a domain that is not in the account", async () => {
    await expect(t.client.request("domains.renew", { sld: "not-mine", tld: "com", period: 1 })).rejects.toMatchObject({
      code: "not-found",
    });
    expect(t.sim.store.account.credit).toBe(1000);
  });

  it.each(["v4", "v3", "v2"] as const)("updates the registrant and merges a partial admin group on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("domains.updateContacts", { sld: "client-shop", tld: "net", ...REGISTRANT, admin_email: "admin@client-shop.net" });
    const { contacts } = await client.request(`${version}.domains.getContacts` as const, { sld: "client-shop", tld: "net" });
    const byType = Object.fromEntries(contacts.map((c) => [c.contact_type, c]));
    expect(byType.registrant).toMatchObject({ name: "Camille Roy", email: "camille@example.org", addr: { country: "FR" } });
    expect(byType.admin).toMatchObject({ name: "Camille Roy", email: "admin@client-shop.net" });
    expect(byType.billing?.email).toBe("camille@example.org");
  });

  it("keeps the admin contact when an update gives only the registrant", async () => {
    const key = { sld: "agency-demo", tld: "com" };
    await t.client.request("domains.updateContacts", {
      ...key,
      ...REGISTRANT,
      admin_first_name: "Sam",
      admin_last_name: "Lee",
      admin_email: "sam@agency-demo.com",
    });
    await t.client.request("domains.updateContacts", { ...key, ...REGISTRANT, registrant_email: "owner@agency-demo.com" });
    const { contacts } = await t.client.request("v4.domains.getContacts", key);
    expect(contacts.find((c) => c.contact_type === "admin")).toMatchObject({ name: "Sam Lee", email: "sam@agency-demo.com" });
    expect(contacts.find((c) => c.contact_type === "registrant")?.email).toBe("owner@agency-demo.com");
  });

  it("refuses a contact update with an invalid e-mail address", async () => {
    const params = { sld: "client-shop", tld: "net", ...REGISTRANT, registrant_email: "not-an-address@" };
    await expect(t.client.request("domains.updateContacts", params)).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("registrant_email"),
    });
  });

  it.each(["v4", "v3"] as const)("turns the registrar lock off and on with disable and enable on %s", async (version) => {
    const client = t.clientFor(version);
    const key = { sld: "agency-demo", tld: "com" };
    expect((await client.request("domains.getRegistrarLock", key)).is_locked).toBe(true);
    await client.request("domains.disableRegistrarLock", key);
    expect((await client.request("domains.getRegistrarLock", key)).is_locked).toBe(false);
    await client.request("domains.enableRegistrarLock", key);
    expect((await client.request("domains.getRegistrarLock", key)).is_locked).toBe(true);
  });

  it("saves the registrar lock with lock_action on v2", async () => {
    const v2 = t.clientFor("v2");
    const key = { sld: "client-shop", tld: "net" };
    expect((await v2.request("domains.getRegistrarLock", key)).is_locked).toBe(false);
    expect((await v2.request("domains.saveRegistrarLock", { ...key, lock_action: "Lock" })).is_locked).toBe(true);
    expect(t.sim.store.domains["client-shop.net"]?.locked).toBe(true);
    await v2.request("domains.saveRegistrarLock", { ...key, lock_action: "Unlock" });
    expect((await v2.request("domains.getRegistrarLock", key)).is_locked).toBe(false);
  });

  it("reports the lock in the domain statuses", async () => {
    await t.client.request("domains.disableRegistrarLock", { sld: "agency-demo", tld: "com" });
    const info = await t.client.request("domains.getInfo", { sld: "agency-demo", tld: "com" });
    expect(info.domain_statuses).toBe("ok");
  });

  it.each(["v4", "v3", "v2"] as const satisfies readonly ApiVersion[])("replaces the nameservers on %s", async (version) => {
    const client = t.clientFor(version);
    const key = { sld: "client-shop", tld: "net" };
    await client.request("domains.updateNameservers", { ...key, ns1: "ns1.example.net", ns2: "ns2.example.net", ns3: "ns3.example.net" });
    expect((await client.request("domains.getNameservers", key)).nameservers).toEqual([
      "ns1.example.net",
      "ns2.example.net",
      "ns3.example.net",
    ]);
  });

  it("refuses nameservers without ns2, naming the field", async () => {
    await expect(
      t.client.request("domains.updateNameservers", { sld: "client-shop", tld: "net", ns1: "ns1.example.net", ns2: " " }),
    ).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("ns2 is required"),
    });
    expect(t.sim.store.domains["client-shop.net"]?.nameservers).toEqual(["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"]);
  });

  it.each(["ns1..example.net", "-ns.example.net", "localhost", "ns1.example.123"])("refuses the nameserver host name %s", async (host) => {
    await expect(
      t.client.request("domains.updateNameservers", {
        sld: "client-shop",
        tld: "net",
        ns1: "ns1.example.net",
        ns2: "ns2.example.net",
        ns3: host,
      }),
    ).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("ns3"),
    });
  });

  it.each(["v4", "v3", "v2"] as const)("e-mails the EPP code to the current registrant on %s", async (version) => {
    const client = t.clientFor(version);
    const key = { sld: "agency-demo", tld: "com" };
    expect((await client.request("domains.emailEppCode", key)).epp_code_sent_to).toBe("alex@example.org");
    await client.request("domains.updateContacts", { ...key, ...REGISTRANT });
    expect((await client.request("domains.emailEppCode", key)).epp_code_sent_to).toBe("camille@example.org");
  });
});

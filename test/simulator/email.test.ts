import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const PATCHING = ["v4", "v3"] as const;
const CONTACT = {
  email: "contact@agency-demo.com",
  account: "contact",
  domain: "agency-demo.com",
  mailUser: "contact",
  quota: 1024,
  status: "ACTIVE",
};
const contact = { domain: "agency-demo.com", mailUser: "contact" };

describe("e-mail accounts against the simulator", () => {
  const t = useSimulator({ version: "v4" });
  const stored = (email: string) => t.sim.store.hostings["101"]!.emails.find((m) => m.email === email);

  const list = async (version: ApiVersion, extra: Record<string, unknown> = {}) =>
    (await t.clientFor(version).request("email.list", { ...HOSTING[version], ...extra })).data as Record<string, unknown>[];
  const create = (version: ApiVersion, params: Record<string, unknown>) =>
    t.clientFor(version).request("email.create", { ...HOSTING[version], ...params });
  const sales = { domain: "client-shop.net", mailUser: "Sales", password: "S3cure-Mailbox!" };

  it.each(ALL)("lists the seeded mailbox on %s", async (version) => {
    expect(await list(version)).toEqual([CONTACT]);
  });

  it("filters the v3 and v4 listings by domain", async () => {
    await create("v4", sales);
    expect((await list("v3", { domain: "client-shop.net" })).map((m) => m.email)).toEqual(["sales@client-shop.net"]);
    expect((await list("v4", { domain: "agency-demo.com" })).map((m) => m.email)).toEqual(["contact@agency-demo.com"]);
    await expect(list("v4", { domain: "staging-agency.com" })).rejects.toMatchObject({ code: "not-found" });
  });

  it.each(ALL)("creates a mailbox with a lower-case name and the default 1024 MB quota, and lists it, on %s", async (version) => {
    await create(version, sales);
    expect(await list(version)).toContainEqual({
      ...CONTACT,
      email: "sales@client-shop.net",
      account: "sales",
      domain: "client-shop.net",
      mailUser: "sales",
    });
  });

  it("accepts a Unicode domain and stores the address in ASCII", async () => {
    await create("v3", { domain: "Café.com", mailUser: "bonjour", password: "S3cure-Mailbox!", quota: 300 });
    expect(t.sim.store.hostings["101"]!.emails.at(-1)).toMatchObject({ email: "bonjour@xn--caf-dma.com", quota: 300 });
  });

  it.each(ALL)("refuses a weak password with isStrongPassword in errors on %s", async (version) => {
    for (const password of ["alllowercase-1", "NoDigits-Here", "NoSymbol123", "Sh0rt!"]) {
      await expect(create(version, { ...sales, password })).rejects.toMatchObject({
        code: "validation",
        status: 400,
        errors: ["isStrongPassword"],
      });
    }
    expect(stored("sales@client-shop.net")).toBeUndefined();
  });

  it.each(ALL)("refuses a second mailbox with the same address as a conflict that says it already exists on %s", async (version) => {
    const attempt = create(version, { ...contact, mailUser: "Contact", password: "S3cure-Mailbox!" });
    await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
    await expect(attempt).rejects.toThrow(/contact@agency-demo\.com already exist/);
  });

  it.each(ALL)("refuses a mailbox on a domain the account does not have on %s", async (version) => {
    const attempt = create(version, { ...sales, domain: "staging-agency.com" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(attempt).rejects.toThrow(/staging-agency\.com is not attached to hosting account 101/);
  });

  it("refuses an invalid mailbox name", async () => {
    await expect(create("v4", { ...sales, mailUser: "a b" })).rejects.toThrow(/not a valid mailbox name/);
  });

  it.each(PATCHING)("changes the password and the quota with one PATCH, or either alone, on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("email.update", { ...HOSTING[version], ...contact, password: "N3w-Mail-Pass!", quota: 2048 });
    expect(stored("contact@agency-demo.com")).toMatchObject({ password: "N3w-Mail-Pass!", quota: 2048 });
    await client.request("email.update", { ...HOSTING[version], ...contact, quota: 512 });
    expect(stored("contact@agency-demo.com")).toMatchObject({ password: "N3w-Mail-Pass!", quota: 512 });
    await expect(client.request("email.update", { ...HOSTING[version], ...contact, password: "weak" })).rejects.toMatchObject({
      errors: ["isStrongPassword"],
    });
  });

  it("refuses a PATCH that changes nothing before sending it", async () => {
    await expect(t.client.request("v4.email.update", { id: 101, ...contact })).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("email.update")).toBe(0);
  });

  it("changes the password and the quota with the two v2 operations", async () => {
    const v2 = t.clientFor("v2");
    await v2.request("v2.email.changePassword", { id: 101, ...contact, password: "V2-Mail-Pass!" });
    await v2.request("v2.email.changeQuota", { id: 101, ...contact, quota: 4096 });
    expect(stored("contact@agency-demo.com")).toMatchObject({ password: "V2-Mail-Pass!", quota: 4096 });
    await expect(
      v2.request("v2.email.changeQuota", { id: 101, domain: "agency-demo.com", mailUser: "nobody", quota: 1 }),
    ).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it.each(ALL)("deletes a mailbox, then answers not-found for it, on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("email.delete", { ...HOSTING[version], ...contact });
    expect(await list(version)).toEqual([]);
    await expect(client.request("email.delete", { ...HOSTING[version], ...contact })).rejects.toMatchObject({ code: "not-found" });
  });

  it.each(PATCHING)("suspends and reactivates a mailbox by its address on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("email.suspend", { ...HOSTING[version], email: "contact@agency-demo.com" });
    expect((await list(version))[0]).toMatchObject({ status: "SUSPENDED" });
    await client.request("email.unsuspend", { ...HOSTING[version], email: "CONTACT@agency-demo.com" });
    expect((await list(version))[0]).toMatchObject({ status: "ACTIVE" });
  });

  it("suspends several mailboxes at once on v2, and none when one of them is unknown", async () => {
    const v2 = t.clientFor("v2");
    await create("v2", sales);
    const both = [contact, { domain: "client-shop.net", mailUser: "sales" }];
    await expect(
      v2.request("v2.email.suspend", { id: 101, emails: [...both, { domain: "client-shop.net", mailUser: "ghost" }] }),
    ).rejects.toMatchObject({
      code: "not-found",
    });
    expect((await list("v2")).every((m) => m.status === "ACTIVE")).toBe(true);
    await v2.request("v2.email.suspend", { id: 101, emails: both });
    expect((await list("v2")).map((m) => m.status)).toEqual(["SUSPENDED", "SUSPENDED"]);
    await v2.request("v2.email.unsuspend", { id: 101, emails: both });
    expect((await list("v2")).map((m) => m.status)).toEqual(["ACTIVE", "ACTIVE"]);
  });

  it("reads the seeded DKIM, SPF and DMARC state and whether the domain uses the provider's DNS", async () => {
    const v2 = t.clientFor("v2");
    expect((await v2.request("v2.email.getAuths", { id: 101, ...contact })).data).toEqual({
      usingPhDns: true,
      dkim: true,
      spf: true,
      dMarc: false,
    });
    t.sim.store.domains["agency-demo.com"]!.nameservers = ["ns1.elsewhere.example", "ns2.elsewhere.example"];
    expect((await v2.request("v2.email.getAuths", { id: 101, ...contact })).data.usingPhDns).toBe(false);
  });

  it("enables and disables an authentication for every mailbox of the domain, and a new mailbox inherits it", async () => {
    const v2 = t.clientFor("v2");
    await create("v2", { domain: "agency-demo.com", mailUser: "info", password: "S3cure-Mailbox!" });
    await v2.request("v2.email.enableAuth", { id: 101, ...contact, auth: "dMarc" });
    await v2.request("v2.email.disableAuth", { id: 101, domain: "agency-demo.com", mailUser: "info", auth: "dkim" });
    for (const mailUser of ["contact", "info"]) {
      expect((await v2.request("v2.email.getAuths", { id: 101, domain: "agency-demo.com", mailUser })).data).toMatchObject({
        dkim: false,
        spf: true,
        dMarc: true,
      });
    }
    await create("v2", { domain: "agency-demo.com", mailUser: "news", password: "S3cure-Mailbox!" });
    expect(stored("news@agency-demo.com")!.auth).toEqual({ dkim: false, spf: true, dMarc: true });
    await expect(v2.request("v2.email.enableAuth", { id: 101, ...contact, auth: "dmarc" } as never)).rejects.toMatchObject({
      code: "validation",
    });
  });
});

import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const MANAGED = ["v4", "v3"] as const;

interface Listed {
  id: number;
  username: string;
  domain?: string;
  status?: string;
  resources?: { cpu?: number; mem?: number; io?: number };
  temporary_url?: string | null;
}
interface HostingDomain {
  domain: string;
  docroot?: string;
  suspended?: boolean;
}

describe("hosting accounts against the simulator", () => {
  const t = useSimulator({ version: "v4" });
  const store = () => t.sim.store;

  const accounts = async (version: "v4" | "v3") =>
    (await t.clientFor(version).request("hosting.listAccounts", {})).hosting_accounts as Listed[];
  const worlds = async (version: ApiVersion) =>
    (await t.clientFor(version).request("hosting.listWorldAccounts", {})).world_accounts as Listed[];
  const domains = async (version: ApiVersion, id = 101) => {
    const address = version === "v3" ? { id, username: store().hostings[String(id)]!.username } : { id };
    return (await t.clientFor(version).request("hosting.listDomains", address)).data as HostingDomain[];
  };

  describe("listings", () => {
    it.each(MANAGED)(
      "lists only the World account in the-world/info and every account with its username in the account listing on %s",
      async (version) => {
        expect((await worlds(version)).map((w) => w.id)).toEqual([101]);
        const all = await accounts(version);
        expect(all.map((a) => [a.id, a.username])).toEqual([
          [101, "agencyde"],
          [102, "stagingx"],
        ]);
        expect(all[1]).toMatchObject({ domain: "staging-agency.com", location: "FR", ip: "198.51.100.20", status: "active" });
      },
    );

    it("reads one account when the v3 listing is given its id, as the provisioning module does", async () => {
      const reply = await t.clientFor("v3").request("v3.hosting.listAccounts", { id: 102 });
      expect(reply.hosting_accounts.map((a) => a.username)).toEqual(["stagingx"]);
      await expect(t.clientFor("v3").request("v3.hosting.listAccounts", { id: 999 })).rejects.toMatchObject({ code: "not-found" });
    });

    it("lists the World accounts on v2 with the `ressources` spelling read as resources, and what the plan has left", async () => {
      const reply = await t.clientFor("v2").request("v2.hosting.listWorldAccounts", {});
      expect(reply.nb_active_or_suspended_accounts).toBe(1);
      expect(reply.world_accounts[0]).toMatchObject({ id: 101, username: "agencyde", resources: { cpu: 2, mem: 4, io: 4 } });
      expect(reply.world_accounts[0]).toHaveProperty("ressources");
      expect(reply.total_available_resources).toEqual({ cpu: 14, mem: 28, io: 28 });
    });

    it.each(ALL)("lists the attached domains in ASCII with their document roots on %s", async (version) => {
      expect(await domains(version)).toEqual([
        { domain: "agency-demo.com", docroot: "/public_html", suspended: false },
        { domain: "client-shop.net", docroot: "/public_html/client-shop.net", suspended: false },
        { domain: "xn--caf-dma.com", docroot: "/public_html/xn--caf-dma.com", suspended: false },
      ]);
    });

    it("answers a v3 call whose username is not the id's with not-found", async () => {
      const attempt = t.clientFor("v3").request("hosting.listDomains", { id: 101, username: "stagingx" });
      await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    });
  });

  describe("account management", () => {
    it.each(MANAGED)("creates a World account with an 8-character username from the domain, made unique, on %s", async (version) => {
      const reply = await t.clientFor(version).request("hosting.create", {
        domain: "agency-demolition.com",
        country: "FR",
        cpu: 1,
        memory: 2,
        io: 1,
        ls: true,
      });
      // `agencyde` belongs to 101, so the next free form is used.
      expect(reply).toMatchObject({ id: 103, username: "agencyd1", server_ip: "198.51.100.20" });
      expect(String(reply.password)).toMatch(/[A-Z]/);
      expect((await accounts(version)).find((a) => a.id === 103)).toMatchObject({
        username: "agencyd1",
        domain: "agency-demolition.com",
        location: "FR",
        litespeed: true,
        resources: { cpu: 1, mem: 2, io: 1 },
      });
      expect((await worlds(version)).map((w) => w.id)).toEqual([101, 103]);
      // The platform gives the new domain its default zone.
      expect(store().zones["agency-demolition.com"]?.length).toBeGreaterThan(0);
    });

    it("places a v3 account on a server by hostname when no country is given", async () => {
      const reply = await t.clientFor("v3").request("v3.hosting.create", {
        domain: "by-host.org",
        hostname: "world-ca-07.n0c.sim.test",
        cpu: 1,
        memory: 1,
        io: 1,
        disk_space: 20,
        cms_name: "wp",
      });
      expect(store().hostings[String(reply.id)]).toMatchObject({ hostname: "world-ca-07.n0c.sim.test", cmsName: "wp", diskSpace: 20 });
      const both = t
        .clientFor("v3")
        .request("v3.hosting.create", { domain: "x.org", hostname: "h", country: "CA", cpu: 1, memory: 1, io: 1 });
      await expect(both).rejects.toMatchObject({ code: "validation" });
      expect(t.sim.requests.count("hosting.create")).toBe(1);
    });

    it("creates a World sub-account through the v2 world-api with its server hostname", async () => {
      const reply = await t.clientFor("v2").request("v2.hosting.create", { domain: "Café-Bar.fr", country: "CA", cpu: 2 });
      expect(reply).toMatchObject({ account_created: true, id: 103, username: "xncafbar", server_ip: "198.51.100.10" });
      expect(reply.server_hostname).toMatch(/^world-ca-/);
      expect(store().hostings["103"]).toMatchObject({ domain: domainToASCII("café-bar.fr"), resources: { cpu: 2, mem: 1, io: 1 } });
    });

    it.each(ALL)("refuses an account for a domain another account already has, as a conflict, on %s", async (version) => {
      const params =
        version === "v2"
          ? { domain: "client-shop.net", country: "CA" }
          : { domain: "client-shop.net", country: "CA", cpu: 1, memory: 1, io: 1 };
      const attempt = t.clientFor(version).request("hosting.create", params);
      await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
      await expect(attempt).rejects.toThrow(/client-shop\.net already exists on hosting account 101/);
    });

    it("refuses resources beyond what the World plan has left, naming what is short", async () => {
      const attempt = t.client.request("v4.hosting.create", { domain: "big.com", country: "CA", cpu: 15, memory: 2, io: 1 });
      await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
      await expect(attempt).rejects.toThrow(/cpu 15 asked, 14 left/);
      expect(store().hostings["103"]).toBeUndefined();
    });

    it.each(MANAGED)("changes the resources, then the password, of an account on %s", async (version) => {
      const client = t.clientFor(version);
      await client.request("hosting.update", { ...HOSTING[version], cpu: 4, io: 6 });
      expect(store().hostings["101"]!.resources).toEqual({ cpu: 4, mem: 4, io: 6 });
      await client.request("hosting.update", { ...HOSTING[version], newPassword: "Panel-Pass-2027!" });
      expect(store().hostings["101"]!.password).toBe("Panel-Pass-2027!");
      const weak = client.request("hosting.update", { ...HOSTING[version], newPassword: "panelpass" });
      await expect(weak).rejects.toMatchObject({ code: "validation", errors: ["isStrongPassword"] });
    });

    it("refuses an update with both resources and a password before sending it", async () => {
      const attempt = t.client.request("v4.hosting.update", { id: 101, cpu: 2, newPassword: "Panel-Pass-2027!" });
      await expect(attempt).rejects.toMatchObject({ code: "validation" });
      expect(t.sim.requests.count("hosting.update")).toBe(0);
    });

    it("lets a shared account grow without touching the World plan", async () => {
      await t.client.request("v4.hosting.update", { id: 102, cpu: 30 });
      expect(store().hostings["102"]!.resources.cpu).toBe(30);
    });

    it.each(ALL)("suspends an account with a reason and reactivates it on %s", async (version) => {
      const client = t.clientFor(version);
      const id = HOSTING[version];
      const reply = await client.request("hosting.suspend", { ...id, reason: "unpaid invoice" });
      if (version === "v2") expect(reply).toMatchObject({ account_suspended: true, suspension_reason: "unpaid invoice" });
      expect(store().hostings["101"]).toMatchObject({ status: "suspended", suspendReason: "unpaid invoice" });
      // Suspending again leaves it suspended: the operation can be repeated safely.
      await client.request("hosting.suspend", { ...id, reason: "unpaid invoice" });
      await client.request("hosting.unsuspend", id);
      expect(store().hostings["101"]!.status).toBe("active");
      expect(store().hostings["101"]!.suspendReason).toBeUndefined();
    });

    it("refuses world-api operations on a shared account", async () => {
      const attempt = t.clientFor("v2").request("v2.hosting.suspend", { id: 102, reason: "test" });
      await expect(attempt).rejects.toMatchObject({ code: "not-found" });
      await expect(attempt).rejects.toThrow(/World account 102 not found/);
    });

    it.each(MANAGED)("terminates an account, which leaves both listings, on %s", async (version) => {
      await t.clientFor(version).request("hosting.delete", version === "v3" ? { id: 102, username: "stagingx" } : { id: 102 });
      expect((await accounts(version)).map((a) => a.id)).toEqual([101]);
      await expect(
        t.clientFor(version).request("hosting.delete", version === "v3" ? { id: 102, username: "stagingx" } : { id: 102 }),
      ).rejects.toMatchObject({
        code: "not-found",
      });
    });

    it("sets World account resources with modify-resources and reports which were updated", async () => {
      const reply = await t.clientFor("v2").request("v2.hosting.modifyResources", { id: 101, mem: 8 });
      expect(reply).toMatchObject({ cpu_updated: false, mem_updated: true, io_updated: false });
      expect(store().hostings["101"]!.resources).toEqual({ cpu: 2, mem: 8, io: 4 });
    });

    it("raises the World plan with upgrade-plan and refuses to lower it", async () => {
      const v2 = t.clientFor("v2");
      await v2.request("v2.hosting.upgradePlan", { cpu: 20 });
      expect((await v2.request("v2.hosting.listWorldAccounts", {})).total_available_resources).toEqual({ cpu: 18, mem: 28, io: 28 });
      await expect(v2.request("v2.hosting.upgradePlan", { io: 8 })).rejects.toThrow(/cannot lower the plan \(io 32 to 8\)/);
    });

    it.each(MANAGED)("gives a single sign-on URL for the control panel on %s", async (version) => {
      const reply = await t.clientFor(version).request("hosting.getLoginUrl", HOSTING[version]);
      const url = reply.login_url;
      expect(String(url)).toMatch(/^https:\/\/world-ca-01\.n0c\.sim\.test\/sso\/agencyde\?token=[0-9a-f]{32}$/);
    });

    it.each(ALL)("enables a temporary URL that the listing shows, then disables it, on %s", async (version) => {
      const client = t.clientFor(version);
      const reply = await client.request("hosting.enableTemporaryUrl", HOSTING[version]);
      const url = reply.temporary_url;
      expect(url).toBe("agencyde.tmp.n0c.sim.test");
      expect((await accounts("v3")).find((a) => a.id === 101)?.temporary_url).toBe(url);
      await client.request("hosting.disableTemporaryUrl", HOSTING[version]);
      expect((await accounts("v4")).find((a) => a.id === 101)?.temporary_url).toBeNull();
    });
  });

  describe("domains of an account", () => {
    const v2 = () => t.clientFor("v2");

    it("attaches a Unicode domain in its ASCII form with its document root and default zone, then detaches it", async () => {
      await v2().request("v2.hosting.addDomain", { id: 101, domain: "Bücher.de", docroot: "public_html/books" });
      expect(await domains("v2")).toContainEqual({ domain: "xn--bcher-kva.de", docroot: "/public_html/books", suspended: false });
      expect(store().zones["xn--bcher-kva.de"]).toBeDefined();
      await v2().request("v2.hosting.removeDomain", { id: 101, domain: "bücher.de" });
      expect((await domains("v2")).map((d) => d.domain)).not.toContain("xn--bcher-kva.de");
    });

    it("refuses a domain already attached to an account, and a docroot outside the account", async () => {
      const taken = v2().request("v2.hosting.addDomain", { id: 102, domain: "agency-demo.com", docroot: "/public_html" });
      await expect(taken).rejects.toMatchObject({ code: "conflict" });
      const outside = v2().request("v2.hosting.addDomain", { id: 101, domain: "new.com", docroot: "/public_html/../../etc" });
      await expect(outside).rejects.toMatchObject({ code: "validation" });
    });

    it("adds a sub-domain of an attached domain and removes it with its parent", async () => {
      await v2().request("v2.hosting.addSubdomain", {
        id: 101,
        domain: "client-shop.net",
        subDomain: "Shop",
        docroot: "/public_html/shop",
      });
      expect(await domains("v4")).toContainEqual({ domain: "shop.client-shop.net", docroot: "/public_html/shop", suspended: false });
      const again = v2().request("v2.hosting.addSubdomain", { id: 101, domain: "client-shop.net", subDomain: "shop", docroot: "/x" });
      await expect(again).rejects.toMatchObject({ code: "conflict" });
      const badParent = v2().request("v2.hosting.addSubdomain", { id: 101, domain: "staging-agency.com", subDomain: "a", docroot: "/x" });
      await expect(badParent).rejects.toMatchObject({ code: "not-found" });
      await v2().request("v2.hosting.removeDomain", { id: 101, domain: "client-shop.net" });
      expect((await domains("v4")).map((d) => d.domain)).toEqual(["agency-demo.com", "xn--caf-dma.com"]);
    });

    it("refuses to detach the primary domain", async () => {
      const attempt = v2().request("v2.hosting.removeDomain", { id: 101, domain: "agency-demo.com" });
      await expect(attempt).rejects.toThrow(/primary domain of hosting account 101/);
    });

    it("suspends several domains at once and reactivates them, on v2 in bulk and on v3 one by one", async () => {
      await v2().request("v2.hosting.suspendDomains", { id: 101, domains: ["client-shop.net", "café.com"] });
      expect((await domains("v3")).filter((d) => d.suspended).map((d) => d.domain)).toEqual(["client-shop.net", "xn--caf-dma.com"]);
      await t.clientFor("v3").request("v3.hosting.reactivateDomain", { ...HOSTING.v3, domain: "client-shop.net" });
      expect(store().hostings["101"]!.suspendedDomains).toEqual(["xn--caf-dma.com"]);
      await v2().request("v2.hosting.unsuspendDomains", { id: 101, domains: ["xn--caf-dma.com"] });
      expect((await domains("v2")).some((d) => d.suspended)).toBe(false);
    });

    it("changes nothing when one of the domains to suspend is not attached", async () => {
      const attempt = v2().request("v2.hosting.suspendDomains", { id: 101, domains: ["client-shop.net", "staging-agency.com"] });
      await expect(attempt).rejects.toMatchObject({ code: "not-found" });
      await expect(attempt).rejects.toThrow(/staging-agency\.com is not attached to hosting account 101/);
      expect(store().hostings["101"]!.suspendedDomains).toEqual([]);
    });

    it("changes the document root of an attached domain", async () => {
      await v2().request("v2.hosting.changeDocRoot", { id: 101, domain: "client-shop.net", docroot: "/public_html/shop-v2/" });
      expect((await domains("v4")).find((d) => d.domain === "client-shop.net")?.docroot).toBe("/public_html/shop-v2");
    });
  });
});

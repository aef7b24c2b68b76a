import { describe, expect, it } from "vitest";
import type { ResellerClient } from "../../src/client/client";
import { useSimulator } from "../helpers/sim";

const TODAY = "2026-05-01";

/** Reads the domain information `n` times (each read advances a pending transfer) and returns the last reply. */
async function readInfo(client: ResellerClient, sld: string, tld: string, n = 1) {
  let info: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) info = await client.request("domains.getInfo", { sld, tld });
  return info;
}

describe("domain transfers", () => {
  const t = useSimulator({
    version: "v4",
    simulator: { now: () => new Date(`${TODAY}T09:00:00Z`), behaviour: { transferPendingReads: 2 } },
  });

  it.each(["v4", "v3", "v2"] as const)(
    "charges the transfer price and stays Pending for the configured reads, then confirms on %s",
    async (version) => {
      const client = t.clientFor(version);
      const reply = await client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "EPP-TRANSFER-1" });
      expect(reply.message).toContain("transfer-me.net");
      expect(t.sim.store.account.credit).toBe(1000 - 14);

      for (let read = 0; read < 2; read++) {
        const pending = await readInfo(client, "transfer-me", "net");
        expect(pending).toMatchObject({ registration_status: "Pending Transfer", transfer_request_status: "Pending", is_transfer: true });
      }
      const done = await readInfo(client, "transfer-me", "net");
      expect(done).toMatchObject({
        registration_status: "Active",
        transfer_request_status: "Confirmed",
        transfer_request_confirmed_at: TODAY,
        transfer_request_denied_reason: null,
      });
      expect(t.sim.store.external["transfer-me.net"]).toBeUndefined();
      expect(t.sim.store.account.credit).toBe(1000 - 14);
    },
  );

  it("sends v2 transfers to the official spec's transfert-domain path", async () => {
    await t.clientFor("v2").request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "EPP-TRANSFER-1" });
    expect(t.sim.requests.list().at(-1)).toMatchObject({ path: "/reseller-api/transfert-domain", status: 200 });
  });

  it("denies a transfer whose EPP code was wrong, with the reason and date, and refunds the credit", async () => {
    await t.client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "WRONG" });
    expect(t.sim.store.account.credit).toBe(986);
    const info = await readInfo(t.client, "transfer-me", "net", 3);
    expect(info).toMatchObject({
      transfer_request_status: "Denied",
      transfer_request_denied_at: TODAY,
      transfer_request_confirmed_at: null,
      registration_status: "Cancelled",
    });
    expect(String(info.transfer_request_denied_reason)).toContain("EPP");
    expect(t.sim.store.account.credit).toBe(1000);
    // The name stays with its registrar: still unavailable, and out of the active listing.
    expect((await t.client.request("domains.checkAvailability", { sld: "transfer-me", tld: "net" })).available).toBe(false);
    const list = await t.client.request("v4.domains.list");
    expect(list.active_domains.map((d) => d.idn_domain_name)).not.toContain("transfer-me.net");
  });

  it("denies a transfer of a domain locked at its registrar even with the right code", async () => {
    await t.client.request("domains.transfer", { sld: "example", tld: "com", epp_code: "EPP-EXAMPLE-1" });
    const info = await readInfo(t.client, "example", "com", 3);
    expect(info.transfer_request_status).toBe("Denied");
    expect(String(info.transfer_request_denied_reason)).toContain("locked");
    expect(t.sim.store.account.credit).toBe(1000);
  });

  it("confirms when the losing registrar's lock is lifted while the transfer is pending", async () => {
    await t.client.request("domains.transfer", { sld: "example", tld: "com", epp_code: "EPP-EXAMPLE-1" });
    await readInfo(t.client, "example", "com", 2);
    t.sim.store.external["example.com"]!.locked = false;
    expect((await readInfo(t.client, "example", "com")).transfer_request_status).toBe("Confirmed");
  });

  it("accepts a new request after a denied transfer", async () => {
    await t.client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "WRONG" });
    await readInfo(t.client, "transfer-me", "net", 3);
    await t.client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "EPP-TRANSFER-1" });
    expect((await readInfo(t.client, "transfer-me", "net")).transfer_request_status).toBe("Pending");
  });

  it("refuses changes to a domain whose transfer is pending", async () => {
    await t.client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "EPP-TRANSFER-1" });
    await expect(t.client.request("domains.renew", { sld: "transfer-me", tld: "net", period: 1 })).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("Pending Transfer"),
    });
  });

  it("refuses to transfer a name nobody has registered", async () => {
    await expect(t.client.request("domains.transfer", { sld: "nobody-has-this", tld: "com", epp_code: "X" })).rejects.toMatchObject({
      code: "validation",
      apiError: expect.stringContaining("register it instead"),
    });
    expect(t.sim.store.account.credit).toBe(1000);
  });

  it("refuses to transfer a domain already in the account", async () => {
    await expect(t.client.request("domains.transfer", { sld: "agency-demo", tld: "com", epp_code: "X" })).rejects.toMatchObject({
      code: "conflict",
      status: 409,
    });
  });

  it("refuses a transfer the credit cannot pay for", async () => {
    t.sim.store.account.credit = 5;
    await expect(
      t.client.request("domains.transfer", { sld: "transfer-me", tld: "net", epp_code: "EPP-TRANSFER-1" }),
    ).rejects.toMatchObject({
      status: 402,
      apiError: expect.stringContaining("14.00 USD"),
    });
    expect(t.sim.store.domains["transfer-me.net"]).toBeUndefined();
  });
});

describe("domain transfers that settle at once", () => {
  const t = useSimulator({ version: "v3", simulator: { behaviour: { transferPendingReads: 0 } } });

  it("confirms on the first read when transferPendingReads is 0", async () => {
    await t.client.request("domains.transfer", { sld: "taken", tld: "com", epp_code: "EPP-TAKEN-1" });
    expect((await readInfo(t.client, "taken", "com")).transfer_request_status).toBe("Confirmed");
  });
});

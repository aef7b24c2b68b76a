/**
 * "Gone only on evidence": a success that says nothing (an empty body, a 204, `{success: true}`
 * alone, lists sent as `null`) is an error for reads and writes alike, never an empty listing;
 * for an operation that may have acted (a create) it is `outcome-unknown`, which the resources
 * settle by reading. So is a success larger than the client reads. Driven through the
 * simulator's `hollow` and `oversize` faults over real loopback HTTP.
 */
import { describe, expect, it } from "vitest";
import { HOLLOW_REPLIES } from "../../packages/simulator/src/faults";
import { failure } from "../helpers/errors";
import { HOSTING, useSimulator } from "../helpers/sim";

/** Listings that a refresh decides "gone" by, with the parameters of a seeded object's scope. */
const LISTINGS: readonly [string, Record<string, unknown>][] = [
  ["dns.getZone", { ...HOSTING.v4, domain: "agency-demo.com" }],
  ["redirections.list", { ...HOSTING.v4 }],
  ["ftp.listAccounts", { ...HOSTING.v4 }],
  ["ssh.listKeys", { ...HOSTING.v4 }],
  ["cron.list", { ...HOSTING.v4 }],
  ["databases.list", { ...HOSTING.v4 }],
  ["ssl.listCsrs", { ...HOSTING.v4, domain: "agency-demo.com" }],
  ["hosting.listAccounts", {}],
];

describe("hollow successes", () => {
  const t = useSimulator();

  describe.each(LISTINGS)("the listing %s", (operation, params) => {
    it.each(HOLLOW_REPLIES)("fails with bad-response on a %s reply instead of reading an empty list", async (reply) => {
      t.sim.faults.add({ operation, kind: "hollow", reply });
      const err = await failure(t.client.request(operation, params));
      expect(err.code).toBe("bad-response");
      expect(err.message).toContain(operation);
      // The same call without the fault does answer: the failure came from the reply alone.
      await expect(t.client.request(operation, params)).resolves.toBeDefined();
    });
  });

  it("reports a write that answered with an empty body as bad-response, and keeps what it applied", async () => {
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "hollow", reply: "no-content" });
    const rrset = { type: "TXT", name: "hollow.agency-demo.com.", ttl: 300, records: [{ content: '"x"' }] };
    const err = await failure(t.client.request("dns.modifyZone", { ...HOSTING.v4, domain: "agency-demo.com", rrsets: [rrset] }));
    expect(err.code).toBe("bad-response");
    expect(err.status).toBe(204);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "hollow.agency-demo.com.")).toBe(true);
  });

  // `{success: true}` is all some creates ever answer (the redirection add documents no fields),
  // so only the replies that carry no JSON at all are unreadable for every create.
  it.each(["empty", "no-content"] as const)(
    "reports a create answered with a %s reply as outcome-unknown, naming the unreadable reply, sent once",
    async (reply) => {
      t.sim.faults.add({ operation: "redirections.add", kind: "hollow", reply });
      const err = await failure(
        t.client.request("redirections.add", {
          ...HOSTING.v4,
          domain: "agency-demo.com",
          rType: 301,
          destinationUrl: "https://client-shop.net/",
        }),
      );
      expect(err.code).toBe("outcome-unknown");
      expect(err.cause?.code).toBe("bad-response");
      expect(t.sim.requests.count("redirections.add")).toBe(1);
      expect(t.sim.store.hostings["101"]!.redirections.some((r) => r.domain === "agency-demo.com")).toBe(true);
    },
  );

  describe("a success larger than the client reads", () => {
    const redirection = { ...HOSTING.v4, domain: "agency-demo.com", rType: 301, destinationUrl: "https://client-shop.net/" };

    it("is outcome-unknown for a create, naming the size limit, sent once, and the create is applied", async () => {
      t.sim.faults.add({ operation: "redirections.add", kind: "oversize" });
      const err = await failure(t.client.request("redirections.add", redirection));
      expect(err.code).toBe("outcome-unknown");
      expect(err.status).toBe(200);
      expect(err.cause?.code).toBe("bad-response");
      expect(err.message).toMatch(/over the 8388608-byte limit.*reseller:maxResponseBytes/);
      expect(t.sim.requests.count("redirections.add")).toBe(1);
      expect(t.sim.store.hostings["101"]!.redirections.filter((r) => r.domain === "agency-demo.com")).toHaveLength(1);
    });

    it("is bad-response for a write the API can repeat, as a truncated reply is, sent once, and the write is applied", async () => {
      t.sim.faults.add({ operation: "dns.modifyZone", kind: "oversize" });
      const rrset = { type: "TXT", name: "oversize.agency-demo.com.", ttl: 300, records: [{ content: '"x"' }] };
      const err = await failure(t.client.request("dns.modifyZone", { ...HOSTING.v4, domain: "agency-demo.com", rrsets: [rrset] }));
      expect(err.code).toBe("bad-response");
      expect(err.status).toBe(200);
      expect(err.message).toContain("reseller:maxResponseBytes");
      expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
      expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "oversize.agency-demo.com.")).toBe(true);
    });

    // An update and a delete: each write the API can repeat goes the way a truncated or
    // unparseable reply to it goes (bad-response, sent once, applied), so the next `up` or
    // `destroy` sends it again harmlessly; a delete that must not be sent again (`resend: false`,
    // an add of the same object follows) is outcome-unknown, settled by reading.
    const php = { ...HOSTING.v4, version: "8.2" };
    it.each(["oversize", "truncate"] as const)(
      "is bad-response for an update answered with %s, sent once, and the update is applied",
      async (kind) => {
        t.sim.faults.add({ operation: "php.setOptions", kind });
        const err = await failure(t.client.request("php.setOptions", { ...php, options: { memory_limit: "1024M" } }));
        expect(err.code).toBe("bad-response");
        expect(err.status).toBe(200);
        expect(t.sim.requests.count("php.setOptions")).toBe(1);
        expect(t.sim.store.hostings["101"]!.php.options["8.2"]!.memory_limit!.value).toBe("1024M");
      },
    );

    it.each(["oversize", "truncate"] as const)(
      "is bad-response for a delete answered with %s, sent once, the delete applied, and sending it again reads as gone",
      async (kind) => {
        t.sim.faults.add({ operation: "redirections.delete", kind });
        const err = await failure(t.client.request("redirections.delete", { ...HOSTING.v4, domain: "client-shop.net" }));
        expect(err.code).toBe("bad-response");
        expect(t.sim.requests.count("redirections.delete")).toBe(1);
        expect(t.sim.store.hostings["101"]!.redirections.some((r) => r.domain === "client-shop.net")).toBe(false);
        expect((await failure(t.client.request("redirections.delete", { ...HOSTING.v4, domain: "client-shop.net" }))).code).toBe(
          "not-found",
        );
      },
    );

    it.each(["oversize", "truncate"] as const)(
      "is outcome-unknown for a delete that must not be sent again, answered with %s, sent once",
      async (kind) => {
        t.sim.faults.add({ operation: "redirections.delete", kind });
        const err = await failure(t.client.request("redirections.delete", { ...HOSTING.v4, domain: "client-shop.net" }, { resend: false }));
        expect(err.code).toBe("outcome-unknown");
        expect(err.cause?.code).toBe("bad-response");
        expect(t.sim.requests.count("redirections.delete")).toBe(1);
      },
    );

    it("is bad-response for a read", async () => {
      t.sim.faults.add({ operation: "dns.getZone", kind: "oversize" });
      const err = await failure(t.client.request("dns.getZone", { ...HOSTING.v4, domain: "agency-demo.com" }));
      expect(err.code).toBe("bad-response");
      expect(err.status).toBe(200);
    });

    it("is read as the reply it pads when the client's limit is above its size", async () => {
      // The padding is trailing whitespace, so the fault's reply differs from the plain one only by its size.
      t.sim.faults.add({ operation: "dns.getZone", kind: "oversize", bytes: 64 * 1024 });
      const zone = await t.client.request("dns.getZone", { ...HOSTING.v4, domain: "agency-demo.com" }, { fresh: true });
      expect(zone).toEqual(await t.client.request("dns.getZone", { ...HOSTING.v4, domain: "agency-demo.com" }, { fresh: true }));
      expect(t.sim.requests.count("dns.getZone")).toBe(2);
    });
  });

  it("reports a truncated reply to a create as outcome-unknown, not as a failure that can be sent again", async () => {
    t.sim.faults.add({ operation: "redirections.add", kind: "truncate" });
    const err = await failure(
      t.client.request("redirections.add", {
        ...HOSTING.v4,
        domain: "agency-demo.com",
        rType: 301,
        destinationUrl: "https://client-shop.net/",
      }),
    );
    expect(err.code).toBe("outcome-unknown");
    expect(t.sim.requests.count("redirections.add")).toBe(1);
  });
});

/**
 * Resources on an API whose routes differ from the table: a wrong route is a failure, never
 * "gone", in read, delete and the identity read before a create; and `reseller:routeFallback: v3`
 * sends an operation whose v3 route is confirmed there instead.
 */
import { describe, expect, it } from "vitest";
import { ResellerApiError } from "../../src/client/errors";
import { contextFor, currentSettings } from "../../src/provider/runtime/context";
import { apiErrorCode } from "../../src/provider/lifecycle/errors";
import { readUntil } from "../../src/provider/runtime/settle";
import { useProvider } from "../helpers/lifecycle";
import { failure } from "../helpers/errors";

/** The zone read and write moved away from their inferred v4 routes (both are confirmed on v3). */
const ZONE_MOVED = {
  "dns.getZone": { v4: { method: "GET", path: "/v4/zones/get" } },
  "dns.modifyZone": { v4: { method: "PATCH", path: "/v4/zones/rrsets" } },
} as const;

const APEX_MX = { domain: "agency-demo.com", name: "@", type: "MX" };

describe("a record set whose zone routes are not where the table says", () => {
  const t = useProvider("DnsRecordSet", { version: "v4", simulator: { routes: ZONE_MOVED, unknownRoute: "json-error" } });

  it("fails a refresh naming the route instead of reading the record set as gone", async () => {
    const err = await failure(t.engine.read("agency-demo.com/@/MX", { ...APEX_MX, hostingId: 101 }));
    expect(apiErrorCode(err)).toBe("route-not-found");
    expect(err.message).toMatch(/dns\.getZone has no route at API v4 GET \/v4\/hosting\/domain\/dns-zone .*reseller probe/);
  });

  it("fails a delete naming the route instead of counting the record set as deleted", async () => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    const err = await failure(
      t.engine.delete("agency-demo.com/@/MX", {
        ...APEX_MX,
        hostingId: 101,
        records: [{ value: "mail.agency-demo.com.", priority: 0 }],
        ttl: 14400,
      }),
    );
    expect(apiErrorCode(err)).toBe("route-not-found");
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });

  it("fails a create at its identity read, before any write, instead of seeing an empty zone; its check passes as before", async () => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    // The check's read for an existing object meets the wrong route too, and leaves the check as
    // it was (decision 0045): the create's own read is what reports it.
    const err = await failure(t.engine.create(await t.engine.check({ ...APEX_MX, records: ["0 mail.agency-demo.com"] })));
    expect(apiErrorCode(err)).toBe("route-not-found");
    expect(t.sim.requests.list().filter((r) => r.method !== "GET")).toEqual([]);
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });
});

describe("reseller:routeFallback v3", () => {
  const t = useProvider("DnsRecordSet", {
    version: "v4",
    simulator: { routes: ZONE_MOVED, unknownRoute: "html" },
    config: { "reseller:routeFallback": "v3" },
  });

  it("reads and writes a record set on the confirmed v3 routes, with the hosting username v3 wants", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "api", type: "A", hostingId: 101, records: ["198.51.100.7"] }),
    );
    expect(id).toBe("agency-demo.com/api/A");
    expect((await t.engine.read(id, outs)).props).toMatchObject({ records: [{ value: "198.51.100.7" }] });
    const keys = t.sim.requests.list().map((r) => r.key);
    expect(keys).toContain("v3.dns.getZone");
    expect(keys).toContain("v3.dns.modifyZone");
    expect(keys).toContain("v3.hosting.listAccounts");
    expect(t.sim.store.zones["agency-demo.com"]!.find((r) => r.name === "api.agency-demo.com.")?.records).toEqual([{ ip: "198.51.100.7" }]);
    await t.engine.delete(id, outs);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "api.agency-demo.com.")).toBe(false);
  });
});

describe("reseller:routeFallback v3 for an operation whose v3 route is itself a guess", () => {
  const t = useProvider("SshKey", {
    version: "v4",
    simulator: { routes: { "ssh.listKeys": { v4: { method: "GET", path: "/v4/hosting/keys" } } }, unknownRoute: "empty" },
    config: { "reseller:routeFallback": "v3" },
  });

  it("does not send it on v3, and fails naming the v4 route", async () => {
    const err = await failure(t.engine.read("101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7"));
    expect(apiErrorCode(err)).toBe("route-not-found");
    expect(t.sim.requests.list().some((r) => r.key.startsWith("v3."))).toBe(false);
  });
});

describe("settling by reading when the read's route does not exist", () => {
  it("stops at the first read that answers route-not-found instead of polling until the wait is over", async () => {
    let reads = 0;
    const polled = await readUntil(60_000, async () => {
      reads += 1;
      throw new ResellerApiError({ code: "route-not-found", message: "ftp.listAccounts has no route at API v4 GET /v4/hosting/ftp" });
    });
    expect(reads).toBe(1);
    expect(polled).toMatchObject({ found: false, reads: 1 });
    expect(apiErrorCode(polled.readFailure)).toBe("route-not-found");
  });

  it("goes on polling after a read that failed for another reason", async () => {
    let reads = 0;
    const polled = await readUntil(300, async () => {
      reads += 1;
      if (reads === 1) throw new ResellerApiError({ code: "server", message: "HTTP 503" });
      return true;
    });
    expect(polled).toEqual({ found: true, reads: 2 });
  });
});

describe("the debug log of routes", () => {
  const t = useProvider("DnsRecordSet", {
    version: "v4",
    config: {
      "reseller:endpointOverrides": JSON.stringify({
        "ssh.listKeys": { v4: { method: "GET", path: "/v4/hosting/ssh-keys", params: "query" } },
      }),
    },
  });

  it("names the overrides in force once, and each route used once with its evidence", async () => {
    const debug: string[] = [];
    const ctx = contextFor(currentSettings(), { info: () => undefined, warn: () => undefined, debug: (m) => debug.push(m) });
    await ctx.request("dns.getZone", { id: 101, domain: "agency-demo.com" });
    await ctx.request("dns.getZone", { id: 101, domain: "agency-demo.com" });
    await ctx.request("ssh.listKeys", { id: 101 });

    expect(debug).toEqual([
      `reseller: API v4, endpoint overrides in force: {"ssh.listKeys":{"v4":{"method":"GET","path":"/v4/hosting/ssh-keys","params":"query"}}}, route fallback: none`,
      "reseller: dns.getZone uses API v4 GET /v4/hosting/domain/dns-zone (evidence: inferred)",
      "reseller: ssh.listKeys uses API v4 GET /v4/hosting/ssh-keys (endpoint override)",
    ]);
    expect(t.sim.requests.list().at(-1)).toMatchObject({ key: "v4.ssh.listKeys", status: 200 });
  });
});

/**
 * A route that is not where the table guessed is never read as "the object is gone": against a
 * simulator that serves some operations elsewhere, in each way a server answers an unknown path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type ResellerClient } from "../../src/client/client";
import { isResellerApiError } from "../../src/client/errors";
import { isApiErrorObject } from "../../src/client/route-check";
import { startSimulator, UNKNOWN_ROUTE_STYLES, type Simulator } from "../../packages/simulator/src";
import { failure } from "../helpers/errors";
import { registration, testClientOptions } from "../helpers/sim";

/** Where the simulator serves these v4 operations; the table's own routes then answer as unknown. */
const MOVED = {
  "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone", params: "query" } },
  "ssh.removeKey": { v4: { method: "POST", path: "/v4/hosting/ssh-key/remove" } },
  "domains.register": { v4: { method: "POST", path: "/v4/domains/register" } },
} as const;

describe.each(UNKNOWN_ROUTE_STYLES)("a client of a simulator whose unknown routes answer %s", (style) => {
  let sim: Simulator;
  let client: ResellerClient;
  beforeAll(async () => {
    sim = await startSimulator({ routes: MOVED, unknownRoute: style });
    client = createClient({ ...testClientOptions(sim), retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it("reports a read at a route the API does not have as route-not-found, naming the route, its evidence, the override and reseller probe", async () => {
    const err = await failure(client.request("dns.getZone", { id: 101, domain: "agency-demo.com" }));
    expect(isResellerApiError(err, "route-not-found"), err.message).toBe(true);
    expect(err.message).not.toContain("\n");
    expect(err.message).toContain("dns.getZone has no route at API v4 GET /v4/hosting/domain/dns-zone (evidence: inferred)");
    expect(err.message).toContain(
      `pulumi config set reseller:endpointOverrides '{"dns.getZone":{"v4":{"method":"GET","path":"<the right path>"}}}'`,
    );
    expect(err.message).toContain("reseller probe");
    expect(err).toMatchObject({ endpoint: "v4.dns.getZone", method: "GET", path: "/v4/hosting/domain/dns-zone" });
  });

  it("sends a missing route once: it is final, not a failure to retry", async () => {
    sim.requests.clear();
    await failure(client.request("ssh.removeKey", { id: 101, key: "no-such-key" }));
    expect(sim.requests.list().filter((r) => r.path === "/v4/hosting/ssh-key")).toHaveLength(1);
  });

  it("never sends an order again after its route answered as missing", async () => {
    sim.requests.clear();
    const credit = sim.store.account.credit;
    const err = await failure(client.request("domains.register", registration("fresh-site", "com")));
    expect(err.code).toBe("route-not-found");
    expect(sim.requests.list().filter((r) => r.path === "/v4/domain/register")).toHaveLength(1);
    expect(sim.store.account.credit).toBe(credit);
  });

  it("still reads an object missing on a route that exists as not-found", async () => {
    const err = await failure(client.request("ssh.listKeys", { id: 999 }));
    expect(isResellerApiError(err, "not-found"), err.message).toBe(true);
  });

  it("reads at the route an override gives, with its parameters where the override places them", async () => {
    const moved = createClient({ ...testClientOptions(sim), overrides: MOVED });
    try {
      const zone = await moved.dns.getZone({ id: 101, domain: "agency-demo.com" });
      expect(zone.data.length).toBeGreaterThan(0);
      const last = sim.requests.list().at(-1)!;
      expect(last).toMatchObject({ key: "v4.dns.getZone", path: "/v4/dns/zone", status: 200 });
      expect(moved.endpoint("dns.getZone")).toMatchObject({ path: "/v4/dns/zone", params: "query", overridden: true });
    } finally {
      await moved.close();
    }
  });

  it("sends one call at another route when asked, leaving the client's routes as they are", async () => {
    const zone = await client.dns.getZone({ id: 101, domain: "agency-demo.com" }, { route: MOVED["dns.getZone"].v4 });
    expect(zone.data.length).toBeGreaterThan(0);
    expect(client.endpoint("dns.getZone")?.path).toBe("/v4/hosting/domain/dns-zone");
  });
});

describe("telling a missing route from a missing object when both answer with the API's error object", () => {
  let sim: Simulator;
  let client: ResellerClient;
  beforeAll(async () => {
    sim = await startSimulator({ routes: MOVED, unknownRoute: "json-error" });
    client = createClient(testClientOptions(sim));
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it("learns how a surely absent path answers once per prefix and method, and keeps it", async () => {
    sim.requests.clear();
    for (let i = 0; i < 3; i++) await failure(client.request("dns.getZone", { id: 101, domain: "agency-demo.com" }));
    await failure(client.request("ssh.listKeys", { id: 999 }));
    const absent = sim.requests.list().filter((r) => /\/v4\/reseller-no-such-route-[0-9a-f]{12}$/.test(r.path));
    expect(absent).toHaveLength(1);
    expect(absent[0]).toMatchObject({ method: "GET", key: "unknown", status: 404 });
  });

  it("reads a 404 whose error object differs from the absent path's as the object's absence", async () => {
    const err = await failure(client.request("ssh.listKeys", { id: 999 }));
    expect(err.code).toBe("not-found");
    expect(err.message).toMatch(/Hosting account 999 not found/);
  });
});

describe("the API's error object", () => {
  it.each([
    { body: { error: "Domain not found", error_code: 404 }, is: true },
    { body: { success: false, errors: ["Hosting account not found"], reseller_id: 1 }, is: true },
    { body: { error: "" }, is: false },
    { body: { message: "Not Found" }, is: false },
    { body: { success: false, errors: [] }, is: false },
    { body: ["Not Found"], is: false },
    { body: "Not Found", is: false },
  ])("is recognised in $body: $is", ({ body, is }) => {
    expect(isApiErrorObject(body)).toBe(is);
  });
});

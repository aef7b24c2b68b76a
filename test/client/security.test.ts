/**
 * Credentials never leak into errors, and the API's authentication and allow-list failures come
 * back with their own codes; TLS works against the simulator's self-signed certificate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/client";
import type { ResellerApiError } from "../../src/client/errors";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { failure } from "../helpers/errors";
import { registration, testClientOptions } from "../helpers/sim";

const KEY = "KEY-7f3a9c-DISTINCTIVE-SECRET";
const USER = "user-DISTINCTIVE-4411";

/** Everything an error exposes: message, stack, own fields, cause. */
function everything(err: ResellerApiError): string {
  return [err.message, err.stack ?? "", JSON.stringify(err), JSON.stringify(err.cause ?? {}), JSON.stringify(Object.entries(err))].join(
    "\n",
  );
}

describe("credentials", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo", apiUser: USER, apiKey: KEY });
  });
  afterAll(async () => sim.close());

  it("never appear in any error the client throws", async () => {
    const good = createClient({ ...testClientOptions(sim), retry: { maxAttempts: 1 } });
    const wrongKey = createClient({ ...testClientOptions(sim), apiKey: `${KEY}-wrong`, retry: { maxAttempts: 1 } });
    const dead = createClient({ ...testClientOptions(sim), baseUrl: "http://127.0.0.1:1", retry: { maxAttempts: 1 } });
    sim.faults.add({ operation: "account.getInfo", kind: "status", status: 500 });
    sim.faults.add({ operation: "domains.register", kind: "lost-response" });
    const errors = await Promise.all([
      failure(good.request("account.getInfo")),
      failure(wrongKey.request("account.hello")),
      failure(dead.request("account.hello")),
      failure(good.request("domains.renew", { sld: "x", tld: "com", period: 0 })),
      failure(good.request("domains.getInfo", { sld: KEY.toLowerCase(), tld: "com" })),
      failure(good.request("domains.register", registration("leak-check", "com"))),
    ]);
    expect(errors.map((e) => e.code)).toEqual(["server", "authentication", "transport", "validation", "not-found", "outcome-unknown"]);
    for (const err of errors) {
      const text = everything(err);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(USER);
    }
    await Promise.all([good.close(), wrongKey.close(), dead.close()]);
  });

  it("reports a missing or wrong key as an authentication error with a 4xx status", async () => {
    const wrong = createClient({ ...testClientOptions(sim), apiKey: "nope-nope" });
    const err = await failure(wrong.request("account.hello"));
    expect(err.code).toBe("authentication");
    expect(err.status).toBeGreaterThanOrEqual(400);
    expect(err.status).toBeLessThan(500);
    await wrong.close();
  });
});

describe("the caller IP allow-list", () => {
  it("reports a caller that is not whitelisted as ip-not-allowed, with the address", async () => {
    const sim = await startSimulator({ allowLoopback: false });
    const client = createClient(testClientOptions(sim));
    const err = await failure(client.request("account.hello"));
    expect(err.code).toBe("ip-not-allowed");
    expect(err.message).toContain("127.0.0.1");
    sim.allowIps.add("127.0.0.1");
    await expect(client.request("account.hello")).resolves.toMatchObject({ successful_connection: true });
    await client.close();
    await sim.close();
  });
});

describe("TLS", () => {
  it("talks to the simulator over HTTPS when given its certificate to trust", async () => {
    const sim = await startSimulator({ tls: true });
    expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const trusted = createClient(testClientOptions(sim));
    await expect(trusted.request("account.hello")).resolves.toMatchObject({ successful_connection: true });
    const untrusted = createClient({ ...testClientOptions(sim), ca: undefined, retry: { maxAttempts: 1 } });
    const err = await failure(untrusted.request("account.hello"));
    expect(err.code).toBe("transport");
    await Promise.all([trusted.close(), untrusted.close()]);
    await sim.close();
  });
});

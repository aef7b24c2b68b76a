/**
 * Test helper: a simulator and a client for it, registered with vitest's hooks.
 *
 * @example
 * describe("dns zones on v3", () => {
 *   const t = useSimulator({ version: "v3" });
 *   it("reads the zone", async () => {
 *     const zone = await t.client.request("dns.getZone", { id: 101, username: "agencyde", domain: "agency-demo.com" });
 *     expect(zone.data).toBeDefined();
 *   });
 * });
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { createClient, type ClientOptions, type ResellerClient } from "../../src/client/client";
import type { ApiVersion } from "../../src/client/endpoint";
import { startSimulator, type Simulator, type SimulatorOptions } from "../../src/simulator";

export interface UseSimulatorOptions {
  version?: ApiVersion;
  simulator?: SimulatorOptions;
  client?: Partial<ClientOptions>;
}

/** Client options fit for tests: no rate limit to wait on, tiny backoff steps. */
export function testClientOptions(sim: Simulator, version: ApiVersion = "v4"): ClientOptions {
  return {
    baseUrl: sim.url,
    apiUser: sim.apiUser,
    apiKey: sim.apiKey,
    version,
    ca: sim.ca,
    limits: { concurrency: 8, perMinute: 1_000_000 },
    retry: { baseDelayMs: 2, maxDelayMs: 20 },
  };
}

export function useSimulator(options: UseSimulatorOptions = {}) {
  let sim: Simulator | undefined;
  let client: ResellerClient | undefined;
  const extra: ResellerClient[] = [];
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo", ...options.simulator });
    client = createClient({ ...testClientOptions(sim, options.version), ...options.client });
  });
  afterEach(() => sim?.reset());
  afterAll(async () => {
    await Promise.all([client, ...extra].map((c) => c?.close()));
    await sim?.close();
  });
  return {
    get sim(): Simulator {
      if (!sim) throw new Error("simulator not started");
      return sim;
    },
    get client(): ResellerClient {
      if (!client) throw new Error("client not created");
      return client;
    },
    /** Another client on the same simulator (closed after the suite). */
    clientFor(version: ApiVersion, overrides: Partial<ClientOptions> = {}): ResellerClient {
      const c = createClient({ ...testClientOptions(this.sim, version), ...overrides });
      extra.push(c);
      return c;
    },
  };
}

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
import { endpoints } from "../../src/client/endpoints";
import { startSimulator, type Simulator, type SimulatorOptions } from "../../packages/simulator/src";
import { sampleRegistrant, sampleRegistration } from "../../packages/simulator/src/handlers/domains";
import { DEMO_HOSTING } from "../../packages/simulator/src/handlers/shared";
import { isAbsentPathRequest } from "./absent-path";

/**
 * The demo seed's hosting account 101 (`agencyde`) as each version addresses it: v3 adds the
 * username (legacy document, 3.0.0 difference 2).
 *
 * @example
 * await t.clientFor("v3").request("php.listVersions", { ...HOSTING.v3 });
 */
export const HOSTING = DEMO_HOSTING;

const DEMO_USERNAMES: Readonly<Record<number, string>> = { [HOSTING.v3.id]: HOSTING.v3.username, 102: "stagingx" };

/**
 * The demo seed's hosting account 101 (`agencyde`) or 102 (`stagingx`) as `version` addresses it.
 *
 * @example
 * await t.client.request("storage.initAccount", hostingAddressOf("v3", 102)); // { id: 102, username: "stagingx" }
 */
export function hostingAddressOf(version: ApiVersion, id = 101): { id: number; username?: string } {
  return version === "v3" ? { id, username: DEMO_USERNAMES[id] ?? "" } : { id };
}

/**
 * A complete registrant group (`registrant_first_name`, ...), and the parameters of a whole
 * registration with the provider's nameservers, as the simulator's own samples send them.
 *
 * @example
 * await t.client.request("domains.register", registration("fresh-site", "com", { period: 2 }));
 */
export { sampleRegistrant, sampleRegistration as registration };

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
    limits: { concurrency: 8, perMinute: 1_000_000, initialPerMinute: 1_000_000 },
    retry: { baseDelayMs: 2, maxDelayMs: 20 },
  };
}

/**
 * Takes a PHP version off a hosting account of the simulator, as when the host uninstalls it:
 * the version listing no longer shows it, and the API refuses it.
 *
 * @example
 * uninstallPhpVersion(t.sim, "8.3");
 */
export function uninstallPhpVersion(sim: Simulator, version: string, hostingId = 101): void {
  const php = sim.store.hostings[String(hostingId)]!.php;
  php.availableVersions = php.availableVersions.filter((v) => v !== version);
}

/**
 * The operations that change something at the API (every one the endpoint table does not mark
 * `safety: "read"`) the simulator served since `from` (an index into its request log), in order,
 * each time it was called.
 *
 * @example
 * const mark = t.sim.requests.list().length;
 * await t.engine.delete(id, outs);
 * expect(writesSince(t.sim, mark)).toEqual(["php.setVersion"]);
 */
export function writesSince(sim: Simulator, from = 0): string[] {
  const table = endpoints as Record<string, { safety: string } | undefined>;
  return sim.requests
    .list()
    .slice(from)
    .filter((entry) => table[entry.key]?.safety !== "read" && !isAbsentPathRequest(entry))
    .map((entry) => entry.id);
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

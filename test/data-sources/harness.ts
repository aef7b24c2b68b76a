/**
 * Test harness of the data-source suites: one simulator per file, the stack configuration
 * pointed at it through the `RESELLER_API_*` environment fallback, and the shared data-source
 * client reset whenever the version changes.
 *
 * @example
 * const t = useDataSourceSimulator();
 * it("reads the account", async () => {
 *   await t.use("v3");
 *   expect((await getAccountInfo()).creditCurrency).toBe("USD");
 * });
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { resetDataSources } from "../../src/data-sources";
import { startSimulator, type Simulator } from "../../packages/simulator/src";

const KEYS = [
  "RESELLER_API_URL",
  "RESELLER_API_USER",
  "RESELLER_API_KEY",
  "RESELLER_API_VERSION",
  "RESELLER_REQUESTS_PER_MINUTE",
  "RESELLER_INITIAL_REQUESTS_PER_MINUTE",
  "RESELLER_RETRY_BASE_DELAY_MS",
] as const;

export function useDataSourceSimulator() {
  let sim: Simulator | undefined;
  const saved = new Map<string, string | undefined>(KEYS.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo" });
    process.env.RESELLER_API_URL = sim.url;
    process.env.RESELLER_API_USER = sim.apiUser;
    process.env.RESELLER_API_KEY = sim.apiKey;
    // No rate limit to wait on and tiny backoff steps: the suite stays fast.
    process.env.RESELLER_REQUESTS_PER_MINUTE = "1000000";
    process.env.RESELLER_INITIAL_REQUESTS_PER_MINUTE = "1000000";
    process.env.RESELLER_RETRY_BASE_DELAY_MS = "2";
  });
  afterEach(async () => {
    await resetDataSources();
    sim?.reset();
  });
  afterAll(async () => {
    await resetDataSources();
    await sim?.close();
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  return {
    get sim(): Simulator {
      if (!sim) throw new Error("simulator not started");
      return sim;
    },
    /** Points the data sources at API `version` (a fresh shared client, an empty request log). */
    async use(version: ApiVersion): Promise<void> {
      await resetDataSources();
      process.env.RESELLER_API_VERSION = version;
      this.sim.requests.clear();
    },
  };
}

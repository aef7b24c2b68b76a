/**
 * The adaptive rate against a limit it does not know: the simulator allows 120 requests per
 * sliding 10 seconds (720 a minute), and a client with the package's default limits (start at 120
 * a minute, ceiling 1200) sends 400 reads as fast as it is let.
 *
 * It prints the wall time, the 429s it earned, the rate it settled at and the rate it achieved,
 * beside the time the former fixed 120 a minute would have needed. Run alone with
 * `node --import tsx bench/adaptive-limit.ts`, or as part of `npm run bench`.
 */
import { performance } from "node:perf_hooks";
import { createClient } from "../src/client/client";
import { createLimiter } from "../src/client/limiter";
import { startSimulator } from "../packages/simulator/src";
import { runWhenMain, type BenchRow } from "./rows";

const REQUESTS = 400;
const LIMIT = { requests: 120, windowMs: 10_000 };

/**
 * Runs the scenario against its own rate-limited simulator and returns its row.
 *
 * @example
 * for (const row of await adaptiveLimit()) console.log(row.scenario, row.result);
 */
export async function adaptiveLimit(): Promise<BenchRow[]> {
  const sim = await startSimulator({ seed: "demo", rateLimit: LIMIT });
  const limiter = createLimiter();
  const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, limiter, etag: false });
  try {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: REQUESTS }, () => client.request("account.getInfo")));
    const seconds = (performance.now() - t0) / 1000;
    const statuses = sim.requests.list().map((r) => r.status);
    const refused = statuses.filter((s) => s === 429).length;
    const perMinuteAllowed = (LIMIT.requests * 60_000) / LIMIT.windowMs;
    // The former limiter: 120 at once, then 120 more each minute.
    const fixedSeconds = Math.ceil(REQUESTS / 120 - 1) * 60;
    return [
      {
        scenario: `${REQUESTS} reads, default limits, simulator allowing ${LIMIT.requests} per ${LIMIT.windowMs / 1000} s`,
        result: `${seconds.toFixed(1)} s (${((REQUESTS / seconds) * 60).toFixed(0)}/min; the limit averages ${perMinuteAllowed}/min), ${refused} x 429, rate settled at ${limiter.perMinute}/min; a fixed 120/min needs ${fixedSeconds} s`,
      },
    ];
  } finally {
    await client.close();
    await sim.close();
  }
}

runWhenMain(module, adaptiveLimit);

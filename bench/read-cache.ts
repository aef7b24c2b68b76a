/**
 * The read cache's memory: 100 reads of one 20,000-record zone through the provider's read path
 * (`ProviderContext.read`, as 100 record sets of one zone do in a refresh), every result held at
 * once, as the resources hold them until the engine has their outputs.
 *
 * The figure is the heap growth with every result alive; beside it, the same 100 results as a
 * copy per caller (what the cache handed out before it shared frozen values), so the run shows
 * what sharing saves on this machine. Run alone with
 * `node --expose-gc --import tsx bench/read-cache.ts`, or as part of `npm run bench`.
 */
import { currentContext, resetContext, setSettings } from "../src/provider/runtime/context";
import { readSettings } from "../src/provider/rules/config";
import { startSimulator } from "../packages/simulator/src";
import type { RRSet } from "../packages/simulator/src/state";
import { runWhenMain, type BenchRow } from "./rows";

const RECORDS = 20_000;
const READS = 100;
const ZONE = "agency-demo.com";

function heapMiB(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/**
 * Runs the scenario against its own simulator and returns its rows.
 *
 * @example
 * for (const row of await readCacheMemory()) console.log(row.scenario, row.result);
 */
export async function readCacheMemory(): Promise<BenchRow[]> {
  const sim = await startSimulator({ seed: "demo" });
  const zone: RRSet[] = Array.from({ length: RECORDS }, (_, i) => ({
    type: "A",
    name: `h${i}`,
    ttl: 3600,
    records: [{ ip: `203.0.113.${(i % 250) + 1}` }],
  }));
  sim.store.zones[ZONE] = zone;
  const values: Record<string, string> = {
    apiUrl: sim.url,
    apiUser: sim.apiUser,
    apiKey: sim.apiKey,
    initialRequestsPerMinute: "100000",
    requestsPerMinute: "100000",
  };
  setSettings(readSettings({ get: (k) => values[k] }, {}));
  const rows: BenchRow[] = [];
  try {
    const ctx = currentContext({ info: () => {}, warn: () => {} });
    const read = () => ctx.read("dns.getZone", { id: 101, domain: ZONE }, [`zone:${ZONE}`]);
    // The first read parses the zone once; it is the baseline both figures start from.
    const first = await read();
    const base = heapMiB();
    const shared = await Promise.all(Array.from({ length: READS }, read));
    const sharedMiB = heapMiB() - base;
    const identical = shared.every((z) => z === first) && Object.isFrozen(first.data[RECORDS - 1]);
    const copies = shared.map((z) => structuredClone(z));
    const copiesMiB = heapMiB() - base;
    const signed = (mib: number) => `${mib >= 0 ? "+" : ""}${mib.toFixed(1)} MiB`;
    rows.push({
      scenario: `${shared.length} reads of a ${RECORDS.toLocaleString("en")}-record zone, every result held`,
      result: `heap ${signed(sharedMiB)} shared (${identical ? "one frozen value" : "NOT one shared value"}), ${signed(copiesMiB)} as ${copies.length} copies; ${sim.requests.count("dns.getZone")} zone read${global.gc ? "" : " (run with --expose-gc for steadier figures)"}`,
    });
  } finally {
    await resetContext();
    await sim.close();
  }
  return rows;
}

runWhenMain(module, readCacheMemory);

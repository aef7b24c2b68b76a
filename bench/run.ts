/**
 * `npm run bench`: speed and memory of the client, the simulator and the provider's read path,
 * measured against the simulator on loopback. Numbers depend on the machine; what matters is
 * their order of magnitude and the request counts, which do not.
 *
 * Scenarios:
 * 1. sequential reads (`account.getInfo`) without and with ETag revalidation: latency percentiles;
 * 2. concurrent reads through one limiter: throughput;
 * 3. writing 300 record sets into one zone through the provider (serialised per zone);
 * 4. refreshing 300 record sets in 3 zones: wall time and zone reads (the cache makes it 3);
 * 5. memory: heap growth for a simulator holding 20 000 records;
 * 6. the read cache: 100 reads of a 20,000-record zone, shared frozen value against a copy each;
 * 7. the adaptive rate against a rate-limited simulator, with the default limits.
 *
 * Scenarios 1 to 4 measure the client and the provider, not the rate limit: they start at and
 * keep a rate no limit reaches.
 */
import { performance } from "node:perf_hooks";
import { createClient, type ClientOptions } from "../src/client/client";
import { configure, clearCache, create, read } from "../src/provider/runtime";
import { startSimulator, type Simulator } from "../src/simulator";
import { adaptiveLimit } from "./adaptive-limit";
import { readCacheMemory } from "./read-cache";

interface Row {
  scenario: string;
  result: string;
}
const rows: Row[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function options(sim: Simulator, extra: Partial<ClientOptions> = {}): ClientOptions {
  return { baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, limits: { concurrency: 8, perMinute: 10_000_000, initialPerMinute: 10_000_000 }, ...extra };
}

async function sequentialReads(sim: Simulator, etag: boolean, n: number): Promise<void> {
  const client = createClient(options(sim, { etag }));
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await client.request("account.getInfo");
    times.push(performance.now() - t0);
  }
  await client.close();
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  rows.push({
    scenario: `${n} sequential reads, ETag ${etag ? "on (304s)" : "off"}`,
    result: `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, ${(n / (total / 1000)).toFixed(0)} req/s`,
  });
}

async function concurrentReads(sim: Simulator, n: number, concurrency: number): Promise<void> {
  const client = createClient(options(sim, { etag: false, limits: { concurrency, perMinute: 10_000_000, initialPerMinute: 10_000_000 } }));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, () => client.request("account.getInfo")));
  const ms = performance.now() - t0;
  await client.close();
  rows.push({ scenario: `${n} reads, ${concurrency} in flight`, result: `${ms.toFixed(0)} ms, ${(n / (ms / 1000)).toFixed(0)} req/s` });
}

function config(sim: Simulator) {
  const values: Record<string, string> = {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": sim.apiKey,
    "reseller:requestsPerMinute": "10000000",
    "reseller:initialRequestsPerMinute": "10000000",
    "reseller:maxConcurrency": "8",
  };
  return { get: (k: string) => values[k] };
}

async function recordSets(sim: Simulator): Promise<void> {
  await configure({ config: config(sim) });
  const zones = ["agency-demo.com", "client-shop.net", "xn--caf-dma.com"];
  const created: { id: string; outs: Record<string, unknown> }[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      create("DnsRecordSet", {
        domain: zones[i % 3],
        name: `host-${i}`,
        type: "A",
        ttl: 3600,
        records: [{ value: `198.51.100.${(i % 250) + 1}` }],
        hostingId: 101,
      }).then((r) => created.push(r)),
    ),
  );
  const writeMs = performance.now() - t0;
  rows.push({ scenario: "create 300 record sets in 3 zones (serialised per zone)", result: `${writeMs.toFixed(0)} ms, ${sim.requests.count("dns.modifyZone")} zone writes` });

  clearCache();
  sim.requests.clear();
  const t1 = performance.now();
  await Promise.all(created.map((c) => read("DnsRecordSet", c.id, c.outs)));
  const readMs = performance.now() - t1;
  rows.push({ scenario: "refresh 300 record sets in 3 zones", result: `${readMs.toFixed(0)} ms, ${sim.requests.count("dns.getZone")} zone reads` });
}

async function memory(): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const sim = await startSimulator({ seed: "demo" });
  for (let z = 0; z < 20; z++) {
    const records = Array.from({ length: 1000 }, (_, i) => ({ type: "A", name: `h${i}.zone${z}.example.`, ttl: 3600, records: [{ ip: `203.0.113.${(i % 250) + 1}` }] }));
    sim.store.zones[`zone${z}.example`] = records;
  }
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  rows.push({ scenario: "simulator holding 20 000 records", result: `heap +${((after - before) / 1024 / 1024).toFixed(1)} MiB${global.gc ? "" : " (run with --expose-gc for a steadier figure)"}` });
  await sim.close();
}

async function main(): Promise<void> {
  const sim = await startSimulator({ seed: "demo" });
  try {
    await sequentialReads(sim, false, 2000);
    await sequentialReads(sim, true, 2000);
    await concurrentReads(sim, 4000, 8);
    await recordSets(sim);
  } finally {
    await sim.close();
  }
  await memory();
  rows.push(...(await readCacheMemory()));
  rows.push(...(await adaptiveLimit()));
  const width = Math.max(...rows.map((r) => r.scenario.length));
  process.stdout.write(`pulumi-hosting-reseller benchmarks (node ${process.version})\n\n`);
  for (const r of rows) process.stdout.write(`${r.scenario.padEnd(width)}  ${r.result}\n`);
  // The provider's process-wide client keeps a keep-alive pool open; the benchmark is done.
  process.exit(0);
}

void main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

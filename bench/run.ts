/**
 * `npm run bench`: the reseller stack at N = 100, 500, 1000, 2000 through the real Pulumi CLI (when one
 * is found) and the testing toolkit, with the package's default settings and in naive mode, the
 * targets of each figure printed as met or missed (`bench/stack.ts`, `bench/report.ts`); then
 * speed and memory of the client, the simulator and the provider's read path, measured against
 * the simulator on loopback. Numbers depend on the machine; what matters is their order of
 * magnitude and the request counts, which do not.
 *
 * Options: `--n 100` (repeatable, or `--n 100,500`) runs a subset of N (default 100, 500, 1000,
 * 2000); `--cli 3.248.0,3.276.0` runs the engine path through each of those CLIs (built by `npm run
 * pulumi-cli -- --version V`; default: the one the engine suite finds); `--json PATH` writes the
 * run's figures; `--write-docs` writes `docs/benchmarks.md` and its chart from this run;
 * `--no-micro` skips the client scenarios below; `--from-json PATH` runs nothing and prints (and with
 * `--write-docs` writes) what a saved run's figures give, with the targets evaluated again;
 * `--quick` is CI's smoke test: the two starts below, then N=100 once through the first path, no
 * targets but the starts', no client scenarios; with `--write-docs` it rewrites only the import
 * cost's section of `docs/benchmarks.md`.
 *
 * Every run first measures what `require("pulumi-hosting-reseller")` adds to `@pulumi/pulumi`
 * in fresh processes, from the built `dist/` (`bench/import-cost.ts`), target < 50 ms; then the
 * provider plugin's cold start from its release archive (`bench/plugin-start.ts`), target < 300 ms.
 *
 * Client scenarios:
 * 1. sequential reads (`account.getInfo`) without and with ETag revalidation, alternating
 *    request by request after warming both, so neither gains from running second: latency percentiles;
 * 2. concurrent reads through one limiter: throughput;
 * 3. writing 300 record sets into one zone through the provider (serialised per zone);
 * 4. refreshing 300 record sets in 3 zones: wall time and zone reads (the cache makes it 3);
 * 5. memory: heap growth for a simulator holding 20 000 records;
 * 6. the read cache: 100 reads of a 20,000-record zone, shared frozen value against a copy each;
 * 7. the adaptive rate against a rate-limited simulator, with the default limits.
 *
 * Client scenarios 1 to 4 measure the client and the provider, not the rate limit: they start at
 * and keep a rate no limit reaches. The stack runs use the package's defaults.
 */
import { createRequire } from "node:module";
import * as os from "node:os";
import { performance } from "node:perf_hooks";
import { createClient, type ClientOptions } from "../src/client/client";
import { configure, clearCache, create, read } from "../src/runtime";
import { startSimulator, type Simulator } from "../packages/simulator/src";
import { readFileSync, writeFileSync } from "node:fs";
import { adaptiveLimit } from "./adaptive-limit";
import { measureImportCost } from "./import-cost";
import { pluginColdStart } from "./plugin-start";
import { readCacheMemory } from "./read-cache";
import { evaluateTargets, importTarget, pluginStartTarget, printTable, writeDocs, writeImportSection, type BenchReport } from "./report";
import { BENCH_PARALLEL, LATENCY_MS, machine, prepareStackBench, SIM_RATE_LIMIT, type Mode, type Path } from "./stack";
import { installedPackage } from "../test/e2e/package";
import { findPulumiCli, type PulumiCli } from "../packages/testing/src/cli";
import { cacheDir, isCompleteBuild } from "../scripts/lib/pulumi-cli";

interface Row {
  scenario: string;
  result: string;
}
const rows: Row[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function options(sim: Simulator, extra: Partial<ClientOptions> = {}): ClientOptions {
  return {
    baseUrl: sim.url,
    apiUser: sim.apiUser,
    apiKey: sim.apiKey,
    limits: { concurrency: 8, perMinute: 10_000_000, initialPerMinute: 10_000_000 },
    ...extra,
  };
}

async function sequentialReads(sim: Simulator, n: number): Promise<void> {
  const clients = { off: createClient(options(sim, { etag: false })), on: createClient(options(sim, { etag: true })) };
  const times: Record<"off" | "on", number[]> = { off: [], on: [] };
  // Warm both (connections, JIT, the first 200 that the 304s revalidate), then alternate which
  // goes first on each round: neither figure depends on the order the scenarios run in.
  for (let i = 0; i < 50; i++) for (const c of Object.values(clients)) await c.request("account.getInfo");
  for (let i = 0; i < n; i++) {
    const order = i % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
    for (const which of order) {
      const t0 = performance.now();
      await clients[which].request("account.getInfo");
      times[which].push(performance.now() - t0);
    }
  }
  await Promise.all(Object.values(clients).map((c) => c.close()));
  for (const which of ["off", "on"] as const) {
    const sorted = [...times[which]].sort((a, b) => a - b);
    const total = sorted.reduce((a, b) => a + b, 0);
    rows.push({
      scenario: `${n} sequential reads, ETag ${which === "on" ? "on (304s)" : "off"}, alternating`,
      result: `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, ${(n / (total / 1000)).toFixed(0)} req/s`,
    });
  }
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
  rows.push({
    scenario: "create 300 record sets in 3 zones (serialised per zone)",
    result: `${writeMs.toFixed(0)} ms, ${sim.requests.count("dns.modifyZone")} zone writes`,
  });

  clearCache();
  sim.requests.clear();
  const t1 = performance.now();
  await Promise.all(created.map((c) => read("DnsRecordSet", c.id, c.outs)));
  const readMs = performance.now() - t1;
  rows.push({
    scenario: "refresh 300 record sets in 3 zones",
    result: `${readMs.toFixed(0)} ms, ${sim.requests.count("dns.getZone")} zone reads`,
  });
}

async function memory(): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const sim = await startSimulator({ seed: "demo" });
  for (let z = 0; z < 20; z++) {
    const records = Array.from({ length: 1000 }, (_, i) => ({
      type: "A",
      name: `h${i}.zone${z}.example.`,
      ttl: 3600,
      records: [{ ip: `203.0.113.${(i % 250) + 1}` }],
    }));
    sim.store.zones[`zone${z}.example`] = records;
  }
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  rows.push({
    scenario: "simulator holding 20 000 records",
    result: `heap +${((after - before) / 1024 / 1024).toFixed(1)} MiB${global.gc ? "" : " (run with --expose-gc for a steadier figure)"}`,
  });
  await sim.close();
}

async function micro(): Promise<void> {
  const sim = await startSimulator({ seed: "demo" });
  try {
    await sequentialReads(sim, 2000);
    await concurrentReads(sim, 4000, 8);
    await recordSets(sim);
  } finally {
    await sim.close();
  }
  await memory();
  rows.push(...(await readCacheMemory()));
  rows.push(...(await adaptiveLimit()));
}

function argsOf(argv: readonly string[]): {
  ns: number[];
  clis: string[];
  json?: string;
  fromJson?: string;
  writeDocs: boolean;
  micro: boolean;
  quick: boolean;
} {
  const ns: number[] = [];
  const clis: string[] = [];
  let quick = false;
  let json: string | undefined;
  let fromJson: string | undefined;
  let writeDocs = false;
  let micro = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--n") {
      for (const part of (argv[++i] ?? "").split(",")) {
        const n = Number(part);
        if (!Number.isInteger(n) || n < 10) throw new Error(`--n takes whole numbers of at least 10, got "${part}"`);
        ns.push(n);
      }
    } else if (a === "--cli") {
      for (const part of (argv[++i] ?? "").split(",")) {
        if (!/^\d+\.\d+\.\d+$/.test(part)) throw new Error(`--cli takes Pulumi CLI versions such as 3.276.0, got "${part}"`);
        clis.push(part);
      }
    } else if (a === "--json") json = argv[++i];
    else if (a === "--from-json") fromJson = argv[++i];
    else if (a === "--write-docs") writeDocs = true;
    else if (a === "--no-micro") micro = false;
    else if (a === "--quick") quick = true;
    else
      throw new Error(
        `unknown option ${a} (known: --n N[,N...], --cli VERSION[,VERSION...], --json PATH, --from-json PATH, --write-docs, --no-micro, --quick)`,
      );
  }
  if (json === "" || fromJson === "") throw new Error("--json and --from-json take a file path");
  if (quick && (fromJson || ns.length > 0)) throw new Error(`--quick runs N=${QUICK_N} alone: it takes no --n or --from-json`);
  return {
    ns: quick ? [QUICK_N] : ns.length > 0 ? [...new Set(ns)].sort((a, b) => a - b) : [...FULL_NS],
    clis: [...new Set(clis)],
    json,
    fromJson,
    writeDocs,
    micro,
    quick,
  };
}

/** The N of a full run, and of a quick one. */
const FULL_NS = [100, 500, 1000, 2000] as const;
const QUICK_N = 100;

/**
 * The Pulumi CLIs `--cli` names, each from the cache `npm run pulumi-cli -- --version V` builds
 * (an error naming that command when one is not built); none named: the one the engine suite
 * finds (`PULUMI_CLI_DIR`, PATH, the cached default), the bench's default.
 */
function clisOf(versions: readonly string[]): PulumiCli[] | undefined {
  if (versions.length === 0) return undefined;
  return versions.map((version) => {
    const dir = cacheDir(version);
    if (!isCompleteBuild(dir)) throw new Error(`no Pulumi CLI ${version} is built: run npm run pulumi-cli -- --version ${version}`);
    return findPulumiCli({ dir })!;
  });
}

/** How the progress lines name each path. */
const THROUGH: Record<Path, (cli: string | undefined) => string> = {
  engine: (cli) => `the Pulumi CLI ${cli}`,
  toolkit: () => "the toolkit",
  "plugin-yaml": (cli) => `the provider plugin, a YAML program, CLI ${cli}`,
  "plugin-ts": (cli) => `the provider plugin, a TypeScript program on the SDK, CLI ${cli}`,
};

/** One run of each N: where, with which mode, CLI and parallelism, and how many previews. */
interface Step {
  where: Path;
  mode: Mode;
  parallel: number | undefined;
  cli?: PulumiCli;
  previews: number;
  skipCheckpoints?: boolean;
}

/**
 * The runs of each N. Every run passes --parallel BENCH_PARALLEL but one: the first CLI with its
 * default, for what a user gets without the flag. Naive mode runs through the first path only: its
 * figures are about calls, which the path does not change. Each further CLI runs the defaults
 * (the rows the targets read). The first CLI runs once more with `PULUMI_SKIP_CHECKPOINTS=true`,
 * for what that setting saves (README, "Large stacks"). The provider plugin runs through each CLI, a YAML program and a
 * TypeScript one on the generated SDK, with the defaults. Five previews in a row where the heap
 * target is read (the first path, defaults), at every N, so that a run stopped before the largest
 * N still has the figure. A quick run is the first path's defaults and the plugin's two programs
 * through the first CLI, one preview each.
 */
function planOf(clis: readonly PulumiCli[], quick: boolean): Step[] {
  const first = clis[0];
  const primary: Step = first
    ? { where: "engine", mode: "default", parallel: BENCH_PARALLEL, cli: first, previews: quick ? 1 : 5 }
    : { where: "toolkit", mode: "default", parallel: BENCH_PARALLEL, previews: quick ? 1 : 5 };
  const plugin = (cli: PulumiCli): Step[] =>
    (["plugin-yaml", "plugin-ts"] as const).map((where) => ({ where, mode: "default", parallel: BENCH_PARALLEL, cli, previews: 1 }));
  if (quick) return [primary, ...(first ? plugin(first) : [])];
  return [
    primary,
    ...clis.slice(1).map((cli): Step => ({ where: "engine", mode: "default", parallel: BENCH_PARALLEL, cli, previews: 1 })),
    ...clis.flatMap(plugin),
    ...(first
      ? [
          { where: "toolkit", mode: "default", parallel: BENCH_PARALLEL, previews: 1 } satisfies Step,
          { where: "engine", mode: "default", parallel: undefined, cli: first, previews: 1 } satisfies Step,
          { where: "engine", mode: "default", parallel: BENCH_PARALLEL, cli: first, previews: 1, skipCheckpoints: true } satisfies Step,
        ]
      : []),
    { ...primary, mode: "naive", previews: 1 },
  ];
}

async function main(): Promise<void> {
  const args = argsOf(process.argv.slice(2));
  if (args.fromJson) {
    const saved = JSON.parse(readFileSync(args.fromJson, "utf8")) as BenchReport;
    saved.targets = evaluateTargets(saved);
    process.stdout.write(`${printTable(saved)}\n`);
    if (args.writeDocs) writeDocs(saved);
    return;
  }
  const started = Date.now();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  // First, on a machine the stack runs have not warmed or loaded: what a program's start pays,
  // and what the provider plugin's start pays.
  const importCost = await measureImportCost();
  const imported = importTarget(importCost);
  out(`${imported.target}: ${imported.measured}: ${imported.met ? "met" : "MISSED"}`);
  // The stack runs load the installed package's SDK in this process; the plugin's client uses
  // that SDK too, never a second copy (bench/plugin-start.ts).
  const sdk = createRequire((await installedPackage()).require.resolve("@pulumi/pulumi/package.json"));
  const pluginStart = await pluginColdStart(7, sdk);
  const plugin = pluginStartTarget(pluginStart);
  out(`${plugin.target}: ${plugin.measured}: ${plugin.met ? "met" : "MISSED"}`);
  if (args.quick && args.writeDocs) writeImportSection(importCost);
  const bench = await prepareStackBench(Math.max(...args.ns), clisOf(args.clis));
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: machine(bench.clis.map((cli) => cli.version).join(", ") || undefined),
    loadAverage: os.loadavg(),
    latencyMs: LATENCY_MS,
    parallel: BENCH_PARALLEL,
    simulatorRateLimit: SIM_RATE_LIMIT,
    fixedCostSeconds: bench.fixedCost,
    importCost,
    runs: [],
    micro: [],
    targets: [],
    complete: false,
    pluginStart,
    ...(args.quick ? { quick: true } : {}),
  };
  const plan = planOf(bench.clis, args.quick);
  out(
    `--parallel ${BENCH_PARALLEL} on every run${bench.clis.length > 0 && !args.quick ? ", and once per N the CLI's default (4 x CPUs)" : ""}: a zone's record sets share a write only while they wait together, and the engine holds at most --parallel steps in flight`,
  );
  const save = () => {
    report.targets = evaluateTargets(report);
    if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
    // A quick run rewrites the import cost's section alone (above): its figures are a smoke test's.
    if (args.writeDocs && !args.quick) writeDocs(report);
  };
  try {
    for (const n of args.ns) {
      for (const step of plan) {
        out(
          `N=${n} ${step.mode} through ${THROUGH[step.where](step.cli?.version)}, ${step.parallel === undefined ? "the CLI's default --parallel" : `--parallel ${step.parallel}`}${step.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS=true" : ""}`,
        );
        report.runs.push(
          step.where === "plugin-yaml" || step.where === "plugin-ts"
            ? await bench.runPlugin(n, step.where === "plugin-yaml" ? "yaml" : "typescript", out, step.parallel, step.cli)
            : await bench.run(n, step.mode, step.where, out, step.previews, step.parallel, step.cli, step.skipCheckpoints),
        );
        save();
      }
    }
  } finally {
    await bench.close();
  }
  if (args.micro && !args.quick) {
    await micro();
    report.micro = rows;
  }
  report.complete = true;
  report.seconds = Math.round((Date.now() - started) / 1000);
  save();
  out("");
  out(printTable(report));
  if (rows.length > 0) {
    const width = Math.max(...rows.map((r) => r.scenario.length));
    out(`\nclient scenarios (node ${process.version})\n`);
    for (const r of rows) out(`${r.scenario.padEnd(width)}  ${r.result}`);
  }
  // The provider's process-wide client keeps a keep-alive pool open; the benchmark is done.
  process.exit(0);
}

void main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

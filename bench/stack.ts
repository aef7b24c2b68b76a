/**
 * The reseller stack benchmark: N resources (60 % record sets over 5 zones, the rest SSH keys,
 * FTP accounts, redirections and object-storage URLs over 3 hosting accounts) through the real
 * Pulumi CLI when one is found and through the testing toolkit, against a simulator in its own
 * process with 20 ms latency and a rate limit, with the package's default settings; and the same
 * stack in naive mode (read cache, write batching and rate adaptation off).
 *
 * Each phase (up, no-change preview, refresh, an up changing 1 %, destroy) reports its API calls
 * (the simulator's request log) and wall time. Beside them: the program process's CPU per
 * resource, the provider host's peak RSS (polled from /proc by a process of its own) and the
 * serialized shell's size in state; the heap of the program process after five consecutive
 * previews. Beside them, the same stack of N bare dynamic resources (no API behind them), through
 * the same path and CLI with the same `--parallel`: its `up`, its refresh and its program CPU are
 * what the SDK and the engine spend whatever the provider, the floor the targets read against.
 *
 * `--parallel`: the engine holds at most that many steps in flight, and a zone's record sets can
 * share a write only while they wait together (decision 0016), so the runs that the targets read
 * pass {@link BENCH_PARALLEL}; one run per N through the CLI keeps the CLI's default (4 × CPUs),
 * to show what a user gets without the flag.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { demoState } from "../packages/simulator/src/seed";
import type * as pulumi from "@pulumi/pulumi";
import type * as Resources from "../src";
import type * as Testing from "../packages/testing/src";
import type { PulumiCli } from "../packages/testing/src/cli";
import { repoPulumiCli } from "../scripts/lib/pulumi-cli";
import { installedPackage } from "../test/e2e/package";
import { preparePluginBench, type PluginBench, type PluginLanguage } from "./plugin-stack";

/** Latency the simulator adds to every request. */
export const LATENCY_MS = 20;
/** The simulator's limit: above the package's default ceiling (1200 a minute) plus its burst. */
export const SIM_RATE_LIMIT = "1500/60s";
/**
 * `pulumi up --parallel` of the runs the targets read, as docs/performance recommends for large
 * stacks: enough steps in flight for each zone's record sets to wait together in one batch.
 */
export const BENCH_PARALLEL = 64;

/**
 * The zones the stack's record sets go to, in turn, with the hosting account each belongs to.
 *
 * @example
 * ZONES[i % ZONES.length]!.domain; // the zone of record set i
 */
export const ZONES: readonly { domain: string; hostingId: number }[] = [
  { domain: "agency-demo.com", hostingId: 101 },
  { domain: "client-shop.net", hostingId: 101 },
  { domain: "xn--caf-dma.com", hostingId: 101 },
  { domain: "staging-agency.com", hostingId: 102 },
  { domain: "bench-three.com", hostingId: 103 },
];
/**
 * The hosting accounts the stack's other resources go to, in turn.
 *
 * @example
 * HOSTINGS[i % 3]!.id; // the hosting account of SSH key i
 */
export const HOSTINGS: readonly { id: number; domain: string }[] = [
  { id: 101, domain: "agency-demo.com" },
  { id: 102, domain: "staging-agency.com" },
  { id: 103, domain: "bench-three.com" },
];
const OTHER_KINDS = ["SshKey", "FtpAccount", "Redirection", "ObjectStorageUrl"] as const;

export type Mode = "default" | "naive";
/** Where a run goes: dynamic resources through the CLI or the toolkit, or the provider plugin through the CLI (a YAML program, a TypeScript program on the generated SDK). */
export type Path = "engine" | "toolkit" | "plugin-yaml" | "plugin-ts";
export type PhaseName = "up" | "preview" | "refresh" | "update1pct" | "destroy";

/** What one phase did. */
export interface PhaseResult {
  calls: number;
  byOperation: Record<string, number>;
  seconds: number;
  /** 429 answers received. */
  refused: number;
}

/** One run of the stack at one N, one mode, one path. */
export interface StackRun {
  n: number;
  mode: Mode;
  path: Path;
  /** The Pulumi CLI's version, for a run through it. */
  cli?: string;
  /** Run with `PULUMI_SKIP_CHECKPOINTS=true`: the CLI writes the state once per command, not after every step. */
  skipCheckpoints?: boolean;
  /** Steps in flight (`--parallel`); undefined for the CLI's default, 4 × CPUs. */
  parallel?: number;
  phases: Record<PhaseName, PhaseResult>;
  /**
   * Program-process CPU of `up`, in milliseconds per resource: from the moment the program starts
   * to the moment the last resource's id arrives, so that neither the CLI's start nor the
   * toolkit's reading of the state afterwards counts.
   */
  programCpuMsPerResource: number;
  /** Highest resident set size of a provider host seen during the run, in MiB. */
  providerPeakRssMiB: number;
  /** Largest serialized provider text in one resource's state, in bytes. */
  shellBytes: number;
  /**
   * Bytes of one resource's entry in the exported state (its inputs, outputs and the engine's
   * fields, as JSON), averaged over the resources of each type, after `up`.
   */
  stateBytesByType: Record<string, number>;
  /**
   * The same stack of N of the smallest dynamic resource `@pulumi/pulumi` can register (one
   * input, one provider object shared by all, no API behind it), through the same path in the same
   * run: what the SDK and the engine spend per resource whatever the provider.
   */
  floor: Floor;
  /** Heap of the program process after each of 5 consecutive no-change previews, in MiB. */
  heapMiB: number[];
  /** Distinct reads a refresh needs: the zones and the per-hosting listings the stack uses. */
  distinctReads: number;
  /** Writes no batching can merge: one per resource that is not a record set, plus one per zone. */
  writeBound: number;
}

/** The simulator in a child process, so its CPU is not the program's. */
export interface SimProcess {
  url: string;
  apiUser: string;
  apiKey: string;
  admin(method: string, route: string): Promise<unknown>;
  close(): Promise<void>;
}

function benchSeed() {
  const s = demoState();
  const three = structuredClone(s.hostings["102"]!);
  Object.assign(three, { id: 103, username: "benchthr", domain: "bench-three.com", domains: ["bench-three.com"], ip: "198.51.100.30" });
  s.hostings["103"] = three;
  s.zones["bench-three.com"] = structuredClone(s.zones["staging-agency.com"]!).map((r) => ({
    ...r,
    name: r.name.replace("staging-agency.com", "bench-three.com"),
  }));
  for (const h of Object.values(s.hostings)) {
    h.objectStorage.initialized = true;
    // One attached domain per redirection the largest stack declares.
    for (let i = 0; i < 100; i++) h.domains.push(`r${i}.h${h.id}.bench-redirect.com`);
  }
  return s;
}

/**
 * Starts the simulator in a process of its own, seeded with the bench's three hosting accounts
 * and five zones, with {@link LATENCY_MS} and {@link SIM_RATE_LIMIT}; `root` receives its seed file.
 *
 * @example
 * const sim = await startSimProcess(root); await sim.admin("DELETE", "/_sim/requests"); await sim.close();
 */
export async function startSimProcess(root: string): Promise<SimProcess> {
  const seedFile = path.join(root, "seed.json");
  writeFileSync(seedFile, JSON.stringify(benchSeed()));
  const adminToken = randomUUID();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(__dirname, "../src/cli/index.ts"),
      "sim",
      "--port",
      "0",
      "--seed",
      seedFile,
      "--latency",
      String(LATENCY_MS),
      "--rate-limit",
      SIM_RATE_LIMIT,
      "--admin-token",
      adminToken,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const text = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("admin token")) resolve(out);
    });
    child.on("exit", (code) => reject(new Error(`the simulator exited with ${code}: ${out}`)));
  });
  const value = (re: RegExp) => re.exec(text)?.[1] ?? "";
  const url = value(/listening on (\S+)/);
  const admin = async (method: string, route: string) => {
    const res = await fetch(`${url}${route}`, { method, headers: { "X-Sim-Admin-Token": adminToken } });
    return res.json();
  };
  return {
    url,
    apiUser: value(/RESELLER_API_USER=(\S+)/),
    apiKey: value(/RESELLER_API_KEY=(\S+)/),
    admin,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/**
 * The highest resident set size of a provider host, polled from /proc every 200 ms by a process
 * of its own, so that its reading of /proc is not the program process's CPU. Each `take()`
 * answers the peak since the previous one.
 */
export interface RssPoller {
  take(): Promise<number>;
  close(): void;
}

const POLLER = `
const fs = require("node:fs");
const match = JSON.parse(process.argv[1]);
const known = new Map();
let peak = 0;
setInterval(() => {
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\\d+$/.test(pid)) continue;
    try {
      let host = known.get(pid);
      if (host === undefined) {
        const cmdline = fs.readFileSync("/proc/" + pid + "/cmdline", "utf8");
        host = match.some((m) => cmdline.includes(m));
        known.set(pid, host);
      }
      if (!host) continue;
      const rss = /VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync("/proc/" + pid + "/status", "utf8"));
      if (rss) peak = Math.max(peak, Number(rss[1]) / 1024);
    } catch {
      known.delete(pid);
    }
  }
}, 200);
process.stdin.on("data", () => { process.stdout.write(peak + "\\n"); peak = 0; });
`;

/**
 * Starts a {@link RssPoller} of the processes whose command line contains one of `match`: by
 * default the dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`); the provider
 * plugin's bench passes the directory its plugin is installed in.
 *
 * @example
 * const rss = startRssPoller(); await rss.take(); await stack.up(); const peakMiB = await rss.take(); rss.close();
 */
export function startRssPoller(match: readonly string[] = ["dynamic-provider"]): RssPoller {
  const child = spawn(process.execPath, ["-e", POLLER, JSON.stringify(match)], { stdio: ["pipe", "pipe", "inherit"] });
  let pending: ((peak: number) => void) | undefined;
  child.stdout!.on("data", (d: Buffer) => {
    const answer = pending;
    pending = undefined;
    answer?.(Number(d.toString().trim()));
  });
  return {
    take: () =>
      new Promise<number>((resolve) => {
        pending = resolve;
        child.stdin!.write("\n");
      }),
    close: () => {
      child.kill("SIGTERM");
    },
  };
}

/**
 * `count` fresh ed25519 public keys in OpenSSH form, commented `bench-<i>@example.org`: the
 * stack's SSH keys, generated once per bench so that every path declares the same keys.
 *
 * @example
 * const keys = sshKeys(stackShape(1000).others.SshKey);
 */
export function sshKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const raw = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" }).subarray(-32);
    const str = (b: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(b.length);
      return Buffer.concat([len, b]);
    };
    const blob = Buffer.concat([str(Buffer.from("ssh-ed25519")), str(raw)]);
    return `ssh-ed25519 ${blob.toString("base64")} bench-${i}@example.org`;
  });
}

/** How the stack of `n` resources is made up. */
export function stackShape(n: number): {
  recordSets: number;
  others: Record<(typeof OTHER_KINDS)[number], number>;
  distinctReads: number;
  writeBound: number;
} {
  const recordSets = Math.round(n * 0.6);
  const rest = n - recordSets;
  const others = Object.fromEntries(OTHER_KINDS.map((k, j) => [k, Math.floor(rest / 4) + (j < rest % 4 ? 1 : 0)])) as Record<
    (typeof OTHER_KINDS)[number],
    number
  >;
  const hostingsUsed = (count: number) => Math.min(count, HOSTINGS.length);
  const zones = Math.min(recordSets, ZONES.length);
  const listings = OTHER_KINDS.reduce((sum, k) => sum + hostingsUsed(others[k]), 0);
  return { recordSets, others, distinctReads: zones + listings, writeBound: zones + rest };
}

/** The 1 % change: every hundredth record set gets another address. */
export const CHANGED_EVERY = 100;

/** One resource of the stack as a program declares it. */
export interface Declaration {
  name: string;
  type: "DnsRecordSet" | "SshKey" | "FtpAccount" | "Redirection" | "ObjectStorageUrl";
  inputs: Record<string, string | number | string[]>;
}

/**
 * The stack of `n` resources, each with its logical name and inputs, as every path declares it
 * (the dynamic program here, the plugin's programs in bench/plugin-stack.ts); `changed` is the
 * 1 % change.
 *
 * @example
 * declarations(100, keys, false)[0]; // { name: "rs-0", type: "DnsRecordSet", inputs: { domain: "agency-demo.com", ... } }
 */
export function declarations(n: number, keys: readonly string[], changed: boolean): Declaration[] {
  const shape = stackShape(n);
  const out: Declaration[] = [];
  for (let i = 0; i < shape.recordSets; i++) {
    const zone = ZONES[i % ZONES.length]!;
    const moved = changed && i % CHANGED_EVERY === 0;
    out.push({
      name: `rs-${i}`,
      type: "DnsRecordSet",
      inputs: {
        domain: zone.domain,
        name: `h${i}`,
        type: "A",
        ttl: 3600,
        hostingId: zone.hostingId,
        records: [`198.51.${moved ? 101 : 100}.${(i % 250) + 1}`],
      },
    });
  }
  for (let i = 0; i < shape.others.SshKey; i++)
    out.push({
      name: `key-${i}`,
      type: "SshKey",
      inputs: { hostingId: HOSTINGS[i % 3]!.id, publicKey: keys[i]!, comment: `bench-${i}@example.org` },
    });
  for (let i = 0; i < shape.others.FtpAccount; i++) {
    const h = HOSTINGS[i % 3]!;
    out.push({
      name: `ftp-${i}`,
      type: "FtpAccount",
      inputs: { hostingId: h.id, domain: h.domain, user: `u${i}`, path: "/public_html", password: `Bench-Pass-2026-${i}!` },
    });
  }
  for (let i = 0; i < shape.others.Redirection; i++) {
    const h = HOSTINGS[i % 3]!;
    out.push({
      name: `redir-${i}`,
      type: "Redirection",
      inputs: { hostingId: h.id, domain: `r${Math.floor(i / 3)}.h${h.id}.bench-redirect.com`, destinationUrl: `https://example.org/${i}` },
    });
  }
  for (let i = 0; i < shape.others.ObjectStorageUrl; i++)
    out.push({ name: `url-${i}`, type: "ObjectStorageUrl", inputs: { hostingId: HOSTINGS[i % 3]!.id, uri: `assets-${i}` } });
  return out;
}

/** The program process's CPU from the program's start to the last resource's id, of the latest run. */
interface ProgramCpu {
  start?: NodeJS.CpuUsage;
  used?: NodeJS.CpuUsage;
}

function program(
  R: typeof Resources,
  P: typeof pulumi,
  n: number,
  keys: readonly string[],
  changed: boolean,
  cpu: ProgramCpu = {},
): () => void {
  return () => {
    cpu.start = process.cpuUsage();
    cpu.used = undefined;
    const ids = declarations(n, keys, changed).map((d) => {
      const Resource = R[d.type] as unknown as new (name: string, args: Declaration["inputs"]) => pulumi.CustomResource;
      return new Resource(d.name, d.inputs).id;
    });
    // The ids arrive as the engine answers each registration: the last one ends the program's
    // work of an `up` (a preview's ids stay unknown, and this never runs).
    P.all(ids).apply(() => {
      if (cpu.start) cpu.used = process.cpuUsage(cpu.start);
    });
  };
}

/**
 * The floor program: N of the smallest dynamic resource (one input, a provider object shared by
 * all, so the SDK serializes it once), with the CPU measured as {@link program} measures it.
 */
function floorProgram(P: typeof pulumi, n: number, cpu: ProgramCpu): () => void {
  const provider: pulumi.dynamic.ResourceProvider = {
    create: async (inputs: { value: string }) => ({ id: inputs.value, outs: inputs }),
  };
  return () => {
    cpu.start = process.cpuUsage();
    cpu.used = undefined;
    class Bare extends P.dynamic.Resource {}
    const ids = Array.from({ length: n }, (_, i) => new Bare(provider, `floor-${i}`, { value: `floor-${i}` }).id);
    P.all(ids).apply(() => {
      if (cpu.start) cpu.used = process.cpuUsage(cpu.start);
    });
  };
}

/** What a stack of N bare dynamic resources costs: the SDK's and the engine's own share. */
export interface Floor {
  /** Program-process CPU of its `up` per resource, measured as {@link StackRun.programCpuMsPerResource}. */
  cpuMsPerResource: number;
  /**
   * Wall time of its `up` (the engine's steps and checkpoints, the host's start; no API call);
   * absent from reports saved before it was measured.
   */
  upSeconds?: number;
  /** Wall time of its `refresh` (the host's start and the engine's own work; no API call). */
  refreshSeconds: number;
}

/** Stack config of a mode: the defaults, or naive (cache, batching and adaptation off). */
function configOf(sim: SimProcess, mode: Mode): Testing.StackConfig {
  return {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": { secret: sim.apiKey },
    ...(mode === "naive"
      ? {
          "reseller:readCacheTtlSeconds": "0",
          "reseller:writeBatchSize": "1",
          // A fixed rate at the default ceiling: no adaptation, and no slower start either.
          "reseller:initialRequestsPerMinute": "1200",
          "reseller:requestsPerMinute": "1200",
        }
      : {}),
  };
}

function heapMiB(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Where one stack run happens: the installed package and a simulator. */
export interface StackBench {
  /** The Pulumi CLIs the engine path runs through, the first the default; empty runs the toolkit alone. */
  clis: readonly PulumiCli[];
  /** Wall time of refreshing a one-record-set stack (engine and provider host start, one read), per path. */
  fixedCost: Partial<Record<Path, number>>;
  /**
   * One run; `previews` no-change previews in a row (the heap figure needs 5); `parallel` steps
   * in flight, or the CLI's default when undefined; `cli` the CLI of an engine run (the first of
   * {@link clis} when undefined); `skipCheckpoints` runs the CLI with `PULUMI_SKIP_CHECKPOINTS=true`
   * (the state written once, at the end of each command), its floor too.
   */
  run(
    n: number,
    mode: Mode,
    where: Path,
    log: (line: string) => void,
    previews?: number,
    parallel?: number,
    cli?: PulumiCli,
    skipCheckpoints?: boolean,
  ): Promise<StackRun>;
  /**
   * One run through the provider plugin (bench/plugin-stack.ts) in `language`, through `cli`
   * (the first of {@link clis} when undefined), read against the bare dynamic resources of the
   * same CLI, N and `parallel` (measured here first if no dynamic run measured them).
   */
  runPlugin(n: number, language: PluginLanguage, log: (line: string) => void, parallel?: number, cli?: PulumiCli): Promise<StackRun>;
  close(): Promise<void>;
}

/**
 * Prepares the installed package (build, pack, install, as the engine suite does) and the
 * simulator process. `clis` are the Pulumi CLIs of the engine path (default: the one found, as
 * the engine suite finds it).
 *
 * @example
 * const bench = await prepareStackBench(1000); const run = await bench.run(100, "default", "toolkit", console.log);
 */
export async function prepareStackBench(maxN: number, clis?: readonly PulumiCli[]): Promise<StackBench> {
  const pkg = await installedPackage();
  const R = pkg.require("pulumi-hosting-reseller") as typeof Resources;
  const T = pkg.require("pulumi-hosting-reseller/testing") as typeof Testing;
  const P = pkg.require("@pulumi/pulumi") as typeof pulumi;
  const found = repoPulumiCli();
  const engineClis = clis ?? (found ? [found] : []);
  const root = path.join(pkg.dir, "bench", randomUUID().slice(0, 8));
  mkdirSync(root, { recursive: true });
  const sim = await startSimProcess(root);
  const rss = startRssPoller();
  const keys = sshKeys(stackShape(maxN).others.SshKey);
  const fixedCost: Partial<Record<Path, number>> = {};
  const floors = new Map<string, Floor>();
  /** The provider plugin's runs, by CLI version, prepared on the first. */
  const plugins = new Map<string, PluginBench>();

  const open = async (where: Path, mode: Mode, prog: () => void, parallel: number | undefined, cli: PulumiCli | undefined) =>
    T.createTestStack({
      program: prog,
      workDir: root,
      stack: `s${randomUUID().slice(0, 8)}`,
      config: configOf(sim, mode),
      engine: where === "engine" ? "cli" : "double",
      ...(parallel === undefined ? {} : { parallel }),
      ...(where === "engine" && cli ? { pulumiCli: cli.dir } : {}),
      ...(where === "toolkit" ? { hostPerOperation: true } : {}),
    });

  const phase = (op: () => Promise<unknown>) => measurePhase(sim, op);

  async function measureFixedCost(where: Path): Promise<number> {
    const stack = await open(
      where,
      "default",
      () => {
        new R.DnsRecordSet("probe", { domain: "bench-three.com", name: "probe", type: "A", records: ["198.51.100.1"], hostingId: 103 });
      },
      undefined,
      engineClis[0],
    );
    try {
      await stack.up();
      const t0 = performance.now();
      await stack.refresh();
      const seconds = (performance.now() - t0) / 1000 - LATENCY_MS / 1000;
      await stack.destroy();
      return seconds;
    } finally {
      await stack.close();
    }
  }

  /**
   * The floor of a run: measured once per path, CLI, N, parallelism and checkpoint setting (the
   * CLI reads `PULUMI_SKIP_CHECKPOINTS` from this process's environment, as the run sets it).
   */
  async function floorOf(n: number, where: Path, parallel: number | undefined, cli: PulumiCli | undefined): Promise<Floor> {
    const key = `${where} ${cli?.version ?? ""} ${n} ${parallel ?? "default"}${process.env.PULUMI_SKIP_CHECKPOINTS ? " skip" : ""}`;
    if (!floors.has(key)) floors.set(key, await measureFloor(n, where, parallel, cli));
    return floors.get(key)!;
  }

  /** What N bare dynamic resources cost through `where` and `cli` (see {@link floorProgram}). */
  async function measureFloor(n: number, where: Path, parallel: number | undefined, cli: PulumiCli | undefined): Promise<Floor> {
    const cpu: ProgramCpu = {};
    const stack = await open(where, "default", floorProgram(P, n, cpu), parallel, cli);
    try {
      const t0 = performance.now();
      await stack.up();
      const upSeconds = (performance.now() - t0) / 1000;
      const used = cpu.used;
      if (!used) throw new Error(`the floor stack's up at N=${n} ended without every resource's id reaching the program`);
      const t1 = performance.now();
      await stack.refresh();
      const refreshSeconds = (performance.now() - t1) / 1000;
      await stack.destroy();
      return { cpuMsPerResource: (used.user + used.system) / 1000 / n, upSeconds, refreshSeconds };
    } finally {
      await stack.close();
    }
  }

  return {
    clis: engineClis,
    fixedCost,
    async run(n, mode, where, log, previews = 1, parallel, cli, skipCheckpoints = false) {
      // A directory program's process runs in its directory, which the package is installed
      // under: the shell is serialized as users' programs serialize it only from there
      // (src/provider/program/shell.ts), so the bench's programs run from the stacks' directory.
      const cwd = process.cwd();
      process.chdir(root);
      // The Automation API starts the CLI with this process's environment.
      if (skipCheckpoints) process.env.PULUMI_SKIP_CHECKPOINTS = "true";
      try {
        const run = await runAt(n, mode, where, log, previews, parallel, where === "engine" ? (cli ?? engineClis[0]) : undefined);
        return skipCheckpoints ? { ...run, skipCheckpoints: true } : run;
      } finally {
        delete process.env.PULUMI_SKIP_CHECKPOINTS;
        process.chdir(cwd);
      }
    },
    async runPlugin(n, language, log, parallel, cli) {
      const through = cli ?? engineClis[0];
      if (!through) throw new Error("the provider plugin runs through the Pulumi CLI, and none was found");
      const floor = await floorOf(n, "engine", parallel, through);
      let bench = plugins.get(through.version);
      if (!bench) {
        bench = await preparePluginBench({ cli: through, sim, keys, root: path.join(root, `plugin-${through.version}`) });
        plugins.set(through.version, bench);
      }
      return bench.run(n, language, log, { ...(parallel === undefined ? {} : { parallel }), floor });
    },
    async close() {
      for (const bench of plugins.values()) await bench.close();
      rss.close();
      await sim.close();
    },
  };

  async function runAt(
    n: number,
    mode: Mode,
    where: Path,
    log: (line: string) => void,
    previews: number,
    parallel: number | undefined,
    cli: PulumiCli | undefined,
  ): Promise<StackRun> {
    fixedCost[where] ??= await measureFixedCost(where);
    const shape = stackShape(n);
    const programCpu: ProgramCpu = {};
    const stack = await open(where, mode, program(R, P, n, keys, false, programCpu), parallel, cli);
    await rss.take();
    try {
      const up = await phase(() => stack.up());
      const cpu = programCpu.used;
      if (!cpu) throw new Error(`the up at N=${n} ended without every resource's id reaching the program`);
      const floor = await floorOf(n, where, parallel, cli);
      log(
        `    up           ${up.calls} calls, ${up.seconds.toFixed(1)} s (bare resources: ${floor.upSeconds!.toFixed(1)} s), program CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms/resource (bare resources: ${floor.cpuMsPerResource.toFixed(2)})`,
      );
      const shellBytes = Math.max(
        ...stack.state.resources.map((r) => {
          const text =
            (r.outputs as Record<string, unknown> | undefined)?.__provider ?? (r.inputs as Record<string, unknown> | undefined)?.__provider;
          return typeof text === "string" ? Buffer.byteLength(text) : 0;
        }),
      );
      const stateBytesByType = stateBytesPerResource(stack.state.resources);
      log(
        `    state        ${Object.entries(stateBytesByType)
          .map(([type, bytes]) => `${type} ${bytes}`)
          .join(", ")} bytes/resource`,
      );
      const heapMiBs: number[] = [];
      let preview: PhaseResult | undefined;
      // Five consecutive no-change previews: the first is the phase's figure; the heap after
      // each shows whether the program process keeps what a run built.
      for (let i = 0; i < previews; i++) {
        const p = await phase(() => stack.preview());
        preview ??= p;
        heapMiBs.push(heapMiB());
      }
      log(`    preview      ${preview!.calls} calls, ${preview!.seconds.toFixed(1)} s`);
      const refresh = await phase(() => stack.refresh());
      log(
        `    refresh      ${refresh.calls} calls, ${refresh.seconds.toFixed(1)} s (bare resources: ${floor.refreshSeconds.toFixed(1)} s)`,
      );
      stack.setProgram(program(R, P, n, keys, true));
      const update1pct = await phase(() => stack.up());
      log(`    up (1 %)     ${update1pct.calls} calls, ${update1pct.seconds.toFixed(1)} s`);
      const destroy = await phase(() => stack.destroy());
      log(`    destroy      ${destroy.calls} calls, ${destroy.seconds.toFixed(1)} s`);
      return {
        n,
        mode,
        path: where,
        ...(cli ? { cli: cli.version } : {}),
        ...(parallel === undefined ? {} : { parallel }),
        phases: { up, preview: preview!, refresh, update1pct, destroy },
        programCpuMsPerResource: (cpu.user + cpu.system) / 1000 / n,
        floor,
        providerPeakRssMiB: await rss.take(),
        shellBytes,
        stateBytesByType,
        heapMiB: heapMiBs,
        distinctReads: shape.distinctReads,
        writeBound: shape.writeBound,
      };
    } finally {
      await stack.close();
    }
  }
}

/**
 * One phase: its wall time and the API calls the simulator received during it (its request log,
 * emptied first), by operation.
 *
 * @example
 * const up = await measurePhase(sim, () => stack.up());
 */
export async function measurePhase(sim: SimProcess, op: () => Promise<unknown>): Promise<PhaseResult> {
  await sim.admin("DELETE", "/_sim/requests");
  const t0 = performance.now();
  await op();
  const seconds = (performance.now() - t0) / 1000;
  const { requests } = (await sim.admin("GET", "/_sim/requests")) as { requests: { id: string; status: number }[] };
  const byOperation: Record<string, number> = {};
  for (const r of requests) byOperation[r.id] = (byOperation[r.id] ?? 0) + 1;
  return { calls: requests.length, byOperation, seconds, refused: requests.filter((r) => r.status === 429).length };
}

/**
 * Mean bytes of one resource's state entry per resource type (the part after `reseller:`, or the
 * whole type for the engine's own resources), from the stack's exported state.
 *
 * @example
 * stateBytesPerResource(stack.state.resources); // { DnsRecordSet: 812, SshKey: 790, ... }
 */
export function stateBytesPerResource(resources: readonly { type: string }[]): Record<string, number> {
  const sums = new Map<string, { bytes: number; count: number }>();
  for (const resource of resources) {
    const type = resource.type.replace(/^.*reseller:/, "");
    const sum = sums.get(type) ?? { bytes: 0, count: 0 };
    sum.bytes += Buffer.byteLength(JSON.stringify(resource));
    sum.count += 1;
    sums.set(type, sum);
  }
  return Object.fromEntries(
    [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([type, { bytes, count }]) => [type, Math.round(bytes / count)]),
  );
}

/** The machine a run is on. */
export function machine(cliVersion: string | undefined): { cpu: string; cores: number; node: string; pulumiCli: string; os: string } {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.cpus().length,
    node: process.version,
    pulumiCli: cliVersion ?? "none found (toolkit only)",
    os: `${os.type()} ${os.release()}`,
  };
}

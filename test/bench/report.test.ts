/**
 * What `npm run bench` reads from a run's figures (bench/report.ts): the targets against the floor
 * measured in the same run, the plugin's against the same floor, and the growth exponents. The
 * figures here are made up so that each target lands on one side of its limit.
 */
import { describe, expect, it } from "vitest";

import { evaluateTargets, growth, printTable, type BenchReport } from "../../bench/report";
import type { PhaseName, PhaseResult, StackRun } from "../../bench/stack";

function phase(seconds: number, calls = 0): PhaseResult {
  return { calls, byOperation: {}, seconds, refused: 0 };
}

function run(overrides: Partial<StackRun> & Pick<StackRun, "n" | "path">, seconds: Partial<Record<PhaseName, number>> = {}): StackRun {
  return {
    mode: "default",
    parallel: 64,
    cli: "3.248.0",
    phases: {
      up: phase(seconds.up ?? 10, 500),
      preview: phase(1),
      refresh: phase(seconds.refresh ?? 2, 17),
      update1pct: phase(1, 2),
      destroy: phase(5, 500),
    },
    programCpuMsPerResource: 5,
    floor: { cpuMsPerResource: 4.5, upSeconds: 10, refreshSeconds: 2 },
    providerPeakRssMiB: 200,
    shellBytes: 300,
    stateBytesByType: {},
    heapMiB: [100, 100, 100, 100, 100],
    distinctReads: 17,
    writeBound: 450,
    ...overrides,
  };
}

function report(runs: StackRun[]): BenchReport {
  return {
    date: "2026-12-07T00:00:00.000Z",
    machine: { cpu: "test", cores: 2, node: "v20", pulumiCli: "3.248.0", os: "test" },
    latencyMs: 20,
    parallel: 64,
    simulatorRateLimit: "1500/60s",
    fixedCostSeconds: {},
    runs,
    micro: [],
    targets: [],
    complete: true,
  };
}

function verdicts(r: BenchReport): Record<string, boolean> {
  return Object.fromEntries(evaluateTargets(r).map((t) => [t.target, t.met]));
}

describe("the bench's targets against the floor", () => {
  it("reads up and refresh as ratios of the bare resources' and CPU as an addition, per CLI", () => {
    const targets = verdicts(
      report([
        run({ n: 1000, path: "engine" }, { up: 13, refresh: 2.7 }),
        run({ n: 1000, path: "engine", cli: "3.276.0", programCpuMsPerResource: 5.6 }, { up: 13.1, refresh: 2.5 }),
      ]),
    );
    expect(targets["up at N=1000 (Pulumi CLI 3.248.0) <= 1.3 x bare dynamic resources' up"]).toBe(true);
    expect(targets["refresh at N=1000 (Pulumi CLI 3.248.0) <= 1.3 x bare dynamic resources' refresh"]).toBe(false);
    expect(targets["program CPU per resource at N=1000 (Pulumi CLI 3.248.0) <= bare dynamic resources' + 1 ms"]).toBe(true);
    expect(targets["up at N=1000 (Pulumi CLI 3.276.0) <= 1.3 x bare dynamic resources' up"]).toBe(false);
    expect(targets["refresh at N=1000 (Pulumi CLI 3.276.0) <= 1.3 x bare dynamic resources' refresh"]).toBe(true);
    expect(targets["program CPU per resource at N=1000 (Pulumi CLI 3.276.0) <= bare dynamic resources' + 1 ms"]).toBe(false);
  });

  it("holds the plugin to the bare dynamic resources of the same CLI and N", () => {
    const r = report([
      run({ n: 1000, path: "engine", floor: { cpuMsPerResource: 4, upSeconds: 20, refreshSeconds: 3 } }),
      run({ n: 1000, path: "plugin-yaml" }, { up: 19, refresh: 3.1 }),
    ]);
    const targets = verdicts(r);
    expect(targets["up at N=1000 (plugin, YAML, CLI 3.248.0) <= bare dynamic resources' up"]).toBe(true);
    expect(targets["refresh at N=1000 (plugin, YAML, CLI 3.248.0) <= bare dynamic resources' refresh"]).toBe(false);
    expect(evaluateTargets(r).find((t) => t.target.startsWith("refresh at N=1000 (plugin"))?.measured).toBe("3.10 s against 3.00 s: 1.03x");
  });

  it("has no stack target in a quick run", () => {
    expect(evaluateTargets({ ...report([run({ n: 100, path: "engine" })]), quick: true })).toEqual([]);
  });
});

describe("the growth exponents", () => {
  it("fits seconds ~ N^k between 500 and 2000 per kind of run, and prints them", () => {
    const r = report([
      run({ n: 100, path: "engine" }, { up: 1, refresh: 1 }),
      run({ n: 500, path: "engine" }, { up: 25, refresh: 5 }),
      run({ n: 1000, path: "engine" }, { up: 100, refresh: 10 }),
      run({ n: 2000, path: "engine" }, { up: 400, refresh: 20 }),
      run({ n: 1000, path: "toolkit" }, { up: 10, refresh: 1 }),
    ]);
    const fits = growth(r);
    expect(fits).toHaveLength(1);
    expect(fits[0]!.ns).toEqual([500, 1000, 2000]);
    expect(fits[0]!.up).toBeCloseTo(2, 6);
    expect(fits[0]!.refresh).toBeCloseTo(1, 6);
    expect(printTable(r)).toContain("| Pulumi CLI 3.248.0, default, --parallel 64 | 500, 1000, 2000 | 2.00 | 1.00 |");
  });
});

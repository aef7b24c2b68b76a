/**
 * What `require("pulumi-hosting-reseller")` costs a program on top of `@pulumi/pulumi`, which
 * every program loads first: fresh Node processes that require `@pulumi/pulumi` and then the
 * built package (`dist/index.js`, rebuilt first when older than `src/`), each timing both
 * requires from inside; the figures are medians over the processes. The package's share is timed
 * in the process that loads it rather than as a difference of two processes' wall times, which
 * the SDK's own load time (over a second, varying by a tenth run to run) would drown.
 *
 * `node --import tsx bench/import-cost.ts` prints it on its own; `npm run bench -- --quick`
 * runs this alone.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { builtCli, repositoryRoot } from "../test/e2e/package";
import { runWhenMain, type BenchRow } from "./rows";

const run = promisify(execFile);

/** The target of issue 25: what the package adds to a program's start. */
export const IMPORT_TARGET_MS = 50;

/** The processes measured; odd, so that the median is one of them. */
export const IMPORT_RUNS = 9;

/** One run of the import measurement. */
export interface ImportCost {
  /** When it was measured (ISO 8601). */
  date: string;
  runs: number;
  /** Median time of `require("@pulumi/pulumi")`, first thing in the process. */
  pulumiMs: number;
  /** Median time of `require` of the package right after it. */
  packageMs: number;
  /** Each process's package time, in the order they ran. */
  packageSamples: number[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Measures the import cost of the built package.
 *
 * @example
 * const cost = await measureImportCost();
 * console.log(`${cost.packageMs.toFixed(1)} ms on top of @pulumi/pulumi`);
 */
export async function measureImportCost(runs = IMPORT_RUNS): Promise<ImportCost> {
  // Builds dist/ when it is missing or older than src/, under the lock the end-to-end tests share.
  await builtCli();
  const script = `
    const { performance } = require("node:perf_hooks");
    const t0 = performance.now();
    require("@pulumi/pulumi");
    const t1 = performance.now();
    require(${JSON.stringify(path.join(repositoryRoot, "dist", "index.js"))});
    const t2 = performance.now();
    process.stdout.write(JSON.stringify([t1 - t0, t2 - t1]));`;
  const pulumi: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: repositoryRoot });
    const [p, o] = JSON.parse(stdout) as [number, number];
    pulumi.push(p);
    own.push(o);
  }
  return { date: new Date().toISOString(), runs, pulumiMs: median(pulumi), packageMs: median(own), packageSamples: own };
}

/**
 * The figure as a row of the client scenarios' table.
 *
 * @example
 * rows.push(importCostRow(await measureImportCost()));
 */
export function importCostRow(cost: ImportCost): BenchRow {
  return {
    scenario: `require("pulumi-hosting-reseller") after @pulumi/pulumi, median of ${cost.runs} fresh processes`,
    result: `${cost.packageMs.toFixed(1)} ms (target < ${IMPORT_TARGET_MS} ms; @pulumi/pulumi itself ${cost.pulumiMs.toFixed(0)} ms)`,
  };
}

runWhenMain(module, async () => [importCostRow(await measureImportCost())]);

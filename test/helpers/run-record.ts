/**
 * A vitest reporter that records how long a run of the whole suite took, and on what machine,
 * into `.tmp/test-run.json` (the shape is `scripts/lib/run-record.ts`); `npm run test:record`
 * turns the record into the figure the README gives for `npm test` (docs/development.md).
 *
 * Only a run of the whole suite is recorded: the config it is given (`vitest.config.mts`, the
 * one `npm test` runs), every test file that config includes, no `-t`, `--shard` or tags filter,
 * not in watch mode. A run of some files, of `npm run test:unit` or `npm run test:engine`, writes
 * nothing and leaves the last record in place. A whole run that fails or is interrupted is
 * recorded all the same, so that `npm run test:record` can say why it refuses it.
 *
 * @example
 * // vitest.config.mts: vitest constructs the default export, with the options if given
 * export default defineConfig({ test: { reporters: ["default", "./test/helpers/run-record.ts"] } });
 * // or ["./test/helpers/run-record.ts", { output: ".tmp/other.json" }]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import * as path from "node:path";
import type { SerializedError } from "vitest";
import type { Reporter, TestModule, TestRunEndReason, TestSpecification, Vitest } from "vitest/node";

import type { RunRecord } from "../../scripts/lib/run-record";

/** Where the record goes and what counts as the whole suite; paths are relative to vitest's root. */
export interface RunRecorderOptions {
  /** The config file whose runs are recorded. Default `vitest.config.mts`. */
  config?: string;
  /** Default `.tmp/test-run.json`. */
  output?: string;
  /** The folder of the engine suite, whose tests pass only with a Pulumi CLI. Default `test/engine`. */
  engineDir?: string;
}

/** The commit of the checkout holding `dir`, or null when there is none (an unpacked tarball). */
function gitHead(dir: string): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** Passed, failed and skipped counts of the tests of `modules`. */
function tally(modules: readonly TestModule[]): { tests: number; passed: number; failed: number; skipped: number } {
  const out = { tests: 0, passed: 0, failed: 0, skipped: 0 };
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      out.tests += 1;
      if (state === "passed") out.passed += 1;
      else if (state === "failed") out.failed += 1;
      else out.skipped += 1;
    }
  }
  return out;
}

/** See the file comment. */
export default class RunRecorder implements Reporter {
  private vitest: Vitest | undefined;
  private started = 0;
  private loadAverageStart = 0;
  private whole = false;

  constructor(private readonly options: RunRecorderOptions = {}) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    this.started = performance.now();
    this.loadAverageStart = loadavg()[0]!;
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>): Promise<void> {
    const vitest = this.vitest!;
    const config = vitest.config;
    const recorded = path.resolve(config.root, this.options.config ?? "vitest.config.mts");
    // The files a run without filters would have: a run given file names, --changed or
    // --related has fewer.
    const all = await vitest.globTestSpecifications();
    const chosen = new Set(specifications.map((s) => s.moduleId));
    this.whole =
      vitest.vite.config.configFile === recorded &&
      !config.watch &&
      config.testNamePattern === undefined &&
      config.shard === undefined &&
      (config.tagsFilter?.length ?? 0) === 0 &&
      all.length === chosen.size &&
      all.every((s) => chosen.has(s.moduleId));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    if (!this.whole) return;
    const vitest = this.vitest!;
    const root = vitest.config.root;
    const engineDir = path.resolve(root, this.options.engineDir ?? "test/engine") + path.sep;
    const engine = tally(modules.filter((m) => m.moduleId.startsWith(engineDir)));
    // Provided by test/engine/setup.ts; absent from a config without that global setup.
    const cli = (vitest.getRootProject().getProvidedContext() as { pulumiCli?: { version: string } | null }).pulumiCli;
    const processors = cpus();
    const record: RunRecord = {
      date: new Date().toISOString(),
      commit: gitHead(root),
      durationSeconds: Math.round((performance.now() - this.started) / 100) / 10,
      reason,
      files: modules.length,
      failedFiles: modules.filter((m) => m.state() === "failed").length,
      ...tally(modules),
      unhandledErrors: unhandledErrors.length,
      workers: vitest.config.maxWorkers ?? null,
      engineSuite: { cliVersion: cli?.version ?? null, passed: engine.passed, skipped: engine.skipped },
      machine: {
        cpus: processors.length,
        cpuModel: processors[0]?.model.trim() ?? "unknown",
        loadAverageStart: this.loadAverageStart,
        loadAverageEnd: loadavg()[0]!,
        node: process.version,
      },
    };
    const output = path.resolve(root, this.options.output ?? ".tmp/test-run.json");
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, `${JSON.stringify(record, null, 2)}\n`);
  }
}

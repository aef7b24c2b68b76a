/**
 * The figure the README gives for `npm test` comes from a run: the reporter of
 * `test/helpers/run-record.ts` records a whole run of a small suite of its own (vitest in a
 * subprocess, with a passing file, a skipped test and an engine folder), writes nothing for a run
 * of some files or of another config, and records a failed run that `npm run test:record`
 * (`scripts/test-run.ts`) then refuses; the README's sentence is rendered from such records.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatDuration, parseRunRecord, refusal, runSentence, type RunRecord } from "../../scripts/lib/run-record";
import { recordRun } from "../../scripts/test-run";
import { runInnerVitest } from "../helpers/inner-vitest";
import { STEP_TIMEOUT } from "../helpers/time";

const root = path.resolve(__dirname, "../..");
// Under the repository, so that the inner runs resolve `vitest` and `zod` from its node_modules.
const dir = path.join(root, ".tmp", `run-record-test-${process.pid}`);
const recordFile = path.join(dir, ".tmp/test-run.json");

const config = `export default {
  test: {
    include: ["**/*.test.ts"],
    reporters: ["default", ${JSON.stringify(path.join(root, "test/helpers/run-record.ts"))}],
    globalSetup: ["./cli-setup.ts"],
  },
};
`;

const innerFiles: Record<string, string> = {
  "vitest.config.mts": config,
  // Another config, as `npm run test:unit` is: its runs are not the whole suite.
  "vitest.other.config.mts": config,
  // What test/engine/setup.ts provides when it finds a Pulumi CLI.
  "cli-setup.ts": `export default (project: any) => project.provide("pulumiCli", { version: "3.248.0" });\n`,
  "unit.test.ts": `import { it } from "vitest";
it("passes", () => {});
it("passes too", () => {});
it.skip("is skipped", () => {});
it("fails when asked to", () => {
  if (process.env.RUN_RECORD_FAIL === "1") throw new Error("asked to fail");
});
`,
  "test/engine/engine.test.ts": `import { it } from "vitest";
it("passes", () => {});
it.skip("is skipped", () => {});
`,
};

/** A vitest run of the inner suite with `args`. */
function runInner(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return runInnerVitest(dir, args, extraEnv);
}

const readRecord = () => parseRunRecord(JSON.parse(readFileSync(recordFile, "utf8")));

beforeAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(innerFiles)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the record of a run of the whole suite", () => {
  it(
    "counts files, tests and the engine suite, times the run and names the machine and commit, and is copied as the measurement",
    async () => {
      rmSync(recordFile, { force: true });
      const before = Date.now();
      const { code, output } = await runInner(["--config", path.join(dir, "vitest.config.mts")]);
      const after = Date.now();
      expect(code, output).toBe(0);
      expect(existsSync(recordFile), output).toBe(true);
      const record = readRecord();

      expect(record).toMatchObject({
        reason: "passed",
        files: 2,
        failedFiles: 0,
        tests: 6,
        passed: 4,
        failed: 0,
        skipped: 2,
        unhandledErrors: 0,
        engineSuite: { cliVersion: "3.248.0", passed: 1, skipped: 1 },
        machine: { cpus: cpus().length, node: process.version },
      });
      expect(record.commit).toBe(execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim());
      expect(record.durationSeconds).toBeGreaterThan(0);
      expect(record.durationSeconds).toBeLessThanOrEqual((after - before) / 1000);
      expect(Date.parse(record.date)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(record.date)).toBeLessThanOrEqual(after);
      expect(record.machine.cpuModel).toBe(cpus()[0]!.model.trim());

      expect(refusal(record)).toBeUndefined();
      const destination = path.join(dir, "measurements/npm-test.json");
      expect(recordRun(recordFile, destination)).toContain("6 tests");
      expect(JSON.parse(readFileSync(destination, "utf8"))).toEqual(record);
      expect(runSentence(record)).toContain("with the engine suite (6 tests in 2 files");
    },
    STEP_TIMEOUT,
  );

  it(
    "is not written by a run of some files, or by a run of another config",
    async () => {
      rmSync(recordFile, { force: true });
      const some = await runInner(["--config", path.join(dir, "vitest.config.mts"), "unit"]);
      expect(some.code, some.output).toBe(0);
      expect(some.output).toMatch(/Tests +3 passed \| 1 skipped \(4\)/);
      expect(existsSync(recordFile), some.output).toBe(false);

      const other = await runInner(["--config", path.join(dir, "vitest.other.config.mts")]);
      expect(other.code, other.output).toBe(0);
      expect(existsSync(recordFile), other.output).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "records a failed run, which npm run test:record refuses in one line without writing the measurement",
    async () => {
      rmSync(recordFile, { force: true });
      const { code, output } = await runInner(["--config", path.join(dir, "vitest.config.mts")], { RUN_RECORD_FAIL: "1" });
      expect(code, output).not.toBe(0);
      const record = readRecord();
      expect(record).toMatchObject({ reason: "failed", tests: 6, passed: 3, failed: 1, failedFiles: 1 });
      expect(refusal(record)).toBe("the run failed (1 test failed, 1 file failed): record a run that passed");

      const destination = path.join(dir, "refused/npm-test.json");
      const tsx = path.join(root, "node_modules/.bin/tsx");
      const script = path.join(root, "scripts/test-run.ts");
      let failure: { status: number | null; stderr: string } | undefined;
      try {
        execFileSync(tsx, [script, recordFile, destination], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      } catch (error) {
        failure = error as { status: number | null; stderr: string };
      }
      expect(failure?.status).toBe(1);
      expect(failure?.stderr).toBe(
        "test:record: .tmp/test-run.json is refused: the run failed (1 test failed, 1 file failed): record a run that passed\n",
      );
      expect(existsSync(destination)).toBe(false);
    },
    STEP_TIMEOUT,
  );
});

describe("the README's sentence for npm test", () => {
  const record: RunRecord = {
    date: "2026-11-28T10:15:00.000Z",
    commit: "0123456789abcdef0123456789abcdef01234567",
    durationSeconds: 1312.4,
    reason: "passed",
    files: 250,
    failedFiles: 0,
    tests: 3056,
    passed: 3000,
    failed: 0,
    skipped: 56,
    unhandledErrors: 0,
    workers: 2,
    engineSuite: { cliVersion: "3.248.0", passed: 120, skipped: 0 },
    machine: { cpus: 2, cpuModel: "Some CPU", loadAverageStart: 0.1, loadAverageEnd: 1.9, node: "v20.19.0" },
  };

  it("calls a machine idle below a quarter of a load per core, and gives the duration, the tests and the day", () => {
    expect(runSentence(record)).toBe(
      "On an idle 2-core machine (load average 0.10 at start), `npm test` took 22 minutes with the engine suite " +
        "(3,056 tests in 250 files, Node v20.19.0, 2026-11-28: [the run's record](docs/measurements/npm-test.json)).",
    );
  });

  it("gives the load of a busy machine instead, and says when the engine suite did not run", () => {
    const busy = {
      ...record,
      durationSeconds: 95.2,
      engineSuite: { cliVersion: null, passed: 0, skipped: 120 },
      machine: { ...record.machine, loadAverageStart: 0.5 },
    };
    expect(runSentence(busy)).toBe(
      "On a 2-core machine with a load average of 0.50 at start, `npm test` took 95 seconds without the engine suite (no Pulumi CLI) " +
        "(3,056 tests in 250 files, Node v20.19.0, 2026-11-28: [the run's record](docs/measurements/npm-test.json)).",
    );
  });

  it("says the figure is not measured yet when there is no record, and where to read how to measure it", () => {
    expect(runSentence(undefined)).toBe(
      "How long `npm test` takes on an idle machine is not measured yet: see [Development](docs/development.md#how-long-npm-test-takes).",
    );
  });

  it("rounds to seconds below two minutes and to minutes above", () => {
    expect([formatDuration(1), formatDuration(119.4), formatDuration(120), formatDuration(149), formatDuration(151)]).toEqual([
      "1 second",
      "119 seconds",
      "2 minutes",
      "2 minutes",
      "3 minutes",
    ]);
  });

  it("refuses an interrupted run, and a file that is not a record, each in one line", () => {
    expect(refusal({ ...record, reason: "interrupted" })).toBe(
      "the run was interrupted before its end: record a run of the whole suite that ended",
    );
    const { machine: _, ...noMachine } = record;
    expect(() => parseRunRecord({ ...noMachine, tests: -1 })).toThrow(
      /^not a test-run record of test\/helpers\/run-record\.ts \(tests: .+; machine: .+\)$/,
    );
  });
});

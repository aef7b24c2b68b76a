/**
 * The record of one run of the whole test suite: what `test/helpers/run-record.ts` writes into
 * `.tmp/test-run.json` when `npm test` ends, what `npm run test:record` (`scripts/test-run.ts`)
 * copies into `docs/measurements/npm-test.json`, and the README's sentence saying how long
 * `npm test` took (`scripts/readme.ts`), so that the figure comes from a run, never from a hand.
 *
 * @example
 * const record = parseRunRecord(JSON.parse(readFileSync(".tmp/test-run.json", "utf8")));
 * const why = refusal(record); // undefined when the run passed and went to its end
 * console.log(runSentence(record));
 */
import { z } from "zod";

const count = z.number().int().nonnegative();

/** The record's shape; the reporter builds it, the script and the README read it. */
export const runRecordSchema = z.object({
  /** When the run ended, ISO 8601. */
  date: z.iso.datetime(),
  /** `git rev-parse HEAD` of the repository the run tested, or null outside a git checkout. */
  commit: z.string().nullable(),
  /** From vitest's start (its reporters' `onInit`) to the end of the run, in seconds. */
  durationSeconds: z.number().nonnegative(),
  /** How vitest says the run ended. */
  reason: z.enum(["passed", "failed", "interrupted"]),
  files: count,
  /** Test files that failed, those that could not even be collected included. */
  failedFiles: count,
  tests: count,
  passed: count,
  failed: count,
  /** Skipped, todo, or never run (a run that was interrupted). */
  skipped: count,
  unhandledErrors: count,
  /** The test workers the run had (the config's `maxWorkers`), or null where vitest chose. */
  workers: count.nullable(),
  engineSuite: z.object({
    /** The version of the Pulumi CLI that `test/engine/setup.ts` found, or null without one. */
    cliVersion: z.string().nullable(),
    passed: count,
    skipped: count,
  }),
  machine: z.object({
    cpus: count,
    cpuModel: z.string(),
    /** 1-minute load average when vitest started and when the run ended. */
    loadAverageStart: z.number().nonnegative(),
    loadAverageEnd: z.number().nonnegative(),
    node: z.string(),
  }),
});

/** One run of the whole suite. */
export type RunRecord = z.infer<typeof runRecordSchema>;

/** A record read from JSON, or an error of one line saying what is wrong with it. */
export function parseRunRecord(value: unknown): RunRecord {
  const parsed = runRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(record)"}: ${issue.message}`);
  throw new Error(`not a test-run record of test/helpers/run-record.ts (${issues.join("; ")})`);
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/**
 * Why a record cannot stand for `npm test`, in one line, or undefined when it can: a run that
 * failed, or that was interrupted and so ran part of the suite, says nothing of how long the
 * suite takes. (The reporter records only runs of the whole suite: file filters, `-t`, `--shard`,
 * `--changed` and other configs write nothing.)
 */
export function refusal(record: RunRecord): string | undefined {
  if (record.reason === "interrupted") return "the run was interrupted before its end: record a run of the whole suite that ended";
  const failures = [
    record.failed > 0 ? `${plural(record.failed, "test")} failed` : "",
    record.failedFiles > 0 ? `${plural(record.failedFiles, "file")} failed` : "",
    record.unhandledErrors > 0 ? plural(record.unhandledErrors, "unhandled error") : "",
  ].filter(Boolean);
  if (record.reason !== "passed" || failures.length > 0) {
    return `the run failed (${failures.length > 0 ? failures.join(", ") : "vitest reported a failure"}): record a run that passed`;
  }
  if (record.tests === 0) return "the run had no tests";
  return undefined;
}

/**
 * Below this 1-minute load average per core at the start, the machine counts as idle: the
 * sentence says "idle" only then, and otherwise gives the load the run started under.
 */
export const IDLE_LOAD_PER_CORE = 0.25;

/** `95 seconds` below two minutes, whole minutes above. */
export function formatDuration(seconds: number): string {
  return seconds < 120 ? plural(Math.round(seconds), "second") : plural(Math.round(seconds / 60), "minute");
}

/**
 * The README's sentence for a record; `link` is where the record lives, from the README. Without
 * a record it says the figure is not measured yet and where to read how to measure it.
 */
export function runSentence(record: RunRecord | undefined, link = "docs/measurements/npm-test.json"): string {
  if (record === undefined) {
    return "How long `npm test` takes on an idle machine is not measured yet: see [Development](docs/development.md#how-long-npm-test-takes).";
  }
  const { cpus, loadAverageStart, node } = record.machine;
  const load = loadAverageStart.toFixed(2);
  const machine =
    loadAverageStart / Math.max(cpus, 1) < IDLE_LOAD_PER_CORE
      ? `On an idle ${cpus}-core machine (load average ${load} at start)`
      : `On a ${cpus}-core machine with a load average of ${load} at start`;
  const engine = record.engineSuite.passed > 0 ? "with the engine suite" : "without the engine suite (no Pulumi CLI)";
  const day = record.date.slice(0, 10);
  return `${machine}, \`npm test\` took ${formatDuration(record.durationSeconds)} ${engine} (${plural(record.tests, "test")} in ${plural(record.files, "file")}, Node ${node}, ${day}: [the run's record](${link})).`;
}

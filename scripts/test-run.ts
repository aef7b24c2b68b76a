/**
 * `npm run test:record`: copies the record of the last whole `npm test` run
 * (`.tmp/test-run.json`, written by `test/helpers/run-record.ts`) into
 * `docs/measurements/npm-test.json`, the figure the README's `test-run` block gives
 * (`scripts/readme.ts`). A record of a run that failed or was interrupted is refused, with the
 * reason in one line and exit code 1: it would not say how long the suite takes.
 *
 * @example
 * npm test && npm run test:record && npm run readme
 * npm run test:record -- path/to/record.json path/to/destination.json
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatDuration, parseRunRecord, refusal } from "./lib/run-record";

const ROOT = path.resolve(__dirname, "..");

/** Where the reporter writes, and where the README's figure is read from. */
export const RECORD_FILE = path.join(ROOT, ".tmp/test-run.json");
export const MEASUREMENT_FILE = path.join(ROOT, "docs/measurements/npm-test.json");

/** Copies `from` to `to`, or throws an error of one line saying why not. Returns what it wrote. */
export function recordRun(from: string, to: string): string {
  const shown = path.relative(process.cwd(), from) || from;
  if (!existsSync(from)) throw new Error(`no record at ${shown}: run npm test (the whole suite, no file filters) first`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(from, "utf8"));
  } catch (error) {
    throw new Error(`${shown} is not JSON (${(error as Error).message})`, { cause: error });
  }
  const record = parseRunRecord(json);
  const why = refusal(record);
  if (why !== undefined) throw new Error(`${shown} is refused: ${why}`);
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, `${JSON.stringify(record, null, 2)}\n`);
  return `${path.relative(process.cwd(), to) || to}: npm test took ${formatDuration(record.durationSeconds)} (${record.tests} tests, commit ${record.commit ?? "unknown"}); now run npm run readme`;
}

if (require.main === module) {
  const [from = RECORD_FILE, to = MEASUREMENT_FILE] = process.argv.slice(2);
  try {
    process.stdout.write(`${recordRun(from, to)}\n`);
  } catch (error) {
    process.stderr.write(`test:record: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}

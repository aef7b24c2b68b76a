/**
 * What a benchmark scenario returns, and how a scenario file runs on its own.
 */

/** A row of the benchmark table. */
export interface BenchRow {
  scenario: string;
  result: string;
}

/**
 * Runs `scenario` and prints its rows when its file is the program (`node --import tsx bench/x.ts`).
 *
 * @example
 * runWhenMain(module, readCacheMemory);
 */
export function runWhenMain(mod: NodeJS.Module, scenario: () => Promise<BenchRow[]>): void {
  if (require.main !== mod) return;
  void scenario().then(
    (rows) => {
      for (const r of rows) process.stdout.write(`${r.scenario}  ${r.result}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}

/**
 * The suite's time limits, in one place. They bound tests that wait for events (a line of
 * output, a port, a process's exit, a request reaching the simulator), never tests that sleep: a
 * limit only decides how long a test that is stuck takes to fail. They are sized for a busy
 * two-core machine; on a slower one set `TEST_TIME_SCALE` (for example `TEST_TIME_SCALE=2`), which
 * multiplies every limit here and the default limits of a test and a hook (vitest.config.mts).
 */

function timeScale(): number {
  const raw = process.env.TEST_TIME_SCALE;
  if (raw === undefined || raw === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`TEST_TIME_SCALE must be a positive number, not ${JSON.stringify(raw)}`);
  return scale;
}

/** The factor `TEST_TIME_SCALE` sets (1 without it). */
export const TIME_SCALE = timeScale();

/**
 * `ms` multiplied by `TEST_TIME_SCALE`, for a limit of a test's own.
 *
 * @example
 * const timer = setTimeout(() => reject(new Error("no URL printed")), scaled(20_000));
 */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

/**
 * A test that starts processes of its own (a few `pulumi` commands, dynamic-provider hosts of the
 * testing toolkit, one per operation, a `tsx` script) or compiles TypeScript. Two such tests on a
 * two-core machine that other work keeps busy took up to three minutes each.
 */
export const STEP_TIMEOUT = scaled(360_000);

/** A `beforeAll` that builds and installs the package, or deploys a stack. */
export const SETUP_TIMEOUT = scaled(600_000);

/** A command one test runs that did not end by then is killed (test/engine/engine.ts). */
export const COMMAND_TIMEOUT = scaled(300_000);

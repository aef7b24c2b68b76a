/**
 * The provider host killed while a create is in flight (issue 12 items 1 and 7).
 *
 * For each resource type: the create's write request is held by the simulator (a latency
 * fault); while it is held, the dynamic-provider host process is killed with SIGKILL, as when
 * the CI runner or the machine dies in the middle of `pulumi up`. The simulator then applies
 * the create: the object exists, and no state knows it. The next `up` (with a new host, as the
 * CLI starts one per command) must neither order it again nor charge again. The killed host
 * recorded its create on this machine before sending it (`$PULUMI_HOME/reseller/intent/`,
 * decision 0033), and the next host shares that home, so for a type with an identity read the
 * next `up` takes the object into state as the stack's own, with no `adopt: true`; otherwise it
 * fails before writing, naming the object and `adopt: true`, and with `adopt: true` (for the
 * types that take it) the `up` after that converges. `adopted` says which happened.
 *
 * Counted: duplicates (objects beyond what a run without the kill leaves), double charges
 * (credit beyond it), orphans (left after a final destroy beyond it) and stuck (no path to a
 * converged stack).
 */
import { execFileSync } from "node:child_process";

import type * as ResourcesModule from "../../src";
import type * as TestingModule from "../../packages/testing/src";
import { RESOURCES, type ResourceType } from "../../src/resources/registry";
import type { Simulator } from "../../packages/simulator/src";
import { installedPackage, type InstalledPackage } from "../../test/e2e/package";
import { scaled } from "../../test/helpers/time";
import { material } from "./bad-inputs";
import {
  beyond,
  HOST_START_TIMEOUT_MS,
  messageOf,
  safetyOf,
  objectsOf,
  programOf,
  scenarioInputs,
  simulatorFor,
  stackConfig,
} from "./faults";

/**
 * How long the simulator holds the create while the host is killed: the kill follows the
 * request's arrival within a poll and a `ps`, which a busy machine can stretch to a second or
 * more; a kill after the create was answered proves nothing and counts as not killed.
 */
const HOLD_MS = scaled(4_000);

/** What killing the host mid-create showed for one type. */
export interface KillRow {
  type: ResourceType;
  /** The create's write operation the host was killed during. */
  operation: string;
  /** Whether the host was killed while the request was held. */
  killed: boolean;
  /** The next `up`'s error (expected: the object found, and `adopt: true`), if it failed. */
  nextError?: string;
  /** Whether `adopt: true` was needed to converge (false: the next `up` converged as the program was). */
  adopted: boolean;
  duplicates: number;
  doubleCharges: number;
  orphans: number;
  stuck: number;
  notes: string[];
}

export interface KillFigures {
  killRuns: number;
  duplicates: number;
  doubleCharges: number;
  orphans: number;
  stuck: number;
  rows: KillRow[];
}

/** The dynamic-provider hosts this process started (the toolkit's children). */
function hostPids(): number[] {
  const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes("dynamic-provider"))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/**
 * Waits until `condition` holds (polling every 20 ms) or `timeoutMs` passed; whether it holds.
 *
 * @example
 * await until(() => sim.faults.list().length === 0, 20_000);
 */
export async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

/** Runs an operation; its whole error message (the way out is named at its end), or undefined. */
async function attempt(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function runType(
  type: ResourceType,
  inputs: Record<string, unknown>,
  pkg: InstalledPackage,
  log: (line: string) => void,
): Promise<KillRow> {
  const testing = pkg.require("pulumi-hosting-reseller/testing") as typeof TestingModule;
  const resources = pkg.require("pulumi-hosting-reseller") as typeof ResourcesModule;
  const sim: Simulator = await simulatorFor(type);
  const credit = sim.store.account.credit;
  const open = (declared: Record<string, unknown>) =>
    // A host per operation, as the CLI starts a provider process per command: the next `up`
    // runs in a new process that knows nothing of the one that was killed.
    testing.createTestStack({
      workDir: pkg.dir,
      project: "reliability-kill",
      stack: type.toLowerCase(),
      config: stackConfig(sim),
      program: programOf(resources, type, declared),
      engine: "double",
      hostStartTimeoutMs: HOST_START_TIMEOUT_MS,
    });
  const row: KillRow = {
    type,
    operation: "",
    killed: false,
    adopted: false,
    duplicates: 0,
    doubleCharges: 0,
    orphans: 0,
    stuck: 0,
    notes: [],
  };
  let stack = await open(inputs);
  try {
    // Without a kill: which request creates, and what the steps leave.
    await stack.up();
    // Requests no operation answers (a missing route's fingerprint) are neither reads nor writes.
    const write = sim.requests.list().find((entry) => safetyOf(entry.key) !== undefined && safetyOf(entry.key) !== "read");
    const cleanBefore = objectsOf(sim.store);
    await stack.destroy();
    const cleanAfter = objectsOf(sim.store);
    const cleanSpent = credit - sim.store.account.credit;
    if (!write) throw new Error(`${type}: its create makes no API call`);
    row.operation = write.id;
    await stack.close();
    sim.reset();

    stack = await open(inputs);
    sim.faults.add({ operation: write.id, kind: "latency", latencyMs: HOLD_MS });
    const running = stack.up();
    // The fault is taken when the create arrives, and the simulator logs the request once it
    // has applied it: between the two, the create is in flight. The host has to start first.
    const held = await until(() => sim.faults.list().length === 0, HOST_START_TIMEOUT_MS);
    const answered = sim.requests.count(write.id);
    const pids = hostPids();
    for (const pid of pids) process.kill(pid, "SIGKILL");
    row.killed = held && pids.length > 0 && sim.requests.count(write.id) === answered;
    const firstError = await attempt(() => running);
    if (!firstError) row.notes.push("the killed up succeeded");
    // The held create lands while nobody listens.
    if (held && !(await until(() => sim.requests.count(write.id) > answered, HOST_START_TIMEOUT_MS)))
      row.notes.push("the held create never landed");
    await stack.close();

    // The next `up`, from the state the killed run left (the double keeps it in memory; the
    // resource was never recorded).
    stack = await open(inputs);
    const nextError = await attempt(() => stack.up());
    // The way to take the object over is the one the error names: `adopt: true` (the runtime
    // handles it for every type with a find-by-identity read, whether or not its schema lists it).
    if (nextError !== undefined) row.nextError = messageOf(nextError);
    if (nextError && !/adopt: true/.test(nextError)) row.notes.push(`the next up failed without naming adopt: true: ${row.nextError}`);
    if (nextError && /adopt: true/.test(nextError)) {
      stack.setProgram(programOf(resources, type, { ...inputs, adopt: true }));
      row.adopted = true;
      const adoptError = await attempt(() => stack.up());
      if (adoptError) row.notes.push(`up with adopt: true failed: ${messageOf(adoptError)}`);
    }
    const converged = await attempt(async () => {
      const result = await stack.preview({ refresh: true });
      const changes = Object.entries(result.resourceChanges).filter(([op, n]) => op !== "same" && (n ?? 0) > 0);
      if (changes.length > 0) throw new Error(`preview --refresh wants ${changes.map(([op, n]) => `${op} ${n}`).join(", ")}`);
    });
    if (converged) row.notes.push(messageOf(converged));
    const before = objectsOf(sim.store);
    const destroyError = await attempt(() => stack.destroy());
    if (destroyError) row.notes.push(`destroy failed: ${messageOf(destroyError)}`);
    const after = objectsOf(sim.store);
    if (converged || destroyError || (row.nextError && !row.adopted)) row.stuck = 1;

    const extraBefore = beyond(before, cleanBefore);
    const extraAfter = beyond(after, cleanAfter);
    row.duplicates = extraBefore.filter((line) => extraAfter.includes(line)).length;
    row.orphans = Math.max(0, extraAfter.length - row.duplicates, beyond(cleanAfter, after).length);
    for (const line of extraAfter) row.notes.push(`left over: ${line.slice(0, 200)}`);
    const extraCredit = Math.round((credit - sim.store.account.credit - cleanSpent) * 100) / 100;
    if (extraCredit > 0) {
      row.doubleCharges = 1;
      row.notes.push(`charged ${extraCredit} more than without the kill`);
    }
  } catch (error) {
    row.stuck = 1;
    row.notes.push(messageOf(error));
  } finally {
    await stack.close();
    await sim.close();
  }
  const bad = row.duplicates + row.doubleCharges + row.orphans + row.stuck + (row.killed ? 0 : 1);
  log(
    `${bad === 0 ? "ok  " : "FAIL"} kill ${type} (${row.operation})${bad === 0 ? (row.nextError ? ": the next up named the object and adopt: true" : ": the next up converged with the program unchanged") : `: ${row.killed ? "" : "the host was not killed in flight; "}${row.notes.join("; ")}`}`,
  );
  return row;
}

/**
 * Kills the host mid-create for each type (or the ones given), one type at a time.
 *
 * @example
 * const { duplicates, doubleCharges } = await runKillTest({ types: ["DomainRegistration", "CronJob"] }); // 0, 0
 */
export async function runKillTest(
  options: { types?: readonly ResourceType[]; pkg?: InstalledPackage; log?: (line: string) => void } = {},
): Promise<KillFigures> {
  const pkg = options.pkg ?? (await installedPackage());
  const types = options.types ?? (Object.keys(RESOURCES) as ResourceType[]);
  const inputs = scenarioInputs(material());
  const rows: KillRow[] = [];
  for (const type of types) rows.push(await runType(type, inputs[type], pkg, options.log ?? (() => {})));
  const sum = (key: "duplicates" | "doubleCharges" | "orphans" | "stuck") => rows.reduce((n, r) => n + r[key], 0);
  return {
    killRuns: rows.length,
    duplicates: sum("duplicates"),
    doubleCharges: sum("doubleCharges"),
    orphans: sum("orphans"),
    // A run where the host could not be killed in flight proved nothing: it counts as stuck.
    stuck: sum("stuck") + rows.filter((r) => !r.killed).length,
    rows,
  };
}

/**
 * The steps test/engine/kill-host.test.ts and kill-host-unrecorded.test.ts share: the scenario of
 * scripts/reliability/kill-engine.ts on a stack of its own, the `pulumi up` killed while a domain
 * order and a record set write are in flight, the lock it leaves, and the destroy at the end.
 * Each file checks between them what the next `up` does, with the killed run's records on this
 * machine or without them.
 */
import { expect, it } from "vitest";

import { KILL_DOMAIN, KILL_ZONE, KillScenario } from "../../scripts/reliability/kill-engine";
import { engineScenario, resourcesByName, STEP_TIMEOUT, type EngineScenario } from "./harness";
import type { CliStack } from "./engine";

/** One file's run of the scenario, read inside its tests. */
export interface KillRun {
  readonly kill: KillScenario;
  readonly scenario: EngineScenario<CliStack>;
  /** The account's credit before the stack ran anything. */
  readonly creditBefore: number;
  /** What the killed run's order cost. */
  readonly charged: number;
  /** The URN prefix of the stack's resources. */
  readonly urnPrefix: string;
}

/**
 * Sets up the scenario for a project (its stack `dev`) and returns the run the steps fill in.
 *
 * @example
 * const run = killRun("kill-host");
 */
export function killRun(project: string): KillRun {
  let kill: KillScenario | undefined;
  const scenario = engineScenario(project, async ({ engine, sim }) => {
    kill = await KillScenario.start(engine, sim, project);
    return kill.stack;
  });
  const run = {
    get kill(): KillScenario {
      if (!kill) throw new Error("the kill scenario is read before its beforeAll ran");
      return kill;
    },
    scenario,
    creditBefore: 0,
    charged: 0,
    urnPrefix: `urn:pulumi:dev::${project}::pulumi-nodejs:dynamic/reseller:`,
  };
  return run;
}

/** The killed `up`: both writes land, and the state lists them as pending creates only. */
export function killedUpStep(run: KillRun): void {
  it(
    "kills the CLI and its provider host after both writes were sent; both land, and the state lists them as pending creates only",
    async () => {
      const { sim } = run.scenario;
      const mutable = run as { creditBefore: number; charged: number };
      mutable.creditBefore = sim.store.account.credit;
      const killed = await run.kill.killedUp();

      expect(killed.held, "both writes reached the API before the kill").toBe(true);
      // The CLI, its language host, the dynamic-provider host and their Node processes.
      expect(killed.killed.length).toBeGreaterThanOrEqual(3);
      expect(killed.result.code).not.toBe(0);
      expect(killed.landed, "both held writes were applied after the kill").toBe(true);
      expect(sim.requests.count("domains.register")).toBe(1);
      mutable.charged = run.creditBefore - sim.store.account.credit;
      expect(run.charged).toBeGreaterThan(0);

      const pending = await run.kill.pendingOperations();
      expect(pending.map((op) => [op.type, op.resource.urn]).sort()).toEqual([
        ["creating", `${run.urnPrefix}DnsRecordSet::status`],
        ["creating", `${run.urnPrefix}DomainRegistration::shop`],
      ]);
      expect(resourcesByName(await run.scenario.exported()).size).toBe(0);
    },
    STEP_TIMEOUT,
  );
}

/** The lock the killed CLI left: the next command fails naming `pulumi cancel`, which releases it. */
export function cancelStep(run: KillRun, title: string, after: () => void = () => {}): void {
  it(
    title,
    async () => {
      const { sim } = run.scenario;
      const mark = sim.requests.list().length;
      const locked = await run.kill.up();
      expect(locked.code).not.toBe(0);
      expect(locked.stderr).toContain("the stack is currently locked by 1 lock(s)");
      expect(locked.stderr).toContain("`pulumi cancel`");

      const cancel = await run.kill.cancel();
      expect(cancel.code, cancel.stdout + cancel.stderr).toBe(0);
      expect(sim.requests.list().length).toBe(mark);
      after();
    },
    STEP_TIMEOUT,
  );
}

/**
 * The pending creates the engine keeps until a refresh clears them: two before, none after, and
 * then a preview that wants nothing, with the domain ordered once.
 */
export async function expectConvergedOnceCleared(run: KillRun): Promise<void> {
  const { sim } = run.scenario;
  expect(await run.kill.pendingOperations()).toHaveLength(2);
  const cleared = await run.kill.clearPendingCreates();
  expect(cleared.code, cleared.stdout + cleared.stderr).toBe(0);
  expect(await run.kill.pendingOperations()).toEqual([]);
  const preview = await run.kill.previewNoChanges();
  expect(preview.code, preview.stdout + preview.stderr).toBe(0);
  expect(sim.requests.count("domains.register")).toBe(1);
}

/** The destroy: the account as the scenario found it, but for the domain the killed run paid for. */
export function destroyStep(run: KillRun): void {
  it(
    "destroys back to the account as it was, but for the domain the killed run paid for, released from the state",
    async () => {
      const { engine, sim } = run.scenario;
      const destroy = await run.kill.destroy();

      expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
      expect(resourcesByName(await run.scenario.exported()).size).toBe(0);
      const seed = engine.simulator.demoState();
      expect(sim.store.zones[KILL_ZONE]).toEqual(seed.zones[KILL_ZONE]);
      // A registration's destroy only releases it from the state (decision 0003): the domain
      // stays, ordered once and charged once.
      expect(Object.keys(sim.store.domains).sort()).toEqual([...Object.keys(seed.domains), KILL_DOMAIN].sort());
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(run.creditBefore - sim.store.account.credit).toBe(run.charged);
    },
    STEP_TIMEOUT,
  );
}

/**
 * What the engine suite's files share: the machinery of test/engine/engine.ts (the real Pulumi
 * CLI against the simulator, on a local file backend, in a scratch directory per test file),
 * plus what needs vitest: the CLI the global setup found, `describeEngine`, and
 * {@link engineScenario}, the setup and teardown of every file that runs the engine.
 */
import { afterAll, beforeAll, describe, inject } from "vitest";

import type * as Automation from "@pulumi/pulumi/automation";

import type { PulumiCli } from "../../packages/testing/src/cli";
import type { Simulator, SimulatorOptions } from "../../packages/simulator/src";
import { CliStack, SETUP_TIMEOUT, startEngineWith, type Deployment, type Engine } from "./engine";

export * from "./engine";

/** The CLI the global setup found (test/engine/setup.ts), or null. */
export const pulumiCli: PulumiCli | null = inject("pulumiCli");

/**
 * `describe`, skipped when no Pulumi CLI was found (test/engine/cli.test.ts fails instead when
 * `REQUIRE_PULUMI_CLI=1`).
 *
 * @example
 * describeEngine("the hosting-site example", () => { ... });
 */
export function describeEngine(name: string, body: () => void): void {
  describe.skipIf(pulumiCli === null)(name, body);
}

/** A stack as either way of running programs gives it. */
type AnyStack = Automation.Stack | CliStack;

/**
 * One test file's scenario: its engine, its simulator and its stack, set up before the file's
 * tests and torn down after them. Read the fields inside tests and programs (they are set by the
 * `beforeAll`).
 */
export interface EngineScenario<S extends AnyStack> {
  readonly engine: Engine;
  readonly sim: Simulator;
  readonly stack: S;
  /** `pulumi stack export` of the stack (through the Automation API for an inline program). */
  exported(): Promise<Deployment>;
}

/** What a scenario's setup is given. */
export interface ScenarioStart {
  engine: Engine;
  /** The scenario's simulator (reading it throws when the scenario has none: `simulator: false`). */
  sim: Simulator;
  /** Starts a further simulator (another account), closed with the scenario's own. */
  startSimulator(options: SimulatorOptions): Promise<Simulator>;
  /**
   * Adds a step to the teardown, for what the file started itself (a `reseller sim` process):
   * such steps run last first, before the simulators are closed and the scratch directory removed.
   */
  onTeardown(step: () => Promise<void> | void): void;
}

/** How a scenario differs from the usual one. */
export interface ScenarioOptions {
  /**
   * The scenario's simulator: the demo seed unless given; `false` for a file that serves the API
   * otherwise (test/engine/wrong-routes.test.ts runs `reseller sim` as a process).
   */
  simulator?: SimulatorOptions | false;
}

/**
 * Registers the `beforeAll` and `afterAll` every engine test file shares: starts the engine with
 * the CLI the global setup found (`name` keeps scratch directories apart) and a simulator (the
 * demo seed unless `options.simulator` says otherwise), then `setup` makes the stack (and deploys
 * it, when the scenario starts from a deployed stack; a file whose tests make their stacks
 * returns none); afterwards the file's own teardown steps run, the simulators are closed and the
 * scratch directory removed.
 *
 * @example
 * const scenario = engineScenario("takeover", ({ engine, sim }) => inlineStack(engine, { project: "takeover", stack: "dev", sim, program }));
 * it("...", async () => { await scenario.stack.up(); });
 */
export function engineScenario<S extends AnyStack | undefined>(
  name: string,
  setup: (started: ScenarioStart) => Promise<S>,
  options: ScenarioOptions = {},
): EngineScenario<NonNullable<S>> {
  let engine: Engine | undefined;
  let sim: Simulator | undefined;
  let stack: S | undefined;
  const simulators: Simulator[] = [];
  const teardown: (() => Promise<void> | void)[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the scenario's ${what} is read before its beforeAll ran`);
    return value;
  };
  const scenarioSim = (): Simulator => {
    if (options.simulator === false) throw new Error("the scenario has no simulator: its options say `simulator: false`");
    return ready(sim, "simulator");
  };
  beforeAll(async () => {
    // Without a CLI the file's tests are skipped (describeEngine): nothing to set up.
    if (pulumiCli === null) return;
    const started = await startEngineWith(pulumiCli, name);
    engine = started;
    const startSimulator = async (simulatorOptions: SimulatorOptions) => {
      const simulator = await started.simulator.startSimulator(simulatorOptions);
      simulators.push(simulator);
      return simulator;
    };
    if (options.simulator !== false) sim = await startSimulator(options.simulator ?? { seed: "demo" });
    stack = await setup({
      engine: started,
      get sim() {
        return scenarioSim();
      },
      startSimulator,
      onTeardown: (step) => {
        teardown.push(step);
      },
    });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    for (const step of teardown.reverse()) await step();
    for (const simulator of simulators) await simulator.close();
    engine?.dispose();
  });
  return {
    get engine() {
      return ready(engine, "engine");
    },
    get sim() {
      return scenarioSim();
    },
    get stack() {
      return ready(stack ?? undefined, "stack") as NonNullable<S>;
    },
    exported: async () => {
      const current: AnyStack = ready(stack ?? undefined, "stack");
      return current instanceof CliStack ? current.export() : ((await current.exportStack()) as unknown as Deployment);
    },
  };
}

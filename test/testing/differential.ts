/**
 * The differential test's machinery: one scenario (a list of operations, each with the program
 * it runs and what to do to the service before it) run through a test stack on the engine double
 * and through one on the real Pulumi CLI (`engine: "cli"`), each against its own copy of the
 * service, with what each engine did observed the same way after every operation: the step kind
 * per resource, the resources the state holds, the failures, and the service's own store.
 *
 * The CLI side is held to the events and the `pulumi stack export` of the real engine, so the
 * comparison is between the double and the engine, not between two uses of the toolkit's code:
 * `cli-engine.ts` only maps the engine's events to one step per resource and reads the export.
 */
import { describe, expect, it } from "vitest";

import { repoPulumiCli } from "../../scripts/lib/pulumi-cli";
import type { DeploymentError, OperationResult, PulumiProgram, TestStack } from "../../packages/testing/src";

/** The CLI this machine has (`PULUMI_CLI_DIR`, `PATH`, or `npm run pulumi-cli`'s cache), if any. */
export const pulumiCli = repoPulumiCli();

/** Set in CI: a missing CLI fails the differential test instead of skipping it. */
const required = process.env.REQUIRE_PULUMI_CLI === "1";

/**
 * `describe` for a differential scenario: skipped when no Pulumi CLI is found, and then a
 * failing test instead when `REQUIRE_PULUMI_CLI=1`.
 *
 * @example
 * describeDifferential("resource options", () => { it("...", async () => { ... }); });
 */
export function describeDifferential(name: string, body: () => void): void {
  if (!pulumiCli && required) {
    describe(name, () => {
      it("finds a Pulumi CLI (REQUIRE_PULUMI_CLI=1)", () => {
        expect(pulumiCli, "no Pulumi CLI: run `npm run pulumi-cli`, or set PULUMI_CLI_DIR").toBeDefined();
      });
    });
    return;
  }
  describe.skipIf(!pulumiCli)(name, body);
}

/** One operation of a scenario. */
export interface ScenarioStep<Service> {
  /** What the step shows, for messages. */
  title: string;
  operation: "up" | "preview" | "refresh" | "destroy";
  /** `preview --refresh`. */
  refresh?: boolean;
  /** The program from this step on. */
  program?: PulumiProgram;
  /** What happens to the service before the operation (drift, faults). */
  before?: (service: Service) => void | Promise<void>;
  /** What happens to the service after it (clearing faults). */
  after?: (service: Service) => void | Promise<void>;
  /** What the real engine must have done (checked against the CLI's observation). */
  expect?: Partial<Observation>;
}

/** What one engine did in one operation, in terms both engines can be compared in. */
export interface Observation {
  /** Whether the operation succeeded. */
  succeeded: boolean;
  /** Resource name to step kind (`skipped` registrations left out: the CLI reports none). */
  steps: Record<string, string>;
  /** Resources whose step failed, by name. */
  failed: string[];
  /** Failed resources the engine kept with the id the provider reported (partial failures). */
  initFailures: string[];
  /** The state: `name` (or `name (pending delete)`) to its id and flags. */
  state: Record<string, string>;
  /** The inputs the state holds per resource (a partially failed update keeps the old ones). */
  inputs: Record<string, Record<string, unknown>>;
  /** The service's store, as `Scenario.store` shows it. */
  store: unknown;
}

/** A scenario: how to open a stack on an engine against a fresh service, and how to read the service. */
export interface Scenario<Service> {
  service(): Promise<Service>;
  stack(engine: "double" | "cli", service: Service, program: PulumiProgram): Promise<TestStack>;
  store(service: Service): unknown;
  close(service: Service): Promise<void>;
  /**
   * The steps, made anew for each engine: the engines run at the same time, so what a step's
   * program reads (settings the steps change) must not be shared between them.
   */
  steps(): ScenarioStep<Service>[];
}

function nameOf(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

/**
 * Inputs with the owner token (src/provider/lifecycle/owner.ts) shown as present, not as its value: the
 * token names the project and the stack, which differ between the two engines' runs.
 */
function withOwnerMasked(inputs: Record<string, unknown>): Record<string, unknown> {
  return "__owner" in inputs ? { ...inputs, __owner: typeof inputs.__owner === "string" ? "<owner token>" : inputs.__owner } : inputs;
}

function isDeploymentError(error: unknown): error is DeploymentError {
  return error instanceof Error && error.name === "DeploymentError" && "result" in error && "failures" in error;
}

async function observe<Service>(stack: TestStack, step: ScenarioStep<Service>, store: () => unknown): Promise<Observation> {
  let result: OperationResult;
  let failures: DeploymentError["failures"] = [];
  let succeeded = true;
  try {
    result = step.operation === "preview" ? await stack.preview({ refresh: step.refresh === true }) : await stack[step.operation]();
  } catch (error) {
    if (!isDeploymentError(error)) throw error;
    result = error.result;
    failures = error.failures;
    succeeded = false;
  }
  const state: Record<string, string> = {};
  const inputs: Record<string, Record<string, unknown>> = {};
  for (const record of stack.state.resources) {
    if (!record.pendingDelete) inputs[nameOf(record.urn)] = withOwnerMasked(stack.resource(record.urn).inputs);
    const flags = [
      record.initErrors?.length ? "init errors" : "",
      record.pendingReplacement ? "pending replacement" : "",
      record.external ? "read" : "",
      record.protect ? "protected" : "",
    ].filter(Boolean);
    state[`${nameOf(record.urn)}${record.pendingDelete ? " (pending delete)" : ""}`] = [record.id, ...flags].join(" ");
  }
  return {
    succeeded,
    steps: Object.fromEntries(result.steps.filter((s) => s.op !== "skipped").map((s) => [s.name, s.op])),
    failed: [...new Set(failures.map((f) => nameOf(f.urn)))].sort(),
    initFailures: failures
      .filter((f) => f.initFailure)
      .map((f) => nameOf(f.urn))
      .sort(),
    state,
    inputs,
    store: store(),
  };
}

/** Runs every step of `scenario` on one engine, observing after each. */
async function runOn<Service>(
  scenario: Scenario<Service>,
  engine: "double" | "cli",
  steps: ScenarioStep<Service>[],
): Promise<Observation[]> {
  const service = await scenario.service();
  const first = steps.find((step) => step.program)?.program ?? (() => undefined);
  const stack = await scenario.stack(engine, service, first);
  try {
    const observations: Observation[] = [];
    for (const step of steps) {
      if (step.program) stack.setProgram(step.program);
      await step.before?.(service);
      observations.push(await observe(stack, step, () => scenario.store(service)));
      await step.after?.(service);
    }
    return observations;
  } finally {
    await stack.close();
    await scenario.close(service);
  }
}

/**
 * Runs the scenario on both engines (at once: each has its own service, and program runs queue
 * for the process's one Pulumi runtime) and asserts, step by step, that the double observed
 * what the engine did, and that the engine did what the step expects.
 *
 * @example
 * await compareEngines({ service, stack, store, close, steps: () => [{ title: "up", operation: "up", program }] });
 */
export async function compareEngines<Service>(scenario: Scenario<Service>): Promise<void> {
  const steps = scenario.steps();
  const [double, cli] = await Promise.all([runOn(scenario, "double", steps), runOn(scenario, "cli", scenario.steps())]);
  steps.forEach((step, index) => {
    const label = `step ${index + 1}: ${step.title}`;
    if (step.expect) expect(cli[index], `${label} (real engine)`).toMatchObject(step.expect);
    expect(double[index], `${label} (engine double against the real engine)`).toEqual(cli[index]);
  });
}

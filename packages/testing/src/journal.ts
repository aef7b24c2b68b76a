/**
 * What an operation reports, shared by the engine double's deployments and refreshes: the steps
 * (one per resource, with secrets masked in their outputs), the failures, the diagnostics, and
 * whether a failure stopped new steps from starting.
 */
import type { Diagnostic, ProviderHost } from "./host";
import { ProviderClient, StepFailed } from "./provider-calls";
import type { DeploymentStack, ProviderCall, StepFailure, StepOp, StepResult } from "./types";
import { maskedValue, plainValue, secretPaths, type WireMap } from "./wire";

/** Resource types the dynamic-provider host serves (`pulumi-nodejs:dynamic:Resource` or `pulumi-nodejs:dynamic/<module>:<Type>`). */
export const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic[:/]/;

/** The name part of a URN. */
export function nameOf(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

/** Plain values of a property map, without `__provider` unless asked. */
export function toPlainRecord(map: WireMap, withoutProvider = true): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) {
    if (withoutProvider && key === "__provider") continue;
    result[key] = plainValue(value);
  }
  return result;
}

/** What an operation result may show of a property map: secrets masked, `__provider` left out. */
export function shownOutputs(map: WireMap): { outputs: Record<string, unknown>; secretOutputs: string[] } {
  const outputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) if (key !== "__provider") outputs[key] = maskedValue(value);
  return { outputs, secretOutputs: secretPaths(map).filter((path) => path !== "__provider") };
}

/** `{ create: 1, same: 2 }` from the steps. */
export function countSteps(steps: StepResult[]): Partial<Record<StepOp, number>> {
  const counts: Partial<Record<StepOp, number>> = {};
  for (const step of steps) counts[step.op] = (counts[step.op] ?? 0) + 1;
  return counts;
}

/** Steps, failures and diagnostics of one deployment or refresh. */
export class StepJournal {
  readonly steps: StepResult[] = [];
  readonly failures: StepFailure[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Set after the first failure: like the engine without `--continue-on-error`, no new steps start. */
  halted = false;
  protected readonly failedUrns = new Set<string>();

  protected record(
    step: Omit<StepResult, "name" | "changedProperties" | "replaceProperties" | "outputs" | "secretOutputs"> &
      Partial<Pick<StepResult, "changedProperties" | "replaceProperties">> & { wireOutputs?: WireMap },
  ): void {
    const { wireOutputs, ...rest } = step;
    this.steps.push({
      changedProperties: [],
      replaceProperties: [],
      ...rest,
      name: nameOf(rest.urn),
      ...(wireOutputs ? shownOutputs(wireOutputs) : {}),
    });
  }

  /** A failed step: recorded, and no new step starts. */
  protected fail(urn: string, error: unknown): void {
    this.halted = true;
    this.failedUrns.add(urn);
    this.addFailure(urn, error);
  }

  protected addFailure(urn: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const detail = error instanceof StepFailed ? error.detail : {};
    this.failures.push({ urn, message, ...detail });
  }
}

/**
 * One operation: its provider instance (configured once, shared by the refresh and the update of
 * `preview --refresh`, as the CLI runs both in one deployment) and the steps and diagnostics of
 * the deployments it runs.
 */
export class OperationContext {
  readonly steps: StepResult[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly client: ProviderClient;

  constructor(host: ProviderHost, stack: DeploymentStack) {
    this.client = new ProviderClient(host, () => stack.configureRequest());
  }

  get calls(): ProviderCall[] {
    return this.client.calls;
  }

  absorb(journal: StepJournal, withSteps: boolean): void {
    if (withSteps) this.steps.push(...journal.steps);
    this.diagnostics.push(...journal.diagnostics);
  }
}

/**
 * What a {@link TestStack} needs from the engine that runs its operations: the engine double of
 * this package (`double.ts`), or the real Pulumi CLI (`cli-engine.ts`). The stack owns the
 * program, the config and the state document; an engine turns one operation into steps,
 * diagnostics, failures and the records the state ends with.
 */
import type { Diagnostic } from "./host";
import type { StateResource } from "./state";
import type { OperationResult, ProviderCall, PulumiProgram, StepFailure, StepResult } from "./types";
import type { WireMap } from "./wire";

/** Stack config with namespaced keys, values as text, and which are secret. */
export type NormalizedConfig = Record<string, { text: string; secret: boolean }>;

/** One operation as the stack asks for it. */
export interface OperationInput {
  kind: OperationResult["operation"];
  /** `preview --refresh`. */
  refresh: boolean;
  /** The state the operation starts from, secrets as `{ [sig]: SECRET_SIG, value }`. */
  records: StateResource[];
  program: PulumiProgram;
  config: NormalizedConfig;
}

/** What an operation produced. */
export interface EngineRun {
  /** The records the state ends with (secrets in clear, wrapped); undefined: unchanged. */
  records: StateResource[] | undefined;
  /** The stack outputs to keep; undefined: unchanged. */
  outputs: WireMap | undefined;
  /** The stack outputs the result shows (a preview's included). */
  shownOutputs: WireMap;
  steps: StepResult[];
  diagnostics: Diagnostic[];
  providerCalls: ProviderCall[];
  failures: StepFailure[];
}

/** An engine a test stack runs its operations with. */
export interface StackEngine {
  readonly kind: "double" | "cli";
  /** Prepares what the first operation needs, so a bad setup fails in `createTestStack`. */
  start(): Promise<void>;
  run(input: OperationInput): Promise<EngineRun>;
  /** The stack config changed: the next operation must configure providers anew. */
  configChanged(): Promise<void>;
  close(): Promise<void>;
}

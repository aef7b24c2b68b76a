/**
 * Public types of the testing toolkit: options, operation results and the failure error.
 */
import type * as pulumi from "@pulumi/pulumi";

import type { Diagnostic, InitFailure } from "./host";
import type { StateDocument } from "./state";
import type { WireMap } from "./wire";

/**
 * A stack config value: a string (numbers and booleans are stored as their text, as
 * `pulumi config set` does), or `{ secret }` for `pulumi config set --secret`. A secret may be an
 * object, such as `reseller:accounts`: it reaches the program and the providers as its JSON text,
 * as an object set with `pulumi config set --secret --path` does.
 *
 * @example
 * ```ts
 * const config: StackConfig = {
 *   "reseller:apiUrl": sim.url,
 *   "reseller:apiKey": { secret: sim.apiKey },
 *   "reseller:accounts": { secret: { "brand-b": { apiUrl: simB.url, apiUser: simB.apiUser, apiKey: simB.apiKey } } },
 * };
 * ```
 */
export type ConfigValue = string | number | boolean | { secret: string | number | boolean | ConfigObject };

/**
 * A JSON object as a config value.
 *
 * @example
 * ```ts
 * const accounts: ConfigObject = { "brand-b": { apiUser: "b-user", apiKey: "b-key" } };
 * ```
 */
export interface ConfigObject {
  readonly [key: string]: string | number | boolean | null | ConfigObject | readonly (string | number | boolean | null | ConfigObject)[];
}

/**
 * Stack config under namespaced keys (`reseller:apiUser`). A key without a namespace gets the
 * project name, as `pulumi config set` does.
 *
 * @example
 * ```ts
 * const config: StackConfig = { "reseller:apiUser": "agency", "reseller:apiKey": { secret: "k" } };
 * ```
 */
export type StackConfig = Record<string, ConfigValue>;

/**
 * A Pulumi program: declares resources, and may return stack outputs.
 *
 * @example
 * ```ts
 * const program: PulumiProgram = () => {
 *   const zone = new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", records: ["192.0.2.1"] });
 *   return { fqdn: zone.fqdn };
 * };
 * ```
 */
export type PulumiProgram = () => unknown;

/**
 * Options of {@link createTestStack}.
 *
 * @example
 * ```ts
 * const options: TestStackOptions = { program, workDir: __dirname, config: { "reseller:apiUrl": url } };
 * ```
 */
export interface TestStackOptions {
  /** The program to run on `up` and `preview`. Change it later with {@link TestStack.setProgram}. */
  program: PulumiProgram;
  /**
   * The program's directory. The dynamic-provider host runs here, so modules a serialized
   * provider requires (and `@pulumi/pulumi` itself) must resolve from it.
   */
  workDir: string;
  /** Project name (URNs, un-namespaced config keys). Default `test`. */
  project?: string;
  /** Stack name (URNs). Default `test`. */
  stack?: string;
  config?: StackConfig;
  /** Start from this state (see {@link loadState}) instead of an empty stack. */
  state?: StateDocument;
  /**
   * Passphrase that encrypts secrets in the state. A state can only be loaded with the passphrase
   * that saved it. The default is a fixed string: enough to keep secrets out of clear text, not
   * to protect them.
   */
  secretsPassphrase?: string;
  /**
   * Answers for resources that are not dynamic resources (and for invokes), as with
   * `pulumi.runtime.setMocks`. By default a custom resource gets id `<name>_id` and its inputs as
   * outputs, and invokes are refused.
   */
  mocks?: Partial<pulumi.runtime.Mocks>;
  /** How long to wait for the host to start. Default 20 s. */
  hostStartTimeoutMs?: number;
  /**
   * Start a new dynamic-provider host for every operation, as the Pulumi CLI starts a new
   * provider process for every command, so nothing a provider keeps in memory (a read cache, a
   * client) survives from one operation to the next. Default true; false keeps one host for the
   * stack's lifetime, which is faster.
   */
  hostPerOperation?: boolean;
  /**
   * Which engine runs the program:
   * - `"double"` (default): the engine double of this package drives the dynamic-provider host;
   *   no Pulumi CLI is needed, and `providerCalls` lists every call made to the host;
   * - `"cli"`: the real Pulumi CLI through the Automation API (inline program, local file
   *   backend in a directory under `workDir`); fails when no CLI is found;
   * - `"auto"`: the CLI when one is found and no option only the double supports (`state`,
   *   `mocks`, `hostPerOperation`) is given, else the double.
   */
  engine?: "double" | "cli" | "auto";
  /**
   * The directory holding the `pulumi` executable for the `cli` engine. Default: the
   * `PULUMI_CLI_DIR` environment variable, else the first `pulumi` on `PATH`.
   */
  pulumiCli?: string;
  /**
   * How many resource operations run at once (`pulumi up --parallel`). Default: 4 × the number
   * of CPUs, the CLI's default.
   */
  parallel?: number;
}

/**
 * What happened to one resource. `create`, `update`, `replace`, `delete`, `same` as in a Pulumi
 * update; `read` for a resource declared with the `id` option; `import` for the `import` option;
 * `discard` for a read resource dropped without a Delete; `skipped` for a registration the engine
 * did not act on because an earlier step failed.
 */
export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "read" | "import" | "discard" | "skipped";

/**
 * One step of an operation.
 *
 * @example
 * ```ts
 * const result = await stack.preview();
 * expect(result.steps.find((s) => s.name === "www")).toMatchObject({ op: "update", changedProperties: ["ttl"] });
 * ```
 */
export interface StepResult {
  op: StepOp;
  urn: string;
  type: string;
  name: string;
  /**
   * Top-level properties that change: new inputs against the inputs in the state; for a refresh,
   * the properties whose live value differs from the state.
   */
  changedProperties: string[];
  /** Properties the provider's diff said force a replacement. */
  replaceProperties: string[];
  /** For `replace`: whether the old object was deleted before the new one was created. */
  deleteBeforeReplace?: boolean;
  /**
   * Outputs after the step. Secret values show as {@link SECRET}, as the CLI shows them; a
   * preview shows {@link UNKNOWN} where a value is not known yet. `stack.resource(name)` gives
   * the plain values.
   */
  outputs?: Record<string, unknown>;
  /** Paths of `outputs` that are secret. */
  secretOutputs?: string[];
}

/**
 * A call the engine double made to the provider host, in order.
 *
 * @example
 * ```ts
 * expect(result.providerCalls.map((c) => c.method)).not.toContain("create");
 * ```
 */
export interface ProviderCall {
  method: "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";
  urn?: string;
  id?: string;
}

/**
 * A step that failed.
 *
 * @example
 * ```ts
 * const failure: StepFailure | undefined = error.failures[0];
 * ```
 */
export interface StepFailure {
  urn: string;
  message: string;
  /** Property-level reasons from `check`. */
  checkFailures?: { property: string; reason: string }[];
  /** Set when the provider reported a partial failure (the resource stays in the state). */
  initFailure?: InitFailure;
}

/**
 * The summary of an operation, shaped after the Automation API's results.
 *
 * @example
 * ```ts
 * const result = await stack.up();
 * expect(result.resourceChanges).toEqual({ create: 2 });
 * ```
 */
export interface OperationResult {
  operation: "up" | "preview" | "refresh" | "destroy";
  /** Steps counted by operation, e.g. `{ create: 1, same: 3 }`. */
  resourceChanges: Partial<Record<StepOp, number>>;
  steps: StepResult[];
  /**
   * Stack outputs, with secret values shown as {@link SECRET}. Empty for refresh and destroy.
   * `stack.stackOutputs()` gives the plain values, as `pulumi stack output --show-secrets` does.
   */
  outputs: Record<string, unknown>;
  /** Paths of stack outputs that are secret. */
  secretOutputs: string[];
  diagnostics: Diagnostic[];
  /**
   * Every call the engine double made to the provider host, in order. Empty with the `cli`
   * engine: the real engine's calls to its provider process are not observable.
   */
  providerCalls: ProviderCall[];
}

/**
 * An operation failed. The state keeps whatever the engine would keep: completed steps, objects
 * that were created but failed to initialise, and every resource that was not deleted.
 *
 * @example
 * ```ts
 * await expect(stack.up()).rejects.toBeInstanceOf(DeploymentError);
 * ```
 */
export class DeploymentError extends Error {
  readonly operation: OperationResult["operation"];
  readonly failures: StepFailure[];
  readonly result: OperationResult;

  constructor(result: OperationResult, failures: StepFailure[]) {
    super(`${result.operation} failed:\n${failures.map((f) => `  ${f.urn}: ${f.message}`).join("\n")}`);
    this.name = "DeploymentError";
    this.operation = result.operation;
    this.failures = failures;
    this.result = result;
  }
}

/**
 * A resource from the state with plain values, for assertions.
 *
 * @example
 * ```ts
 * const web = stack.resource("web");
 * expect(web.outputs.password).toBe("s3cret");
 * expect(web.secretOutputs).toContain("password");
 * ```
 */
export interface ResourceView {
  urn: string;
  type: string;
  name: string;
  id: string;
  external: boolean;
  /** Checked inputs, without `__provider`. */
  inputs: Record<string, unknown>;
  /** Outputs, without `__provider`. */
  outputs: Record<string, unknown>;
  secretInputs: string[];
  secretOutputs: string[];
  dependencies: string[];
  initErrors: string[];
  /** The serialized provider (`__provider`) the host will use for this resource. */
  provider: string | undefined;
}

/** @internal What a deployment needs from its stack (implemented by `TestStack`). */
export interface DeploymentStack {
  /** The URN the engine gives a resource. */
  urnFor(type: string, name: string, parent: string | undefined): string;
  /** Configure's `args` and `variables` for the whole stack config. */
  configureRequest(): { args: WireMap; variables: Record<string, string> };
}

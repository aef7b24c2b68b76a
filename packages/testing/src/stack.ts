/**
 * A test stack: a program, its config and its state, run by the engine double of this package or
 * by the real Pulumi CLI (`engine` option), with the same operations and results either way.
 *
 * The engine double is NOT an engine for deployments: real deployments use the Pulumi CLI. It
 * reproduces, for the calls that cross the engine/provider boundary, what `pkg/resource/deploy`
 * (step generator, steps) and `sdk/go/common/resource/plugin/provider_plugin.go` do, and runs
 * the real dynamic-provider host of `@pulumi/pulumi` so a provider's serialized code,
 * `configure`, `check`, `diff`, `create`, `read`, `update` and `delete` run exactly as they would
 * under the CLI.
 */
import { existsSync, statSync } from "node:fs";
import * as path from "node:path";

import { findPulumiCli, type PulumiCli } from "./cli";
import { CliEngine } from "./cli-engine";
import { countSteps, nameOf, shownOutputs, toPlainRecord } from "./journal";
import { DoubleEngine } from "./double";
import type { NormalizedConfig, StackEngine } from "./engine";
import { writeStateFile, type StateDocument, type StateResource } from "./state";
import {
  DeploymentError,
  type DeploymentStack,
  type OperationResult,
  type PulumiProgram,
  type ResourceView,
  type StackConfig,
  type TestStackOptions,
} from "./types";
import { makeSecret, plainValue, secretPaths, SecretsCrypter, type WireMap } from "./wire";

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
const DEFAULT_PASSPHRASE = "pulumi-hosting-reseller-testing";
/** Options only the engine double can honour. */
const DOUBLE_ONLY = ["state", "mocks", "hostPerOperation"] as const;

/**
 * A stack run by the engine double or by the Pulumi CLI: a program, its config, its state.
 *
 * With the engine double (the default), this is a test double of the engine's provider calls,
 * not an engine: real deployments use the Pulumi CLI. Differences from the CLI worth knowing (see
 * `docs/testing.md`):
 * - a new provider host process serves each operation, as the CLI starts one per command
 *   (option `hostPerOperation: false` keeps one for the stack's lifetime, so module state inside
 *   providers then survives between operations); {@link setConfig} restarts it;
 * - aliases and `replaceWith` are not simulated (a warning diagnostic says so);
 * - non-dynamic resources are answered by mocks and kept out of the state;
 * - program runs are serialized per process, since the Pulumi runtime's state is global.
 *
 * Secrets. Under `pulumi.runtime.setMocks`, `mocks.newResource` receives inputs deserialized by
 * `rpc.deserializeProperties`: a secret stays wrapped (`{ [sig]: secretSig, value }`) but only at
 * the top level (a secret nested in an object or array makes the whole property secret), and the
 * resource options, `additionalSecretOutputs` among them, are not passed at all. So for dynamic
 * resources the double reads the registration request itself, where secrets sit exactly where
 * the program put them and the options are fields. It then does what the engine does: unwraps
 * secrets before they reach the host (which answers `acceptSecrets: false`), copies secretness
 * back onto outputs of the same name (recursing into objects; an array with a secret element is
 * secret as a whole), marks `additionalSecretOutputs`, and answers the program with secret
 * wrappers so its outputs are secret `Output`s. Limits: the program sees secretness per top-level
 * output (the Node SDK hoists nested secrets when it deserializes), non-dynamic resources get the
 * reduced `setMocks` view, and the state encrypts secrets with a passphrase (AES-256-GCM,
 * scrypt), not with Pulumi's secrets providers. Operation results never show a secret: they
 * print {@link SECRET} in its place.
 *
 * @example
 * ```ts
 * const stack = await createTestStack({ program, workDir, config: { "reseller:apiUrl": sim.url } });
 * try {
 *   expect((await stack.up()).resourceChanges).toEqual({ create: 1 });
 *   expect((await stack.preview()).resourceChanges).toEqual({ same: 1 });
 * } finally {
 *   await stack.destroy();
 *   await stack.close();
 * }
 * ```
 */
export class TestStack implements DeploymentStack {
  readonly project: string;
  readonly stackName: string;
  readonly workDir: string;
  /** Which engine runs the operations: the engine double, or the Pulumi CLI. */
  readonly engine: "double" | "cli";
  private program: PulumiProgram;
  private config: StackConfig;
  private readonly crypter: SecretsCrypter;
  /** Records with secrets encrypted: nothing secret sits in clear text between operations. */
  private records: StateResource[];
  private outputs: WireMap;
  private readonly runner: StackEngine;
  private running = false;
  private closed = false;

  /** @internal Use {@link createTestStack}. */
  constructor(options: TestStackOptions, cli?: PulumiCli) {
    this.project = options.project ?? options.state?.project ?? "test";
    this.stackName = options.stack ?? options.state?.stack ?? "test";
    if (options.state && (options.state.project !== this.project || options.state.stack !== this.stackName)) {
      // URNs embed project and stack: a mismatch would silently recreate every resource.
      throw new Error(`the state belongs to ${options.state.project}/${options.state.stack}, not ${this.project}/${this.stackName}`);
    }
    this.workDir = path.resolve(options.workDir);
    this.program = options.program;
    this.config = { ...(options.config ?? {}) };
    const passphrase = options.secretsPassphrase ?? DEFAULT_PASSPHRASE;
    this.crypter = new SecretsCrypter(passphrase, options.state?.secretsSalt);
    this.records = options.state ? structuredClone(options.state.resources) : [];
    this.outputs = options.state ? structuredClone(options.state.outputs) : {};
    // Fail now, not in the middle of an operation, when the passphrase is wrong.
    if (options.state) this.crypter.verify(options.state.secretsCheck);
    this.runner = cli
      ? new CliEngine({
          project: this.project,
          stackName: this.stackName,
          workDir: this.workDir,
          cli,
          passphrase,
          parallel: options.parallel,
        })
      : new DoubleEngine(this, options);
    this.engine = this.runner.kind;
  }

  /** The state document (secrets encrypted). A copy: changing it changes nothing. */
  get state(): StateDocument {
    return structuredClone({
      version: 1,
      project: this.project,
      stack: this.stackName,
      secretsSalt: this.crypter.salt,
      secretsCheck: this.crypter.check,
      outputs: this.outputs,
      resources: this.records,
    });
  }

  /**
   * A resource of the state with plain values, found by URN or by name.
   *
   * @example
   * ```ts
   * expect(stack.resource("www").outputs.ttl).toBe(300);
   * ```
   */
  resource(nameOrUrn: string): ResourceView {
    const matches = this.records.filter(
      (record) => !record.pendingDelete && (record.urn === nameOrUrn || nameOf(record.urn) === nameOrUrn),
    );
    if (matches.length !== 1) {
      throw new Error(
        matches.length === 0 ? `no resource '${nameOrUrn}' in the state` : `'${nameOrUrn}' names ${matches.length} resources; use the URN`,
      );
    }
    const record = matches[0] as StateResource;
    const inputs = this.crypter.open(record.inputs);
    const outputs = this.crypter.open(record.outputs);
    const provider = outputs.__provider ?? inputs.__provider;
    const providerText = provider === undefined ? undefined : plainValue(provider);
    return {
      urn: record.urn,
      type: record.type,
      name: nameOf(record.urn),
      id: record.id,
      external: record.external === true,
      inputs: toPlainRecord(inputs),
      outputs: toPlainRecord(outputs),
      secretInputs: secretPaths(inputs).filter((p) => p !== "__provider"),
      secretOutputs: secretPaths(outputs).filter((p) => p !== "__provider"),
      dependencies: [...record.dependencies],
      initErrors: [...(record.initErrors ?? [])],
      provider: typeof providerText === "string" ? providerText : undefined,
    };
  }

  /**
   * The stack outputs of the last successful `up`, with plain values (secrets included), as
   * `pulumi stack output --json --show-secrets` prints them.
   *
   * @example
   * ```ts
   * await stack.up();
   * expect(stack.stackOutputs().dbPassword).toBe("s3cret");
   * ```
   */
  stackOutputs(): Record<string, unknown> {
    return toPlainRecord(this.crypter.open(this.outputs), false);
  }

  /**
   * Replaces the program used by later `up` and `preview` runs.
   *
   * @example
   * ```ts
   * stack.setProgram(() => { new Record("a", { value: "changed" }); });
   * ```
   */
  setProgram(program: PulumiProgram): void {
    this.program = program;
  }

  /**
   * Replaces the stack config. With the engine double, the host is restarted before the next
   * operation because the real host calls a provider's `configure` only once per process.
   *
   * @example
   * ```ts
   * await stack.setConfig({ "reseller:apiUrl": otherSim.url });
   * ```
   */
  async setConfig(config: StackConfig): Promise<void> {
    this.config = { ...config };
    await this.runner.configChanged();
  }

  /**
   * Runs the program and applies the changes: creates, updates, replaces, then deletes what the
   * program no longer declares, in reverse dependency order.
   *
   * @example
   * ```ts
   * const result = await stack.up();
   * ```
   */
  up(): Promise<OperationResult> {
    return this.operation("up", false);
  }

  /**
   * Runs the program and reports what `up` would do, without Create, Update or Delete calls and
   * without changing the state. With `refresh: true`, refreshes first in memory (`pulumi preview
   * --refresh`), the usual drift check.
   *
   * @example
   * ```ts
   * const result = await stack.preview({ refresh: true });
   * expect(result.resourceChanges).toEqual({ same: 3 });
   * ```
   */
  preview(options: { refresh?: boolean } = {}): Promise<OperationResult> {
    return this.operation("preview", options.refresh === true);
  }

  /**
   * Reads every resource from the provider (in parallel, as the CLI does) and stores what it
   * returns: outputs, inputs when the provider's `read` returns them, and removal when it returns
   * an empty id.
   *
   * @example
   * ```ts
   * const result = await stack.refresh();
   * expect(result.steps[0]).toMatchObject({ op: "update", changedProperties: ["ttl"] });
   * ```
   */
  refresh(): Promise<OperationResult> {
    return this.operation("refresh", false);
  }

  /**
   * Deletes every resource, dependents first, unrelated ones in parallel. Read (external)
   * resources are dropped without a Delete, like `pulumi destroy` does, and so are resources
   * with `retainOnDelete` or whose `deletedWith` resource is deleted too; a protected resource
   * fails the destroy and stays, with what it depends on. The program is not run.
   *
   * @example
   * ```ts
   * const result = await stack.destroy();
   * expect(stack.state.resources).toHaveLength(0);
   * ```
   */
  destroy(): Promise<OperationResult> {
    return this.operation("destroy", false);
  }

  /**
   * Writes the state document as JSON (secrets encrypted).
   *
   * @example
   * ```ts
   * await stack.saveState(path.join(dir, "state.json"));
   * ```
   */
  async saveState(file: string): Promise<void> {
    await writeStateFile(file, this.state);
  }

  /**
   * Stops the provider host (engine double) or removes the CLI's working directory (CLI engine).
   * The state stays readable.
   *
   * @example
   * ```ts
   * afterAll(() => stack.close());
   * ```
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.runner.close();
  }

  /** @internal The URN the engine gives a resource (`resource.NewURN`): parent types chain, except the root stack's. */
  urnFor(type: string, name: string, parent: string | undefined): string {
    const parentType = parent?.split("::")[2];
    const qualified = parentType && parentType !== ROOT_STACK_TYPE ? `${parentType}$${type}` : type;
    return `urn:pulumi:${this.stackName}::${this.project}::${qualified}::${name}`;
  }

  /**
   * @internal Configure's `args` and `variables` for the whole stack config: `GetPackageConfig` in
   * `pkg/resource/deploy/target.go` keeps every key namespaced for dynamic providers and marks
   * secure values secret; `provider_plugin.go` `Configure` adds `variables` under
   * `pulumi-nodejs:config:<key>` with secrets removed.
   */
  configureRequest(): { args: WireMap; variables: Record<string, string> } {
    const args: WireMap = {};
    const variables: Record<string, string> = {};
    for (const [key, value] of Object.entries(this.normalizedConfig())) {
      args[key] = value.secret ? makeSecret(value.text) : value.text;
      variables[`pulumi-nodejs:config:${key}`] = value.text;
    }
    return { args, variables };
  }

  private normalizedConfig(): NormalizedConfig {
    const result: NormalizedConfig = {};
    for (const [rawKey, value] of Object.entries(this.config)) {
      const key = rawKey.includes(":") ? rawKey : `${this.project}:${rawKey}`;
      const secret = typeof value === "object" && value !== null;
      const raw = secret ? value.secret : value;
      result[key] = { text: typeof raw === "object" ? JSON.stringify(raw) : String(raw), secret };
    }
    return result;
  }

  private openRecords(): StateResource[] {
    return this.records.map((record) => ({
      ...structuredClone(record),
      inputs: this.crypter.open(record.inputs),
      outputs: this.crypter.open(record.outputs),
    }));
  }

  /** @internal Prepares the engine now, so a bad `workDir` or CLI fails in `createTestStack`. */
  async start(): Promise<void> {
    await this.runner.start();
  }

  private async operation(kind: OperationResult["operation"], refresh: boolean): Promise<OperationResult> {
    if (this.closed) throw new Error("the test stack is closed");
    if (this.running) throw new Error(`cannot start ${kind}: another operation of this stack is running`);
    this.running = true;
    try {
      const run = await this.runner.run({
        kind,
        refresh,
        records: this.openRecords(),
        program: this.program,
        config: this.normalizedConfig(),
      });
      if (run.records !== undefined) {
        this.records = run.records.map((record) => ({
          ...record,
          inputs: this.crypter.seal(record.inputs),
          outputs: this.crypter.seal(record.outputs),
        }));
      }
      if (run.outputs !== undefined && kind !== "preview") this.outputs = this.crypter.seal(run.outputs);
      const shown = kind === "up" || kind === "preview" ? shownOutputs(run.shownOutputs) : { outputs: {}, secretOutputs: [] };
      const result: OperationResult = {
        operation: kind,
        resourceChanges: countSteps(run.steps),
        steps: run.steps,
        outputs: shown.outputs,
        secretOutputs: shown.secretOutputs,
        diagnostics: run.diagnostics,
        providerCalls: run.providerCalls,
      };
      if (run.failures.length > 0) throw new DeploymentError(result, run.failures);
      return result;
    } finally {
      this.running = false;
    }
  }
}

/**
 * Creates a {@link TestStack} and starts its engine: the dynamic-provider host in `workDir` for
 * the engine double, the Pulumi CLI's workspace under `workDir` for the CLI engine.
 *
 * @example
 * ```ts
 * import { createTestStack } from "pulumi-hosting-reseller/testing";
 *
 * const stack = await createTestStack({
 *   workDir: programDir,
 *   config: { "reseller:apiUrl": sim.url, "reseller:apiUser": sim.apiUser, "reseller:apiKey": { secret: sim.apiKey } },
 *   program: () => {
 *     const record = new DnsRecordSet("www", { domain: "agency-demo.com", name: "www", type: "A", records: ["192.0.2.10"] });
 *     return { fqdn: record.fqdn };
 *   },
 * });
 * const result = await stack.up();
 * ```
 */
export async function createTestStack(options: TestStackOptions): Promise<TestStack> {
  if (!existsSync(options.workDir) || !statSync(options.workDir).isDirectory()) {
    throw new Error(`workDir ${options.workDir} is not a directory`);
  }
  const stack = new TestStack(options, chooseCli(options));
  await stack.start();
  return stack;
}

/** The CLI the `engine` option asks for, or undefined for the engine double. */
function chooseCli(options: TestStackOptions): PulumiCli | undefined {
  const engine = options.engine ?? "double";
  if (engine === "double") return undefined;
  const doubleOnly = DOUBLE_ONLY.filter((option) => options[option] !== undefined);
  if (engine === "auto" && doubleOnly.length > 0) return undefined;
  const cli = options.pulumiCli !== undefined ? findPulumiCli({ dir: options.pulumiCli }) : findPulumiCli();
  if (engine === "auto") return cli;
  if (doubleOnly.length > 0) throw new Error(`engine "cli" cannot honour ${doubleOnly.join(", ")}: only the engine double can`);
  if (!cli) {
    throw new Error('engine "cli": no Pulumi CLI found (set PULUMI_CLI_DIR, put pulumi on PATH, or pass pulumiCli)');
  }
  return cli;
}

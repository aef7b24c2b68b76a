/**
 * The `cli` engine of a test stack: the real Pulumi CLI, driven through the Automation API with
 * an inline program, on a local file backend with a passphrase, without network.
 *
 * The program runs in this process (the Automation API serves the language runtime itself and
 * passes its address to the CLI), so it is the very closure the test wrote; the CLI starts the
 * dynamic-provider host (the `pulumi-resource-pulumi-nodejs` launcher next to `pulumi`), which
 * resolves `@pulumi/pulumi` and the modules a provider requires from the workspace directory.
 * That directory is therefore created inside `workDir` (`.pulumi-testing/<stack>-<random>/`),
 * together with the backend and a `PULUMI_HOME` of its own, and removed by `close()`.
 *
 * What the result shows is read from the engine's events (one step per resource, as
 * `pulumi up` displays it) and, after each operation, from `pulumi stack export --show-secrets`
 * (the state, with secrets re-encrypted by the stack's passphrase before they are kept).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

import type * as automation from "@pulumi/pulumi/automation";
import type * as pulumiRuntime from "@pulumi/pulumi/runtime";

import type { PulumiCli } from "./cli";
import { shownOutputs } from "./journal";
import { defaultParallel } from "./double";
import type { EngineRun, NormalizedConfig, OperationInput, StackEngine } from "./engine";
import { classifyProviderLine, type Diagnostic } from "./host";
import { exclusive } from "./program";
import type { StateResource } from "./state";
import type { PulumiProgram, StepFailure, StepOp, StepResult } from "./types";
import { changedKeys, SECRET_SIG, SIG_KEY, type WireMap, type WireValue } from "./wire";

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

export interface CliEngineOptions {
  project: string;
  stackName: string;
  workDir: string;
  cli: PulumiCli;
  passphrase: string;
  parallel: number | undefined;
}

/** A resource of `pulumi stack export` (apitype `ResourceV3`), the fields the toolkit reads. */
interface ExportedResource {
  urn: string;
  custom: boolean;
  delete?: boolean;
  id?: string;
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  parent?: string;
  protect?: boolean;
  external?: boolean;
  dependencies?: string[];
  initErrors?: string[];
  propertyDependencies?: Record<string, string[]>;
  pendingReplacement?: boolean;
  additionalSecretOutputs?: string[];
  retainOnDelete?: boolean;
  deletedWith?: string;
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
}

/**
 * A property value from the CLI in wire form: secrets arrive as `{ [sig], plaintext }` from
 * `stack export --show-secrets`, as `{ [sig], ciphertext: "[secret]" }` in events without
 * `--show-secrets`; both become `{ [sig], value }` (the latter with the mask as its value).
 */
export function fromEngineValue(value: unknown): WireValue {
  if (Array.isArray(value)) return value.map(fromEngineValue);
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    if (object[SIG_KEY] === SECRET_SIG) {
      const inner =
        typeof object.plaintext === "string"
          ? (JSON.parse(object.plaintext) as unknown)
          : "value" in object
            ? object.value
            : object.ciphertext;
      return { [SIG_KEY]: SECRET_SIG, value: fromEngineValue(inner) };
    }
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, fromEngineValue(item)]));
  }
  return value === undefined ? null : (value as WireValue);
}

function fromEngineMap(map: Record<string, unknown> | undefined): WireMap {
  return (map ? fromEngineValue(map) : {}) as WireMap;
}

/**
 * Fields of an exported resource a record carries only when set (an empty list counts as unset);
 * two lists so the record's fields keep the double's order. The export's `delete` is the
 * record's `pendingDelete`.
 */
const SET_BEFORE_INPUTS = ["external", "retainOnDelete", "protect", "deletedWith", "ignoreChanges", "replaceOnChanges"] as const;
const SET_AFTER_INPUTS = ["initErrors", "delete", "pendingReplacement"] as const;

function setFields(resource: ExportedResource, fields: readonly (keyof ExportedResource)[]): Partial<StateResource> {
  const set: Record<string, unknown> = {};
  for (const field of fields) {
    const value = resource[field];
    if (Array.isArray(value) ? value.length > 0 : value) set[field === "delete" ? "pendingDelete" : field] = value;
  }
  return set as Partial<StateResource>;
}

/** The records of the toolkit's state from an exported deployment: custom resources only, as the engine double keeps them. */
export function recordsFromExport(resources: readonly ExportedResource[]): { records: StateResource[]; outputs: WireMap } {
  const records: StateResource[] = [];
  let outputs: WireMap = {};
  for (const resource of resources) {
    if (resource.type === ROOT_STACK_TYPE) {
      outputs = fromEngineMap(resource.outputs);
      continue;
    }
    if (!resource.custom || resource.type.startsWith("pulumi:providers:")) continue;
    const parent = resource.parent && resource.parent.split("::")[2] !== ROOT_STACK_TYPE ? resource.parent : undefined;
    records.push({
      urn: resource.urn,
      type: resource.type,
      id: resource.id ?? "",
      ...(parent ? { parent } : {}),
      ...setFields(resource, SET_BEFORE_INPUTS),
      inputs: fromEngineMap(resource.inputs),
      outputs: fromEngineMap(resource.outputs),
      dependencies: resource.dependencies ?? [],
      propertyDependencies: resource.propertyDependencies ?? {},
      additionalSecretOutputs: resource.additionalSecretOutputs ?? [],
      ...setFields(resource, SET_AFTER_INPUTS),
    });
  }
  return { records, outputs };
}

/** The state before and after an operation, from `stack export --show-secrets`. */
type States = { before: readonly StateResource[]; after: readonly StateResource[] };

interface Tracked {
  urn: string;
  type: string;
  /** Ops of the pre-step events, in order. */
  ops: string[];
  done: automation.StepEventMetadata | undefined;
  first: automation.StepEventMetadata;
  failed: boolean;
}

/**
 * One step per resource, as the engine double reports them, from the engine's events: a
 * replacement's create, replace and delete events make one `replace`; the root stack, provider
 * and component resources are left out (the double keeps only custom resources); a step that
 * failed is reported among the failures instead.
 */
export function stepsFromEvents(kind: OperationInput["kind"], events: readonly automation.EngineEvent[], states?: States): StepResult[] {
  const steps: StepResult[] = [];
  for (const entry of trackedResources(kind, events).values()) {
    const op = entry.failed ? undefined : logicalOp(kind, entry);
    if (op) steps.push(stepOf(kind, op, entry, states));
  }
  return steps;
}

/** The event's resource when it is one the double reports on: a custom resource, not a provider. */
function reportedMetadata(kind: OperationInput["kind"], event: automation.EngineEvent): automation.StepEventMetadata | undefined {
  const metadata = event.resourcePreEvent?.metadata ?? event.resOutputsEvent?.metadata ?? event.resOpFailedEvent?.metadata;
  if (!metadata || metadata.type === ROOT_STACK_TYPE || metadata.type.startsWith("pulumi:providers:")) return undefined;
  if ((metadata.new ?? metadata.old)?.custom === false) return undefined;
  // `preview --refresh` shows the refresh's steps too; the double reports the update's only.
  return kind === "preview" && metadata.op === "refresh" ? undefined : metadata;
}

function trackedResources(kind: OperationInput["kind"], events: readonly automation.EngineEvent[]): Map<string, Tracked> {
  const tracked = new Map<string, Tracked>();
  for (const event of events) {
    const metadata = reportedMetadata(kind, event);
    if (!metadata) continue;
    let entry = tracked.get(metadata.urn);
    if (!entry) {
      entry = { urn: metadata.urn, type: metadata.type, ops: [], done: undefined, first: metadata, failed: false };
      tracked.set(metadata.urn, entry);
    }
    if (event.resourcePreEvent) entry.ops.push(metadata.op);
    if (event.resOutputsEvent) entry.done = metadata;
    if (event.resOpFailedEvent) entry.failed = true;
  }
  return tracked;
}

function stepOf(kind: OperationInput["kind"], op: StepOp, entry: Tracked, states: States | undefined): StepResult {
  const metadata = entry.done ?? entry.first;
  const newState = metadata.new;
  const changedProperties = op === "update" || op === "replace" ? changedPropertiesOf(kind, entry.urn, metadata, states) : [];
  const replaceProperties = op === "replace" ? [...(metadata.keys ?? [])] : [];
  return {
    op,
    urn: entry.urn,
    type: entry.type,
    name: entry.urn.split("::").slice(3).join("::"),
    changedProperties: [...new Set([...changedProperties, ...replaceProperties])].sort(),
    replaceProperties: replaceProperties.sort(),
    ...(op === "replace" ? { deleteBeforeReplace: deletedFirst(entry.ops) } : {}),
    ...(newState && op !== "delete" && op !== "discard" ? shownOutputs(fromEngineMap(newState.outputs)) : {}),
  };
}

function changedPropertiesOf(
  kind: OperationInput["kind"],
  urn: string,
  metadata: automation.StepEventMetadata,
  states: States | undefined,
): string[] {
  // Events show secrets masked, so a changed secret is found by comparing the states before
  // and after the operation (which `stack export --show-secrets` gives in clear) when there
  // are both; a preview has only the events.
  const live = (records: readonly StateResource[]): StateResource | undefined =>
    records.find((record) => record.urn === urn && !record.pendingDelete);
  const before = states ? live(states.before) : undefined;
  const after = states ? live(states.after) : undefined;
  const [older, newer] =
    before && after
      ? [before, after]
      : [
          { inputs: fromEngineMap(metadata.old?.inputs), outputs: fromEngineMap(metadata.old?.outputs) },
          { inputs: fromEngineMap(metadata.new?.inputs), outputs: fromEngineMap(metadata.new?.outputs) },
        ];
  const changed = metadata.diffs?.length ? [...metadata.diffs] : changedKeys(older.inputs, newer.inputs);
  return changed.length === 0 && kind === "refresh" ? changedKeys(older.outputs, newer.outputs) : changed;
}

function deletedFirst(ops: readonly string[]): boolean {
  const deleted = ops.indexOf("delete-replaced");
  const created = ops.indexOf("create-replacement");
  return deleted !== -1 && (created === -1 || deleted < created);
}

function logicalOp(kind: OperationInput["kind"], entry: Tracked): StepOp | undefined {
  if (kind === "refresh") {
    const op = entry.done?.op;
    return op === "same" || op === "update" || op === "delete" ? op : undefined;
  }
  const ops = entry.ops;
  if (ops.includes("create-replacement") || ops.includes("replace")) return "replace";
  if (ops.includes("read-replacement")) return "read";
  if (ops.includes("import-replacement")) return "import";
  for (const op of ops) {
    if (op === "create" || op === "update" || op === "same" || op === "delete" || op === "read" || op === "import") return op;
    if (op === "discard" || op === "read-discard") return "discard";
  }
  // Left: only the deletion of an object a replacement left behind, which the double shows as
  // part of the replacement rather than as a step of its own.
  return undefined;
}

/** `%v resource '%v': property %v value %v has a problem: %v` (`diag.GetResourcePropertyInvalidValueError`). */
const CHECK_FAILURE = /property (\S+) value .* has a problem: (.*)$/;

/** Failures per resource from the engine's error diagnostics. */
export function failuresFromEvents(events: readonly automation.EngineEvent[]): StepFailure[] {
  const byUrn = new Map<string, StepFailure>();
  for (const event of events) {
    const diagnostic = event.diagnosticEvent;
    if (!diagnostic || diagnostic.severity !== "error" || !diagnostic.urn) continue;
    const message = diagnostic.message.replace(/^error: /, "").trim();
    const check = CHECK_FAILURE.exec(message);
    const existing = byUrn.get(diagnostic.urn);
    if (existing) {
      if (check) existing.checkFailures = [...(existing.checkFailures ?? []), { property: check[1] as string, reason: check[2] as string }];
      continue;
    }
    byUrn.set(diagnostic.urn, {
      urn: diagnostic.urn,
      message,
      ...(check ? { checkFailures: [{ property: check[1] as string, reason: check[2] as string }] } : {}),
    });
  }
  return [...byUrn.values()];
}

/**
 * The engine's diagnostics as the toolkit reports them. A plugin's stdout and stderr reach the
 * engine as info messages (`Infof`, `Infoerrf` in `sdk/go/common/resource/plugin/plugin.go`);
 * lines a provider writes as `warning: ...` or `error: ...` are given that severity, as the
 * engine double does.
 */
export function diagnosticsFromEvents(events: readonly automation.EngineEvent[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const event of events) {
    const diagnostic = event.diagnosticEvent;
    if (!diagnostic || (diagnostic.severity as string) === "debug") continue;
    const message = diagnostic.message.trimEnd();
    if (message === "") continue;
    const urn = diagnostic.urn ? { urn: diagnostic.urn } : {};
    if (diagnostic.severity === "info" || diagnostic.severity === "info#err") {
      diagnostics.push({
        ...classifyProviderLine(message),
        source: diagnostic.severity === "info" ? "host-stdout" : "host-stderr",
        ...urn,
      });
    } else {
      diagnostics.push({ severity: diagnostic.severity, message, source: "engine", ...urn });
    }
  }
  return diagnostics;
}

export class CliEngine implements StackEngine {
  readonly kind = "cli";
  private dir: string | undefined;
  private stack: automation.Stack | undefined;
  private workspace: automation.LocalWorkspace | undefined;
  private program: PulumiProgram = () => undefined;
  private appliedConfig: NormalizedConfig | undefined;
  /** The gRPC clients of the run under way, closed when its operation ends (see {@link run}). */
  private runClients: { close(): void }[] = [];

  constructor(private readonly options: CliEngineOptions) {}

  async start(): Promise<void> {
    // Loaded on first use: the Automation API is only needed by this engine.
    const sdk = createRequire(require.resolve("@pulumi/pulumi/package.json"));
    const auto = sdk("./automation") as typeof automation;
    const runtime = sdk("./runtime") as typeof pulumiRuntime;
    const parent = path.join(this.options.workDir, ".pulumi-testing");
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(path.join(parent, `${this.options.stackName}-`));
    this.dir = dir;
    const [project, backend, home, root] = ["project", "backend", "home", "cli"].map((name) => path.join(dir, name)) as [
      string,
      string,
      string,
      string,
    ];
    for (const each of [project, backend, home, root]) mkdirSync(each, { recursive: true });
    // `PulumiCommand.get({ root })` runs `<root>/bin/pulumi` and puts that directory first on the
    // PATH of every command, where the CLI then finds the dynamic-provider launcher.
    symlinkSync(this.options.cli.dir, path.join(root, "bin"));
    const pulumiCommand = await auto.PulumiCommand.get({ root });
    const stack = await auto.LocalWorkspace.createOrSelectStack(
      {
        projectName: this.options.project,
        stackName: this.options.stackName,
        program: async () => {
          // An inline run keeps its engine and monitor clients in its own store, and the SDK's
          // disconnect at the end of the run closes only the process-wide ones (runtime/settings.js
          // `disconnectSync`, @pulumi/pulumi 3.248). Left open, each client's DNS resolver keeps
          // the run's async context, and with it every resource the run built: a test process
          // running many operations would grow by a stack's worth each time. Asked for here,
          // inside the run, they are the run's own, and `run` closes them when the operation ends.
          for (const client of [runtime.getMonitor(), runtime.getEngine()]) if (isClosable(client)) this.runClients.push(client);
          return (await this.program()) as Record<string, unknown> | undefined;
        },
      },
      {
        workDir: project,
        pulumiCommand,
        projectSettings: { name: this.options.project, runtime: "nodejs", backend: { url: `file://${backend}` } },
        envVars: {
          PULUMI_BACKEND_URL: `file://${backend}`,
          PULUMI_CONFIG_PASSPHRASE: this.options.passphrase,
          PULUMI_HOME: home,
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
          PULUMI_SKIP_CONFIRMATIONS: "true",
        },
      },
    );
    this.stack = stack;
    this.workspace = stack.workspace as automation.LocalWorkspace;
  }

  async configChanged(): Promise<void> {
    // The CLI starts its providers anew for every operation; the config is written before it.
  }

  async close(): Promise<void> {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }

  async run(input: OperationInput): Promise<EngineRun> {
    const stack = this.stack;
    if (!stack) throw new Error("the CLI engine is not started");
    await this.applyConfig(stack, input.config);
    this.program = input.program;
    const events: automation.EngineEvent[] = [];
    const common = {
      onEvent: (event: automation.EngineEvent) => events.push(event),
      parallel: this.options.parallel ?? defaultParallel(),
      color: "never" as const,
    };
    let error: unknown;
    try {
      switch (input.kind) {
        case "up":
          await exclusive(() => stack.up({ ...common, showSecrets: true }));
          break;
        case "preview":
          await exclusive(() => stack.preview({ ...common, refresh: input.refresh }));
          break;
        case "refresh":
          await stack.refresh({ ...common, showSecrets: true });
          break;
        case "destroy":
          await stack.destroy({ ...common, showSecrets: true });
          break;
      }
    } catch (thrown) {
      error = thrown;
    } finally {
      for (const client of this.runClients.splice(0)) client.close();
    }
    const exported = input.kind === "preview" ? undefined : await this.exportState(stack);
    const steps = stepsFromEvents(input.kind, events, exported ? { before: input.records, after: exported.records } : undefined);
    const failures = failuresFromEvents(events).map((failure) => withInitFailure(failure, exported?.records ?? []));
    if (error !== undefined && failures.length === 0) {
      failures.push({
        urn: `urn:pulumi:${this.options.stackName}::${this.options.project}::${ROOT_STACK_TYPE}::${this.options.project}-${this.options.stackName}`,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    return {
      records: exported?.records,
      outputs: exported?.outputs,
      shownOutputs: exported?.outputs ?? stackOutputsFromEvents(events),
      steps,
      diagnostics: diagnosticsFromEvents(events),
      providerCalls: [],
      failures,
    };
  }

  private async applyConfig(stack: automation.Stack, config: NormalizedConfig): Promise<void> {
    if (this.appliedConfig && JSON.stringify(this.appliedConfig) === JSON.stringify(config)) return;
    const gone = Object.keys(this.appliedConfig ?? {}).filter((key) => !(key in config));
    if (gone.length > 0) await stack.removeAllConfig(gone);
    await stack.setAllConfig(
      Object.fromEntries(Object.entries(config).map(([key, value]) => [key, { value: value.text, secret: value.secret }])),
    );
    this.appliedConfig = config;
  }

  private async exportState(stack: automation.Stack): Promise<{ records: StateResource[]; outputs: WireMap }> {
    const workspace = this.workspace;
    if (!workspace) throw new Error("the CLI engine is not started");
    // `exportStack` runs `pulumi stack export --show-secrets`.
    const deployment = await workspace.exportStack(stack.name);
    const resources = (deployment.deployment as { resources?: ExportedResource[] } | undefined)?.resources ?? [];
    return recordsFromExport(resources);
  }
}

/** A gRPC client (the SDK types its clients by their RPCs alone). */
function isClosable(client: unknown): client is { close(): void } {
  return typeof (client as { close?: unknown } | undefined)?.close === "function";
}

/** A failure of a resource the engine kept with init errors: the provider reported a partial failure. */
function withInitFailure(failure: StepFailure, records: readonly StateResource[]): StepFailure {
  const record = records.find((each) => each.urn === failure.urn && !each.pendingDelete && (each.initErrors?.length ?? 0) > 0);
  if (!record) return failure;
  return { ...failure, initFailure: { id: record.id, properties: record.outputs, reasons: record.initErrors ?? [] } };
}

/** A preview's stack outputs: the root stack's outputs event. */
function stackOutputsFromEvents(events: readonly automation.EngineEvent[]): WireMap {
  let outputs: WireMap = {};
  for (const event of events) {
    const metadata = event.resOutputsEvent?.metadata;
    if (metadata?.type === ROOT_STACK_TYPE && metadata.new) outputs = fromEngineMap(metadata.new.outputs);
  }
  return outputs;
}

/**
 * One operation's worth of engine work against the provider host: the step generation and steps
 * of `pkg/resource/deploy` (`step_generator.go`, `step.go`) for dynamic resources. How each
 * provider call is marshalled is `provider-calls.ts`.
 */
import { createRequire } from "node:module";

import * as resourceProto from "@pulumi/pulumi/proto/resource_pb";

import type { Diagnostic, ProviderHost } from "./host";
import { ProviderClient, StepFailed } from "./provider-calls";
import { deletionOrder, type StateResource } from "./state";
import type { DeploymentStack, ProviderCall, StepFailure, StepOp, StepResult } from "./types";
import { applyAdditionalSecretOutputs, containsUnknowns, plainValue, UNKNOWN, type WireMap } from "./wire";

const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi/package.json"));
const structProto = pulumiRequire("google-protobuf/google/protobuf/struct_pb") as typeof import("google-protobuf/google/protobuf/struct_pb");

/** Resource types the dynamic-provider host serves (`pulumi-nodejs:dynamic:Resource` or `pulumi-nodejs:dynamic/<module>:<Type>`). */
export const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic[:/]/;

interface Goal {
  urn: string;
  type: string;
  name: string;
  parent: string | undefined;
  inputs: WireMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs: string[];
  deleteBeforeReplace: boolean | undefined;
  retainOnDelete: boolean | undefined;
}

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

/** `{ create: 1, same: 2 }` from the steps. */
export function countSteps(steps: StepResult[]): Partial<Record<StepOp, number>> {
  const counts: Partial<Record<StepOp, number>> = {};
  for (const step of steps) counts[step.op] = (counts[step.op] ?? 0) + 1;
  return counts;
}

function toStruct(map: WireMap): import("google-protobuf/google/protobuf/struct_pb").Struct {
  return structProto.Struct.fromJavaScript(map);
}

/**
 * One operation's worth of engine work: the "deployment" of `pkg/resource/deploy`. It reads the
 * records it starts from, never the stack's, and hands back the records it ends with; the stack
 * decides whether to keep them (a preview does not).
 */
export class Deployment {
  readonly steps: StepResult[] = [];
  readonly failures: StepFailure[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Set after the first failure: like the engine without `--continue-on-error`, no new steps start. */
  halted = false;
  private readonly olds: Map<string, StateResource>;
  private readonly news: StateResource[] = [];
  /** URNs in the order the program registered them: the order of the new state. */
  private readonly seen = new Set<string>();
  private readonly failedUrns = new Set<string>();
  /** Old objects to delete at the end: replaced ones, and ones a failed run left pending. */
  private readonly pendingDeletes: StateResource[];
  private readonly deleted = new Set<StateResource>();

  constructor(
    private readonly stack: DeploymentStack,
    private readonly client: ProviderClient,
    private readonly records: StateResource[],
    private readonly preview: boolean,
  ) {
    this.olds = new Map(records.filter((record) => !record.pendingDelete).map((record) => [record.urn, record]));
    this.pendingDeletes = records.filter((record) => record.pendingDelete === true);
  }

  // ---- steps ----

  private record(step: Omit<StepResult, "type" | "name" | "changedProperties" | "replaceProperties"> & Partial<StepResult>): void {
    const type = step.type ?? this.olds.get(step.urn)?.type ?? "";
    this.steps.push({
      changedProperties: [],
      replaceProperties: [],
      ...step,
      type,
      name: nameOf(step.urn),
    });
  }

  private fail(urn: string, error: unknown): void {
    this.halted = true;
    this.failedUrns.add(urn);
    const message = error instanceof Error ? error.message : String(error);
    const detail = error instanceof StepFailed ? error.detail : {};
    this.failures.push({ urn, message, ...detail });
  }

  private goalOf(request: resourceProto.RegisterResourceRequest): Goal {
    const type = request.getType();
    const name = request.getName();
    const parent = request.getParent() || undefined;
    const propertyDependencies: Record<string, string[]> = {};
    request.getPropertydependenciesMap().forEach((entry, key) => {
      propertyDependencies[key] = entry.getUrnsList();
    });
    return {
      urn: this.stack.urnFor(type, name, parent),
      type,
      name,
      parent,
      inputs: request.getObject()?.toJavaScript() ?? {},
      dependencies: request.getDependenciesList(),
      propertyDependencies,
      additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
      deleteBeforeReplace: request.getDeletebeforereplacedefined() ? request.getDeletebeforereplace() : undefined,
      retainOnDelete: request.hasRetainondelete() ? request.getRetainondelete() : undefined,
    };
  }

  /** Options the engine honours that this double does not simulate: say so rather than ignore them silently. */
  private noteUnsupportedOptions(request: resourceProto.RegisterResourceRequest, urn: string): void {
    const unsupported: string[] = [];
    if (request.getProtect()) unsupported.push("protect");
    if (request.getIgnorechangesList().length > 0) unsupported.push("ignoreChanges");
    if (request.getReplaceonchangesList().length > 0) unsupported.push("replaceOnChanges");
    if (request.getAliasesList().length > 0 || request.getAliasurnsList().length > 0) unsupported.push("aliases");
    if (request.getDeletedwith()) unsupported.push("deletedWith");
    // `replaceWith` is recent (absent from older @pulumi/pulumi in the peer range).
    if (typeof request.getReplaceWithList === "function" && request.getReplaceWithList().length > 0) unsupported.push("replaceWith");
    if (unsupported.length > 0) {
      this.diagnostics.push({
        severity: "warning",
        source: "engine",
        urn,
        message: `resource options not simulated by the test engine: ${unsupported.join(", ")}`,
      });
    }
  }

  private newRecord(goal: Goal, id: string, inputs: WireMap, outputs: WireMap, initErrors?: string[]): StateResource {
    return {
      urn: goal.urn,
      type: goal.type,
      id,
      ...(goal.parent ? { parent: goal.parent } : {}),
      ...(goal.retainOnDelete !== undefined ? { retainOnDelete: goal.retainOnDelete } : {}),
      ...(goal.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: goal.deleteBeforeReplace } : {}),
      inputs,
      outputs,
      dependencies: goal.dependencies,
      propertyDependencies: goal.propertyDependencies,
      additionalSecretOutputs: goal.additionalSecretOutputs,
      ...(initErrors && initErrors.length > 0 ? { initErrors } : {}),
    };
  }

  /** The monitor hook for `RegisterResource`: dynamic custom resources only. */
  registerResource(request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> | undefined {
    if (!request.getCustom() || !DYNAMIC_TYPE.test(request.getType())) return undefined;
    return this.register(this.goalOf(request), request);
  }

  private async register(goal: Goal, request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> {
    const response = new resourceProto.RegisterResourceResponse();
    response.setUrn(goal.urn);
    this.noteUnsupportedOptions(request, goal.urn);
    const old = this.olds.get(goal.urn);
    if (this.seen.has(goal.urn)) {
      this.fail(goal.urn, new Error(`duplicate resource URN '${goal.urn}'; try giving it a unique name`));
      response.setResult(resourceProto.Result.FAIL);
      return response;
    }
    this.seen.add(goal.urn);
    // After a failure the engine starts no new step; a registration whose inputs are unknown
    // outside a preview can only come from a dependency that failed.
    const blocked =
      this.halted ||
      goal.dependencies.some((urn) => this.failedUrns.has(urn)) ||
      (!this.preview && containsUnknowns(goal.inputs));
    if (blocked) {
      if (old) this.news.push(old);
      this.record({ op: "skipped", urn: goal.urn, type: goal.type });
      response.setResult(resourceProto.Result.SKIP);
      return response;
    }
    try {
      const importId = request.getImportid();
      const answer = importId
        ? await this.importResource(goal, importId)
        : !old || old.external
          ? await this.createResource(goal)
          : await this.updateResource(goal, old);
      response.setId(answer.id);
      response.setObject(toStruct(answer.outputs));
      response.setResult(resourceProto.Result.SUCCESS);
    } catch (error) {
      this.fail(goal.urn, error);
      // A failed step keeps the old state (unless the old object is already deleted); a partial
      // failure has already recorded the new object.
      if (old && !this.deleted.has(old) && !this.news.some((record) => record.urn === goal.urn)) this.news.push(old);
      response.setResult(resourceProto.Result.FAIL);
    }
    return response;
  }

  private async createResource(goal: Goal): Promise<{ id: string; outputs: WireMap }> {
    const checked = await this.client.check(goal.urn, {}, goal.inputs);
    const protocol = await this.client.configured();
    if (this.preview && !protocol.supportsPreview) {
      // A host without preview support is not called: the engine hands the inputs back as the
      // state, so outputs not among the inputs are unknown to the program.
      const outputs = applyAdditionalSecretOutputs(checked, goal.additionalSecretOutputs);
      this.record({ op: "create", urn: goal.urn, type: goal.type, outputs: toPlainRecord(outputs) });
      return { id: "", outputs };
    }
    const created = await this.keepingPartialFailure(goal, checked, undefined, () =>
      this.client.create(goal.urn, checked, goal.additionalSecretOutputs, this.preview),
    );
    this.news.push(this.newRecord(goal, created.id, checked, created.outputs));
    this.record({ op: "create", urn: goal.urn, type: goal.type, outputs: toPlainRecord(created.outputs) });
    return created;
  }

  /**
   * Runs a Create or Update; when the provider reports a partial failure (an error carrying
   * `id`), records the object with the failure's properties and reasons, as `CreateStep` and
   * `UpdateStep` do, before failing the step.
   */
  private async keepingPartialFailure<T>(goal: Goal, inputs: WireMap, oldId: string | undefined, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const initFailure = error instanceof StepFailed ? error.detail.initFailure : undefined;
      if (initFailure) {
        this.news.push(this.newRecord(goal, initFailure.id || oldId || "", inputs, initFailure.properties, initFailure.reasons));
      }
      throw error;
    }
  }

  private async updateResource(goal: Goal, old: StateResource): Promise<{ id: string; outputs: WireMap }> {
    const checked = await this.client.check(goal.urn, old.inputs, goal.inputs);
    const diff = await this.client.diff(old, checked);
    const protocol = await this.client.configured();
    if (diff.replaces.length > 0) {
      // An explicit deleteBeforeReplace option wins over the provider's answer
      // (`deleteBeforeReplaceDefined` exists to tell "false" from "unset").
      const deleteBeforeReplace = goal.deleteBeforeReplace ?? diff.deleteBeforeReplace;
      // The engine re-runs Check with no old inputs for the replacement.
      const fresh = await this.client.check(goal.urn, {}, goal.inputs);
      const step = {
        op: "replace" as const,
        urn: goal.urn,
        type: goal.type,
        changedProperties: diff.changedProperties,
        replaceProperties: diff.replaces,
        deleteBeforeReplace,
      };
      if (this.preview && !protocol.supportsPreview) {
        const outputs = applyAdditionalSecretOutputs(fresh, goal.additionalSecretOutputs);
        this.record({ ...step, outputs: toPlainRecord(outputs) });
        return { id: "", outputs };
      }
      if (deleteBeforeReplace && !this.preview) {
        await this.client.delete(old);
        this.deleted.add(old);
      }
      const created = await this.keepingPartialFailure(goal, fresh, undefined, () =>
        this.client.create(goal.urn, fresh, goal.additionalSecretOutputs, this.preview),
      );
      if (!deleteBeforeReplace && !this.preview) this.pendingDeletes.push({ ...old, pendingDelete: true });
      this.news.push(this.newRecord(goal, created.id, fresh, created.outputs));
      this.record({ ...step, outputs: toPlainRecord(created.outputs) });
      return created;
    }
    // A resource whose last create or update partially failed is updated even without a diff.
    if (diff.changes === "some" || (old.initErrors?.length ?? 0) > 0) {
      const step = { op: "update" as const, urn: goal.urn, type: goal.type, changedProperties: diff.changedProperties };
      if (this.preview && !protocol.supportsPreview) {
        const outputs = applyAdditionalSecretOutputs(checked, goal.additionalSecretOutputs);
        this.record({ ...step, outputs: toPlainRecord(outputs) });
        return { id: old.id, outputs };
      }
      const outputs = await this.keepingPartialFailure(goal, checked, old.id, () =>
        this.client.update(old, checked, goal.additionalSecretOutputs, this.preview),
      );
      this.news.push(this.newRecord(goal, old.id, checked, outputs));
      this.record({ ...step, outputs: toPlainRecord(outputs) });
      return { id: old.id, outputs };
    }
    // Same: new inputs, old outputs (`SameStep.Apply`).
    const outputs = applyAdditionalSecretOutputs(old.outputs, goal.additionalSecretOutputs);
    this.news.push(this.newRecord(goal, old.id, checked, outputs));
    this.record({ op: "same", urn: goal.urn, type: goal.type, outputs: toPlainRecord(outputs) });
    return { id: old.id, outputs };
  }

  /**
   * The `import` option (`ImportStep.Apply`): Read by id with no inputs and no state, then Check
   * and Diff the program's inputs against what was read. The dynamic-provider host needs
   * `__provider` in the properties to find the provider, so with this host the Read fails, exactly
   * as `pulumi up` fails for an imported dynamic resource (pulumi/pulumi#16175).
   */
  private async importResource(goal: Goal, importId: string): Promise<{ id: string; outputs: WireMap }> {
    const read = await this.client.read(goal.urn, importId, {}, undefined);
    if (read.id === "") throw new StepFailed(`resource '${importId}' does not exist`);
    if (read.inputs === undefined) {
      throw new StepFailed("provider does not support importing resources; please try updating the 'pulumi-nodejs' plugin");
    }
    const checked = await this.client.check(goal.urn, read.inputs, goal.inputs);
    const imported: StateResource = this.newRecord(goal, read.id, read.inputs, read.properties);
    const diff = await this.client.diff(imported, checked);
    if (diff.changes !== "none") {
      const message = `inputs to import do not match the existing resource: [${diff.changedProperties.join(" ")}]`;
      if (!this.preview) throw new StepFailed(message);
      this.diagnostics.push({ severity: "warning", source: "engine", urn: goal.urn, message: `${message}; importing this resource will fail` });
    }
    const outputs = applyAdditionalSecretOutputs(read.properties, goal.additionalSecretOutputs);
    this.news.push(this.newRecord(goal, read.id, checked, outputs));
    this.record({ op: "import", urn: goal.urn, type: goal.type, outputs: toPlainRecord(outputs) });
    return { id: read.id, outputs };
  }

  /**
   * The monitor hook for `ReadResource` (a resource declared with the `id` option, or
   * `Resource.get`): `ReadStep.Apply`, which runs in previews too and sends the program's
   * properties both as inputs and as state.
   */
  readResource(request: resourceProto.ReadResourceRequest): Promise<resourceProto.ReadResourceResponse> | undefined {
    if (!DYNAMIC_TYPE.test(request.getType())) return undefined;
    return this.readStep(request);
  }

  private async readStep(request: resourceProto.ReadResourceRequest): Promise<resourceProto.ReadResourceResponse> {
    const type = request.getType();
    const parent = request.getParent() || undefined;
    const urn = this.stack.urnFor(type, request.getName(), parent);
    const id = request.getId();
    const properties = (request.getProperties()?.toJavaScript() ?? {});
    const response = new resourceProto.ReadResourceResponse();
    response.setUrn(urn);
    this.seen.add(urn);
    const old = this.olds.get(urn);
    const goal: Goal = {
      urn,
      type,
      name: request.getName(),
      parent,
      inputs: properties,
      dependencies: request.getDependenciesList(),
      propertyDependencies: {},
      additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
      deleteBeforeReplace: undefined,
      retainOnDelete: undefined,
    };
    if (this.halted) {
      if (old) this.news.push(old);
      this.record({ op: "skipped", urn, type });
      return response;
    }
    if (id === UNKNOWN) {
      // "The only time we can't run is if the ID we are given is unknown."
      this.record({ op: "read", urn, type });
      response.setProperties(toStruct({}));
      return response;
    }
    try {
      const read = await this.client.read(urn, id, properties, properties);
      if (read.id === "") throw new StepFailed(`resource '${id}' does not exist`);
      const outputs = applyAdditionalSecretOutputs(read.properties, goal.additionalSecretOutputs);
      // Reading a resource this stack owned turns it into an external one: the owned object is
      // deleted at the end, as with a replacement (`NewReadReplacementStep`).
      if (old && !old.external) this.pendingDeletes.push({ ...old, pendingDelete: true });
      this.news.push({ ...this.newRecord(goal, read.id, properties, outputs), external: true });
      this.record({ op: "read", urn, type, outputs: toPlainRecord(outputs) });
      response.setProperties(toStruct(outputs));
    } catch (error) {
      this.fail(urn, error);
      if (old) this.news.push(old);
      response.setProperties(toStruct({}));
    }
    return response;
  }

  /**
   * After the program: delete what it no longer declares and what replacements left behind, in
   * reverse dependency order, then return the records the stack ends with.
   */
  async finish(programFailed: boolean): Promise<StateResource[]> {
    const remaining = [...this.olds.values()].filter((record) => !this.seen.has(record.urn) && !this.deleted.has(record));
    const candidates = programFailed || this.halted ? [] : [...remaining, ...this.pendingDeletes];
    for (const record of deletionOrder(candidates, [...this.news, ...this.olds.values()])) {
      if (this.halted) break;
      const replaced = record.pendingDelete === true;
      if (await this.deleteStep(record, replaced)) this.deleted.add(record);
    }
    // What was not deleted stays; a replaced object that outlived its replacement's run stays
    // marked pending-delete, and the next run deletes it.
    // Steps finish in any order; the state lists resources in registration order, which is a
    // dependency order (a resource registers once the outputs it needs are resolved).
    const order = [...this.seen];
    const news = [...this.news].sort((a, b) => order.indexOf(a.urn) - order.indexOf(b.urn));
    return [...news, ...[...remaining, ...this.pendingDeletes].filter((record) => !this.deleted.has(record))];
  }

  /** One delete, as `destroy` and `up` do it. Returns false when the resource stays. */
  async deleteStep(record: StateResource, replaced: boolean): Promise<boolean> {
    // The delete of a replaced object is part of the replace step the user already sees.
    const report = (op: StepOp): void => {
      if (!replaced) this.record({ op, urn: record.urn, type: record.type });
    };
    if (record.external) {
      report("discard");
      return true;
    }
    report("delete");
    if (this.preview || record.retainOnDelete) return !this.preview;
    try {
      await this.client.delete(record);
      return true;
    } catch (error) {
      this.fail(record.urn, error);
      return false;
    }
  }

  /** `RefreshStep.Apply` for every resource: Read with the stored outputs and inputs. */
  async refresh(): Promise<StateResource[]> {
    const result: StateResource[] = [];
    for (const record of this.records) {
      if (this.halted || !DYNAMIC_TYPE.test(record.type)) {
        result.push(record);
        continue;
      }
      try {
        const read = await this.client.read(record.urn, record.id, record.outputs, record.inputs);
        if (read.id === "") {
          // An empty id means the object is gone: the engine drops it from the state.
          this.record({ op: "delete", urn: record.urn, type: record.type });
          continue;
        }
        const outputs = read.properties;
        const inputs = read.inputs ?? record.inputs;
        // Drift is what the provider's Diff reports between the read state (as olds) and the
        // inputs the state held (as news), as the engine decides it since pulumi/pulumi#16146;
        // a property the inputs never set is not drift.
        const candidate: StateResource = { ...record, id: read.id, inputs, outputs };
        const drift = await this.client.diff(candidate, record.inputs);
        const changed = drift.changes === "some" ? drift.changedProperties : [];
        this.record({
          op: drift.changes === "some" ? "update" : "same",
          urn: record.urn,
          type: record.type,
          changedProperties: changed,
          outputs: toPlainRecord(outputs),
        });
        result.push(candidate);
      } catch (error) {
        this.fail(record.urn, error);
        result.push(record);
      }
    }
    return result;
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

  absorb(deployment: Deployment, withSteps: boolean): void {
    if (withSteps) this.steps.push(...deployment.steps);
    this.diagnostics.push(...deployment.diagnostics);
  }
}

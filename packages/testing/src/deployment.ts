/**
 * One operation's worth of engine work against the provider host: the step generation and steps
 * of `pkg/resource/deploy` (`step_generator.go`, `step.go`, `deployment_executor.go`) for
 * dynamic resources, at v3.248.0: registrations and deletes. How each provider call is
 * marshalled is `provider-calls.ts`; what a registration asks for and the state a step saves,
 * `goal.ts`; what an operation reports, `journal.ts`; refresh, `refresh.ts`.
 *
 * As in the engine, generating steps (Check, Diff, deciding) handles one registration at a time,
 * and executing them (Create, Update, Delete, Read) runs on at most `parallel` workers; a step
 * that fails stops new steps from starting.
 */
import { createRequire } from "node:module";

import * as resourceProto from "@pulumi/pulumi/proto/resource_pb";

import { Semaphore, Serial } from "./concurrency";
import { goalOf, newRecord, optionWarnings, securedOutputs, type Goal } from "./goal";
import { DYNAMIC_TYPE, StepJournal } from "./journal";
import { pathCoversKey, processIgnoreChanges } from "./property-path";
import { StepFailed, type ProviderClient, type ResolvedDiff } from "./provider-calls";
import { deletionAntichains, dependencyUrns, type StateResource } from "./state";
import type { DeploymentStack } from "./types";
import { changedKeys, containsUnknowns, UNKNOWN, type WireMap } from "./wire";

/**
 * The engine's answer for a registration it skipped (`pulumirpc.Result.SKIP`, 2 on the wire). The
 * stubs of @pulumi/pulumi 3.248 name it; those of 3.270 no longer do, and treat every answer but
 * `SUCCESS` as a failed registration.
 */
const RESULT_SKIP = 2 as resourceProto.Result;

const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi/package.json"));
const structProto = pulumiRequire(
  "google-protobuf/google/protobuf/struct_pb",
) as typeof import("google-protobuf/google/protobuf/struct_pb");

/** The key `applyReplaceOnChanges` gives an init error, so `replaceOnChanges: ["*"]` replaces a resource that failed to initialise. */
const INIT_ERROR_KEY = "#initerror";

/** The answer a registration gets once its steps ran. */
interface Registered {
  id: string;
  outputs: WireMap;
}

/** Thrown out of a step that the engine would not start because an earlier step failed. */
class Skipped extends Error {}

function toStruct(map: WireMap): import("google-protobuf/google/protobuf/struct_pb").Struct {
  return structProto.Struct.fromJavaScript(map);
}

/** The error `DeleteStep.Apply` returns for a protected resource (`deleteProtectedError` in `step.go`). */
function deleteProtectedMessage(urn: string): string {
  return (
    `resource "${urn}" cannot be deleted because it is protected. To unprotect the resource, ` +
    "remove the `protect` flag from the resource in your Pulumi program and run `pulumi up` (or `stack.up()`)"
  );
}

/**
 * One operation's worth of engine work: the "deployment" of `pkg/resource/deploy`. It reads the
 * records it starts from, never the stack's, and hands back the records it ends with; the stack
 * decides whether to keep them (a preview does not).
 */
export class Deployment extends StepJournal {
  private readonly olds: Map<string, StateResource>;
  private readonly news: StateResource[] = [];
  /** URNs in the order the program registered them: the order of the new state. */
  private readonly seen = new Set<string>();
  /** Old objects to delete at the end: replaced ones, and ones a failed run left pending. */
  private readonly pendingDeletes: StateResource[];
  /** Objects gone from the state in this operation. */
  private readonly deleted = new Set<StateResource>();
  /** URNs deleted or to be deleted in this operation: the "other deletions" `deletedWith` looks at. */
  private readonly deletes = new Set<string>();
  private readonly generation = new Serial();
  private readonly workers: Semaphore;

  constructor(
    private readonly stack: DeploymentStack,
    private readonly client: ProviderClient,
    private readonly records: StateResource[],
    private readonly options: { preview: boolean; parallel: number },
  ) {
    super();
    this.olds = new Map(records.filter((record) => !record.pendingDelete).map((record) => [record.urn, record]));
    this.pendingDeletes = records.filter((record) => record.pendingDelete === true);
    this.workers = new Semaphore(options.parallel);
  }

  private get preview(): boolean {
    return this.options.preview;
  }

  // ---- registrations ----

  /** The monitor hook for `RegisterResource`: dynamic custom resources only. */
  registerResource(request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> | undefined {
    if (!request.getCustom() || !DYNAMIC_TYPE.test(request.getType())) return undefined;
    return this.register(
      goalOf(request, (type, name, parent) => this.stack.urnFor(type, name, parent)),
      request,
    );
  }

  private async register(goal: Goal, request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> {
    const response = new resourceProto.RegisterResourceResponse();
    response.setUrn(goal.urn);
    this.diagnostics.push(...optionWarnings(request, goal.urn));
    const old = this.olds.get(goal.urn);
    if (this.seen.has(goal.urn)) {
      this.fail(goal.urn, new Error(`duplicate resource URN '${goal.urn}'; try giving it a unique name`));
      response.setResult(resourceProto.Result.FAIL);
      return response;
    }
    this.seen.add(goal.urn);
    const skip = (): resourceProto.RegisterResourceResponse => {
      if (old) this.news.push(old);
      this.record({ op: "skipped", urn: goal.urn, type: goal.type });
      response.setResult(RESULT_SKIP);
      return response;
    };
    // After a failure the engine starts no new step; a registration whose inputs are unknown
    // outside a preview can only come from a dependency that failed.
    if (this.blocked(goal)) return skip();
    try {
      const importId = request.getImportid();
      const answer = importId ? await this.importResource(goal, importId) : await this.stepsFor(goal, old);
      response.setId(answer.id);
      response.setObject(toStruct(answer.outputs));
      response.setResult(resourceProto.Result.SUCCESS);
    } catch (error) {
      if (error instanceof Skipped) return skip();
      this.fail(goal.urn, error);
      // A failed step keeps the old state; a partial failure has already recorded the new object.
      if (old && !this.news.some((record) => record.urn === goal.urn)) this.news.push(old);
      response.setResult(resourceProto.Result.FAIL);
    }
    return response;
  }

  private blocked(goal: Goal): boolean {
    return this.halted || goal.dependencies.some((urn) => this.failedUrns.has(urn)) || (!this.preview && containsUnknowns(goal.inputs));
  }

  /** Generates the steps of one registration (one at a time), then executes them on a worker. */
  private async stepsFor(goal: Goal, old: StateResource | undefined): Promise<Registered> {
    const execute = await this.generation.run(async () => {
      if (this.halted) throw new Skipped();
      return !old || old.external ? this.planCreate(goal) : this.planExisting(goal, old);
    });
    return this.workers.run(async () => {
      if (this.halted) throw new Skipped();
      return execute();
    });
  }

  private async planCreate(goal: Goal): Promise<() => Promise<Registered>> {
    const checked = await this.client.check(goal.urn, {}, goal.inputs);
    return async () => {
      const protocol = await this.client.configured();
      if (this.preview && !protocol.supportsPreview) {
        // A host without preview support is not called: the engine hands the inputs back as the
        // state, so outputs not among the inputs are unknown to the program.
        const outputs = securedOutputs(checked, checked, goal.additionalSecretOutputs);
        this.record({ op: "create", urn: goal.urn, type: goal.type, wireOutputs: outputs });
        return { id: "", outputs };
      }
      const created = await this.created(goal, checked);
      this.record({ op: "create", urn: goal.urn, type: goal.type, wireOutputs: created.outputs });
      return created;
    };
  }

  /**
   * Create, keeping the object when the provider reports a partial failure (an error carrying
   * `id`): `CreateStep.Apply` saves its id, the error's properties as outputs and its reasons
   * as init errors, then fails the step. `onPartialFailure` runs before the step fails.
   */
  private async created(goal: Goal, inputs: WireMap, onPartialFailure?: () => void): Promise<Registered> {
    try {
      const created = await this.client.create(goal.urn, inputs, goal.additionalSecretOutputs, this.preview);
      const record = newRecord(goal, created.id, inputs, created.outputs);
      this.news.push(record);
      return { id: created.id, outputs: record.outputs };
    } catch (error) {
      const initFailure = error instanceof StepFailed ? error.detail.initFailure : undefined;
      if (initFailure) {
        this.news.push(newRecord(goal, initFailure.id, inputs, initFailure.properties, initFailure.reasons));
        onPartialFailure?.();
      }
      throw error;
    }
  }

  /** `replaceOnChanges`, which the engine applies to the keys it knows changed (`applyReplaceOnChanges`). */
  private withReplaceOnChanges(diff: ResolvedDiff, replaceOnChanges: readonly string[], hasInitErrors: boolean): ResolvedDiff {
    if ((diff.changes !== "some" && !hasInitErrors) || replaceOnChanges.length === 0) return diff;
    const replaces = new Set(diff.replaces);
    // The dynamic-provider host sends no changed keys; the engine has them only when it compared
    // the inputs itself because the provider's answer was unknown.
    if (diff.fromInputs) {
      for (const key of diff.changedProperties) if (replaceOnChanges.some((path) => pathCoversKey(path, key))) replaces.add(key);
    }
    let changes = diff.changes;
    if (hasInitErrors && replaceOnChanges.some((path) => pathCoversKey(path, INIT_ERROR_KEY))) {
      replaces.add(INIT_ERROR_KEY);
      changes = "some";
    }
    return { ...diff, changes, replaces: [...replaces] };
  }

  private async planExisting(goal: Goal, old: StateResource): Promise<() => Promise<Registered>> {
    // `ignoreChanges`: the ignored paths get their old values before Check (`processIgnoreChanges`).
    const ignored = processIgnoreChanges(goal.inputs, old.inputs, goal.ignoreChanges);
    if (ignored.invalid.length > 0) {
      this.diagnostics.push({
        severity: "info",
        source: "engine",
        urn: goal.urn,
        message: `cannot ignore changes in added or removed elements of the path: ${ignored.invalid.map((p) => JSON.stringify(p)).join(", ")}`,
      });
    }
    const checked = await this.client.check(goal.urn, old.inputs, ignored.inputs);
    const hasInitErrors = (old.initErrors?.length ?? 0) > 0;
    const diff = this.withReplaceOnChanges(await this.client.diff(old, checked, goal.ignoreChanges), goal.replaceOnChanges, hasInitErrors);
    if ((diff.changes === "some" && diff.replaces.length > 0) || old.pendingReplacement) return this.planReplace(goal, old, diff);
    // A resource whose last create or update partially failed is updated even without a diff.
    if (diff.changes === "some" || hasInitErrors) {
      return async () => {
        // An update the init errors force shows what differs from the inputs the state holds.
        const changedProperties = diff.changes === "some" ? diff.changedProperties : changedKeys(old.inputs, checked);
        const step = { op: "update" as const, urn: goal.urn, type: goal.type, changedProperties };
        const protocol = await this.client.configured();
        if (this.preview && !protocol.supportsPreview) {
          const outputs = securedOutputs(checked, checked, goal.additionalSecretOutputs);
          this.record({ ...step, wireOutputs: outputs });
          return { id: old.id, outputs };
        }
        try {
          const outputs = await this.client.update(old, checked, goal.additionalSecretOutputs, this.preview);
          const record = newRecord(goal, old.id, checked, outputs);
          this.news.push(record);
          this.record({ ...step, wireOutputs: record.outputs });
          return { id: old.id, outputs: record.outputs };
        } catch (error) {
          const initFailure = error instanceof StepFailed ? error.detail.initFailure : undefined;
          // A partially failed update keeps the old inputs with the new outputs: the object does
          // not match the new inputs (`OnResourceStepPost` in `pkg/engine/update.go`).
          if (initFailure) this.news.push(newRecord(goal, old.id, old.inputs, initFailure.properties, initFailure.reasons));
          throw error;
        }
      };
    }
    // Same: new inputs, old outputs (`SameStep.Apply`), with the new options.
    return async () => {
      const record = newRecord(goal, old.id, checked, old.outputs);
      this.news.push(record);
      this.record({ op: "same", urn: goal.urn, type: goal.type, wireOutputs: record.outputs });
      return { id: old.id, outputs: record.outputs };
    };
  }

  private async planReplace(goal: Goal, old: StateResource, diff: ResolvedDiff): Promise<() => Promise<Registered>> {
    // A protected resource is not replaced (unprotecting and replacing in one run is allowed).
    // A preview reports the replacement and fails at the end; an update stops here.
    if (goal.protect && old.protect) {
      const message =
        `unable to replace resource "${goal.urn}" as it is currently marked for protection. To unprotect the resource, ` +
        "remove the `protect` flag from the resource in your Pulumi program and run `pulumi up` (or `stack.up()`)";
      if (!this.preview) throw new StepFailed(message);
      this.addFailure(goal.urn, new StepFailed(message));
    }
    // The engine re-runs Check on the program's inputs with no old inputs for the replacement.
    const fresh = await this.client.check(goal.urn, {}, goal.inputs);
    // An explicit deleteBeforeReplace option wins over the provider's answer
    // (`deleteBeforeReplaceDefined` exists to tell "false" from "unset").
    const deleteBeforeReplace = goal.deleteBeforeReplace ?? diff.deleteBeforeReplace;
    // Delete-before-replace also deletes first every dependent that the deletion would replace.
    const dependents = deleteBeforeReplace ? await this.dependentReplacements(old) : [];
    for (const dependent of dependents) {
      if (dependent.protect && !dependent.pendingDelete) {
        throw new StepFailed(
          `unable to replace resource "${dependent.urn}" as part of replacing "${goal.urn}" as it is currently marked for protection. ` +
            "To unprotect the resource, remove the `protect` flag from the resource in your Pulumi program and run `pulumi up` (or `stack.up()`)",
        );
      }
    }
    return async () => {
      const step = {
        op: "replace" as const,
        urn: goal.urn,
        type: goal.type,
        changedProperties: diff.changedProperties,
        replaceProperties: diff.replaces,
        deleteBeforeReplace: deleteBeforeReplace || old.pendingReplacement === true,
      };
      if (deleteBeforeReplace) {
        // Dependents first (the list is in dependency order), then the resource itself unless a
        // failed run deleted it already.
        for (const dependent of [...dependents].reverse()) {
          if (this.halted) throw new Skipped();
          // Another delete-before-replace in this run may have deleted it already.
          if (!dependent.pendingReplacement) await this.deleteForReplacement(dependent);
        }
        if (!old.pendingReplacement) await this.deleteForReplacement(old);
      }
      const protocol = await this.client.configured();
      if (this.preview && !protocol.supportsPreview) {
        const outputs = securedOutputs(fresh, fresh, goal.additionalSecretOutputs);
        this.record({ ...step, wireOutputs: outputs });
        return { id: "", outputs };
      }
      // Create-before-delete: the old object is deleted at the end of the update, or, when the
      // create only partially succeeds, by a later one (`CreateStep.Apply` marks it for deletion).
      const keepOldForDeletion = (): void => {
        if (!deleteBeforeReplace && !old.pendingReplacement) this.pendingDeletes.push({ ...old, pendingDelete: true });
      };
      const created = await this.created(goal, fresh, keepOldForDeletion);
      if (!this.preview) keepOldForDeletion();
      this.record({ ...step, wireOutputs: created.outputs });
      return created;
    };
  }

  /**
   * The dependents that a delete-before-replace of `root` would replace
   * (`calculateDependentReplacements` in `step_generator.go`): walking the old state after
   * `root` in order, a resource not yet registered in this run whose input properties come from
   * a resource being replaced is diffed with those properties unknown; if the provider then
   * asks for a replacement, it is replaced too.
   */
  private async dependentReplacements(root: StateResource): Promise<StateResource[]> {
    const start = this.records.indexOf(root);
    const dependentUrns = new Set([root.urn]);
    const replaceSet = new Set([root.urn]);
    const result: StateResource[] = [];
    for (const candidate of this.records.slice(start + 1)) {
      if (this.seen.has(candidate.urn) || candidate.pendingDelete) continue;
      if (!dependencyUrns(candidate).some((urn) => dependentUrns.has(urn))) continue;
      dependentUrns.add(candidate.urn);
      if (candidate.external || !DYNAMIC_TYPE.test(candidate.type)) continue;
      const inputsForDiff: WireMap = {};
      let dependsOnReplaced = false;
      for (const [key, value] of Object.entries(candidate.inputs)) {
        const changes = (candidate.propertyDependencies[key] ?? []).some((urn) => replaceSet.has(urn));
        dependsOnReplaced ||= changes;
        inputsForDiff[key] = changes ? UNKNOWN : value;
      }
      if (!dependsOnReplaced) continue;
      const diff = this.withReplaceOnChanges(
        await this.client.diff(candidate, inputsForDiff, candidate.ignoreChanges),
        candidate.replaceOnChanges ?? [],
        false,
      );
      if (diff.replaces.length > 0) {
        result.push(candidate);
        replaceSet.add(candidate.urn);
      }
    }
    return result;
  }

  /**
   * The delete half of a delete-before-replace (`NewDeleteReplacementStep` with
   * `pendingReplacement`): the object stays in the state marked as pending replacement until its
   * replacement is created, so a failure in between loses nothing and deletes nothing twice.
   */
  private async deleteForReplacement(record: StateResource): Promise<void> {
    this.deletes.add(record.urn);
    if (!this.preview && this.deleteIsSent(record)) await this.client.delete(record);
    record.pendingReplacement = true;
  }

  /** Whether a Delete call goes to the provider: not for read, retained or deleted-with resources (`DeleteStep.Apply`). */
  private deleteIsSent(record: StateResource): boolean {
    if (record.external || record.retainOnDelete) return false;
    return !(record.deletedWith !== undefined && this.deletes.has(record.deletedWith));
  }

  /**
   * The `import` option (`ImportStep.Apply`): Read by id with no inputs and no state, then Check
   * and Diff the program's inputs against what was read. The dynamic-provider host needs
   * `__provider` in the properties to find the provider, so with this host the Read fails, exactly
   * as `pulumi up` fails for an imported dynamic resource (pulumi/pulumi#16175).
   */
  private async importResource(goal: Goal, importId: string): Promise<Registered> {
    const read = await this.client.read(goal.urn, importId, {}, undefined);
    if (read.id === "") throw new StepFailed(`resource '${importId}' does not exist`);
    if (read.inputs === undefined) {
      throw new StepFailed("provider does not support importing resources; please try updating the 'pulumi-nodejs' plugin");
    }
    const checked = await this.client.check(goal.urn, read.inputs, goal.inputs);
    const imported: StateResource = newRecord(goal, read.id, read.inputs, read.properties);
    const diff = await this.client.diff(imported, checked);
    if (diff.changes !== "none") {
      const message = `inputs to import do not match the existing resource: [${diff.changedProperties.join(" ")}]`;
      if (!this.preview) throw new StepFailed(message);
      this.diagnostics.push({
        severity: "warning",
        source: "engine",
        urn: goal.urn,
        message: `${message}; importing this resource will fail`,
      });
    }
    const record = newRecord(goal, read.id, checked, read.properties);
    this.news.push(record);
    this.record({ op: "import", urn: goal.urn, type: goal.type, wireOutputs: record.outputs });
    return { id: read.id, outputs: record.outputs };
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
    const properties = request.getProperties()?.toJavaScript() ?? {};
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
      protect: false,
      ignoreChanges: [],
      replaceOnChanges: [],
      deletedWith: undefined,
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
      const read = await this.workers.run(() => this.client.read(urn, id, properties, properties));
      // `ReadStep.Apply` fails only when the provider returns no properties at all, and this host
      // always returns `__provider`; an empty id keeps the id the program asked for. So reading
      // an id that does not exist succeeds, with no outputs but `__provider`.
      if (read.id === "") {
        this.diagnostics.push({
          severity: "warning",
          source: "engine",
          urn,
          message:
            `read of '${id}' found nothing (the provider's read returned an empty id); like the Pulumi engine, ` +
            "the read succeeds and the resource has no outputs",
        });
      }
      const record: StateResource = { ...newRecord(goal, read.id || id, properties, read.properties), external: true };
      // Reading a resource this stack owned turns it into an external one: the owned object is
      // deleted at the end, as with a replacement (`NewReadReplacementStep`).
      if (old && !old.external) this.pendingDeletes.push({ ...old, pendingDelete: true });
      this.news.push(record);
      this.record({ op: "read", urn, type, wireOutputs: record.outputs });
      response.setProperties(toStruct(record.outputs));
    } catch (error) {
      this.fail(urn, error);
      if (old) this.news.push(old);
      response.setProperties(toStruct({}));
    }
    return response;
  }

  // ---- deletes ----

  /**
   * After the program: delete what it no longer declares and what replacements left behind
   * (`GenerateDeletes`, `ScheduleDeletes`), then return the records the stack ends with.
   */
  async finish(programFailed: boolean): Promise<StateResource[]> {
    const remaining = [...this.olds.values()].filter((record) => !this.seen.has(record.urn));
    const candidates: StateResource[] = [];
    if (!programFailed && !this.halted) {
      for (const record of remaining) {
        // Deleted already by a delete-before-replace whose resource is gone from the program:
        // the entry is dropped without a call (`RemovePendingReplaceStep`).
        if (record.pendingReplacement) this.deleted.add(record);
        else candidates.push(record);
      }
      candidates.push(...this.pendingDeletes);
      await this.deleteAll(candidates);
    }
    // Steps finish in any order; the state lists resources in registration order, which is a
    // dependency order (a resource registers once the outputs it needs are resolved). What was
    // not deleted stays: a replaced object that outlived its replacement's run stays marked
    // pending-delete, and the next run deletes it.
    const order = [...this.seen];
    const news = [...this.news].sort((a, b) => order.indexOf(a.urn) - order.indexOf(b.urn));
    return [...news, ...[...remaining, ...this.pendingDeletes].filter((record) => !this.deleted.has(record))];
  }

  /** `pulumi destroy`: every resource, dependents first; returns what is left. */
  async destroyAll(): Promise<StateResource[]> {
    const candidates: StateResource[] = [];
    for (const record of this.records) {
      if (record.pendingReplacement) this.deleted.add(record);
      else candidates.push(record);
    }
    await this.deleteAll(candidates);
    return this.records.filter((record) => !this.deleted.has(record));
  }

  /**
   * Deletes `candidates` group by group (`deploymentExecutor.performPostSteps`): each group in
   * parallel on the workers, the next once it is done. A protected resource fails without
   * stopping the others (the engine always continues past `deleteProtectedError`), but what it
   * depends on is kept; any other failure stops every delete not yet started.
   */
  private async deleteAll(candidates: StateResource[]): Promise<void> {
    for (const record of candidates) this.deletes.add(record.urn);
    const byUrn = new Map<string, StateResource[]>();
    for (const record of [...this.records, ...this.news]) byUrn.set(record.urn, [...(byUrn.get(record.urn) ?? []), record]);
    const keep = new Set<StateResource>();
    const keepDependenciesOf = (record: StateResource): void => {
      for (const urn of dependencyUrns(record)) {
        for (const dependency of byUrn.get(urn) ?? []) {
          if (keep.has(dependency)) continue;
          keep.add(dependency);
          keepDependenciesOf(dependency);
        }
      }
    };
    for (const group of deletionAntichains(candidates)) {
      if (this.halted) break;
      await Promise.all(
        group
          .filter((record) => !keep.has(record))
          .map((record) =>
            this.workers.run(async () => {
              if (this.halted) return;
              const outcome = await this.deleteStep(record);
              if (outcome === "deleted") this.deleted.add(record);
              if (outcome === "protected") keepDependenciesOf(record);
            }),
          ),
      );
    }
  }

  /** One delete (`DeleteStep.Apply`). */
  private async deleteStep(record: StateResource): Promise<"deleted" | "protected" | "failed" | "previewed"> {
    // The delete of a replaced object is part of the replace step the user already sees.
    const replaced = record.pendingDelete === true;
    if (!replaced && record.protect) {
      this.addFailure(record.urn, new StepFailed(deleteProtectedMessage(record.urn)));
      return "protected";
    }
    if (!replaced) this.record({ op: record.external ? "discard" : "delete", urn: record.urn, type: record.type });
    if (this.preview) return "previewed";
    if (!this.deleteIsSent(record)) return "deleted";
    try {
      await this.client.delete(record);
      return "deleted";
    } catch (error) {
      this.fail(record.urn, error);
      return "failed";
    }
  }
}

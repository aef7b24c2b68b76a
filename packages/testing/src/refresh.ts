/**
 * `pulumi refresh` in the engine double: `RefreshStep.Apply` (`pkg/resource/deploy/step.go`) for
 * every resource of the state, on at most `parallel` workers, and the rebuilt base state.
 */
import { Semaphore } from "./concurrency";
import { DYNAMIC_TYPE, StepJournal } from "./journal";
import type { ProviderClient } from "./provider-calls";
import type { StateResource } from "./state";
import { changedKeys, plainValue, wireEqual } from "./wire";

export class Refresh extends StepJournal {
  private readonly workers: Semaphore;

  constructor(
    private readonly client: ProviderClient,
    private readonly records: StateResource[],
    parallel: number,
  ) {
    super();
    this.workers = new Semaphore(parallel);
  }

  /**
   * `pulumi refresh` (`RefreshStep.Apply` for every resource, in parallel on the workers): Read
   * with the stored inputs and outputs; an empty id drops the resource; the drift shown is the
   * provider's Diff of the refreshed state against the stored inputs. A failed read fails the
   * operation but, as in the engine's refresh, does not stop the other reads.
   */
  async run(): Promise<StateResource[]> {
    const refreshed = await Promise.all(this.records.map((record) => this.workers.run(() => this.refreshOne(record))));
    const kept = refreshed.filter((record): record is StateResource => record !== undefined);
    // Dependencies on resources the refresh found gone are dropped (`rebuildBaseState`).
    const gone = new Set(this.records.map((record) => record.urn).filter((urn) => !kept.some((record) => record.urn === urn)));
    if (gone.size === 0) return kept;
    return kept.map((record) => ({
      ...record,
      dependencies: record.dependencies.filter((urn) => !gone.has(urn)),
      propertyDependencies: Object.fromEntries(
        Object.entries(record.propertyDependencies).map(([key, urns]) => [key, urns.filter((urn) => !gone.has(urn))]),
      ),
      ...(record.deletedWith && gone.has(record.deletedWith) ? { deletedWith: undefined } : {}),
    }));
  }

  private async refreshOne(record: StateResource): Promise<StateResource | undefined> {
    // Pending-replace resources were deleted already: nothing to read.
    if (!DYNAMIC_TYPE.test(record.type) || record.pendingReplacement) return record;
    try {
      const read = await this.client.read(record.urn, record.id, record.outputs, record.inputs);
      if (read.id === "") {
        // An empty id means the object is gone: the engine drops it from the state.
        this.record({ op: "delete", urn: record.urn, type: record.type });
        return undefined;
      }
      const candidate: StateResource = { ...record, id: read.id, inputs: read.inputs ?? record.inputs, outputs: read.properties };
      delete candidate.initErrors;
      let changed: string[];
      let drifted: boolean;
      if (record.external) {
        // A read resource has no inputs of its own to diff: its outputs decide.
        drifted = !wireEqual(plainValue(record.outputs), plainValue(candidate.outputs));
        changed = drifted ? changedKeys(record.outputs, candidate.outputs) : [];
      } else {
        // Drift is what the provider's Diff reports between the read state (as olds) and the
        // inputs the state held (as news), as the engine decides it since pulumi/pulumi#16146;
        // a property the inputs never set is not drift.
        const drift = await this.client.diff(candidate, record.inputs, record.ignoreChanges);
        drifted = drift.changes === "some";
        changed = drift.changedProperties;
      }
      this.record({
        op: drifted ? "update" : "same",
        urn: record.urn,
        type: record.type,
        changedProperties: changed,
        wireOutputs: candidate.outputs,
      });
      return candidate;
    } catch (error) {
      this.addFailure(record.urn, error);
      return record;
    }
  }
}

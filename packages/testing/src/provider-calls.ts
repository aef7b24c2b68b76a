/**
 * The engine's side of each provider call, for the dynamic-provider host: what
 * `sdk/go/common/resource/plugin/provider_plugin.go` does around every gRPC call (Configure once
 * per provider instance, properties marshalled for what the provider announced it accepts,
 * secrets annotated back onto what it returns, partial failures unpacked), with every call
 * recorded for `OperationResult.providerCalls`.
 *
 * Deciding which calls to make is step generation's business (`deployment.ts`); this module only
 * knows how one call crosses the boundary.
 */
import { ProviderCallError, type HostCalls, type HostDiff, type HostProtocol } from "./host";
import { processIgnoreChanges } from "./property-path";
import type { ProviderCall, StepFailure } from "./types";
import {
  annotateSecrets,
  applyAdditionalSecretOutputs,
  changedKeys,
  marshalForProvider,
  plainValue,
  wireEqual,
  type WireMap,
  type WireValue,
} from "./wire";

/** A step failed; `detail` carries what `DeploymentError.failures` reports besides the message. */
export class StepFailed extends Error {
  constructor(
    message: string,
    readonly detail: Omit<StepFailure, "urn" | "message"> = {},
  ) {
    super(message);
  }
}

/** A diff as step generation uses it: the host's answer, unknown resolved, with the changed properties. */
export interface ResolvedDiff extends Omit<HostDiff, "changes"> {
  changes: "some" | "none";
  /** Top-level properties that change (for display), replaces included. */
  changedProperties: string[];
  /** True when the provider gave no answer and the engine compared the inputs itself. */
  fromInputs: boolean;
}

/** What a resource's old state gives a Diff, Update or Delete. */
export interface OldState {
  urn: string;
  id: string;
  inputs: WireMap;
  outputs: WireMap;
}

/**
 * One provider instance of one deployment operation: the engine configures the provider once,
 * then every call of the operation (a refresh and the update that follows it included) goes
 * through it.
 */
export class ProviderClient {
  readonly calls: ProviderCall[] = [];
  private protocol: Promise<HostProtocol> | undefined;

  constructor(
    private readonly host: HostCalls,
    private readonly configureRequest: () => { args: WireMap; variables: Record<string, string> },
  ) {}

  /** Configure on first use (`provider_plugin.go` `Configure`), then what the host announced. */
  configured(): Promise<HostProtocol> {
    this.protocol ??= (async () => {
      this.calls.push({ method: "configure" });
      const { args, variables } = this.configureRequest();
      return this.host.configure(args, variables);
    })();
    return this.protocol;
  }

  private async marshal(map: WireMap): Promise<WireMap> {
    return marshalForProvider(map, await this.configured());
  }

  /** Check, then annotate secrets back onto the checked inputs (`provider_plugin.go` `Check`). */
  async check(urn: string, olds: WireMap, news: WireMap): Promise<WireMap> {
    const [marshalledOlds, marshalledNews] = [await this.marshal(olds), await this.marshal(news)];
    this.calls.push({ method: "check", urn });
    const result = await this.host.check(urn, marshalledOlds, marshalledNews);
    if (result.failures.length > 0) {
      throw new StepFailed(`check failed: ${result.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`, {
        checkFailures: result.failures,
      });
    }
    const protocol = await this.configured();
    const inputs = result.inputs ?? news;
    return protocol.acceptSecrets ? inputs : annotateSecrets(inputs, news);
  }

  /**
   * Diff of `old` against new inputs. DIFF_UNKNOWN (no `diff` method, or `changes` not a
   * boolean) is resolved as `diffResource` in `step_generator.go` does: by comparing the old
   * inputs with the new ones, the `ignoreChanges` paths set back to their old values.
   */
  async diff(old: OldState, news: WireMap, ignoreChanges: readonly string[] = []): Promise<ResolvedDiff> {
    const [olds, marshalledNews, oldInputs] = [await this.marshal(old.outputs), await this.marshal(news), await this.marshal(old.inputs)];
    this.calls.push({ method: "diff", urn: old.urn, id: old.id });
    const diff = await this.host.diff(old.urn, old.id, olds, marshalledNews, oldInputs);
    const fromInputs = diff.changes === "unknown";
    const compared = fromInputs ? processIgnoreChanges(news, old.inputs, ignoreChanges).inputs : news;
    const changes: ResolvedDiff["changes"] =
      diff.changes === "unknown" ? (wireEqual(plainValue(old.inputs), plainValue(compared)) ? "none" : "some") : diff.changes;
    let changedProperties = changedKeys(old.inputs, compared);
    if (changes === "some" && changedProperties.length === 0) {
      // The provider saw drift against the (refreshed) outputs while inputs are equal.
      changedProperties = changedKeys(pick(old.outputs, Object.keys(compared)), compared);
    }
    if (changes === "none") changedProperties = [];
    return {
      ...diff,
      changes,
      fromInputs,
      changedProperties: [...new Set([...changedProperties, ...diff.replaces])].sort(),
    };
  }

  /** Create; a partial failure comes back as a {@link StepFailed} carrying `initFailure`. */
  async create(
    urn: string,
    properties: WireMap,
    additionalSecretOutputs: string[],
    preview: boolean,
  ): Promise<{ id: string; outputs: WireMap }> {
    const protocol = await this.configured();
    const marshalled = await this.marshal(properties);
    this.calls.push({ method: "create", urn });
    try {
      // Only reached in a preview when the host announced `supportsPreview`; 3.248's host does not.
      const created = await this.host.create(urn, marshalled, preview);
      if (created.id === "" && !preview) throw new StepFailed("provider did not return an ID from Create");
      return { id: created.id, outputs: this.outputsFrom(created.properties, properties, protocol, additionalSecretOutputs) };
    } catch (error) {
      throw this.withInitFailure(error, properties, protocol, additionalSecretOutputs);
    }
  }

  /** Update; a partial failure comes back as a {@link StepFailed} carrying `initFailure`. */
  async update(old: OldState, news: WireMap, additionalSecretOutputs: string[], preview: boolean): Promise<WireMap> {
    const protocol = await this.configured();
    const [olds, marshalledNews, oldInputs] = [await this.marshal(old.outputs), await this.marshal(news), await this.marshal(old.inputs)];
    this.calls.push({ method: "update", urn: old.urn, id: old.id });
    try {
      const updated = await this.host.update(old.urn, old.id, olds, marshalledNews, oldInputs, preview);
      return this.outputsFrom(updated.properties, news, protocol, additionalSecretOutputs);
    } catch (error) {
      throw this.withInitFailure(error, news, protocol, additionalSecretOutputs);
    }
  }

  async delete(old: OldState): Promise<void> {
    const [properties, oldInputs] = [await this.marshal(old.outputs), await this.marshal(old.inputs)];
    this.calls.push({ method: "delete", urn: old.urn, id: old.id });
    await this.host.delete(old.urn, old.id, properties, oldInputs);
  }

  /**
   * Read, with secrets annotated back from the state and inputs that were sent
   * (`provider_plugin.go` `Read`); `inputs` is undefined when the engine sends none (import).
   */
  async read(
    urn: string,
    id: string,
    state: WireMap,
    inputs: WireMap | undefined,
  ): Promise<{ id: string; properties: WireMap; inputs: WireMap | undefined }> {
    const [properties, marshalledInputs] = [await this.marshal(state), inputs === undefined ? undefined : await this.marshal(inputs)];
    this.calls.push({ method: "read", urn, id });
    const read = await this.host.read(urn, id, properties, marshalledInputs);
    const protocol = await this.configured();
    if (protocol.acceptSecrets) return read;
    return {
      id: read.id,
      properties: annotateSecrets(read.properties, state),
      inputs: read.inputs === undefined ? undefined : annotateSecrets(read.inputs, inputs ?? {}),
    };
  }

  private outputsFrom(properties: WireMap, inputs: WireMap, protocol: HostProtocol, additionalSecretOutputs: string[]): WireMap {
    const annotated = protocol.acceptSecrets ? properties : annotateSecrets(properties, inputs);
    return applyAdditionalSecretOutputs(annotated, additionalSecretOutputs);
  }

  /** Attaches the partial-failure outputs, secrets annotated, to the failure. */
  private withInitFailure(error: unknown, inputs: WireMap, protocol: HostProtocol, additionalSecretOutputs: string[]): unknown {
    if (error instanceof ProviderCallError && error.initFailure) {
      return new StepFailed(error.message, {
        initFailure: {
          ...error.initFailure,
          properties: this.outputsFrom(error.initFailure.properties, inputs, protocol, additionalSecretOutputs),
        },
      });
    }
    return error;
  }
}

function pick(map: WireMap, keys: string[]): WireMap {
  const result: WireMap = {};
  for (const key of keys) if (key in map) result[key] = map[key] as WireValue;
  return result;
}

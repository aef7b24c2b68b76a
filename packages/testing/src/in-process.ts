/**
 * The engine double without a host process: a provider object called in this process with the
 * conventions of the dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider/index.js`,
 * 3.248.0), and the engine's side of each call from `provider-calls.ts`. It drives one resource
 * through check, create, read, diff, update and delete by hand, where `ProviderHost` runs a
 * program's registrations: unit tests of a provider use it to walk precise scenarios fast, and
 * see the provider's own errors (with their `id` and `properties`) as it threw them.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Config } from "@pulumi/pulumi/cmd/dynamic-provider/config";

import type { HostCalls, HostDiff, HostProtocol } from "./host";
import { ProviderClient, StepFailed, type OldState } from "./provider-calls";
import type { WireMap } from "./wire";

type Props = Record<string, unknown>;

/** The project name the in-process host gives `Config`, which prefixes keys without a namespace. */
const PROJECT = "test";

/** The host's `resultIncludingProvider`: what it returns always carries the resource's `__provider`. */
function withProvider(result: Props | undefined, props: WireMap): WireMap {
  return { ...(result ?? {}), __provider: props.__provider } as WireMap;
}

/**
 * What the host does around each provider method, minus the gRPC: `__provider` kept on checked
 * inputs and put back on every output, `diff`'s `changes` other than a boolean answered as
 * DIFF_UNKNOWN, no `read` answered with the state it was given, secrets not accepted. The host
 * configures a provider on the first call that names it; here Configure does it, which is the
 * same for one provider per host.
 */
export class InProcessHost implements HostCalls {
  constructor(private readonly provider: pulumi.dynamic.ResourceProvider) {}

  async configure(args: WireMap): Promise<HostProtocol> {
    await this.provider.configure?.({ config: new Config(args, PROJECT) });
    return { acceptSecrets: false, acceptResources: false, supportsPreview: false };
  }

  async check(_urn: string, olds: WireMap, news: WireMap): Promise<{ inputs: WireMap; failures: { property: string; reason: string }[] }> {
    const result = this.provider.check ? await this.provider.check(olds, news) : {};
    return { inputs: withProvider(result.inputs ?? news, news), failures: result.failures ?? [] };
  }

  async diff(_urn: string, id: string, olds: WireMap, news: WireMap): Promise<HostDiff> {
    if (!this.provider.diff) return { changes: "unknown", replaces: [], deleteBeforeReplace: false };
    const result = await this.provider.diff(id, olds, news);
    return {
      changes: result.changes === true ? "some" : result.changes === false ? "none" : "unknown",
      replaces: result.replaces ?? [],
      deleteBeforeReplace: result.deleteBeforeReplace ?? false,
    };
  }

  async create(_urn: string, properties: WireMap): Promise<{ id: string; properties: WireMap }> {
    const result = await this.provider.create(properties);
    return { id: result.id, properties: withProvider(result.outs, properties) };
  }

  async read(_urn: string, id: string, properties: WireMap): Promise<{ id: string; properties: WireMap; inputs: WireMap | undefined }> {
    if (!this.provider.read) return { id, properties, inputs: undefined };
    const result = await this.provider.read(id, properties);
    return {
      id: result.id ?? "",
      properties: withProvider(result.props, properties),
      inputs: result.inputs ? withProvider(result.inputs, properties) : undefined,
    };
  }

  async update(_urn: string, id: string, olds: WireMap, news: WireMap): Promise<{ properties: WireMap }> {
    const result = this.provider.update ? await this.provider.update(id, olds, news) : {};
    return { properties: withProvider(result.outs, news) };
  }

  async delete(_urn: string, id: string, properties: WireMap): Promise<void> {
    await this.provider.delete?.(id, properties);
  }
}

/**
 * A property map as a test sees it: without the `__provider` the host puts on every result, and
 * without `__declared`, the input keys the runtime records among the outputs for the refreshes to
 * come (pulumi-hosting-reseller's provider/lifecycle/declared.ts), which the console never shows.
 * A state given back without it reads as one written before the record existed.
 */
function view(map: WireMap): Props {
  const { __provider: _, __declared: _declared, ...rest } = map;
  return rest;
}

/**
 * One resource driven by hand through the host's conventions and the engine's side of each call:
 * inputs carry `__provider` as the engine stores them, a check with failures fails, a diff must
 * answer a boolean `changes`, a create must answer an id. Results come back as a test reads
 * them, without `__provider` and `__declared`, except checked inputs, which the engine passes on
 * as they are.
 *
 * @example
 * const engine = new InProcessEngine(provider("DnsRecordSet"), "DnsRecordSet");
 * await engine.configure({ "reseller:apiUrl": sim.url, "reseller:apiUser": sim.apiUser, "reseller:apiKey": sim.apiKey });
 * const { id, outs } = await engine.create(await engine.check({ domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] }));
 */
export class InProcessEngine {
  private client: ProviderClient;
  private readonly urn: string;

  /**
   * @param serialized what the program would have serialized as `__provider`; the in-process
   * host never deserializes it, it only travels as the real one does.
   */
  constructor(
    readonly provider: pulumi.dynamic.ResourceProvider,
    type: string,
    readonly serialized = "exports.handler = __f0; /* serialized shell */",
  ) {
    this.urn = `urn:pulumi:${PROJECT}::${PROJECT}::pulumi-nodejs:dynamic/reseller:${type}::${type.toLowerCase()}`;
    this.client = this.clientFor({});
  }

  private clientFor(config: Record<string, string>): ProviderClient {
    return new ProviderClient(new InProcessHost(this.provider), () => ({ args: config, variables: {} }));
  }

  /** Configures the provider with this stack config (namespaced keys), as a new host process would. */
  async configure(config: Record<string, string>): Promise<void> {
    this.client = this.clientFor(config);
    await this.client.configured();
  }

  private stored(props: Props): WireMap {
    return { ...props, __provider: this.serialized } as WireMap;
  }

  private old(id: string, outputs: Props): OldState {
    return { urn: this.urn, id, inputs: {}, outputs: this.stored(outputs) };
  }

  /** The checked inputs as the engine stores them (with `__provider`); check failures throw a {@link StepFailed}. */
  async check(news: Props, olds: Props = {}): Promise<Props> {
    return this.client.check(this.urn, olds as WireMap, this.stored(news));
  }

  /** The failures of a check that must fail. */
  async checkFailures(news: Props, olds: Props = {}): Promise<{ property: string; reason: string }[]> {
    try {
      await this.check(news, olds);
    } catch (error) {
      if (error instanceof StepFailed && error.detail.checkFailures) return error.detail.checkFailures;
      throw error;
    }
    throw new Error("check passed where it should fail");
  }

  async create(inputs: Props): Promise<{ id: string; outs: Props }> {
    const { id, outputs } = await this.client.create(this.urn, inputs as WireMap, [], false);
    return { id, outs: view(outputs) };
  }

  /** Read with the state given, or, without it, from the id alone as `X.get(name, id)` and import do. */
  async read(id: string, props: Props = {}): Promise<{ id: string; props: Props; inputs?: Props }> {
    const read = await this.client.read(this.urn, id, this.stored(props), undefined);
    return { id: read.id, props: view(read.properties), ...(read.inputs ? { inputs: view(read.inputs) } : {}) };
  }

  /** A diff of the old outputs against checked inputs; the provider must answer, not leave it to the engine. */
  async diff(id: string, olds: Props, news: Props): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace: boolean }> {
    const diff = await this.client.diff(this.old(id, olds), news as WireMap);
    if (diff.fromInputs) throw new Error("diff answered no boolean `changes`: the engine would compare the inputs itself (DIFF_UNKNOWN)");
    return { changes: diff.changes === "some", replaces: diff.replaces, deleteBeforeReplace: diff.deleteBeforeReplace };
  }

  async update(id: string, olds: Props, news: Props): Promise<Props> {
    return view(await this.client.update(this.old(id, olds), news as WireMap, [], false));
  }

  async delete(id: string, props: Props): Promise<void> {
    await this.client.delete(this.old(id, props));
  }
}

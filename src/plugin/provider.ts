/**
 * The provider plugin's operations on plain values: what `server.ts` calls for each gRPC method
 * once the wire form is decoded. Every resource operation goes to the same runtime the dynamic
 * resources load (`runtime.ts`), and every invoke to the same data source functions the
 * program-side `getX` calls run: no resource logic lives here (docs/decisions/0025).
 *
 * What is the plugin's own:
 * - tokens: `reseller:index:<Type>` for resources, `reseller:index:get<X>` for invokes;
 * - the provider's configuration comes from its own inputs (`pulumi:providers:reseller` with
 *   `apiUser`, `apiKey`, ...), not from the stack: the default provider's inputs are the stack's
 *   `reseller:*` keys, and an explicit provider carries its own, so two providers reach two
 *   accounts. The engine starts one plugin process per provider (pulumi pkg/host/host.go,
 *   `defaultHost.Provider` loads a fresh plugin on every call), so the runtime's process-wide
 *   configuration is this provider's alone;
 * - secrets: what arrives secret, and what the definitions declare secret, leaves secret.
 */
import { DATA_SOURCES } from "../data-sources/registry";
import { useConfiguration } from "../data-sources/client";
import { ACCOUNT_KEY } from "../provider/lifecycle/account";
import { DECLARED_KEY } from "../provider/lifecycle/declared";
import { containsUnknown, type CheckFailure } from "../provider/lifecycle/check";
import { CONFIG_KEYS, readConfiguration, type ProviderConfiguration } from "../provider/rules/config";
import { resetContext, setConfiguration } from "../provider/runtime/context";
import { jsonEqual } from "../provider/lifecycle/diff";
import { isPartialFailure } from "../provider/lifecycle/errors";
import { toPlainJson } from "../provider/lifecycle/outputs";
import { ownerOfUrn } from "../provider/lifecycle/owner";
import * as runtime from "../runtime";
import { tokenOf } from "./tokens";
import { configText, unwrap, wrapSecrets } from "./values";

export { MODULE, PACKAGE, tokenOf } from "./tokens";

type Props = Record<string, unknown>;

const PREFIX = tokenOf("");

/**
 * Provider inputs the engine adds beside the configuration keys: the plugin version it asked for,
 * and a download URL. They are not settings, so they are neither checked nor compared.
 */
const ENGINE_KEYS: readonly string[] = ["version", "pluginDownloadURL"];
const CONFIG_KEY_NAMES: readonly string[] = CONFIG_KEYS.map((k) => k.key);
/** The configuration keys whose values are credentials, marked secret in the provider's state. */
const SECRET_CONFIG_KEYS: readonly string[] = CONFIG_KEYS.filter((k) => k.secret).map((k) => k.key);

/** The resource type a token names, or an error that lists the known ones. */
function typeOf(token: string): string {
  const type = token.startsWith(PREFIX) ? token.slice(PREFIX.length) : "";
  if (!runtime.types.includes(type)) {
    throw new Error(`the reseller provider has no resource type "${token}" (known: ${runtime.types.map(tokenOf).join(", ")})`);
  }
  return type;
}

/** The secret properties of a resource's results: those the definition declares, and those that arrived secret. */
function secretsOf(type: string, ...arrived: Set<string>[]): Set<string> {
  const secrets = new Set<string>(runtime.definitionOf(type).secretOutputs);
  for (const set of arrived) for (const k of set) secrets.add(k);
  // The account is a plain name (docs/decisions/0017), never a secret.
  secrets.delete(ACCOUNT_KEY);
  return secrets;
}

/**
 * The configuration the provider's inputs describe, read by the same parser as the dynamic
 * provider's stack configuration; the plugin's environment (`RESELLER_*`) is the fallback.
 */
function configurationOf(inputs: Props): ProviderConfiguration {
  const text = configText(inputs);
  return readConfiguration({ get: (key) => text[key] });
}

/** The configuration key a parser message names (`"reseller:apiUrl"`), or the empty property. */
function keyNamed(message: string): string {
  const m = /"reseller:([A-Za-z]+)/.exec(message);
  return m?.[1] ?? "";
}

/** What a resource operation returns: plain properties and the ones to mark secret. */
export interface Result {
  props: Props;
  secrets: Set<string>;
}

/** An id, plain properties and inputs, with the secret ones named (read). */
export interface ReadResult {
  id: string;
  props: Result;
  inputs?: Result;
}

/** A create that succeeded remotely but failed after: the engine keeps the id and these properties. */
export class InitFailure extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly props: Result,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

/**
 * The operations of one provider plugin process (one provider instance).
 *
 * @example
 * const p = new NativeProvider();
 * await p.configure({ apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey });
 * const { inputs } = await p.check("reseller:index:DnsRecordSet", {}, { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export class NativeProvider {
  private cancelled = false;

  /**
   * Validates the provider's inputs: every key must be a configuration key, and the values must
   * parse (credentials may still be missing here: the environment may hold them, and an
   * operation that needs them fails naming the key). Messages never hold a value.
   */
  checkConfig(news: Props): { inputs: Props; failures: CheckFailure[] } {
    const { props } = unwrap(news);
    const failures: CheckFailure[] = [];
    for (const key of Object.keys(props)) {
      if (ENGINE_KEYS.includes(key) || CONFIG_KEY_NAMES.includes(key)) continue;
      failures.push({ property: key, reason: `is not a setting of the reseller provider (known: ${CONFIG_KEY_NAMES.join(", ")})` });
    }
    if (failures.length === 0 && !containsUnknown(props)) {
      try {
        configurationOf(settingsOnly(props));
      } catch (err) {
        failures.push({ property: keyNamed((err as Error).message), reason: (err as Error).message });
      }
    }
    // Credentials given in plain text are made secret, so that the provider's state never holds
    // them in clear, however the program passed them.
    return {
      inputs:
        failures.length > 0
          ? news
          : wrapSecrets(
              news,
              SECRET_CONFIG_KEYS.filter((k) => !isWrapped(news[k])),
            ),
      failures,
    };
  }

  /**
   * Compares two provider configurations. A change of any setting, credentials included, updates
   * the provider in place and never replaces it: replacing a provider would replace every
   * resource it manages, and rotating a key or moving to another URL of the same account must
   * not delete and recreate a domain's DNS.
   */
  diffConfig(olds: Props, news: Props): { changes: boolean; diffs: string[] } {
    const o = unwrap(olds).props;
    const n = unwrap(news).props;
    const keys = new Set([...Object.keys(o), ...Object.keys(n)].filter((k) => !ENGINE_KEYS.includes(k)));
    const diffs = [...keys].filter((k) => !jsonEqual(o[k] ?? null, n[k] ?? null)).sort();
    return { changes: diffs.length > 0, diffs };
  }

  /** Takes the provider's inputs as the configuration of every later operation and invoke. */
  async configure(args: Props): Promise<void> {
    const configuration = configurationOf(settingsOnly(unwrap(args).props));
    await resetContext();
    setConfiguration(configuration);
    useConfiguration(configuration);
  }

  /** Stops taking new operations; those under way finish, so that nothing created is lost track of. */
  cancel(): void {
    this.cancelled = true;
  }

  private guard(what: string): void {
    if (this.cancelled) throw new Error(`${what}: the operation was cancelled`);
  }

  /**
   * Validates and normalizes a resource's inputs; the inputs that arrived secret stay secret. For
   * a resource about to be created, the runtime also reads whether its object exists (decision
   * 0045); the URN names the resource, whose own interrupted create is then not refused.
   */
  async check(token: string, olds: Props, news: Props, urn?: string): Promise<{ inputs?: Result; failures: CheckFailure[] }> {
    const type = typeOf(token);
    const n = unwrap(news);
    const o = unwrap(olds).props;
    const owner = ownerOfUrn(urn);
    const result = await runtime.check(type, o, n.props, owner === undefined ? {} : { owner });
    if (result.failures && result.failures.length > 0) {
      // `pulumi import` checks the inputs its read returned, as the old and the new inputs alike
      // (`ImportStep` in the Pulumi engine), and calls any failure "almost certainly a bug in the
      // provider". An input the API never returns (a password) is missing there by design
      // (docs/decisions/0026): the code the import writes gives it empty, and the preview refuses
      // that until the program sets it. So such a check passes on the inputs as they are.
      const imported = Object.keys(o).length > 0 && jsonEqual(o, n.props);
      const failures = imported ? result.failures.filter((f) => n.props[f.property.split(/[.[]/)[0]!] !== undefined) : result.failures;
      if (failures.length > 0) return { failures };
      return { inputs: { props: n.props, secrets: secretsOf(type, n.secrets) }, failures: [] };
    }
    return { inputs: { props: result.inputs!, secrets: secretsOf(type, n.secrets) }, failures: [] };
  }

  /** Compares checked inputs with the state. */
  async diff(
    token: string,
    id: string,
    olds: Props,
    news: Props,
  ): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace: boolean; diffs: string[] }> {
    const type = typeOf(token);
    const o = unwrap(olds).props;
    const n = unwrap(news).props;
    // The changed keys, so that the console names these alone: without them it compares the old
    // and new inputs, and shows inputs the program leaves out (`+adopt,createFolder` after an import).
    return { ...(await runtime.diff(type, id, o, n)), diffs: runtime.changedProperties(type, o, n) };
  }

  /**
   * Creates the object; a partial create is an {@link InitFailure} carrying the id. The URN the
   * engine sends names the resource, whose own interrupted create the runtime may then recover
   * without `adopt` (provider/lifecycle/owner.ts, docs/decisions/0033).
   */
  async create(token: string, inputs: Props, urn?: string): Promise<{ id: string; props: Result }> {
    const type = typeOf(token);
    this.guard(`create ${type}`);
    const i = unwrap(inputs);
    try {
      const owner = ownerOfUrn(urn);
      const { id, outs } = await runtime.create(type, i.props, owner === undefined ? {} : { owner });
      return { id, props: { props: outs, secrets: secretsOf(type, i.secrets) } };
    } catch (err) {
      throw initFailureOf(err, () => secretsOf(type, i.secrets));
    }
  }

  /**
   * Reads the live object: on refresh with the state, on `pulumi import` and `get` with the id
   * alone, in which case the inputs returned are what the import writes into the program.
   */
  async read(token: string, id: string, props: Props, inputs: Props): Promise<ReadResult> {
    const type = typeOf(token);
    const p = unwrap(props);
    const i = unwrap(inputs);
    // On import the state is empty but the account of the resource, if any, is in the inputs.
    const state =
      Object.keys(p.props).length > 0
        ? withDeclared(p.props, i.props)
        : i.props[ACCOUNT_KEY] !== undefined
          ? { [ACCOUNT_KEY]: i.props[ACCOUNT_KEY] }
          : undefined;
    const result = await runtime.read(type, id, state);
    if (result.id === "") return { id: "", props: { props: {}, secrets: new Set() } };
    const secrets = secretsOf(type, p.secrets, i.secrets);
    return {
      id: result.id,
      props: { props: result.props, secrets },
      ...(result.inputs ? { inputs: { props: result.inputs, secrets } } : {}),
    };
  }

  /** Applies in-place changes. */
  async update(token: string, id: string, olds: Props, news: Props): Promise<Result> {
    const type = typeOf(token);
    this.guard(`update ${type} ${id}`);
    const o = unwrap(olds);
    const n = unwrap(news);
    try {
      const { outs } = await runtime.update(type, id, o.props, n.props);
      return { props: outs, secrets: secretsOf(type, o.secrets, n.secrets) };
    } catch (err) {
      // An update that fails part way may report the object it left; the engine stores that state.
      throw initFailureOf(err, () => secretsOf(type, o.secrets, n.secrets));
    }
  }

  /** Deletes the object (or releases it from state, as each resource documents). */
  async delete(token: string, id: string, props: Props): Promise<void> {
    const type = typeOf(token);
    this.guard(`delete ${type} ${id}`);
    await runtime.delete(type, id, unwrap(props).props);
  }

  /**
   * Runs a data source. A result is secret as a whole when the data source says so or when an
   * argument was secret, as the program-side `...Output` variants do.
   */
  async invoke(token: string, args: Props): Promise<Result> {
    const name = token.startsWith(PREFIX) ? token.slice(PREFIX.length) : "";
    const source = DATA_SOURCES[name];
    if (!source)
      throw new Error(`the reseller provider has no function "${token}" (known: ${Object.keys(DATA_SOURCES).map(tokenOf).join(", ")})`);
    const a = unwrap(args);
    const result = toPlainJson((await source.run(a.props)) as Props, name);
    const secret = source.secret === true || a.secrets.size > 0;
    return { props: result, secrets: new Set(secret ? Object.keys(result) : []) };
  }
}

/**
 * State for a refresh, with the declared input keys (provider/lifecycle/declared.ts): those of
 * the old inputs, which the engine sends with the state (`RefreshStep` in the Pulumi engine): the
 * program's inputs, none for a `get`, the imported ones after `pulumi import`.
 */
function withDeclared(state: Props, inputs: Props): Props {
  return { ...state, [DECLARED_KEY]: Object.keys(inputs) };
}

/** A partial failure (an error carrying `id` and `properties`) as an {@link InitFailure}; any other error as it is. */
function initFailureOf(err: unknown, secrets: () => Set<string>): unknown {
  if (!isPartialFailure(err)) return err;
  return new InitFailure(err.message, err.id, { props: toPlainJson(err.properties), secrets: secrets() }, err.reasons ?? [err.message]);
}

function isWrapped(value: unknown): boolean {
  return unwrap({ v: value }).secrets.size > 0;
}

/**
 * The configuration keys of the provider's inputs, without what the engine adds, and without
 * values unknown during a preview (an explicit provider configured from another resource's
 * outputs), which the preview then runs without.
 */
function settingsOnly(props: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) if (!ENGINE_KEYS.includes(k) && !containsUnknown(v)) out[k] = v;
  return out;
}

/**
 * From ids to declarations: each object found is read through its resource's `read` (the code a
 * `pulumi refresh` runs), and its arguments are chosen so that the provider sees no change.
 *
 * For a declared object the generator checks its own output the way the provider will: the
 * arguments go through the resource's `check` (validation and normalization, for the configured
 * API version) and its `diff` against the live outputs. The friendly spelling (`"v=spf1 ~all"`
 * rather than `"\"v=spf1 ~all\""`) is kept only when it passes; otherwise the canonical live
 * inputs are used; and an object that cannot be declared without a change is read with
 * `X.get` instead, with the reason in a comment and a note. So the first `pulumi up` of a
 * generated program changes nothing in the account, except what the program must set because the
 * API cannot read it: the passwords of adopted FTP logins and database users, taken from config.
 *
 * Inputs the API never returns (passwords, SSH key lines) are not checked against the live object:
 * `check` sees them as values unknown until deployment, and `diff` does not compare them.
 */
import { runtimeAdopts, withoutAdoption } from "../provider/lifecycle/takeover";
import type { ProviderContext } from "../provider/runtime/context";
import { checkInputs, UNKNOWN } from "../provider/lifecycle/check";
import { inputKeys, type AnyResourceDefinition } from "../provider/lifecycle/define";
import { diffInputs } from "../provider/lifecycle/diff";
import { toPlainJson } from "../provider/lifecycle/outputs";
import type { Discovery, Found, Section } from "./discover";
import { KINDS, type ConfigInput, type Kind, type KindName, type LiveProps } from "./kinds";
import { secretConfigKey, UniqueNames } from "./names";
import { Expression, stringLiteral, type PrintValue } from "./printer";

/**
 * A config key of the project that the program reads with `config.requireSecret` (or
 * `config.require`, for a value that is not secret such as an SSH public key).
 */
export interface ConfigEntry {
  /** The key in the project's namespace (`sslKey_client_shop_net`). */
  key: string;
  /** The kind of value (`sslKey`, `ftpPassword`, `dbPassword`, `sshPublicKey`). */
  configKind: string;
  description: string;
  /** The resource name that uses it. */
  resource: string;
  /** Required by the program as generated; otherwise only by a managed declaration of a read object. */
  required: boolean;
  /** Declared `secret: true` and read with `config.requireSecret`. */
  secret: boolean;
  /** The file `pulumi config set` reads it from, in the README; without it, the command prompts. */
  from?: string;
}

/** One resource of the program. */
export interface Planned {
  kind: KindName;
  name: string;
  /** The resource's import id. */
  id: string;
  mode: "declare" | "read";
  /** The arguments of a declaration; inputs from config are `config.requireSecret(...)` (or `config.require`) expressions. */
  args?: Record<string, PrintValue>;
  protect: boolean;
  comments: string[];
  section: Section;
  sortKey: string;
}

/** The whole program, before printing. */
export interface Plan {
  resources: Planned[];
  /** The config keys the program reads (required) or a managed declaration would (not required). */
  config: ConfigEntry[];
  notes: string[];
}

const KIND_ORDER = Object.keys(KINDS) as KindName[];

/** How many objects are read at once (the client's limiter still caps requests in flight). */
const READ_CONCURRENCY = 8;

async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The config expression of an input: `config.requireSecret(...)`, or `config.require(...)` for a
 * value that is not secret.
 */
export function configExpression(key: string, secret: boolean): Expression {
  return new Expression(`config.${secret ? "requireSecret" : "require"}(${stringLiteral(key)})`);
}

type Verdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether `args` declare exactly the live object: they pass the resource's `check` for the API
 * version, and its `diff` against the live outputs finds nothing to change. Inputs from config
 * are checked with their live value (kept in memory only) where the API returns one; one it
 * never returns is passed to `check` as unknown (its value is the user's to give) and left out
 * of the diff.
 */
function verify(kind: Kind, args: Record<string, PrintValue>, props: LiveProps, version: ProviderContext["version"]): Verdict {
  const given: Record<string, unknown> = { ...args };
  for (const input of kind.config ?? []) given[input.property] = input.readable ? props[input.property] : UNKNOWN;
  // `adopt` is the runtime's input where the definition declares an identity read (provider/lifecycle/takeover.ts).
  const plain = runtimeAdopts(kind.definition) ? withoutAdoption(given) : given;
  const checked = checkInputs(kind.definition, plain, version);
  if (!checked.inputs) {
    return {
      ok: false,
      reason: `its live state does not pass the resource's check (${(checked.failures ?? []).map((f) => `${f.property}: ${f.reason}`).join("; ")})`,
    };
  }
  const inputs = { ...checked.inputs };
  for (const input of kind.config ?? []) if (!input.readable) delete inputs[input.property];
  if (!diffInputs(kind.definition, props, inputs).changes) return { ok: true };
  const changed = Object.keys(inputs).filter((k) => diffInputs(kind.definition, props, { [k]: inputs[k] }).changes);
  return { ok: false, reason: `declaring it would change ${changed.join(", ") || "it"}` };
}

/** The canonical live inputs, in the resource's input order, without unset values. */
function canonicalArgs(kind: Kind, inputs: LiveProps): Record<string, PrintValue> {
  const out: Record<string, PrintValue> = {};
  for (const key of inputKeys(kind.definition)) {
    const value = inputs[key];
    if (value !== undefined && value !== null) out[key] = value as PrintValue;
  }
  return out;
}

/** The same keys as `preferred`, with the canonical value wherever the live inputs have one. */
function canonicalOf(
  preferred: Record<string, PrintValue>,
  canonical: Record<string, PrintValue>,
  fixed: readonly string[],
): Record<string, PrintValue> {
  const out: Record<string, PrintValue> = {};
  for (const [key, value] of Object.entries(preferred)) out[key] = !fixed.includes(key) && key in canonical ? canonical[key]! : value;
  return out;
}

/**
 * Inputs the arguments keep as they are, even where the live inputs say otherwise: `adopt` is a
 * create-time switch, never live state (an adopted domain reads back as `adopt: false`).
 */
const FIXED: readonly string[] = ["adopt"];

interface ReadResult {
  found: Found;
  props: LiveProps;
  inputs: LiveProps;
}

async function readFound(ctx: ProviderContext, found: Found): Promise<ReadResult | undefined> {
  const def: AnyResourceDefinition = KINDS[found.kind].definition;
  const key = def.id.parse(found.id);
  if (!key) throw new Error(`internal error: "${found.id}" is not a ${found.kind} id (${def.id.format})`);
  const result = await def.read(ctx, { id: found.id, key: { ...key, ...(found.key ?? {}) } });
  if (!result) return undefined;
  const props = toPlainJson(result.outs as LiveProps);
  const inputs = result.inputs ? toPlainJson(result.inputs as LiveProps) : props;
  return { found: { ...found, id: result.id ?? found.id }, props, inputs };
}

/** Reads every object found and decides how the program describes it. */
export async function planProgram(ctx: ProviderContext, discovery: Discovery): Promise<Plan> {
  const notes = [...discovery.notes];
  const reads = (await mapPool(discovery.found, READ_CONCURRENCY, (f) => readFound(ctx, f))).filter(
    (r): r is ReadResult => r !== undefined,
  );
  const kept = reads.filter((r) => (KINDS[r.found.kind] as Kind).include?.(r.props) ?? true);
  kept.sort(
    (a, b) =>
      compare(a.found.section.order, b.found.section.order) ||
      KIND_ORDER.indexOf(a.found.kind) - KIND_ORDER.indexOf(b.found.kind) ||
      compare(a.found.sortKey, b.found.sortKey) ||
      compare(a.found.id, b.found.id),
  );

  const names = new UniqueNames();
  // Two natural keys may give the same config key (`a.b@x.com` and `a_b@x.com`): never share one.
  const keys = new UniqueNames();
  const resources: Planned[] = [];
  const config: ConfigEntry[] = [];
  for (const { found, props, inputs } of kept) {
    const kind: Kind = KINDS[found.kind];
    const name = names.take(found.name);
    const comments = [...(kind.describe?.(props) ?? [])];
    const configKeys = (kind.config ?? []).map((c) => ({ input: c, key: keys.take(secretConfigKey(c.configKind, c.naturalKey(props))) }));
    const entry = (input: ConfigInput, key: string, required: boolean): ConfigEntry => ({
      key,
      configKind: input.configKind,
      description: input.description(props),
      resource: name,
      required,
      secret: input.secret,
      ...(input.from !== undefined ? { from: input.from } : {}),
    });

    let mode = kind.mode;
    let args: Record<string, PrintValue> | undefined;
    if (mode === "declare") {
      const canonical = canonicalArgs(kind, inputs);
      const preferred = kind.args?.(props) ?? canonical;
      const candidates = [preferred, canonicalOf(preferred, canonical, FIXED)];
      let verdict: Verdict = { ok: false, reason: "" };
      for (const candidate of candidates) {
        verdict = verify(kind, candidate, props, ctx.version);
        if (verdict.ok) {
          args = candidate;
          break;
        }
      }
      if (!verdict.ok) {
        mode = "read";
        comments.push(`Read only: ${verdict.reason}; fix the object in the account, or declare it as you want it.`);
        notes.push(`${kind.type} ${found.id} is read, not declared: ${verdict.reason}`);
      }
    } else {
      comments.push(`Read only: ${kind.type} cannot take over an existing object: ${kind.reason}.`);
    }

    const configKey = (input: ConfigInput, key: string) => `${input.secret ? "the secret config key" : "the config key"} ${key}`;
    if (mode === "declare" && args) {
      for (const { input, key } of configKeys) {
        args[input.property] = configExpression(key, input.secret);
        if (!input.readable) {
          const effect = input.effect?.(props, ctx.version);
          comments.push(`Its ${input.property} cannot be read: it comes from ${configKey(input, key)}${effect ? `; ${effect}` : ""}.`);
        }
        config.push(entry(input, key, true));
      }
    } else {
      args = undefined;
      for (const { input, key } of configKeys) {
        comments.push(`Its ${input.property} cannot be read; a declaration managing it would take it from ${configKey(input, key)}.`);
        config.push(entry(input, key, false));
      }
    }
    comments.push(`import id: ${found.id}`);
    resources.push({
      kind: found.kind,
      name,
      id: found.id,
      mode,
      args,
      protect: mode === "declare",
      comments,
      section: found.section,
      sortKey: found.sortKey,
    });
  }
  return { resources, config, notes };
}

/**
 * `defineResource`: a resource's lifecycle rules declared as data, interpreted by the shared
 * helpers (`check.ts`, `diff.ts`, `runtime.ts`), so every resource behaves the same way towards
 * the engine (style rule R7).
 *
 * A definition says:
 * - `inputs`: one zod schema per property, which validates and normalizes that property alone
 *   (`check` replaces the schema of a property whose value is unknown during preview);
 * - `normalize`: cross-property checks and normalization (fill `sld`/`tld` from `domain`, ...),
 *   given the API version `check` runs for;
 * - `identity` and `replaceOn`: what names the object, and what cannot change without replacing it;
 * - `deleteBeforeReplace`, `secretOutputs`, `id` (format, build, parse) and `onMissing`;
 * - `requires`: the API operations the given inputs need, so a version that lacks one fails in
 *   `check` (before any call) with the version and operation in the message (and, with
 *   `reason`, what to do instead);
 * - `diff`: properties that are not compared (create-time only, guards) and custom comparisons;
 * - the operations `create`, `read`, `update` and `delete`.
 */
import type { z } from "zod";
import type { ApiVersion } from "../../client/endpoint";
import type { ProviderContext } from "../runtime/context";
import type { IssueSink } from "../../util/issue";

/** Resource schemas record check failures through it (util/issue.ts). */
export type { IssueSink };

/** What `read` does when the object is gone: drop it from state, or keep it (a domain registration). */
export type OnMissing = "remove" | "keep";

/** An operation requirement: the property that needs it and the operation ids (`domains.getRegistrarLock`). */
export interface Requirement {
  property: string;
  /** Every one of these must exist in the version, unless `anyOf` is set. */
  operations: readonly string[];
  /** One of the operations is enough (e.g. enable/disable lock on v4 and v3, save lock on v2). */
  anyOf?: boolean;
  /**
   * What the user can do about it, ending the check failure message in place of the generic
   * "use another apiVersion or leave `<property>` unset", which reads oddly where the property
   * cannot be left unset (a whole resource the version lacks).
   */
  reason?: string;
}

/** What a definition's `read` receives. */
export interface ReadRequest<I, O> {
  /** The resource id. */
  id: string;
  /** What the id tells (from `id.parse`). */
  key: Partial<I>;
  /** The outputs in state; undefined on import (`read` from the id alone). */
  props?: O;
}

/** What a definition's `read` returns: the live outputs and, if they differ from `pick(outs)`, inputs. */
export interface ReadResponse<I, O> {
  /** A canonical id if it differs from the one asked for. */
  id?: string;
  outs: O;
  /** Inputs for later diffs; defaults to the input properties of `outs`. */
  inputs?: Partial<I>;
}

/** An object the API holds that has a resource's declared identity, as `find` reports it. */
export interface ExistingObject {
  /** Its id, as the resource's state and `X.get` take it. */
  id: string;
  /** What it is, for messages: "the A record set @ of example.com (1 record: 198.51.100.7)". */
  description: string;
}

/** How `find` reads. */
export interface FindOptions {
  /** Bypass the read cache: settling a create whose outcome is unknown must see the API as it is now. */
  fresh: boolean;
}

/**
 * A resource's declaration.
 *
 * @typeParam S - the zod shape of the inputs
 * @typeParam I - the checked inputs (after `normalize`)
 * @typeParam O - the outputs (state); they include every input property, normalized
 */
export interface ResourceDefinition<S extends z.ZodRawShape, I extends object, O extends object> {
  /** PascalCase type name; the token is `pulumi-nodejs:dynamic/reseller:<type>` (never changed: every URN holds it). */
  type: string;
  inputs: S;
  /**
   * Cross-property checks and normalization of the per-property result, for the API version
   * `check` runs for (rules that differ per version, e.g. privileges v2 cannot grant). A property
   * whose value is unknown during preview holds the sentinel: test with `isUnknown` and leave it
   * as it is.
   */
  normalize?(value: z.output<z.ZodObject<S>>, issue: IssueSink, version: ApiVersion): I;
  /**
   * Properties that name the object, as `find` looks for it: usually part of the id, and replaced
   * when they change unless `replaceOn` says otherwise. The read cache tells the objects an
   * operation writes apart by them (provider/runtime/cache.ts), and so does the record a create
   * leaves on the machine (provider/runtime/intent-journal.ts).
   */
  identity: readonly (keyof I & string)[];
  /** Properties whose change replaces the object; defaults to `identity`. */
  replaceOn?: readonly (keyof I & string)[];
  /** Delete the old object before creating its replacement (natural keys that would collide). */
  deleteBeforeReplace: boolean;
  /** Outputs to mark secret (`additionalSecretOutputs`). */
  secretOutputs: readonly (keyof O & string)[];
  id: {
    /** The documented import id format, e.g. `<domain>/<name>/<type>`. */
    format: string;
    build(values: I | O): string;
    /** What an id tells, or undefined when it is malformed. */
    parse(id: string): Partial<I> | undefined;
    /**
     * The id to import an object under when its state is known: the state id, plus what a read
     * from the id alone cannot find and `parse` accepts after it (a redirection's destination,
     * the options a PhpOptions manages). `reseller migrate-state` writes it into the import file
     * (docs/decisions/0027); without it, the state id is the import id.
     */
    importId?(outputs: O): string;
  };
  onMissing: OnMissing;
  /** With `onMissing: "keep"`: the state to keep for a missing object, and the warning to log. */
  keepMissing?(props: O): { outs: O; warning: string };
  diff?: {
    /** Not compared: create-time settings and guards, which `update` reads from the new inputs anyway. */
    ignore?: readonly (keyof I & string)[];
    /** Custom comparisons; return true when the new input is satisfied by the old outputs. */
    equal?: { [K in keyof I]?: (news: I, olds: O) => boolean };
  };
  requires?(inputs: I, version: ApiVersion): readonly Requirement[];
  /**
   * The "find by identity" read: the live object that has the identity the inputs declare (a
   * record set by zone, name and type; a cron line by schedule and command), or undefined. The
   * runtime calls it before `create`, which fails naming the object unless `adopt: true`
   * (provider/lifecycle/takeover.ts), and after a create whose outcome is unknown, polling until the
   * object shows or the settle wait ends (provider/runtime/settle.ts). Declared once, used for both.
   * `ctx` is the operation's own; a `find` whose identity names an object one way only reads
   * through `ctx.identityReads()` when not `fresh` (provider/runtime/context.ts).
   */
  find?(ctx: ProviderContext, inputs: I, options: FindOptions): Promise<ExistingObject | undefined>;
  /**
   * For a definition with an `adopt` input of its own (provider/lifecycle/takeover.ts): the error
   * of a create that found an object (`find`), or undefined when the inputs allow taking that
   * object over. The runtime gives it before any write, from `create` and, for a resource about to
   * be created, from `check`, so that a preview shows it (docs/decisions/0045); `create` is then
   * called with an object found only when the inputs adopt it. A test requires it of every such
   * definition.
   */
  refuseTakeover?(inputs: I, found: ExistingObject): Error | undefined;
  /**
   * Whether `create` writes what it found to the record on the provider's machine
   * (`foundAtCreate`, provider/runtime/found-journal.ts, decision 0028): the runtime removes that record
   * once `delete` has put the found value back.
   */
  recordsFound?: boolean;
  /**
   * Creates the object. With `adopting` (what `find` found, when the user set `adopt: true`),
   * takes that object over instead: a definition whose create would otherwise add a second one
   * (a crontab line) uses it; an upsert (a record set) may ignore it.
   */
  create(ctx: ProviderContext, inputs: I, adopting?: ExistingObject): Promise<{ id: string; outs: O }>;
  /** Returns undefined when the object does not exist. */
  read(ctx: ProviderContext, request: ReadRequest<I, O>): Promise<ReadResponse<I, O> | undefined>;
  update(ctx: ProviderContext, id: string, olds: O, news: I): Promise<O>;
  delete(ctx: ProviderContext, id: string, props: O): Promise<void>;
}

/** A definition of any resource, as the runtime registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of heterogeneous definitions
export type AnyResourceDefinition = ResourceDefinition<z.ZodRawShape, any, any>;

/**
 * Declares a resource. Checks the declaration's own consistency (identity and replace-on
 * properties must be inputs) so a mistake fails when the module loads, not during a deployment.
 */
export function defineResource<S extends z.ZodRawShape, I extends object, O extends object>(
  def: ResourceDefinition<S, I, O>,
): ResourceDefinition<S, I, O> {
  const inputKeys = Object.keys(def.inputs);
  // The runtime adds `account` to every resource (account.ts); a definition of its own would
  // shadow it.
  if (inputKeys.includes("account"))
    throw new Error(`${def.type}: "account" is the input every resource takes for its reseller account; name the property otherwise`);
  // Keys that begin with `__` are the engine's and the runtime's (`__provider`, `__owner`).
  for (const k of inputKeys)
    if (k.startsWith("__"))
      throw new Error(`${def.type}: "${k}": inputs that begin with "__" are the engine's and the runtime's; name the property otherwise`);
  for (const k of [...def.identity, ...(def.replaceOn ?? []), ...(def.diff?.ignore ?? [])]) {
    if (!inputKeys.includes(k)) throw new Error(`${def.type}: "${k}" is declared in the lifecycle rules but is not an input`);
  }
  if (!/^[A-Z][A-Za-z0-9]*$/.test(def.type)) throw new Error(`${def.type}: the type must be PascalCase`);
  return def;
}

/** The input properties of a definition, in declaration order. */
export function inputKeys(def: AnyResourceDefinition): string[] {
  return Object.keys(def.inputs);
}

/**
 * `pulumi-hosting-reseller/runtime`: the code every resource's serialized shell loads in the
 * provider process, by package name, at call time (docs/decisions/0006).
 *
 * Each method takes the resource type first (`check("DnsRecordSet", olds, news)`) and applies
 * that resource's definition through the shared helpers. Refresh and destroy run the runtime
 * installed next to the program against state written by older versions, so the
 * method names and argument order here are a protocol: never change them, only add.
 */
import { definitions } from "./resources/registry";
import { ACCOUNT_KEY, checkAccount, diffAccount } from "./provider/lifecycle/account";
import { checkInputs, containsUnknown, type CheckResult } from "./provider/lifecycle/check";
import { namespaced, readConfiguration, type ConfigReader } from "./provider/rules/config";
import type { Writer } from "./provider/runtime/cache";
import {
  clearReadCache,
  currentContext,
  currentSettings,
  resetContext,
  setConfiguration,
  setDefaultLogger,
  type ProviderContext,
} from "./provider/runtime/context";
import { dynamicHostEngineAddress, engineLogger } from "./provider/runtime/engine-log";
import type { AnyResourceDefinition, ExistingObject } from "./provider/lifecycle/define";
import { declaredOf, onlyDeclared } from "./provider/lifecycle/declared";
import { changedInputs, diffInputs, type DiffResult } from "./provider/lifecycle/diff";
import { forgetFound } from "./provider/runtime/found-journal";
import { apiErrorCode, forDisplay, isPartialFailure } from "./provider/lifecycle/errors";
import {
  inputsDigest,
  isOwnIntent,
  readIntentRecord,
  removeIntentRecord,
  writeIntentRecord,
  type IntentKey,
} from "./provider/runtime/intent-journal";
import { PROVIDER_KEY, toPlainJson } from "./provider/lifecycle/outputs";
import { adoptInput, decode, encode, type Bag } from "./provider/runtime/bag";
import { mayHaveBeenApplied, outcomeUnknown, settleCreate } from "./provider/runtime/settle";
import { ADOPT_KEY, ADOPTED_KEY, checkAdopt, runtimeAdopts, takeoverRefused } from "./provider/lifecycle/takeover";

type Props = Record<string, unknown>;

const registry = new Map<string, AnyResourceDefinition>(definitions.map((d) => [d.type, d]));

/**
 * The definition of a resource type.
 *
 * @example
 * definitionOf("DnsRecordSet").id.format; // "<zone>/<name>/<type> (name relative, @ for the apex), e.g. example.com/www/A"
 */
export function definitionOf(type: string): AnyResourceDefinition {
  const def = registry.get(type);
  if (!def) {
    throw new Error(
      `pulumi-hosting-reseller has no resource type "${type}" (known: ${[...registry.keys()].join(", ")}); is the installed package older than the one that created this resource?`,
    );
  }
  return def;
}

/**
 * Reads the provider settings from the stack config (`reseller:*` and the named accounts of
 * `reseller:accounts`, environment fallback). The host calls it once per deserialized provider
 * with `{ config }`, whose `get` takes namespaced keys.
 *
 * @example
 * await configure({ config: { get: (k) => ({ "reseller:apiUser": "me", "reseller:apiKey": "secret" })[k] } });
 */
export async function configure(req: { config: ConfigReader }): Promise<void> {
  setConfiguration(readConfiguration(namespaced(req.config)));
  // In the engine's dynamic-provider host, warnings go to the engine's log so that `pulumi up`
  // shows them as warnings; the toolkit runs the runtime in the program's process and keeps the
  // console (engine-log.ts).
  const engine = dynamicHostEngineAddress();
  if (engine !== undefined && !engineLogSet) {
    setDefaultLogger(engineLogger(engine));
    engineLogSet = true;
  }
}

/** Whether this process's contexts already log to the engine (the host configures once per provider). */
let engineLogSet = false;

/**
 * The context of the account a resource belongs to. An account that the configuration no longer
 * names fails this resource's operation alone, before any request, saying which key to set.
 */
function contextOf(def: AnyResourceDefinition, id: string | undefined, account: string | undefined, writer?: Writer): ProviderContext {
  try {
    return currentContext(undefined, account, writer);
  } catch (err) {
    if (account === undefined) throw err;
    // The engine configures a refresh or destroy with the stack configuration the last `up`
    // saved in the state, so a key set since then reaches it only through `--run-program`.
    throw new Error(
      `${def.type}${id ? ` ${id}` : ""} belongs to reseller account "${account}": ${(err as Error).message}. ` +
        "`pulumi refresh` and `pulumi destroy` use the configuration saved by the last `pulumi up` unless run with `--run-program`",
      { cause: err },
    );
  }
}

/**
 * The object an operation writes, as the read cache tells objects apart (provider/runtime/cache.ts): its
 * type and the values of its identity properties, normalized by `check` in inputs and state alike.
 */
function writerOf(def: AnyResourceDefinition, values: Props): Writer {
  return { type: def.type, identity: JSON.stringify(def.identity.map((k) => values[k] ?? null)) };
}

function pickInputs(def: AnyResourceDefinition, outs: Props): Props {
  const picked: Props = {};
  for (const k of Object.keys(def.inputs)) if (outs[k] !== undefined && outs[k] !== null) picked[k] = outs[k];
  return picked;
}

/** What the runtime's check is told beside the inputs. */
export interface CheckOptions {
  /** The owner token of the resource, where the caller knows its URN (the provider plugin); see {@link CreateOptions}. */
  owner?: string;
}

/**
 * Validates and normalizes new inputs. For a resource about to be created (no old inputs), with
 * credentials and every input known, it then performs the identity read a create performs first,
 * and fails as the create would on an object that exists already (docs/decisions/0045); otherwise
 * it never calls the API.
 *
 * @example
 * const { inputs, failures } = await check("DnsRecordSet", {}, { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export async function check(type: string, olds: Props, news: Props, options: CheckOptions = {}): Promise<CheckResult> {
  const def = definitionOf(type);
  // `account` and `adopt` are checked as given: the bag keeps well-formed values only.
  const account = checkAccount(news, (name) => currentSettings(name));
  const adopt = runtimeAdopts(def) ? checkAdopt(news) : { value: undefined, failures: [] };
  const bag = decode(def, news);
  const result = checkInputs(def, bag.own, account.settings.apiVersion);
  const failures = [...account.failures, ...adopt.failures, ...(result.failures ?? [])];
  if (failures.length > 0) return { failures };
  // The owner token goes on to create as the program side set it (provider/lifecycle/owner.ts).
  const inputs = encode(
    result.inputs,
    { account: account.value, owner: bag.owner },
    adopt.value === undefined ? {} : { [ADOPT_KEY]: adopt.value },
  );
  const owner = options.owner ?? bag.owner;
  if (Object.keys(olds).length > 0) {
    rememberIdentity(def, owner, decode(def, olds).own);
    return { inputs };
  }
  if (isOwnReplacement(def, owner, bag.own)) return { inputs };
  const refused = await takeoverBeforeCreate(def, inputs, owner);
  return refused === undefined ? { inputs } : { failures: [{ property: "", reason: refused }] };
}

/**
 * The identity each resource in state was checked with last, by type and owner token, in this
 * process. The engine checks a resource it replaces twice: with its old inputs, then, once the
 * diff says replace, with none, to compute the replacement's inputs afresh (pkg/resource/deploy/
 * step_generator.go, "recompute the default values"). That second check looks like a new
 * resource's, but an object found at the same identity is the resource's own, the one being
 * replaced: it is not a takeover. One provider process serves both checks of a deployment.
 */
const checkedIdentities = new Map<string, string>();

function rememberIdentity(def: AnyResourceDefinition, owner: string | undefined, oldOwn: Props): void {
  if (owner !== undefined) checkedIdentities.set(`${def.type}\0${owner}`, writerOf(def, oldOwn).identity);
}

/** Whether a check without old inputs is the replacement of this resource at its own identity. */
function isOwnReplacement(def: AnyResourceDefinition, owner: string | undefined, own: Props): boolean {
  if (owner === undefined) return false;
  const key = `${def.type}\0${owner}`;
  const identity = checkedIdentities.get(key);
  checkedIdentities.delete(key);
  return identity !== undefined && identity === writerOf(def, own).identity;
}

/**
 * The refusal a create of these checked inputs would give before any write, read now so that a
 * preview shows it (docs/decisions/0045): the same identity read as the create's, through the
 * same shared cache, so many resources of one listing still cost one read. Nothing is read, and
 * nothing refused, where the create could not be judged yet: no `find`, an input unknown until
 * other resources exist (the identity, the account or `adopt` may be among them), or no
 * credentials (a preview without them stays as it was). An object this resource's own
 * interrupted create made is not refused: the create recovers it (decision 0033). A read the API
 * does not answer leaves the check as it was.
 */
async function takeoverBeforeCreate(def: AnyResourceDefinition, inputs: Props, owner: string | undefined): Promise<string | undefined> {
  if (!def.find || containsUnknown(inputs)) return undefined;
  const bag = decode(def, inputs);
  const ctx = contextOf(def, undefined, bag.account, writerOf(def, bag.own));
  if (!ctx.settings.apiUser || !ctx.settings.apiKey) return undefined;
  if (adoptingIn(def, bag)) return undefined;
  let found: ExistingObject | undefined;
  try {
    found = await def.find(ctx, bag.own, { fresh: false });
  } catch (err) {
    // A read the API did not answer (a wrong key, a route, the network) is no evidence of an
    // object: the preview goes on as it did, and the create's own read meets the error at `up`.
    // A refusal `find` decides on what it read (a CNAME at the name) fails the check.
    if (apiErrorCode(err) === undefined) throw err;
    ctx.log.debug?.(`${def.type}: the read for an existing object was skipped in check: ${(err as Error).message}`);
    return undefined;
  }
  if (!found) return undefined;
  const refusal = refusalOf(def, bag.own, found);
  if (refusal === undefined) return undefined;
  const key = intentKeyOf(ctx, def, bag.own);
  if (owner !== undefined && isOwnIntent(await readIntentRecord(key, ctx.log), owner, digestOf(ctx, bag.own))) return undefined;
  return refusal.message;
}

/**
 * Compares new inputs with old outputs. Never calls the API.
 *
 * @example
 * const { changes, replaces } = await diff("DnsRecordSet", id, outs, checkedInputs);
 */
export async function diff(type: string, _id: string, olds: Props, news: Props): Promise<DiffResult> {
  const def = definitionOf(type);
  // `adopt` is a create-time switch: changing it later changes nothing.
  return diffAccount(diffInputs(def, decode(def, olds).own, decode(def, news).own), olds, news);
}

/**
 * The properties `diff` finds changed: the definition's inputs by its rules, and `account`. The
 * provider plugin sends them to the engine, which then names these alone in the console.
 *
 * @example
 * changedProperties("DnsRecordSet", outs, checkedInputs); // ["records"]
 */
export function changedProperties(type: string, olds: Props, news: Props): string[] {
  const def = definitionOf(type);
  const changed = changedInputs(def, decode(def, olds).own, decode(def, news).own);
  const account = diffAccount({ changes: false, replaces: [], deleteBeforeReplace: false }, olds, news);
  return account.changes ? [...changed, ACCOUNT_KEY] : changed;
}

/** What the runtime's create is told beside the inputs. */
export interface CreateOptions {
  /**
   * The owner token of the resource (provider/lifecycle/owner.ts), where the caller knows its URN (the
   * provider plugin); otherwise the token the program side put in the inputs is used.
   */
  owner?: string;
}

/** The record key of an object about to be created or destroyed: its account (never the key), type and identity. */
function intentKeyOf(ctx: ProviderContext, def: AnyResourceDefinition, values: Props): IntentKey {
  return { apiUrl: ctx.settings.apiUrl, apiUser: ctx.settings.apiUser, type: def.type, identity: writerOf(def, values).identity };
}

/** The inputs a record's digest covers: the definition's, without its own `adopt` (a create-time switch). */
function digestOf(ctx: ProviderContext, typed: Props): string {
  const { [ADOPT_KEY]: _adopt, ...rest } = typed;
  return inputsDigest(rest, ctx.settings.apiKey);
}

/**
 * Creates the object. An object that was created but not fully set up is reported with its id
 * (the host then keeps it in state as "failed to initialise").
 *
 * @example
 * const { id, outs } = await create("DnsRecordSet", checkedInputs);
 */
export async function create(type: string, inputs: Props, options: CreateOptions = {}): Promise<{ id: string; outs: Props }> {
  const def = definitionOf(type);
  // The inputs are those `check` returned: the engine never creates with others.
  const bag = decode(def, inputs);
  const ctx = contextOf(def, undefined, bag.account, writerOf(def, bag.own));
  const before = def.find ? await beforeCreate(def, ctx, bag, options.owner ?? bag.owner) : { typed: bag.own, adoption: {} };
  const { typed, found, adoption, intent } = before;
  // State records the inputs the program set, for the refreshes to come (provider/lifecycle/declared.ts).
  const meta = { ...bag, declared: declaredOf(def, bag.own) };
  try {
    const result = await createOrSettle(def, ctx, typed, found);
    const outs = encode(result.outs, {}, adoption);
    // A recovered object's own `adopt` in state is the declared one: it was not adopted.
    if (typed !== bag.own && ADOPT_KEY in outs) {
      if (bag.own[ADOPT_KEY] === undefined) delete outs[ADOPT_KEY];
      else outs[ADOPT_KEY] = bag.own[ADOPT_KEY];
    }
    // The create returned: the engine saves its state now. A host killed in the moment between
    // leaves no record, and the next `up` refuses the object, naming `adopt: true`, as before.
    if (intent) await removeIntentRecord(intent, ctx.log);
    return { id: result.id, outs: encode(outs, meta) };
  } catch (err) {
    // A create that may have made its object (its outcome unknown, not settled) keeps the record
    // for the next `up`; one that failed, or whose object the engine keeps by its id (a partial
    // failure), has no more use for it.
    if (intent && (isPartialFailure(err) || !mayHaveBeenApplied(err))) await removeIntentRecord(intent, ctx.log);
    throw withWholeState(err, meta);
  }
}

/** What the read before a create settled: the inputs to create with, and what state adds. */
interface BeforeCreate {
  /** The definition's inputs; with `adopt: true` where a definition with its own `adopt` recovers its object. */
  typed: Props;
  /** The object of this identity that exists, when one does. */
  found?: ExistingObject;
  /** `adopt` and `adopted` for state, where the runtime handles them. */
  adoption: Props;
  /** The record of this create on the provider's machine, when one was read or written (docs/decisions/0033). */
  intent?: IntentKey;
}

/**
 * Before any write: an object of this identity that exists is taken over only when asked, or
 * when it is this resource's own, cut off before the engine saved the state.
 *
 * The shared read is enough here: what existed before the stack was there before this process
 * read it. The operation's context carries the object it writes, so a `find` whose identity
 * names an object one way only reads through its identity view: this process's own writes of
 * other objects of the type do not make it read again, so many creates in one zone or listing
 * cost one read rather than one per batch written, while a write of this identity (the delete of
 * a replacement, a duplicate declaration) does (provider/runtime/cache.ts, decision 0016).
 * Settling an unknown outcome reads afresh (provider/runtime/settle.ts).
 */
async function beforeCreate(def: AnyResourceDefinition, ctx: ProviderContext, bag: Bag, owner: string | undefined): Promise<BeforeCreate> {
  const typed = bag.own;
  const found = await def.find!(ctx, typed, { fresh: false });
  const own = !runtimeAdopts(def);
  const adopting = adoptingIn(def, bag);
  const key = intentKeyOf(ctx, def, typed);
  if (!found) {
    // Nothing of this identity yet: the request about to be sent is recorded first, so that a
    // host killed before the engine saves the state leaves proof that the object is this
    // stack's. A record that cannot be written is a warning, and the create goes on as before.
    const written = owner !== undefined && (await writeIntentRecord(key, { owner, inputs: digestOf(ctx, typed) }, ctx.log));
    return { typed, adoption: own ? {} : { ...adoptInput(bag.adoption), [ADOPTED_KEY]: false }, intent: written ? key : undefined };
  }
  const recovered = !adopting && owner !== undefined && (await isOwnCreate(ctx, def, found, key, owner, typed));
  const refusal = adopting || recovered ? undefined : refusalOf(def, typed, found);
  if (refusal) throw refusal;
  return {
    // A definition with its own `adopt` takes the object over on that switch alone; state keeps
    // the declared value, as the program says.
    typed: recovered && own ? { ...typed, [ADOPT_KEY]: true } : typed,
    found,
    adoption: own ? {} : { ...adoptInput(bag.adoption), [ADOPTED_KEY]: !recovered },
    intent: recovered ? key : undefined,
  };
}

/** Whether the inputs allow taking an existing object over: the runtime's `adopt`, or the definition's own. */
function adoptingIn(def: AnyResourceDefinition, bag: Bag): boolean {
  return (runtimeAdopts(def) ? bag.adoption[ADOPT_KEY] : bag.own[ADOPT_KEY]) === true;
}

/**
 * The error of a create that found `found` and may not take it over: the runtime's
 * (provider/lifecycle/takeover.ts), or the one a definition with its own `adopt` declares
 * (`refuseTakeover`), undefined when its inputs allow the takeover. `check` and `create` both
 * give it, before any write.
 */
function refusalOf(def: AnyResourceDefinition, typed: Props, found: ExistingObject): Error | undefined {
  return runtimeAdopts(def) ? takeoverRefused(def.type, found) : def.refuseTakeover?.(typed, found);
}

/**
 * Whether `found` is the object this resource's own create made, cut off before the engine saved
 * the state, as the record written before its request proves (same owner, same inputs): the one
 * object taken over without `adopt`. Anything else is refused as before (decision 0019).
 */
async function isOwnCreate(
  ctx: ProviderContext,
  def: AnyResourceDefinition,
  found: ExistingObject,
  key: IntentKey,
  owner: string,
  typed: Props,
): Promise<boolean> {
  if (!isOwnIntent(await readIntentRecord(key, ctx.log), owner, digestOf(ctx, typed))) return false;
  ctx.log.warn(
    `${def.type} ${found.id}: ${found.description} was made by this stack's own create of this resource, interrupted before the engine saved the state ` +
      "(recorded on this machine before the request was sent); it is taken into state without `adopt: true`, and nothing is created again",
  );
  return true;
}

/**
 * A partial failure (an error carrying `id` and `properties`: the object is there but not set up)
 * with the state the engine needs. The host stores `properties` as the resource's state, of a
 * create or an update alike (`ErrorResourceInitFailed`); without the serialized provider in it,
 * the next refresh or destroy of this resource could not load any code, and without the account
 * they would go to the wrong account. Any other error is returned as it is.
 */
function withWholeState(err: unknown, bag: Pick<Bag, "account" | "owner" | "provider" | "declared">, extra: Props = {}): unknown {
  if (isPartialFailure(err)) {
    const properties = encode(err.properties, bag, extra);
    if (bag.provider !== undefined) properties[PROVIDER_KEY] = bag.provider;
    (err as { properties: Props }).properties = properties;
  }
  return err;
}

/** The definition's create; one whose outcome is unknown is settled by the identity read, never sent again. */
async function createOrSettle(
  def: AnyResourceDefinition,
  ctx: ProviderContext,
  typed: Props,
  adopting: ExistingObject | undefined,
): Promise<{ id: string; outs: unknown }> {
  try {
    return await def.create(ctx, typed, adopting);
  } catch (err) {
    if (def.find && outcomeUnknown(err)) return settleCreate(ctx, def, typed, err);
    throw err;
  }
}

/**
 * Reads the live object. Works from the id alone (`.get`). A missing object gives `id: ""` on
 * refresh, except for resources declared `onMissing: "keep"`, which stay in state as they were;
 * read from the id alone, a missing object is an error.
 *
 * @example
 * const { id, props, inputs } = await read("DnsRecordSet", "example.com/www/A");
 */
export async function read(type: string, id: string, props?: Props): Promise<{ id: string; props: Props; inputs?: Props }> {
  const def = definitionOf(type);
  // `X.get(name, id, { account })` sends the account alone: a read from the id, in that account.
  const bag = decode(def, props);
  const { hasState } = bag;
  const key = def.id.parse(id);
  if (!key) throw new Error(`"${id}" is not a valid ${type} id; the format is ${def.id.format}`);
  const ctx = contextOf(def, id, bag.account);
  const result = await def.read(ctx, { id, key, props: hasState ? bag.own : undefined });
  // Inputs carry the account and the owner token; outputs the declared keys as well.
  const meta = { account: bag.account, owner: bag.owner };
  const declared = bag.declared?.filter((k) => k in def.inputs);
  if (!result) {
    if (def.onMissing === "keep" && hasState && def.keepMissing) {
      const kept = def.keepMissing(bag.own);
      ctx.log.warn(`${type} ${id}: ${kept.warning}`);
      const outs = toPlainJson(kept.outs as Props);
      return { id, props: encode(outs, { ...meta, declared }), inputs: encode(refreshedInputs(def, outs, declared, undefined), meta) };
    }
    // Without state this is `X.get(name, id)`: refresh always sends the state it holds. The
    // engine takes an empty id from the host as "keep the id asked for" and stores the near-empty
    // properties the host adds (pulumi step.go, ReadStep.Apply), so `get` of a missing object
    // would succeed with every output undefined. Say that it does not exist instead.
    if (!hasState) {
      throw new Error(
        `${type} ${id} does not exist in the reseller account: ${type}.get(name, id) reads an object that exists. Check the id (${def.id.format}), or declare the resource without an id to create it.`,
      );
    }
    return { id: "", props: {} };
  }
  const outs = encode(result.outs, {}, bag.adoption);
  if (hasState) {
    const inputs = refreshedInputs(def, outs, declared, result.inputs as Props | undefined);
    return {
      id: result.id ?? id,
      props: encode(outs, { ...meta, declared }),
      inputs: encode(inputs, meta, adoptInput(bag.adoption)),
    };
  }
  // Read from the id alone: the inputs are what `pulumi import` writes into the program, so they
  // are the declared ones from now on; `X.get` says it declares none.
  const inputs = withoutCreateTimeInputs(def, toPlainJson((result.inputs as Props | undefined) ?? pickInputs(def, outs)));
  return {
    id: result.id ?? id,
    props: encode(outs, { ...meta, declared: declared ?? declaredOf(def, inputs) }),
    inputs: encode(inputs, meta, adoptInput(bag.adoption)),
  };
}

/**
 * The live values a refresh returns as inputs (the definition's own, or those the outputs hold):
 * those of the inputs the program declared, as state records them (provider/lifecycle/declared.ts).
 * A state written before the record existed gets every input the object has, as it always did.
 */
function refreshedInputs(def: AnyResourceDefinition, outs: Props, declared: readonly string[] | undefined, own: Props | undefined): Props {
  const live = own === undefined ? pickInputs(def, outs) : toPlainJson(own);
  return declared === undefined ? live : onlyDeclared(live, declared);
}

/**
 * Inputs read from the id alone (`pulumi import`, `X.get`) without the definition's create-time
 * settings and guards (`diff.ignore`: `adopt`, `period`, `maxPrice`, ...): the API does not
 * report them, a read gives their defaults, and `pulumi import` would write those into the
 * program as if the object had them (docs/decisions/0026). They are never compared, so leaving
 * them out changes no diff.
 */
function withoutCreateTimeInputs(def: AnyResourceDefinition, inputs: Props): Props {
  const ignored: readonly string[] = def.diff?.ignore ?? [];
  return Object.fromEntries(Object.entries(inputs).filter(([k]) => !ignored.includes(k)));
}

/**
 * Applies in-place changes and returns the new outputs.
 *
 * @example
 * const { outs } = await update("DnsRecordSet", id, oldOuts, newInputs);
 */
export async function update(type: string, id: string, olds: Props, news: Props): Promise<{ outs: Props }> {
  const def = definitionOf(type);
  // `diff` replaces a resource whose account changes, so the state's account is the inputs' one.
  // The new inputs are those `check` returned.
  const stored = decode(def, olds);
  const next = decode(def, news);
  const meta = {
    account: stored.account,
    owner: next.owner ?? stored.owner,
    provider: next.provider ?? stored.provider,
    declared: declaredOf(def, next.own),
  };
  const ctx = contextOf(def, id, stored.account, writerOf(def, stored.own));
  try {
    const outs = await def.update(ctx, id, stored.own, next.own);
    return { outs: encode(outs, meta, stored.adoption) };
  } catch (err) {
    // An update that fails part way may report the object it left (a redirection deleted and
    // added again, whose add did not settle): the engine then stores that state, not the old one.
    throw withWholeState(err, meta, stored.adoption);
  }
}

/**
 * Deletes the object (or, for a domain registration, releases it from state only). An object
 * that is already gone counts as deleted.
 *
 * @example
 * await remove("DnsRecordSet", id, outs);
 */
export async function remove(type: string, id: string, props: Props): Promise<void> {
  const def = definitionOf(type);
  const { own: stored, account } = decode(def, props);
  const ctx = contextOf(def, id, account, writerOf(def, stored));
  await def.delete(ctx, id, stored);
  // The value found at create is back (or the setting is gone): its record has served.
  if (def.recordsFound) await forgetFound(ctx, def.type, id);
  // A record of this object's create left behind (its removal failed) must not let a later
  // create take over an object of this identity: the object is gone or released.
  if (def.find) await removeIntentRecord(intentKeyOf(ctx, def, stored), ctx.log);
}
export { remove as delete };

/** A provider object for one type, shaped like `pulumi.dynamic.ResourceProvider`. */
export interface RuntimeProvider {
  configure(req: { config: ConfigReader }): Promise<void>;
  check(olds: Props, news: Props): Promise<CheckResult>;
  diff(id: string, olds: Props, news: Props): Promise<DiffResult>;
  create(inputs: Props): Promise<{ id: string; outs: Props }>;
  read(id: string, props?: Props): Promise<{ id: string; props: Props; inputs?: Props }>;
  update(id: string, olds: Props, news: Props): Promise<{ outs: Props }>;
  delete(id: string, props: Props): Promise<void>;
  /**
   * `create(inputs)` or `update(id, olds, news)`, told apart by the id (a string) that only
   * update receives. Shells of releases up to 0.1.0, which state written then still holds, map
   * both methods to this one; today's shell calls `create` and `update`.
   */
  write(...args: unknown[]): Promise<{ id: string; outs: Props } | { outs: Props }>;
}

/**
 * The runtime bound to one type: what the shell forwards to, and what tests drive directly.
 *
 * @example
 * const p = provider("DnsRecordSet");
 * await p.configure({ config });
 * const { inputs } = await p.check({}, args);
 */
export function provider(type: string): RuntimeProvider {
  // Every call of a shell asks for its type's provider: it is built once.
  let built = providers.get(type);
  if (!built) {
    definitionOf(type);
    built = bind(type);
    providers.set(type, built);
  }
  return built;
}

const providers = new Map<string, RuntimeProvider>();

function bind(type: string): RuntimeProvider {
  return {
    configure: (req) => displayed(() => configure(req)),
    check: (olds, news) => displayed(() => check(type, olds, news)),
    diff: (id, olds, news) => displayed(() => diff(type, id, olds, news)),
    create: (inputs) => displayed(() => create(type, inputs)),
    read: (id, props) => displayed(() => read(type, id, props)),
    update: (id, olds, news) => displayed(() => update(type, id, olds, news)),
    delete: (id, props) => displayed(() => remove(type, id, props)),
    write: (...args) =>
      displayed(() =>
        typeof args[0] === "string" ? update(type, args[0], args[1] as Props, args[2] as Props) : create(type, args[0] as Props),
      ),
  };
}

/** Runs a provider method, making the package's own errors print without a stack (`forDisplay`). */
async function displayed<T>(method: () => Promise<T>): Promise<T> {
  try {
    return await method();
  } catch (err) {
    throw forDisplay(err);
  }
}

/**
 * Forgets settings, cached reads and open connections (tests, or a process that switches accounts).
 *
 * @example
 * afterAll(() => reset());
 */
export async function reset(): Promise<void> {
  await resetContext();
}

/**
 * Drops cached reads only, keeping settings and connections (tests that change the API out of band).
 *
 * @example
 * sim.store.zones["example.com"] = []; clearCache();
 */
export function clearCache(): void {
  clearReadCache();
}

/**
 * The resource types this runtime serves.
 *
 * @example
 * types.includes("DnsRecordSet"); // true
 */
export const types: readonly string[] = [...registry.keys()];

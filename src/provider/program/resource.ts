/**
 * `ResellerResource`: the one constructor every resource class shares. Each class keeps what is
 * its own (its arguments type, a `declare public readonly x: pulumi.Output<T>` line per output,
 * its `static get`, its documentation) and states in a static `spec` what it registers; the
 * constructor turns that into the call every class used to write out:
 * `super(shell(type), name, props, opts, "reseller", type)`.
 *
 * What reaches the engine is unchanged by construction: the provider is still `shell(type)`,
 * whose serialized text captures the type name alone, and the type token is still
 * `pulumi-nodejs:dynamic/reseller:<type>` (never changed: every resource's URN holds it).
 * docs/decisions/0012 records the choice of a static spec over a class factory.
 */
import * as pulumi from "@pulumi/pulumi";
import { ACCOUNT_KEY } from "../lifecycle/account";
import type { ResourceDefinition } from "../lifecycle/define";
import { refuseImportOption } from "./import-option";
import { DECLARED_KEY } from "../lifecycle/declared";
import { OWNER_KEY, ownerToken } from "../lifecycle/owner";
import { shell } from "./shell";
import { ADOPT_KEY, ADOPTED_KEY, runtimeAdopts } from "../lifecycle/takeover";

/** What a resource class registers, beside what its definition says. */
export interface ResourceClassSpec {
  /** PascalCase type name: the last part of the type token. */
  readonly type: string;
  /** The input properties, taken from the arguments, in the definition's order. */
  readonly inputs: readonly string[];
  /** Inputs wrapped in `pulumi.secret`, so that they never reach state in plain text. */
  readonly secretInputs: readonly string[];
  /** Outputs that are no input: registered empty, so that each `this.<output>` exists at once. */
  readonly outputs: readonly string[];
  /** The definition's secret outputs (`additionalSecretOutputs`). */
  readonly secretOutputs: readonly string[];
}

/**
 * The spec of a resource class from its definition. `outputs` names, as a set, every output that
 * is no input, so leaving one out is a compile error rather than an output that stays undefined.
 */
export function resourceClassSpec<I extends object, O extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the shape's keys are read
  definition: ResourceDefinition<any, I, O>,
  spec: { outputs: Record<Exclude<keyof O, keyof I> & string, true>; secretInputs?: readonly (keyof I & string)[] },
): ResourceClassSpec {
  // `adopt` and `adopted` are the runtime's (provider/lifecycle/takeover.ts) for a definition with a `find`.
  const adopts = runtimeAdopts(definition);
  return {
    type: definition.type,
    inputs: [...Object.keys(definition.inputs), ...(adopts ? [ADOPT_KEY] : [])],
    secretInputs: spec.secretInputs ?? [],
    outputs: [...Object.keys(spec.outputs), ...(adopts ? [ADOPTED_KEY] : [])],
    secretOutputs: definition.secretOutputs,
  };
}

/**
 * The input every resource class takes beside its own: the reseller account it lives in. It is
 * here, not in each class's arguments, so that no resource can lack it (docs/decisions/0017).
 *
 * @example
 * new DnsRecordSet("www-b", { account: "brand-b", domain: "brand-b.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export interface AccountInput {
  /**
   * The account of `reseller:accounts` (a plain name, not a secret) the object lives in; without
   * it, the account of the top-level keys (`reseller:apiUser`, ...). Changing it replaces the
   * resource.
   */
  account?: string;
}

/**
 * The input of every resource that refuses to take over an object of its identity that exists
 * already (docs/decisions/0019), and the output that records what it did.
 *
 * @example
 * new DnsRecordSet("apex", { domain: "example.com", name: "@", type: "A", records: ["198.51.100.7"], adopt: true });
 */
export interface AdoptInput {
  /**
   * Take over an object of the same identity that exists already (before the stack), setting the
   * declared values on it; a destroy then deletes it. Without it, such a create fails before any
   * write, naming the object. Only read at create.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * Options of `X.get`: the resource options, and the account of `reseller:accounts` to read the
 * object from (default: the account of the top-level keys).
 *
 * @example
 * const apex = DnsRecordSet.get("apex-b", "brand-b.com/@/A", { account: "brand-b" });
 */
export interface ResellerGetOptions extends pulumi.CustomResourceOptions {
  account?: string;
}

/**
 * The registered properties: the inputs from the arguments (secret ones wrapped), the account,
 * the outputs empty; and, for a declaration, the owner token of this resource, for a read, an
 * empty list of declared inputs.
 *
 * The token is how the provider, whose create is given the inputs alone, tells this resource's
 * own create interrupted before the engine saved the state from an object someone else made
 * (provider/lifecycle/owner.ts, docs/decisions/0033). The runtime takes it out before the definitions see
 * the inputs and diff ignores it, so a stack created before it existed sees no change.
 */
function propsOf(spec: ResourceClassSpec, name: string, args: object | undefined, account: string | undefined): pulumi.Inputs {
  const given = (args ?? {}) as Record<string, pulumi.Input<unknown> | undefined>;
  const props: pulumi.Inputs = {};
  for (const key of spec.inputs) {
    const value = given[key];
    props[key] = value !== undefined && spec.secretInputs.includes(key) ? pulumi.secret(value) : value;
  }
  props[ACCOUNT_KEY] = account;
  if (args !== undefined) props[OWNER_KEY] = ownerToken({ project: pulumi.getProject(), stack: pulumi.getStack(), type: spec.type, name });
  // A read declares no input: its refreshes hand back none (provider/lifecycle/declared.ts).
  else props[DECLARED_KEY] = [];
  for (const key of spec.outputs) props[key] = undefined;
  return props;
}

/**
 * The base class of every resource of the package. A subclass sets `spec` and declares its
 * outputs; it writes no constructor.
 */
export abstract class ResellerResource<Args extends object> extends pulumi.dynamic.Resource {
  /** What the class registers; every concrete resource class sets it. */
  protected static readonly spec: ResourceClassSpec | undefined = undefined;

  /** The account of `reseller:accounts` the object lives in; undefined for the top-level account. */
  declare public readonly account: pulumi.Output<string | undefined>;

  /**
   * Declares a new object with `args`, or, with `args` undefined and `opts.id`, reads an existing
   * one (what `X.get` does) from the account `opts.account`.
   */
  constructor(name: string, args: Args & AccountInput, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: undefined, opts: ResellerGetOptions & { id: pulumi.Input<pulumi.ID> });
  constructor(name: string, args: (Args & AccountInput) | undefined, opts?: ResellerGetOptions) {
    // `new.target` is the class being constructed (DnsRecordSet, or a user's subclass of it,
    // which inherits the spec).
    const spec = (new.target as unknown as { spec?: ResourceClassSpec }).spec;
    if (!spec) throw new Error(`${new.target.name} sets no static spec, so it cannot register a reseller resource`);
    refuseImportOption(spec, name, opts);
    // The account of a read travels in the options (a read has no arguments); the engine is
    // never given the option itself.
    const { account: readFrom, ...options } = opts ?? {};
    const account = args === undefined ? readFrom : args.account;
    const secrets = [...spec.secretOutputs, ...(options.additionalSecretOutputs ?? [])];
    // The SDK gives each registered property four promises and records a stack trace on each,
    // only ever shown when it reports leaked promises with PULUMI_DEBUG_PROMISE_LEAKS set. With
    // a dozen properties that is some fifty traces per resource, most of the program's CPU for a
    // large stack, more under source maps (tsx, ts-node); the resource's own source position is
    // taken with a limit the SDK sets itself. So the traces are left out while the SDK sets
    // the resource up, unless that variable asks for them (decision 0031).
    const limit = Error.stackTraceLimit;
    if (!process.env.PULUMI_DEBUG_PROMISE_LEAKS) Error.stackTraceLimit = 0;
    try {
      super(
        shell(spec.type),
        name,
        propsOf(spec, name, args, account),
        { ...options, additionalSecretOutputs: secrets },
        "reseller",
        spec.type,
      );
    } catch (err) {
      // An error the SDK throws here (a missing name, a bad option) still gets the user's stack.
      Error.stackTraceLimit = limit;
      if (err instanceof Error) Error.captureStackTrace(err, new.target);
      throw err;
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/**
 * The property bag at the runtime boundary.
 *
 * What the engine hands the runtime, inputs or state, holds beside a definition's own properties
 * the fields the runtime handles for every type: `account` (docs/decisions/0017), the owner
 * token `__owner` (0033), the serialized shell `__provider` (0006), the input keys the program
 * declared `__declared` (provider/lifecycle/declared.ts) and, for a definition with an identity
 * read and no `adopt` of its own, `adopt` and `adopted` (0019). They are taken apart
 * here once on the way in ({@link decode}) and put back once on the way out ({@link encode}); a
 * definition sees its own properties only.
 */
import { ACCOUNT_KEY } from "../lifecycle/account";
import { DECLARED_KEY, declaredIn } from "../lifecycle/declared";
import type { AnyResourceDefinition } from "../lifecycle/define";
import { PROVIDER_KEY, toPlainJson } from "../lifecycle/outputs";
import { OWNER_KEY, ownerOf } from "../lifecycle/owner";
import { ADOPT_KEY, ADOPTED_KEY, runtimeAdopts } from "../lifecycle/takeover";

type Props = Record<string, unknown>;

/** A property bag taken apart. */
export interface Bag {
  /** The definition's own properties. */
  own: Props;
  /** The account the bag names (a name of `reseller:accounts`), or undefined for the top-level one. */
  account: string | undefined;
  /** The owner token the program side set, when it is one (provider/lifecycle/owner.ts). */
  owner: string | undefined;
  /** `adopt` and `adopted` as booleans, where the runtime handles them; empty otherwise. */
  adoption: Props;
  /** The input keys the program declared, as state records them; undefined where it does not. */
  declared: string[] | undefined;
  /** The serialized shell the engine keeps beside the properties. */
  provider: unknown;
  /**
   * Whether the bag holds anything but the account, the shell and the declared keys: what
   * `X.get(name, id, { account })` sends holds nothing else.
   */
  hasState: boolean;
}

/** Takes a bag of inputs or state apart. */
export function decode(def: AnyResourceDefinition, props: Props | undefined): Bag {
  const bag: Bag = {
    own: {},
    account: undefined,
    owner: ownerOf(props),
    adoption: {},
    declared: declaredIn(props),
    provider: undefined,
    hasState: false,
  };
  const adopts = runtimeAdopts(def);
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k === ACCOUNT_KEY) bag.account = typeof v === "string" ? v : undefined;
    else if (k === PROVIDER_KEY) bag.provider = v;
    else if (k !== DECLARED_KEY) {
      bag.hasState = true;
      if (adopts && (k === ADOPT_KEY || k === ADOPTED_KEY)) {
        if (typeof v === "boolean") bag.adoption[k] = v;
      } else if (k !== OWNER_KEY) bag.own[k] = v;
    }
  }
  return bag;
}

/**
 * A bag for the engine: `own` as plain JSON, then `extra` (adoption), then the account, the owner
 * token and the declared input keys when set. State keeps the owner token among the outputs too,
 * so that a refresh, whose read is given the outputs alone, hands it back with the inputs and
 * shows no change of it; the declared keys are for outputs only.
 */
export function encode(own: unknown, meta: { account?: unknown; owner?: string; declared?: readonly string[] }, extra: Props = {}): Props {
  const out: Props = { ...toPlainJson(own as Props), ...extra };
  if (meta.account !== undefined) out[ACCOUNT_KEY] = meta.account;
  if (meta.owner !== undefined) out[OWNER_KEY] = meta.owner;
  if (meta.declared !== undefined) out[DECLARED_KEY] = [...meta.declared];
  return out;
}

/** `adoption` without `adopted`: the `adopt` input a read hands back. */
export function adoptInput(adoption: Props): Props {
  const { [ADOPTED_KEY]: _adopted, ...rest } = adoption;
  return rest;
}

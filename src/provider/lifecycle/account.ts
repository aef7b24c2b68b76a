/**
 * The `account` input every resource takes: which reseller account of `reseller:accounts` the
 * resource lives in (none: the account of the top-level keys). Docs: docs/decisions/0017.
 *
 * The runtime handles it for every resource type, and the definitions never see it: `check`
 * validates it and checks the rest of the inputs for that account's API version; `create`,
 * `read`, `update` and `delete` pick that account's context; every output, and the inputs a read
 * returns, carry the name back so that state says where the object is. Only the name is kept,
 * never a credential: those stay in the configuration, which the provider reads when it starts.
 */
import { containsUnknown, UNKNOWN, type CheckFailure } from "./check";
import { ACCOUNT_NAME, ACCOUNT_NAME_RULE, type ProviderSettings } from "../rules/config";
import type { DiffResult } from "./diff";
import { jsonEqual } from "./diff";

type Props = Record<string, unknown>;

/**
 * The name of the input, and of the output that keeps it in state.
 *
 * @example
 * new DnsRecordSet("www", { [ACCOUNT_KEY]: "brand-b", domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export const ACCOUNT_KEY = "account";

/** What {@link checkAccount} found. */
export interface AccountCheck {
  /** The account input to keep: a valid name, the unknown sentinel, or undefined. */
  value: string | undefined;
  /** The settings the other inputs are checked for: the account's, or the top-level ones. */
  settings: ProviderSettings;
  failures: CheckFailure[];
}

/**
 * Validates the `account` input: a name of `reseller:accounts`, or unknown during preview (the
 * other inputs are then checked for the top-level account's API version). `settingsOf` throws,
 * naming the key to set, for an account the configuration does not name.
 */
export function checkAccount(news: Props, settingsOf: (account?: string) => ProviderSettings): AccountCheck {
  const value = news[ACCOUNT_KEY];
  if (value === undefined || value === null) return { value: undefined, settings: settingsOf(), failures: [] };
  if (containsUnknown(value)) return { value: UNKNOWN, settings: settingsOf(), failures: [] };
  const fail = (reason: string): AccountCheck => ({
    value: undefined,
    settings: settingsOf(),
    failures: [{ property: ACCOUNT_KEY, reason }],
  });
  if (typeof value !== "string" || !ACCOUNT_NAME.test(value)) {
    return fail(`must be the name of an account of reseller:accounts (${ACCOUNT_NAME_RULE})`);
  }
  try {
    return { value, settings: settingsOf(value), failures: [] };
  } catch (err) {
    return fail((err as Error).message);
  }
}

/**
 * Adds the account to a diff of the other inputs: a resource whose account changes is replaced,
 * whether the account is set, changed or removed (a property left out is otherwise not compared).
 * The account alone never deletes first: the old object is in another account, so the new one
 * cannot collide with it, and creating first leaves the old one in place if the create fails.
 */
export function diffAccount(base: DiffResult, olds: Props, news: Props): DiffResult {
  const next = news[ACCOUNT_KEY] ?? undefined;
  const previous = olds[ACCOUNT_KEY] ?? undefined;
  if (!containsUnknown(next) && jsonEqual(next, previous)) return base;
  return { changes: true, replaces: [...base.replaces, ACCOUNT_KEY], deleteBeforeReplace: base.deleteBeforeReplace };
}

/**
 * "Never take over silently" (docs/decisions/0019): the `adopt` input and the
 * `adopted` output of every resource whose definition declares a `find` (its "find by identity"
 * read), handled by the runtime the way it handles `account`, so the definitions never see them.
 *
 * Before a create, `find` looks for an object of the declared identity. One that exists fails the
 * create before any write, naming the object and `adopt: true`, even when it already equals the
 * declaration: it existed before the stack, and a destroy would delete it. With `adopt: true` the
 * create goes on (it sets the declared values on the object) and state records `adopted: true`.
 *
 * Definitions that had their own `adopt` input before this rule (Database, DatabaseUser,
 * FtpAccount, SshKey, DomainRegistration) keep it, and declare the error they refuse a takeover
 * with (`refuseTakeover`), which the runtime gives as it gives its own.
 */
import { containsUnknown, type CheckFailure } from "./check";
import type { AnyResourceDefinition, ExistingObject } from "./define";

type Props = Record<string, unknown>;

/**
 * The input that allows a create to take over an object that exists already.
 *
 * @example
 * new DnsRecordSet("apex", { [ADOPT_KEY]: true, domain: "example.com", name: "@", type: "A", records: ["198.51.100.7"] });
 */
export const ADOPT_KEY = "adopt";

/** The output that records whether the create took over an existing object. */
export const ADOPTED_KEY = "adopted";

/** Whether the runtime handles `adopt` and `adopted` for a definition (it has `find`, and no `adopt` of its own). */
export function runtimeAdopts(def: AnyResourceDefinition): boolean {
  return def.find !== undefined && !Object.keys(def.inputs).includes(ADOPT_KEY);
}

/** A shallow copy without `adopt` and `adopted`. */
export function withoutAdoption(props: Props): Props {
  const { [ADOPT_KEY]: _adopt, [ADOPTED_KEY]: _adopted, ...rest } = props;
  return rest;
}

/** Validates `adopt`: a boolean, or unknown during preview. */
export function checkAdopt(news: Props): { value: unknown; failures: CheckFailure[] } {
  const value = news[ADOPT_KEY];
  if (value === undefined || value === null) return { value: undefined, failures: [] };
  if (containsUnknown(value) || typeof value === "boolean") return { value, failures: [] };
  return { value: undefined, failures: [{ property: ADOPT_KEY, reason: "must be true or false" }] };
}

/**
 * The error of a create that found an object of its identity and was not told to adopt it.
 *
 * @example
 * throw takeoverRefused("DnsRecordSet", { id: "example.com/@/A", description: "the A record set of example.com (1 record: 198.51.100.7)" });
 */
export function takeoverRefused(type: string, found: ExistingObject): Error {
  return new Error(
    `${type} ${found.id}: ${found.description} exists already in the reseller account, and this stack did not create it. ` +
      "Nothing was changed. It is not taken over silently, even if it already matches the declaration: a destroy would then delete it. " +
      `To manage it, declare the resource with \`adopt: true\` (a destroy then deletes it); to only read it, use ${type}.get(name, ${JSON.stringify(found.id)}); otherwise declare another one.`,
  );
}

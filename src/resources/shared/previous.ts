/**
 * What the settings that always exist share (PhpVersion, WafDisabledRules, CacheService,
 * DomainNameservers, DomainLock; PhpExtensions keeps one per extension): they are not taken over
 * but changed, so each keeps in state, as `previous`, the value it found when it first changed
 * it, and destroy puts that value back rather than the platform default (DESIGN.md §4, decision
 * 0020). A destroy then leaves the account as the stack found it.
 *
 * `previous` is an output added after the others: state written before it has none, and those
 * resources destroy as earlier versions of the package did (each resource's docs say what that
 * is).
 */
import type { ProviderContext } from "../../provider/context";
import { messageOf, PartialCreateError } from "../../provider/errors";

/** The part of a setting's state that records what it found. */
export interface FoundSetting<T> {
  /**
   * The value found before this resource first changed it (read from the id alone: the live
   * value, since nothing has been changed yet): what destroy puts back. Absent in state written
   * before the output existed.
   */
  previous?: T;
}

/**
 * The `previous` that state carries over (update and refresh keep it as it is): `{}` when the
 * state has none, so outputs hold no `undefined`.
 *
 * @example
 * keptPrevious({ previous: "8.2" }); // { previous: "8.2" }
 * keptPrevious({}); // {}
 */
export function keptPrevious<T>(state: FoundSetting<T> | undefined): FoundSetting<T> {
  return state?.previous === undefined ? {} : { previous: state.previous };
}

/**
 * The `previous` a read returns: the state's own on refresh (never the live value, which is the
 * program's by then); from the id alone (import), the live value, which is what a destroy would
 * find to put back since nothing has been changed yet.
 *
 * @example
 * previousOnRead(undefined, true); // { previous: true }
 * previousOnRead({ previous: false }, true); // { previous: false }
 * previousOnRead({}, true); // {}: state written before `previous` existed keeps none
 */
export function previousOnRead<T>(state: FoundSetting<T> | undefined, live: T): FoundSetting<T> {
  return state === undefined ? { previous: live } : keptPrevious(state);
}

/**
 * Logs, at destroy of a resource whose state has no `previous` (written before the output
 * existed), what the destroy does instead of putting back a found value.
 *
 * @example
 * noPreviousNote(ctx, "DomainLock", "example.com", "the lock is left as it is");
 */
export function noPreviousNote(ctx: ProviderContext, type: string, id: string, instead: string): void {
  ctx.log.info(`${type} ${id}: the state records no value found at create (it was written by an earlier version), so ${instead}`);
}

/**
 * A create's write, run after what was found is known. A write that fails may still have been
 * applied (a truncated or unreadable reply): with no state, the next `up` would create again and
 * record the program's value as found, and destroy would then put back the program's value. So,
 * given `kept` (the create's state, with `previous` and the found value as the live one), the
 * failure carries the id and that state: the engine keeps the resource as "failed to initialise"
 * and the next `up` updates it in place. Without `kept` (an update) the error is left as it is.
 *
 * @example
 * await writeKeepingFound("101", creating ? { hostingId: 101, phpVersion: "7.4", previous: "7.4" } : undefined, () => ctx.write("php.setVersion", params, scopes));
 */
export async function writeKeepingFound<T>(id: string, kept: object | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (kept === undefined) throw err;
    throw new PartialCreateError(id, kept, `${messageOf(err)}; the value found before this write is kept in state, and the next \`pulumi up\` sets the declared one`);
  }
}

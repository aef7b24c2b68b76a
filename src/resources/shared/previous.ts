/**
 * What the settings that always exist share (PhpVersion, WafDisabledRules, CacheService,
 * DomainNameservers, DomainLock; PhpExtensions keeps one per extension): they are not taken over
 * but changed, so each keeps in state, as `previous`, the value it found when it first changed
 * it, and destroy puts that value back rather than the platform default
 * (docs/decisions/0020). A destroy then leaves the account as the stack found it.
 *
 * `previous` is an output added after the others: state written before it has none, and those
 * resources destroy as earlier versions of the package did (each resource's docs say what that
 * is).
 *
 * A create also writes what it found to a record on the provider's machine before its write
 * (`foundAtCreate`, `foundEachAtCreate`; provider/runtime/found-journal.ts, decision 0028), so a create
 * cut off between its write and the state save is followed by one that still knows it. Their
 * definitions set `recordsFound`, and the runtime removes the record after their delete.
 */
import { isDeepStrictEqual } from "node:util";
import type { ProviderContext } from "../../provider/runtime/context";
import { messageOf, PartialCreateError } from "../../provider/lifecycle/errors";
import { foundSettingKeyOf, readFoundRecord, writeFoundRecord } from "../../provider/runtime/found-journal";

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
 * find to put back since nothing has been changed yet, unless the import id carries the value
 * found (`carried`: an import written by `reseller migrate-state` from the state of a stack that
 * has changed the setting already).
 *
 * @example
 * previousOnRead(undefined, true); // { previous: true }
 * previousOnRead({ previous: false }, true); // { previous: false }
 * previousOnRead({}, true); // {}: state written before `previous` existed keeps none
 * previousOnRead(undefined, true, { previous: false }); // { previous: false }: what the import id carries
 */
export function previousOnRead<T>(state: FoundSetting<T> | undefined, live: T, carried?: FoundSetting<T>): FoundSetting<T> {
  if (state !== undefined) return keptPrevious(state);
  return { previous: carried?.previous ?? live };
}

/**
 * The `previous` an import id carries (what `parse` put in the key), or `{}` when it carries
 * none. `reseller migrate-state` writes it (`id.importId`, decision 0027): the stack it moves has
 * already changed the setting, so the live value is the program's, and only the state knows what
 * the stack first found.
 *
 * @example
 * carriedPrevious<number[]>({ hostingId: 101, previous: [920350] }); // { previous: [920350] }
 */
export function carriedPrevious<T>(key: object): FoundSetting<T> {
  const previous = (key as FoundSetting<T>).previous;
  return previous === undefined ? {} : { previous };
}

/** What an import id carries after the id of a setting whose found value is one item or list. */
const PREVIOUS_MARK = "/previous=";

/**
 * An import id carrying, after the state id, the found value as text (already encoded), or the
 * state id alone when there is none.
 *
 * @example
 * withCarried("101", "7.4"); // "101/previous=7.4"
 * withCarried("101", undefined); // "101"
 */
export function withCarried(id: string, text: string | undefined): string {
  return text === undefined ? id : `${id}${PREVIOUS_MARK}${text}`;
}

/**
 * An id split into the state id and the found value it carries as text (decoded), if any;
 * `carried` is null when the carried part's encoding is malformed.
 *
 * @example
 * splitCarried("101/previous=7.4"); // { id: "101", carried: "7.4" }
 * splitCarried("101"); // { id: "101" }
 */
export function splitCarried(id: string): { id: string; carried?: string | null } {
  const at = id.lastIndexOf(PREVIOUS_MARK);
  if (at < 0) return { id };
  return { id: id.slice(0, at), carried: valueOfId(id.slice(at + PREVIOUS_MARK.length).trim()) ?? null };
}

/**
 * One value as an import id carries it: URI-encoded, so a comma, slash or `=` in it cannot be
 * taken for a separator.
 *
 * @example
 * idValue("64M,1"); // "64M%2C1"
 */
export function idValue(value: string): string {
  return encodeURIComponent(value);
}

/**
 * A value an import id carries, decoded, or undefined when its encoding is malformed.
 *
 * @example
 * valueOfId("64M%2C1"); // "64M,1"
 * valueOfId("%E0%A4%A"); // undefined
 */
export function valueOfId(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
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
    throw new PartialCreateError(
      id,
      kept,
      `${messageOf(err)}; the value found before this write is kept in state, and the next \`pulumi up\` sets the declared one`,
    );
  }
}

/** How found values appear in the log: the settings' own values, none of them secret. */
const shown = (value: unknown): string => JSON.stringify(value);

/**
 * What a create takes as found, given the `live` value it read and the value it is `writing`,
 * and the record of it, written before the write (decision 0028). When the record of an earlier
 * create of this setting says it was writing what is live now, that create was cut off after its
 * write (the host killed before the engine saved the state): the value it found is the one the
 * stack found, not the live one, which is the program's. `same(live, written)` says whether the
 * live value is what a write left (default: equal).
 *
 * @example
 * const found = await foundAtCreate(ctx, "PhpVersion", "101", "8.2", "8.2"); // "7.4" when a cut-off create had found 7.4
 */
export async function foundAtCreate<T>(
  ctx: ProviderContext,
  type: string,
  id: string,
  live: T,
  writing: T,
  same: (live: T, written: T) => boolean = isDeepStrictEqual,
): Promise<T> {
  const key = foundSettingKeyOf(ctx, type, id);
  const record = await readFoundRecord(key, live, ctx.log);
  let found = live;
  if (record && same(live, record.writing) && !isDeepStrictEqual(live, record.previous)) {
    found = record.previous;
    ctx.log.info(
      `${type} ${id}: an earlier create was cut off after its write; the value it found, ${shown(found)}, is kept as found (not the live ${shown(live)}), from the record on this machine`,
    );
  }
  await writeFoundRecord(key, { previous: found, writing }, ctx.log);
  return found;
}

/**
 * {@link foundAtCreate} for a setting made of named values (PhpOptions, PhpExtensions), name by
 * name: a name the earlier create was writing, whose live value is what it wrote, takes the
 * value that create found. `live` holds the names whose value could be read; `writing` the
 * declared ones.
 *
 * @example
 * const found = await foundEachAtCreate(ctx, "PhpOptions", "101/8.2", { memory_limit: "512M" }, { memory_limit: "512M" }); // { memory_limit: "128M" } after a cut-off create
 */
export async function foundEachAtCreate<V>(
  ctx: ProviderContext,
  type: string,
  id: string,
  live: Record<string, V>,
  writing: Record<string, V>,
  same: (live: V, written: V, name: string) => boolean = isDeepStrictEqual,
): Promise<Record<string, V>> {
  const key = foundSettingKeyOf(ctx, type, id);
  const record = await readFoundRecord<Record<string, V>>(key, live, ctx.log);
  const found: Record<string, V> = { ...live };
  const recovered: string[] = [];
  for (const [name, value] of Object.entries(live)) {
    const written = record?.writing[name];
    const before = record?.previous[name];
    if (written === undefined || before === undefined || typeof before !== typeof value) continue;
    if (same(value, written, name) && !isDeepStrictEqual(value, before)) {
      found[name] = before;
      recovered.push(`${name} ${shown(before)}`);
    }
  }
  if (recovered.length > 0) {
    ctx.log.info(
      `${type} ${id}: an earlier create was cut off after its write; the values it found (${recovered.join(", ")}) are kept as found, from the record on this machine`,
    );
  }
  await writeFoundRecord(key, { previous: found, writing }, ctx.log);
  return found;
}

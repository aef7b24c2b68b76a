/**
 * A write-ahead record, on the machine that runs the provider, of what a setting that always
 * exists held before a create changed it (decision 0028).
 *
 * A setting's create reads the live value, keeps it in state as `previous` and writes the
 * declared value; destroy puts `previous` back (decision 0020). When the provider host is killed
 * after the write was sent and before the engine saved the state, the engine has no state, and
 * the next create would read the program's value and record it as found. So the create writes
 * here, before its write, the value it found and the value it is writing; the next create of the
 * same setting, finding the live value equal to the one being written then, takes the found
 * value from here. A successful delete removes the record.
 *
 * Where: `$PULUMI_HOME/reseller/found/` (default `~/.pulumi/reseller/found/`, as the Pulumi CLI
 * uses `~/.pulumi`), one JSON file per setting, named by a SHA-256 of the account (API URL and
 * API user, never the key), the resource type and the setting's id. The values are settings
 * (PHP version and options, extension switches, firewall rule ids, cache service flags,
 * nameservers, a lock flag), none of them secret. A record that cannot be read or written never
 * fails the operation: the create does what it did without one, with a warning
 * (provider/runtime/machine-records.ts keeps the files).
 */
import type { Logger, ProviderContext } from "./context";
import { machineRecords } from "./machine-records";

/** Records older than this are ignored: a cut-off create is resumed within days, not seasons. */
export const FOUND_RECORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** The setting a record is about: the account (never its key), the resource type and the id. */
export interface FoundSettingKey {
  apiUrl: string;
  apiUser?: string;
  type: string;
  id: string;
}

/** What a record holds: the value found, the value being written over it, and when. */
export interface FoundRecord<T> {
  previous: T;
  writing: T;
  /** When the record was written (milliseconds since the epoch). */
  at: number;
}

const records = machineRecords<FoundSettingKey, FoundRecord<unknown>>({
  kind: "found",
  nameOf: (key) => [key.apiUrl, key.apiUser ?? "", key.type, key.id],
  subject: (key) => `${key.type} ${key.id}`,
  what: "the record of the value found at create",
  maxAgeMs: FOUND_RECORD_MAX_AGE_MS,
  consequences: {
    read: "the value live now is taken as the one found",
    use: "the value live now is taken as the one found",
    write: "a provider host killed before the engine saves the state would lose the value found",
    remove: "it is ignored once 90 days old",
  },
});

/**
 * The directory of the records: `$PULUMI_HOME/reseller/found`, or `~/.pulumi/reseller/found`.
 *
 * @example
 * foundJournalDir({ PULUMI_HOME: "/tmp/home" }); // "/tmp/home/reseller/found"
 */
export function foundJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  return records.dir(env);
}

/**
 * The file of one setting's record: a SHA-256 of the account, the type and the id, so the name
 * says nothing of the account and two accounts never share a record.
 *
 * @example
 * foundRecordFile({ apiUrl: "https://api.planethoster.net", apiUser: "u", type: "PhpVersion", id: "101" }); // ".../reseller/found/<64 hex>.json"
 */
export function foundRecordFile(key: FoundSettingKey, env: NodeJS.ProcessEnv = process.env): string {
  return records.file(key, env);
}

/** Whether two JSON values have the same kind (string, number, boolean, list, map), at the top and for each map entry. */
function sameKind(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  if (a === null || b === null || typeof a !== typeof b) return false;
  return true;
}

/**
 * The record of a setting, when there is one written less than {@link FOUND_RECORD_MAX_AGE_MS}
 * ago whose values have the kind of `like` (the live value); otherwise undefined. A record that
 * cannot be read, or is malformed, is ignored with a warning.
 *
 * @example
 * const record = await readFoundRecord(key, "8.2", ctx.log); // { previous: "7.4", writing: "8.2", at: 1764000000000 }
 */
export async function readFoundRecord<T>(
  key: FoundSettingKey,
  like: T,
  log: Logger,
  now = Date.now(),
): Promise<FoundRecord<T> | undefined> {
  const record = await records.read(key, log, (r) => sameKind(r.previous, like) && sameKind(r.writing, like), now);
  return record as FoundRecord<T> | undefined;
}

/**
 * Writes (or replaces) a setting's record, atomically. Never throws: a failure is a warning.
 *
 * @example
 * await writeFoundRecord(key, { previous: "7.4", writing: "8.2" }, ctx.log);
 */
export async function writeFoundRecord<T>(
  key: FoundSettingKey,
  values: { previous: T; writing: T },
  log: Logger,
  now = Date.now(),
): Promise<void> {
  await records.write(key, values, log, now);
}

/**
 * Removes a setting's record (after a destroy put the found value back). Never throws.
 *
 * @example
 * await removeFoundRecord(key, ctx.log);
 */
export function removeFoundRecord(key: FoundSettingKey, log: Logger): Promise<void> {
  return records.remove(key, log);
}

/**
 * The record key of a setting: the context's account (URL and user, never the key), the type, the id.
 *
 * @example
 * foundSettingKeyOf(ctx, "PhpVersion", "101"); // { apiUrl: "https://api.planethoster.net", apiUser: "u", type: "PhpVersion", id: "101" }
 */
export function foundSettingKeyOf(ctx: ProviderContext, type: string, id: string): FoundSettingKey {
  return { apiUrl: ctx.settings.apiUrl, apiUser: ctx.settings.apiUser, type, id };
}

/**
 * Removes the record of what a create found, once destroy has put it back (or the setting is
 * gone): the runtime calls it after the delete of a definition with `recordsFound`. Never fails
 * the destroy.
 *
 * @example
 * await forgetFound(ctx, "PhpVersion", "101");
 */
export async function forgetFound(ctx: ProviderContext, type: string, id: string): Promise<void> {
  await removeFoundRecord(foundSettingKeyOf(ctx, type, id), ctx.log);
}

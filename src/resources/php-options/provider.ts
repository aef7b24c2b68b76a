/**
 * PhpOptions lifecycle: the php.ini options a program names, for one PHP version of a hosting
 * account. The options of a version always exist, so this is a singleton setting: create records
 * the value each named option has (`previous`) and writes the program's over it, and destroy puts
 * the recorded values back (decision 0020).
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #33-35, INFERRED-L):
 * - `php.getOptions`: the option map (v4 beside the envelope, v3 in `data`; the client reads
 *   either as `options`), read
 *   before every write to check the values against each option's `type` and `range`; a version
 *   that is no longer installed means the options are gone (`php.listVersions`, through
 *   PhpVersion's `phpVersionGone`, shared with PhpExtensions in `../php-version/per-version`);
 * - `php.setOptions` (`options`: name -> value; the field name is ours, catalog §1 #34) for
 *   create, update and delete. Delete sets each managed option back to its `previous` value;
 *   state without `previous` (written by an earlier version) sets the `default` the map gives,
 *   as that version did. `php.resetOptions` is never used: it resets every option of the
 *   version, including those the program does not manage.
 *
 * Only the named options are managed. An option dropped from `options` is put back on the next
 * update, as if that part of the resource were destroyed; an option newly named records its
 * value then; options never named are never written.
 */
import type { PhpOption } from "../../client/endpoints/php";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import {
  parsePhpVersionSettingsId,
  perPhpVersionRules,
  phpSettings,
  phpVersionSettingsId,
  phpVersionWhere,
  type PhpVersionKey,
} from "../shared/php-settings";
import {
  carriedPrevious,
  foundEachAtCreate,
  idValue,
  noPreviousNote,
  previousOnRead,
  valueOfId,
  writeKeepingFound,
  type FoundSetting,
} from "../shared/previous";
import {
  allowedValuesOf,
  checkAgainstMap,
  normalizePhpOptions,
  phpOptionsInputs,
  OPTION_NAME,
  sameOptions,
  type PhpOptionsInputs,
  type PhpOptionsOutputs,
} from "./schema";

type Inputs = PhpOptionsInputs;
type Outputs = PhpOptionsOutputs;
type OptionMap = Record<string, PhpOption>;

/** The option map's operations; its cache and write scope is the options of one version of one account. */
const OPTIONS = phpSettings<PhpOption>({
  get: "php.getOptions",
  set: "php.setOptions",
  field: "options",
  scope: (v) => `php:${v.hostingId}:${v.phpVersion}`,
});

/**
 * The resource's id: `<hostingId>/<phpVersion>`.
 *
 * @example
 * phpOptionsId({ hostingId: 101, phpVersion: "8.2" }); // "101/8.2"
 */
export const phpOptionsId: (v: PhpVersionKey) => string = phpVersionSettingsId;

/**
 * What an id names, or undefined when it is malformed. Besides `<hostingId>/<phpVersion>`, an
 * import id may end with the names of the managed options, comma-separated
 * (`101/8.2/max_execution_time,post_max_size`): from the id alone the read takes every option
 * that differs from its default, and an option the program does not manage would then be in the
 * state, where the next update returns it to its default. A name may carry, after `=`, the value
 * found before the stack first changed it (URI-encoded: `101/8.2/max_execution_time=30,post_max_size=64M`):
 * those values are the `previous` the read records instead of the live ones, which
 * `reseller migrate-state` needs (the live values are the program's by then, decision 0027).
 * The options' values in the key are empty: the read takes the live ones.
 *
 * @example
 * parsePhpOptionsId("101/8.2"); // { hostingId: 101, phpVersion: "8.2" }
 * parsePhpOptionsId("101/8.2/memory_limit")?.options; // { memory_limit: "" }
 * parsePhpOptionsId("101/8.2/memory_limit=128M")?.previous; // { memory_limit: "128M" }
 */
export function parsePhpOptionsId(
  id: string,
): (Partial<Inputs> & Pick<Inputs, "hostingId" | "phpVersion"> & FoundSetting<Record<string, string>>) | undefined {
  const plain = parsePhpVersionSettingsId(id);
  if (plain) return plain;
  const cut = id.trim().lastIndexOf("/");
  const head = cut > 0 ? parsePhpVersionSettingsId(id.trim().slice(0, cut)) : undefined;
  if (!head) return undefined;
  const options: Record<string, string> = {};
  const previous: Record<string, string> = {};
  for (const item of id
    .trim()
    .slice(cut + 1)
    .split(",")) {
    const eq = item.indexOf("=");
    const name = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? undefined : valueOfId(item.slice(eq + 1));
    if (!OPTION_NAME.test(name) || (eq >= 0 && value === undefined)) return undefined;
    options[name] = "";
    if (value !== undefined) previous[name] = value;
  }
  return { ...head, options, ...(Object.keys(previous).length > 0 ? { previous } : {}) };
}

/**
 * The import id of a state (`id.importId`, used by `reseller migrate-state`): the managed
 * options, each with the value recorded in `previous` where there is one.
 *
 * @example
 * phpOptionsImportId({ hostingId: 101, phpVersion: "8.2", options: { memory_limit: "512M" }, defaults: {}, allowedValues: {}, previous: { memory_limit: "128M" } });
 * // "101/8.2/memory_limit=128M"
 */
export function phpOptionsImportId(o: Outputs): string {
  const items = Object.keys(o.options).map((n) => (o.previous?.[n] === undefined ? n : `${n}=${idValue(o.previous[n])}`));
  return `${phpOptionsId(o)}/${items.join(",")}`;
}

/** Whether an option holds its default (range values compare regardless of case, as the API's do). */
function atDefault(option: PhpOption): boolean {
  if (option.value === undefined || option.default === undefined) return true;
  if (option.value === option.default) return true;
  return allowedValuesOf(option).length > 0 && option.value.toLowerCase() === option.default.toLowerCase();
}

function outputsOf(
  v: PhpVersionKey,
  options: Record<string, string>,
  map: OptionMap,
  found: FoundSetting<Record<string, string>>,
): Outputs {
  const names = Object.keys(options);
  return {
    hostingId: v.hostingId,
    phpVersion: v.phpVersion,
    options,
    defaults: Object.fromEntries(names.map((n) => [n, map[n]?.default ?? ""])),
    allowedValues: Object.fromEntries(names.map((n) => [n, map[n] ? allowedValuesOf(map[n]) : []])),
    ...found,
  };
}

/** Whether an option holds `value` (range values compare regardless of case, as the API's do). */
function holds(option: PhpOption, value: string): boolean {
  return option.value === value || (allowedValuesOf(option).length > 0 && option.value?.toLowerCase() === value.toLowerCase());
}

/** Whether an option of the map (if it has it) holds `value`. */
function holdsValue(option: PhpOption | undefined, value: string): boolean {
  return option !== undefined && holds(option, value);
}

/**
 * What puts the named options back, for a `setOptions`: each option's `previous` value when
 * `previous` is recorded (an option without a record, whose value could not be read at create,
 * is left as it is), and otherwise (state written by an earlier version) its default. Options
 * that already hold it are left out.
 */
function putBacksOf(
  ctx: ProviderContext,
  names: readonly string[],
  map: OptionMap,
  previous: Record<string, string> | undefined,
  where: string,
): Record<string, string> {
  const writes: Record<string, string> = {};
  for (const name of names) {
    const option = map[name];
    if (!option) continue;
    if (previous) {
      const before = previous[name];
      if (before !== undefined && !holds(option, before)) writes[name] = before;
      continue;
    }
    if (atDefault(option)) continue;
    if (option.default === undefined) {
      ctx.log.warn(`${where}: option ${name} has no default in the option map; it is left at ${option.value ?? "its value"}`);
      continue;
    }
    writes[name] = option.default;
  }
  return writes;
}

/**
 * Reads the map, checks the wanted values against it (nothing is written when one is bad), then
 * writes them, with `dropped` options put back, in the same call. Each newly managed option's
 * value is recorded in `previous` before the write; an option managed already keeps its record.
 * `olds` is the state (none at create); state without `previous` (written by an earlier version)
 * is given none.
 */
async function apply(ctx: ProviderContext, v: Inputs, olds: Outputs | undefined): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  const where = phpVersionWhere(v);
  return ctx.serial(OPTIONS.scope(v), async () => {
    const map = await OPTIONS.fetch(ctx, address, v.phpVersion);
    const options = checkAgainstMap(v.options, map, where);
    const dropped = Object.keys(olds?.options ?? {}).filter((n) => !(n in options));
    const recording = olds === undefined || olds.previous !== undefined;
    const previous: Record<string, string> = {};
    for (const name of Object.keys(options)) {
      const before = olds?.previous?.[name] ?? map[name]?.value;
      if (before !== undefined) previous[name] = before;
      else if (recording)
        ctx.log.warn(`PhpOptions ${where}: the value of option ${name} cannot be read; destroy will leave it as the program sets it`);
    }
    // At create `previous` holds the live values; a create cut off after its write left the
    // program's there, and the record on this machine says what that create found.
    const found =
      olds === undefined
        ? await foundEachAtCreate(ctx, "PhpOptions", phpOptionsId(v), previous, options, (_live, written, name) =>
            holdsValue(map[name], written),
          )
        : previous;
    const creating = olds === undefined ? outputsOf(v, previous, map, { previous: found }) : undefined;
    await writeKeepingFound(phpOptionsId(v), creating, () =>
      OPTIONS.write(ctx, address, v, { ...putBacksOf(ctx, dropped, map, olds?.previous, where), ...options }),
    );
    return outputsOf(v, options, map, recording ? { previous: found } : {});
  });
}

/**
 * The PhpOptions declaration: identity is the hosting account and the PHP version; the options
 * change in place; destroy puts back the value each managed option had before it was managed.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("PhpOptions").id.format; // "<hostingId>/<phpVersion>"
 */
export const phpOptionsDefinition = defineResource<typeof phpOptionsInputs, Inputs, Outputs>({
  type: "PhpOptions",
  recordsFound: true,
  inputs: phpOptionsInputs,
  normalize: normalizePhpOptions,
  ...perPhpVersionRules,
  id: {
    ...perPhpVersionRules.id,
    format:
      "<hostingId>/<phpVersion>, e.g. 101/8.2; for an import, optionally /<option>,<option> after it, the options to manage, each optionally =<value found> (URI-encoded), the value destroy puts back",
    parse: (id) => parsePhpOptionsId(id),
    importId: phpOptionsImportId,
  },
  diff: {
    equal: { options: (news, olds) => sameOptions(news.options, olds.options, olds.allowedValues) },
  },
  requires: () => [
    {
      property: "options",
      operations: ["php.getOptions", "php.setOptions", "php.listVersions"],
      reason: "PhpOptions works with apiVersion v4 or v3 only",
    },
  ],

  async create(ctx, inputs) {
    // An upsert: the options of a version always exist, so "create" records and writes the named ones.
    return { id: phpOptionsId(inputs), outs: await apply(ctx, inputs, undefined) };
  },

  async read(ctx, { key, props }) {
    const found = await OPTIONS.read(ctx, key, props);
    if (!found) return undefined;
    const { v, map } = found;
    // From the id alone (import) the managed options are unknown: take those that differ from
    // their default, which is what a program that set them would declare.
    const names = v.options ? Object.keys(v.options) : Object.keys(map).filter((n) => !atDefault(map[n]!));
    const options: Record<string, string> = {};
    // An option the map no longer has is left out, so the next diff shows it and the update names it.
    for (const n of names) if (map[n]?.value !== undefined) options[n] = map[n].value;
    // From the id alone nothing has been changed yet: the live values are the ones found, unless
    // the import id carries them (a migrated stack, whose live values are its own). The id is the
    // canonical one: an import id may name the managed options after it.
    return { id: phpOptionsId(v), outs: outputsOf(v, options, map, previousOnRead(props, options, carriedPrevious(key))) };
  },

  async update(ctx, _id, olds, news) {
    return apply(ctx, news, olds);
  },

  async delete(ctx, id, props) {
    if (props.previous === undefined) noPreviousNote(ctx, "PhpOptions", id, "the managed options return to their defaults");
    await OPTIONS.restore(ctx, props, (map) =>
      putBacksOf(ctx, Object.keys(props.options ?? {}), map, props.previous, phpVersionWhere(props)),
    );
  },
});

/**
 * PhpExtensions lifecycle: the PHP extensions a program switches on or off, for one PHP version
 * of a hosting account. The extensions of a version always exist, so this is a singleton
 * setting: create switches the named extensions, and destroy restores them.
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #36-37, INFERRED-L):
 * - `php.listExtensions`: the extension map, name -> status (v4 beside the envelope, v3 in
 *   `data`; the client reads either as `extensions`), read before every write to check the names and to record what each
 *   extension was before the first change;
 * - `php.setExtensions` (`extensions`: name -> boolean; the field name is ours, catalog §1 #37)
 *   for create, update and delete, with only the extensions whose state must change.
 *   `php.resetExtensions` is never used: it resets every extension of the version, including
 *   those the program does not manage.
 *
 * The map gives no default per extension, so "restore" means the state recorded in `previous`:
 * what the extension was before this resource first changed it. An extension dropped from
 * `extensions` is restored on the next update; extensions never named are never written.
 */
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
import { foundEachAtCreate, writeKeepingFound } from "../shared/previous";
import {
  checkExtensionNames,
  extensionEnabled,
  normalizePhpExtensions,
  phpExtensionsInputs,
  sameExtensions,
  type PhpExtensionsInputs,
  type PhpExtensionsOutputs,
} from "./schema";

type Inputs = PhpExtensionsInputs;
type Outputs = PhpExtensionsOutputs;

/** The extension map's operations; its cache and write scope is the extensions of one version of one account. */
const EXTENSIONS = phpSettings<string>({
  get: "php.listExtensions",
  set: "php.setExtensions",
  field: "extensions",
  scope: (v) => `php-extensions:${v.hostingId}:${v.phpVersion}`,
});

/**
 * The resource's id: `<hostingId>/<phpVersion>`, the same form as a PhpOptions id.
 *
 * @example
 * phpExtensionsId({ hostingId: 101, phpVersion: "8.2" }); // "101/8.2"
 */
export const phpExtensionsId: (v: PhpVersionKey) => string = phpVersionSettingsId;

/**
 * What an id names, or undefined when it is not `<hostingId>/<phpVersion>`.
 *
 * @example
 * parsePhpExtensionsId("101/8.2"); // { hostingId: 101, phpVersion: "8.2" }
 */
export const parsePhpExtensionsId: (id: string) => Pick<Inputs, "hostingId" | "phpVersion"> | undefined = parsePhpVersionSettingsId;

/**
 * Reads the map, checks the names (nothing is written when one is unknown), records the state
 * each newly managed extension has now, then writes in one call the extensions whose state must
 * change: the declared ones, and the `dropped` ones going back to their recorded state.
 */
async function apply(ctx: ProviderContext, v: Inputs, olds?: Outputs): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  const where = phpVersionWhere(v);
  return ctx.serial(EXTENSIONS.scope(v), async () => {
    const map = await EXTENSIONS.fetch(ctx, address, v.phpVersion);
    checkExtensionNames(Object.keys(v.extensions), map, where);
    const live = (name: string) => extensionEnabled(map[name]);
    const changes: Record<string, boolean> = {};

    const dropped = Object.keys(olds?.extensions ?? {}).filter((name) => !(name in v.extensions));
    for (const name of dropped) {
      const before = olds?.previous?.[name];
      if (before === undefined) {
        ctx.log.warn(`PhpExtensions ${where}: no earlier state of extension ${name} is recorded; it is left as it is`);
      } else if (map[name] !== undefined && live(name) !== before) {
        changes[name] = before;
      }
    }

    const previous: Record<string, boolean> = {};
    for (const [name, enabled] of Object.entries(v.extensions)) {
      // Recorded once, before the first change; a name managed already keeps its record.
      const before = olds?.previous?.[name] ?? live(name);
      if (before === undefined) {
        ctx.log.warn(
          `PhpExtensions ${where}: the status "${map[name]}" of extension ${name} cannot be read; destroy will leave it as the program sets it`,
        );
      } else {
        previous[name] = before;
      }
      if (live(name) !== enabled) changes[name] = enabled;
    }

    // At create `previous` holds the live states; a create cut off after its write left the
    // program's there, and the record on this machine says what that create found.
    const found = olds === undefined ? await foundEachAtCreate(ctx, "PhpExtensions", phpExtensionsId(v), previous, v.extensions) : previous;
    // A create whose write fails keeps what it found (the write may have been applied).
    const creating =
      olds === undefined ? { hostingId: v.hostingId, phpVersion: v.phpVersion, extensions: { ...previous }, previous: found } : undefined;
    if (Object.keys(changes).length > 0)
      await writeKeepingFound(phpExtensionsId(v), creating, () => EXTENSIONS.write(ctx, address, v, changes));
    return { hostingId: v.hostingId, phpVersion: v.phpVersion, extensions: { ...v.extensions }, previous: found };
  });
}

/**
 * The PhpExtensions declaration: identity is the hosting account and the PHP version; the
 * extensions change in place; destroy restores each managed extension to the state it had before
 * the resource first changed it.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("PhpExtensions").id.format; // "<hostingId>/<phpVersion>, e.g. 101/8.2"
 */
export const phpExtensionsDefinition = defineResource<typeof phpExtensionsInputs, Inputs, Outputs>({
  type: "PhpExtensions",
  recordsFound: true,
  inputs: phpExtensionsInputs,
  normalize: normalizePhpExtensions,
  ...perPhpVersionRules,
  diff: {
    equal: { extensions: (news, olds) => sameExtensions(news.extensions, olds.extensions, olds.previous) },
  },
  requires: () => [
    {
      property: "extensions",
      operations: ["php.listExtensions", "php.setExtensions", "php.listVersions"],
      reason: "PhpExtensions works with apiVersion v4 or v3 only",
    },
  ],

  async create(ctx, inputs) {
    // An upsert: the extensions of a version always exist, so "create" switches the named ones.
    return { id: phpExtensionsId(inputs), outs: await apply(ctx, inputs) };
  },

  async read(ctx, { key, props }) {
    const found = await EXTENSIONS.read(ctx, key, props);
    if (!found) return undefined;
    const { v, map } = found;
    // From the id alone (import) the managed extensions are unknown: take every extension of
    // the version, as found, which is also the state to restore (nothing has been changed yet).
    const names = v.extensions ? Object.keys(v.extensions) : Object.keys(map);
    const extensions: Record<string, boolean> = {};
    // An extension the map no longer has (or whose status cannot be read) is left out, so the
    // next diff shows it and the update names it.
    for (const name of names) {
      const enabled = extensionEnabled(map[name]);
      if (enabled !== undefined) extensions[name] = enabled;
    }
    return { outs: { hostingId: v.hostingId, phpVersion: v.phpVersion, extensions, previous: v.previous ?? { ...extensions } } };
  },

  async update(ctx, _id, olds, news) {
    return apply(ctx, news, olds);
  },

  async delete(ctx, _id, props) {
    await EXTENSIONS.restore(ctx, props, (map) => {
      const restores: Record<string, boolean> = {};
      for (const name of Object.keys(props.extensions ?? {})) {
        const before = props.previous?.[name];
        if (before === undefined || map[name] === undefined) continue;
        if (extensionEnabled(map[name]) !== before) restores[name] = before;
      }
      return restores;
    });
  },
});

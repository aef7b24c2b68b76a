/**
 * PhpOptions lifecycle: the php.ini options a program names, for one PHP version of a hosting
 * account. The options of a version always exist, so this is a singleton setting: create writes
 * the named options over whatever they were, and destroy returns them to their defaults.
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #33-35, INFERRED-L):
 * - `php.getOptions`: the option map (v4 beside the envelope, v3 in `data`: `phpMapOf`), read
 *   before every write to check the values against each option's `type` and `range`;
 * - `php.setOptions` (`options`: name -> value; the field name is ours, catalog §1 #34) for
 *   create, update and delete. Delete sets each managed option to the `default` the map gives.
 *   `php.resetOptions` is never used: it resets every option of the version, including those
 *   the program does not manage.
 *
 * Only the named options are managed. An option dropped from `options` returns to its default
 * on the next update, as if that part of the resource were destroyed; options never named are
 * never written.
 */
import { phpMapOf, type PhpOption } from "../../client/endpoints/php";
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { apiErrorCode } from "../../provider/errors";
import type { HostingAddress } from "../../provider/hosting";
import {
  allowedValuesOf,
  checkAgainstMap,
  normalizePhpOptions,
  phpOptionsInputs,
  sameOptions,
  type PhpOptionsInputs,
  type PhpOptionsOutputs,
} from "./schema";

type Inputs = PhpOptionsInputs;
type Outputs = PhpOptionsOutputs;
type OptionMap = Record<string, PhpOption>;
/** v4 answers the versions beside the envelope, v3 in `data`. */
type VersionsReply = { availableVersions?: string[]; data?: { availableVersions?: string[] } };

/** Cache and write scope: the options of one PHP version of one account. */
const scopeOf = (hostingId: number, version: string) => `php:${hostingId}:${version}`;
const whereOf = (v: { hostingId: number; phpVersion: string }) => `PHP ${v.phpVersion} on hosting account ${v.hostingId}`;

/**
 * The resource's id: `<hostingId>/<phpVersion>`.
 *
 * @example
 * phpOptionsId({ hostingId: 101, phpVersion: "8.2" }); // "101/8.2"
 */
export function phpOptionsId(v: { hostingId: number; phpVersion: string }): string {
  return `${v.hostingId}/${v.phpVersion}`;
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<phpVersion>`.
 *
 * @example
 * parsePhpOptionsId("101/8.2"); // { hostingId: 101, phpVersion: "8.2" }
 */
export function parsePhpOptionsId(id: string): Pick<Inputs, "hostingId" | "phpVersion"> | undefined {
  const m = /^(\d+)\/(\d+\.\d+)$/.exec(id.trim());
  if (!m) return undefined;
  const hostingId = Number(m[1]);
  if (!Number.isSafeInteger(hostingId) || hostingId <= 0) return undefined;
  return { hostingId, phpVersion: m[2]! };
}

/** The option map of a version; errors propagate (create and update must not guess). */
async function fetchMap(ctx: ProviderContext, address: HostingAddress, version: string): Promise<OptionMap> {
  return phpMapOf<PhpOption>(await ctx.request("php.getOptions", { ...address, version }));
}

async function versionInstalled(ctx: ProviderContext, address: HostingAddress, version: string): Promise<boolean> {
  const reply = await ctx.request<VersionsReply>("php.listVersions", { ...address });
  return (reply.data?.availableVersions ?? reply.availableVersions ?? []).includes(version);
}

/**
 * The option map for read and delete, or undefined when the options are gone: the hosting
 * account is (404), or the version is no longer installed (the API refuses the version, and the
 * version listing confirms it is not there).
 */
async function liveMap(ctx: ProviderContext, address: HostingAddress, version: string, fresh: boolean): Promise<OptionMap | undefined> {
  try {
    if (fresh) return await fetchMap(ctx, address, version);
    return phpMapOf<PhpOption>(await ctx.read("php.getOptions", { ...address, version }, [scopeOf(address.id, version)]));
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "not-found") return undefined;
    if (code === "validation" && !(await versionInstalled(ctx, address, version))) return undefined;
    throw err;
  }
}

/** Whether an option holds its default (range values compare regardless of case, as the API's do). */
function atDefault(option: PhpOption): boolean {
  if (option.value === undefined || option.default === undefined) return true;
  if (option.value === option.default) return true;
  return allowedValuesOf(option).length > 0 && option.value.toLowerCase() === option.default.toLowerCase();
}

function outputsOf(v: Pick<Inputs, "hostingId" | "phpVersion">, options: Record<string, string>, map: OptionMap): Outputs {
  const names = Object.keys(options);
  return {
    hostingId: v.hostingId,
    phpVersion: v.phpVersion,
    options,
    defaults: Object.fromEntries(names.map((n) => [n, map[n]?.default ?? ""])),
    allowedValues: Object.fromEntries(names.map((n) => [n, map[n] ? allowedValuesOf(map[n]) : []])),
  };
}

/** The defaults of the named options that are not at their default, for a `setOptions` that returns them. */
function resetsOf(ctx: ProviderContext, names: readonly string[], map: OptionMap, where: string): Record<string, string> {
  const resets: Record<string, string> = {};
  for (const name of names) {
    const option = map[name];
    if (!option || atDefault(option)) continue;
    if (option.default === undefined) {
      ctx.log.warn(`${where}: option ${name} has no default in the option map; it is left at ${option.value ?? "its value"}`);
      continue;
    }
    resets[name] = option.default;
  }
  return resets;
}

/**
 * Reads the map, checks the wanted values against it (nothing is written when one is bad), then
 * writes them with the defaults of `dropped` options in the same call.
 */
async function apply(ctx: ProviderContext, v: Inputs, dropped: readonly string[]): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  const scope = scopeOf(v.hostingId, v.phpVersion);
  return ctx.serial(scope, async () => {
    const map = await fetchMap(ctx, address, v.phpVersion);
    const options = checkAgainstMap(v.options, map, whereOf(v));
    const body = { ...resetsOf(ctx, dropped, map, whereOf(v)), ...options };
    await ctx.write("php.setOptions", { ...address, version: v.phpVersion, options: body }, [scope]);
    return outputsOf(v, options, map);
  });
}

/**
 * The PhpOptions declaration: identity is the hosting account and the PHP version; the options
 * change in place; destroy returns the managed options to their defaults.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("PhpOptions").id.format; // "<hostingId>/<phpVersion>"
 */
export const phpOptionsDefinition = defineResource<typeof phpOptionsInputs, Inputs, Outputs>({
  type: "PhpOptions",
  inputs: phpOptionsInputs,
  normalize: normalizePhpOptions,
  identity: ["hostingId", "phpVersion"],
  replaceOn: ["hostingId", "phpVersion"],
  // Another version (or account) is another set of options: nothing collides.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<phpVersion>, e.g. 101/8.2",
    build: (v) => phpOptionsId(v),
    parse: (id) => parsePhpOptionsId(id),
  },
  onMissing: "remove",
  diff: {
    equal: { options: (news, olds) => sameOptions(news.options, olds.options, olds.allowedValues) },
  },
  requires: () => [{ property: "options", operations: ["php.getOptions", "php.setOptions", "php.listVersions"] }],

  async create(ctx, inputs) {
    // An upsert: the options of a version always exist, so "create" writes the named ones.
    return { id: phpOptionsId(inputs), outs: await apply(ctx, inputs, []) };
  },

  async read(ctx, { key, props }) {
    const v = { ...key, ...(props ?? {}) } as Partial<Outputs> & Pick<Inputs, "hostingId" | "phpVersion">;
    const map = await liveMap(ctx, await ctx.hosting(v.hostingId), v.phpVersion, false);
    if (!map) return undefined;
    // From the id alone (import) the managed options are unknown: take those that differ from
    // their default, which is what a program that set them would declare.
    const names = v.options ? Object.keys(v.options) : Object.keys(map).filter((n) => !atDefault(map[n]!));
    const options: Record<string, string> = {};
    // An option the map no longer has is left out, so the next diff shows it and the update names it.
    for (const n of names) if (map[n]?.value !== undefined) options[n] = map[n].value;
    return { outs: outputsOf(v, options, map) };
  },

  async update(ctx, _id, olds, news) {
    const dropped = Object.keys(olds.options ?? {}).filter((n) => !(n in news.options));
    return apply(ctx, news, dropped);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    const scope = scopeOf(props.hostingId, props.phpVersion);
    await ctx.serial(scope, async () => {
      // The account or the version is gone: so are its options.
      const map = await liveMap(ctx, address, props.phpVersion, true);
      if (!map) return;
      const resets = resetsOf(ctx, Object.keys(props.options ?? {}), map, whereOf(props));
      if (Object.keys(resets).length === 0) return;
      await ctx.write("php.setOptions", { ...address, version: props.phpVersion, options: resets }, [scope]);
    });
  },
});

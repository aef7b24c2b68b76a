/**
 * What the PHP resources share. A hosting account's version listing (`php.listVersions`:
 * `currentVersion`, `defaultVersion`, `availableVersions`), which `PhpVersion` checks a version
 * against and which tells a PHP version that is gone from a failure. And what PhpOptions and
 * PhpExtensions share: each manages a map of settings of one PHP version of a hosting account
 * (php.ini options; extensions), a map that always exists, so both are singleton settings with
 * the same lifecycle rules, the same id, and the same way of reading the map and of telling "the
 * version is gone" from a failure (catalog §1 #30-37, INFERRED-L).
 */
import { z } from "zod";
import type { OperationId, OperationParams } from "../../client/endpoints";
import type { ProviderContext } from "../../provider/runtime/context";
import type { HostingAddress } from "../../provider/runtime/context";
import { limitText } from "../../provider/lifecycle/check";
import { apiErrorCode } from "../../provider/lifecycle/errors";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/lifecycle/ids";
import { hostingIdInput } from "../../provider/rules/validators";

/** The version listing of an account (v4 beside the envelope, v3 in `data`), unwrapped. */
export interface PhpVersions {
  currentVersion?: string;
  defaultVersion?: string;
  availableVersions: string[];
}

/** Cache and write scope: the active PHP version of one account (and its version listing). */
export function phpVersionScope(hostingId: number): string {
  return `php-version:${hostingId}`;
}

/**
 * The PHP version listing of a hosting account, unwrapped from either version's reply. `fresh`
 * bypasses the read cache (before a write, the listing must be the live one).
 *
 * @example
 * const { defaultVersion, availableVersions } = await phpVersionsOf(ctx, await ctx.hosting(101), true);
 */
export async function phpVersionsOf(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<PhpVersions> {
  const reply = fresh
    ? await ctx.request("php.listVersions", { ...address })
    : await ctx.read("php.listVersions", { ...address }, [phpVersionScope(address.id)]);
  return { currentVersion: reply.currentVersion, defaultVersion: reply.defaultVersion, availableVersions: reply.availableVersions };
}

/**
 * Whether an error from an operation on PHP `version` of an account means that the version's
 * settings are gone: the hosting account is (404), or the API refused the version (400) and the
 * live version listing confirms it is not installed any more. Read and delete of the per-version
 * resources (options, extensions) treat that as "gone" rather than as a failure.
 *
 * @example
 * async function extensionsOrGone(): Promise<unknown> {
 *   try { return await ctx.request("php.listExtensions", { ...address, version }); }
 *   catch (err) { if (await phpVersionGone(ctx, address, version, err)) return undefined; throw err; }
 * }
 */
export async function phpVersionGone(ctx: ProviderContext, address: HostingAddress, version: string, err: unknown): Promise<boolean> {
  const code = apiErrorCode(err);
  if (code === "not-found") return true;
  return code === "validation" && !(await phpVersionsOf(ctx, address, true)).availableVersions.includes(version);
}

/** A PHP version as accounts list them: major.minor, given as a string. */
export const phpVersionInput = limitText(
  z
    .string()
    .trim()
    .regex(/^\d+\.\d+$/, 'must be a PHP version such as "8.2" (a string)'),
  {
    max: 16,
    because: "sensible: a version is major.minor",
  },
);

/**
 * The inputs that name a setting of one PHP version of an account (PhpOptions, PhpExtensions),
 * spread into their per-property schemas.
 */
export const phpVersionSettingsInputs = {
  /** The hosting account. */
  hostingId: hostingIdInput,
  /** The PHP version whose settings are managed, as the account lists it (`"8.2"`). */
  phpVersion: phpVersionInput,
};

/** What names a per-version setting. */
export interface PhpVersionKey {
  hostingId: number;
  /** major.minor, e.g. `"8.2"`. */
  phpVersion: string;
}

/** The id of a per-version setting: `<hostingId>/<phpVersion>`. */
export function phpVersionSettingsId(v: PhpVersionKey): string {
  return hostingScopedId(v.hostingId, v.phpVersion);
}

/** How messages name a per-version setting. */
export function phpVersionWhere(v: PhpVersionKey): string {
  return `PHP ${v.phpVersion} on hosting account ${v.hostingId}`;
}

const phpVersionPart: IdPart<string> = (text) => (/^\d+\.\d+$/.test(text) ? text : undefined);

/** What an id names, or undefined when it is not `<hostingId>/<phpVersion>`. */
export function parsePhpVersionSettingsId(id: string): PhpVersionKey | undefined {
  return parseHostingScopedId(id, { phpVersion: phpVersionPart });
}

/**
 * The lifecycle rules of a per-version setting, spread into its `defineResource`: identity is
 * the hosting account and the PHP version, and another version (or account) has its own map,
 * so nothing collides on replacement.
 */
export const perPhpVersionRules = {
  identity: ["hostingId", "phpVersion"],
  replaceOn: ["hostingId", "phpVersion"],
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<phpVersion>, e.g. 101/8.2",
    build: (v: PhpVersionKey) => phpVersionSettingsId(v),
    parse: (id: string) => parsePhpVersionSettingsId(id),
  },
  onMissing: "remove",
} as const;

/** The API operations of one kind of per-version map. */
export type PhpSettingsApi =
  PhpMapApi<"php.getOptions", "php.setOptions", "options"> | PhpMapApi<"php.listExtensions", "php.setExtensions", "extensions">;

interface PhpMapApi<Get extends OperationId, Set extends OperationId, Field extends string> {
  /** Reads the map (`php.getOptions`, `php.listExtensions`). */
  get: Get;
  /** Writes named entries of the map (`php.setOptions`, `php.setExtensions`). */
  set: Set;
  /** The request field of `set` that holds the entries (`options`, `extensions`). */
  field: Field;
  /** Cache and write scope of the map of one version of one account. */
  scope(v: PhpVersionKey): string;
}

/** The reads and writes of one kind of per-version map whose entries are `T`. */
export interface PhpSettings<T> {
  /** Cache and write scope of the map of one version of one account. */
  scope(v: PhpVersionKey): string;
  /** The map as it is now (bypassing the read cache); errors propagate, since create and update must not guess. */
  fetch(ctx: ProviderContext, address: HostingAddress, version: string): Promise<Record<string, T>>;
  /**
   * The map for read and delete, or undefined when it is gone: the hosting account is (404), or
   * the version is no longer installed (`phpVersionGone`). `fresh` bypasses the read cache.
   */
  live(ctx: ProviderContext, address: HostingAddress, version: string, fresh: boolean): Promise<Record<string, T> | undefined>;
  /** Writes `entries` into the map, in one call. */
  write(ctx: ProviderContext, address: HostingAddress, v: PhpVersionKey, entries: Record<string, unknown>): Promise<void>;
  /**
   * The shared `read` start: the key merged with the state (absent on import), and the live map;
   * undefined when the settings are gone.
   */
  read<O extends PhpVersionKey>(
    ctx: ProviderContext,
    key: Partial<PhpVersionKey>,
    props: O | undefined,
  ): Promise<{ v: Partial<O> & PhpVersionKey; map: Record<string, T> } | undefined>;
  /**
   * The shared `delete`: serialised on the map's scope, reads the live map (gone: nothing to do),
   * and writes what `restores` gives for it, if anything.
   */
  restore(ctx: ProviderContext, props: PhpVersionKey, restores: (map: Record<string, T>) => Record<string, unknown>): Promise<void>;
}

/** The reads and writes of one kind of per-version map, bound to its operations. */
export function phpSettings<T>(api: PhpSettingsApi): PhpSettings<T> {
  const settings: PhpSettings<T> = {
    scope: (v) => api.scope(v),
    async fetch(ctx, address, version) {
      const reply: Record<string, unknown> = await ctx.request(api.get, { ...address, version });
      return reply[api.field] as Record<string, T>;
    },
    async live(ctx, address, version, fresh) {
      try {
        if (fresh) return await settings.fetch(ctx, address, version);
        const reply: Record<string, unknown> = await ctx.read(api.get, { ...address, version }, [
          api.scope({ hostingId: address.id, phpVersion: version }),
        ]);
        return reply[api.field] as Record<string, T>;
      } catch (err) {
        if (await phpVersionGone(ctx, address, version, err)) return undefined;
        throw err;
      }
    },
    async write(ctx, address, v, entries) {
      // `entries` holds what the map's resource checked (option values, extension switches); the
      // request schema checks them again before anything is sent.
      await ctx.write(api.set, { ...address, version: v.phpVersion, [api.field]: entries } as OperationParams<PhpSettingsApi["set"]>, [
        api.scope(v),
      ]);
    },
    async read<O extends PhpVersionKey>(ctx: ProviderContext, key: Partial<PhpVersionKey>, props: O | undefined) {
      const v = { ...key, ...(props ?? {}) } as Partial<O> & PhpVersionKey;
      const map = await settings.live(ctx, await ctx.hosting(v.hostingId), v.phpVersion, false);
      return map && { v, map };
    },
    async restore(ctx, props, restores) {
      const address = await ctx.hosting(props.hostingId);
      await ctx.serial(api.scope(props), async () => {
        // The account or the version is gone: so are its settings.
        const map = await settings.live(ctx, address, props.phpVersion, true);
        if (!map) return;
        const entries = restores(map);
        if (Object.keys(entries).length === 0) return;
        await settings.write(ctx, address, props, entries);
      });
    },
  };
  return settings;
}

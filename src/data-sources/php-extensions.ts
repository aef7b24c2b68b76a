/**
 * `getPhpExtensions`: the extensions of one PHP version of a hosting account and whether each is
 * enabled (`php.listExtensions`, v4 and v3, INFERRED-L, catalog §1 #36). The API maps each
 * extension to a state string (`enabled` / `disabled`); v4 returns the map beside the envelope,
 * v3 in `data`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";
import { phpVersionArg, phpVersionFor } from "./php-versions";

/**
 * Arguments of {@link getPhpExtensions}.
 */
export interface GetPhpExtensionsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** PHP version, e.g. `8.2`; default the account's current version (one more read). */
  version?: string;
}

/**
 * Arguments of {@link getPhpExtensionsOutput}.
 */
export type GetPhpExtensionsOutputArgs = OutputArgs<GetPhpExtensionsArgs>;

/**
 * The extensions of one PHP version.
 *
 * @example
 * const { enabled } = await getPhpExtensions({ hostingId: 101 });
 */
export interface GetPhpExtensionsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The PHP version read. */
  version: string;
  /** Extension name to enabled (true) or not (false). */
  extensions: Record<string, boolean>;
  /** Names of the enabled extensions, sorted. */
  enabled: string[];
  /** The state string of each extension as the API gives it (`enabled`, `disabled`). */
  states: Record<string, string>;
}

/** States read as "on": the API's `enabled`, and the usual spellings of true. */
const ON = new Set(["enabled", "enable", "on", "true", "1", "yes"]);

const source = defineDataSource<GetPhpExtensionsArgs, GetPhpExtensionsArgs, GetPhpExtensionsResult>({
  name: "getPhpExtensions",
  args: z.strictObject({ hostingId: hostingIdArg, version: phpVersionArg.optional() }),
  operations: (a) => (a.version === undefined ? ["php.listExtensions", "php.listVersions"] : ["php.listExtensions"]),
  run: async (call, a) => {
    const version = await phpVersionFor(call, a.hostingId, a.version);
    const states = (await call.hostingRequest("php.listExtensions", a.hostingId, { version })).extensions;
    const extensions: Record<string, boolean> = {};
    for (const [name, state] of Object.entries(states)) extensions[name] = ON.has(String(state).trim().toLowerCase());
    return {
      hostingId: a.hostingId,
      version,
      extensions,
      enabled: Object.keys(extensions)
        .filter((n) => extensions[n])
        .sort(),
      states: { ...states },
    };
  },
});

/**
 * Reads the extensions of a PHP version of a hosting account and whether each is enabled (v4 and v3).
 *
 * @example
 * import { getPhpExtensions } from "pulumi-hosting-reseller";
 * const php = await getPhpExtensions({ hostingId: 101 });
 * if (!php.extensions.intl) console.warn("intl is off");
 */
export function getPhpExtensions(args: GetPhpExtensionsArgs): Promise<GetPhpExtensionsResult> {
  return source.get(args);
}

/**
 * {@link getPhpExtensions} as a `pulumi.Output`.
 *
 * @example
 * export const phpExtensions = getPhpExtensionsOutput({ hostingId: 101 }).enabled;
 */
export function getPhpExtensionsOutput(
  args: GetPhpExtensionsOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetPhpExtensionsResult> {
  return source.output(args, opts);
}

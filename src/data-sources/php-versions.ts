/**
 * `getPhpVersions`: the PHP versions of a hosting account: active, default and installed
 * (`php.listVersions`, v4 and v3; every PHP path is INFERRED-L, catalog §1 #30-38; v2 has no PHP
 * operations).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ResellerApiError } from "../client/errors";
import {
  defineDataSource,
  hostingIdArg,
  type DataSourceCall,
  type DataSourceOutputOptions,
  type OutputArgs,
  type AccountArgs,
} from "./define";
import type { OperationReply } from "../client/endpoints";

/**
 * Arguments of {@link getPhpVersions}.
 */
export interface GetPhpVersionsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getPhpVersionsOutput}.
 */
export type GetPhpVersionsOutputArgs = OutputArgs<GetPhpVersionsArgs>;

/**
 * PHP versions of a hosting account.
 *
 * @example
 * const { currentVersion, availableVersions } = await getPhpVersions({ hostingId: 101 });
 */
export interface GetPhpVersionsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The version the account runs now, e.g. `8.2`. */
  currentVersion?: string;
  /** The platform's default version. */
  defaultVersion?: string;
  /** Every version the account can switch to. */
  availableVersions: string[];
}

type Versions = OperationReply<"php.listVersions">;

/** A PHP version argument such as `8.2`. */
export const phpVersionArg = z.string().regex(/^\d+\.\d+$/, 'must be a PHP version such as "8.2"');

/** The PHP versions of hosting account `hostingId`. */
export async function readPhpVersions(call: DataSourceCall, hostingId: number): Promise<Versions> {
  return await call.hostingRequest("php.listVersions", hostingId);
}

/** The version a per-version PHP read applies to: the one asked for, or the account's current one. */
export async function phpVersionFor(call: DataSourceCall, hostingId: number, requested: string | undefined): Promise<string> {
  if (requested !== undefined) return requested;
  const versions = await readPhpVersions(call, hostingId);
  const current = versions.currentVersion ?? versions.defaultVersion;
  if (!current) {
    throw new ResellerApiError({
      code: "bad-response",
      message: `Hosting account ${hostingId} reports no current PHP version (php.listVersions); pass \`version\` explicitly`,
    });
  }
  return current;
}

const source = defineDataSource<GetPhpVersionsArgs, GetPhpVersionsArgs, GetPhpVersionsResult>({
  name: "getPhpVersions",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["php.listVersions"],
  run: async (call, a) => {
    const v = await readPhpVersions(call, a.hostingId);
    return {
      hostingId: a.hostingId,
      currentVersion: v.currentVersion,
      defaultVersion: v.defaultVersion,
      availableVersions: [...v.availableVersions],
    };
  },
});

/**
 * Reads the active, default and installed PHP versions of a hosting account (v4 and v3).
 *
 * @example
 * import { getPhpVersions } from "pulumi-hosting-reseller";
 * const php = await getPhpVersions({ hostingId: 101 });
 * const newest = php.availableVersions.at(-1);
 */
export function getPhpVersions(args: GetPhpVersionsArgs): Promise<GetPhpVersionsResult> {
  return source.get(args);
}

/**
 * {@link getPhpVersions} as a `pulumi.Output`.
 *
 * @example
 * export const phpVersion = getPhpVersionsOutput({ hostingId: 101 }).currentVersion;
 */
export function getPhpVersionsOutput(args: GetPhpVersionsOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetPhpVersionsResult> {
  return source.output(args, opts);
}

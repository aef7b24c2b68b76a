/**
 * `getNodejsVersions`: the Node.js versions a hosting account can run applications on
 * (`nodejs.listVersions`, v4 and v3, INFERRED-L, catalog §1 #39; v2 has no Node.js operations).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getNodejsVersions}.
 */
export interface GetNodejsVersionsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getNodejsVersionsOutput}.
 */
export type GetNodejsVersionsOutputArgs = OutputArgs<GetNodejsVersionsArgs>;

/**
 * Node.js versions of a hosting account.
 *
 * @example
 * const { versions } = await getNodejsVersions({ hostingId: 101 });
 */
export interface GetNodejsVersionsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The interpreter family, `nodejs`. */
  interpreter?: string;
  /** Major versions available, e.g. `["18", "20", "22"]`. */
  versions: string[];
}

const source = defineDataSource<GetNodejsVersionsArgs, GetNodejsVersionsArgs, GetNodejsVersionsResult>({
  name: "getNodejsVersions",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["nodejs.listVersions"],
  run: async (call, a) => {
    const v = await call.hostingRequest("nodejs.listVersions", a.hostingId);
    return { hostingId: a.hostingId, interpreter: v.interpreter, versions: [...v.versions] };
  },
});

/**
 * Lists the Node.js versions available to a hosting account (v4 and v3).
 *
 * @example
 * import { getNodejsVersions } from "pulumi-hosting-reseller";
 * const { versions } = await getNodejsVersions({ hostingId: 101 });
 * const latest = versions.at(-1);
 */
export function getNodejsVersions(args: GetNodejsVersionsArgs): Promise<GetNodejsVersionsResult> {
  return source.get(args);
}

/**
 * {@link getNodejsVersions} as a `pulumi.Output`.
 *
 * @example
 * export const nodeVersions = getNodejsVersionsOutput({ hostingId: 101 }).versions;
 */
export function getNodejsVersionsOutput(
  args: GetNodejsVersionsOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetNodejsVersionsResult> {
  return source.output(args, opts);
}

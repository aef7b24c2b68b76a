/**
 * `getDatabaseUsers`: the database users of a hosting account (`databases.listUsers`: v3
 * CONFIRMED-3P, catalog §2 #31; v4 INFERRED-M on the v3 path; v2 CONFIRMED, §3 #18). The API
 * answers an array of arrays of names (a third-party client calls `.flat()` on it, T1); the
 * result is one flat, de-duplicated list.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { databaseType } from "../client/schemas";
import type { DatabaseType } from "../client/schemas";
import {
  defineDataSource,
  hostingIdArg,
  unsupportedArgument,
  type DataSourceOutputOptions,
  type OutputArgs,
  type AccountArgs,
} from "./define";

/**
 * Arguments of {@link getDatabaseUsers}.
 */
export interface GetDatabaseUsersArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** Engine whose users to list (v4 and v3); the API's default (MySQL) when omitted. */
  databaseType?: DatabaseType;
}

/**
 * Arguments of {@link getDatabaseUsersOutput}.
 */
export type GetDatabaseUsersOutputArgs = OutputArgs<GetDatabaseUsersArgs>;

/**
 * The database users of a hosting account.
 *
 * @example
 * const { users } = await getDatabaseUsers({ hostingId: 101 });
 */
export interface GetDatabaseUsersResult {
  /** The hosting account read. */
  hostingId: number;
  /** The engine asked for; absent when the API chose (MySQL). */
  databaseType?: DatabaseType;
  /** Full user names, hosting username prefix included, in the API's order. */
  users: string[];
}

const source = defineDataSource<GetDatabaseUsersArgs, GetDatabaseUsersArgs, GetDatabaseUsersResult>({
  name: "getDatabaseUsers",
  args: z.strictObject({ hostingId: hostingIdArg, databaseType: databaseType.optional() }),
  operations: () => ["databases.listUsers"],
  unsupported: (a, version) =>
    unsupportedArgument(a.databaseType !== undefined, version, ["v4", "v3"], "databaseType", "its database user listing takes no type"),
  run: async (call, a) => {
    const params = a.databaseType ? { databaseType: a.databaseType } : {};
    const groups = (await call.hostingRequest("databases.listUsers", a.hostingId, params)).data;
    return { hostingId: a.hostingId, databaseType: a.databaseType, users: [...new Set(groups.flat())] };
  },
});

/**
 * Lists the database users of a hosting account.
 *
 * @example
 * import { getDatabaseUsers } from "pulumi-hosting-reseller";
 * const { users } = await getDatabaseUsers({ hostingId: 101 });
 * console.log(users.join(", "));
 */
export function getDatabaseUsers(args: GetDatabaseUsersArgs): Promise<GetDatabaseUsersResult> {
  return source.get(args);
}

/**
 * {@link getDatabaseUsers} as a `pulumi.Output`.
 *
 * @example
 * export const databaseUsers = getDatabaseUsersOutput({ hostingId: 101 }).users;
 */
export function getDatabaseUsersOutput(
  args: GetDatabaseUsersOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetDatabaseUsersResult> {
  return source.output(args, opts);
}

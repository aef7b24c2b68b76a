/**
 * `getDatabases`: the databases of a hosting account with the users holding privileges on each
 * (`databases.list`: v3 CONFIRMED, catalog §2 #27; v4 INFERRED-M on the v3 path; v2 CONFIRMED,
 * §4.2). Names carry the hosting username as prefix (`agencyde_wp`, catalog §7.7 #8). v4 and v3
 * list MySQL or PostgreSQL databases; v2 takes no type.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { databaseType, type DatabaseType } from "../client/schemas";
import {
  defineDataSource,
  hostingIdArg,
  unsupportedArgument,
  type DataSourceOutputOptions,
  type OutputArgs,
  type AccountArgs,
} from "./define";

/**
 * Arguments of {@link getDatabases}.
 */
export interface GetDatabasesArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** Engine to list (v4 and v3); the API's default (MySQL) when omitted. */
  databaseType?: DatabaseType;
}

/**
 * Arguments of {@link getDatabasesOutput}.
 */
export type GetDatabasesOutputArgs = OutputArgs<GetDatabasesArgs>;

/**
 * A user's privileges on one database.
 *
 * @example
 * const grant: DatabaseGrant = { user: "agencyde_wpuser", privileges: ["ALL PRIVILEGES"] };
 */
export interface DatabaseGrant {
  /** Database user holding the privileges, hosting username prefix included. */
  user: string;
  /** Privileges, split from the API's comma-separated `permissions`. */
  privileges: string[];
}

/**
 * One database.
 *
 * @example
 * const db: DatabaseInfo = (await getDatabases({ hostingId: 101 })).databases[0]!;
 */
export interface DatabaseInfo {
  /** Full name, hosting username prefix included. */
  name: string;
  /** Who holds privileges on the database. */
  grants: DatabaseGrant[];
}

/**
 * The databases of a hosting account.
 *
 * @example
 * const { databases } = await getDatabases({ hostingId: 101 });
 */
export interface GetDatabasesResult {
  /** The hosting account read. */
  hostingId: number;
  /** The engine asked for; absent when the API chose (MySQL). */
  databaseType?: DatabaseType;
  /** The databases, each with the users granted privileges on it. */
  databases: DatabaseInfo[];
}

const source = defineDataSource<GetDatabasesArgs, GetDatabasesArgs, GetDatabasesResult>({
  name: "getDatabases",
  args: z.strictObject({ hostingId: hostingIdArg, databaseType: databaseType.optional() }),
  operations: () => ["databases.list"],
  unsupported: (a, version) =>
    unsupportedArgument(a.databaseType !== undefined, version, ["v4", "v3"], "databaseType", "its database listing takes no type"),
  run: async (call, a) => {
    const params = a.databaseType ? { databaseType: a.databaseType } : {};
    const entries = (await call.hostingRequest("databases.list", a.hostingId, params)).data;
    return {
      hostingId: a.hostingId,
      databaseType: a.databaseType,
      databases: entries.map((d) => ({
        name: d.name,
        grants: (d.databaseUsers ?? []).map((u) => ({
          user: u.name,
          privileges: (u.permissions ?? "")
            .split(",")
            .map((p) => p.trim())
            .filter((p) => p !== ""),
        })),
      })),
    };
  },
});

/**
 * Lists the databases of a hosting account and who holds privileges on each.
 *
 * @example
 * import { getDatabases } from "pulumi-hosting-reseller";
 * const { databases } = await getDatabases({ hostingId: 101 });
 * const orphans = databases.filter((d) => d.grants.length === 0).map((d) => d.name);
 */
export function getDatabases(args: GetDatabasesArgs): Promise<GetDatabasesResult> {
  return source.get(args);
}

/**
 * {@link getDatabases} as a `pulumi.Output`.
 *
 * @example
 * export const databaseNames = getDatabasesOutput({ hostingId: 101 }).apply((r) => r.databases.map((d) => d.name));
 */
export function getDatabasesOutput(args: GetDatabasesOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetDatabasesResult> {
  return source.output(args, opts);
}

/**
 * DatabaseUserGrant: inputs, their validation and normalization, and the state it keeps.
 *
 * The server prefixes database and user names with `<hosting username>_` (catalog §7.7 #8: T1
 * polls for `prefix + name`; the S2 form shows `username_`), and keeps a name that already has
 * the prefix as it is. Users may write either form. `check` makes no API call, so it cannot know
 * the prefix on any version; create and read put the names in the prefixed form the listing uses,
 * and `diff` compares the two forms through the hosting username kept in state.
 *
 * Privileges are the documented list (`DB_PRIVILEGES`, v4 document, Databases) in that order, or
 * `ALL PRIVILEGES` alone. PostgreSQL grants only all or nothing ("for PostgreSQL only full access
 * to the whole database can be granted or revoked"); v2 has MySQL only and no `ALL PRIVILEGES`
 * (legacy document, 2.0.0 databases: "same enum as 4.0.0 without ALL PRIVILEGES").
 */
import { z } from "zod";
import type { ApiVersion } from "../../client/endpoint";
import { DB_PRIVILEGES, type DbPrivilege } from "../../client/schemas";
import { containsUnknown, isUnknown, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { checkDatabaseType, databaseNameInput, databaseTypeInput, hasPostgres, type DatabaseType } from "../shared/databases";
import { hostingIdInput, textInput } from "../../provider/rules/validators";

/**
 * The privilege that stands for every other one; listed alone.
 *
 * @example
 * new DatabaseUserGrant("admin", { hostingId: 101, database: "wp", user: "wpadmin", privileges: [ALL_PRIVILEGES] });
 */
export const ALL_PRIVILEGES = "ALL PRIVILEGES";
/**
 * Every privilege but ALL PRIVILEGES, in the documented order.
 *
 * @example
 * GRANULAR_PRIVILEGES.length; // 18
 */
export const GRANULAR_PRIVILEGES: readonly DbPrivilege[] = DB_PRIVILEGES.filter((p) => p !== ALL_PRIVILEGES);

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const databaseUserGrantInputs = {
  /** The hosting account holding the database and the user. */
  hostingId: hostingIdInput,
  /** The database: `wp`, or with the server's prefix, `<hosting username>_wp`. */
  database: databaseNameInput("database"),
  /** The database user, with or without the prefix. */
  user: databaseNameInput("user"),
  /** Privileges in the documented list, or `ALL PRIVILEGES` alone. */
  privileges: z
    .array(textInput(32, "sensible: the longest privilege, CREATE TEMPORARY TABLES, has 23 characters"))
    .min(1, "needs at least one privilege; delete the resource to revoke them all"),
  /** `MYSQL` (default) or `POSTGRES`; `MySQL` and `PostgreSQL` are accepted. */
  databaseType: databaseTypeInput,
};

type Parsed = z.output<z.ZodObject<typeof databaseUserGrantInputs>>;

/** The checked inputs; names as given (the prefix is added by create and read). */
export interface DatabaseUserGrantInputs {
  hostingId: number;
  database: string;
  user: string;
  /** In the documented order; `["ALL PRIVILEGES"]` alone for all. */
  privileges: DbPrivilege[];
  databaseType: DatabaseType;
}

/** The state of a grant. */
export interface DatabaseUserGrantOutputs extends DatabaseUserGrantInputs {
  /** The hosting account's username, the prefix of every name; "" when it could not be found. */
  hostingUsername: string;
}

/** Whether a version can grant ALL PRIVILEGES (v2 cannot: its enum lacks it). */
export function grantsAllPrivileges(version: ApiVersion): boolean {
  return version !== "v2";
}

/**
 * Privileges from text (`"select"`, `"SHOW  VIEW"`, or the listing's `"SELECT,INSERT"`) in
 * canonical form and documented order; values outside the list are left out.
 *
 * @example
 * privilegesFromListing("SELECT,INSERT"); // ["INSERT", "SELECT"]
 */
export function privilegesFromListing(permissions: string): DbPrivilege[] {
  const held = new Set(permissions.split(",").map(canonicalPrivilege));
  return DB_PRIVILEGES.filter((p) => held.has(p));
}

function canonicalPrivilege(text: string): string {
  return text.trim().replace(/\s+/g, " ").toUpperCase();
}

/**
 * Checks and orders the privileges for a database type and API version, reporting each problem
 * on `privileges` or `privileges[i]`. Returns undefined when they are invalid.
 */
export function normalizePrivileges(
  list: readonly string[],
  type: DatabaseType,
  version: ApiVersion,
  issue: IssueSink,
): DbPrivilege[] | undefined {
  const seen = new Map<string, number>();
  let ok = true;
  list.forEach((raw, i) => {
    const p = canonicalPrivilege(raw);
    if (!(DB_PRIVILEGES as readonly string[]).includes(p)) {
      issue(["privileges", i], `${quote(raw)} is not a privilege; use ${DB_PRIVILEGES.join(", ")}`);
      ok = false;
    } else if (seen.has(p)) {
      issue(["privileges", i], `repeats privileges[${seen.get(p)}] (${p})`);
      ok = false;
    } else seen.set(p, i);
  });
  if (!ok) return undefined;
  const privileges = DB_PRIVILEGES.filter((p) => seen.has(p));
  const all = seen.has(ALL_PRIVILEGES);
  if (all && privileges.length > 1) {
    issue("privileges", "ALL PRIVILEGES includes every other privilege; list it alone");
    return undefined;
  }
  if (type === "POSTGRES" && !all) {
    issue(
      "privileges",
      'PostgreSQL grants only full access to the whole database: use ["ALL PRIVILEGES"] (granular privileges apply to MySQL)',
    );
    return undefined;
  }
  if (all && !grantsAllPrivileges(version)) {
    issue(
      "privileges",
      `API ${version} cannot grant ALL PRIVILEGES (its privileges are the granular ones only); list the privileges, or use apiVersion v4 or v3`,
    );
    return undefined;
  }
  return privileges;
}

/**
 * Cross-property rules: privileges checked for the database type and the API version `check`
 * runs for.
 */
export function normalizeDatabaseUserGrant(v: Parsed, issue: IssueSink, version: ApiVersion): DatabaseUserGrantInputs {
  const out = { ...v } as DatabaseUserGrantInputs;
  if (isUnknown(v.databaseType)) return out;
  if (v.databaseType === "POSTGRES" && !hasPostgres(version)) {
    checkDatabaseType(v.databaseType, issue, version);
    return out;
  }
  if (!containsUnknown(v.privileges)) {
    const privileges = normalizePrivileges(v.privileges, v.databaseType, version, issue);
    if (privileges) out.privileges = privileges;
  }
  return out;
}

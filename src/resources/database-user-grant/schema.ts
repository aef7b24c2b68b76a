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
import { containsUnknown, isUnknown } from "../../provider/check";
import type { IssueSink } from "../../provider/define";

/**
 * The database servers of a hosting account, as the API names them.
 *
 * @example
 * DATABASE_TYPES.includes("POSTGRES"); // true
 */
export const DATABASE_TYPES = ["MYSQL", "POSTGRES"] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

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

/** Spellings accepted for `databaseType`, upper-cased. */
const TYPE_NAMES: Record<string, DatabaseType> = { MYSQL: "MYSQL", POSTGRES: "POSTGRES", POSTGRESQL: "POSTGRES", PGSQL: "POSTGRES" };

/**
 * Longest names MySQL accepts: databases 64 characters, users 32, the server's prefix included.
 *
 * @example
 * "agencyde_wpuser".length <= MAX_NAME_LENGTH.user; // true
 */
export const MAX_NAME_LENGTH = { database: 64, user: 32 } as const;

const name = (kind: keyof typeof MAX_NAME_LENGTH) =>
  z
    .string()
    .trim()
    .min(1, `a ${kind} name is required`)
    .regex(/^[A-Za-z0-9_]+$/, "may contain only letters, digits and _")
    .max(MAX_NAME_LENGTH[kind], `is longer than ${MAX_NAME_LENGTH[kind]} characters (and the server adds the "<hosting username>_" prefix)`);

/**
 * The per-property schemas (check swaps the schema of a property unknown during preview).
 *
 * @example
 * databaseUserGrantInputs.databaseType.parse("PostgreSQL"); // "POSTGRES"
 */
export const databaseUserGrantInputs = {
  /** The hosting account holding the database and the user. */
  hostingId: z.number().int("must be a whole number").positive("must be a hosting account id"),
  /** The database: `wp`, or with the server's prefix, `<hosting username>_wp`. */
  database: name("database"),
  /** The database user, with or without the prefix. */
  user: name("user"),
  /** Privileges in the documented list, or `ALL PRIVILEGES` alone. */
  privileges: z.array(z.string()).min(1, "needs at least one privilege; delete the resource to revoke them all"),
  /** `MYSQL` (default) or `POSTGRES`; `MySQL` and `PostgreSQL` are accepted. */
  databaseType: z
    .string()
    .transform((t) => TYPE_NAMES[t.trim().toUpperCase()] ?? t)
    .pipe(z.enum(DATABASE_TYPES, { error: "must be MYSQL or POSTGRES (MySQL or PostgreSQL)" }))
    .default("MYSQL"),
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

/**
 * Whether a version can grant ALL PRIVILEGES (v2 cannot: its enum lacks it).
 *
 * @example
 * grantsAllPrivileges("v2"); // false
 */
export function grantsAllPrivileges(version: ApiVersion): boolean {
  return version !== "v2";
}

/**
 * Whether a version has PostgreSQL databases (v2 has no `databaseType` at all).
 *
 * @example
 * hasPostgres("v3"); // true
 */
export function hasPostgres(version: ApiVersion): boolean {
  return version !== "v2";
}

/**
 * A name with the server's prefix: kept when it already has it, as the server does.
 *
 * @example
 * prefixedName("wp", "agencyde"); // "agencyde_wp"
 * prefixedName("agencyde_wp", "agencyde"); // "agencyde_wp"
 * prefixedName("wp", ""); // "wp" (prefix unknown: as given)
 */
export function prefixedName(given: string, hostingUsername: string | undefined): string {
  if (!hostingUsername) return given;
  const prefix = `${hostingUsername}_`;
  return given.startsWith(prefix) ? given : `${prefix}${given}`;
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
 *
 * @example
 * normalizePrivileges(["select", "Insert"], "MYSQL", "v4", issue); // ["INSERT", "SELECT"]
 */
export function normalizePrivileges(list: readonly string[], type: DatabaseType, version: ApiVersion, issue: IssueSink): DbPrivilege[] | undefined {
  const seen = new Map<string, number>();
  let ok = true;
  list.forEach((raw, i) => {
    const p = canonicalPrivilege(raw);
    if (!(DB_PRIVILEGES as readonly string[]).includes(p)) {
      issue(["privileges", i], `"${raw}" is not a privilege; use ${DB_PRIVILEGES.join(", ")}`);
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
    issue("privileges", "PostgreSQL grants only full access to the whole database: use [\"ALL PRIVILEGES\"] (granular privileges apply to MySQL)");
    return undefined;
  }
  if (all && !grantsAllPrivileges(version)) {
    issue("privileges", `API ${version} cannot grant ALL PRIVILEGES (its privileges are the granular ones only); list the privileges, or use apiVersion v4 or v3`);
    return undefined;
  }
  return privileges;
}

/**
 * Cross-property rules: privileges checked for the database type and the API version `check`
 * runs for.
 *
 * @example
 * normalizeDatabaseUserGrant({ hostingId: 101, database: "wp", user: "wpuser", privileges: ["select"], databaseType: "MYSQL" }, issue, "v4");
 * // { ..., privileges: ["SELECT"] }
 */
export function normalizeDatabaseUserGrant(v: Parsed, issue: IssueSink, version: ApiVersion): DatabaseUserGrantInputs {
  const out = { ...v } as DatabaseUserGrantInputs;
  if (isUnknown(v.databaseType)) return out;
  if (v.databaseType === "POSTGRES" && !hasPostgres(version)) {
    issue("databaseType", `API ${version} has MySQL databases only; use apiVersion v4 or v3 for PostgreSQL`);
    return out;
  }
  if (!containsUnknown(v.privileges)) {
    const privileges = normalizePrivileges(v.privileges, v.databaseType, version, issue);
    if (privileges) out.privileges = privileges;
  }
  return out;
}

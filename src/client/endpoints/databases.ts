/**
 * Databases and database users of a hosting account, their privileges, and autologin URLs for
 * the web administration tools.
 *
 * The server prefixes database and user names with `<hosting username>_` (catalog §7.7 #8): a
 * database created as `wp` on hosting `agencyde` is `agencyde_wp`. v3 is the best-known version
 * (catalog §2 #27-38, mostly CONFIRMED by S2 and T1). The v4 document shows only the user removal,
 * privileges and autologin rows (catalog §1 #41-45); the other v4 operations follow the v3 paths
 * (INFERRED-M). v2 has no sizes, user change or autologin.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { databaseType, dbPrivilege, dict, envelope, hostingV3, hostingV4, int, list, obj, optionalList, secret, str } from "../schemas";

/**
 * A database with the users that hold privileges on it; `permissions` is one comma-separated
 * string such as `"SELECT,INSERT"` (S2 splits it on `,`, catalog §2 #27).
 *
 * @example
 * databaseEntry.parse({ name: "agencyde_wp", databaseUsers: [{ name: "agencyde_wpuser", permissions: "ALL PRIVILEGES" }] });
 */
export const databaseEntry = obj({
  name: str(),
  databaseUsers: optionalList(obj({ name: str(), permissions: str().optional() })),
});

/**
 * Database sizes in bytes: the total and one entry per database. The shape is not shown in any
 * document (catalog §2 #28, INFERRED-L); `dbUsage` mirrors the disk-usage statistics, which map a
 * database name to bytes (v4 document, "Disk usage").
 *
 * @example
 * databaseSizes.parse({ total: 52428800, dbUsage: { agencyde_wp: 52428800 } });
 */
export const databaseSizes = obj({ total: int().optional(), dbUsage: dict(int()).optional() });

/** An autologin URL: v3 answers `data.loginUrl` (camelCase, unlike hosting/login's `login_url`; catalog §7.7 #3). */
const loginUrl = envelope({ data: obj({ loginUrl: str() }, { loginUrl: ["login_url"] }) });

// T1 polls for `prefix + name` after a create (catalog §7.3); returning the full name spares that guess.
const created = envelope({ data: obj({ name: str().optional() }).optional() });

const typeField = { databaseType: databaseType.optional() };
const nameFields = { name: z.string().min(1), ...typeField };
/** A database user's password: marked secret, so no error the client builds repeats it (schemas.ts, `secretFields`). */
const password = secret(z.string().min(1));
const newUserFields = { dbUser: z.string().min(1), password, ...typeField };
const userFields = { dbUser: z.string().min(1), ...typeField };
const updateUserFields = {
  databaseUsername: z.string().min(1),
  newDatabaseUsername: z.string().min(1).optional(),
  // Required in the legacy document (difference 7); S2 sends it only when it changes.
  newPassword: password,
  ...typeField,
};
// The documents' form shows only MYSQL for privilege changes, but their text describes PostgreSQL
// grants ("only full access to the whole database"), so both types are accepted.
const grantFields = {
  databaseName: z.string().min(1),
  databaseUsername: z.string().min(1),
  privileges: z.array(dbPrivilege).min(1),
  ...typeField,
};
// Omitted privileges, or ALL PRIVILEGES, remove every privilege (v4 document).
const revokeFields = { ...grantFields, privileges: z.array(dbPrivilege).min(1).optional() };
/** v2 privileges: the same values without ALL PRIVILEGES (legacy document, 2.0.0 databases). */
const v2Privileges = z.array(dbPrivilege.exclude(["ALL PRIVILEGES"])).min(1);
const v2GrantFields = { databaseName: z.string().min(1), databaseUsername: z.string().min(1), privileges: v2Privileges };

const v3 = (row: number, label = "CONFIRMED") => `${label}, catalog §2 #${row}`;
const v4FromV3 = (row: number) => `INFERRED-M: v3 path pattern (catalog §2 #${row})`;
const v4Seed = (row: number, label = "INFERRED-M") => `${label}, catalog §1 #${row}`;
const v2Seed = (row: number) => `CONFIRMED, catalog §3 #${row} (S8, S5, S7-PR29)`;
const v2Extra = "CONFIRMED, catalog §4.2 (S8, S5, S7-PR29)";

/**
 * @example
 * await client.request("v3.databases.create", { id: 101, username: "agencyde", name: "shop" }); // creates agencyde_shop
 */
export const databasesOperations = defineOperations({
  "databases.list": {
    summary: "List the databases of a hosting account with their users' privileges",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...typeField }),
    response: envelope({ data: list(databaseEntry) }),
    v4: route("GET /v4/hosting/databases", v4FromV3(27)),
    // v3: S2 sends only `id` on most of these; the legacy document requires `username` too (difference 2).
    v3: route("GET /v3/hosting/databases", v3(27), { request: z.strictObject({ ...hostingV3, ...typeField }) }),
    // v2 (legacy document, 2.0.0 databases): no databaseType, privileges without ALL PRIVILEGES.
    v2: route("GET /n0c-api/databases", v2Extra, { request: z.strictObject({ ...hostingV4 }) }),
  },
  "databases.listSizes": {
    summary: "Database sizes, in total and per database",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...typeField }),
    response: envelope({ data: databaseSizes }),
    v4: route("GET /v4/hosting/databases/sizes", "INFERRED-L: v3 path pattern (catalog §2 #28)"),
    v3: route("GET /v3/hosting/databases/sizes", v3(28, "INFERRED-L"), { request: z.strictObject({ ...hostingV3, ...typeField }) }),
  },
  "databases.create": {
    summary: "Create a database (the server prefixes its name with the hosting username)",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...nameFields }),
    response: created,
    v4: route("POST /v4/hosting/database", v4FromV3(29)),
    v3: route("POST /v3/hosting/database", v3(29), { request: z.strictObject({ ...hostingV3, ...nameFields }) }),
    v2: route("POST /n0c-api/database/add", v2Extra, { request: z.strictObject({ ...hostingV4, name: z.string().min(1) }) }),
  },
  "databases.delete": {
    summary: "Remove a database",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...nameFields }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/database", v4FromV3(30)),
    v3: route("DELETE /v3/hosting/database", v3(30), { request: z.strictObject({ ...hostingV3, ...nameFields }) }),
    v2: route("POST /n0c-api/database/remove", v2Seed(17), { request: z.strictObject({ ...hostingV4, name: z.string().min(1) }) }),
  },
  "databases.listUsers": {
    summary: "List the database users of a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...typeField }),
    response: envelope({ data: list(list(str())) }),
    v4: route("GET /v4/hosting/databases/users", v4FromV3(31)),
    // `data` is an array of arrays of user names (T1 calls `.flat()` on it).
    v3: route("GET /v3/hosting/databases/users", v3(31, "CONFIRMED-3P"), { request: z.strictObject({ ...hostingV3, ...typeField }) }),
    v2: route("GET /n0c-api/database/users", v2Seed(18), { request: z.strictObject({ ...hostingV4 }) }),
  },
  "databases.createUser": {
    summary: "Create a database user (the server prefixes its name with the hosting username)",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...newUserFields }),
    response: created,
    v4: route("POST /v4/hosting/database/user", v4FromV3(32)),
    v3: route("POST /v3/hosting/database/user", v3(32), { request: z.strictObject({ ...hostingV3, ...newUserFields }) }),
    v2: route("POST /n0c-api/database/user/add", v2Seed(19), {
      request: z.strictObject({ ...hostingV4, dbUser: z.string().min(1), password }),
    }),
  },
  "databases.updateUser": {
    summary: "Change the password, and optionally the name, of a database user",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...updateUserFields }),
    response: envelope({}),
    v4: route("PATCH /v4/hosting/database/user", v4FromV3(33)),
    v3: route("PATCH /v3/hosting/database/user", v3(33), { request: z.strictObject({ ...hostingV3, ...updateUserFields }) }),
  },
  "databases.deleteUser": {
    summary: "Remove a database user",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...userFields }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/database/user", v4Seed(41)),
    v3: route("DELETE /v3/hosting/database/user", v3(34), { request: z.strictObject({ ...hostingV3, ...userFields }) }),
    v2: route("POST /n0c-api/database/user/remove", v2Seed(20), { request: z.strictObject({ ...hostingV4, dbUser: z.string().min(1) }) }),
  },
  "databases.grantPrivileges": {
    summary: "Grant privileges on a database to a user",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...grantFields }),
    response: envelope({}),
    v4: route("PUT /v4/hosting/database/user/privileges", v4Seed(42)),
    v3: route("PUT /v3/hosting/database/user/privileges", v3(35), { request: z.strictObject({ ...hostingV3, ...grantFields }) }),
    v2: route("POST /n0c-api/database/user/grant-access", v2Seed(21), { request: z.strictObject({ ...hostingV4, ...v2GrantFields }) }),
  },
  "databases.revokePrivileges": {
    summary: "Remove privileges on a database from a user (all when none are given)",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...revokeFields }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/database/user/privileges", v4Seed(43)),
    v3: route("DELETE /v3/hosting/database/user/privileges", v3(36), { request: z.strictObject({ ...hostingV3, ...revokeFields }) }),
    v2: route("POST /n0c-api/database/user/remove-access", v2Seed(22), {
      summary: "Remove privileges on a database from a user",
      request: z.strictObject({ ...hostingV4, ...v2GrantFields }),
    }),
  },
  "databases.getPhpMyAdminUrl": {
    summary: "An autologin URL for phpMyAdmin",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: loginUrl,
    v4: route("GET /v4/hosting/databases/phpmyadmin", v4Seed(44)),
    // S2 passes a database-user object as `username` here (catalog §2 #37); we send the hosting username.
    v3: route("GET /v3/hosting/databases/phpmyadmin", v3(37), { request: z.strictObject({ ...hostingV3 }) }),
  },
  "databases.getPhpPgAdminUrl": {
    summary: "An autologin URL for phpPgAdmin",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: loginUrl,
    v4: route("GET /v4/hosting/databases/phppgadmin", v4Seed(45, "INFERRED-L")),
    v3: route("GET /v3/hosting/databases/phppgadmin", v3(38, "INFERRED-L"), { request: z.strictObject({ ...hostingV3 }) }),
  },
});

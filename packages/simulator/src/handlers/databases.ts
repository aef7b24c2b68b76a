/**
 * Databases and database users of a hosting account.
 *
 * Behaviour the clients reveal and the simulator reproduces:
 * - names are prefixed with `<hosting username>_` by the server (T1 polls for `prefix + name`,
 *   the S2 form shows `username_`; catalog §7.7 #8); an already prefixed name is kept as it is;
 * - duplicates fail with a message containing "already exist" (S2 matches on it, catalog §7.2);
 * - passwords go through the strength check (`errors: ["isStrongPassword"]`);
 * - a new database or user may take a few reads to show in listings (T1 polls up to 10 times,
 *   catalog §7.3): `behaviour.eventualConsistencyReads` sets how many listing reads miss it;
 * - granular privileges apply to MySQL; PostgreSQL grants and revokes only ALL PRIVILEGES
 *   (v4 document, Databases).
 *
 * Every version answers with the v3 shapes (`data`, catalog §2 #27-38): v4 shows no response for
 * these operations beyond messages and v2 wraps hosting results in `data` as well.
 */
import { randomBytes } from "node:crypto";
import { DB_PRIVILEGES } from "pulumi-hosting-reseller/contract";
import type { DatabaseState, DbUserState, HostingState, SimState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { DEMO_HOSTING, PASSWORD_RULES, requireStrongPassword } from "./shared";

type DbType = DatabaseState["type"];

const ALL = "ALL PRIVILEGES";
/** Every privilege but ALL PRIVILEGES, in the order the documents list them. */
const GRANULAR: readonly string[] = DB_PRIVILEGES.filter((p) => p !== ALL);
/** Longest names the servers accept: MySQL databases 64 characters, MySQL users 32. */
const MAX_LENGTH = { database: 64, user: 32 } as const;
/** Size of a new, empty database: PostgreSQL's template copy is about 7.3 MiB, MySQL's nothing. */
const EMPTY_SIZE: Record<DbType, number> = { MYSQL: 0, POSTGRES: 7_675_904 };

/** `databaseType` defaults to MYSQL (v3 and v4 documents); v2 has MySQL only. */
function typeOf(ctx: SimContext<{ id: number; databaseType?: DbType }>): DbType {
  return ctx.params.databaseType ?? "MYSQL";
}

/**
 * The full name the server gives a database or user: `<hosting username>_<name>`, unless the
 * caller already wrote the prefix.
 */
function fullName(hosting: HostingState, raw: unknown, field: string, kind: keyof typeof MAX_LENGTH): string {
  const prefix = `${hosting.username}_`;
  const given = String(raw).trim();
  const name = given.startsWith(prefix) ? given : `${prefix}${given}`;
  if (!/^[A-Za-z0-9_]+$/.test(name.slice(prefix.length))) {
    throw new SimError(400, `Invalid field "${field}": "${given}" may contain only letters, digits and "_"`);
  }
  if (name.length > MAX_LENGTH[kind]) {
    throw new SimError(
      400,
      `Invalid field "${field}": "${name}" is longer than ${MAX_LENGTH[kind]} characters (the "${prefix}" prefix included)`,
    );
  }
  return name;
}

function findDatabase(hosting: HostingState, name: string, type: DbType): DatabaseState {
  const db = hosting.databases.find((d) => d.name === name && d.type === type);
  if (!db) throw new SimError(404, `Database ${name} (${type}) not found`);
  return db;
}

function findUser(hosting: HostingState, name: string, type: DbType): DbUserState {
  const user = hosting.dbUsers.find((u) => u.name === name && u.type === type);
  if (!user) throw new SimError(404, `Database user ${name} (${type}) not found`);
  return user;
}

/**
 * What one listing read sees: items still settling are left out, and each such read brings them
 * one read closer to showing.
 */
function settle<T extends { hiddenReads?: number }>(items: T[]): T[] {
  return items.filter((item) => {
    if (!item.hiddenReads) return true;
    item.hiddenReads -= 1;
    if (item.hiddenReads <= 0) delete item.hiddenReads;
    return false;
  });
}

function settling(ctx: SimContext): { hiddenReads?: number } {
  const reads = ctx.behaviour.eventualConsistencyReads;
  return reads > 0 ? { hiddenReads: reads } : {};
}

/** Privileges as the listing shows them: `ALL PRIVILEGES`, or granular ones comma-separated in document order. */
function permissionString(privileges: string[]): string {
  if (privileges.includes(ALL)) return ALL;
  return GRANULAR.filter((p) => privileges.includes(p)).join(",");
}

// ---- one function per operation (every version shares the reply shape) ----

function list(ctx: OpContext<"databases.list">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const users = hosting.dbUsers.filter((u) => u.type === type && !u.hiddenReads);
  const data = settle(hosting.databases.filter((d) => d.type === type)).map((db) => ({
    name: db.name,
    databaseUsers: users
      .filter((u) => u.grants[db.name] !== undefined)
      .map((u) => ({ name: u.name, permissions: permissionString(u.grants[db.name]!) })),
  }));
  return { data };
}

function listSizes(ctx: OpContext<"databases.listSizes">) {
  const type = typeOf(ctx);
  const dbs = ctx.hosting().databases.filter((d) => d.type === type);
  return {
    data: {
      total: dbs.reduce((sum, d) => sum + d.sizeBytes, 0),
      dbUsage: Object.fromEntries(dbs.map((d) => [d.name, d.sizeBytes])),
    },
  };
}

function create(ctx: OpContext<"databases.create">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const name = fullName(hosting, ctx.params.name, "name", "database");
  if (hosting.databases.some((d) => d.name === name && d.type === type)) {
    throw new SimError(409, `Database ${name} already exists`);
  }
  hosting.databases.push({ name, type, sizeBytes: EMPTY_SIZE[type], ...settling(ctx) });
  return { data: { name }, message: `Database ${name} created` };
}

function remove(ctx: OpContext<"databases.delete">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const db = findDatabase(hosting, fullName(hosting, ctx.params.name, "name", "database"), type);
  hosting.databases = hosting.databases.filter((d) => d !== db);
  for (const user of hosting.dbUsers) if (user.type === type) delete user.grants[db.name];
  return { message: `Database ${db.name} removed` };
}

/** `data` is an array of arrays of names (T1 flattens it; catalog §2 #31): one inner array per database server. */
function listUsers(ctx: OpContext<"databases.listUsers">) {
  const type = typeOf(ctx);
  const names = settle(ctx.hosting().dbUsers.filter((u) => u.type === type)).map((u) => u.name);
  return { data: [names] };
}

function createUser(ctx: OpContext<"databases.createUser">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const name = fullName(hosting, ctx.params.dbUser, "dbUser", "user");
  requireStrongPassword(ctx.params.password, "password", PASSWORD_RULES.long);
  if (hosting.dbUsers.some((u) => u.name === name && u.type === type)) {
    // S2 recognises "database user ... already exist" (catalog §7.2).
    throw new SimError(409, `The database user ${name} already exists`);
  }
  hosting.dbUsers.push({ name, type, password: ctx.params.password, grants: {}, ...settling(ctx) });
  return { data: { name }, message: `Database user ${name} created` };
}

function updateUser(ctx: OpContext<"databases.updateUser">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const user = findUser(hosting, fullName(hosting, ctx.params.databaseUsername, "databaseUsername", "user"), type);
  const renamed =
    ctx.params.newDatabaseUsername === undefined
      ? user.name
      : fullName(hosting, ctx.params.newDatabaseUsername, "newDatabaseUsername", "user");
  requireStrongPassword(ctx.params.newPassword, "newPassword", PASSWORD_RULES.long);
  if (renamed !== user.name && hosting.dbUsers.some((u) => u.name === renamed && u.type === type)) {
    throw new SimError(409, `The database user ${renamed} already exists`);
  }
  const previous = user.name;
  user.name = renamed;
  user.password = ctx.params.newPassword;
  return { message: renamed === previous ? `Database user ${renamed} updated` : `Database user ${previous} renamed to ${renamed}` };
}

function deleteUser(ctx: OpContext<"databases.deleteUser">) {
  const hosting = ctx.hosting();
  const user = findUser(hosting, fullName(hosting, ctx.params.dbUser, "dbUser", "user"), typeOf(ctx));
  hosting.dbUsers = hosting.dbUsers.filter((u) => u !== user);
  return { message: `Database user ${user.name} removed` };
}

function grantTarget(ctx: OpContext<"databases.grantPrivileges" | "databases.revokePrivileges">) {
  const hosting = ctx.hosting();
  const type = typeOf(ctx);
  const db = findDatabase(hosting, fullName(hosting, ctx.params.databaseName, "databaseName", "database"), type);
  const user = findUser(hosting, fullName(hosting, ctx.params.databaseUsername, "databaseUsername", "user"), type);
  const privileges: readonly string[] | undefined = ctx.params.privileges;
  return { db, user, type, privileges };
}

function postgresOnlyAll(type: DbType, privileges: readonly string[] | undefined, verb: "granted" | "removed"): void {
  if (type === "POSTGRES" && privileges !== undefined && !(privileges.length === 1 && privileges[0] === ALL)) {
    throw new SimError(
      400,
      `Invalid field "privileges": for PostgreSQL only ALL PRIVILEGES can be ${verb} (granular privileges apply to MySQL)`,
    );
  }
}

/** Adds privileges to what the user holds on the database; ALL PRIVILEGES absorbs the rest. */
function grantPrivileges(ctx: OpContext<"databases.grantPrivileges">) {
  const { db, user, type, privileges = [] } = grantTarget(ctx);
  postgresOnlyAll(type, privileges, "granted");
  const held = new Set([...(user.grants[db.name] ?? []), ...privileges]);
  user.grants[db.name] = held.has(ALL) ? [ALL] : GRANULAR.filter((p) => held.has(p));
  return { message: `Privileges of ${user.name} on ${db.name}: ${permissionString(user.grants[db.name]!)}` };
}

/**
 * Removes the given privileges; none, or ALL PRIVILEGES, removes every privilege (v4 document).
 * Removing one privilege from ALL PRIVILEGES leaves the other granular ones, as MySQL does.
 */
function revokePrivileges(ctx: OpContext<"databases.revokePrivileges">) {
  const { db, user, type, privileges } = grantTarget(ctx);
  postgresOnlyAll(type, privileges, "removed");
  const held = user.grants[db.name] ?? [];
  const remaining =
    privileges === undefined || privileges.includes(ALL)
      ? []
      : (held.includes(ALL) ? GRANULAR : held).filter((p) => !privileges.includes(p));
  if (remaining.length === 0) delete user.grants[db.name];
  else user.grants[db.name] = remaining;
  return { message: `Privileges of ${user.name} on ${db.name}: ${remaining.length ? permissionString(remaining) : "none"}` };
}

/** A single-use autologin URL; v3 answers `data.loginUrl` (catalog §2 #37). */
const autologin = (tool: "phpmyadmin" | "phppgadmin") => (ctx: SimContext) => {
  const hosting = ctx.hosting();
  const token = randomBytes(16).toString("hex");
  return { data: { loginUrl: `https://${tool}.simulator.invalid/signon?account=${hosting.username}&token=${token}` } };
};

// ---- samples: they may run in any order on one store ----

const DEMO_DB = "agencyde_wp";
const DEMO_USER = "agencyde_wpuser";

/** Restores the demo database and user and removes what the create samples add. */
function prepare(state: SimState): void {
  const hosting = state.hostings["101"]!;
  hosting.databases = hosting.databases.filter((d) => d.name !== "agencyde_sample");
  hosting.dbUsers = hosting.dbUsers.filter((u) => u.name !== "agencyde_sampleuser");
  if (!hosting.databases.some((d) => d.name === DEMO_DB && d.type === "MYSQL")) {
    hosting.databases.push({ name: DEMO_DB, type: "MYSQL", sizeBytes: 52_428_800 });
  }
  if (!hosting.dbUsers.some((u) => u.name === DEMO_USER && u.type === "MYSQL")) {
    hosting.dbUsers.push({ name: DEMO_USER, type: "MYSQL", password: "Db-Pass-2026!", grants: { [DEMO_DB]: [ALL] } });
  }
}

type Params = Record<string, unknown>;
/** Sample parameters for each version: v4 and v2 address the account by `id`, v3 adds `username`. */
const samplesFor = (version: "v4" | "v3" | "v2", only: readonly string[]) => {
  const address: Params = { ...DEMO_HOSTING[version] };
  const grant = { databaseName: DEMO_DB, databaseUsername: DEMO_USER };
  const all: Record<string, Params> = {
    list: {},
    listSizes: {},
    create: { name: "sample" },
    delete: { name: DEMO_DB },
    listUsers: {},
    createUser: { dbUser: "sampleuser", password: "Sample-Db-Pass-2026" },
    updateUser: { databaseUsername: DEMO_USER, newPassword: "New-Db-Pass-2026" },
    deleteUser: { dbUser: DEMO_USER },
    grantPrivileges: { ...grant, privileges: ["SELECT", "INSERT"] },
    revokePrivileges: { ...grant, privileges: ["DELETE"] },
    getPhpMyAdminUrl: {},
    getPhpPgAdminUrl: {},
  };
  return Object.fromEntries(
    only.map((op) => [
      `${version}.databases.${op}`,
      (state: SimState) => {
        prepare(state);
        return { ...address, ...all[op] };
      },
    ]),
  );
};

const OPERATIONS = {
  "databases.list": list,
  "databases.listSizes": listSizes,
  "databases.create": create,
  "databases.delete": remove,
  "databases.listUsers": listUsers,
  "databases.createUser": createUser,
  "databases.updateUser": updateUser,
  "databases.deleteUser": deleteUser,
  "databases.grantPrivileges": grantPrivileges,
  "databases.revokePrivileges": revokePrivileges,
  "databases.getPhpMyAdminUrl": autologin("phpmyadmin"),
  "databases.getPhpPgAdminUrl": autologin("phppgadmin"),
};
type VerbOf<K> = K extends `databases.${infer V}` ? V : never;
type Operation = VerbOf<keyof typeof OPERATIONS>;
const EVERY = Object.keys(OPERATIONS).map((id) => id.slice("databases.".length)) as Operation[];
/** v2 has no sizes, user change or autologin (legacy document, 2.0.0 databases; catalog §4.2). */
const V2: Operation[] = ["list", "create", "delete", "listUsers", "createUser", "deleteUser", "grantPrivileges", "revokePrivileges"];

/**
 * Handlers of `databases.*`: the twelve operations of v4 and v3 and the eight of v2, one shared
 * function each.
 */
export const databasesArea: SimArea = {
  name: "databases",
  // Every version the table gives an operation gets its one function (v2 has the eight of `V2`).
  handlers: OPERATIONS,
  samples: { ...samplesFor("v4", EVERY), ...samplesFor("v3", EVERY), ...samplesFor("v2", V2) },
};

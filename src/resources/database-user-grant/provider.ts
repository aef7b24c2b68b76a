/**
 * DatabaseUserGrant lifecycle: the privileges one database user holds on one database of a
 * hosting account. The database and the user must exist; this resource creates neither.
 *
 * API calls (v3 CONFIRMED, catalog §2 #27, #35-36; v4 grant and revoke in the v4 document,
 * INFERRED-M paths, catalog §1 #42-43, and the v4 listing the v3 path under `/v4`, INFERRED-M;
 * v2 CONFIRMED, catalog §3 #21-22 and §4.2):
 * - create: `databases.grantPrivileges`;
 * - read: `databases.list` (`data[]{name, databaseUsers[]{name, permissions: "SELECT,INSERT"}}`),
 *   shared through the read cache per hosting account, so a refresh of many grants reads each
 *   account's listing once per database type;
 * - update: `databases.grantPrivileges` with what was added, then `databases.revokePrivileges`
 *   with what was dropped: granting first means the user never holds nothing while the old and
 *   new sets share a privilege;
 * - delete: `databases.revokePrivileges` with the privileges in state; privileges the user holds
 *   from elsewhere are left alone. A database or user already gone counts as deleted.
 *
 * Names: the hosting username (the server's prefix) comes from the plumbing's `hostingUsername`
 * (the hosting listing on v4 and v3, the World listing on v2, catalog §7.5).
 *
 * Identity read (`find`, docs/decisions/0019): the listing names each user's privileges per
 * database (`databaseUsers[]{name, permissions}`, v3 CONFIRMED), so a user that already holds
 * privileges on the database is found by the prefixed database name, user name and type. A create
 * over it fails before any write unless `adopt: true`: a destroy revokes what the state holds, so
 * taking over privileges granted outside the stack would later revoke them. A grant is idempotent
 * (granting held privileges again changes nothing, and the client may repeat it); one whose reply
 * could not be read is settled by the same read, polled by the runtime (`createdBy`), so it is
 * taken into state rather than refused by the next `up` as privileges the stack did not grant.
 */
import type { z } from "zod";
import type { databaseEntry } from "../../client/endpoints/databases";
import type { DbPrivilege } from "../../client/schemas";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, unlessNotFound } from "../../provider/lifecycle/errors";
import { createdBy } from "../../provider/runtime/settle";
import { type HostingAddress } from "../../provider/runtime/context";
import { hostingUsername } from "../shared/hosting";
import { hostingScopedId, parseHostingScopedId } from "../../provider/lifecycle/ids";
import { databasesScope, prefixedName, serverNamePart, typeParam, typesToSearch, type DatabaseType } from "../shared/databases";
import {
  ALL_PRIVILEGES,
  GRANULAR_PRIVILEGES,
  databaseUserGrantInputs,
  grantsAllPrivileges,
  normalizeDatabaseUserGrant,
  privilegesFromListing,
  type DatabaseUserGrantInputs,
  type DatabaseUserGrantOutputs,
} from "./schema";

type Inputs = DatabaseUserGrantInputs;
type Outputs = DatabaseUserGrantOutputs;
type Entry = z.output<typeof databaseEntry>;

type GrantKey = Pick<Inputs, "hostingId" | "database" | "user">;

/** Cache and write scope: the databases of one hosting account. */
const scopeOf = databasesScope;

/**
 * The grant's id: `<hostingId>/<database>/<user>`, names with the server's prefix.
 *
 * @example
 * databaseUserGrantId({ hostingId: 101, database: "agencyde_wp", user: "agencyde_wpuser" }); // "101/agencyde_wp/agencyde_wpuser"
 */
export function databaseUserGrantId(v: GrantKey): string {
  return hostingScopedId(v.hostingId, v.database, v.user);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<database>/<user>`.
 *
 * @example
 * parseDatabaseUserGrantId("101/agencyde_wp/agencyde_wpuser"); // { hostingId: 101, database: "agencyde_wp", user: "agencyde_wpuser" }
 */
export function parseDatabaseUserGrantId(id: string): GrantKey | undefined {
  return parseHostingScopedId(id, { database: serverNamePart, user: serverNamePart });
}

/** The names in the prefixed form, and the prefix; warns when the prefix cannot be found. */
async function qualified(ctx: ProviderContext, v: GrantKey): Promise<GrantKey & { hostingUsername: string }> {
  const username = (await hostingUsername(ctx, v.hostingId)) ?? "";
  if (!username) {
    ctx.log.warn(
      `DatabaseUserGrant: the username of hosting account ${v.hostingId} is not in the hosting listing of API ${ctx.version}, ` +
        `so "${v.database}" and "${v.user}" are used as given; give them with the "<hosting username>_" prefix`,
    );
  }
  return {
    hostingId: v.hostingId,
    database: prefixedName(v.database, username),
    user: prefixedName(v.user, username),
    hostingUsername: username,
  };
}

/** The databases of one type, or undefined when the hosting account is gone (404). */
async function listing(ctx: ProviderContext, address: HostingAddress, type: DatabaseType, fresh = false): Promise<Entry[] | undefined> {
  const params = { ...address, ...typeParam(type) };
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("databases.list", params) : ctx.read("databases.list", params, [scopeOf(address.id)]),
  );
  return reply?.data;
}

/** The privileges the user holds on the database, or undefined when it holds none (or either is gone). */
async function livePrivileges(
  ctx: ProviderContext,
  address: HostingAddress,
  key: GrantKey,
  type: DatabaseType,
  fresh = false,
): Promise<DbPrivilege[] | undefined> {
  const db = (await listing(ctx, address, type, fresh))?.find((d) => d.name === key.database);
  const user = db?.databaseUsers?.find((u) => u.name === key.user);
  const privileges = user?.permissions === undefined ? [] : privilegesFromListing(user.permissions);
  return privileges.length > 0 ? privileges : undefined;
}

/**
 * What to grant and what to revoke to go from `olds` to `news`. ALL PRIVILEGES stands for every
 * granular privilege: moving to it is one grant; moving away from it revokes the granular ones
 * not kept (the server keeps the rest, as MySQL does).
 *
 * @example
 * privilegeChanges(["INSERT", "SELECT"], ["SELECT", "UPDATE"]); // { grant: ["UPDATE"], revoke: ["INSERT"] }
 * privilegeChanges(["ALL PRIVILEGES"], ["SELECT"]); // { grant: [], revoke: [every granular privilege but SELECT] }
 */
export function privilegeChanges(
  olds: readonly DbPrivilege[],
  news: readonly DbPrivilege[],
): { grant: DbPrivilege[]; revoke: DbPrivilege[] } {
  if (news.includes(ALL_PRIVILEGES)) return { grant: olds.includes(ALL_PRIVILEGES) ? [] : [ALL_PRIVILEGES], revoke: [] };
  const held = olds.includes(ALL_PRIVILEGES) ? GRANULAR_PRIVILEGES : olds;
  return { grant: news.filter((p) => !held.includes(p)), revoke: held.filter((p) => !news.includes(p)) };
}

/** Grant or revoke; ALL PRIVILEGES is spelled out where the version cannot send it (v2, from live state). */
async function change(
  ctx: ProviderContext,
  op: "databases.grantPrivileges" | "databases.revokePrivileges",
  address: HostingAddress,
  v: GrantKey & { databaseType: DatabaseType },
  privileges: readonly DbPrivilege[],
): Promise<void> {
  const list = privileges.includes(ALL_PRIVILEGES) && !grantsAllPrivileges(ctx.version) ? GRANULAR_PRIVILEGES : privileges;
  await ctx.write(
    op,
    { ...address, databaseName: v.database, databaseUsername: v.user, privileges: [...list], ...typeParam(v.databaseType) },
    [scopeOf(v.hostingId)],
  );
}

function notFoundHint(v: GrantKey & { databaseType: DatabaseType }, err: unknown): Error {
  return new Error(
    `Cannot grant privileges on ${v.database} to ${v.user} (${v.databaseType}) in hosting account ${v.hostingId}: ${messageOf(err)}. ` +
      "DatabaseUserGrant works on an existing database and user; create them first (a database created moments ago may take a few reads to show)",
    { cause: err },
  );
}

/**
 * The DatabaseUserGrant declaration: identity is the hosting account, the database, the user and
 * the database type; the privileges change in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DatabaseUserGrant").id.format; // "<hostingId>/<database>/<user>, ..."
 */
export const databaseUserGrantDefinition = defineResource<typeof databaseUserGrantInputs, Inputs, Outputs>({
  type: "DatabaseUserGrant",
  inputs: databaseUserGrantInputs,
  normalize: normalizeDatabaseUserGrant,
  identity: ["hostingId", "database", "user", "databaseType"],
  replaceOn: ["hostingId", "database", "user", "databaseType"],
  // A replacement names another database or user: grant the new one before revoking the old.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<database>/<user>, names with the server's prefix, e.g. 101/agencyde_wp/agencyde_wpuser",
    // From inputs the names are as given; the id create returns has them prefixed.
    build: (v) => databaseUserGrantId(v),
    parse: (id) => parseDatabaseUserGrantId(id),
  },
  onMissing: "remove",
  diff: {
    equal: {
      // `wp` and `agencyde_wp` name the same database once the prefix is known.
      database: (n, o) => prefixedName(n.database, o.hostingUsername) === o.database,
      user: (n, o) => prefixedName(n.user, o.hostingUsername) === o.user,
    },
  },
  requires: () => [{ property: "privileges", operations: ["databases.list", "databases.grantPrivileges", "databases.revokePrivileges"] }],

  async find(ctx, inputs, { fresh }) {
    // Without the warning `qualified` gives: the create that follows gives it once.
    const username = (await hostingUsername(ctx, inputs.hostingId)) ?? "";
    const names = {
      hostingId: inputs.hostingId,
      database: prefixedName(inputs.database, username),
      user: prefixedName(inputs.user, username),
    };
    const held = await livePrivileges(ctx, await ctx.hosting(inputs.hostingId), names, inputs.databaseType, fresh);
    if (!held) return undefined;
    return {
      id: databaseUserGrantId(names),
      description: `the ${inputs.databaseType} grant of ${held.join(", ")} on ${names.database} to ${names.user}`,
    };
  },

  async create(ctx, inputs, adopting) {
    const address = await ctx.hosting(inputs.hostingId);
    const names = await qualified(ctx, inputs);
    const outs: Outputs = { ...names, privileges: inputs.privileges, databaseType: inputs.databaseType };
    try {
      if (adopting) {
        // Taken over (`adopt: true`): the user then holds exactly the declared privileges, as an
        // update from what it holds would leave it.
        // The listing the identity read just read, from the read cache.
        const held = (await livePrivileges(ctx, address, names, inputs.databaseType)) ?? [];
        const { grant, revoke } = privilegeChanges(held, inputs.privileges);
        if (grant.length > 0) await change(ctx, "databases.grantPrivileges", address, outs, grant);
        if (revoke.length > 0) await change(ctx, "databases.revokePrivileges", address, outs, revoke);
      } else await createdBy(() => change(ctx, "databases.grantPrivileges", address, outs, inputs.privileges));
    } catch (err) {
      if (apiErrorCode(err) === "not-found") throw notFoundHint(outs, err);
      throw err;
    }
    return { id: databaseUserGrantId(outs), outs };
  },

  async read(ctx, { id, props }) {
    const key = parseDatabaseUserGrantId(id)!;
    const address = await ctx.hosting(key.hostingId);
    // From the id alone the type is unknown: MySQL first, then PostgreSQL where the version has it.
    for (const databaseType of typesToSearch(ctx, props?.databaseType)) {
      const privileges = await livePrivileges(ctx, address, key, databaseType);
      if (!privileges) continue;
      const prefix = props?.hostingUsername ?? (await hostingUsername(ctx, key.hostingId)) ?? "";
      return { outs: { ...key, privileges, databaseType, hostingUsername: prefix } };
    }
    return undefined;
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(olds.hostingId);
    const { grant, revoke } = privilegeChanges(olds.privileges, news.privileges);
    try {
      // Grant first: while both sets share a privilege, the user never holds none.
      if (grant.length > 0) await change(ctx, "databases.grantPrivileges", address, olds, grant);
      if (revoke.length > 0) await change(ctx, "databases.revokePrivileges", address, olds, revoke);
    } catch (err) {
      if (apiErrorCode(err) === "not-found") throw notFoundHint(olds, err);
      throw err;
    }
    return { ...olds, privileges: news.privileges };
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await change(ctx, "databases.revokePrivileges", address, props, props.privileges);
    } catch (err) {
      // The database or the user is gone, and with it the grant.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

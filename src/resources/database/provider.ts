/**
 * Database lifecycle: one MySQL or PostgreSQL database of a hosting account.
 *
 * API calls (v3 CONFIRMED, catalog §2 #27, #29-30; v4 the v3 paths under `/v4`, INFERRED-M;
 * v2 CONFIRMED, catalog §3 #17 and §4.2):
 * - create: `databases.create` (`name`, `databaseType`), which answers the prefixed name in
 *   `data.name` (the simulator; otherwise the name is prefixed here with the hosting username);
 * - read: `databases.list` per database type (`data[]{name, databaseUsers}`), shared through the
 *   read cache per hosting account, with `DatabaseUserGrant`;
 * - update: none in the API (no rename). Every input replaces the database;
 * - delete: `databases.delete`. A database already gone counts as deleted.
 *
 * A name that exists already fails the create, naming the id, unless `adopt` is set: create then
 * reads the listing first and takes the database over without creating anything (peers §5 #6,
 * §6.4). Without it the existing database is never taken over silently: destroying the stack
 * would delete it with its data.
 *
 * Eventual consistency: a new database may be missing from the listing for a few reads (T1 polls
 * the listing every 3 s, up to 10 times, after a create; catalog §7.3). So a read that does not
 * find the database looks again a bounded number of times before calling it gone, and a create
 * whose response was lost is settled the same way; the create itself is never sent twice (it is
 * `unsafe`, so the client does not retry it either).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import type { databaseEntry } from "../../client/endpoints/databases";
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { apiErrorCode, messageOf } from "../../provider/errors";
import { hostingUsername, type HostingAddress } from "../../provider/hosting";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/ids";
import { hasPostgres, prefixedName, type DatabaseType } from "../database-user-grant/schema";
import { databaseInputs, normalizeDatabase, type DatabaseInputs, type DatabaseOutputs } from "./schema";

type Inputs = DatabaseInputs;
type Outputs = DatabaseOutputs;
type Entry = z.output<typeof databaseEntry>;
/** `databases.list` answers entries, `databases.listUsers` arrays of names. */
type ListingReply = { data?: (Entry | string[])[] };
/** `data.name`: the full name the server gave (simulator; absent replies fall back to prefixing here). */
type CreatedReply = { data?: { name?: string } };

/**
 * Cache and write scope of the databases and database users of one hosting account; the same
 * scope `DatabaseUserGrant` reads the listing under, so a create or delete here refreshes it.
 *
 * @example
 * databasesScope(101); // "databases:101"
 */
export function databasesScope(hostingId: number): string {
  return `databases:${hostingId}`;
}

/**
 * The waits between the listing reads that look for an object the listing does not show yet:
 * four reads over 1.4 s before an object is taken as gone. Short on purpose: every read of an
 * object that is really gone pays them, and a refresh may read many.
 *
 * @example
 * SETTLE_DELAYS_MS.reduce((a, b) => a + b, 0); // 1400
 */
export const SETTLE_DELAYS_MS: readonly number[] = [200, 400, 800];

/**
 * Looks for an object in a listing that may lag behind a create. `look(fresh)` returns the object,
 * `undefined` when the listing does not show it, or `null` when it is gone for certain (the
 * hosting account is). The first look may use the read cache; the later ones read afresh.
 *
 * @example
 * const type = await untilListed((fresh) => findListed(ctx, "databases.list", address, "agencyde_shop", ["MYSQL"], fresh));
 */
export async function untilListed<T>(look: (fresh: boolean) => Promise<T | undefined | null>): Promise<T | undefined> {
  let found = await look(false);
  for (const delay of SETTLE_DELAYS_MS) {
    if (found !== undefined) break;
    await sleep(delay);
    found = await look(true);
  }
  return found ?? undefined;
}

/**
 * The hosting username, taken from the full name a create answered when the lookup found none:
 * `agencyde_shop` for `shop` gives `agencyde`.
 *
 * @example
 * usernameFromCreated("agencyde_shop", "shop"); // "agencyde"
 */
export function usernameFromCreated(created: string, given: string): string {
  return created !== given && created.endsWith(`_${given}`) ? created.slice(0, -(given.length + 1)) : "";
}

/**
 * `databaseType` travels only for PostgreSQL: MySQL is every version's default and v2 has no such
 * field (legacy document, 2.0.0 databases).
 *
 * @example
 * typeParam("MYSQL"); // {}
 */
export function typeParam(type: DatabaseType): { databaseType?: DatabaseType } {
  return type === "POSTGRES" ? { databaseType: type } : {};
}

/**
 * The database types to look in: the known one, or from an id alone all the version has.
 *
 * @example
 * typesToSearch(ctx, undefined); // v4: ["MYSQL", "POSTGRES"]; v2: ["MYSQL"]
 */
export function typesToSearch(ctx: ProviderContext, known: DatabaseType | undefined): DatabaseType[] {
  if (known) return [known];
  return hasPostgres(ctx.version) ? ["MYSQL", "POSTGRES"] : ["MYSQL"];
}

/** A database or user name as the server writes it: letters, digits and `_` (no `/`). */
const serverName: IdPart<string> = (text) => (/^[A-Za-z0-9_]+$/.test(text) ? text : undefined);

/**
 * The database's id: `<hostingId>/<name>`, the name with the server's prefix.
 *
 * @example
 * databaseId({ hostingId: 101, name: "agencyde_shop" }); // "101/agencyde_shop"
 */
export function databaseId(v: { hostingId: number; name: string }): string {
  return hostingScopedId(v.hostingId, v.name);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<name>`. Shared by `DatabaseUser`,
 * whose ids have the same form.
 *
 * @example
 * parseDatabaseId("101/agencyde_shop"); // { hostingId: 101, name: "agencyde_shop" }
 */
export function parseDatabaseId(id: string): { hostingId: number; name: string } | undefined {
  const key = parseHostingScopedId(id, { name: serverName });
  return key && { hostingId: key.hostingId, name: key.name };
}

/**
 * Lifecycle rules shared by the resources the server names with the hosting username's prefix
 * (`Database`, `DatabaseUser`): the `<hostingId>/<prefixed name>` id, removal from state when
 * gone, `adopt` as a create-time switch only, and `shop` equal to `agencyde_shop` once the prefix
 * is known.
 *
 * @example
 * defineResource({ type: "Database", ...prefixedNameRules("101/agencyde_shop"), ... });
 */
export function prefixedNameRules(example: string) {
  return {
    id: {
      format: `<hostingId>/<name>, the name with the server's prefix, e.g. ${example}`,
      build: (v: { hostingId: number; name: string }) => databaseId(v),
      parse: (id: string) => parseDatabaseId(id),
    },
    onMissing: "remove" as const,
    diff: {
      ignore: ["adopt"] as const,
      equal: { name: (n: { name: string }, o: { name: string; hostingUsername?: string }) => prefixedName(n.name, o.hostingUsername) === o.name },
    },
  };
}

/**
 * The type under which a database (`databases.list`) or a database user (`databases.listUsers`)
 * is listed; undefined when it is not, null when the hosting account is gone (404).
 *
 * @example
 * await findListed(ctx, "databases.listUsers", { id: 101 }, "agencyde_wpuser", ["MYSQL"], false); // "MYSQL"
 */
export async function findListed(
  ctx: ProviderContext,
  operation: "databases.list" | "databases.listUsers",
  address: HostingAddress,
  name: string,
  types: readonly DatabaseType[],
  fresh: boolean,
): Promise<DatabaseType | undefined | null> {
  for (const type of types) {
    const params = { ...address, ...typeParam(type) };
    let reply: ListingReply;
    try {
      reply = fresh ? await ctx.request<ListingReply>(operation, params) : await ctx.read<ListingReply>(operation, params, [databasesScope(address.id)]);
    } catch (err) {
      if (apiErrorCode(err) === "not-found") return null;
      throw err;
    }
    // Databases come as entries with a name; users as arrays of names, one per server (catalog §2 #31).
    const names = (reply.data ?? []).flatMap((item) => (Array.isArray(item) ? item : [item.name]));
    if (names.includes(name)) return type;
  }
  return undefined;
}

/** What {@link createOnce} sends, and how it names and finds what it creates. */
export interface CreateOnce {
  resource: "Database" | "DatabaseUser";
  operation: "databases.create" | "databases.createUser";
  listing: "databases.list" | "databases.listUsers";
  address: HostingAddress;
  params: Record<string, unknown>;
  /** The full name expected: the given name with the server's prefix. */
  expected: string;
  databaseType: DatabaseType;
  /** Take over an object of that name and type that exists already, instead of failing. */
  adopt: boolean;
  /** What taking an object over does to it (a user's password); nothing when absent. */
  takeOver?: (name: string) => Promise<void>;
}

/** Takes over the object the listing shows under the expected name and type, if it does. */
async function adoptListed(ctx: ProviderContext, c: CreateOnce): Promise<boolean> {
  if (!(await findListed(ctx, c.listing, c.address, c.expected, [c.databaseType], true))) return false;
  await c.takeOver?.(c.expected);
  return true;
}

/**
 * Sends a create once and returns the full name. A lost response is settled by the listing (never
 * by sending again). A name that exists already is taken over with `adopt` (looked up before
 * anything is sent, so no create is sent for it); without `adopt` it fails with the id.
 *
 * @example
 * const name = await createOnce(ctx, { resource: "Database", operation: "databases.create", listing: "databases.list",
 *   address, params: { name: "shop" }, expected: "agencyde_shop", databaseType: "MYSQL", adopt: false });
 */
export async function createOnce(ctx: ProviderContext, c: CreateOnce): Promise<string> {
  const id = databaseId({ hostingId: c.address.id, name: c.expected });
  if (c.adopt && (await adoptListed(ctx, c))) return c.expected;
  try {
    const reply = await ctx.write<CreatedReply>(c.operation, { ...c.address, ...c.params, ...typeParam(c.databaseType) }, [databasesScope(c.address.id)]);
    return reply.data?.name ?? c.expected;
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "outcome-unknown") {
      const listed = await untilListed((fresh) => findListed(ctx, c.listing, c.address, c.expected, [c.databaseType], fresh));
      if (listed) return c.expected;
      throw new Error(
        `Creating ${c.expected} may not have been applied (${messageOf(err)}) and the listing does not show it; ` +
          "it was not sent again. Run `pulumi up` again to create it",
        { cause: err },
      );
    }
    // S2 recognises duplicates by "already exist" in the message (catalog §7.2); the simulator answers 409.
    if (code === "conflict" || (code === "validation" && /already exist/i.test(messageOf(err)))) {
      // Created by someone else since the look above: take it over all the same.
      if (c.adopt && (await adoptListed(ctx, c))) return c.expected;
      const hint = c.adopt
        ? `It is not listed as a ${c.databaseType} ${c.resource === "Database" ? "database" : "user"}, so it cannot be adopted as one; declare its type, or choose another name`
        : `It is not taken over silently: set adopt: true to take it over, read it with ${c.resource}.get and the id "${id}", or choose another name`;
      throw new Error(`${c.expected} already exists on hosting account ${c.address.id} (API: ${messageOf(err)}). ${hint}`, { cause: err });
    }
    throw err;
  }
}

/**
 * The Database declaration: named by the hosting account and the prefixed name; the API has no
 * rename, so a change of any input replaces the database. The new database is created before the
 * old one is deleted: a replacement never destroys data before its successor exists, and a name
 * that collides fails the create while the old database is still there.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("Database").id.format; // "<hostingId>/<name>, ..."
 */
export const databaseDefinition = defineResource<typeof databaseInputs, Inputs, Outputs>({
  type: "Database",
  inputs: databaseInputs,
  normalize: normalizeDatabase,
  identity: ["hostingId", "name"],
  replaceOn: ["hostingId", "name", "databaseType"],
  deleteBeforeReplace: false,
  secretOutputs: [],
  ...prefixedNameRules("101/agencyde_shop"),
  requires: () => [{ property: "name", operations: ["databases.list", "databases.create", "databases.delete"] }],

  async create(ctx, inputs) {
    const address = await ctx.hosting(inputs.hostingId);
    const username = (await hostingUsername(ctx, inputs.hostingId)) ?? "";
    // Adopting a database sets nothing: it has no setting besides its name and type.
    const name = await createOnce(ctx, {
      resource: "Database",
      operation: "databases.create",
      listing: "databases.list",
      address,
      params: { name: inputs.name },
      expected: prefixedName(inputs.name, username),
      databaseType: inputs.databaseType,
      adopt: inputs.adopt,
    });
    const outs: Outputs = {
      hostingId: inputs.hostingId,
      name,
      databaseType: inputs.databaseType,
      hostingUsername: username || usernameFromCreated(name, inputs.name),
      adopt: inputs.adopt,
    };
    return { id: databaseId(outs), outs };
  },

  async read(ctx, { id, props }) {
    const key = parseDatabaseId(id)!;
    const address = await ctx.hosting(key.hostingId);
    const types = typesToSearch(ctx, props?.databaseType);
    const databaseType = await untilListed((fresh) => findListed(ctx, "databases.list", address, key.name, types, fresh));
    if (!databaseType) return undefined;
    const username = props?.hostingUsername || ((await hostingUsername(ctx, key.hostingId)) ?? "");
    return {
      outs: { hostingId: key.hostingId, name: key.name, databaseType, hostingUsername: username, ...(props?.adopt !== undefined ? { adopt: props.adopt } : {}) },
    };
  },

  async update(_ctx, id) {
    // Every compared input is declared replace-on (adopt is not compared), so the engine never asks for an update.
    throw new Error(`Database ${id}: the API cannot rename or convert a database; a change of any input replaces it`);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("databases.delete", { ...address, name: props.name, ...typeParam(props.databaseType) }, [databasesScope(props.hostingId)]);
    } catch (err) {
      // The database, or its hosting account, is already gone.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

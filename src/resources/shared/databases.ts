/**
 * What the database resources share (`Database`, `DatabaseUser`, `DatabaseUserGrant`): the
 * database types and name rules, the server's `<hosting username>_` prefix, the listings read
 * under one cache scope per hosting account, and the create that is sent once.
 *
 * The server prefixes database and user names with `<hosting username>_` and keeps a name that
 * already has the prefix (catalog §7.7 #8: T1 polls for `prefix + name`; the S2 form shows
 * `username_`; §2 #29, CONFIRMED by S2 and T1).
 *
 * Eventual consistency: a new database or user may be missing from the listing for a few reads
 * (T1 polls the listing every 3 s, up to 10 times, after a create; catalog §7.3). So a read that
 * does not find it looks again a bounded number of times before calling it gone, and a create
 * whose response was lost is settled by the runtime's polling of the identity read
 * (`findPrefixed`, bounded by `reseller:settleWaitMs`); the create itself is never sent twice (it
 * is `unsafe`, so the client does not retry it either).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { ApiVersion } from "../../client/endpoint";
import type { HostedParams, OperationReply } from "../../client/endpoints";
import type { ProviderContext } from "../../provider/runtime/context";
import { limitText } from "../../provider/lifecycle/check";
import type { ExistingObject, IssueSink } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf } from "../../provider/lifecycle/errors";
import { type HostingAddress } from "../../provider/runtime/context";
import { hostingUsername } from "./hosting";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/lifecycle/ids";

/**
 * The database servers of a hosting account, as the API names them.
 *
 * @example
 * DATABASE_TYPES.includes("POSTGRES"); // true
 */
export const DATABASE_TYPES = ["MYSQL", "POSTGRES"] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** Spellings accepted for `databaseType`, upper-cased. */
const TYPE_NAMES: Record<string, DatabaseType> = { MYSQL: "MYSQL", POSTGRES: "POSTGRES", POSTGRESQL: "POSTGRES", PGSQL: "POSTGRES" };

/** Longest names MySQL accepts: databases 64 characters, users 32, the server's prefix included. */
export const MAX_NAME_LENGTH = { database: 64, user: 32 } as const;

/** A database or user name as given: letters, digits and `_`, within MySQL's length. */
export const databaseNameInput = (kind: keyof typeof MAX_NAME_LENGTH) =>
  limitText(
    z
      .string()
      .trim()
      .min(1, `a ${kind} name is required`)
      .regex(/^[A-Za-z0-9_]+$/, "may contain only letters, digits and _"),
    { max: MAX_NAME_LENGTH[kind], because: `MySQL's longest ${kind} name, and the server adds the "<hosting username>_" prefix` },
  );

/** `MYSQL` (default) or `POSTGRES`; `MySQL` and `PostgreSQL` are accepted. */
export const databaseTypeInput = limitText(
  z
    .string()
    .transform((t) => TYPE_NAMES[t.trim().toUpperCase()] ?? t)
    .pipe(z.enum(DATABASE_TYPES, { error: "must be MYSQL or POSTGRES (MySQL or PostgreSQL)" })),
  { max: 16, because: "sensible: the longest spelling, POSTGRESQL, has 10 characters" },
).default("MYSQL");

/** Whether a version has PostgreSQL databases (v2 has no `databaseType` at all). */
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
 * Reports `databaseType` when the API version has no PostgreSQL (v2 has no `databaseType` at all:
 * legacy document, 2.0.0 databases).
 */
export function checkDatabaseType(type: DatabaseType, issue: IssueSink, version: ApiVersion): void {
  if (type === "POSTGRES" && !hasPostgres(version)) {
    issue("databaseType", `API ${version} has MySQL databases only; use apiVersion v4 or v3 for PostgreSQL`);
  }
}

/**
 * Cache and write scope of the databases and database users of one hosting account; the same
 * scope `DatabaseUserGrant` reads the listing under, so a create or delete here refreshes it.
 */
export function databasesScope(hostingId: number): string {
  return `databases:${hostingId}`;
}

/**
 * The waits between the listing reads that look for an object the listing does not show yet:
 * four reads over 1.4 s before an object is taken as gone. Short on purpose: every read of an
 * object that is really gone pays them, and a refresh may read many.
 */
export const SETTLE_DELAYS_MS: readonly number[] = [200, 400, 800];

/**
 * Looks for an object in a listing that may lag behind a create. `look(fresh)` returns the object,
 * `undefined` when the listing does not show it, or `null` when it is gone for certain (the
 * hosting account is). The first look may use the read cache; the later ones read afresh.
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
 */
export function usernameFromCreated(created: string, given: string): string {
  return created !== given && created.endsWith(`_${given}`) ? created.slice(0, -(given.length + 1)) : "";
}

/**
 * `databaseType` travels only for PostgreSQL: MySQL is every version's default and v2 has no such
 * field (legacy document, 2.0.0 databases).
 */
export function typeParam(type: DatabaseType): { databaseType?: DatabaseType } {
  return type === "POSTGRES" ? { databaseType: type } : {};
}

/** The database types to look in: the known one, or from an id alone all the version has. */
export function typesToSearch(ctx: ProviderContext, known: DatabaseType | undefined): DatabaseType[] {
  if (known) return [known];
  return hasPostgres(ctx.version) ? ["MYSQL", "POSTGRES"] : ["MYSQL"];
}

/** A database or user name as the server writes it: letters, digits and `_` (no `/`). */
export const serverNamePart: IdPart<string> = (text) => (/^[A-Za-z0-9_]+$/.test(text) ? text : undefined);

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
  const key = parseHostingScopedId(id, { name: serverNamePart });
  return key && { hostingId: key.hostingId, name: key.name };
}

/**
 * Lifecycle rules shared by the resources the server names with the hosting username's prefix
 * (`Database`, `DatabaseUser`): the `<hostingId>/<prefixed name>` id, removal from state when
 * gone, `adopt` as a create-time switch only, and `shop` equal to `agencyde_shop` once the prefix
 * is known.
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
      equal: {
        name: (n: { name: string }, o: { name: string; hostingUsername?: string }) => prefixedName(n.name, o.hostingUsername) === o.name,
      },
    },
  };
}

/**
 * The type under which a database (`databases.list`) or a database user (`databases.listUsers`)
 * is listed; undefined when it is not, null when the hosting account is gone (404).
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
    // `databases.list` answers entries, `databases.listUsers` arrays of names.
    let reply: OperationReply<typeof operation>;
    try {
      reply = fresh ? await ctx.request(operation, params) : await ctx.read(operation, params, [databasesScope(address.id)]);
    } catch (err) {
      if (apiErrorCode(err) === "not-found") return null;
      throw err;
    }
    // Databases come as entries with a name; users as arrays of names, one per server (catalog §2 #31).
    const names = reply.data.flatMap((item) => (Array.isArray(item) ? item : [item.name]));
    if (names.includes(name)) return type;
  }
  return undefined;
}

/** What names a database or user for its identity read: the account, the full name and the type. */
export interface PrefixedObject {
  resource: "Database" | "DatabaseUser";
  listing: "databases.list" | "databases.listUsers";
  hostingId: number;
  /** The name as declared; the server's prefix is added here. */
  name: string;
  databaseType: DatabaseType;
}

/**
 * A hosting account's address, and the username that prefixes its database and user names
 * ("" when the account does not say, and the names are then taken as declared).
 */
export async function prefixedHosting(ctx: ProviderContext, hostingId: number): Promise<{ address: HostingAddress; username: string }> {
  return { address: await ctx.hosting(hostingId), username: (await hostingUsername(ctx, hostingId)) ?? "" };
}

/**
 * The id and state a create of a database or a user returns: the name as the account made it,
 * and the prefix the account's username gives (read from the name when the account does not say).
 */
export function createdPrefixed<E extends object>(
  inputs: { hostingId: number; name: string; databaseType: DatabaseType; adopt?: boolean | undefined },
  name: string,
  username: string,
  extra: E,
): {
  id: string;
  outs: { hostingId: number; name: string } & E & { databaseType: DatabaseType; hostingUsername: string; adopt: boolean | undefined };
} {
  const outs = {
    hostingId: inputs.hostingId,
    name,
    ...extra,
    databaseType: inputs.databaseType,
    hostingUsername: username || usernameFromCreated(name, inputs.name),
    adopt: inputs.adopt,
  };
  return { id: databaseId(outs), outs };
}

/**
 * The identity read (`find`, docs/decisions/0019) of a database or a user: the listing of its
 * type shows the prefixed name (`databases.list` `data[]{name}`, `databases.listUsers` arrays of
 * names; v3 CONFIRMED, catalog §2 #27, #31). Undefined when it is not listed, or when the hosting
 * account is gone (the create then fails on its own, naming it).
 */
export async function findPrefixed(ctx: ProviderContext, o: PrefixedObject, fresh: boolean): Promise<ExistingObject | undefined> {
  const { address, username } = await prefixedHosting(ctx, o.hostingId);
  const name = prefixedName(o.name, username);
  if (!(await findListed(ctx, o.listing, address, name, [o.databaseType], fresh))) return undefined;
  const kind = o.resource === "Database" ? "database" : "database user";
  return {
    id: databaseId({ hostingId: o.hostingId, name }),
    description: `the ${o.databaseType} ${kind} ${name} of hosting account ${o.hostingId}`,
  };
}

/** What {@link createOnce} sends, and how it names and finds what it creates. */
export interface CreateOnce {
  resource: "Database" | "DatabaseUser";
  operation: "databases.create" | "databases.createUser";
  listing: "databases.list" | "databases.listUsers";
  address: HostingAddress;
  params: HostedParams<"databases.create"> | HostedParams<"databases.createUser">;
  /** The full name expected: the given name with the server's prefix. */
  expected: string;
  databaseType: DatabaseType;
  /** Take over an object of that name and type that exists already, instead of failing. */
  adopt: boolean;
  /** What the identity read found before the create, if anything. */
  existing?: ExistingObject;
  /** What taking an object over does to it (a user's password); nothing when absent. */
  takeOver?: (name: string) => Promise<void>;
}

/** Takes over the object the listing shows under the expected name and type, if it does. */
async function adoptListed(ctx: ProviderContext, c: CreateOnce): Promise<boolean> {
  if (!(await findListed(ctx, c.listing, c.address, c.expected, [c.databaseType], true))) return false;
  await c.takeOver?.(c.expected);
  return true;
}

function refusal(c: CreateOnce, detail: string): string {
  return refusalOf(c.resource, { hostingId: c.address.id, name: c.expected }, detail);
}

function refusalOf(resource: CreateOnce["resource"], key: { hostingId: number; name: string }, detail: string): string {
  const id = databaseId(key);
  return `${key.name} already exists on hosting account ${key.hostingId}${detail}. It is not taken over silently: set adopt: true to take it over, read it with ${resource}.get and the id "${id}", or choose another name`;
}

/**
 * The refusal of a create whose identity read ({@link findPrefixed}) found its object, unless
 * `adopt` is set (the definitions' `refuseTakeover`).
 */
export function refusePrefixedTakeover(resource: CreateOnce["resource"], adopt: boolean, found: ExistingObject): Error | undefined {
  const key = parseDatabaseId(found.id);
  return adopt || !key ? undefined : new Error(`${refusalOf(resource, key, "")}. Nothing was changed.`);
}

/**
 * Sends a create once and returns the full name. An object of that name and type that the
 * identity read found (`existing`) is taken over with `adopt`, and without it fails before
 * anything is sent, naming the id. An outcome that is unknown is left to the runtime, which
 * settles it by the same read (provider/runtime/settle.ts): the create is never sent again.
 */
export async function createOnce(ctx: ProviderContext, c: CreateOnce): Promise<string> {
  if (c.existing) {
    // Only with `adopt`: the runtime refused the create otherwise (`refuseTakeover`).
    await c.takeOver?.(c.expected);
    return c.expected;
  }
  try {
    const reply = await ctx.write(c.operation, { ...c.address, ...c.params, ...typeParam(c.databaseType) }, [databasesScope(c.address.id)]);
    // `data.name`: the full name the server gave (simulator; absent replies fall back to prefixing here).
    return reply.data?.name ?? c.expected;
  } catch (err) {
    const code = apiErrorCode(err);
    // S2 recognises duplicates by "already exist" in the message (catalog §7.2); the simulator answers 409.
    if (code === "conflict" || (code === "validation" && /already exist/i.test(messageOf(err)))) {
      // Created by someone else since the identity read: take it over all the same.
      if (c.adopt && (await adoptListed(ctx, c))) return c.expected;
      if (c.adopt) {
        const what = c.resource === "Database" ? "database" : "user";
        throw new Error(
          `${c.expected} already exists on hosting account ${c.address.id} (API: ${messageOf(err)}). It is not listed as a ${c.databaseType} ${what}, so it cannot be adopted as one; declare its type, or choose another name`,
          { cause: err },
        );
      }
      throw new Error(refusal(c, ` (API: ${messageOf(err)})`), { cause: err });
    }
    throw err;
  }
}

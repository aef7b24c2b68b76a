/**
 * DatabaseUser lifecycle: one MySQL or PostgreSQL user of a hosting account, with its password.
 *
 * API calls (v3 CONFIRMED, catalog §2 #31-34; v4 the v3 paths under `/v4`, INFERRED-M, and the
 * removal in the v4 document, catalog §1 #41; v2 CONFIRMED, catalog §3 #18-20):
 * - create: `databases.createUser` (`dbUser`, `password`, `databaseType`);
 * - read: `databases.listUsers` per database type (`data` is an array of arrays of names, T1
 *   flattens it), shared through the read cache per hosting account. The listing never shows the
 *   password, so state keeps the one this stack set: drift of the password cannot be seen;
 * - update (v4, v3): `databases.updateUser` (`databaseUsername`, `newDatabaseUsername` for a
 *   rename, `newPassword`). The legacy document makes `newPassword` required (difference 7), so a
 *   rename sends the declared password again. v2 has no update: the user is removed and created
 *   again with the new name and password (chosen with `ctx.has`), which drops its privileges;
 * - delete: `databases.deleteUser`. A user already gone counts as deleted.
 *
 * A name that exists already fails the create before anything is sent, naming the id, unless
 * `adopt` is set: create then takes the user over without creating it, setting the declared
 * password with `databases.updateUser` (v4, v3). v2 has no update, so there an adopted user keeps
 * its password and a warning says so. Without `adopt` an existing login is never taken over
 * silently. The look is the identity read (`find`: the prefixed name in the
 * user listing of its type), which the runtime runs before the create and polls after a create
 * whose outcome is unknown (docs/decisions/0019): a user created although its reply was lost is
 * found and taken into state with the declared password, and the create is never sent twice.

 * A rename keeps the resource: its id (`<hostingId>/<name>`) then still names the old user until
 * the next refresh, whose read looks the user up by the name in state and answers the new id.
 * New users may lag in the listing like new databases; reads look again before calling one gone.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource, type ExistingObject } from "../../provider/lifecycle/define";
import { apiErrorCode, updating } from "../../provider/lifecycle/errors";
import { type HostingAddress } from "../../provider/runtime/context";
import { hostingUsername } from "../shared/hosting";
import {
  createOnce,
  createdPrefixed,
  databaseId,
  databasesScope,
  findListed,
  findPrefixed,
  parseDatabaseId,
  prefixedHosting,
  prefixedName,
  prefixedNameRules,
  typeParam,
  typesToSearch,
  untilListed,
  refusePrefixedTakeover,
} from "../shared/databases";
import { databaseUserInputs, normalizeDatabaseUser, type DatabaseUserInputs, type DatabaseUserOutputs } from "./schema";

type Inputs = DatabaseUserInputs;
type Outputs = DatabaseUserOutputs;

/**
 * Sets the declared password of a user that exists already (adoption). v2 has no user update: the
 * user keeps the password it has, and a warning says so.
 */
async function setPassword(ctx: ProviderContext, address: HostingAddress, v: Inputs, name: string): Promise<void> {
  if (!ctx.has("databases.updateUser")) {
    ctx.log.warn(
      `DatabaseUser ${name}: adopted without setting its password, because API ${ctx.version} has no database user update. ` +
        "The user keeps the password it has; state records the declared one, so declare the current password " +
        "(or set the declared one on the user outside Pulumi)",
    );
    return;
  }
  await ctx.write("databases.updateUser", { ...address, databaseUsername: name, newPassword: v.password, ...typeParam(v.databaseType) }, [
    databasesScope(v.hostingId),
  ]);
}

/**
 * Creates the user once (the given name; the server adds the prefix) and returns its full name;
 * with `adopt`, a user of that name that exists already is taken over and given the password.
 */
function createUser(
  ctx: ProviderContext,
  address: HostingAddress,
  v: Inputs,
  expected: string,
  existing?: ExistingObject,
): Promise<string> {
  return createOnce(ctx, {
    resource: "DatabaseUser",
    operation: "databases.createUser",
    listing: "databases.listUsers",
    address,
    params: { dbUser: v.name, password: v.password },
    expected,
    databaseType: v.databaseType,
    adopt: v.adopt,
    existing,
    takeOver: (name) => setPassword(ctx, address, v, name),
  });
}

async function deleteUser(
  ctx: ProviderContext,
  address: HostingAddress,
  v: Pick<Outputs, "hostingId" | "name" | "databaseType">,
): Promise<void> {
  try {
    await ctx.write("databases.deleteUser", { ...address, dbUser: v.name, ...typeParam(v.databaseType) }, [databasesScope(v.hostingId)]);
  } catch (err) {
    // The user, or its hosting account, is already gone.
    if (apiErrorCode(err) !== "not-found") throw err;
  }
}

/**
 * The DatabaseUser declaration: named by the hosting account and the prefixed name. The name and
 * the password change in place (a rename where the API allows it); another account or database
 * type is another user, so those replace it, the new one first.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DatabaseUser").secretOutputs; // ["password"]
 */
export const databaseUserDefinition = defineResource<typeof databaseUserInputs, Inputs, Outputs>({
  type: "DatabaseUser",
  inputs: databaseUserInputs,
  normalize: normalizeDatabaseUser,
  identity: ["hostingId", "name"],
  replaceOn: ["hostingId", "databaseType"],
  deleteBeforeReplace: false,
  secretOutputs: ["password"],
  ...prefixedNameRules("101/agencyde_shopapp"),
  // Without `databases.updateUser` (v2) a change removes the user and creates it again.
  requires: () => [{ property: "name", operations: ["databases.listUsers", "databases.createUser", "databases.deleteUser"] }],

  find: (ctx, inputs, { fresh }) => findPrefixed(ctx, { resource: "DatabaseUser", listing: "databases.listUsers", ...inputs }, fresh),
  refuseTakeover: (inputs, found) => refusePrefixedTakeover("DatabaseUser", inputs.adopt, found),

  async create(ctx, inputs, existing) {
    const { address, username } = await prefixedHosting(ctx, inputs.hostingId);
    const name = await createUser(ctx, address, inputs, prefixedName(inputs.name, username), existing);
    return createdPrefixed(inputs, name, username, { password: inputs.password });
  },

  async read(ctx, { id, props }) {
    const key = parseDatabaseId(id)!;
    const username = props?.hostingUsername || ((await hostingUsername(ctx, key.hostingId)) ?? "");
    // After an in-place rename the name in state is the live one; the id still says the old name.
    // Settling a create reads with the declared inputs, whose name may lack the prefix.
    const name = props?.name === undefined ? key.name : prefixedName(props.name, username);
    const address = await ctx.hosting(key.hostingId);
    const types = typesToSearch(ctx, props?.databaseType);
    const databaseType = await untilListed((fresh) => findListed(ctx, "databases.listUsers", address, name, types, fresh));
    if (!databaseType) return undefined;
    // The password is kept from state: the API cannot return it (drift on it cannot be seen).
    const outs: Outputs = {
      hostingId: key.hostingId,
      name,
      ...(props?.password !== undefined ? { password: props.password } : {}),
      databaseType,
      hostingUsername: username,
      ...(props?.adopt !== undefined ? { adopt: props.adopt } : {}),
    };
    return { id: databaseId(outs), outs };
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(olds.hostingId);
    const username = olds.hostingUsername || ((await hostingUsername(ctx, olds.hostingId)) ?? "");
    const target = prefixedName(news.name, username);
    const name = await updating(`The database user ${olds.name}`, async () => {
      if (ctx.has("databases.updateUser")) {
        const rename = target !== olds.name ? { newDatabaseUsername: target } : {};
        await ctx.write(
          "databases.updateUser",
          { ...address, databaseUsername: olds.name, ...rename, newPassword: news.password, ...typeParam(olds.databaseType) },
          [databasesScope(olds.hostingId)],
        );
        return target;
      }
      ctx.log.warn(
        `DatabaseUser ${olds.name}: API ${ctx.version} has no database user update, so the user is removed and created again ` +
          "with the new name and password; privileges it held are dropped (DatabaseUserGrant resources show as gone on the next refresh)",
      );
      await deleteUser(ctx, address, olds);
      // The user was just removed: adopting is moot, and must not hide a name taken meanwhile.
      return createUser(ctx, address, { ...news, databaseType: olds.databaseType, adopt: false }, target);
    });
    return {
      hostingId: olds.hostingId,
      name,
      password: news.password,
      databaseType: olds.databaseType,
      hostingUsername: username,
      adopt: news.adopt,
    };
  },

  async delete(ctx, _id, props) {
    await deleteUser(ctx, await ctx.hosting(props.hostingId), props);
  },
});

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
 * A name that exists already fails the create before anything is sent, naming the id, unless
 * `adopt` is set: create then takes the database over without creating anything.
 * Without it the existing database is never taken over silently: destroying the stack
 * would delete it with its data. The look is the identity read (`find`: the prefixed name in the
 * listing of its type), which the runtime runs before the create and polls after a create whose
 * outcome is unknown (docs/decisions/0019): a database created although its reply was lost is
 * found and taken into state, and the create is never sent twice.
 *
 * Eventual consistency: a new database may be missing from the listing for a few reads, so read
 * looks again a bounded number of times (`shared/databases.ts`), and settling waits up to
 * `reseller:settleWaitMs`.
 */
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode } from "../../provider/lifecycle/errors";
import { hostingUsername } from "../shared/hosting";
import {
  createOnce,
  createdPrefixed,
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
import { databaseInputs, normalizeDatabase, type DatabaseInputs, type DatabaseOutputs } from "./schema";

type Inputs = DatabaseInputs;
type Outputs = DatabaseOutputs;

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

  find: (ctx, inputs, { fresh }) => findPrefixed(ctx, { resource: "Database", listing: "databases.list", ...inputs }, fresh),
  refuseTakeover: (inputs, found) => refusePrefixedTakeover("Database", inputs.adopt, found),

  async create(ctx, inputs, existing) {
    const { address, username } = await prefixedHosting(ctx, inputs.hostingId);
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
      existing,
    });
    return createdPrefixed(inputs, name, username, {});
  },

  async read(ctx, { id, props }) {
    const key = parseDatabaseId(id)!;
    const address = await ctx.hosting(key.hostingId);
    const types = typesToSearch(ctx, props?.databaseType);
    const databaseType = await untilListed((fresh) => findListed(ctx, "databases.list", address, key.name, types, fresh));
    if (!databaseType) return undefined;
    const username = props?.hostingUsername || ((await hostingUsername(ctx, key.hostingId)) ?? "");
    return {
      outs: {
        hostingId: key.hostingId,
        name: key.name,
        databaseType,
        hostingUsername: username,
        ...(props?.adopt !== undefined ? { adopt: props.adopt } : {}),
      },
    };
  },

  async update(_ctx, id) {
    // Every compared input is declared replace-on (adopt is not compared), so the engine never asks for an update.
    throw new Error(`Database ${id}: the API cannot rename or convert a database; a change of any input replaces it`);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("databases.delete", { ...address, name: props.name, ...typeParam(props.databaseType) }, [
        databasesScope(props.hostingId),
      ]);
    } catch (err) {
      // The database, or its hosting account, is already gone.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

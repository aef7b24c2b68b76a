/**
 * The username of a hosting account, the server's prefix of its database and user names, on
 * every API version. Hosting addresses themselves are the context's (`ctx.hosting`,
 * provider/runtime/context.ts).
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { HOSTINGS_SCOPE } from "../../provider/runtime/scopes";
import { apiErrorCode } from "../../provider/lifecycle/errors";

/**
 * The username of hosting account `hostingId` (the server's prefix of its database and user
 * names), on every API version: on v3 from the address lookup above; on v4 from the hosting
 * accounts listing (`hosting.listAccounts`); on v2, whose hosting ids are World account ids
 * (catalog §7.5), from the World listing (`hosting.listWorldAccounts`). Each listing is read
 * through the shared cache under {@link HOSTINGS_SCOPE}.
 *
 * Undefined when no listing of the version shows the account. A listing the API does not have
 * at the configured path fails (`route-not-found`): guessing "no username" would name databases
 * without their prefix.
 */
export async function hostingUsername(ctx: ProviderContext, hostingId: number): Promise<string | undefined> {
  try {
    if (ctx.version === "v3") return (await ctx.hosting(hostingId)).username;
    const accounts = ctx.has("hosting.listAccounts")
      ? (await ctx.read("hosting.listAccounts", {}, [HOSTINGS_SCOPE])).hosting_accounts
      : ctx.has("hosting.listWorldAccounts")
        ? (await ctx.read("hosting.listWorldAccounts", {}, [HOSTINGS_SCOPE])).world_accounts
        : [];
    return accounts.find((h) => h.id === hostingId)?.username;
  } catch (err) {
    if (apiErrorCode(err) === "not-found") return undefined;
    throw err;
  }
}

/**
 * Hosting-account addressing across API versions, handled once for every resource.
 *
 * v4 and v2 address a hosting account by `id` alone. v3 wants `id` and the account's `username`
 * (legacy document, 3.0.0 difference 2). Users give only `hostingId`; under v3 the username is
 * looked up in the hosting accounts listing, `GET /v3/hostings` → `hosting_accounts[]{id,
 * username}`, which the 2025 official modules use to resolve accounts (catalog §4.1, §6), and the
 * listing is read once per run through the shared cache.
 *
 * An account missing from that listing is reported like any object the API does not have: a
 * `ResellerApiError` with code `not-found`, so a resource's `read` and `delete` can treat "the
 * hosting account is gone" on v3 the way they treat the 404 v4 answers for it.
 */
import { ResellerApiError } from "../client/errors";
import type { ProviderContext } from "./context";
import { apiErrorCode } from "./errors";

/** The parameters that address one hosting account. */
export interface HostingAddress {
  id: number;
  /** v3 only. */
  username?: string;
}

/** Cache scope of the hosting accounts listing; writes that create or remove accounts invalidate it. */
export const HOSTINGS_SCOPE = "hostings";

/** The v3 operation whose listing resolves usernames (catalog §4.1). */
const V3_LISTING = "v3.hosting.listAccounts";

/** Address parameters for `hostingId` under the context's API version. */
export async function hostingAddress(ctx: ProviderContext, hostingId: number): Promise<HostingAddress> {
  if (ctx.version !== "v3") return { id: hostingId };
  const listing = await ctx.read("hosting.listAccounts", {}, [HOSTINGS_SCOPE]);
  const account = listing.hosting_accounts.find((h) => h.id === hostingId);
  if (!account) {
    const known = listing.hosting_accounts.map((h) => h.id).join(", ") || "none";
    // No HTTP status: the listing answered; the account is simply not in it.
    throw new ResellerApiError({
      code: "not-found",
      endpoint: V3_LISTING,
      message: `Hosting account ${hostingId} is not in this reseller account (API v3 hosting listing /v3/hostings; ids found: ${known})`,
    });
  }
  return { id: hostingId, username: account.username };
}

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

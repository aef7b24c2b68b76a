/**
 * Hosting-account addressing across API versions, handled once for every resource.
 *
 * v4 and v2 address a hosting account by `id` alone. v3 wants `id` and the account's `username`
 * (legacy document, 3.0.0 difference 2). Users give only `hostingId`; under v3 the username is
 * looked up in the hosting accounts listing, `GET /v3/hostings` → `hosting_accounts[]{id,
 * username}`, which the 2025 official modules use to resolve accounts (catalog §4.1, §6), and the
 * listing is read once per run through the shared cache.
 */
import type { ProviderContext } from "./context";

/** The parameters that address one hosting account. */
export interface HostingAddress {
  id: number;
  /** v3 only. */
  username?: string;
}

/**
 * Cache scope of the hosting accounts listing; writes that create or remove accounts invalidate it.
 *
 * @example
 * await ctx.write("hosting.create", params, [HOSTINGS_SCOPE]);
 */
export const HOSTINGS_SCOPE = "hostings";

interface HostingListing {
  hosting_accounts?: { id: number; username: string }[];
}

/**
 * Address parameters for `hostingId` under the context's API version.
 *
 * @example
 * const address = await hostingAddress(ctx, 101); // v3: { id: 101, username: "agencyde" }
 * await ctx.request("dns.getZone", { ...address, domain: "example.com" });
 */
export async function hostingAddress(ctx: ProviderContext, hostingId: number): Promise<HostingAddress> {
  if (ctx.version !== "v3") return { id: hostingId };
  const listing = await ctx.read<HostingListing>("hosting.listAccounts", {}, [HOSTINGS_SCOPE]);
  const account = (listing.hosting_accounts ?? []).find((h) => Number(h.id) === hostingId);
  if (!account) {
    const known = (listing.hosting_accounts ?? []).map((h) => h.id).join(", ") || "none";
    throw new Error(
      `Hosting account ${hostingId} is not in this reseller account (API v3 hosting listing /v3/hostings; ids found: ${known})`,
    );
  }
  return { id: hostingId, username: account.username };
}

/**
 * A zone read from the live account, for `reseller zone export` and for the takeover marks of
 * `reseller zone import`. Only read operations are sent (the generator's read-only context).
 *
 * A zone is addressed as `DnsRecordSet` addresses it (resources/shared/zone.ts): by the hosting
 * account its domain is attached to, found in the hosting listings as `reseller generate` finds
 * it, or by the domain alone when no hosting account holds the domain.
 */
import type { DnsRRSet } from "../client/dns-records";
import { attachedDomains, hostingAccounts } from "../generate/discover";
import type { ProviderContext } from "../provider/runtime/context";
import { readZone } from "../resources/shared/zone";

/** A zone as the API lists it, and how it is addressed. */
export interface AccountZone {
  /** ASCII, lower case, no trailing dot. */
  domain: string;
  /** The hosting account the zone is addressed through; undefined: the domain alone. */
  hostingId?: number;
  rrsets: DnsRRSet[];
}

/**
 * The hosting account `domain` is attached to (the first, by id, as `reseller generate` picks),
 * or undefined when none holds it.
 */
export async function hostingOfDomain(ctx: ProviderContext, domain: string): Promise<number | undefined> {
  const { hostingOf } = await attachedDomains(ctx, (await hostingAccounts(ctx)) ?? []);
  return hostingOf.get(domain)?.id;
}

/**
 * Reads the zone of `domain` (ASCII, lower case), through `hostingId` when given, else through
 * the hosting account the domain is attached to. Fails, in one line, when the account has no
 * such zone: the API's not-found answer on the zone route (resources/shared/zone.ts).
 *
 * @example
 * const zone = await readAccountZone(ctx, "agency-demo.com");
 */
export async function readAccountZone(ctx: ProviderContext, domain: string, hostingId?: number): Promise<AccountZone> {
  const id = hostingId ?? (await hostingOfDomain(ctx, domain));
  const rrsets = await readZone(ctx, { domain, hostingId: id });
  if (rrsets === undefined) {
    const through =
      id === undefined ? "by the domain alone (no hosting account of this reseller holds it)" : `through hosting account ${id}`;
    throw new Error(`The account has no DNS zone ${domain}: the API answered not found for the zone, read ${through}`);
  }
  return { domain, ...(id === undefined ? {} : { hostingId: id }), rrsets };
}

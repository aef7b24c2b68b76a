/**
 * Registrar calls shared by the domain resources (`DomainRegistration`, `DomainNameservers`,
 * `DomainLock`): a domain's key, its information, nameservers and registrar lock, read and set
 * the way each API version does it.
 *
 * Domains are addressed by `sld` and `tld` in every version (v3 paths CONFIRMED in the official
 * registrar module, v4 paths the v3 ones under `/v4`, INFERRED-M, catalog §4.1; v2
 * `/reseller-api`, catalog §3). Writes carry the domain's scope so cached reads of it are dropped.
 */
import type { z } from "zod";
import type { domainInfoResponse, lockResponse, nameserversResponse } from "../../client/endpoints/domains";
import type { ProviderContext } from "../../provider/context";
import { unlessNotFound } from "../../provider/errors";
import { normalizeDomain, splitDomain } from "../../provider/names";

/** A domain in the three spellings the resources keep: `example.co.uk`, `example`, `co.uk`. */
export interface DomainName {
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  sld: string;
  tld: string;
}

/** The domain information reply. */
export type DomainInfo = z.output<typeof domainInfoResponse>;

/**
 * The cache scope of one domain: registrar writes invalidate it.
 *
 * @example
 * domainScope("example.com"); // "domain:example.com"
 */
export function domainScope(domain: string): string {
  return `domain:${domain}`;
}

/**
 * The parameters that address a domain at the registrar.
 *
 * @example
 * keyOf({ domain: "example.co.uk", sld: "example", tld: "co.uk" }); // { sld: "example", tld: "co.uk" }
 */
export function keyOf(n: DomainName): { sld: string; tld: string } {
  return { sld: n.sld, tld: n.tld };
}

/**
 * The domain an id names (`<domain>`, ASCII or Unicode), or undefined when it is not a domain.
 *
 * @example
 * domainNameFromId("Café.com"); // { domain: "xn--caf-dma.com", sld: "xn--caf-dma", tld: "com" }
 */
export function domainNameFromId(id: string): DomainName | undefined {
  const d = normalizeDomain(id);
  return d.ok ? { domain: d.value, ...splitDomain(d.value) } : undefined;
}

/**
 * The identity rules of a resource named by a domain of the reseller account (a registration,
 * its lock, its nameservers), spread into its `defineResource`: identity is the domain, the id
 * is the domain (ASCII or Unicode), and nothing collides on replacement.
 *
 * @example
 * export const domainLockDefinition = defineResource({ type: "DomainLock", ...domainIdentity, secretOutputs: [], ... });
 */
export const domainIdentity = {
  identity: ["domain"],
  replaceOn: ["domain"],
  deleteBeforeReplace: false,
  id: {
    format: "<domain> (ASCII or Unicode, e.g. example.com)",
    build: (v: { domain: string }) => v.domain,
    parse: (id: string) => domainNameFromId(id),
  },
} as const;

/**
 * The domain's information, or undefined when the reseller account does not hold it.
 *
 * @example
 * const info = await getDomainInfo(ctx, { domain: "example.com", sld: "example", tld: "com" });
 */
export async function getDomainInfo(ctx: ProviderContext, name: DomainName): Promise<DomainInfo | undefined> {
  return unlessNotFound(() => ctx.request<DomainInfo>("domains.getInfo", keyOf(name)));
}

/**
 * A nameserver host as read, in the form state keeps: lower case, no trailing dot.
 *
 * @example
 * canonicalNameserver("NSA.n0c.com."); // "nsa.n0c.com"
 */
export function canonicalNameserver(ns: string): string {
  return ns.trim().toLowerCase().replace(/\.$/, "");
}

/**
 * The domain's live nameservers in canonical form, in the registrar's order.
 *
 * @example
 * await readNameservers(ctx, name); // ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"]
 */
export async function readNameservers(ctx: ProviderContext, name: DomainName): Promise<string[]> {
  const ns = await ctx.request<z.output<typeof nameserversResponse>>("domains.getNameservers", keyOf(name));
  return ns.nameservers.map(canonicalNameserver).filter((h) => h !== "");
}

/**
 * Replaces the domain's nameservers: `ns1`..`ns5` in the given order (ns1 and ns2 required, v4
 * document, Limits).
 *
 * @example
 * await setNameservers(ctx, name, ["ns1.example.net", "ns2.example.net"]);
 */
export async function setNameservers(ctx: ProviderContext, name: DomainName, nameservers: readonly string[]): Promise<void> {
  const params: Record<string, unknown> = { ...keyOf(name) };
  nameservers.forEach((host, k) => (params[`ns${k + 1}`] = host));
  await ctx.write("domains.updateNameservers", params, [domainScope(name.domain)]);
}

/**
 * Whether the registrar lock (transfer protection) is on.
 *
 * @example
 * await readRegistrarLock(ctx, name); // true
 */
export async function readRegistrarLock(ctx: ProviderContext, name: DomainName): Promise<boolean> {
  const lock = await ctx.request<z.output<typeof lockResponse>>("domains.getRegistrarLock", keyOf(name));
  return lock.is_locked;
}

/**
 * Turns the registrar lock on or off.
 *
 * @example
 * await setRegistrarLock(ctx, name, true);
 */
export async function setRegistrarLock(ctx: ProviderContext, name: DomainName, locked: boolean): Promise<void> {
  const scopes = [domainScope(name.domain)];
  // v4 and v3 toggle the lock with PUT/DELETE /domain/lock; v2 saves a lock_action (catalog §4.1, §3 #11).
  if (ctx.has("domains.enableRegistrarLock")) {
    await ctx.write(locked ? "domains.enableRegistrarLock" : "domains.disableRegistrarLock", keyOf(name), scopes);
  } else {
    await ctx.write("domains.saveRegistrarLock", { ...keyOf(name), lock_action: locked ? "Lock" : "Unlock" }, scopes);
  }
}

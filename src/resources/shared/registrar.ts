/**
 * What the domain resources share (`DomainRegistration`, `DomainNameservers`, `DomainLock`): a
 * domain's key and its three spellings, the nameserver rules, and the registrar calls that read
 * and set a domain's information, nameservers and registrar lock the way each API version does.
 *
 * Domains are addressed by `sld` and `tld` in every version (v3 paths CONFIRMED in the official
 * registrar module, v4 paths the v3 ones under `/v4`, INFERRED-M, catalog §4.1; v2
 * `/reseller-api`, catalog §3). Writes carry the domain's scope so cached reads of it are dropped.
 */
import type { z } from "zod";
import type { domainInfoResponse, lockResponse, nameserversResponse } from "../../client/endpoints/domains";
import type { ProviderContext } from "../../provider/context";
import type { IssueSink } from "../../provider/define";
import { unlessNotFound } from "../../provider/errors";
import { normalizeDomain, normalizeHost, splitDomain } from "../../provider/names";

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
 * The provider's default nameservers (catalog §6, from the official 2.0.0 spec's field docs).
 *
 * @example
 * new DomainRegistration("site", { domain: "example.com", nameservers: [...PROVIDER_NAMESERVERS], registrant });
 */
export const PROVIDER_NAMESERVERS: readonly string[] = ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"];

/**
 * Nameservers in canonical form (ASCII, lower case, no trailing dot), or undefined after
 * reporting what is wrong on `nameservers[i]`.
 */
export function normalizeNameservers(list: readonly string[], issue: IssueSink): string[] | undefined {
  const out: string[] = [];
  let ok = true;
  list.forEach((ns, i) => {
    const host = normalizeHost(ns);
    if (!host.ok || host.value === ".") {
      issue(["nameservers", i], host.ok ? "the root is not a nameserver" : host.reason);
      ok = false;
      return;
    }
    const bare = host.value.slice(0, -1);
    if (!bare.includes(".")) {
      issue(["nameservers", i], `"${ns}" is not a fully qualified host name`);
      ok = false;
      return;
    }
    if (out.includes(bare)) {
      issue(["nameservers", i], `"${ns}" is listed twice`);
      ok = false;
      return;
    }
    out.push(bare);
  });
  return ok ? out : undefined;
}

/** Whether two nameserver lists name the same hosts; order does not matter to the registry. */
export function sameNameservers(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  const sb = new Set(b);
  return a.every((x) => sb.has(x));
}

/**
 * One domain name in three consistent spellings from `domain`, or `sld` and `tld`, reporting
 * problems on `domain` or `sld`. The caller skips it while any of the three is unknown.
 */
export function normalizeDomainKey(
  v: { domain?: string; sld?: string; tld?: string },
  issue: IssueSink,
): { domain: string; sld: string; tld: string } | undefined {
  if (v.domain !== undefined) {
    const d = normalizeDomain(v.domain);
    if (!d.ok) {
      issue("domain", d.reason);
      return undefined;
    }
    if (v.sld !== undefined || v.tld !== undefined) {
      const other = normalizeDomain(`${v.sld ?? ""}.${(v.tld ?? "").replace(/^\./, "")}`);
      if (!other.ok || other.value !== d.value) {
        issue("sld", `sld and tld ("${v.sld ?? ""}", "${v.tld ?? ""}") do not name the domain ${d.value}; give domain alone, or sld and tld`);
      }
    }
    return { domain: d.value, ...splitDomain(d.value) };
  }
  if (v.sld !== undefined && v.tld !== undefined) {
    const tld = v.tld.trim().replace(/^\./, "");
    const d = normalizeDomain(`${v.sld.trim()}.${tld}`);
    if (!d.ok) {
      issue("sld", d.reason);
      return undefined;
    }
    const ascii = normalizeDomain(tld);
    const tldAscii = ascii.ok ? ascii.value : tld.toLowerCase();
    return { domain: d.value, sld: d.value.slice(0, d.value.length - tldAscii.length - 1), tld: tldAscii };
  }
  issue("domain", "set domain (e.g. example.com), or sld and tld");
  return undefined;
}

/**
 * `nameservers` and `useProviderNameservers` made consistent: the provider's nameservers when
 * asked for, the given ones normalized otherwise (and `useProviderNameservers` told from them),
 * or undefined when neither is given. The caller skips it while either is unknown.
 */
export function normalizeNameserverChoice(
  v: { nameservers?: readonly string[]; useProviderNameservers?: boolean },
  issue: IssueSink,
): { nameservers?: string[]; useProviderNameservers?: boolean } | undefined {
  if (v.nameservers === undefined && v.useProviderNameservers === undefined) return undefined;
  const given = v.nameservers ? normalizeNameservers(v.nameservers, issue) : undefined;
  if (v.useProviderNameservers === true) {
    if (given && !sameNameservers(given, PROVIDER_NAMESERVERS)) {
      issue("useProviderNameservers", `useProviderNameservers uses ${PROVIDER_NAMESERVERS.join(", ")}; leave nameservers unset or list exactly those`);
    }
    return { nameservers: [...PROVIDER_NAMESERVERS], useProviderNameservers: true };
  }
  if (given) return { nameservers: given, useProviderNameservers: v.useProviderNameservers ?? sameNameservers(given, PROVIDER_NAMESERVERS) };
  if (v.useProviderNameservers === false) {
    issue("nameservers", "nameservers (2 to 5 host names) are required when useProviderNameservers is false");
  }
  return {};
}

/** The cache scope of one domain: registrar writes invalidate it. */
export function domainScope(domain: string): string {
  return `domain:${domain}`;
}

/** The parameters that address a domain at the registrar. */
export function keyOf(n: DomainName): { sld: string; tld: string } {
  return { sld: n.sld, tld: n.tld };
}

/** The domain an id names (`<domain>`, ASCII or Unicode), or undefined when it is not a domain. */
export function domainNameFromId(id: string): DomainName | undefined {
  const d = normalizeDomain(id);
  return d.ok ? { domain: d.value, ...splitDomain(d.value) } : undefined;
}

/**
 * The identity rules of a resource named by a domain of the reseller account (a registration,
 * its lock, its nameservers), spread into its `defineResource`: identity is the domain, the id
 * is the domain (ASCII or Unicode), and nothing collides on replacement.
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

/** The domain's information, or undefined when the reseller account does not hold it. */
export async function getDomainInfo(ctx: ProviderContext, name: DomainName): Promise<DomainInfo | undefined> {
  return unlessNotFound(() => ctx.request<DomainInfo>("domains.getInfo", keyOf(name)));
}

/** A nameserver host as read, in the form state keeps: lower case, no trailing dot. */
export function canonicalNameserver(ns: string): string {
  return ns.trim().toLowerCase().replace(/\.$/, "");
}

/** The domain's live nameservers in canonical form, in the registrar's order. */
export async function readNameservers(ctx: ProviderContext, name: DomainName): Promise<string[]> {
  const ns = await ctx.request<z.output<typeof nameserversResponse>>("domains.getNameservers", keyOf(name));
  return ns.nameservers.map(canonicalNameserver).filter((h) => h !== "");
}

/**
 * Replaces the domain's nameservers: `ns1`..`ns5` in the given order (ns1 and ns2 required, v4
 * document, Limits).
 */
export async function setNameservers(ctx: ProviderContext, name: DomainName, nameservers: readonly string[]): Promise<void> {
  const params: Record<string, unknown> = { ...keyOf(name) };
  nameservers.forEach((host, k) => (params[`ns${k + 1}`] = host));
  await ctx.write("domains.updateNameservers", params, [domainScope(name.domain)]);
}

/** Whether the registrar lock (transfer protection) is on. */
export async function readRegistrarLock(ctx: ProviderContext, name: DomainName): Promise<boolean> {
  const lock = await ctx.request<z.output<typeof lockResponse>>("domains.getRegistrarLock", keyOf(name));
  return lock.is_locked;
}

/** Turns the registrar lock on or off. */
export async function setRegistrarLock(ctx: ProviderContext, name: DomainName, locked: boolean): Promise<void> {
  const scopes = [domainScope(name.domain)];
  // v4 and v3 toggle the lock with PUT/DELETE /domain/lock; v2 saves a lock_action (catalog §4.1, §3 #11).
  if (ctx.has("domains.enableRegistrarLock")) {
    await ctx.write(locked ? "domains.enableRegistrarLock" : "domains.disableRegistrarLock", keyOf(name), scopes);
  } else {
    await ctx.write("domains.saveRegistrarLock", { ...keyOf(name), lock_action: locked ? "Lock" : "Unlock" }, scopes);
  }
}

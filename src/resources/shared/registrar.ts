/**
 * What the domain resources share (`DomainRegistration`, `DomainNameservers`, `DomainLock`): a
 * domain's key and its three spellings, the nameserver rules, and the registrar calls that read
 * and set a domain's information, nameservers and registrar lock the way each API version does.
 *
 * Domains are addressed by `sld` and `tld` in every version (v3 paths CONFIRMED in the official
 * registrar module, v4 paths the v3 ones under `/v4`, INFERRED-M, catalog §4.1; v2
 * `/reseller-api`, catalog §3). Writes carry the domain's scope so cached reads of it are dropped.
 */
import { z } from "zod";
import type { domainInfoResponse } from "../../client/endpoints/domains";
import type { ProviderContext } from "../../provider/runtime/context";
import type { IssueSink } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import { isUnknown, limitText, quote } from "../../provider/lifecycle/check";
import { normalizeDomain, normalizeNameserver, normalizeRegistrableDomain, splitDomain } from "../../util/names";
import { hostInput, NAME_RULE } from "../../provider/rules/validators";

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

/** The second-level label of a domain: one label (RFC 1035 §2.3.4: at most 63 characters). */
export const sldInput = limitText(z.string(), { max: 63, because: "RFC 1035 §2.3.4: a label has at most 63 characters" });

/** The public suffix of a domain (`com`, `co.uk`), with or without a leading period. */
export const tldInput = limitText(z.string(), NAME_RULE);

/** 2 to 5 nameserver host names (v4 document, Limits: ns1 and ns2 required, up to ns5). */
export const nameserversInput = z.array(hostInput).min(2, "needs at least 2 nameservers").max(5, "takes at most 5 nameservers");

/**
 * Nameservers in canonical form (ASCII, lower case, no trailing dot), or undefined after
 * reporting what is wrong on `nameservers[i]`: each is a host name (`normalizeNameserver`; an IP
 * address is refused), listed once.
 */
export function normalizeNameservers(list: readonly string[], issue: IssueSink): string[] | undefined {
  const out: string[] = [];
  let ok = true;
  list.forEach((ns, i) => {
    const host = normalizeNameserver(ns);
    if (!host.ok) {
      issue(["nameservers", i], host.reason);
      ok = false;
      return;
    }
    if (out.includes(host.value)) {
      issue(["nameservers", i], `${quote(ns)} is listed twice`);
      ok = false;
      return;
    }
    out.push(host.value);
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
 * `sld` and `tld` as one domain in canonical form, and the `tld` in canonical form (a leading
 * period, as the TLD price list writes it, is read as the same TLD); undefined when they do not
 * make a valid domain.
 */
function joinedDomain(sld: string, tld: string): { domain: string; tld: string } | undefined {
  const suffix = tld.startsWith(".") ? tld.slice(1) : tld;
  const domain = normalizeDomain(`${sld}.${suffix}`);
  const canonicalTld = normalizeDomain(`x.${suffix}`);
  return domain.ok && canonicalTld.ok ? { domain: domain.value, tld: canonicalTld.value.slice(2) } : undefined;
}

/** sld and tld given beside domain must spell the same domain the way the API addresses it. */
function checkPartsBesideDomain(
  v: { sld?: string; tld?: string },
  domain: string,
  parts: { sld: string; tld: string },
  issue: IssueSink,
): void {
  if (v.sld !== undefined && joinedDomain(v.sld, parts.tld)?.domain !== domain) {
    issue("sld", `${quote(v.sld)} is not the sld of ${domain} (${quote(parts.sld)}); give domain alone, or sld and tld`);
  }
  if (v.tld !== undefined) {
    const tld = joinedDomain(parts.sld, v.tld);
    if (tld?.domain !== domain || tld.tld !== parts.tld) {
      issue(
        "tld",
        `${quote(v.tld)} is not the tld of ${domain} (${quote(parts.tld)}, its public suffix); give domain alone, or sld and tld`,
      );
    }
  }
}

/**
 * One registrable domain in three consistent spellings from `domain`, or `sld` and `tld`,
 * reporting problems on `domain`, `sld` or `tld`. The domain must be one a registrar registers
 * (`normalizeRegistrableDomain`: `www.example.com` is refused, not cut to `example.com`), and
 * `tld` its public suffix, so that `sld` and `tld` address it as the API does. Undefined after
 * a problem, and while any of the three is unknown during preview (nothing to check yet).
 */
export function normalizeDomainKey(
  v: { domain?: string; sld?: string; tld?: string },
  issue: IssueSink,
): { domain: string; sld: string; tld: string } | undefined {
  if ([v.domain, v.sld, v.tld].some(isUnknown)) return undefined;
  if (v.domain === undefined && (v.sld === undefined || v.tld === undefined)) {
    issue("domain", "set domain (e.g. example.com), or sld and tld");
    return undefined;
  }
  const joined = v.sld !== undefined && v.tld !== undefined ? joinedDomain(v.sld, v.tld) : undefined;
  const given = v.domain ?? joined?.domain ?? `${v.sld}.${v.tld}`;
  const d = normalizeRegistrableDomain(given);
  if (!d.ok) {
    issue(v.domain !== undefined ? "domain" : "sld", d.reason);
    return undefined;
  }
  const parts = splitDomain(d.value);
  if (v.domain !== undefined) {
    checkPartsBesideDomain(v, d.value, parts, issue);
  } else if (joined?.tld !== parts.tld) {
    issue("tld", `${quote(v.tld ?? "")} is not the public suffix of ${d.value}: give sld ${quote(parts.sld)} and tld ${quote(parts.tld)}`);
    return undefined;
  }
  return { domain: d.value, ...parts };
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
      issue(
        "useProviderNameservers",
        `useProviderNameservers uses ${PROVIDER_NAMESERVERS.join(", ")}; leave nameservers unset or list exactly those`,
      );
    }
    return { nameservers: [...PROVIDER_NAMESERVERS], useProviderNameservers: true };
  }
  if (given)
    return { nameservers: given, useProviderNameservers: v.useProviderNameservers ?? sameNameservers(given, PROVIDER_NAMESERVERS) };
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

/** The domain an id names (`<domain>`, ASCII or Unicode), or undefined when it is not a registrable domain. */
export function domainNameFromId(id: string): DomainName | undefined {
  const d = normalizeRegistrableDomain(id);
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
  return unlessNotFound(() => ctx.request("domains.getInfo", keyOf(name)));
}

/** A nameserver host as read, in the form state keeps: lower case, no trailing dot. */
export function canonicalNameserver(ns: string): string {
  return ns.trim().toLowerCase().replace(/\.$/, "");
}

/** The domain's live nameservers in canonical form, in the registrar's order. */
export async function readNameservers(ctx: ProviderContext, name: DomainName): Promise<string[]> {
  const ns = await ctx.request("domains.getNameservers", keyOf(name));
  return ns.nameservers.map(canonicalNameserver).filter((h) => h !== "");
}

/**
 * Replaces the domain's nameservers: `ns1`..`ns5` in the given order (ns1 and ns2 required, v4
 * document, Limits).
 */
export async function setNameservers(ctx: ProviderContext, name: DomainName, nameservers: readonly string[]): Promise<void> {
  await ctx.write("domains.updateNameservers", { ...keyOf(name), ...nameserverParams(nameservers) }, [domainScope(name.domain)]);
}

/**
 * `ns1`..`ns5` for `hosts` in order, as register and nameserver updates take them. The inputs'
 * check gives two to five hosts; fewer than two leave `ns1` or `ns2` empty, which the request
 * schema refuses naming the field.
 *
 * @example
 * nameserverParams(["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"]); // { ns1: "nsa.n0c.com", ns2: "nsb.n0c.com", ns3: "nsc.n0c.com" }
 */
export function nameserverParams(hosts: readonly string[]): { ns1: string; ns2: string; ns3?: string; ns4?: string; ns5?: string } {
  const [ns1 = "", ns2 = "", ...rest] = hosts;
  return { ns1, ns2, ...Object.fromEntries(rest.map((host, k) => [`ns${k + 3}`, host])) };
}

/** Whether the registrar lock (transfer protection) is on. */
export async function readRegistrarLock(ctx: ProviderContext, name: DomainName): Promise<boolean> {
  const lock = await ctx.request("domains.getRegistrarLock", keyOf(name));
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

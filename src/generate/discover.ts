/**
 * Finding what a reseller account holds: the listings read once per hosting account and domain,
 * turned into the ids of the objects the program will describe. Each object is then read through
 * its resource's own `read` (see `plan.ts`), which decides what its inputs are.
 *
 * What is listed, per API version (the operations each listing uses):
 * - domains of the reseller account: `domains.list` (v4, v3; v2 has no domain listing);
 * - hosting accounts: `hosting.listAccounts` (v4, v3), or the World listing on v2;
 * - per hosting account: `hosting.listDomains`, the DNS zone of each domain (`dns.getZone`),
 *   redirections, FTP accounts, SSH keys, databases and their users, cron jobs and e-mail, PHP
 *   versions and options, cache services, object storage and its URLs; per domain, the custom
 *   certificate and the disabled WAF rules.
 * A listing the configured version does not have is skipped, and a note says what was left out.
 */
import { DNS_RECORD_TYPES } from "../client/dns-records";
import type { OperationId } from "../client/endpoints";
import type { ProviderContext } from "../provider/runtime/context";
import { apiErrorCode } from "../provider/lifecycle/errors";
import { normalizeDomain, normalizeRecordName } from "../util/names";
import { cronListing } from "../resources/shared/cron";
import { typeParam, typesToSearch } from "../resources/shared/databases";
import { isMarkerName } from "../resources/shared/ownership";
import { readZone } from "../resources/shared/zone";
import { phpVersionsOf } from "../resources/shared/php-settings";
import type { KindName } from "./kinds";
import { resourceName } from "./names";

/** What part of the account to describe; both lists empty (or absent) is the whole account. */
export interface Selection {
  /** Only these hosting accounts (and the zones of their domains). */
  hostingIds?: readonly number[];
  /** Only what belongs to these domains (ASCII or Unicode; compared in ASCII lower case). */
  domains?: readonly string[];
}

/** A heading of the generated program. */
export interface Section {
  /** Sorts the sections: domains, then zones by domain, then hosting accounts by id. */
  order: string;
  title: string;
}

/** One object to describe: its type, its resource id, and where it goes in the program. */
export interface Found {
  kind: KindName;
  id: string;
  /** Key values the id does not carry, merged into what `read` receives (a record set's `hostingId`). */
  key?: Record<string, unknown>;
  /** The resource name before de-duplication. */
  name: string;
  section: Section;
  sortKey: string;
}

/** What the account holds, as ids, plus notes about what was left out and why. */
export interface Discovery {
  found: Found[];
  notes: string[];
}

interface Hosting {
  id: number;
  username?: string;
  domain?: string;
}

function ascii(domain: string): string {
  const result = normalizeDomain(domain);
  return result.ok ? result.value : domain.trim().toLowerCase();
}

/** Reads a listing, or undefined when the API answers that there is nothing (404). */
async function optional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (apiErrorCode(err) === "not-found") return undefined;
    throw err;
  }
}

async function hostingAccounts(ctx: ProviderContext): Promise<Hosting[] | undefined> {
  const rows = ctx.has("hosting.listAccounts")
    ? (await ctx.read("hosting.listAccounts", {}, ["hostings"])).hosting_accounts
    : ctx.has("hosting.listWorldAccounts")
      ? (await ctx.read("hosting.listWorldAccounts", {}, ["hostings"])).world_accounts
      : undefined;
  return rows?.map((h) => ({ id: h.id, username: h.username, domain: h.domain })).sort((a, b) => a.id - b.id);
}

function pad(id: number): string {
  return String(id).padStart(12, "0");
}

/** The label of a hosting account in names: its username, or `h<id>` when no listing gives it. */
function label(h: Hosting): string {
  return h.username || `h${h.id}`;
}

/**
 * Lists the objects of the selected part of the account. Fails, naming what exists, when a
 * selected hosting account or domain is not in the account.
 */
export async function discover(ctx: ProviderContext, selection: Selection = {}): Promise<Discovery> {
  const notes: string[] = [];
  const found: Found[] = [];
  const wantedHostings = selection.hostingIds && selection.hostingIds.length > 0 ? new Set(selection.hostingIds) : undefined;
  const wantedDomains = selection.domains && selection.domains.length > 0 ? new Set(selection.domains.map(ascii)) : undefined;
  const domainWanted = (d: string) => !wantedDomains || wantedDomains.has(d);

  // ---- the reseller account's domains ----
  let accountDomains: string[] = [];
  if (ctx.has("domains.list")) {
    const reply = await ctx.read("domains.list", {}, ["domains"]);
    accountDomains = reply.active_domains
      .map((d) => ascii(d.domain_name))
      .filter((d) => d !== "")
      .sort();
  } else {
    notes.push(`API ${ctx.version} has no listing of the account's domains: no DomainRegistration is generated, and only zones of hosting domains are read`);
  }

  // ---- hosting accounts and their domains ----
  const all = (await hostingAccounts(ctx)) ?? [];
  if (all.length === 0 && !ctx.has("hosting.listAccounts") && !ctx.has("hosting.listWorldAccounts")) {
    notes.push(`API ${ctx.version} has no listing of hosting accounts: no hosting resource is generated`);
  }
  if (wantedHostings) {
    const missing = [...wantedHostings].filter((id) => !all.some((h) => h.id === id));
    if (missing.length > 0) {
      throw new Error(`Hosting account ${missing.join(", ")} is not in this reseller account (hosting accounts found: ${all.map((h) => h.id).join(", ") || "none"})`);
    }
  }
  const hostings = all.filter((h) => !wantedHostings || wantedHostings.has(h.id));
  const domainsOf = new Map<number, string[]>();
  const hostingOf = new Map<string, Hosting>();
  for (const h of all) {
    const address = await ctx.hosting(h.id);
    const reply = await optional(() => ctx.read("hosting.listDomains", { ...address }, [`hosting:${h.id}`]));
    const domains = (reply?.data ?? [])
      .map((d) => ascii(d.domain))
      .filter((d) => d !== "")
      .sort();
    domainsOf.set(h.id, domains);
    for (const d of domains) if (!hostingOf.has(d)) hostingOf.set(d, h);
  }
  if (wantedDomains) {
    const known = new Set([...accountDomains, ...hostingOf.keys()]);
    const missing = [...wantedDomains].filter((d) => !known.has(d));
    if (missing.length > 0) {
      throw new Error(`Domain ${missing.join(", ")} is neither in this reseller account's domain list nor attached to one of its hosting accounts`);
    }
  }

  if (wantedDomains && wantedHostings) {
    const elsewhere = [...wantedDomains].filter((d) => !hostings.some((h) => hostingOf.get(d) === h));
    if (elsewhere.length > 0) notes.push(`${elsewhere.join(", ")} is not attached to the selected hosting account(s): nothing of it is generated`);
  }

  // ---- domain registrations (account level: not part of a hosting selection) ----
  const domainsSection: Section = { order: "0", title: "Domains in the reseller account" };
  if (!wantedHostings) {
    for (const domain of accountDomains.filter(domainWanted)) {
      found.push({ kind: "DomainRegistration", id: domain, name: resourceName("domain", domain), section: domainsSection, sortKey: domain });
    }
  }

  // ---- DNS zones ----
  const zones: { domain: string; hosting?: Hosting }[] = [];
  for (const h of hostings) for (const d of domainsOf.get(h.id) ?? []) if (domainWanted(d) && hostingOf.get(d) === h) zones.push({ domain: d, hosting: h });
  if (!wantedHostings) for (const d of accountDomains) if (domainWanted(d) && !hostingOf.has(d)) zones.push({ domain: d });
  let apexNs = 0;
  const skippedTypes = new Set<string>();
  for (const zone of zones.sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))) {
    const rrsets = await readZone(ctx, { domain: zone.domain, hostingId: zone.hosting?.id });
    if (!rrsets) continue;
    const section: Section = {
      order: `1:${zone.domain}`,
      title: `DNS zone ${zone.domain}${zone.hosting ? ` (hosting account ${zone.hosting.id})` : " (addressed by the domain alone)"}`,
    };
    for (const rrset of rrsets) {
      const type = rrset.type.toUpperCase();
      const name = normalizeRecordName(rrset.name, zone.domain);
      if (!(DNS_RECORD_TYPES as readonly string[]).includes(type) || !name.ok) {
        skippedTypes.add(`${rrset.name} ${type}`);
        continue;
      }
      if (type === "NS" && name.value === "@") {
        // The platform writes the apex NS set (nsa/nsb/nsc.n0c.com): declaring it would make a
        // destroy remove the zone's delegation. DnsZone leaves it alone for the same reason.
        apexNs += 1;
        continue;
      }
      // An ownership marker belongs to its record set (decision 0034); the record set writes it.
      if (rrset.records.length === 0 || isMarkerName(name.value)) continue;
      found.push({
        kind: "DnsRecordSet",
        id: `${zone.domain}/${name.value}/${type}`,
        key: zone.hosting ? { hostingId: zone.hosting.id } : {},
        name: resourceName("dns", zone.domain, name.value, { keep: type }),
        section,
        sortKey: `${name.value === "@" ? "" : name.value}\u0000${type}`,
      });
    }
  }
  if (apexNs > 0) notes.push(`The apex NS record sets of ${apexNs} zone(s) are left out: the platform writes them, and a destroy must not remove a zone's delegation`);
  if (skippedTypes.size > 0) notes.push(`Record sets of types this package does not write are left out: ${[...skippedTypes].sort().join("; ")}`);

  // ---- hosting accounts ----
  const missingOps = new Set<string>();
  const able = (kind: string, ...ops: OperationId[]): boolean => {
    const lacking = ops.filter((op) => !ctx.has(op));
    if (lacking.length > 0) missingOps.add(`${kind} (API ${ctx.version} has no ${lacking.join(", ")})`);
    return lacking.length === 0;
  };
  for (const h of hostings) {
    const address = await ctx.hosting(h.id);
    const facts = [h.username, h.domain && ascii(h.domain)].filter((f): f is string => !!f);
    const section: Section = { order: `2:${pad(h.id)}`, title: `Hosting account ${h.id}${facts.length > 0 ? ` (${facts.join(", ")})` : ""}` };
    const who = label(h);
    const domains = (domainsOf.get(h.id) ?? []).filter(domainWanted);
    const add = (kind: KindName, id: string, name: string, sortKey = id) => found.push({ kind, id, name, section, sortKey });
    const scopes = [`hosting:${h.id}`];
    const storageUrls = async () => (await optional(() => ctx.read("storage.listUrls", { ...address }, scopes)))?.urls ?? [];

    // Per domain.
    if (able("Redirection", "redirections.list")) {
      for (const r of (await optional(() => ctx.read("redirections.list", { ...address }, scopes)))?.data ?? []) {
        const domain = ascii(r.domain);
        if (domains.includes(domain)) add("Redirection", `${h.id}/${domain}`, resourceName("redirect", domain), domain);
      }
    }
    if (able("CustomSsl", "ssl.getCustom")) for (const d of domains) add("CustomSsl", `${h.id}/${d}`, resourceName("ssl", d), d);
    if (able("WafDisabledRules", "waf.getRules")) for (const d of domains) add("WafDisabledRules", `${h.id}/${d}`, resourceName("waf", d), d);
    if (able("FtpAccount", "ftp.listAccounts")) {
      for (const a of (await optional(() => ctx.read("ftp.listAccounts", { ...address }, scopes)))?.data ?? []) {
        const login = a.username.toLowerCase();
        const at = login.lastIndexOf("@");
        if (at <= 0 || !domains.includes(ascii(login.slice(at + 1)))) continue;
        const key = `${login.slice(0, at)}@${ascii(login.slice(at + 1))}`;
        add("FtpAccount", `${h.id}/${key}`, resourceName("ftp", key), key);
      }
    }

    // Per hosting account: only without a domain selection.
    if (wantedDomains) {
      if (able("ObjectStorageUrl", "storage.listUrls")) {
        for (const u of await storageUrls()) {
          const domain = ascii(u.domain ?? "");
          if (domain !== "" && domains.includes(domain)) add("ObjectStorageUrl", `${h.id}/${u.id}`, resourceName("storage_url", who, String(u.id)), pad(u.id));
        }
      }
      continue;
    }
    if (able("SshKey", "ssh.listKeys")) {
      for (const k of (await optional(() => ctx.read("ssh.listKeys", { ...address }, scopes)))?.keys ?? []) {
        const fingerprint = k.key.toLowerCase();
        if (fingerprint === "") continue;
        add("SshKey", `${h.id}/${fingerprint}`, resourceName("ssh", who, fingerprint.replace(/[^0-9a-f]/g, "").slice(0, 8)), fingerprint);
      }
    }
    const users = able("DatabaseUser", "databases.listUsers");
    if (able("Database", "databases.list") && users) {
      for (const type of typesToSearch(ctx, undefined)) {
        const params = { ...address, ...typeParam(type) };
        const databases = (await optional(() => ctx.read("databases.list", params, [`databases:${h.id}`])))?.data ?? [];
        for (const db of databases) {
          if (!db.name) continue;
          add("Database", `${h.id}/${db.name}`, resourceName("db", db.name), db.name);
          for (const user of db.databaseUsers ?? []) {
            if (!user.name) continue;
            add("DatabaseUserGrant", `${h.id}/${db.name}/${user.name}`, resourceName("grant", db.name, user.name), `${db.name}/${user.name}`);
          }
        }
        const rows = (await optional(() => ctx.read("databases.listUsers", params, [`databases:${h.id}`])))?.data ?? [];
        // Users come as arrays of names, one per server (catalog §2 #31).
        const names = rows.flat();
        for (const name of [...new Set(names)]) add("DatabaseUser", `${h.id}/${name}`, resourceName("db_user", name), name);
      }
    }
    if (able("CronJob", "cron.list")) {
      const listing = await cronListing(ctx, address, false);
      for (const job of listing?.crons ?? []) add("CronJob", `${h.id}/${job.id}`, resourceName("cron", who, job.id), pad(job.id));
      if (listing?.cronEmail) add("CronEmail", String(h.id), resourceName("cron_email", who));
    }
    const phpVersion = able("PhpVersion", "php.listVersions", "php.getVersion");
    if (able("PhpOptions", "php.listVersions", "php.getOptions")) {
      const versions = await optional(() => phpVersionsOf(ctx, address, false));
      for (const v of [...(versions?.availableVersions ?? [])].sort()) add("PhpOptions", `${h.id}/${v}`, resourceName("php_options", who, v), v);
    }
    if (phpVersion) add("PhpVersion", String(h.id), resourceName("php_version", who));
    if (able("CacheService", "cache.getMemcached", "cache.getRedis")) {
      for (const service of ["memcached", "redis"]) add("CacheService", `${h.id}/${service}`, resourceName("cache", who, service), service);
    }
    if (able("ObjectStorageAccount", "storage.getAccount")) add("ObjectStorageAccount", String(h.id), resourceName("storage", who));
    if (able("ObjectStorageUrl", "storage.listUrls")) {
      for (const u of await storageUrls()) {
        const domain = ascii(u.domain ?? "");
        if (domain === "" || domains.includes(domain)) add("ObjectStorageUrl", `${h.id}/${u.id}`, resourceName("storage_url", who, String(u.id)), pad(u.id));
      }
    }
  }
  if (missingOps.size > 0) notes.push(`Not generated: ${[...missingOps].sort().join("; ")}`);
  return { found, notes };
}

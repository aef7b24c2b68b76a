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
import { DNS_RECORD_TYPES, type DnsRRSet } from "../client/dns-records";
import type { OperationId } from "../client/endpoints";
import type { ProviderContext } from "../provider/runtime/context";
import { apiErrorCode } from "../provider/lifecycle/errors";
import { normalizeDomain, normalizeRecordName } from "../util/names";
import { cronListing } from "../resources/shared/cron";
import { typeParam, typesToSearch } from "../resources/shared/databases";
import { mailboxAddress } from "../resources/shared/mailboxes";
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

/** A hosting account as the listings give it. */
export interface Hosting {
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

/** The reseller account's hosting accounts, sorted by id; undefined when the API version lists none. */
export async function hostingAccounts(ctx: ProviderContext): Promise<Hosting[] | undefined> {
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

/** The selection as sets; a set is absent when the selection does not narrow by it. */
interface Wanted {
  hostings?: ReadonlySet<number>;
  domains?: ReadonlySet<string>;
}

function wantedOf(selection: Selection): Wanted {
  return {
    ...(selection.hostingIds && selection.hostingIds.length > 0 ? { hostings: new Set(selection.hostingIds) } : {}),
    ...(selection.domains && selection.domains.length > 0 ? { domains: new Set(selection.domains.map(ascii)) } : {}),
  };
}

function domainWanted(wanted: Wanted, domain: string): boolean {
  return !wanted.domains || wanted.domains.has(domain);
}

/** What a discovery gathers as it goes. */
interface Scan {
  ctx: ProviderContext;
  found: Found[];
  notes: string[];
  /** The kinds left out because the API version lacks an operation, with the operations. */
  missingOps: Set<string>;
}

/** Whether the API version has every operation a kind needs; when not, the kind is noted as left out. */
function able(scan: Scan, kind: string, ...ops: OperationId[]): boolean {
  const lacking = ops.filter((op) => !scan.ctx.has(op));
  if (lacking.length > 0) scan.missingOps.add(`${kind} (API ${scan.ctx.version} has no ${lacking.join(", ")})`);
  return lacking.length === 0;
}

/** The reseller account's domains, in ASCII and sorted; none when the version has no listing. */
async function accountDomainsOf(scan: Scan): Promise<string[]> {
  const { ctx } = scan;
  if (!ctx.has("domains.list")) {
    scan.notes.push(
      `API ${ctx.version} has no listing of the account's domains: no DomainRegistration is generated, and only zones of hosting domains are read`,
    );
    return [];
  }
  const reply = await ctx.read("domains.list", {}, ["domains"]);
  return reply.active_domains
    .map((d) => ascii(d.domain_name))
    .filter((d) => d !== "")
    .sort();
}

/** Every hosting account; fails, naming those found, when a selected one is not among them. */
async function allHostings(scan: Scan, wanted: Wanted): Promise<Hosting[]> {
  const { ctx } = scan;
  const all = (await hostingAccounts(ctx)) ?? [];
  if (all.length === 0 && !ctx.has("hosting.listAccounts") && !ctx.has("hosting.listWorldAccounts")) {
    scan.notes.push(`API ${ctx.version} has no listing of hosting accounts: no hosting resource is generated`);
  }
  const missing = [...(wanted.hostings ?? [])].filter((id) => !all.some((h) => h.id === id));
  if (missing.length > 0) {
    throw new Error(
      `Hosting account ${missing.join(", ")} is not in this reseller account (hosting accounts found: ${all.map((h) => h.id).join(", ") || "none"})`,
    );
  }
  return all;
}

/** The domains of each hosting account, and the first hosting account each domain is attached to. */
export async function attachedDomains(
  ctx: ProviderContext,
  all: readonly Hosting[],
): Promise<{ domainsOf: Map<number, string[]>; hostingOf: Map<string, Hosting> }> {
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
  return { domainsOf, hostingOf };
}

interface Zone {
  domain: string;
  hosting?: Hosting;
}

/** What the record sets of all zones leave out, for the notes. */
interface ZoneTally {
  apexNs: number;
  skippedTypes: Set<string>;
}

/** The record sets of one zone that the program declares. */
function addZoneRecordSets(scan: Scan, zone: Zone, rrsets: readonly DnsRRSet[], tally: ZoneTally): void {
  const section: Section = {
    order: `1:${zone.domain}`,
    title: `DNS zone ${zone.domain}${zone.hosting ? ` (hosting account ${zone.hosting.id})` : " (addressed by the domain alone)"}`,
  };
  for (const rrset of rrsets) {
    const type = rrset.type.toUpperCase();
    const name = normalizeRecordName(rrset.name, zone.domain);
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(type) || !name.ok) {
      tally.skippedTypes.add(`${rrset.name} ${type}`);
      continue;
    }
    if (type === "NS" && name.value === "@") {
      // The platform writes the apex NS set (nsa/nsb/nsc.n0c.com): declaring it would make a
      // destroy remove the zone's delegation. DnsZone leaves it alone for the same reason.
      tally.apexNs += 1;
      continue;
    }
    // An ownership marker belongs to its record set (decision 0034); the record set writes it.
    if (rrset.records.length === 0 || isMarkerName(name.value)) continue;
    scan.found.push({
      kind: "DnsRecordSet",
      id: `${zone.domain}/${name.value}/${type}`,
      key: zone.hosting ? { hostingId: zone.hosting.id } : {},
      name: resourceName("dns", zone.domain, name.value, { keep: type }),
      section,
      sortKey: `${name.value === "@" ? "" : name.value}\u0000${type}`,
    });
  }
}

async function addRecordSets(scan: Scan, zones: Zone[]): Promise<void> {
  const tally: ZoneTally = { apexNs: 0, skippedTypes: new Set() };
  for (const zone of zones.sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))) {
    const rrsets = await readZone(scan.ctx, { domain: zone.domain, hostingId: zone.hosting?.id });
    if (rrsets) addZoneRecordSets(scan, zone, rrsets, tally);
  }
  if (tally.apexNs > 0)
    scan.notes.push(
      `The apex NS record sets of ${tally.apexNs} zone(s) are left out: the platform writes them, and a destroy must not remove a zone's delegation`,
    );
  if (tally.skippedTypes.size > 0)
    scan.notes.push(`Record sets of types this package does not write are left out: ${[...tally.skippedTypes].sort().join("; ")}`);
}

/** One hosting account being described. */
interface InHosting {
  h: Hosting;
  address: Awaited<ReturnType<ProviderContext["hosting"]>>;
  scopes: string[];
  /** Its label in resource names. */
  who: string;
  /** Its domains that the selection keeps. */
  domains: string[];
  add: (kind: KindName, id: string, name: string, sortKey?: string) => void;
}

/** What belongs to the hosting account's domains one by one. */
async function addDomainObjects(scan: Scan, on: InHosting): Promise<void> {
  const { ctx } = scan;
  const { h, domains, add } = on;
  if (able(scan, "Redirection", "redirections.list")) {
    for (const r of (await optional(() => ctx.read("redirections.list", { ...on.address }, on.scopes)))?.data ?? []) {
      const domain = ascii(r.domain);
      if (domains.includes(domain)) add("Redirection", `${h.id}/${domain}`, resourceName("redirect", domain), domain);
    }
  }
  if (able(scan, "CustomSsl", "ssl.getCustom")) for (const d of domains) add("CustomSsl", `${h.id}/${d}`, resourceName("ssl", d), d);
  if (able(scan, "WafDisabledRules", "waf.getRules"))
    for (const d of domains) add("WafDisabledRules", `${h.id}/${d}`, resourceName("waf", d), d);
  if (able(scan, "FtpAccount", "ftp.listAccounts")) {
    for (const a of (await optional(() => ctx.read("ftp.listAccounts", { ...on.address }, on.scopes)))?.data ?? []) {
      const login = a.username.toLowerCase();
      const at = login.lastIndexOf("@");
      if (at <= 0 || !domains.includes(ascii(login.slice(at + 1)))) continue;
      const key = `${login.slice(0, at)}@${ascii(login.slice(at + 1))}`;
      add("FtpAccount", `${h.id}/${key}`, resourceName("ftp", key), key);
    }
  }
  await addMailboxes(scan, on);
}

/** The mailboxes of the hosting account's kept domains. */
async function addMailboxes(scan: Scan, on: InHosting): Promise<void> {
  if (!able(scan, "EmailAccount", "email.list")) return;
  for (const m of (await optional(() => scan.ctx.read("email.list", { ...on.address }, on.scopes)))?.data ?? []) {
    const key = mailboxAddress(m);
    if (key === undefined || !on.domains.includes(key.slice(key.lastIndexOf("@") + 1))) continue;
    on.add("EmailAccount", `${on.h.id}/${key}`, resourceName("mail", key), key);
  }
}

/** The object storage URLs whose domain (in ASCII, "" for none) `keep` accepts. */
async function addStorageUrls(scan: Scan, on: InHosting, keep: (domain: string) => boolean): Promise<void> {
  for (const u of (await optional(() => scan.ctx.read("storage.listUrls", { ...on.address }, on.scopes)))?.urls ?? []) {
    const domain = ascii(u.domain ?? "");
    if (keep(domain)) on.add("ObjectStorageUrl", `${on.h.id}/${u.id}`, resourceName("storage_url", on.who, String(u.id)), pad(u.id));
  }
}

async function addDatabases(scan: Scan, on: InHosting): Promise<void> {
  const { ctx } = scan;
  const { h, add } = on;
  for (const type of typesToSearch(ctx, undefined)) {
    const params = { ...on.address, ...typeParam(type) };
    const databases = (await optional(() => ctx.read("databases.list", params, [`databases:${h.id}`])))?.data ?? [];
    for (const db of databases) {
      if (!db.name) continue;
      add("Database", `${h.id}/${db.name}`, resourceName("db", db.name), db.name);
      for (const user of db.databaseUsers ?? []) {
        if (user.name)
          add("DatabaseUserGrant", `${h.id}/${db.name}/${user.name}`, resourceName("grant", db.name, user.name), `${db.name}/${user.name}`);
      }
    }
    const rows = (await optional(() => ctx.read("databases.listUsers", params, [`databases:${h.id}`])))?.data ?? [];
    // Users come as arrays of names, one per server (catalog §2 #31).
    const names = rows.flat();
    for (const name of [...new Set(names)]) add("DatabaseUser", `${h.id}/${name}`, resourceName("db_user", name), name);
  }
}

async function addSshKeys(scan: Scan, on: InHosting): Promise<void> {
  for (const k of (await optional(() => scan.ctx.read("ssh.listKeys", { ...on.address }, on.scopes)))?.keys ?? []) {
    const fingerprint = k.key.toLowerCase();
    if (fingerprint !== "")
      on.add(
        "SshKey",
        `${on.h.id}/${fingerprint}`,
        resourceName("ssh", on.who, fingerprint.replace(/[^0-9a-f]/g, "").slice(0, 8)),
        fingerprint,
      );
  }
}

async function addCron(scan: Scan, on: InHosting): Promise<void> {
  const listing = await cronListing(scan.ctx, on.address, false);
  for (const job of listing?.crons ?? []) on.add("CronJob", `${on.h.id}/${job.id}`, resourceName("cron", on.who, job.id), pad(job.id));
  if (listing?.cronEmail) on.add("CronEmail", String(on.h.id), resourceName("cron_email", on.who));
}

/** What belongs to the hosting account as a whole: described only without a domain selection. */
async function addAccountObjects(scan: Scan, on: InHosting): Promise<void> {
  const { ctx } = scan;
  const { h, who, add } = on;
  if (able(scan, "SshKey", "ssh.listKeys")) await addSshKeys(scan, on);
  const users = able(scan, "DatabaseUser", "databases.listUsers");
  if (able(scan, "Database", "databases.list") && users) await addDatabases(scan, on);
  if (able(scan, "CronJob", "cron.list")) await addCron(scan, on);
  const phpVersion = able(scan, "PhpVersion", "php.listVersions", "php.getVersion");
  if (able(scan, "PhpOptions", "php.listVersions", "php.getOptions")) {
    const versions = await optional(() => phpVersionsOf(ctx, on.address, false));
    for (const v of [...(versions?.availableVersions ?? [])].sort())
      add("PhpOptions", `${h.id}/${v}`, resourceName("php_options", who, v), v);
  }
  if (phpVersion) add("PhpVersion", String(h.id), resourceName("php_version", who));
  if (able(scan, "CacheService", "cache.getMemcached", "cache.getRedis")) {
    for (const service of ["memcached", "redis"]) add("CacheService", `${h.id}/${service}`, resourceName("cache", who, service), service);
  }
  if (able(scan, "ObjectStorageAccount", "storage.getAccount")) add("ObjectStorageAccount", String(h.id), resourceName("storage", who));
  if (able(scan, "ObjectStorageUrl", "storage.listUrls"))
    await addStorageUrls(scan, on, (domain) => domain === "" || on.domains.includes(domain));
}

async function addHostingObjects(scan: Scan, h: Hosting, domains: string[], wanted: Wanted): Promise<void> {
  const address = await scan.ctx.hosting(h.id);
  const facts = [h.username, h.domain && ascii(h.domain)].filter((f): f is string => !!f);
  const section: Section = { order: `2:${pad(h.id)}`, title: `Hosting account ${h.id}${facts.length > 0 ? ` (${facts.join(", ")})` : ""}` };
  const on: InHosting = {
    h,
    address,
    scopes: [`hosting:${h.id}`],
    who: label(h),
    domains: domains.filter((d) => domainWanted(wanted, d)),
    add: (kind, id, name, sortKey = id) => scan.found.push({ kind, id, name, section, sortKey }),
  };
  await addDomainObjects(scan, on);
  if (!wanted.domains) return addAccountObjects(scan, on);
  // With a domain selection, only the storage URLs of the selected domains.
  if (able(scan, "ObjectStorageUrl", "storage.listUrls"))
    await addStorageUrls(scan, on, (domain) => domain !== "" && on.domains.includes(domain));
}

/**
 * Lists the objects of the selected part of the account. Fails, naming what exists, when a
 * selected hosting account or domain is not in the account.
 */
export async function discover(ctx: ProviderContext, selection: Selection = {}): Promise<Discovery> {
  const scan: Scan = { ctx, found: [], notes: [], missingOps: new Set() };
  const wanted = wantedOf(selection);
  const accountDomains = await accountDomainsOf(scan);
  const all = await allHostings(scan, wanted);
  const hostings = all.filter((h) => !wanted.hostings || wanted.hostings.has(h.id));
  const { domainsOf, hostingOf } = await attachedDomains(ctx, all);
  if (wanted.domains) {
    const known = new Set([...accountDomains, ...hostingOf.keys()]);
    const missing = [...wanted.domains].filter((d) => !known.has(d));
    if (missing.length > 0) {
      throw new Error(
        `Domain ${missing.join(", ")} is neither in this reseller account's domain list nor attached to one of its hosting accounts (domains found: ${[...known].sort().join(", ") || "none"})`,
      );
    }
    const elsewhere = [...wanted.domains].filter((d) => !hostings.some((h) => hostingOf.get(d) === h));
    if (wanted.hostings && elsewhere.length > 0)
      scan.notes.push(`${elsewhere.join(", ")} is not attached to the selected hosting account(s): nothing of it is generated`);
  }

  // Domain registrations are account level: not part of a hosting selection.
  const domainsSection: Section = { order: "0", title: "Domains in the reseller account" };
  const zones: Zone[] = [];
  for (const h of hostings)
    for (const d of domainsOf.get(h.id) ?? []) if (domainWanted(wanted, d) && hostingOf.get(d) === h) zones.push({ domain: d, hosting: h });
  if (!wanted.hostings) {
    for (const domain of accountDomains.filter((d) => domainWanted(wanted, d))) {
      scan.found.push({
        kind: "DomainRegistration",
        id: domain,
        name: resourceName("domain", domain),
        section: domainsSection,
        sortKey: domain,
      });
    }
    for (const d of accountDomains) if (domainWanted(wanted, d) && !hostingOf.has(d)) zones.push({ domain: d });
  }
  await addRecordSets(scan, zones);

  for (const h of hostings) await addHostingObjects(scan, h, domainsOf.get(h.id) ?? [], wanted);
  if (scan.missingOps.size > 0) scan.notes.push(`Not generated: ${[...scan.missingOps].sort().join("; ")}`);
  return { found: scan.found, notes: scan.notes };
}

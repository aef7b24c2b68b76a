/**
 * Seed data: `empty` (a reseller with credit and a price list, nothing else) and `demo` (two
 * hosting accounts, several domains with zones, PHP settings, FTP and SSH entries), plus the
 * JSON seed file format, which is a {@link SimState} as written by the simulator's persistence.
 */
import { domainToUnicode } from "node:url";
import type { DomainState, HostingState, PhpOptionState, RedirectionState, RRSet, SimState } from "./state";

export type SeedName = "empty" | "demo";

/** The provider's default nameservers (catalog §6). */
export const PROVIDER_NAMESERVERS = ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"] as const;

/** Credentials the simulator accepts unless told otherwise. */
export const DEFAULT_API_USER = "sim-reseller";
export const DEFAULT_API_KEY = "sim-key-0123456789abcdef";

/** The demo seed's redirection: `client-shop.net` on hosting 101 sends visitors to the shop page. */
export const DEMO_REDIRECTION: Readonly<RedirectionState> = {
  domain: "client-shop.net",
  https: true,
  www: false,
  rType: 301,
  domainRedirection: true,
  destinationUrl: "https://agency-demo.com/shop",
};

export const PHP_VERSIONS = ["7.4", "8.0", "8.1", "8.2", "8.3"];

/** PHP options as the option map describes them: `type` bool or list, `range` for lists. */
export function defaultPhpOptions(): Record<string, PhpOptionState> {
  const list = (value: string, range: string, comment: string): PhpOptionState => ({
    default: value,
    value,
    type: "list",
    range,
    comment,
  });
  const flag = (value: "On" | "Off", comment: string): PhpOptionState => ({
    default: value,
    value,
    type: "bool",
    range: "On,Off",
    comment,
  });
  return {
    memory_limit: list("256M", "128M,256M,512M,768M,1024M", "Maximum memory a script may use"),
    max_execution_time: list("30", "30,60,120,180,300,600", "Maximum run time of a script, in seconds"),
    max_input_time: list("60", "30,60,120,300", "Maximum time to parse input, in seconds"),
    max_input_vars: list("1000", "1000,2000,3000,5000,10000", "Maximum number of input variables"),
    upload_max_filesize: list("64M", "2M,8M,16M,32M,64M,128M,256M,512M", "Maximum size of an uploaded file"),
    post_max_size: list("64M", "8M,16M,32M,64M,128M,256M,512M", "Maximum size of POST data"),
    display_errors: flag("Off", "Show errors in the output"),
    allow_url_fopen: flag("On", "Allow URL-aware fopen wrappers"),
    short_open_tag: flag("Off", "Allow the short form of the PHP open tag"),
    "session.gc_maxlifetime": list("1440", "1440,3600,7200,14400,86400", "Session lifetime, in seconds"),
  };
}

export function defaultPhpExtensions(): Record<string, string> {
  const enabled = ["curl", "gd", "intl", "mbstring", "mysqli", "pdo_mysql", "opcache", "zip", "xml"];
  const disabled = ["imagick", "redis", "memcached", "soap", "sodium", "pdo_pgsql", "ioncube_loader"];
  return Object.fromEntries([...enabled.map((e) => [e, "enabled"]), ...disabled.map((e) => [e, "disabled"])]);
}

/** The default zone created for a domain (registration with provider nameservers, zone reset). */
export function defaultZone(domain: string, ip = "198.51.100.10"): RRSet[] {
  return [
    { type: "A", name: `${domain}.`, ttl: 14400, records: [{ ip }] },
    { type: "CNAME", name: `www.${domain}.`, ttl: 14400, records: [{ value: `${domain}.` }] },
    { type: "MX", name: `${domain}.`, ttl: 14400, records: [{ value: `mail.${domain}.`, priority: 0 }] },
    { type: "A", name: `mail.${domain}.`, ttl: 14400, records: [{ ip }] },
    { type: "TXT", name: `${domain}.`, ttl: 14400, records: [{ content: '"v=spf1 +a +mx ~all"' }] },
    // One rrset per name and type, as the API exchanges them: the three nameservers are its records.
    { type: "NS", name: `${domain}.`, ttl: 86400, records: PROVIDER_NAMESERVERS.map((ns) => ({ value: `${ns}.` })) },
  ];
}

/** A hosting account with every area at its defaults. */
export function newHosting(
  id: number,
  username: string,
  domain: string,
  opts: { kind?: HostingState["kind"]; location?: string; ip?: string } = {},
): HostingState {
  const php = Object.fromEntries(PHP_VERSIONS.map((v) => [v, defaultPhpOptions()]));
  const ext = Object.fromEntries(PHP_VERSIONS.map((v) => [v, defaultPhpExtensions()]));
  return {
    id,
    username,
    domain,
    domains: [domain],
    kind: opts.kind ?? "world",
    location: opts.location ?? "CA",
    status: "active",
    ip: opts.ip ?? "198.51.100.10",
    resources: { cpu: 2, mem: 4, io: 4 },
    password: `pw-${username}-Sim!2026`,
    ssl: {},
    redirections: [],
    php: { currentVersion: "8.2", defaultVersion: "8.2", availableVersions: [...PHP_VERSIONS], options: php, extensions: ext },
    nodejs: { interpreter: "nodejs", versions: ["18", "20", "22"], applications: [] },
    databases: [],
    dbUsers: [],
    cache: {
      memcached: { enabled: false, active: false, items: 0 },
      redis: { enabled: false, active: false, items: 0 },
    },
    objectStorage: {
      initialized: false,
      id: 0,
      name: "",
      s3user: "",
      accessKey: "",
      secretKey: "",
      maxSizeKb: 10 * 1024 * 1024,
      maxObjects: 1_000_000,
      suspended: false,
      createdAt: "",
      updatedAt: "",
      sizeKb: 0,
      numObjects: 0,
      urls: [],
    },
    sshKeys: [],
    ftpAccounts: [],
    ftpConnections: [],
    waf: {},
    crons: [],
    cronEmail: null,
    emails: [],
    wordpress: [],
    cms: [],
    suspendedDomains: [],
  };
}

/** A registered domain of the account. */
export function newDomain(
  domain: string,
  fields: Partial<DomainState> & { registrationDate: string; expiryDate: string; orderId: number },
): DomainState {
  const dot = domain.indexOf(".");
  return {
    domain,
    unicode: domainToUnicode(domain) || domain,
    sld: domain.slice(0, dot),
    tld: domain.slice(dot + 1),
    isTransfer: false,
    periodYears: 1,
    registrationStatus: "Active",
    purchaseStatus: "Paid",
    nameservers: [...PROVIDER_NAMESERVERS],
    locked: true,
    idProtection: false,
    renewEnabled: true,
    contacts: {
      registrant: {
        first_name: "Alex",
        last_name: "Martin",
        email: "alex@example.org",
        address1: "1 Example Street",
        city: "Montreal",
        postal_code: "H2X 1Y4",
        state: "QC",
        country_code: "CA",
        phone: "+1.5145550100",
      },
    },
    addtlFields: {},
    ...fields,
  };
}

function baseState(): SimState {
  return {
    account: { resellerId: "R-100200", credit: 500, currency: "USD" },
    tlds: {
      com: { register: 12.5, transfer: 12.5, renew: 14, transferRequiresEppCode: true, idProtectionSupported: true },
      net: { register: 14, transfer: 14, renew: 15.5, transferRequiresEppCode: true, idProtectionSupported: true },
      org: { register: 13, transfer: 13, renew: 14.5, transferRequiresEppCode: true, idProtectionSupported: true },
      ca: { register: 15, transfer: 15, renew: 15, transferRequiresEppCode: true, idProtectionSupported: false },
      fr: { register: 10, transfer: 10, renew: 11, transferRequiresEppCode: true, idProtectionSupported: false },
      io: { register: 45, transfer: 45, renew: 48, transferRequiresEppCode: true, idProtectionSupported: true },
      shop: { register: 3, transfer: 28, renew: 32, transferRequiresEppCode: true, idProtectionSupported: true },
    },
    exchangeRates: { USD: 1, CAD: 1.38, EUR: 0.92 },
    premium: {
      "gold.com": { register: 2500, renew: 15 },
      "cloud.io": { register: 900, renew: 48 },
    },
    external: {
      "example.com": { eppCode: "EPP-EXAMPLE-1", locked: true },
      "taken.com": { eppCode: "EPP-TAKEN-1", locked: false },
      "transfer-me.net": { eppCode: "EPP-TRANSFER-1", locked: false },
    },
    domains: {},
    zones: {},
    hostings: {},
    counters: { order: 1000, hosting: 100, ftp: 10, url: 10, cron: 10, storage: 10 },
  };
}

/** A reseller with credit and a price list, and nothing else. */
export function emptyState(): SimState {
  return baseState();
}

/**
 * The demo reseller: credit, two hosting accounts (ids 101 and 102), several domains with zones,
 * PHP settings, FTP and SSH entries. The `hosting-site` example and the demo run against it.
 */
export function demoState(): SimState {
  const s = baseState();
  s.account.credit = 1000;
  const domains: [string, Partial<DomainState>][] = [
    ["agency-demo.com", { registrationDate: "2024-03-01", expiryDate: "2027-03-01", periodYears: 3 }],
    ["client-shop.net", { registrationDate: "2025-06-15", expiryDate: "2026-12-15", locked: false }],
    ["xn--caf-dma.com", { registrationDate: "2025-01-10", expiryDate: "2027-01-10" }],
    ["legacy-brand.org", { registrationDate: "2020-02-02", expiryDate: "2026-02-02", registrationStatus: "Expired" }],
  ];
  let order = s.counters.order ?? 1000;
  for (const [name, fields] of domains) {
    order += 1;
    s.domains[name] = newDomain(name, {
      registrationDate: fields.registrationDate ?? "2025-01-01",
      expiryDate: fields.expiryDate ?? "2027-01-01",
      orderId: order,
      ...fields,
    });
    s.zones[name] = defaultZone(name);
  }
  s.counters.order = order;

  const site = newHosting(101, "agencyde", "agency-demo.com", { kind: "world", location: "CA", ip: "198.51.100.10" });
  site.domains.push("client-shop.net", "xn--caf-dma.com");
  site.ftpAccounts.push({
    id: 11,
    username: "deploy@agency-demo.com",
    domain: "agency-demo.com",
    path: "/public_html",
    password: "Deploy-Pass-2026!",
  });
  site.ftpConnections.push({
    pid: "4211",
    account: "deploy@agency-demo.com",
    time: 42,
    state: "IDLE",
    host: "203.0.113.7",
    localhost: "198.51.100.10",
    localport: "21",
  });
  // A real Ed25519 key; `key` is the MD5 fingerprint of its blob (`ssh-keygen -l -E md5` agrees).
  site.sshKeys.push({
    key: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7",
    publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci-deploy@agency-demo.com",
    comment: "ci-deploy@agency-demo.com",
    fromIps: ["203.0.113.0/24"],
  });
  // CRS rule 920350 (Host header is a numeric IP address) disabled, as sites behind a proxy often need.
  site.waf["agency-demo.com"] = [920350];
  site.php.options["8.2"]!.memory_limit!.value = "512M";
  site.databases.push({ name: "agencyde_wp", type: "MYSQL", sizeBytes: 52_428_800 });
  site.dbUsers.push({ name: "agencyde_wpuser", type: "MYSQL", password: "Db-Pass-2026!", grants: { agencyde_wp: ["ALL PRIVILEGES"] } });
  site.crons.push({ id: 11, schedule: "*/15 * * * *", command: "php /home/agencyde/public_html/wp-cron.php" });
  site.emails.push({
    email: "contact@agency-demo.com",
    domain: "agency-demo.com",
    mailUser: "contact",
    password: "Mail-Pass-2026!",
    quota: 1024,
    status: "ACTIVE",
    auth: { dkim: true, spf: true, dMarc: false },
  });
  site.wordpress.push({
    domain: "agency-demo.com",
    path: "/public_html/blog",
    title: "Agency blog",
    adminUser: "editor",
    adminEmail: "alex@example.org",
    locale: "en_US",
  });
  site.redirections.push({ ...DEMO_REDIRECTION });
  site.nodejs.applications.push({
    appRoot: "apps/api",
    version: "20",
    uri: "api",
    domain: "agency-demo.com",
    startupFile: "server.js",
    status: "started",
    virtualenvPath: "/home/agencyde/nodevenv/apps/api/20/bin/activate",
  });

  const staging = newHosting(102, "stagingx", "staging-agency.com", { kind: "shared", location: "FR", ip: "198.51.100.20" });
  s.zones["staging-agency.com"] = defaultZone("staging-agency.com", "198.51.100.20");

  s.hostings["101"] = site;
  s.hostings["102"] = staging;
  s.counters.hosting = 102;
  // Generated ids are global; the next ones must follow the seeded FTP account 11 and cron job 11.
  s.counters.ftp = 11;
  s.counters.cron = 11;
  return s;
}

/** The state for a seed name, or a copy of a seed object (the JSON seed file format). */
export function seedState(seed: SeedName | SimState): SimState {
  if (seed === "empty") return emptyState();
  if (seed === "demo") return demoState();
  return structuredClone(seed);
}

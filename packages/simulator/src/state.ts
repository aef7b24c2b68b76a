/**
 * The simulator's state: plain JSON-serialisable data, so it can be persisted to a file and
 * reloaded, and inspected or changed out of band by tests (`sim.store`).
 *
 * One store serves every API version: a domain registered through v2 shows up through v4.
 * Domain names are stored in their ASCII (punycode) form; `unicode` keeps the display form.
 */

export interface SimState {
  account: AccountState;
  /** TLD prices in the account currency, keyed by TLD without its leading period. */
  tlds: Record<string, TldPrice>;
  /** Exchange rates from the account currency: `{ EUR: 0.92 }` means 1 USD = 0.92 EUR. */
  exchangeRates: Record<string, number>;
  /**
   * Premium domains (ASCII) and their prices. The API quotes premium prices in USD (catalog §1 #8),
   * which is also the account currency of both seeds; they are charged as they stand.
   */
  premium: Record<string, { register: number; renew: number }>;
  /** Domains registered elsewhere: unavailable, and transferable with their EPP code. */
  external: Record<string, { eppCode: string; locked: boolean }>;
  /** Domains of this reseller account, keyed by ASCII name. */
  domains: Record<string, DomainState>;
  /** DNS zones keyed by ASCII domain: managed through a hosting account or the domain alone. */
  zones: Record<string, RRSet[]>;
  /** Hosting accounts keyed by their id (as a string, for JSON). */
  hostings: Record<string, HostingState>;
  /** Counters for generated ids (`order`, `hosting`, `ftp`, `url`, `cron`, ...). */
  counters: Record<string, number>;
  /**
   * Resources of the reseller's World plan, shared by every world account (v2 `get-accounts`
   * `total_available_resources` is this minus what the accounts use). Default when absent:
   * `WORLD_PLAN_DEFAULT` in `handlers/hosting.ts`.
   */
  worldPlan?: { cpu: number; mem: number; io: number };
}

export interface AccountState {
  resellerId: string;
  credit: number;
  currency: string;
}

export interface TldPrice {
  register: number;
  transfer: number;
  renew: number;
  transferRequiresEppCode: boolean;
  idProtectionSupported: boolean;
}

export type ContactRole = "registrant" | "admin" | "billing" | "tech";

export interface Contact {
  first_name: string;
  last_name: string;
  email: string;
  company_name?: string;
  address1: string;
  address2?: string;
  city: string;
  postal_code: string;
  state: string;
  country_code: string;
  phone: string;
}

export interface DomainState {
  /** ASCII (punycode) name, e.g. `xn--caf-dma.com`. */
  domain: string;
  /** Display form, e.g. `café.com`. */
  unicode: string;
  sld: string;
  tld: string;
  orderId: number;
  isTransfer: boolean;
  registrationDate: string; // YYYY-MM-DD
  expiryDate: string; // YYYY-MM-DD
  periodYears: number;
  /** `Active`, `Pending Transfer`, `Cancelled`, `Expired` (values seen in v3 clients, catalog §1 #7). */
  registrationStatus: string;
  purchaseStatus: string;
  nameservers: string[];
  locked: boolean;
  idProtection: boolean;
  renewEnabled: boolean;
  contacts: Partial<Record<ContactRole, Contact>>;
  addtlFields: Record<string, string>;
  transfer?: TransferState;
}

export interface TransferState {
  status: "Pending" | "Confirmed" | "Denied";
  /** Domain-information reads left before a pending transfer settles. */
  readsLeft: number;
  /** Whether the EPP code given was right; decides Confirmed or Denied when it settles. */
  codeValid: boolean;
  /** Amount taken from the credit when the transfer was requested; refunded if it is denied. */
  charged: number;
  deniedReason?: string;
  deniedAt?: string;
  confirmedAt?: string;
}

/** One DNS rrset as the v3 client code shows it (catalog §7.6). */
export interface RRSet {
  type: string;
  name: string;
  ttl: number;
  records: DnsRecordValue[];
}
export type DnsRecordValue = { ip: string } | { value: string; priority?: number } | { content: string };

export interface HostingState {
  id: number;
  username: string;
  /** Primary domain. */
  domain: string;
  /** Every domain attached to the account (primary included), ASCII. */
  domains: string[];
  /** `world` accounts appear in `the-world/info` and v2 `get-accounts`; all appear in `hostings`. */
  kind: "world" | "shared";
  location: string;
  status: "active" | "suspended";
  suspendReason?: string;
  ip: string;
  resources: { cpu: number; mem: number; io: number };
  temporaryUrl?: string;
  password: string;
  ssl: Record<string, SslState>;
  redirections: RedirectionState[];
  php: PhpState;
  nodejs: NodejsState;
  databases: DatabaseState[];
  dbUsers: DbUserState[];
  cache: { memcached: CacheServiceState; redis: CacheServiceState };
  objectStorage: ObjectStorageState;
  sshKeys: SshKeyState[];
  ftpAccounts: FtpAccountState[];
  ftpConnections: FtpConnectionState[];
  /**
   * Directories known to exist under the home directory, besides `/` and `/public_html` which
   * always do: FTP account creation refuses a missing root unless `createFolder` is set.
   */
  ftpFolders?: string[];
  /** Disabled WAF rule ids per domain (ASCII), each id once, ascending. */
  waf: Record<string, number[]>;
  crons: CronState[];
  cronEmail: string | null;
  emails: EmailState[];
  wordpress: WordpressState[];
  cms: CmsState[];
  /** Attached domains that are suspended (reactivate operation). */
  suspendedDomains: string[];
  /** Server hostname (v2 `server_hostname`); derived from `location` when absent. */
  hostname?: string;
  /** LiteSpeed web server (`ls` at creation, `litespeed` in the v3 listing). */
  litespeed?: boolean;
  /** CMS asked for at creation (`cms_name`: `wp`, `joomla`, `prestashop`, `drupal`). */
  cmsName?: string;
  /** Disk quota in GB (`disk_space` of v3 create). */
  diskSpace?: number;
  /** Document root per attached domain (v2 `domain/add`, `change-doc-root`); default `/public_html`. */
  docroots?: Record<string, string>;
}

export interface SslState {
  /** Automatic certificate: `active`, `pending`, `error`. */
  status: string;
  expireAt: string;
  requestedAt: string;
  issuer: string;
  lastError: string | null;
  /** Code of the last issuance error, `null` when none (v4 document, SSL: "null or code"). */
  errorCode: number | null;
  /** The last renewal job id handed out (v4 document: renewal returns a `jobId`). */
  lastJobId?: string;
  /** Installed custom certificate (PEM) and key (PEM), if any, and when it was installed. */
  custom?: { cert: string; key: string; installedAt?: string };
  csrs: CsrState[];
}

/** A generated CSR: real PEM CSR, its RSA key and a self-signed certificate for the same key. */
export interface CsrState {
  /** ISO 8601 with milliseconds and `Z` (v4 document, conventions). */
  creationDate: string;
  csr: string;
  selfSignedCert: string;
  privateKey: string;
  /** SHA-256 of the public key's DER (SubjectPublicKeyInfo), lower-case hex without separators. */
  csrPubKeyFingerPrint: string;
  attributes: { name: string; value: string }[];
}

export interface RedirectionState {
  domain: string;
  https: boolean;
  www: boolean;
  rType: 301 | 302;
  domainRedirection: boolean;
  /** Kept by the simulator; the listing does not return it (v4 document, Redirection entry). */
  destinationUrl: string;
}

export interface PhpOptionState {
  default: string;
  comment: string;
  type: string;
  range: string;
  value: string;
}

export interface PhpState {
  currentVersion: string;
  defaultVersion: string;
  availableVersions: string[];
  /** Options per PHP version. */
  options: Record<string, Record<string, PhpOptionState>>;
  /** Extension status per PHP version (`enabled` / `disabled`). */
  extensions: Record<string, Record<string, string>>;
}

export interface NodejsState {
  interpreter: string;
  versions: string[];
  applications: NodejsAppState[];
}

/** A Node.js application; the field names are ours (the v4 document hides them, catalog §1 #40). */
export interface NodejsAppState {
  /** Directory under the home directory, e.g. `apps/api`. */
  appRoot: string;
  version: string;
  uri: string;
  domain: string;
  startupFile: string;
  status: "started" | "stopped";
  /** The `source` line of the virtual-environment activation script. */
  virtualenvPath: string;
}

export interface DatabaseState {
  name: string;
  type: "MYSQL" | "POSTGRES";
  sizeBytes: number;
  /** Reads left before the database shows in listings (eventual consistency). */
  hiddenReads?: number;
}

export interface DbUserState {
  name: string;
  type: "MYSQL" | "POSTGRES";
  password: string;
  /** Privileges per database name. */
  grants: Record<string, string[]>;
  hiddenReads?: number;
}

export interface CacheServiceState {
  enabled: boolean;
  active: boolean;
  /** Items (Memcached) or keys (Redis) held; the status counters derive from it. */
  items: number;
  /** When the service last started (ISO timestamp), for the uptime counter. */
  startedAt?: string;
}

export interface ObjectStorageState {
  initialized: boolean;
  id: number;
  name: string;
  s3user: string;
  accessKey: string;
  secretKey: string;
  maxSizeKb: number;
  maxObjects: number;
  suspended: boolean;
  createdAt: string;
  updatedAt: string;
  sizeKb: number;
  numObjects: number;
  urls: { id: number; uri: string; dest: string; domain: string }[];
}

export interface SshKeyState {
  /** MD5 fingerprint of the key blob, `aa:bb:...`. */
  key: string;
  publicKey: string;
  comment: string;
  fromIps: string[];
}

export interface FtpAccountState {
  id: number;
  /** `user@domain`. */
  username: string;
  domain: string;
  path: string;
  password: string;
}

export interface FtpConnectionState {
  pid: string;
  account: string;
  time: number;
  state: string;
  host: string;
  localhost: string;
  localport: string;
}

export interface CronState {
  id: number;
  schedule: string;
  command: string;
}

export interface EmailState {
  email: string;
  domain: string;
  mailUser: string;
  password: string;
  /** Quota in MB (v2 spec: "Size of the email quota in MB"). */
  quota: number;
  status: "ACTIVE" | "SUSPENDED";
  auth: { dkim: boolean; spf: boolean; dMarc: boolean };
}

export interface WordpressState {
  domain: string;
  path: string;
  title: string;
  adminUser: string;
  adminEmail: string;
  locale: string;
}

export interface CmsState {
  cmsType: string;
  /** Version installed (the newest of `cms/list-available` for the type). */
  version: string;
  domain: string;
  path: string;
  siteName: string;
  adminName: string;
  email: string;
  www: boolean;
  https: boolean;
  /** `installing` until one listing has shown it in progress, then `installed`. */
  status: "installed" | "installing";
}

/**
 * The examples of the provider plugin's schema, one language-neutral model each
 * (scripts/lib/example-programs.ts writes them in TypeScript, Python, Go and YAML on the
 * generated SDKs). They say what the classes' own TypeScript examples say, on the plugin's
 * `reseller:index:*` resources and functions; the generation fails when a model names an input
 * or output the schema does not have.
 */
import { CONTACT } from "../../test/helpers/contact";
import { config, ref, type ExampleModel } from "./example-programs";

const HOSTING = 101;

/** Examples per resource type. */
export const RESOURCE_EXAMPLES: Readonly<Record<string, readonly ExampleModel[]>> = {
  DomainRegistration: [
    {
      title: "Register a domain with a price ceiling",
      steps: [
        {
          resource: "DomainRegistration",
          name: "site",
          protect: true,
          args: {
            domain: "example.com",
            period: 1,
            maxPrice: 20,
            minimumExpiry: "2028-01-01",
            registrarLock: true,
            registrant: CONTACT,
          },
        },
      ],
      exports: { expires: ref("site", "expiryDate") },
    },
  ],
  DnsRecordSet: [
    {
      title: "Address, mail and SPF records",
      steps: [
        {
          resource: "DnsRecordSet",
          name: "www",
          args: { domain: "example.com", name: "www", type: "A", ttl: 3600, records: ["198.51.100.7"] },
        },
        {
          resource: "DnsRecordSet",
          name: "mail",
          args: {
            domain: "example.com",
            name: "@",
            type: "MX",
            records: [
              { value: "mx1.example.net", priority: 10 },
              { value: "mx2.example.net", priority: 20 },
            ],
          },
        },
        {
          resource: "DnsRecordSet",
          name: "spf",
          args: { domain: "example.com", name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] },
        },
      ],
    },
  ],
  Redirection: [
    {
      title: "A permanent redirection",
      steps: [
        {
          resource: "Redirection",
          name: "shop",
          args: { hostingId: HOSTING, domain: "client-shop.net", destinationUrl: "https://agency-demo.com/shop", type: 301 },
        },
      ],
    },
  ],
  CustomSsl: [
    {
      title: "Install a certificate with its key from the stack configuration",
      steps: [
        {
          resource: "CustomSsl",
          name: "shop-cert",
          var: "shopCert",
          args: {
            hostingId: HOSTING,
            domain: "client-shop.net",
            certificate: config("shopCertificate"),
            privateKey: config("shopTlsKey", true),
          },
        },
      ],
      exports: { certificateExpires: ref("shopCert", "notAfter") },
    },
  ],
  FtpAccount: [
    {
      title: "An FTP account for deployments",
      steps: [
        {
          resource: "FtpAccount",
          name: "ci",
          args: {
            hostingId: HOSTING,
            domain: "example.com",
            user: "ci",
            path: "/public_html/releases",
            password: config("ftpPassword", true),
            createFolder: true,
          },
        },
      ],
      exports: { login: ref("ci", "username") },
    },
  ],
  SshKey: [
    {
      title: "A deploy key limited to two networks",
      steps: [
        {
          resource: "SshKey",
          name: "deploy",
          args: {
            hostingId: HOSTING,
            publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci@example.com",
            fromIps: ["203.0.113.0/24", "2001:db8::10"],
          },
        },
      ],
      exports: { fingerprint: ref("deploy", "fingerprint") },
    },
  ],
  DatabaseUserGrant: [
    {
      title: "Read and write privileges on one database",
      steps: [
        {
          resource: "DatabaseUserGrant",
          name: "shop-app",
          var: "shopApp",
          args: { hostingId: HOSTING, database: "shop", user: "shopapp", privileges: ["SELECT", "INSERT", "UPDATE", "DELETE"] },
        },
      ],
      exports: { grantedOn: ref("shopApp", "database") },
    },
  ],
  ObjectStorageUrl: [
    {
      title: "Serve object storage under a path",
      steps: [
        { resource: "ObjectStorageUrl", name: "media", args: { hostingId: HOSTING, uri: "/media", domain: "agency-demo.com" } },
        { resource: "ObjectStorageUrl", name: "assets", args: { hostingId: HOSTING, uri: "/assets" } },
      ],
      exports: { mediaUrl: ref("media", "dest") },
    },
  ],
  WafDisabledRules: [
    {
      title: "Disable two firewall rules for one domain",
      steps: [
        {
          resource: "WafDisabledRules",
          name: "shop-waf",
          var: "shopWaf",
          args: { hostingId: HOSTING, domain: "client-shop.net", ruleIds: [942100, 942110] },
        },
      ],
    },
  ],
  PhpOptions: [
    {
      title: "php.ini options of one PHP version",
      steps: [
        {
          resource: "PhpOptions",
          name: "php",
          args: {
            hostingId: HOSTING,
            phpVersion: "8.2",
            options: { memory_limit: "512M", max_execution_time: 120, display_errors: false },
          },
        },
      ],
    },
  ],
  DnsZone: [
    {
      title: "A whole zone, leaving certificate and DKIM records alone",
      steps: [
        {
          resource: "DnsZone",
          name: "agency-demo.com",
          var: "zone",
          args: {
            hostingId: HOSTING,
            domain: "agency-demo.com",
            recordSets: [
              { name: "@", type: "A", records: ["198.51.100.10"] },
              { name: "www", type: "CNAME", records: ["agency-demo.com"] },
              { name: "@", type: "MX", records: ["10 mx1.example.net", "20 mx2.example.net"] },
              { name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] },
            ],
            ignore: ["_acme-challenge*", "*._domainkey"],
          },
        },
      ],
    },
  ],
  DomainNameservers: [
    {
      title: "Own name servers, or the provider's",
      steps: [
        {
          resource: "DomainNameservers",
          name: "shop-ns",
          var: "shopNs",
          args: { domain: "client-shop.net", nameservers: ["ns1.example.net", "ns2.example.net"] },
        },
        { resource: "DomainNameservers", name: "cafe-ns", var: "cafeNs", args: { sld: "café", tld: "com", useProviderNameservers: true } },
      ],
    },
  ],
  DomainLock: [
    {
      title: "Lock one domain, unlock another before a transfer",
      steps: [
        { resource: "DomainLock", name: "shop-lock", var: "shopLock", args: { domain: "client-shop.net" } },
        { resource: "DomainLock", name: "moving-out", var: "movingOut", args: { domain: "old-brand.org", locked: false } },
      ],
    },
  ],
  PhpVersion: [
    {
      title: "Pin the PHP version of a hosting account",
      steps: [{ resource: "PhpVersion", name: "php", args: { hostingId: HOSTING, phpVersion: "8.3" } }],
      exports: { installed: ref("php", "availableVersions") },
    },
  ],
  PhpExtensions: [
    {
      title: "Enable and disable PHP extensions",
      steps: [
        {
          resource: "PhpExtensions",
          name: "php-ext",
          var: "phpExt",
          args: { hostingId: HOSTING, phpVersion: "8.2", extensions: { imagick: true, redis: true, soap: false } },
        },
      ],
    },
  ],
  CacheService: [
    {
      title: "Enable Redis",
      steps: [{ resource: "CacheService", name: "redis", args: { hostingId: HOSTING, service: "redis" } }],
      exports: { redisRunning: ref("redis", "active") },
    },
  ],
  ObjectStorageAccount: [
    {
      title: "Object storage and a path served from it",
      steps: [
        { resource: "ObjectStorageAccount", name: "storage", args: { hostingId: HOSTING, credentialsVersion: 1 } },
        { resource: "ObjectStorageUrl", name: "media", args: { hostingId: HOSTING, uri: "/media" }, dependsOn: ["storage"] },
      ],
      exports: { bucket: ref("storage", "name"), accessKey: ref("storage", "accessKey") },
    },
  ],
  Database: [
    {
      title: "A database, a user and the user's privileges",
      steps: [
        { resource: "Database", name: "shop", var: "db", protect: true, args: { hostingId: HOSTING, name: "shop" } },
        {
          resource: "DatabaseUser",
          name: "shop-app",
          var: "user",
          args: { hostingId: HOSTING, name: "shopapp", password: config("dbPassword", true) },
        },
        {
          resource: "DatabaseUserGrant",
          name: "shop-app",
          var: "grant",
          args: { hostingId: HOSTING, database: ref("db", "name"), user: ref("user", "name"), privileges: ["ALL PRIVILEGES"] },
        },
      ],
      exports: { databaseName: ref("db", "name") },
    },
  ],
  DatabaseUser: [
    {
      title: "A database user with its password from the stack configuration",
      steps: [
        { resource: "Database", name: "shop", var: "db", protect: true, args: { hostingId: HOSTING, name: "shop" } },
        {
          resource: "DatabaseUser",
          name: "shop-app",
          var: "app",
          args: { hostingId: HOSTING, name: "shopapp", password: config("dbPassword", true) },
        },
        {
          resource: "DatabaseUserGrant",
          name: "shop-app",
          var: "grant",
          args: {
            hostingId: HOSTING,
            database: ref("db", "name"),
            user: ref("app", "name"),
            privileges: ["SELECT", "INSERT", "UPDATE", "DELETE"],
          },
        },
      ],
      exports: { dbUser: ref("app", "name") },
    },
  ],
  CronJob: [
    {
      title: "A nightly job",
      steps: [
        {
          resource: "CronJob",
          name: "backup",
          args: { hostingId: HOSTING, schedule: "30 2 * * *", command: "php /home/agencyde/artisan backup:run" },
        },
      ],
      exports: { backupJobId: ref("backup", "cronId") },
    },
  ],
  CronEmail: [
    {
      title: "Where the cron jobs' output is mailed",
      steps: [
        { resource: "CronEmail", name: "cron-mail", var: "cronMail", args: { hostingId: HOSTING, email: "ops@agency-demo.com" } },
        { resource: "CronJob", name: "backup", args: { hostingId: HOSTING, schedule: "30 2 * * *", command: "php artisan backup:run" } },
      ],
    },
  ],
  SslCsr: [
    {
      title: "A key and a certificate signing request",
      steps: [
        {
          resource: "SslCsr",
          name: "shop-csr",
          var: "csr",
          args: {
            hostingId: HOSTING,
            domain: "client-shop.net",
            countryCode: "CA",
            state: "Quebec",
            localityName: "Montreal",
            organizationName: "Client Shop Inc.",
            organizationUnitName: "Web",
            email: "admin@client-shop.net",
          },
        },
      ],
      exports: { csrPem: ref("csr", "csr") },
    },
  ],
  EmailAccount: [
    {
      title: "A mailbox with a quota",
      steps: [
        {
          resource: "EmailAccount",
          name: "sales",
          args: {
            hostingId: HOSTING,
            domain: "example.com",
            user: "sales",
            password: config("salesMailPassword", true),
            quota: 2048,
          },
        },
      ],
      exports: { address: ref("sales", "email") },
    },
  ],
};

/** One function example: call `fn` with `args`, export `exports` (result property per output name). */
function invoke(title: string, fn: string, args: ExampleModel["steps"][number]["args"], exports: Record<string, string>): ExampleModel {
  const v = "result";
  return {
    title,
    steps: [{ invoke: fn, var: v, args }],
    exports: Object.fromEntries(Object.entries(exports).map(([k, p]) => [k, ref(v, p)])),
  };
}

/** Examples per function name. */
export const FUNCTION_EXAMPLES: Readonly<Record<string, readonly ExampleModel[]>> = {
  getAccessLogs: [
    invoke(
      "The last 50 requests for a path",
      "getAccessLogs",
      { hostingId: HOSTING, domain: "agency-demo.com", query: "/wp-login.php", queryFields: ["access.request"], limit: 50 },
      { entries: "entries" },
    ),
  ],
  getAccountInfo: [
    invoke("The account's remaining credit", "getAccountInfo", {}, { credit: "creditRemaining", currency: "creditCurrency" }),
  ],
  getDatabaseUsers: [invoke("The MySQL users of a hosting account", "getDatabaseUsers", { hostingId: HOSTING }, { users: "users" })],
  getDatabases: [invoke("The databases of a hosting account", "getDatabases", { hostingId: HOSTING }, { databases: "databases" })],
  getDiskUsage: [invoke("Disk usage in bytes", "getDiskUsage", { hostingId: HOSTING }, { totalBytes: "totalBytes" })],
  getDnsZone: [
    invoke("The record sets of a zone", "getDnsZone", { domain: "agency-demo.com", hostingId: HOSTING }, { recordSets: "recordSets" }),
  ],
  getDomainAvailability: [
    invoke(
      "Whether a name is free, and its premium price",
      "getDomainAvailability",
      { domain: "client-shop.net" },
      { available: "available", premiumPrice: "premiumRegisterPrice" },
    ),
  ],
  getDomainInfo: [
    invoke(
      "When a domain expires",
      "getDomainInfo",
      { domain: "client-shop.net" },
      { expires: "expiryDate", status: "registrationStatus" },
    ),
  ],
  getDomains: [invoke("The account's active domains", "getDomains", {}, { count: "activeCount", domains: "domains" })],
  getFtpAccounts: [invoke("The FTP accounts of a hosting account", "getFtpAccounts", { hostingId: HOSTING }, { accounts: "accounts" })],
  getFtpConnections: [invoke("Open FTP sessions", "getFtpConnections", { hostingId: HOSTING }, { connections: "connections" })],
  getHostingAccounts: [invoke("The reseller's hosting accounts", "getHostingAccounts", {}, { hostingAccounts: "hostingAccounts" })],
  getMemcachedStatus: [invoke("Whether Memcached runs", "getMemcachedStatus", { hostingId: HOSTING }, { memcachedActive: "active" })],
  getNodejsApplications: [
    invoke(
      "The Node.js applications of a hosting account",
      "getNodejsApplications",
      { hostingId: HOSTING },
      { applications: "applications" },
    ),
  ],
  getNodejsVersions: [invoke("The Node.js versions available", "getNodejsVersions", { hostingId: HOSTING }, { versions: "versions" })],
  getObjectStorage: [
    invoke(
      "The object storage bucket and its keys",
      "getObjectStorage",
      { hostingId: HOSTING },
      { bucket: "bucket", secretKey: "secretKey" },
    ),
  ],
  getPhpExtensions: [
    invoke("The enabled extensions of PHP 8.2", "getPhpExtensions", { hostingId: HOSTING, version: "8.2" }, { enabled: "enabled" }),
  ],
  getPhpOptions: [
    invoke("The php.ini options of PHP 8.2", "getPhpOptions", { hostingId: HOSTING, version: "8.2" }, { options: "options" }),
  ],
  getPhpVersions: [
    invoke(
      "The current and installed PHP versions",
      "getPhpVersions",
      { hostingId: HOSTING },
      { current: "currentVersion", installed: "availableVersions" },
    ),
  ],
  getRedisStatus: [invoke("Redis memory use", "getRedisStatus", { hostingId: HOSTING }, { usedMemoryBytes: "usedMemoryBytes" })],
  getResourceUsage: [
    invoke("Daily usage over the last week", "getResourceUsage", { hostingId: HOSTING, periodType: "day", period: 7 }, { rows: "rows" }),
  ],
  getSshKeys: [invoke("The SSH keys of a hosting account", "getSshKeys", { hostingId: HOSTING }, { keys: "keys" })],
  getSslCertificate: [
    invoke(
      "When a domain's certificate expires",
      "getSslCertificate",
      { hostingId: HOSTING, domain: "client-shop.net" },
      { status: "status", expires: "expireAt" },
    ),
  ],
  getTldPricing: [invoke("TLD prices in euros", "getTldPricing", { currency: "EUR" }, { tlds: "tlds" })],
  getVisitorStats: [
    invoke(
      "Unique visitors over 7 days",
      "getVisitorStats",
      { hostingId: HOSTING, domain: "agency-demo.com", period: "7d", unique: true },
      { buckets: "buckets" },
    ),
  ],
  getWafLogs: [
    invoke(
      "The latest blocked requests",
      "getWafLogs",
      { hostingId: HOSTING, domain: "client-shop.net", size: 20 },
      { hits: "hits", nextOffset: "nextOffset" },
    ),
  ],
  getWafRules: [
    invoke(
      "The rules disabled for a domain",
      "getWafRules",
      { hostingId: HOSTING, domain: "client-shop.net" },
      { disabled: "disabledRuleIds" },
    ),
  ],
};

/** The overview example of the registry docs (docs/registry/_index.md). */
export const OVERVIEW_EXAMPLE: ExampleModel = {
  title: "A site's DNS records and PHP version",
  steps: [
    {
      resource: "DnsRecordSet",
      name: "www",
      args: { domain: "agency-demo.com", name: "www", type: "A", ttl: 3600, records: ["198.51.100.10"] },
    },
    { resource: "PhpVersion", name: "php", args: { hostingId: HOSTING, phpVersion: "8.3" } },
    { invoke: "getAccountInfo", var: "account", args: {} },
  ],
  exports: { phpVersions: ref("php", "availableVersions"), credit: ref("account", "creditRemaining") },
};

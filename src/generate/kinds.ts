/**
 * How each resource type is generated: declared (the first `pulumi up` takes the live object
 * over and changes nothing), or read with `X.get(name, id)` because the resource cannot take an
 * existing object over. The choice follows each resource's documentation (docs/resources/*.md,
 * "Import" and "Caveats"); docs/generate.md shows the same table.
 *
 * Dynamic resources cannot be imported with `pulumi import` (pulumi#16175), so "import" means:
 * - **declare**: the resource's create is an upsert or an adoption (record sets, PHP options, WAF
 *   rules, certificates, adopt: true on domains...): declared with inputs equal to the live state,
 *   its create writes what is already there;
 * - **read**: the resource's create fails, or would duplicate, when the object exists (an FTP
 *   login, an SSH key, a database, a cron line...): the program reads it with `X.get` and keeps its
 *   outputs available without managing it.
 *
 * Each definition comes from the resource's `provider.ts`, never from its class, so the CLI does
 * not load `@pulumi/pulumi`.
 */
import type { AnyResourceDefinition } from "../provider/define";
import { cacheServiceDefinition } from "../resources/cache-service/provider";
import { cronEmailDefinition } from "../resources/cron-email/provider";
import { cronJobDefinition } from "../resources/cron-job/provider";
import { customSslDefinition } from "../resources/custom-ssl/provider";
import { databaseDefinition } from "../resources/database/provider";
import { databaseUserGrantDefinition } from "../resources/database-user-grant/provider";
import { databaseUserDefinition } from "../resources/database-user/provider";
import { dnsRecordSetDefinition } from "../resources/dns-record-set/provider";
import { domainRegistrationDefinition } from "../resources/domain-registration/provider";
import { ftpAccountDefinition } from "../resources/ftp-account/provider";
import { objectStorageAccountDefinition } from "../resources/object-storage-account/provider";
import { objectStorageUrlDefinition } from "../resources/object-storage-url/provider";
import { phpOptionsDefinition } from "../resources/php-options/provider";
import { phpVersionDefinition } from "../resources/php-version/provider";
import { redirectionDefinition } from "../resources/redirection/provider";
import { sshKeyDefinition } from "../resources/ssh-key/provider";
import { wafDisabledRulesDefinition } from "../resources/waf-disabled-rules/provider";
import type { PrintValue } from "./printer";

/**
 * Live outputs of an object, as the resource's `read` returns them (plain JSON).
 *
 * @example
 * const props: LiveProps = { hostingId: 101, domain: "agency-demo.com", ruleIds: [920350] };
 */
export type LiveProps = Record<string, unknown>;

/**
 * An input the API never returns, which the program takes from a secret config key.
 *
 * @example
 * KINDS.CustomSsl.secrets[0].configKind; // "sslKey"
 */
export interface SecretInput {
  /** The input property (`privateKey`, `password`). */
  property: string;
  /** The config key's prefix (`sslKey`, `ftpPassword`); the natural key follows. */
  configKind: string;
  /** The object's natural key, for the config key (`client-shop.net`, `deploy@agency-demo.com`). */
  naturalKey(props: LiveProps): string;
  /** What the value is, for the README. */
  description(props: LiveProps): string;
}

/**
 * How one resource type is generated.
 *
 * @example
 * KINDS.FtpAccount.mode; // "read"
 */
export interface Kind {
  type: string;
  definition: AnyResourceDefinition;
  /** `declare`: the program declares it and the first `up` takes it over; `read`: `X.get(name, id)`. */
  mode: "declare" | "read";
  /** For `declare`, how create takes the live object over; for `read`, why it cannot. From the resource's docs. */
  reason: string;
  /** Whether a live object is generated (PhpVersion only when it is not the account's default). */
  include?(props: LiveProps): boolean;
  /**
   * The arguments in the spelling a person would write; the generator falls back to the
   * canonical live inputs when these do not check to the live state.
   */
  args?(props: LiveProps): Record<string, PrintValue>;
  /**
   * Inputs the API does not return. Declared kinds take them from required secret config keys;
   * read kinds name the key a user would set to manage the object instead.
   */
  secrets?: readonly SecretInput[];
  /** Declared with `{ protect: true }`. */
  protect?: boolean;
  /** Facts shown in the comment above the declaration. */
  describe?(props: LiveProps): string[];
}

const str = (v: unknown): string => (typeof v === "string" ? v : String(v ?? ""));

/** A record of a set in the spelling a program would use: a plain string unless it has a priority. */
function recordArg(type: string, record: { value: string; priority?: number }): PrintValue {
  if (record.priority !== undefined) return { value: record.value, priority: record.priority };
  // One quoted TXT string without escapes reads better unquoted; `check` quotes it back.
  const single = /^"([^"\\]*)"$/.exec(record.value);
  if (type === "TXT" && single && single[1] !== "" && single[1] === single[1]!.trim()) return single[1]!;
  return record.value;
}

/**
 * Every generated resource type, by type name, in the order the program lists a hosting
 * account's resources.
 *
 * @example
 * Object.keys(KINDS); // ["DomainRegistration", "DnsRecordSet", "Redirection", ...]
 */
export const KINDS = {
  DomainRegistration: {
    type: "DomainRegistration",
    definition: domainRegistrationDefinition,
    mode: "declare",
    reason: "adopt: true takes over a domain already in the account and places no order",
    protect: true,
    // Only what a no-change takeover needs, plus the two settings people review most. Contacts
    // are left unset, so they are not managed (unset properties keep what the domain has).
    args: (p) => ({ domain: str(p.domain), adopt: true, nameservers: (p.nameservers as string[]) ?? [], registrarLock: p.registrarLock === true }),
    describe: (p) => [
      `${p.unicodeDomain && p.unicodeDomain !== p.domain ? `${str(p.unicodeDomain)}: ` : ""}${str(p.registrationStatus) || "status unknown"}, registered ${str(p.registrationDate) || "?"}, expires ${str(p.expiryDate) || "?"}`,
      "Contacts are not declared, so they are left as they are; add registrant (and the others) to manage them.",
    ],
  },
  DnsRecordSet: {
    type: "DnsRecordSet",
    definition: dnsRecordSetDefinition,
    mode: "declare",
    reason: "creating a record set replaces the rrset of the same name and type with the declared records",
    args: (p) => ({
      ...(p.hostingId !== undefined ? { hostingId: p.hostingId as number } : {}),
      domain: str(p.domain),
      name: str(p.name),
      type: str(p.type),
      ttl: p.ttl as number,
      records: (p.records as { value: string; priority?: number }[]).map((r) => recordArg(str(p.type), r)),
    }),
  },
  Redirection: {
    type: "Redirection",
    definition: redirectionDefinition,
    mode: "read",
    reason: "the API never returns a redirection's destination, and adding one to a domain that has one fails",
    describe: (p) => [`HTTP ${str(p.type)}${p.https === true ? ", https" : ""}${p.www === true ? ", www" : ""}; the destination is not readable`],
  },
  CustomSsl: {
    type: "CustomSsl",
    definition: customSslDefinition,
    mode: "declare",
    reason: "installing replaces the domain's custom certificate; the same certificate and key are installed again",
    args: (p) => ({ hostingId: p.hostingId as number, domain: str(p.domain), certificate: str(p.certificate), privateKey: str(p.privateKey) }),
    secrets: [
      {
        property: "privateKey",
        configKind: "sslKey",
        naturalKey: (p) => str(p.domain),
        description: (p) => `PEM private key of the custom certificate of ${str(p.domain)} (hosting account ${str(p.hostingId)})`,
      },
    ],
    describe: (p) => [`${str(p.subject)}, issued by ${str(p.issuer)}, valid until ${str(p.notAfter)}`],
  },
  WafDisabledRules: {
    type: "WafDisabledRules",
    definition: wafDisabledRulesDefinition,
    mode: "declare",
    reason: "creating it replaces the domain's disabled list with the declared one",
  },
  FtpAccount: {
    type: "FtpAccount",
    definition: ftpAccountDefinition,
    mode: "read",
    reason: "creating a login that exists fails (its password cannot be read, so it is never taken over silently)",
    secrets: [
      {
        property: "password",
        configKind: "ftpPassword",
        naturalKey: (p) => str(p.username),
        description: (p) => `password of the FTP login ${str(p.username)}`,
      },
    ],
    describe: (p) => [`root ${str(p.path)}`],
  },
  SshKey: {
    type: "SshKey",
    definition: sshKeyDefinition,
    mode: "read",
    reason: "adding a key the account already has fails, naming the id to read it with",
    describe: (p) => [`${str(p.comment) || "no comment"}${(p.fromIps as string[] | undefined)?.length ? `, from ${(p.fromIps as string[]).join(", ")}` : ""}`],
  },
  Database: {
    type: "Database",
    definition: databaseDefinition,
    mode: "read",
    reason: "creating a database whose name exists fails (and a replacement would lose its data)",
    describe: (p) => [str(p.databaseType)],
  },
  DatabaseUser: {
    type: "DatabaseUser",
    definition: databaseUserDefinition,
    mode: "read",
    reason: "creating a user whose name exists fails, and its password cannot be read",
    secrets: [
      {
        property: "password",
        configKind: "dbPassword",
        naturalKey: (p) => str(p.name),
        description: (p) => `password of the database user ${str(p.name)}`,
      },
    ],
    describe: (p) => [str(p.databaseType)],
  },
  DatabaseUserGrant: {
    type: "DatabaseUserGrant",
    definition: databaseUserGrantDefinition,
    mode: "declare",
    reason: "creating a grant grants the declared privileges, which the user already holds",
  },
  CronJob: {
    type: "CronJob",
    definition: cronJobDefinition,
    mode: "read",
    reason: "creating a job adds a crontab line even when an identical one exists, so the job would run twice",
    describe: (p) => [`${str(p.schedule)}  ${str(p.command)}`],
  },
  CronEmail: {
    type: "CronEmail",
    definition: cronEmailDefinition,
    mode: "declare",
    reason: "creating it sets the address over the current one (the same address)",
  },
  PhpVersion: {
    type: "PhpVersion",
    definition: phpVersionDefinition,
    mode: "declare",
    reason: "creating it sets the active version (the same version)",
    include: (p) => p.phpVersion !== p.defaultVersion,
    args: (p) => ({ hostingId: p.hostingId as number, phpVersion: str(p.phpVersion) }),
    describe: (p) => [`the account's default is ${str(p.defaultVersion)}`],
  },
  PhpOptions: {
    type: "PhpOptions",
    definition: phpOptionsDefinition,
    mode: "declare",
    reason: "creating it writes the declared options (their current values); only options that differ from their defaults are declared",
    include: (p) => Object.keys((p.options as Record<string, string> | undefined) ?? {}).length > 0,
    args: (p) => ({ hostingId: p.hostingId as number, phpVersion: str(p.phpVersion), options: sortedRecord(p.options as Record<string, string>) }),
    describe: (p) => {
      const defaults = (p.defaults as Record<string, string> | undefined) ?? {};
      return [`defaults: ${Object.keys(defaults).sort().map((k) => `${k} ${defaults[k]}`).join(", ")}`];
    },
  },
  CacheService: {
    type: "CacheService",
    definition: cacheServiceDefinition,
    mode: "declare",
    reason: "creating it switches the service on and starts it (it already runs)",
    include: (p) => p.enabled === true,
    args: (p) => ({ hostingId: p.hostingId as number, service: str(p.service), enabled: true }),
  },
  ObjectStorageAccount: {
    type: "ObjectStorageAccount",
    definition: objectStorageAccountDefinition,
    mode: "declare",
    reason: "creating it adopts object storage that is already initialised, with its current keys",
    args: (p) => ({ hostingId: p.hostingId as number, credentialsVersion: (p.credentialsVersion as number | undefined) ?? 1 }),
    describe: (p) => [`bucket ${str(p.name)}; its keys are secret outputs, never written here`],
  },
  ObjectStorageUrl: {
    type: "ObjectStorageUrl",
    definition: objectStorageUrlDefinition,
    mode: "read",
    reason: "adding a URI that the account already publishes fails",
    describe: (p) => [`${str(p.uri)} on ${str(p.domain) || "every domain"} -> ${str(p.dest)}`],
  },
} satisfies Record<string, Kind>;

/**
 * A generated resource type's name.
 *
 * @example
 * const kind: KindName = "DnsRecordSet";
 */
export type KindName = keyof typeof KINDS;

function sortedRecord(record: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record ?? {}).sort()) out[key] = record![key]!;
  return out;
}

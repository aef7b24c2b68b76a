/**
 * How each resource type is generated: declared (the first `pulumi up` takes the live object
 * over and changes nothing but the passwords it must set from config), or read with
 * `X.get(name, id)` because the resource cannot take an existing object over. The choice follows each resource's documentation (docs/resources/*.md,
 * "Import" and "Caveats"); docs/generate.md shows the same table.
 *
 * Dynamic resources cannot be imported with `pulumi import` (pulumi#16175), so "import" means:
 * - **declare**: the resource's create is an upsert or an adoption (record sets, PHP options, WAF
 *   rules, certificates, `adopt: true` on domains, FTP logins, SSH keys, databases and their
 *   users): declared with inputs equal to the live state, its create takes the object over and
 *   writes what is already there. Inputs the API never returns (passwords, SSH key lines) come
 *   from required config keys;
 * - **read**: the resource's create fails, or would duplicate, when the object exists (a cron
 *   line, a redirection, a storage URL): the program reads it with `X.get` and keeps its outputs
 *   available without managing it.
 *
 * The types come from the resource registry (`src/resources/registry.ts`): every registered type
 * is either generated (`KINDS`) or listed in `NOT_GENERATED` with the reason, and a type added
 * to the registry without either fails to compile. Definitions come from the registry, which
 * imports each resource's `provider.ts`, never its class, so the CLI does not load
 * `@pulumi/pulumi`.
 */
import type { ApiVersion } from "../client/endpoint";
import type { AnyResourceDefinition } from "../provider/lifecycle/define";
import { RESOURCES, type ResourceType } from "../resources/registry";
import type { PrintValue } from "./printer";

/** Live outputs of an object, as the resource's `read` returns them (plain JSON). */
export type LiveProps = Record<string, unknown>;

/**
 * An input the program takes from a required config key of the project: a secret the program must
 * not carry (a private key), or a value the API never returns (a password, an SSH key line).
 */
export interface ConfigInput {
  /** The input property (`privateKey`, `password`, `publicKey`). */
  property: string;
  /** The config key's prefix (`sslKey`, `ftpPassword`); the natural key follows. */
  configKind: string;
  /** The object's natural key, for the config key (`client-shop.net`, `deploy@agency-demo.com`). */
  naturalKey(props: LiveProps): string;
  /** What the value is, for Pulumi.yaml and the README. */
  description(props: LiveProps): string;
  /** Read with `config.requireSecret` and declared `secret: true`; otherwise `config.require`. */
  secret: boolean;
  /**
   * Whether the resource's `read` returns the value. A value it cannot return is not checked
   * against the live object (the first `up` sets it, or the resource compares something else,
   * such as a key's fingerprint).
   */
  readable: boolean;
  /** The file `pulumi config set` reads the value from, in the README; without it, the command prompts. */
  from?: string;
  /** What the first `up` does with the value, for the comment next to the resource. */
  effect?(props: LiveProps, version: ApiVersion): string;
  /** How to find the value, for the README; once per config kind. */
  guidance(version: ApiVersion): string;
}

/** How one resource type is generated, as the table below states it. */
export interface KindRules {
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
   * Inputs taken from config. Declared kinds take them from required config keys; read kinds
   * name the key a user would set to manage the object instead.
   */
  config?: readonly ConfigInput[];
  /** Declared with `{ protect: true }`. */
  protect?: boolean;
  /**
   * Why the import file (`--import-file`) leaves this type out: a read from the id alone would
   * miss an input the plugin must compare, and the first `up` would change the object.
   */
  notImported?: string;
  /** Facts shown in the comment above the declaration. */
  describe?(props: LiveProps): string[];
}

/** How one resource type is generated, with its type name and definition from the registry. */
export interface Kind extends KindRules {
  type: ResourceType;
  definition: AnyResourceDefinition;
}

const str = (v: unknown): string => (typeof v === "string" ? v : String(v ?? ""));

/**
 * Holds the place of an input that `plan.ts` fills with its config expression, so that it prints
 * where a person would write it.
 */
const FROM_CONFIG = "";

/** How to choose a password, for the README. */
const PASSWORD_GUIDANCE =
  "choose the one it is to have (at least 10 characters with letters and digits, no @); the first `pulumi up` sets it, so tell whoever uses it, or give its current one.";

/** A password input of an FTP login or a database user, which no API version returns. */
function passwordInput(
  configKind: string,
  naturalKey: (p: LiveProps) => string,
  what: (p: LiveProps) => string,
  effect: NonNullable<ConfigInput["effect"]>,
  guidance: ConfigInput["guidance"],
): ConfigInput {
  return {
    property: "password",
    configKind,
    naturalKey,
    description: (p) => `password of the ${what(p)}`,
    secret: true,
    readable: false,
    effect,
    guidance,
  };
}

/** A record of a set in the spelling a program would use: a plain string unless it has a priority. */
function recordArg(type: string, record: { value: string; priority?: number }): PrintValue {
  if (record.priority !== undefined) return { value: record.value, priority: record.priority };
  // One quoted TXT string without escapes reads better unquoted; `check` quotes it back.
  const single = /^"([^"\\]*)"$/.exec(record.value);
  if (type === "TXT" && single && single[1] !== "" && single[1] === single[1]!.trim()) return single[1]!;
  return record.value;
}

/** The generated resource types, by type name, in the order the program lists a hosting account's resources. */
const RULES = {
  DomainRegistration: {
    mode: "declare",
    reason: "adopt: true takes over a domain already in the account and places no order",
    protect: true,
    // Only what a no-change takeover needs, plus the two settings people review most. Contacts
    // are left unset, so they are not managed (unset properties keep what the domain has).
    args: (p) => ({
      domain: str(p.domain),
      adopt: true,
      nameservers: (p.nameservers as string[]) ?? [],
      registrarLock: p.registrarLock === true,
    }),
    describe: (p) => [
      `${p.unicodeDomain && p.unicodeDomain !== p.domain ? `${str(p.unicodeDomain)}: ` : ""}${str(p.registrationStatus) || "status unknown"}, registered ${str(p.registrationDate) || "?"}, expires ${str(p.expiryDate) || "?"}`,
      "Contacts are not declared, so they are left as they are; add registrant (and the others) to manage them.",
    ],
  },
  DnsRecordSet: {
    mode: "declare",
    reason: "adopt: true takes the live record set over; without it the create would stop, since the record set exists already",
    args: (p) => ({
      ...(p.hostingId !== undefined ? { hostingId: p.hostingId as number } : {}),
      domain: str(p.domain),
      name: str(p.name),
      type: str(p.type),
      ttl: p.ttl as number,
      records: (p.records as { value: string; priority?: number }[]).map((r) => recordArg(str(p.type), r)),
      adopt: true,
    }),
  },
  Redirection: {
    mode: "read",
    reason: "the API never returns a redirection's destination, and adding one to a domain that has one fails",
    notImported:
      "the API never returns its destination, and without it the first `up` would replace the redirection: import it yourself with the destination at the end of the id (`pulumi import reseller:index:Redirection <name> <hostingId>/<domain>/<destinationUrl>`)",
    describe: (p) => [
      `HTTP ${str(p.type)}${p.https === true ? ", https" : ""}${p.www === true ? ", www" : ""}; the destination is not readable`,
    ],
  },
  CustomSsl: {
    mode: "declare",
    reason:
      "adopt: true installs the same certificate and key in place of the live ones; without it the create would stop, since the domain has a custom certificate",
    args: (p) => ({
      hostingId: p.hostingId as number,
      domain: str(p.domain),
      certificate: str(p.certificate),
      privateKey: str(p.privateKey),
      adopt: true,
    }),
    config: [
      {
        property: "privateKey",
        configKind: "sslKey",
        naturalKey: (p) => str(p.domain),
        description: (p) => `PEM private key of the custom certificate of ${str(p.domain)} (hosting account ${str(p.hostingId)})`,
        secret: true,
        readable: true,
        from: "path/to/file",
        guidance: () =>
          "A custom certificate's private key is the one installed now: read it from where the certificate was issued, or with the API's `ssl.getCustom` operation (`client.ssl.getCustom({ id, domain })`).",
      },
    ],
    describe: (p) => [`${str(p.subject)}, issued by ${str(p.issuer)}, valid until ${str(p.notAfter)}`],
  },
  WafDisabledRules: {
    mode: "declare",
    reason: "creating it replaces the domain's disabled list with the declared one",
  },
  FtpAccount: {
    mode: "declare",
    reason: "adopt: true takes the login over without creating it, and sets the declared password and path on it",
    args: (p) => ({
      hostingId: p.hostingId as number,
      domain: str(p.domain),
      user: str(p.user),
      path: str(p.path),
      password: FROM_CONFIG,
      adopt: true,
    }),
    config: [
      passwordInput(
        "ftpPassword",
        (p) => str(p.username),
        (p) => `FTP login ${str(p.username)}`,
        () => "the first `pulumi up` sets it on the login",
        () => `The API never returns the password of an FTP login: ${PASSWORD_GUIDANCE}`,
      ),
    ],
    describe: (p) => [`root ${str(p.path)}`],
  },
  SshKey: {
    mode: "declare",
    reason:
      "adopt: true takes over the key with the declared line's fingerprint without adding it; its comment and addresses are declared as they are",
    args: (p) => ({
      hostingId: p.hostingId as number,
      publicKey: FROM_CONFIG,
      comment: str(p.comment),
      fromIps: (p.fromIps as string[] | undefined) ?? [],
      adopt: true,
    }),
    config: [
      {
        property: "publicKey",
        configKind: "sshPublicKey",
        naturalKey: (p) =>
          `${str(p.hostingId)}_${str(p.fingerprint)
            .replace(/[^0-9a-f]/g, "")
            .slice(0, 8)}`,
        description: (p) =>
          `public key line (type base64 [comment]) of the SSH key ${str(p.fingerprint)} of hosting account ${str(p.hostingId)}`,
        secret: false,
        readable: false,
        from: "path/to/key.pub",
        effect: (p) => `give the line whose MD5 fingerprint is ${str(p.fingerprint)}; another key would be added as a new one`,
        guidance: () =>
          "The API names SSH keys by their MD5 fingerprint and never returns the key line: give the public key line whose `ssh-keygen -l -E md5 -f key.pub` fingerprint is the one in the comment next to the resource. Another line would add a new key instead of adopting this one.",
      },
    ],
    describe: (p) => [
      `${str(p.comment) || "no comment"}${(p.fromIps as string[] | undefined)?.length ? `, from ${(p.fromIps as string[]).join(", ")}` : ""}`,
    ],
  },
  Database: {
    mode: "declare",
    reason: "adopt: true takes the database over as it is, without creating or changing anything",
    // A destroy deletes a database with its data.
    protect: true,
    args: (p) => ({ hostingId: p.hostingId as number, name: str(p.name), databaseType: str(p.databaseType), adopt: true }),
  },
  DatabaseUser: {
    mode: "declare",
    reason: "adopt: true takes the user over without creating it, and sets the declared password on it (v4, v3)",
    args: (p) => ({
      hostingId: p.hostingId as number,
      name: str(p.name),
      password: FROM_CONFIG,
      databaseType: str(p.databaseType),
      adopt: true,
    }),
    config: [
      passwordInput(
        "dbPassword",
        (p) => str(p.name),
        (p) => `database user ${str(p.name)}`,
        (_p, version) =>
          version === "v2"
            ? "API v2 cannot set it on adoption, so give the user's current password"
            : "the first `pulumi up` sets it on the user",
        (version) =>
          version === "v2"
            ? "The API never returns the password of a database user, and API v2 cannot set it when the user is adopted: give each user's current password (state records the declared one)."
            : `The API never returns the password of a database user: ${PASSWORD_GUIDANCE}`,
      ),
    ],
  },
  DatabaseUserGrant: {
    mode: "declare",
    reason:
      "adopt: true takes the privileges the user holds over as they are; without it the create would stop, since the user holds them already",
    args: (p) => ({
      hostingId: p.hostingId as number,
      database: str(p.database),
      user: str(p.user),
      privileges: (p.privileges as string[]) ?? [],
      databaseType: str(p.databaseType),
      adopt: true,
    }),
  },
  CronJob: {
    mode: "read",
    reason: "creating a job adds a crontab line even when an identical one exists, so the job would run twice",
    describe: (p) => [`${str(p.schedule)}  ${str(p.command)}`],
  },
  CronEmail: {
    mode: "declare",
    reason: "creating it sets the address over the current one (the same address)",
  },
  PhpVersion: {
    mode: "declare",
    reason: "creating it sets the active version (the same version)",
    include: (p) => p.phpVersion !== p.defaultVersion,
    args: (p) => ({ hostingId: p.hostingId as number, phpVersion: str(p.phpVersion) }),
    describe: (p) => [`the account's default is ${str(p.defaultVersion)}`],
  },
  PhpOptions: {
    mode: "declare",
    reason: "creating it writes the declared options (their current values); only options that differ from their defaults are declared",
    include: (p) => Object.keys((p.options as Record<string, string> | undefined) ?? {}).length > 0,
    args: (p) => ({
      hostingId: p.hostingId as number,
      phpVersion: str(p.phpVersion),
      options: sortedRecord(p.options as Record<string, string>),
    }),
    describe: (p) => {
      const defaults = (p.defaults as Record<string, string> | undefined) ?? {};
      return [
        `defaults: ${Object.keys(defaults)
          .sort()
          .map((k) => `${k} ${defaults[k]}`)
          .join(", ")}`,
      ];
    },
  },
  CacheService: {
    mode: "declare",
    reason: "creating it switches the service on and starts it (it already runs)",
    include: (p) => p.enabled === true,
    args: (p) => ({ hostingId: p.hostingId as number, service: str(p.service), enabled: true }),
  },
  ObjectStorageAccount: {
    mode: "declare",
    reason: "creating it adopts object storage that is already initialised, with its current keys",
    args: (p) => ({ hostingId: p.hostingId as number, credentialsVersion: (p.credentialsVersion as number | undefined) ?? 1 }),
    describe: (p) => [`bucket ${str(p.name)}; its keys are secret outputs, never written here`],
  },
  ObjectStorageUrl: {
    mode: "read",
    reason: "adding a URI that the account already publishes fails",
    describe: (p) => [`${str(p.uri)} on ${str(p.domain) || "every domain"} -> ${str(p.dest)}`],
  },
  EmailAccount: {
    mode: "declare",
    reason: "adopt: true takes the mailbox over without creating it, and sets the declared password on it (the quota is the live one)",
    args: (p) => ({
      hostingId: p.hostingId as number,
      domain: str(p.domain),
      user: str(p.user),
      password: FROM_CONFIG,
      ...(typeof p.quota === "number" ? { quota: p.quota } : {}),
      adopt: true,
    }),
    config: [
      passwordInput(
        "mailPassword",
        (p) => str(p.email),
        (p) => `mailbox ${str(p.email)}`,
        () => "the first `pulumi up` sets it on the mailbox",
        () =>
          "The API never returns the password of a mailbox: choose the one it is to have (at least 8 characters with an upper-case and a lower-case letter, a digit and a symbol); the first `pulumi up` sets it, so tell whoever uses it, or give its current one.",
      ),
    ],
    describe: (p) => (typeof p.quota === "number" ? [`quota ${p.quota} MB`] : []),
  },
} satisfies Partial<Record<ResourceType, KindRules>>;

/** A generated resource type's name. */
export type KindName = keyof typeof RULES;

/**
 * The registered types `reseller generate` leaves out, and why (docs/generate.md says the same).
 * A type the registry gains must be added here or to `RULES`.
 */
export const NOT_GENERATED: Record<Exclude<ResourceType, KindName>, string> = {
  DnsZone: "record sets are generated one by one as DnsRecordSet, which leaves the rest of the zone alone",
  DomainNameservers: "the DomainRegistration declares the domain's nameservers",
  DomainLock: "the DomainRegistration declares the domain's registrar lock",
  PhpExtensions: "the API gives no default to compare with, so what differs from it is unknown",
  SslCsr: "a CSR is a step towards a certificate, not a setting",
};

/** Every generated resource type with its rules, its type name and its definition, in the order of `RULES`. */
export const KINDS: Record<KindName, Kind> = (() => {
  const kinds = {} as Record<KindName, Kind>;
  for (const type of Object.keys(RULES) as KindName[]) kinds[type] = { ...(RULES[type] as KindRules), type, definition: RESOURCES[type] };
  return kinds;
})();

function sortedRecord(record: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record ?? {}).sort()) out[key] = record![key]!;
  return out;
}

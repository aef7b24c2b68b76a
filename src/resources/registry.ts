/**
 * The one list of the package's resources, in the order the docs list them (the ten core
 * ones first, then the rest as they were added). Everything that enumerates resources derives from
 * it: the runtime serves these definitions by type, the docs link one page per entry,
 * `docs/resources/<folder>.md`, and `reseller generate` must say for every entry how it is
 * generated, or why not (a compile error otherwise, `src/generate/kinds.ts`). A test checks that
 * every folder under `src/resources/` is listed here, re-exported by `index.ts` and documented.
 *
 * Only definitions are imported (each folder's `provider.ts`), never the classes, so the runtime
 * and the CLI do not load `@pulumi/pulumi`'s resource machinery through this module.
 *
 * Adding a resource: its folder (`schema.ts`, `provider.ts`, `resource.ts`, `index.ts`), its entry
 * here, its `export *` line in `index.ts`, its page in `docs/resources/`, and its entry in
 * `src/generate/kinds.ts` (docs/decisions/0012).
 */
import type { AnyResourceDefinition } from "../provider/lifecycle/define";
import { cacheServiceDefinition } from "./cache-service/provider";
import { cronEmailDefinition } from "./cron-email/provider";
import { cronJobDefinition } from "./cron-job/provider";
import { customSslDefinition } from "./custom-ssl/provider";
import { databaseDefinition } from "./database/provider";
import { databaseUserGrantDefinition } from "./database-user-grant/provider";
import { databaseUserDefinition } from "./database-user/provider";
import { dnsRecordSetDefinition } from "./dns-record-set/provider";
import { dnsZoneDefinition } from "./dns-zone/provider";
import { domainLockDefinition } from "./domain-lock/provider";
import { domainNameserversDefinition } from "./domain-nameservers/provider";
import { domainRegistrationDefinition } from "./domain-registration/provider";
import { emailAccountDefinition } from "./email-account/provider";
import { ftpAccountDefinition } from "./ftp-account/provider";
import { objectStorageAccountDefinition } from "./object-storage-account/provider";
import { objectStorageUrlDefinition } from "./object-storage-url/provider";
import { phpExtensionsDefinition } from "./php-extensions/provider";
import { phpOptionsDefinition } from "./php-options/provider";
import { phpVersionDefinition } from "./php-version/provider";
import { redirectionDefinition } from "./redirection/provider";
import { sshKeyDefinition } from "./ssh-key/provider";
import { sslCsrDefinition } from "./ssl-csr/provider";
import { wafDisabledRulesDefinition } from "./waf-disabled-rules/provider";

/** Every resource's definition by its type name, in the docs' order. */
export const RESOURCES = {
  DomainRegistration: domainRegistrationDefinition,
  DnsRecordSet: dnsRecordSetDefinition,
  Redirection: redirectionDefinition,
  CustomSsl: customSslDefinition,
  FtpAccount: ftpAccountDefinition,
  SshKey: sshKeyDefinition,
  DatabaseUserGrant: databaseUserGrantDefinition,
  ObjectStorageUrl: objectStorageUrlDefinition,
  WafDisabledRules: wafDisabledRulesDefinition,
  PhpOptions: phpOptionsDefinition,
  DnsZone: dnsZoneDefinition,
  DomainNameservers: domainNameserversDefinition,
  DomainLock: domainLockDefinition,
  PhpVersion: phpVersionDefinition,
  PhpExtensions: phpExtensionsDefinition,
  CacheService: cacheServiceDefinition,
  ObjectStorageAccount: objectStorageAccountDefinition,
  Database: databaseDefinition,
  DatabaseUser: databaseUserDefinition,
  CronJob: cronJobDefinition,
  CronEmail: cronEmailDefinition,
  SslCsr: sslCsrDefinition,
  EmailAccount: emailAccountDefinition,
} satisfies Record<string, AnyResourceDefinition>;

/** A resource type name of the package (`"DnsRecordSet"`). */
export type ResourceType = keyof typeof RESOURCES;

for (const [type, definition] of Object.entries(RESOURCES)) {
  // The key is what the docs, the generator and the tests go by; the definition's type is the
  // frozen token. They must agree, or a resource would be documented under one name and served
  // under another.
  if (definition.type !== type) throw new Error(`src/resources/registry.ts lists ${definition.type} under ${type}`);
}

/**
 * The definitions the runtime dispatches to, by `type`, in the docs' order.
 *
 * @example
 * import { definitions } from "pulumi-hosting-reseller";
 * definitions.map((d) => d.type); // ["DomainRegistration", "DnsRecordSet", ...]
 */
export const definitions: readonly AnyResourceDefinition[] = Object.values(RESOURCES);

/** The folder of a resource type under `src/resources/`, and the name of its page under `docs/resources/`. */
export function resourceFolder(type: string): string {
  return type.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

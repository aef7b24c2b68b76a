/**
 * Every resource of the package: the classes programs construct, and the definitions the
 * runtime serves. A new resource adds its folder's exports here and its definition to
 * `definitions`; the runtime finds it by its type name.
 *
 * @example
 * import { DnsRecordSet, DomainRegistration } from "pulumi-hosting-reseller";
 */
import type { AnyResourceDefinition } from "../provider/define";
import { databaseDefinition } from "./database";
import { databaseUserDefinition } from "./database-user";
import { dnsZoneDefinition } from "./dns-zone";
import { domainNameserversDefinition } from "./domain-nameservers";
import { domainLockDefinition } from "./domain-lock";
import { cronJobDefinition } from "./cron-job";
import { cronEmailDefinition } from "./cron-email";
import { sslCsrDefinition } from "./ssl-csr";
import { objectStorageAccountDefinition } from "./object-storage-account";
import { cacheServiceDefinition } from "./cache-service";
import { phpExtensionsDefinition } from "./php-extensions";
import { phpVersionDefinition } from "./php-version";
import { databaseUserGrantDefinition } from "./database-user-grant";
import { ftpAccountDefinition } from "./ftp-account";
import { sshKeyDefinition } from "./ssh-key";
import { dnsRecordSetDefinition } from "./dns-record-set";
import { objectStorageUrlDefinition } from "./object-storage-url";
import { phpOptionsDefinition } from "./php-options";
import { redirectionDefinition } from "./redirection";
import { domainRegistrationDefinition } from "./domain-registration";
import { customSslDefinition } from "./custom-ssl";
import { wafDisabledRulesDefinition } from "./waf-disabled-rules";

export * from "./domain-registration";
export * from "./database";
export * from "./database-user";
export * from "./dns-zone";
export * from "./domain-nameservers";
export * from "./domain-lock";
export * from "./cron-job";
export * from "./cron-email";
export * from "./ssl-csr";
export * from "./object-storage-account";
export * from "./cache-service";
export * from "./php-extensions";
export * from "./php-version";
export * from "./ftp-account";
export * from "./ssh-key";
export * from "./database-user-grant";
export * from "./dns-record-set";
export * from "./redirection";
export * from "./object-storage-url";
export * from "./php-options";
export * from "./custom-ssl";
export * from "./waf-disabled-rules";

/**
 * The definitions the runtime dispatches to, by `type`.
 *
 * @example
 * definitions.map((d) => d.type); // ["DomainRegistration", "DnsRecordSet", ...]
 */
export const definitions: readonly AnyResourceDefinition[] = [databaseDefinition, databaseUserDefinition, dnsZoneDefinition, domainNameserversDefinition, domainLockDefinition, cronJobDefinition, cronEmailDefinition, sslCsrDefinition, objectStorageAccountDefinition, cacheServiceDefinition, phpExtensionsDefinition, phpVersionDefinition, ftpAccountDefinition, sshKeyDefinition, databaseUserGrantDefinition, domainRegistrationDefinition, dnsRecordSetDefinition, redirectionDefinition, objectStorageUrlDefinition, phpOptionsDefinition, customSslDefinition, wafDisabledRulesDefinition];

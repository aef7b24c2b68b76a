/**
 * Every data source by its public name: what the provider plugin serves as the invokes
 * `reseller:index:<name>` and what its schema lists, so that a data source added to the package
 * and not here is caught by the test that compares this list with the package's exports.
 */
import { collectAccessLogs } from "./access-logs";
import { getAccountInfo } from "./account-info";
import { getDatabaseUsers } from "./database-users";
import { getDatabases } from "./databases";
import { getDiskUsage } from "./disk-usage";
import { getDnsZone } from "./dns-zone";
import { getDomainAvailability } from "./domain-availability";
import { getDomainInfo } from "./domain-info";
import { getDomains } from "./domains";
import { getFtpAccounts } from "./ftp-accounts";
import { getFtpConnections } from "./ftp-connections";
import { getHostingAccounts } from "./hosting-accounts";
import { getMemcachedStatus } from "./memcached-status";
import { getNodejsApplications } from "./nodejs-applications";
import { getNodejsVersions } from "./nodejs-versions";
import { getObjectStorage } from "./object-storage";
import { getPhpExtensions } from "./php-extensions";
import { getPhpOptions } from "./php-options";
import { getPhpVersions } from "./php-versions";
import { getRedisStatus } from "./redis-status";
import { getResourceUsage } from "./resource-usage";
import { getSshKeys } from "./ssh-keys";
import { getSslCertificate } from "./ssl-certificate";
import { getTldPricing } from "./tld-pricing";
import { getVisitorStats } from "./visitor-stats";
import { getWafLogs } from "./waf-logs";
import { getWafRules } from "./waf-rules";

/** One data source as an invoke runs it: plain arguments in, one plain result out. */
export interface DataSourceEntry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments are validated by each data source
  run: (args: any) => Promise<unknown>;
  /** The result carries a credential, so every property of it is secret. */
  secret?: boolean;
  /**
   * What the invoke does, for the provider plugin's schema, where the function's own
   * documentation speaks of the TypeScript functions rather than of the invoke.
   */
  description?: string;
  /** Arguments the invoke requires beyond those its arguments type requires. */
  required?: readonly string[];
}

/**
 * The data sources, by name.
 *
 * @example
 * import { DATA_SOURCES } from "./registry";
 * const zone = await DATA_SOURCES.getDnsZone.run({ domain: "example.com" });
 */
export const DATA_SOURCES: Readonly<Record<string, DataSourceEntry>> = {
  // The function itself is an async iterator; an invoke returns one result, up to `limit`.
  getAccessLogs: {
    run: collectAccessLogs,
    // The invoke's result holds every entry it reads, so it must be bounded (collectAccessLogs).
    required: ["limit"],
    description:
      "Reads a domain's web server access log between `after` and `before`, up to `limit` entries. `limit` is required: the result holds every entry it reads.",
  },
  getAccountInfo: { run: getAccountInfo },
  getDatabaseUsers: { run: getDatabaseUsers },
  getDatabases: { run: getDatabases },
  getDiskUsage: { run: getDiskUsage },
  getDnsZone: { run: getDnsZone },
  getDomainAvailability: { run: getDomainAvailability },
  getDomainInfo: { run: getDomainInfo },
  getDomains: { run: getDomains },
  getFtpAccounts: { run: getFtpAccounts },
  getFtpConnections: { run: getFtpConnections },
  getHostingAccounts: { run: getHostingAccounts },
  getMemcachedStatus: { run: getMemcachedStatus },
  getNodejsApplications: { run: getNodejsApplications },
  getNodejsVersions: { run: getNodejsVersions },
  // Its result carries the storage access and secret keys (the `...Output` variant is secret too).
  getObjectStorage: {
    run: getObjectStorage,
    secret: true,
    description:
      "Reads the object storage account of a hosting account, credentials included (v4 and v3). Every property of the result is secret.",
  },
  getPhpExtensions: { run: getPhpExtensions },
  getPhpOptions: { run: getPhpOptions },
  getPhpVersions: { run: getPhpVersions },
  getRedisStatus: { run: getRedisStatus },
  getResourceUsage: { run: getResourceUsage },
  getSshKeys: { run: getSshKeys },
  getSslCertificate: { run: getSslCertificate },
  getTldPricing: { run: getTldPricing },
  getVisitorStats: { run: getVisitorStats },
  getWafLogs: { run: getWafLogs },
  getWafRules: { run: getWafRules },
};

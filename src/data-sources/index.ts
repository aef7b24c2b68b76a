/**
 * Data sources: read-only lookups that run in the Pulumi program, each a plain async function
 * `getX(args)` plus a `getXOutput(args, opts)` variant that takes `pulumi.Input`s and returns a
 * `pulumi.Output` (dynamic providers have no invoke). They read the `reseller:*`
 * stack configuration (environment fallback `RESELLER_API_*`) and share one client per program
 * run. `getAccessLogs` is an async iterator that pages for you.
 */
export { resetDataSources } from "./client";
export type { DataSourceOutputOptions, OutputArgs } from "./define";
export { getAccountInfo, getAccountInfoOutput } from "./account-info";
export type { GetAccountInfoArgs, GetAccountInfoOutputArgs, GetAccountInfoResult } from "./account-info";
export { getTldPricing, getTldPricingOutput } from "./tld-pricing";
export type { GetTldPricingArgs, GetTldPricingOutputArgs, TldPrice, GetTldPricingResult } from "./tld-pricing";
export { getDomainAvailability, getDomainAvailabilityOutput } from "./domain-availability";
export type { GetDomainAvailabilityArgs, GetDomainAvailabilityOutputArgs, GetDomainAvailabilityResult } from "./domain-availability";
export { getDomainInfo, getDomainInfoOutput } from "./domain-info";
export type { GetDomainInfoArgs, GetDomainInfoOutputArgs, GetDomainInfoResult } from "./domain-info";
export { getDomains, getDomainsOutput } from "./domains";
export type { GetDomainsArgs, GetDomainsOutputArgs, AccountDomain, GetDomainsResult } from "./domains";
export { getHostingAccounts, getHostingAccountsOutput } from "./hosting-accounts";
export type {
  GetHostingAccountsArgs,
  GetHostingAccountsOutputArgs,
  HostingResources,
  HostingAccount,
  WorldAccount,
  GetHostingAccountsResult,
} from "./hosting-accounts";
export { getResourceUsage, getResourceUsageOutput } from "./resource-usage";
export type {
  GetResourceUsageArgs,
  GetResourceUsageOutputArgs,
  UsageCounter,
  ResourceUsageRow,
  GetResourceUsageResult,
} from "./resource-usage";
export { getDiskUsage, getDiskUsageOutput } from "./disk-usage";
export type { GetDiskUsageArgs, GetDiskUsageOutputArgs, GetDiskUsageResult } from "./disk-usage";
export { getVisitorStats, getVisitorStatsOutput } from "./visitor-stats";
export type { VisitorPeriod, GetVisitorStatsArgs, GetVisitorStatsOutputArgs, VisitorBucket, GetVisitorStatsResult } from "./visitor-stats";
export { getPhpVersions, getPhpVersionsOutput } from "./php-versions";
export type { GetPhpVersionsArgs, GetPhpVersionsOutputArgs, GetPhpVersionsResult } from "./php-versions";
export { getPhpOptions, getPhpOptionsOutput } from "./php-options";
export type { GetPhpOptionsArgs, GetPhpOptionsOutputArgs, PhpOptionInfo, GetPhpOptionsResult } from "./php-options";
export { getPhpExtensions, getPhpExtensionsOutput } from "./php-extensions";
export type { GetPhpExtensionsArgs, GetPhpExtensionsOutputArgs, GetPhpExtensionsResult } from "./php-extensions";
export { getNodejsVersions, getNodejsVersionsOutput } from "./nodejs-versions";
export type { GetNodejsVersionsArgs, GetNodejsVersionsOutputArgs, GetNodejsVersionsResult } from "./nodejs-versions";
export { getNodejsApplications, getNodejsApplicationsOutput } from "./nodejs-applications";
export type {
  GetNodejsApplicationsArgs,
  GetNodejsApplicationsOutputArgs,
  NodejsApplication,
  GetNodejsApplicationsResult,
} from "./nodejs-applications";
export { getSslCertificate, getSslCertificateOutput } from "./ssl-certificate";
export type { GetSslCertificateArgs, GetSslCertificateOutputArgs, GetSslCertificateResult } from "./ssl-certificate";
export { getDnsZone, getDnsZoneOutput } from "./dns-zone";
export type { GetDnsZoneArgs, GetDnsZoneOutputArgs, DnsRecordValue, DnsZoneRecordSet, GetDnsZoneResult } from "./dns-zone";
export { getMemcachedStatus, getMemcachedStatusOutput } from "./memcached-status";
export type { GetMemcachedStatusArgs, GetMemcachedStatusOutputArgs, GetMemcachedStatusResult } from "./memcached-status";
export { getRedisStatus, getRedisStatusOutput } from "./redis-status";
export type { GetRedisStatusArgs, GetRedisStatusOutputArgs, GetRedisStatusResult } from "./redis-status";
export { getObjectStorage, getObjectStorageOutput } from "./object-storage";
export type { GetObjectStorageArgs, GetObjectStorageOutputArgs, GetObjectStorageUsage, GetObjectStorageResult } from "./object-storage";
export { getWafRules, getWafRulesOutput } from "./waf-rules";
export type { GetWafRulesArgs, GetWafRulesOutputArgs, WafRuleRange, WafRuleGroup, GetWafRulesResult } from "./waf-rules";
export { getWafLogs, getWafLogsOutput } from "./waf-logs";
export type { GetWafLogsArgs, GetWafLogsOutputArgs, WafLogGeo, WafLogHit, GetWafLogsResult } from "./waf-logs";
export { getFtpAccounts, getFtpAccountsOutput } from "./ftp-accounts";
export type { GetFtpAccountsArgs, GetFtpAccountsOutputArgs, FtpAccountInfo, GetFtpAccountsResult } from "./ftp-accounts";
export { getFtpConnections, getFtpConnectionsOutput } from "./ftp-connections";
export type { GetFtpConnectionsArgs, GetFtpConnectionsOutputArgs, FtpConnection, GetFtpConnectionsResult } from "./ftp-connections";
export { getSshKeys, getSshKeysOutput } from "./ssh-keys";
export type { GetSshKeysArgs, GetSshKeysOutputArgs, SshKeyInfo, GetSshKeysResult } from "./ssh-keys";
export { getDatabases, getDatabasesOutput } from "./databases";
export type { GetDatabasesArgs, GetDatabasesOutputArgs, DatabaseGrant, DatabaseInfo, GetDatabasesResult } from "./databases";
export { getDatabaseUsers, getDatabaseUsersOutput } from "./database-users";
export type { GetDatabaseUsersArgs, GetDatabaseUsersOutputArgs, GetDatabaseUsersResult } from "./database-users";
export { getAccessLogs, getAccessLogsOutput } from "./access-logs";
export type { GetAccessLogsArgs, GetAccessLogsOutputArgs, AccessLogUserAgent, AccessLogEntry, GetAccessLogsResult } from "./access-logs";

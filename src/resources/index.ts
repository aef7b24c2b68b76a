/**
 * Every resource of the package: the classes programs construct, and the definitions the
 * runtime serves. One `export *` line per folder, in the order of `RESOURCES` in `registry.ts`,
 * the list everything else derives from; a test checks that the two agree.
 */
export { definitions } from "./registry";

export * from "./domain-registration";
export * from "./dns-record-set";
export * from "./redirection";
export * from "./custom-ssl";
export * from "./ftp-account";
export * from "./ssh-key";
export * from "./database-user-grant";
export * from "./object-storage-url";
export * from "./waf-disabled-rules";
export * from "./php-options";
export * from "./dns-zone";
export * from "./domain-nameservers";
export * from "./domain-lock";
export * from "./php-version";
export * from "./php-extensions";
export * from "./cache-service";
export * from "./object-storage-account";
export * from "./database";
export * from "./database-user";
export * from "./cron-job";
export * from "./cron-email";
export * from "./ssl-csr";

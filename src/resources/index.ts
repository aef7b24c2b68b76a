/**
 * Every resource of the package: the classes programs construct, their arguments and state, and
 * their helpers. One `export *` line per folder, in the order of `RESOURCES` in `registry.ts`,
 * the list everything else derives from; a test checks that the two agree. The lifecycle
 * definitions the runtime serves are not exported: their types are the zod schemas, which the
 * public declarations do not name (docs/decisions/0041); `registry.ts` lists them.
 */

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
export * from "./email-account";

/**
 * pulumi-hosting-reseller: manage domains and hosting sold through the PlanetHoster reseller API
 * as Pulumi TypeScript code.
 *
 * - Pulumi dynamic resources: `DomainRegistration`, `DnsRecordSet`, `Redirection`, `CustomSsl`,
 *   `FtpAccount`, `SshKey`, `DatabaseUserGrant`, `ObjectStorageUrl`, `WafDisabledRules`,
 *   `PhpOptions` and more;
 * - `createClient`: a typed client for every operation of API v4, v3 and v2;
 * - `endpoints`: the endpoint table (method, path, schemas and evidence of each operation);
 * - the simulator ships as `pulumi-hosting-reseller/simulator`, the testing toolkit as
 *   `pulumi-hosting-reseller/testing`.
 *
 * @example
 * import { createClient } from "pulumi-hosting-reseller";
 * const client = createClient({ apiUser: "...", apiKey: "..." });
 * console.log(await client.account.hello());
 */
export { createClient, DEFAULT_BASE_URL, parseBaseUrl } from "./client/client";
export type { ClientOptions, ClientMethods, EndpointOverride, RequestEvent, RequestOptions, ResellerClient } from "./client/client";
export { endpoints } from "./client/endpoints";
export type { EndpointKey, Endpoints, VersionKey } from "./client/endpoints";
export { API_VERSIONS } from "./client/endpoint";
export type { ApiVersion, EndpointDef, Evidence, HttpMethod, ParamLocation, Safety } from "./client/endpoint";
export { ERROR_CODES, ResellerApiError, isResellerApiError } from "./client/errors";
export type { ErrorCode } from "./client/errors";
export { createLimiter } from "./client/limiter";
export type { Limiter, LimiterOptions } from "./client/limiter";
export { DEFAULT_RETRY, decideRetry, parseRetryAfter } from "./client/retry";
export type { RetryOptions } from "./client/retry";

// ---- Pulumi resources (each also documents its import id and destroy behaviour) ----
export * from "./resources";

// ---- configuration ----
export { CONFIG_KEYS, CONFIG_NAMESPACE, readSettings } from "./provider/config";
export type { ConfigKey, ConfigReader, ProviderSettings } from "./provider/config";

// ---- data sources (plain async functions and ...Output variants) ----
export * from "./data-sources";

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
import {
  normalizeCronSchedule,
  normalizeDestination,
  normalizeFromIps,
  normalizeFtpPath,
  normalizeFtpUser,
  normalizeStorageDomain,
  normalizeStorageUri,
} from "./resources";

export { createClient, DEFAULT_BASE_URL, parseBaseUrl } from "./client/client";
export type { ClientOptions, ClientMethods, EndpointOverride, RequestEvent, RequestOptions, ResellerClient } from "./client/client";
// The table with types that name no zod type (docs/decisions/0041): `EndpointDef`, `Operation`
// and `Route` are the public names of the plain entry, row and route types.
export { endpoints, operations } from "./client/public";
export type {
  EndpointEntry,
  EndpointEntry as EndpointDef,
  EndpointTable,
  EndpointTable as Endpoints,
  OperationRoute as Route,
  OperationRow as Operation,
  OperationRows,
  Schema,
  SchemaError,
  SchemaIssue,
  SchemaResult,
} from "./client/public";
export type { EndpointKey, KeysOf, OperationId, OperationParams, OperationReply, VersionKey } from "./client/endpoints";
export type { OperationParamsByKey, OperationReplyByKey, OperationSentByKey, OperationVersions } from "./public-types.generated";
export { API_VERSIONS } from "./client/endpoint";
export type { ApiVersion, Evidence, HttpMethod, ParamLocation, Safety, Unwrap } from "./client/endpoint";
export { ERROR_CODES, ResellerApiError, isResellerApiError } from "./client/errors";
export type { ErrorCode } from "./client/errors";
export { EndpointOverrideError, parseEndpointOverrides, overridesByVersion } from "./client/overrides";
export type { EndpointOverrides, EndpointOverridesByVersion, EndpointOverridesInput, RouteOverride } from "./client/overrides";
export { RateLimitPause, createLimiter } from "./client/limiter";
export type { Limiter, LimiterOptions, ScheduleOptions } from "./client/limiter";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./client/transport";
export { DEFAULT_RETRY, decideRetry, parseRetryAfter, rateLimitDelay } from "./client/retry";
export type { RetryOptions } from "./client/retry";

// ---- Pulumi resources (each also documents its import id and destroy behaviour) ----
export * from "./resources";

// ---- configuration ----
export { CONFIG_KEYS, CONFIG_NAMESPACE, readSettings } from "./provider/rules/config";
export type { ConfigKey, ConfigReader, ProviderSettings } from "./provider/rules/config";

// ---- data sources (plain async functions and ...Output variants) ----
export * from "./data-sources";

// ---- earlier spellings, kept so that programs written against 0.1 still compile ----
/** @deprecated Use {@link normalizeCronSchedule}. */
export const normaliseCronSchedule = normalizeCronSchedule;
/** @deprecated Use {@link normalizeDestination}. */
export const normaliseDestination = normalizeDestination;
/** @deprecated Use {@link normalizeFromIps}. */
export const normaliseFromIps = normalizeFromIps;
/** @deprecated Use {@link normalizeFtpPath}. */
export const normaliseFtpPath = normalizeFtpPath;
/** @deprecated Use {@link normalizeFtpUser}. */
export const normaliseFtpUser = normalizeFtpUser;
/** @deprecated Use {@link normalizeStorageDomain}. */
export const normaliseStorageDomain = normalizeStorageDomain;
/** @deprecated Use {@link normalizeStorageUri}. */
export const normaliseStorageUri = normalizeStorageUri;

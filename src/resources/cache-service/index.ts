/**
 * CacheService: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { CacheService } from "pulumi-hosting-reseller";
 * new CacheService("redis", { hostingId: 101, service: "redis" });
 */
export { CacheService } from "./resource";
export type { CacheServiceArgs } from "./resource";
export { cacheServiceDefinition, cacheServiceId, parseCacheServiceId } from "./provider";
export { CACHE_SERVICES, enabledSatisfied } from "./schema";
export type { CacheServiceInputs, CacheServiceName, CacheServiceOutputs } from "./schema";

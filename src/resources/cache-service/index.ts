/** CacheService: the resource class, its arguments and state, and its helpers. */
export { CacheService } from "./resource";
export type { CacheServiceArgs } from "./resource";
export { cacheServiceId, parseCacheServiceId } from "./provider";
export { CACHE_SERVICES, enabledSatisfied } from "./schema";
export type { CacheServiceInputs, CacheServiceName, CacheServiceOutputs } from "./schema";

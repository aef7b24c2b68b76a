/**
 * ObjectStorageUrl: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { ObjectStorageUrl } from "pulumi-hosting-reseller";
 * new ObjectStorageUrl("media", { hostingId: 101, uri: "/media", domain: "agency-demo.com" });
 */
export { ObjectStorageUrl } from "./resource";
export type { ObjectStorageUrlArgs } from "./resource";
export { objectStorageUrlDefinition, parseStorageUrlId, storageUrlId } from "./provider";
export { normalizeStorageDomain, normalizeStorageUri } from "./schema";
export type { ObjectStorageUrlInputs, ObjectStorageUrlOutputs } from "./schema";

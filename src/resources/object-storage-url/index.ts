/** ObjectStorageUrl: the resource class, its arguments and state, and its helpers. */
export { ObjectStorageUrl } from "./resource";
export type { ObjectStorageUrlArgs } from "./resource";
export { parseStorageUrlId, storageUrlId } from "./provider";
export { normalizeStorageDomain, normalizeStorageUri } from "./schema";
export type { ObjectStorageUrlInputs, ObjectStorageUrlOutputs } from "./schema";

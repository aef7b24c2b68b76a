/** ObjectStorageAccount: the resource class, its arguments and state, and its helpers. */
export { ObjectStorageAccount } from "./resource";
export type { ObjectStorageAccountArgs } from "./resource";
export { objectStorageAccountId, parseObjectStorageAccountId } from "./provider";
export { storageAccountOutputs } from "./schema";
export type { ObjectStorageAccountInputs, ObjectStorageAccountOutputs, ObjectStorageUsage, StorageAccountReply } from "./schema";

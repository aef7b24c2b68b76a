/**
 * ObjectStorageAccount: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { ObjectStorageAccount } from "pulumi-hosting-reseller";
 * new ObjectStorageAccount("storage", { hostingId: 101 });
 */
export { ObjectStorageAccount } from "./resource";
export type { ObjectStorageAccountArgs } from "./resource";
export { objectStorageAccountDefinition, objectStorageAccountId, parseObjectStorageAccountId } from "./provider";
export { storageAccountOutputs } from "./schema";
export type { ObjectStorageAccountInputs, ObjectStorageAccountOutputs, ObjectStorageUsage, StorageAccountReply } from "./schema";

/**
 * ObjectStorageAccount: inputs, their validation, and the state it keeps.
 *
 * A hosting account has at most one object-storage (S3-compatible) account: a bucket, an S3
 * user and a key pair (v4 document, "Object storage account": `id, name, s3user, accessKey,
 * secretKey, maxSizeKb, maxObjects, suspended, createdAt, updatedAt, usage`; v3 read CONFIRMED by
 * PlanetHoster's S3 script, catalog §4.1). The only input besides the account is a counter whose
 * change issues a new key pair.
 */
import { z } from "zod";
import { hostingIdInput } from "../../provider/rules/validators";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const objectStorageAccountInputs = {
  /** The hosting account whose object storage is initialised. */
  hostingId: hostingIdInput,
  /** Any change (up or down) issues a new access key and secret key. Default 1. */
  credentialsVersion: z.number().int("must be a whole number").min(1, "must be 1 or more").default(1),
};

/** The checked inputs. */
export interface ObjectStorageAccountInputs {
  hostingId: number;
  credentialsVersion: number;
}

/** What the bucket holds, as the API's `usage` reports it. */
export interface ObjectStorageUsage {
  sizeKb: number;
  numObjects: number;
}

/** The state of an object-storage account. `accessKey` and `secretKey` are secret outputs. */
export interface ObjectStorageAccountOutputs extends ObjectStorageAccountInputs {
  /** The bucket name. */
  name: string;
  /** The S3 user name. */
  s3user: string;
  accessKey: string;
  secretKey: string;
  maxSizeKb: number;
  maxObjects: number;
  suspended: boolean;
  usage: ObjectStorageUsage;
}

/** The account as the API's `storage.getAccount` gives it (v3 inside `data`). */
export interface StorageAccountReply {
  name?: string;
  s3user?: string;
  accessKey?: string;
  secretKey?: string;
  maxSizeKb?: number;
  maxObjects?: number;
  suspended?: boolean;
  usage?: { size?: number; size_kb?: number; max_size_kb?: number; num_objects?: number; max_num_objects?: number };
}

/**
 * The outputs for an account reply. Sizes fall back on the `usage` block when the top-level
 * field is missing, and `size_kb` on `size` (bytes), since the document gives both.
 *
 * @example
 * storageAccountOutputs({ hostingId: 101, credentialsVersion: 1 }, { name: "agencyde-4f2a9c", accessKey: "AK...", secretKey: "..." }).name; // "agencyde-4f2a9c"
 */
export function storageAccountOutputs(inputs: ObjectStorageAccountInputs, a: StorageAccountReply): ObjectStorageAccountOutputs {
  const u = a.usage ?? {};
  return {
    hostingId: inputs.hostingId,
    credentialsVersion: inputs.credentialsVersion,
    name: a.name ?? "",
    s3user: a.s3user ?? "",
    accessKey: a.accessKey ?? "",
    secretKey: a.secretKey ?? "",
    maxSizeKb: a.maxSizeKb ?? u.max_size_kb ?? 0,
    maxObjects: a.maxObjects ?? u.max_num_objects ?? 0,
    suspended: a.suspended === true,
    usage: { sizeKb: u.size_kb ?? (u.size === undefined ? 0 : u.size / 1024), numObjects: u.num_objects ?? 0 },
  };
}

/**
 * `getObjectStorage`: the object storage (N0C Storage, S3-compatible) account of a hosting
 * account and its credentials (`storage.getAccount`: v3 CONFIRMED, PlanetHoster's access-log
 * script reads `data.{accessKey, secretKey, name}` and uses `name` as the bucket; v4 INFERRED-M,
 * catalog §1 #53; v2 has no object storage).
 *
 * The result holds a credential, `secretKey`. The plain function returns it as a string, because
 * a program that calls it wants the value (to configure a client, say) and a Promise cannot
 * carry Pulumi's secret flag. {@link getObjectStorageOutput} returns the whole result as a
 * secret `Output`, as Pulumi does for any invoke whose result holds a secret
 * (`runtime/invoke.js`: `containsSecrets` marks the entire result), so neither the key nor the
 * fields read from it are ever shown or stored in clear. Use `pulumi.unsecret(...)` on a field
 * that is not sensitive (the bucket name) if it must appear in plain text.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getObjectStorage}.
 */
export interface GetObjectStorageArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getObjectStorageOutput}.
 */
export type GetObjectStorageOutputArgs = OutputArgs<GetObjectStorageArgs>;

/**
 * Space and object counts of the storage account.
 *
 * @example
 * const { sizeKb, maxSizeKb } = (await getObjectStorage({ hostingId: 101 })).usage ?? {};
 */
export interface GetObjectStorageUsage {
  /** Space used in bytes (`size`). */
  size?: number;
  /** Space quota (`max_size`), in the unit of `size`. */
  maxSize?: number;
  /** Space used in kilobytes (`size_kb`). */
  sizeKb?: number;
  /** Space quota in kilobytes (`max_size_kb`). */
  maxSizeKb?: number;
  /** Objects stored (`num_objects`). */
  objects?: number;
  /** Object quota (`max_num_objects`). */
  maxObjects?: number;
}

/**
 * The object storage account. **`secretKey` is a credential**: never log or export it in clear;
 * the `...Output` variant returns the whole result as a secret.
 *
 * @example
 * const { bucket, accessKey, secretKey } = await getObjectStorage({ hostingId: 101 });
 */
export interface GetObjectStorageResult {
  /** The hosting account read. */
  hostingId: number;
  /** Storage account id. */
  id?: number;
  /** The bucket (the API's `name`). */
  bucket: string;
  /** S3 user name (`s3user`). */
  s3User?: string;
  /** S3 access key id. */
  accessKey: string;
  /** S3 secret access key: a secret. */
  secretKey: string;
  /** Quota in kilobytes. */
  maxSizeKb?: number;
  /** Object quota. */
  maxObjects?: number;
  /** Whether the storage account is suspended. */
  suspended?: boolean;
  /** When the storage account was created, as the API writes it. */
  createdAt?: string;
  /** When the storage account last changed, as the API writes it. */
  updatedAt?: string;
  /** Space and objects used against the quotas. */
  usage?: GetObjectStorageUsage;
}

const source = defineDataSource<GetObjectStorageArgs, GetObjectStorageArgs, GetObjectStorageResult>({
  name: "getObjectStorage",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["storage.getAccount"],
  secret: true,
  run: async (call, a) => {
    const s = await call.hostingRequest("storage.getAccount", a.hostingId);
    return {
      hostingId: a.hostingId,
      id: s.id,
      bucket: s.name,
      s3User: s.s3user,
      accessKey: s.accessKey,
      secretKey: s.secretKey,
      maxSizeKb: s.maxSizeKb,
      maxObjects: s.maxObjects,
      suspended: s.suspended,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      usage: s.usage && {
        size: s.usage.size,
        maxSize: s.usage.max_size,
        sizeKb: s.usage.size_kb,
        maxSizeKb: s.usage.max_size_kb,
        objects: s.usage.num_objects,
        maxObjects: s.usage.max_num_objects,
      },
    };
  },
});

/**
 * Reads the object storage account of a hosting account, credentials included (v4 and v3).
 * The result's `secretKey` is a plain string here: wrap it in `pulumi.secret(...)` before it
 * goes into a resource or an export, or use {@link getObjectStorageOutput}.
 *
 * @example
 * import { getObjectStorage } from "pulumi-hosting-reseller";
 * const storage = await getObjectStorage({ hostingId: 101 });
 * const credentials = { accessKeyId: storage.accessKey, secretAccessKey: storage.secretKey }; // for an S3 client
 * console.log(`bucket ${storage.bucket}`); // never log the secret key
 */
export function getObjectStorage(args: GetObjectStorageArgs): Promise<GetObjectStorageResult> {
  return source.get(args);
}

/**
 * {@link getObjectStorage} as a secret `pulumi.Output`: every field read from it is secret.
 *
 * @example
 * const storage = getObjectStorageOutput({ hostingId: 101 });
 * export const storageSecretKey = storage.secretKey; // shown as [secret]
 */
export function getObjectStorageOutput(
  args: GetObjectStorageOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetObjectStorageResult> {
  return source.output(args, opts);
}

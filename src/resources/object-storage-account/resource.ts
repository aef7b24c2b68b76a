/**
 * The `ObjectStorageAccount` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { objectStorageAccountDefinition } from "./provider";

/** The arguments of an {@link ObjectStorageAccount}. */
export interface ObjectStorageAccountArgs {
  /** The hosting account whose object storage is initialised. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /**
   * Default 1. Any change issues a new access key and secret key (the old ones stop working):
   * raise it to rotate the credentials.
   */
  credentialsVersion?: pulumi.Input<number>;
}

/**
 * The object storage (S3-compatible bucket, user and key pair) of a hosting account.
 *
 * Creating the resource initialises the account's object storage; if it is already initialised,
 * it is adopted with its current credentials. Raising `credentialsVersion` resets the
 * credentials. The keys are secret outputs.
 *
 * The API cannot remove object storage: destroying the resource only removes it from the
 * stack's state (with a warning), and the bucket, its objects and its keys stay.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { ObjectStorageAccount, ObjectStorageUrl } from "pulumi-hosting-reseller";
 *
 * const storage = new ObjectStorageAccount("storage", { hostingId: 101, credentialsVersion: 1 });
 * new ObjectStorageUrl("media", { hostingId: 101, uri: "/media" }, { dependsOn: [storage] });
 * export const bucket = storage.name;
 * export const accessKey = storage.accessKey; // secret
 * ```
 *
 * ## Import
 *
 * The id is the hosting account's id, e.g. `101`. Read from the id alone, the account counts as
 * `credentialsVersion` 1. Dynamic providers cannot be imported with `pulumi import`
 * (pulumi#16175); use `ObjectStorageAccount.get`, or declare the resource, which adopts an
 * account that is already initialised.
 */
export class ObjectStorageAccount extends ResellerResource<ObjectStorageAccountArgs> {
  protected static override readonly spec = resourceClassSpec(objectStorageAccountDefinition, {
    outputs: {
      accessKey: true,
      maxObjects: true,
      maxSizeKb: true,
      name: true,
      s3user: true,
      secretKey: true,
      suspended: true,
      usage: true,
    },
  });

  declare public readonly hostingId: pulumi.Output<number>;
  declare public readonly credentialsVersion: pulumi.Output<number>;
  /** The bucket name. */
  declare public readonly name: pulumi.Output<string>;
  /** The S3 user name. */
  declare public readonly s3user: pulumi.Output<string>;
  /** The S3 access key id (secret). */
  declare public readonly accessKey: pulumi.Output<string>;
  /** The S3 secret key (secret). */
  declare public readonly secretKey: pulumi.Output<string>;
  /** The size quota, in KiB. */
  declare public readonly maxSizeKb: pulumi.Output<number>;
  /** The object-count quota. */
  declare public readonly maxObjects: pulumi.Output<number>;
  /** Whether the provider suspended the object storage. */
  declare public readonly suspended: pulumi.Output<boolean>;
  /** What the bucket holds, when last read. */
  declare public readonly usage: pulumi.Output<{
    /** Space used, in kilobytes. */
    sizeKb: number;
    /** Objects stored. */
    numObjects: number;
  }>;

  /**
   * Looks up the object storage of a hosting account by id (`101`).
   *
   * @example
   * const storage = ObjectStorageAccount.get("storage", "101");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): ObjectStorageAccount {
    return new ObjectStorageAccount(name, undefined, { ...opts, id });
  }
}

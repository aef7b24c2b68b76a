/**
 * The `ObjectStorageUrl` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { objectStorageUrlDefinition } from "./provider";

/** The arguments of an {@link ObjectStorageUrl}. */
export interface ObjectStorageUrlArgs extends AdoptInput {
  /** The hosting account whose object storage is published; its object storage must be initialised. Changing it replaces the URL. */
  hostingId: pulumi.Input<number>;
  /** The path the bucket answers at (`/media`; `media` and `media/` are the same). */
  uri: pulumi.Input<string>;
  /** One domain of the account (Unicode or ASCII). Unset or empty: every domain of the account. */
  domain?: pulumi.Input<string>;
}

/**
 * A URL that publishes a hosting account's object-storage bucket, on one domain of the account
 * or on all of them.
 *
 * The account's object storage must be initialised first; this resource does not do it.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { ObjectStorageUrl } from "pulumi-hosting-reseller";
 *
 * const media = new ObjectStorageUrl("media", { hostingId: 101, uri: "/media", domain: "agency-demo.com" });
 * new ObjectStorageUrl("assets", { hostingId: 101, uri: "/assets" }); // every domain of the account
 * export const mediaUrl = media.dest;
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<urlId>`, e.g. `101/12`, where `urlId` is the API's id of the URL (the
 * URL listing shows it). Dynamic providers cannot be imported with `pulumi import`
 * (pulumi#16175); use `ObjectStorageUrl.get`.
 * Declaring a URL whose URI and domain the account already publishes fails before any write,
 * naming it; `adopt: true` takes it over (a destroy then deletes it).
 */
export class ObjectStorageUrl extends ResellerResource<ObjectStorageUrlArgs> {
  protected static override readonly spec = resourceClassSpec(objectStorageUrlDefinition, { outputs: { dest: true, urlId: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** `/media`: one leading slash, no trailing slash. */
  declare public readonly uri: pulumi.Output<string>;
  /** The domain in ASCII lower case, or `""` for every domain. */
  declare public readonly domain: pulumi.Output<string>;
  /** The API's id of the URL. */
  declare public readonly urlId: pulumi.Output<number>;
  /** The public address the URL answers at, as the API reports it. */
  declare public readonly dest: pulumi.Output<string>;

  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over a URL with the declared URI and domain that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing storage URL by its id (`101/12`).
   *
   * @example
   * const media = ObjectStorageUrl.get("media", "101/12");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): ObjectStorageUrl {
    return new ObjectStorageUrl(name, undefined, { ...opts, id });
  }
}

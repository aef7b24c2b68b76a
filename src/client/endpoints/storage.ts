/**
 * Object storage (N0C Storage, S3-compatible) of a hosting account: the account and its
 * credentials, and the URLs that publish the bucket on the account's domains.
 *
 * Only one call is confirmed: `GET /v3/hosting/n0c-storage` (PlanetHoster's
 * save_and_transfer_access_logs script, S3 `getN0CStorageCredentials`), which reads
 * `data.{accessKey, secretKey, name}` and uses `name` as the bucket. v4 reads the same path under
 * /v4 (catalog §1 #53, INFERRED-M); everything else is a pattern guess (catalog §1 #54-59,
 * INFERRED-L) and its v3 analog the same under /v3. v2 has no object-storage operations.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, envelope, hostingV3, hostingV4, int, list, num, obj, optionalFields, str } from "../schemas";

/**
 * Fields of the storage account (v4 document, "Object storage account"). `secretKey` is a
 * secret: whatever outputs it must list it in `additionalSecretOutputs`.
 *
 * @example
 * envelope(storageAccountShape).parse({ success: true, name: "agencyde-4f2a9c", accessKey: "AK...", secretKey: "..." });
 */
export const storageAccountShape = {
  id: int().optional(),
  name: str(),
  s3user: str().optional(),
  accessKey: str(),
  secretKey: str(),
  ...optionalFields({ maxSizeKb: int(), maxObjects: int(), suspended: bool(), createdAt: str(), updatedAt: str() }),
  usage: obj(
    optionalFields({
      size: num(),
      max_size: num(),
      size_kb: num(),
      max_size_kb: num(),
      num_objects: num(),
      max_num_objects: num(),
    }),
  ).optional(),
};
/**
 * The storage account as one object (the v3 `data`).
 *
 * @example
 * storageAccount.parse({ id: "11", name: "agencyde-4f2a9c", accessKey: "AK...", secretKey: "..." }).id; // 11
 */
export const storageAccount = obj(storageAccountShape);

/**
 * Fields of a URL that serves the bucket (v4 document, "Storage URL entry"). `domain` is `""`
 * when the URL applies to every domain of the account; `dest` is the public address it answers at.
 *
 * @example
 * envelope(storageUrlShape).parse({ success: true, id: 11, uri: "/media", dest: "https://agency-demo.com/media", domain: "" });
 */
export const storageUrlShape = { id: int(), uri: str(), dest: str().optional(), domain: str().optional() };
/**
 * A storage URL entry as one object (list element, v3 `data`).
 *
 * @example
 * storageUrl.parse({ id: "11", uri: "/media", dest: "https://agency-demo.com/media", domain: "agency-demo.com" }).id; // 11
 */
export const storageUrl = obj(storageUrlShape);
export type StorageUrl = z.output<typeof storageUrl>;

const urlFields = {
  uri: z.string().min(1),
  /** Omitted (or `""`) means every domain of the account (v4 document, Add URL). */
  domain: z.string().optional(),
};
const urlId = z.number().int().positive();

/**
 * Object-storage operations of v4 and v3.
 *
 * @example
 * await client.request("storage.initAccount", { id: 101 });
 * const { name, accessKey } = await client.request("v4.storage.getAccount", { id: 101 });
 * const url = await client.request("v4.storage.addUrl", { id: 101, uri: "/media", domain: "agency-demo.com" });
 */
export const storageOperations = defineOperations({
  "storage.getAccount": {
    summary: "Get the object-storage account and its credentials",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(storageAccountShape),
    v4: route("GET /v4/hosting/n0c-storage", "INFERRED-M, catalog §1 #53"),
    // v3 wraps results in `data` (legacy document, difference 3; confirmed for the account by S3).
    v3: route("GET /v3/hosting/n0c-storage", "CONFIRMED, catalog §4.1 (S3 getN0CStorageCredentials)", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "storage.initAccount": {
    summary: "Create the object-storage account",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({}),
    v4: route("POST /v4/hosting/n0c-storage", "INFERRED-L, catalog §1 #54"),
    v3: route("POST /v3/hosting/n0c-storage", "INFERRED-L: v4 path pattern, catalog §1 #54", { request: z.strictObject({ ...hostingV3 }) }),
  },
  // Each call issues a new key pair: a blind retry would discard the keys of the first call.
  "storage.resetCredentials": {
    summary: "Issue a new access key and secret key",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({}),
    v4: route("POST /v4/hosting/n0c-storage/reset-credentials", "INFERRED-L, catalog §1 #55"),
    v3: route("POST /v3/hosting/n0c-storage/reset-credentials", "INFERRED-L: v4 path pattern, catalog §1 #55", {
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "storage.listUrls": {
    summary: "List the URLs that serve the bucket",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ urls: list(storageUrl) }),
    v4: route("GET /v4/hosting/n0c-storage/urls", "INFERRED-L, catalog §1 #56"),
    v3: route("GET /v3/hosting/n0c-storage/urls", "INFERRED-L: v4 path pattern, catalog §1 #56", {
      unwrap: "urls",
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "storage.addUrl": {
    summary: "Serve the bucket at a URI",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...urlFields }),
    response: envelope(storageUrlShape),
    v4: route("POST /v4/hosting/n0c-storage/url", "INFERRED-L, catalog §1 #57"),
    v3: route("POST /v3/hosting/n0c-storage/url", "INFERRED-L: v4 path pattern, catalog §1 #57", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, ...urlFields }),
    }),
  },
  "storage.updateUrl": {
    summary: "Change the URI or domain of a storage URL",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, urlId, ...urlFields }),
    response: envelope(storageUrlShape),
    v4: route("PATCH /v4/hosting/n0c-storage/url", "INFERRED-L, catalog §1 #58"),
    v3: route("PATCH /v3/hosting/n0c-storage/url", "INFERRED-L: v4 path pattern, catalog §1 #58", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, urlId, ...urlFields }),
    }),
  },
  "storage.deleteUrl": {
    summary: "Stop serving the bucket at a URL",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, urlId }),
    response: envelope({ data: obj({}).optional() }),
    v4: route("DELETE /v4/hosting/n0c-storage/url", "INFERRED-L, catalog §1 #59"),
    v3: route("DELETE /v3/hosting/n0c-storage/url", "INFERRED-L: v4 path pattern, catalog §1 #59", {
      request: z.strictObject({ ...hostingV3, urlId }),
    }),
  },
});

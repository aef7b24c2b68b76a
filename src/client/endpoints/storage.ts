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
import { defineEndpoints } from "../endpoint";
import { bool, envelope, hostingV3, hostingV4, int, list, num, obj, str } from "../schemas";

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
  maxSizeKb: int().optional(),
  maxObjects: int().optional(),
  suspended: bool().optional(),
  createdAt: str().optional(),
  updatedAt: str().optional(),
  usage: obj({
    size: num().optional(),
    max_size: num().optional(),
    size_kb: num().optional(),
    max_size_kb: num().optional(),
    num_objects: num().optional(),
    max_num_objects: num().optional(),
  }).optional(),
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
export const storageEndpoints = defineEndpoints({
  "v4.storage.getAccount": {
    method: "GET",
    path: "/v4/hosting/n0c-storage",
    params: "body",
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(storageAccountShape),
    evidence: "inferred",
    source: "INFERRED-M, catalog §1 #53",
    safety: "read",
    envelope: true,
    summary: "Get the object-storage account and its credentials",
  },
  "v4.storage.initAccount": {
    method: "POST",
    path: "/v4/hosting/n0c-storage",
    params: "body",
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({}),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #54",
    safety: "unsafe",
    envelope: true,
    summary: "Create the object-storage account",
  },
  "v4.storage.resetCredentials": {
    method: "POST",
    path: "/v4/hosting/n0c-storage/reset-credentials",
    params: "body",
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({}),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #55",
    // Each call issues a new key pair: a blind retry would discard the keys of the first call.
    safety: "unsafe",
    envelope: true,
    summary: "Issue a new access key and secret key",
  },
  "v4.storage.listUrls": {
    method: "GET",
    path: "/v4/hosting/n0c-storage/urls",
    params: "body",
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ urls: list(storageUrl) }),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #56",
    safety: "read",
    envelope: true,
    summary: "List the URLs that serve the bucket",
  },
  "v4.storage.addUrl": {
    method: "POST",
    path: "/v4/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...urlFields }),
    response: envelope(storageUrlShape),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #57",
    safety: "unsafe",
    envelope: true,
    summary: "Serve the bucket at a URI",
  },
  "v4.storage.updateUrl": {
    method: "PATCH",
    path: "/v4/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV4, urlId, ...urlFields }),
    response: envelope(storageUrlShape),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #58",
    safety: "idempotent",
    envelope: true,
    summary: "Change the URI or domain of a storage URL",
  },
  "v4.storage.deleteUrl": {
    method: "DELETE",
    path: "/v4/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV4, urlId }),
    response: envelope({ data: obj({}).optional() }),
    evidence: "inferred",
    source: "INFERRED-L, catalog §1 #59",
    safety: "idempotent",
    envelope: true,
    summary: "Stop serving the bucket at a URL",
  },

  // v3 wraps results in `data` (legacy document, difference 3; confirmed for the account by S3).
  "v3.storage.getAccount": {
    method: "GET",
    path: "/v3/hosting/n0c-storage",
    params: "body",
    request: z.strictObject({ ...hostingV3 }),
    response: envelope({ data: storageAccount }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §4.1 (S3 getN0CStorageCredentials)",
    safety: "read",
    envelope: true,
    summary: "Get the object-storage account and its credentials",
  },
  "v3.storage.initAccount": {
    method: "POST",
    path: "/v3/hosting/n0c-storage",
    params: "body",
    request: z.strictObject({ ...hostingV3 }),
    response: envelope({}),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #54",
    safety: "unsafe",
    envelope: true,
    summary: "Create the object-storage account",
  },
  "v3.storage.resetCredentials": {
    method: "POST",
    path: "/v3/hosting/n0c-storage/reset-credentials",
    params: "body",
    request: z.strictObject({ ...hostingV3 }),
    response: envelope({}),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #55",
    safety: "unsafe",
    envelope: true,
    summary: "Issue a new access key and secret key",
  },
  "v3.storage.listUrls": {
    method: "GET",
    path: "/v3/hosting/n0c-storage/urls",
    params: "body",
    request: z.strictObject({ ...hostingV3 }),
    response: envelope({ data: list(storageUrl) }),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #56",
    safety: "read",
    envelope: true,
    summary: "List the URLs that serve the bucket",
  },
  "v3.storage.addUrl": {
    method: "POST",
    path: "/v3/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...urlFields }),
    response: envelope({ data: storageUrl }),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #57",
    safety: "unsafe",
    envelope: true,
    summary: "Serve the bucket at a URI",
  },
  "v3.storage.updateUrl": {
    method: "PATCH",
    path: "/v3/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV3, urlId, ...urlFields }),
    response: envelope({ data: storageUrl }),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #58",
    safety: "idempotent",
    envelope: true,
    summary: "Change the URI or domain of a storage URL",
  },
  "v3.storage.deleteUrl": {
    method: "DELETE",
    path: "/v3/hosting/n0c-storage/url",
    params: "body",
    request: z.strictObject({ ...hostingV3, urlId }),
    response: envelope({ data: obj({}).optional() }),
    evidence: "inferred",
    source: "INFERRED-L: v4 path pattern, catalog §1 #59",
    safety: "idempotent",
    envelope: true,
    summary: "Stop serving the bucket at a URL",
  },
});

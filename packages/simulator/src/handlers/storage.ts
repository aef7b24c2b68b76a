/**
 * Object storage: one S3-compatible account (bucket) per hosting account, and the URLs that serve
 * the bucket on the account's domains.
 *
 * Choices where the document is silent:
 * - every operation but initialisation answers 404 until the account is initialised, and a
 *   second initialisation answers 409;
 * - the bucket `name` is the hosting username and a random suffix; `s3user` is a random user
 *   name; the access key has 20 upper-case letters and digits and the secret key 40 base64
 *   characters, the lengths S3-compatible stores use;
 * - a URL's `uri` is kept with one leading slash and no trailing one (`media/` reads `/media`),
 *   so that a Pulumi input and the stored value compare equal;
 * - `domain` `""` (or omitted) means every domain of the account (v4 document, Add URL); any
 *   other value must be a domain attached to the account and is stored in ASCII;
 * - `dest` is the public address the URL answers at: `https://<domain>/<uri>`, with the account's
 *   primary domain standing in for "every domain";
 * - the same `uri` on the same `domain` twice answers 409.
 * v3 wraps results in `data` (confirmed for the account read: S3 reads `data.{accessKey,
 * secretKey, name}`); the core does it as the table's rows say.
 */
import { randomBytes } from "node:crypto";
import type { HostingState, ObjectStorageState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { attachedDomain, DEMO_HOSTING, sampleAfter } from "./shared";

type UrlEntry = ObjectStorageState["urls"][number];

const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function accessKey(): string {
  return Array.from(randomBytes(20), (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join("");
}

function secretKey(): string {
  return randomBytes(30).toString("base64");
}

/** The storage account of the addressed hosting account, which must be initialised. */
function initialised(ctx: SimContext): { hosting: HostingState; storage: ObjectStorageState } {
  const hosting = ctx.hosting();
  const storage = hosting.objectStorage;
  if (!storage.initialized) {
    throw new SimError(404, `Object storage of hosting account ${hosting.id} is not initialised`);
  }
  return { hosting, storage };
}

function account(ctx: SimContext) {
  const { storage: s } = initialised(ctx);
  return {
    id: s.id,
    name: s.name,
    s3user: s.s3user,
    accessKey: s.accessKey,
    secretKey: s.secretKey,
    maxSizeKb: s.maxSizeKb,
    maxObjects: s.maxObjects,
    suspended: s.suspended,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    usage: {
      size: s.sizeKb * 1024,
      max_size: s.maxSizeKb * 1024,
      size_kb: s.sizeKb,
      max_size_kb: s.maxSizeKb,
      num_objects: s.numObjects,
      max_num_objects: s.maxObjects,
    },
  };
}

function init(ctx: SimContext) {
  const hosting = ctx.hosting();
  const s = hosting.objectStorage;
  if (s.initialized) throw new SimError(409, `Object storage of hosting account ${hosting.id} is already initialised`);
  const now = ctx.now().toISOString();
  Object.assign(s, {
    initialized: true,
    id: ctx.nextId("storage"),
    name: `${hosting.username}-${randomBytes(3).toString("hex")}`,
    s3user: `s3${randomBytes(5).toString("hex")}`,
    accessKey: accessKey(),
    secretKey: secretKey(),
    createdAt: now,
    updatedAt: now,
  });
  return { message: `Object storage ${s.name} initialised` };
}

function resetCredentials(ctx: SimContext) {
  const { storage: s } = initialised(ctx);
  s.accessKey = accessKey();
  s.secretKey = secretKey();
  s.updatedAt = ctx.now().toISOString();
  return { message: "Object storage credentials reset" };
}

/** `/media/`, `media` and `//media` all read `/media`; only URL path characters are allowed. */
function normalizedUri(raw: string): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, "");
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) {
    throw new SimError(400, `Invalid field "uri": "${raw}" is not a URL path (letters, digits, ".", "_", "~", "-" and "/")`);
  }
  return `/${trimmed}`;
}

/** Checks and normalizes `uri` and `domain`, refusing a pair another URL (not `except`) uses. */
function urlFields(
  ctx: OpContext<"storage.addUrl" | "storage.updateUrl">,
  hosting: HostingState,
  storage: ObjectStorageState,
  except?: number,
) {
  const uri = normalizedUri(ctx.params.uri);
  const rawDomain = ctx.params.domain?.trim() ?? "";
  const domain = rawDomain === "" ? "" : attachedDomain(hosting, rawDomain);
  const clash = storage.urls.find((u) => u.id !== except && u.uri === uri && u.domain === domain);
  if (clash) {
    throw new SimError(409, `URL ${uri} on ${domain || "every domain"} already exists (id ${clash.id})`);
  }
  return { uri, domain, dest: `https://${domain || hosting.domain}${uri}` };
}

function urlById(hosting: HostingState, storage: ObjectStorageState, id: number): UrlEntry {
  const found = storage.urls.find((u) => u.id === id);
  if (!found) throw new SimError(404, `Storage URL ${id} not found on hosting account ${hosting.id}`);
  return found;
}

function urls(ctx: SimContext): { urls: UrlEntry[] } {
  return { urls: initialised(ctx).storage.urls.map((u) => ({ ...u })) };
}

function addUrl(ctx: OpContext<"storage.addUrl">): UrlEntry {
  const { hosting, storage } = initialised(ctx);
  const created = { id: ctx.nextId("url"), ...urlFields(ctx, hosting, storage) };
  storage.urls.push(created);
  return { ...created };
}

function updateUrl(ctx: OpContext<"storage.updateUrl">): UrlEntry {
  const { hosting, storage } = initialised(ctx);
  const found = urlById(hosting, storage, ctx.params.urlId);
  Object.assign(found, urlFields(ctx, hosting, storage, found.id));
  return { ...found };
}

function deleteUrl(ctx: OpContext<"storage.deleteUrl">) {
  const { hosting, storage } = initialised(ctx);
  const found = urlById(hosting, storage, ctx.params.urlId);
  storage.urls = storage.urls.filter((u) => u !== found);
  return { data: { ...found } };
}

const { v4, v3 } = DEMO_HOSTING;

/** Prepares a sample: the account's storage is initialised (with fixed demo values). */
function ready(hosting: HostingState): void {
  if (hosting.objectStorage.initialized) return;
  Object.assign(hosting.objectStorage, {
    initialized: true,
    id: 11,
    name: `${hosting.username}-5a1c0e`,
    s3user: "s3c41d2e9f07",
    accessKey: "AKSIM0000000000DEMO1",
    secretKey: "c2ltdWxhdG9yLXNlY3JldC1rZXktMDAwMDAwMDA=",
    createdAt: "2026-01-05T10:00:00.000Z",
    updatedAt: "2026-01-05T10:00:00.000Z",
  });
}

/** Prepares a sample: the storage is not initialised (as the demo seed has it). */
function uninitialised(hosting: HostingState): void {
  hosting.objectStorage.initialized = false;
}

/** Prepares a sample: a storage URL with id 90 exists, to update or delete. */
function withUrl(hosting: HostingState): void {
  ready(hosting);
  const s = hosting.objectStorage;
  if (!s.urls.some((u) => u.id === 90)) {
    s.urls.push({ id: 90, uri: "/assets", dest: `https://${hosting.domain}/assets`, domain: hosting.domain });
  }
}

/** Prepares a sample: no URL uses `/media`, so one can be added. */
function withoutMedia(hosting: HostingState): void {
  ready(hosting);
  hosting.objectStorage.urls = hosting.objectStorage.urls.filter((u) => u.uri !== "/media");
}

/** Handlers and samples of the object-storage operations. */
export const storageArea: SimArea = {
  name: "storage",
  handlers: {
    "storage.getAccount": account,
    "storage.initAccount": init,
    "storage.resetCredentials": resetCredentials,
    "storage.listUrls": urls,
    "storage.addUrl": addUrl,
    "storage.updateUrl": updateUrl,
    "storage.deleteUrl": deleteUrl,
  },
  samples: {
    "v4.storage.getAccount": sampleAfter(ready, v4),
    "v3.storage.getAccount": sampleAfter(ready, v3),
    "v4.storage.initAccount": sampleAfter(uninitialised, { id: 102 }),
    "v3.storage.initAccount": sampleAfter(uninitialised, { id: 102, username: "stagingx" }),
    "v4.storage.resetCredentials": sampleAfter(ready, v4),
    "v3.storage.resetCredentials": sampleAfter(ready, v3),
    "v4.storage.listUrls": sampleAfter(withUrl, v4),
    "v3.storage.listUrls": sampleAfter(withUrl, v3),
    "v4.storage.addUrl": sampleAfter(withoutMedia, { ...v4, uri: "/media", domain: "agency-demo.com" }),
    "v3.storage.addUrl": sampleAfter(withoutMedia, { ...v3, uri: "media" }),
    "v4.storage.updateUrl": sampleAfter(withUrl, { ...v4, urlId: 90, uri: "/static", domain: "client-shop.net" }),
    "v3.storage.updateUrl": sampleAfter(withUrl, { ...v3, urlId: 90, uri: "/static2" }),
    "v4.storage.deleteUrl": sampleAfter(withUrl, { ...v4, urlId: 90 }),
    "v3.storage.deleteUrl": sampleAfter(withUrl, { ...v3, urlId: 90 }),
  },
};

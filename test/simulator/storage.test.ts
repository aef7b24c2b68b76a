import { describe, expect, it } from "vitest";
import type { ResellerClient } from "../../src/client/client";
import { HOSTING, useSimulator } from "../helpers/sim";

const VERSIONS = ["v4", "v3"] as const;
type Version = (typeof VERSIONS)[number];

interface Account {
  id: number;
  name: string;
  s3user: string;
  accessKey: string;
  secretKey: string;
  usage: Record<string, number>;
}
interface UrlEntry {
  id: number;
  uri: string;
  dest: string;
  domain: string;
}

/** The reply, or its `v4Field`, as `T`: the client answers v3 (which wraps results in `data`) in v4's shape. */
function unwrap<T>(version: Version, reply: Record<string, unknown>, v4Field?: string): T {
  return (v4Field ? reply[v4Field] : reply) as T;
}

describe("object storage against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  const account = async (client: ResellerClient, version: Version) =>
    unwrap<Account>(version, await client.request("storage.getAccount", HOSTING[version]));
  const urls = async (client: ResellerClient, version: Version) =>
    unwrap<UrlEntry[]>(version, await client.request("storage.listUrls", HOSTING[version]), "urls");
  const addUrl = async (client: ResellerClient, version: Version, fields: Record<string, unknown>) =>
    unwrap<UrlEntry>(version, await client.request("storage.addUrl", { ...HOSTING[version], ...fields }));
  const init = async (client: ResellerClient, version: Version) => client.request("storage.initAccount", HOSTING[version]);

  it.each(VERSIONS)("answers not-found on %s when reading an account that was never initialised", async (version) => {
    const attempt = account(t.clientFor(version), version);
    await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(attempt).rejects.toThrow(/not initialised/);
  });

  it.each(VERSIONS)("answers not-found on %s for URL operations before the account is initialised", async (version) => {
    const client = t.clientFor(version);
    await expect(urls(client, version)).rejects.toMatchObject({ code: "not-found" });
    await expect(addUrl(client, version, { uri: "/media" })).rejects.toMatchObject({ code: "not-found" });
    await expect(client.request("storage.resetCredentials", HOSTING[version])).rejects.toMatchObject({ code: "not-found" });
  });

  it.each(VERSIONS)("initialises the account on %s with a bucket, an S3 user and keys of realistic lengths", async (version) => {
    const client = t.clientFor(version);
    const reply = await init(client, version);
    expect(reply.message).toMatch(/initialised/);
    const acc = await account(client, version);
    expect(acc.name).toMatch(/^agencyde-[0-9a-f]{6}$/);
    expect(acc.s3user).toMatch(/^s3[0-9a-f]{10}$/);
    expect(acc.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(acc.secretKey).toMatch(/^[A-Za-z0-9+/]{40}$/);
    expect(acc.usage).toMatchObject({ size: 0, size_kb: 0, num_objects: 0, max_num_objects: 1_000_000 });
    expect(acc.id).toBe(t.sim.store.hostings["101"]!.objectStorage.id);
  });

  it("gives each initialised account its own bucket and keys", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    await t.client.request("storage.initAccount", { id: 102 });
    const a = await t.client.request("v4.storage.getAccount", { id: 101 });
    const b = await t.client.request("v4.storage.getAccount", { id: 102 });
    expect(b.name).toMatch(/^stagingx-/);
    expect(b.accessKey).not.toBe(a.accessKey);
    expect(b.id).not.toBe(a.id);
  });

  it.each(VERSIONS)("refuses a second initialisation on %s with a conflict and keeps the keys", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    const before = await account(client, version);
    await expect(init(client, version)).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect((await account(client, version)).secretKey).toBe(before.secretKey);
  });

  it.each(VERSIONS)("issues a new access key and secret key on %s and keeps the bucket", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    const before = await account(client, version);
    await client.request("storage.resetCredentials", HOSTING[version]);
    const after = await account(client, version);
    expect(after.accessKey).not.toBe(before.accessKey);
    expect(after.secretKey).not.toBe(before.secretKey);
    expect(after.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(after.name).toBe(before.name);
  });

  it.each(VERSIONS)("adds a URL for every domain on %s, served at the primary domain", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    const counter = t.sim.store.counters.url ?? 0;
    const created = await addUrl(client, version, { uri: "media/" });
    expect(created).toMatchObject({ id: counter + 1, uri: "/media", domain: "", dest: "https://agency-demo.com/media" });
    expect(await urls(client, version)).toEqual([{ id: counter + 1, uri: "/media", domain: "", dest: "https://agency-demo.com/media" }]);
  });

  it("adds a URL on one domain, given in Unicode, and serves it at that domain", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    const created = await t.client.request("v4.storage.addUrl", { id: 101, uri: "/files/public", domain: "Café.com" });
    expect(created).toMatchObject({ uri: "/files/public", domain: "xn--caf-dma.com", dest: "https://xn--caf-dma.com/files/public" });
  });

  it.each(VERSIONS)("refuses the same URI on the same domain twice on %s but allows it on another domain", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    await addUrl(client, version, { uri: "/media", domain: "agency-demo.com" });
    await expect(addUrl(client, version, { uri: "media", domain: "agency-demo.com" })).rejects.toMatchObject({
      code: "conflict",
      status: 409,
    });
    await addUrl(client, version, { uri: "/media", domain: "client-shop.net" });
    await addUrl(client, version, { uri: "/media" });
    expect((await urls(client, version)).map((u) => u.domain)).toEqual(["agency-demo.com", "client-shop.net", ""]);
  });

  it("answers not-found for a URL on a domain the account does not serve", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    const attempt = t.client.request("v4.storage.addUrl", { id: 101, uri: "/media", domain: "staging-agency.com" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found" });
  });

  it("rejects a URI with characters a URL path cannot hold", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    const attempt = t.client.request("v4.storage.addUrl", { id: 101, uri: "/my media?x=1" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    expect(t.sim.store.hostings["101"]!.objectStorage.urls).toEqual([]);
  });

  it.each(VERSIONS)("updates the URI and domain of a URL on %s and derives a new address", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    const created = await addUrl(client, version, { uri: "/media" });
    const updated = unwrap<UrlEntry>(
      version,
      await client.request("storage.updateUrl", { ...HOSTING[version], urlId: created.id, uri: "/assets", domain: "client-shop.net" }),
    );
    expect(updated).toMatchObject({ id: created.id, uri: "/assets", domain: "client-shop.net", dest: "https://client-shop.net/assets" });
    expect(await urls(client, version)).toEqual([
      { id: created.id, uri: "/assets", domain: "client-shop.net", dest: "https://client-shop.net/assets" },
    ]);
  });

  it("keeps a URL's own URI and domain when it is updated to the same values", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    const created = await t.client.request("v4.storage.addUrl", { id: 101, uri: "/media" });
    const updated = await t.client.request("v4.storage.updateUrl", { id: 101, urlId: created.id, uri: "/media" });
    expect(updated).toMatchObject({ id: created.id, uri: "/media", domain: "" });
  });

  it("refuses to update a URL onto the URI and domain of another", async () => {
    await t.client.request("storage.initAccount", { id: 101 });
    await t.client.request("v4.storage.addUrl", { id: 101, uri: "/media" });
    const other = await t.client.request("v4.storage.addUrl", { id: 101, uri: "/assets" });
    const attempt = t.client.request("v4.storage.updateUrl", { id: 101, urlId: other.id, uri: "/media" });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
  });

  it.each(VERSIONS)("answers not-found on %s when updating or deleting an unknown URL id", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    await expect(client.request("storage.updateUrl", { ...HOSTING[version], urlId: 4040, uri: "/x" })).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(client.request("storage.deleteUrl", { ...HOSTING[version], urlId: 4040 })).rejects.toMatchObject({ code: "not-found" });
  });

  it.each(VERSIONS)("deletes a URL on %s, after which a second delete answers not-found", async (version) => {
    const client = t.clientFor(version);
    await init(client, version);
    const created = await addUrl(client, version, { uri: "/media" });
    const reply = await client.request("storage.deleteUrl", { ...HOSTING[version], urlId: created.id });
    expect(reply.data).toMatchObject({ id: created.id, uri: "/media" });
    expect(await urls(client, version)).toEqual([]);
    await expect(client.request("storage.deleteUrl", { ...HOSTING[version], urlId: created.id })).rejects.toMatchObject({
      code: "not-found",
    });
  });
});

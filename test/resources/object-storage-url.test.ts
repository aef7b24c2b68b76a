import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { hostingAddressOf } from "../helpers/sim";

describe.each<ApiVersion>(["v4", "v3"])("ObjectStorageUrl on %s", (version) => {
  const t = useProvider("ObjectStorageUrl", { version });
  const storage = (id = 101) => t.sim.store.hostings[String(id)]!.objectStorage;
  /** Object storage is initialised by its own operation (and, later, its own resource). */
  const initialise = async (id = 101) => {
    await t.client.request("storage.initAccount", hostingAddressOf(version, id));
    t.sim.requests.clear();
  };

  it("walks the lifecycle: create on every domain, move to one domain in place, import, replace on another account, delete", async () => {
    await initialise(101);
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, uri: "media/" },
      update: { hostingId: 101, uri: "/media/", domain: "Agency-Demo.com" },
      replace: { hostingId: 102, uri: "/media" },
      replaces: ["hostingId"],
    });
    expect(run.created).toMatchObject({ hostingId: 101, uri: "/media", domain: "", dest: "https://agency-demo.com/media" });
    expect(run.id).toBe(`101/${String(run.created.urlId)}`);
    expect(run.updated).toMatchObject({ urlId: run.created.urlId, uri: "/media", domain: "agency-demo.com" });
    expect(t.sim.requests.count("storage.updateUrl")).toBe(1);
    expect(run.created.adopted).toBe(false);
    // An import knows nothing of how the URL came into a stack: no `adopted`.
    const { adopted: _adopted, ...updated } = run.updated;
    expect(run.imported.props).toEqual(updated);
    expect(storage().urls).toEqual([]);
  });

  it("creates URLs one after another with one listing read: one URL's add does not make another's check read again", async () => {
    await initialise();
    const checked = await Promise.all(["/a", "/b", "/c", "/d"].map((uri) => t.engine.check({ hostingId: 101, uri })));
    // The checks of new URLs read the listing (decision 0045), once for all four.
    expect(t.sim.requests.count("storage.listUrls")).toBe(1);
    // The creates, from a cold cache, read it once more for all four.
    clearCache();
    t.sim.requests.clear();
    for (const c of checked) await t.engine.create(c);
    expect(t.sim.requests.count("storage.addUrl")).toBe(4);
    expect(t.sim.requests.count("storage.listUrls")).toBe(1);
    // A second declaration of a URL this process added is still found, and refused.
    await expect(t.engine.create(checked[0]!)).rejects.toThrow(/adopt: true/);
  });

  it("normalizes the URI the way the API stores it, so that the stored value shows no diff", async () => {
    await initialise();
    const checked = await t.engine.check({ hostingId: 101, uri: "//static/img//" });
    expect(checked).toMatchObject({ uri: "/static/img", domain: "" });
    const { id, outs } = await t.engine.create(checked);
    expect(storage().urls.find((u) => u.id === outs.urlId)?.uri).toBe("/static/img");
    const read = await t.engine.read(id, outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check({ hostingId: 101, uri: "static/img" }, read.inputs))).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("fails with a message to initialise object storage first, and does not initialise it", async () => {
    const inputs = await t.engine.check({ hostingId: 101, uri: "/media" });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /Object storage of hosting account 101 is not available.*Initialise the account's object storage first/,
    );
    expect(t.sim.requests.count("storage.initAccount")).toBe(0);
    expect(storage().initialized).toBe(false);
  });

  it("sees a URI changed outside Pulumi and changes it back in place", async () => {
    await initialise();
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, uri: "/media" }));
    storage().urls.find((u) => u.id === outs.urlId)!.uri = "/other";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.uri).toBe("/other");
    const news = await t.engine.check({ hostingId: 101, uri: "/media" }, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await t.engine.update(id, refreshed.props, news);
    expect(updated.uri).toBe("/media");
    expect(storage().urls.map((u) => u.uri)).toEqual(["/media"]);
  });

  it("reads a URL deleted outside Pulumi as gone, and treats deleting it as done", async () => {
    await initialise();
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, uri: "/media" }));
    storage().urls = [];
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("refuses a URI already published on the same domain before any write, naming it, and adopts it with adopt: true", async () => {
    await initialise();
    const first = await t.engine.create(await t.engine.check({ hostingId: 101, uri: "/media" }));
    t.sim.requests.clear();
    const refusal = new RegExp(
      `ObjectStorageUrl ${first.id}: the object storage URL /media on every domain \\(url id ${String(first.outs.urlId)}\\) exists already.*\`adopt: true\`.*ObjectStorageUrl\\.get`,
      "s",
    );
    // The check (a preview) refuses it already; a create checked before it was added refuses it too.
    const failures = await t.engine.checkFailures({ hostingId: 101, uri: "media" });
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread({ hostingId: 101, uri: "media" }))).rejects.toThrow(refusal);
    expect(t.sim.requests.count("storage.addUrl")).toBe(0);

    const adopted = await t.engine.create(await t.engine.check({ hostingId: 101, uri: "media", adopt: true }));
    expect(adopted.id).toBe(first.id);
    expect(adopted.outs).toEqual({ ...first.outs, adopt: true, adopted: true });
    expect(t.sim.requests.count("storage.addUrl")).toBe(0);
    expect(storage().urls).toHaveLength(1);
  });

  it.each([{ kind: "lost-response" }, { kind: "truncate" }, { kind: "delayed-apply", latencyMs: 600 }] as const)(
    "settles an add answered with $kind by the identity read, without adding twice",
    async (fault) => {
      await initialise();
      t.sim.faults.add({ operation: "storage.addUrl", ...fault });
      const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, uri: "/media", domain: "client-shop.net" }));
      expect(t.sim.requests.count("storage.addUrl")).toBe(1);
      expect(storage().urls).toHaveLength(1);
      expect(id).toBe(`101/${String(storage().urls[0]!.id)}`);
      expect(outs).toMatchObject({ uri: "/media", domain: "client-shop.net", dest: "https://client-shop.net/media" });
    },
  );
});

describe("ObjectStorageUrl inputs", () => {
  const t = useProvider("ObjectStorageUrl", { version: "v4" });

  it.each([
    { name: "an empty URI", inputs: { uri: "/" }, property: "uri", reason: /path is required/ },
    { name: "a URI with a space", inputs: { uri: "/my media" }, property: "uri", reason: /segment "my media"/ },
    { name: "a URI that climbs up", inputs: { uri: "/media/../etc" }, property: "uri", reason: /segment "\.\."/ },
    { name: "a malformed domain", inputs: { domain: "bad domain.com" }, property: "domain", reason: /not a valid domain name/ },
    { name: "a hosting id that is not a whole number", inputs: { hostingId: 10.5 }, property: "hostingId", reason: /whole number/ },
    { name: "a property the resource does not have", inputs: { path: "/media" }, property: "path", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, uri: "/media", ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fails check on API v2, which has no object storage, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101, uri: "/media" });
    expect(failures).toEqual([{ property: "uri", reason: expect.stringMatching(/API v2 has no operation "storage\.listUrls"/) }]);
    expect(t.sim.requests.count()).toBe(0);
  });
});

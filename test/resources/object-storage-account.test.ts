import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { objectStorageAccountDefinition } from "../../src/resources/object-storage-account/provider";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { hostingAddressOf } from "../helpers/sim";

describe.each<ApiVersion>(["v4", "v3"])("ObjectStorageAccount on %s", (version) => {
  const t = useProvider("ObjectStorageAccount", { version });
  const storage = (id = 101) => t.sim.store.hostings[String(id)]!.objectStorage;
  afterEach(() => vi.restoreAllMocks());

  it("walks the lifecycle: initialise, reset the credentials in place, import, replace on another account, release", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101 },
      update: { hostingId: 101, credentialsVersion: 2 },
      // An account read from its id alone counts as credentials version 1: a program importing it
      // declares no credentialsVersion.
      importInputs: { hostingId: 101 },
      replace: { hostingId: 102 },
      replaces: ["hostingId"],
      // Destroy releases the account from state only: it is still there to read.
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101");
    expect(run.created).toMatchObject({
      hostingId: 101,
      credentialsVersion: 1,
      name: storage().name,
      s3user: storage().s3user,
      maxSizeKb: 10 * 1024 * 1024,
      maxObjects: 1_000_000,
      suspended: false,
      usage: { sizeKb: 0, numObjects: 0 },
    });
    expect(run.created.name).toMatch(/^agencyde-/);
    expect(run.updated).toMatchObject({ credentialsVersion: 2, accessKey: storage().accessKey, secretKey: storage().secretKey });
    expect(run.updated.accessKey).not.toBe(run.created.accessKey);
    expect(run.imported.props).toEqual({ ...run.updated, credentialsVersion: 1 });
    expect(t.sim.requests.count("storage.initAccount")).toBe(1);
    expect(t.sim.requests.count("storage.resetCredentials")).toBe(1);
    expect(storage().initialized).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/ObjectStorageAccount 101: removed from Pulumi state only/));
  });

  it("issues new keys when credentialsVersion changes, and keeps them only under the secret outputs", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    const news = await t.engine.check({ hostingId: 101, credentialsVersion: 2 });
    expect(await t.engine.diff(id, outs, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await t.engine.update(id, outs, news);
    expect(updated.accessKey).not.toBe(outs.accessKey);
    expect(updated.secretKey).not.toBe(outs.secretKey);
    expect(updated).toMatchObject({ credentialsVersion: 2, accessKey: storage().accessKey, secretKey: storage().secretKey });

    expect(objectStorageAccountDefinition.secretOutputs).toEqual(["accessKey", "secretKey"]);
    const read = await t.engine.read(id, updated);
    const imported = await t.engine.read(id);
    for (const props of [outs, updated, read.props, imported.props]) {
      const { accessKey, secretKey, ...plain } = props as Record<string, string>;
      expect(accessKey).toMatch(/^[A-Z0-9]{20}$/);
      expect(secretKey!.length).toBeGreaterThanOrEqual(40);
      const text = JSON.stringify(plain);
      expect(text).not.toContain(accessKey);
      expect(text).not.toContain(secretKey);
    }
    expect(JSON.stringify(read.inputs)).not.toContain(String(updated.secretKey));
  });

  it("adopts object storage that is already initialised, with its credentials, instead of failing", async () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await t.client.request("storage.initAccount", hostingAddressOf(version));
    const before = { ...storage() };
    t.sim.requests.clear();
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(/ObjectStorageAccount 101: object storage was already initialised; it is adopted/),
    );
    expect(id).toBe("101");
    expect(outs).toMatchObject({ name: before.name, accessKey: before.accessKey, secretKey: before.secretKey, credentialsVersion: 1 });
    expect(t.sim.requests.count("storage.initAccount")).toBe(1);
    expect(t.sim.requests.count("storage.resetCredentials")).toBe(0);
  });

  it("releases the account from state only on destroy, with a warning, and makes no API write", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    t.sim.requests.clear();
    await t.engine.delete(id, outs);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`bucket ${String(outs.name)}\\) stays, with its objects and its current keys`)),
    );
    expect(t.sim.requests.count()).toBe(0);
    expect(storage()).toMatchObject({ initialized: true, accessKey: outs.accessKey });
  });

  it("reads object storage that is no longer initialised as gone", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    storage().initialized = false;
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
  });

  it("sees keys reset outside Pulumi on refresh", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    await t.client.request("storage.resetCredentials", hostingAddressOf(version));
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.accessKey).toBe(storage().accessKey);
    expect(refreshed.props.accessKey).not.toBe(outs.accessKey);
  });

  it("settles an initialisation whose response was lost by reading, without initialising twice", async () => {
    t.sim.faults.add({ operation: "storage.initAccount", kind: "lost-response" });
    const { outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    expect(t.sim.requests.count("storage.initAccount")).toBe(1);
    expect(outs).toMatchObject({ name: storage().name, accessKey: storage().accessKey });
  });

  it("settles a credential reset whose response was lost by reading the new keys, without resetting twice", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101 }));
    t.sim.faults.add({ operation: "storage.resetCredentials", kind: "lost-response" });
    const updated = await t.engine.update(id, outs, await t.engine.check({ hostingId: 101, credentialsVersion: 5 }));
    expect(t.sim.requests.count("storage.resetCredentials")).toBe(1);
    expect(updated).toMatchObject({ credentialsVersion: 5, accessKey: storage().accessKey });
    expect(updated.accessKey).not.toBe(outs.accessKey);
  });

  it("counts an account imported from its id as credentials version 1: declaring another version resets the keys once", async () => {
    await t.client.request("storage.initAccount", hostingAddressOf(version));
    const imported = await t.engine.read("101");
    expect(imported.props).toMatchObject({ hostingId: 101, credentialsVersion: 1, accessKey: storage().accessKey });
    const same = await t.engine.check({ hostingId: 101 }, imported.inputs);
    expect(await t.engine.diff("101", imported.props, same)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    const rotated = await t.engine.check({ hostingId: 101, credentialsVersion: 2 }, imported.inputs);
    expect(await t.engine.diff("101", imported.props, rotated)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  });
});

describe("ObjectStorageAccount inputs", () => {
  const t = useProvider("ObjectStorageAccount", { version: "v4" });

  it.each([
    { name: "a credentials version of zero", inputs: { credentialsVersion: 0 }, property: "credentialsVersion", reason: /1 or more/ },
    {
      name: "a credentials version that is not whole",
      inputs: { credentialsVersion: 1.5 },
      property: "credentialsVersion",
      reason: /whole number/,
    },
    {
      name: "a credentials version given as text",
      inputs: { credentialsVersion: "2" },
      property: "credentialsVersion",
      reason: /expected number/i,
    },
    { name: "a hosting id given as text", inputs: { hostingId: "agencyde" }, property: "hostingId", reason: /expected number/i },
    { name: "a secret key given as an input", inputs: { secretKey: "mine" }, property: "secretKey", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fills credentialsVersion with 1", async () => {
    expect(await t.engine.check({ hostingId: 101 })).toMatchObject({ hostingId: 101, credentialsVersion: 1 });
  });

  it("fails check on API v2, which has no object storage, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101 });
    expect(failures).toEqual([{ property: "hostingId", reason: expect.stringMatching(/API v2 has no operation "storage\.initAccount"/) }]);
    expect(failures[0]!.reason).toMatch(/; ObjectStorageAccount works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

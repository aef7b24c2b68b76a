import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { databaseDefinition } from "../../src/resources/database/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";

const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };
/** Account 101 (username `agencyde`) of the demo seed holds the MySQL database `agencyde_wp`. */
const shop = { hostingId: 101, name: "shop" };
const created = { hostingId: 101, name: "agencyde_shop", databaseType: "MYSQL", hostingUsername: "agencyde", adopt: false };

async function createDatabase(engine: InProcessEngine, inputs: Record<string, unknown> = shop) {
  return engine.create(await engine.check(inputs));
}

describe.each<ApiVersion>(["v4", "v3", "v2"])("Database on %s", (version) => {
  const t = useProvider("Database", { version });
  const databases = () => t.sim.store.hostings["101"]!.databases.map((d) => `${d.name}/${d.type}`).sort();

  it("walks check, create, read, no-op diffs in both spellings, import by id, replacing diffs, delete and read after delete", async () => {
    const { id, outs } = await createDatabase(t.engine);
    expect(id).toBe("101/agencyde_shop");
    expect(outs).toEqual(created);
    expect(databases()).toEqual(["agencyde_shop/MYSQL", "agencyde_wp/MYSQL"]);

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    for (const spelling of [shop, { ...shop, name: "agencyde_shop" }, { ...shop, databaseType: "MySQL" }]) {
      expect(await t.engine.diff(id, read.props, await t.engine.check(spelling, read.inputs))).toEqual(noChange);
    }

    const imported = await t.engine.read(id);
    const { adopt: _adopt, ...withoutAdopt } = outs;
    expect(imported).toMatchObject({ id, props: withoutAdopt });
    expect(imported.props).not.toHaveProperty("adopt");
    expect(await t.engine.diff(id, imported.props, await t.engine.check(shop, imported.inputs))).toEqual(noChange);

    const replacing: [Record<string, unknown>, string][] = [
      [{ name: "shop2" }, "name"],
      [{ hostingId: 102 }, "hostingId"],
    ];
    if (version !== "v2") replacing.push([{ databaseType: "POSTGRES" }, "databaseType"]);
    for (const [change, property] of replacing) {
      // The API has no rename: the new database is created before the old one (and its data) goes.
      expect(await t.engine.diff(id, read.props, await t.engine.check({ ...shop, ...change }))).toEqual({
        changes: true,
        replaces: [property],
        deleteBeforeReplace: false,
      });
    }

    await t.engine.delete(id, read.props);
    expect(databases()).toEqual(["agencyde_wp/MYSQL"]);
    expect((await t.engine.read(id, read.props)).id).toBe("");
    expect(t.sim.requests.count("databases.create")).toBe(1);
  });

  it("refuses a name that already exists without adopt, before any write, naming adopt and the id to read it with", async () => {
    await expect(createDatabase(t.engine, { hostingId: 101, name: "wp" })).rejects.toThrow(
      /agencyde_wp already exists.*set adopt: true.*Database\.get.*"101\/agencyde_wp".*Nothing was changed/,
    );
    expect(t.sim.requests.count("databases.create")).toBe(0);
    expect(databases()).toEqual(["agencyde_wp/MYSQL"]);
  });

  it("adopts a database that exists without creating it, and then shows no change", async () => {
    const declared = { hostingId: 101, name: "wp", adopt: true };
    const { id, outs } = await createDatabase(t.engine, declared);
    expect(t.sim.requests.count("databases.create")).toBe(0);
    expect(id).toBe("101/agencyde_wp");
    expect(outs).toEqual({ ...created, name: "agencyde_wp", adopt: true });
    expect(databases()).toEqual(["agencyde_wp/MYSQL"]);

    clearCache();
    const read = await t.engine.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check(declared, read.inputs))).toEqual(noChange);
    expect(await t.engine.diff(id, read.props, await t.engine.check({ ...declared, adopt: false }, read.inputs))).toEqual(noChange);
  });

  it("creates the database when adopt is set and it does not exist", async () => {
    const { outs } = await createDatabase(t.engine, { ...shop, adopt: true });
    expect(outs).toEqual({ ...created, adopt: true });
    expect(t.sim.requests.count("databases.create")).toBe(1);
    expect(databases()).toEqual(["agencyde_shop/MYSQL", "agencyde_wp/MYSQL"]);
  });

  it("treats a database that is already gone as deleted", async () => {
    const { id, outs } = await createDatabase(t.engine);
    t.sim.store.hostings["101"]!.databases = t.sim.store.hostings["101"]!.databases.filter((d) => d.name !== "agencyde_shop");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("refuses an in-place update, since the API cannot rename a database", async () => {
    const { id, outs } = await createDatabase(t.engine);
    await expect(t.provider.update(id, outs, await t.engine.check({ ...shop, name: "shop2" }))).rejects.toThrow(/cannot rename.*replaces/);
  });
});

describe.each<ApiVersion>(["v4", "v3"])("Database with PostgreSQL on %s", (version) => {
  const t = useProvider("Database", { version });

  it("creates a PostgreSQL database and finds its type again when imported by id alone", async () => {
    const { id, outs } = await createDatabase(t.engine, { ...shop, databaseType: "PostgreSQL" });
    expect(outs.databaseType).toBe("POSTGRES");
    expect(t.sim.store.hostings["101"]!.databases.find((d) => d.name === "agencyde_shop")?.type).toBe("POSTGRES");
    const imported = await t.engine.read(id);
    expect(imported.props).toEqual({ ...outs, adopt: undefined });
    await t.engine.delete(id, outs);
    expect(t.sim.store.hostings["101"]!.databases.some((d) => d.name === "agencyde_shop")).toBe(false);
  });
});

describe.each<ApiVersion>(["v4", "v3"])("Database on %s while the listing lags behind creates", (version) => {
  // The listing misses a new database for its first two reads (T1 polls for it, catalog §7.3).
  const t = useProvider("Database", { version, simulator: { behaviour: { eventualConsistencyReads: 2 } } });

  it("reads a database right after creating it as present, without a second create", async () => {
    const { id, outs } = await createDatabase(t.engine);
    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    expect(t.sim.requests.count("databases.create")).toBe(1);
    // The identity read before the create, then two reads missed it and the third found it.
    expect(t.sim.requests.count("databases.list")).toBe(4);
  });

  it("settles a create whose response was lost by reading until the database shows, without creating twice", async () => {
    t.sim.faults.add({ operation: "databases.create", kind: "lost-response" });
    const { id, outs } = await createDatabase(t.engine);
    expect(outs).toEqual(created);
    expect(t.sim.requests.count("databases.create")).toBe(1);
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe(id);
  });
});

describe.each<ApiVersion>(["v4", "v3"])("Database adoption with PostgreSQL on %s", (version) => {
  const t = useProvider("Database", { version });

  it("adopts a database under its declared type only: the same name of the other type is another database", async () => {
    t.sim.store.hostings["101"]!.databases.push({ name: "agencyde_reports", type: "POSTGRES", sizeBytes: 0 });
    const { outs } = await createDatabase(t.engine, { hostingId: 101, name: "reports", databaseType: "POSTGRES", adopt: true });
    expect(outs).toMatchObject({ name: "agencyde_reports", databaseType: "POSTGRES", adopt: true });
    expect(t.sim.requests.count("databases.create")).toBe(0);

    const mysql = await createDatabase(t.engine, { hostingId: 101, name: "reports", adopt: true });
    expect(mysql.outs).toMatchObject({ name: "agencyde_reports", databaseType: "MYSQL" });
    expect(t.sim.requests.count("databases.create")).toBe(1);
    const types = t.sim.store.hostings["101"]!.databases.filter((d) => d.name === "agencyde_reports").map((d) => d.type);
    expect(types.sort()).toEqual(["MYSQL", "POSTGRES"]);
  });
});

describe("Database inputs", () => {
  const t = useProvider("Database", { version: "v4" });

  it.each([
    { name: "a name with a hyphen", inputs: { name: "my-shop" }, property: "name", reason: /letters, digits and _/ },
    { name: "an empty name", inputs: { name: " " }, property: "name", reason: /required/ },
    { name: "a name longer than MySQL allows", inputs: { name: "x".repeat(65) }, property: "name", reason: /64 characters/ },
    { name: "an unknown database type", inputs: { databaseType: "ORACLE" }, property: "databaseType", reason: /MYSQL or POSTGRES/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { type: "MYSQL" }, property: "type", reason: /no property/ },
    { name: "adopt that is not a boolean", inputs: { adopt: "yes" }, property: "adopt", reason: /boolean/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...shop, ...inputs });
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses PostgreSQL on API v2, which has MySQL only, without calling the API", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ ...shop, databaseType: "POSTGRES" });
    expect(failures).toEqual([{ property: "databaseType", reason: expect.stringMatching(/API v2 has MySQL databases only/) }]);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes a name unknown during preview through check, and diff then plans a replacement", async () => {
    const news = await t.engine.check({ ...shop, name: UNKNOWN });
    expect(await t.engine.diff("101/agencyde_shop", created, news)).toEqual({
      changes: true,
      replaces: ["name"],
      deleteBeforeReplace: false,
    });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("declares no secret outputs: a database holds none", () => {
    expect(databaseDefinition.secretOutputs).toEqual([]);
  });
});

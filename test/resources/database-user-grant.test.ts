import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { HOSTING } from "../helpers/sim";

const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };
const base = { hostingId: 101, database: "shop", user: "shopuser", privileges: ["select", "Insert"] };
const ID = "101/agencyde_shop/agencyde_shopuser";

type Harness = ReturnType<typeof useProvider>;

/** Creates, through the API, the databases and users the grants work on (the resource creates neither). */
async function prepare(t: Harness, databaseType?: "POSTGRES") {
  const address = { ...HOSTING[t.version], ...(databaseType ? { databaseType } : {}) };
  await t.client.request("databases.create", { ...address, name: "shop" });
  for (const dbUser of ["shopuser", "otheruser"]) {
    await t.client.request("databases.createUser", { ...address, dbUser, password: "Shop-Db-Pass-2026" });
  }
  t.sim.requests.clear();
}

function grantsOf(t: Harness, user: string, database = "agencyde_shop", type = "MYSQL") {
  return t.sim.store.hostings["101"]!.dbUsers.find((u) => u.name === user && u.type === type)?.grants[database];
}

describe.each<ApiVersion>(["v4", "v3", "v2"])("DatabaseUserGrant on %s", (version) => {
  const t = useProvider("DatabaseUserGrant", { version });

  it("walks the lifecycle with unprefixed names: prefixed state, privileges in place, import, replace on another user", async () => {
    await prepare(t);
    const run = await runLifecycle(t.engine, {
      inputs: base,
      update: { ...base, privileges: ["SELECT", "UPDATE"] },
      replace: { ...base, user: "otheruser", privileges: ["SELECT", "UPDATE"] },
      replaces: ["user"],
    });
    expect(run.id).toBe(ID);
    expect(run.created).toEqual({
      hostingId: 101,
      database: "agencyde_shop",
      user: "agencyde_shopuser",
      privileges: ["INSERT", "SELECT"],
      databaseType: "MYSQL",
      hostingUsername: "agencyde",
      adopted: false,
    });
    expect(run.updated.privileges).toEqual(["SELECT", "UPDATE"]);
    // An import knows nothing of how the grant came into a stack: no `adopted`.
    const { adopted: _adopted, ...updated } = run.updated;
    expect(run.imported.props).toEqual(updated);
    expect(run.replaceDiff.deleteBeforeReplace).toBe(false);
    expect(grantsOf(t, "agencyde_shopuser")).toBeUndefined();
  });

  it("grants what was added before revoking what was dropped, so the user never holds nothing", async () => {
    await prepare(t);
    const olds = await t.engine.check({ ...base, privileges: ["SELECT"] });
    const { id, outs } = await t.engine.create(olds);
    const updated = await t.engine.update(id, outs, await t.engine.check({ ...base, privileges: ["INSERT"] }, olds));
    const order = t.sim.requests
      .list()
      .map((e) => e.id)
      .filter((op) => op.endsWith("Privileges"));
    expect(order).toEqual(["databases.grantPrivileges", "databases.grantPrivileges", "databases.revokePrivileges"]);
    expect(updated.privileges).toEqual(["INSERT"]);
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["INSERT"]);
  });

  it("takes the prefixed and the unprefixed names as the same grant", async () => {
    await prepare(t);
    const olds = await t.engine.check(base);
    const { id, outs } = await t.engine.create(olds);
    const prefixedNames = { ...base, database: "agencyde_shop", user: "agencyde_shopuser" };
    expect(await t.engine.diff(id, outs, await t.engine.check(prefixedNames, olds))).toEqual(noChange);
    // Declared again under the prefixed names, it is the same grant, found by the identity read
    // of the check and of the create.
    const failures = await t.engine.checkFailures(prefixedNames);
    expect(failures).toEqual([{ property: "", reason: expect.stringContaining(`DatabaseUserGrant ${ID}:`) }]);
    await expect(t.provider.create(await t.checkUnread(prefixedNames))).rejects.toThrow(`DatabaseUserGrant ${ID}:`);
  });

  it("refuses privileges the user already holds before any write, naming them, and adopts them with adopt: true", async () => {
    await prepare(t);
    await t.client.request("databases.grantPrivileges", {
      ...HOSTING[version],
      databaseName: "shop",
      databaseUsername: "shopuser",
      privileges: ["DELETE", "SELECT"],
    });
    t.sim.requests.clear();
    const refusal =
      /DatabaseUserGrant 101\/agencyde_shop\/agencyde_shopuser: the MYSQL grant of DELETE, SELECT on agencyde_shop to agencyde_shopuser exists already.*a destroy would then delete it.*`adopt: true`/s;
    // The check (a preview) refuses them already; a create checked before they were granted refuses them too.
    const failures = await t.engine.checkFailures(base);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(base))).rejects.toThrow(refusal);
    expect(t.sim.requests.list().filter((e) => e.id.endsWith("Privileges"))).toEqual([]);
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["DELETE", "SELECT"]);

    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, adopt: true }));
    expect(id).toBe(ID);
    expect(outs).toMatchObject({ privileges: ["INSERT", "SELECT"], adopt: true, adopted: true });
    // Taken over, the user holds exactly the declared privileges, as the next refresh reads them.
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["INSERT", "SELECT"]);
    clearCache();
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
  });

  it.each([{ kind: "truncate" }, { kind: "hollow", reply: "empty" }] as const)(
    "settles a grant answered with $kind $reply by the identity read, so the next up does not refuse it as a takeover",
    async (fault) => {
      await prepare(t);
      t.sim.faults.add({ operation: "databases.grantPrivileges", ...fault });
      const { id, outs } = await t.engine.create(await t.engine.check(base));
      expect(id).toBe(ID);
      expect(outs).toMatchObject({ privileges: ["INSERT", "SELECT"], adopted: false });
      expect(grantsOf(t, "agencyde_shopuser")).toEqual(["INSERT", "SELECT"]);
      expect(t.sim.requests.list().filter((e) => e.id === "databases.grantPrivileges")).toHaveLength(1);
    },
  );

  it("removes on delete exactly the privileges it granted, leaving those held from elsewhere", async () => {
    await prepare(t);
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, privileges: ["SELECT"] }));
    await t.client.request("databases.grantPrivileges", {
      ...HOSTING[version],
      databaseName: "shop",
      databaseUsername: "shopuser",
      privileges: ["DELETE"],
    });
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["DELETE", "SELECT"]);
    await t.engine.delete(id, outs);
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["DELETE"]);
  });

  it("sees privileges changed outside Pulumi and puts the declared ones back", async () => {
    await prepare(t);
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.dbUsers.find((u) => u.name === "agencyde_shopuser")!.grants.agencyde_shop = ["SELECT", "DROP"];
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.privileges).toEqual(["DROP", "SELECT"]);
    const news = await t.engine.check(base, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["INSERT", "SELECT"]);
  });

  it("fails with a message to create the database and the user first when they do not exist", async () => {
    const inputs = await t.engine.check(base);
    await expect(t.provider.create(inputs)).rejects.toThrow(/agencyde_shop.*agencyde_shopuser.*create them first/);
  });

  it("treats a grant whose database is already gone as deleted, and reads it as gone", async () => {
    await prepare(t);
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    await t.client.request("databases.delete", { ...HOSTING[version], name: "shop" });
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
  });
});

describe.each<ApiVersion>(["v4", "v3"])("DatabaseUserGrant with ALL PRIVILEGES and PostgreSQL on %s", (version) => {
  const t = useProvider("DatabaseUserGrant", { version });

  it("moves to ALL PRIVILEGES with one grant and back to a few by revoking the others", async () => {
    await prepare(t);
    const olds = await t.engine.check(base);
    const { id, outs } = await t.engine.create(olds);
    const allInputs = await t.engine.check({ ...base, privileges: ["all privileges"] }, olds);
    const all = await t.engine.update(id, outs, allInputs);
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["ALL PRIVILEGES"]);
    expect(t.sim.requests.count("databases.revokePrivileges")).toBe(0);
    expect((await t.engine.read(id, all)).props).toEqual(all);

    await t.engine.update(id, all, await t.engine.check({ ...base, privileges: ["SELECT"] }, allInputs));
    expect(grantsOf(t, "agencyde_shopuser")).toEqual(["SELECT"]);
    // From ALL PRIVILEGES nothing is granted; the other granular privileges are revoked.
    expect(t.sim.requests.count("databases.grantPrivileges")).toBe(2);
  });

  it("grants a PostgreSQL user all privileges, and an import by id alone finds the PostgreSQL grant", async () => {
    await prepare(t, "POSTGRES");
    const inputs = { ...base, privileges: ["ALL PRIVILEGES"], databaseType: "PostgreSQL" };
    const { id, outs } = await t.engine.create(await t.engine.check(inputs));
    expect(outs).toMatchObject({ databaseType: "POSTGRES", privileges: ["ALL PRIVILEGES"] });
    expect(grantsOf(t, "agencyde_shopuser", "agencyde_shop", "POSTGRES")).toEqual(["ALL PRIVILEGES"]);

    const imported = await t.engine.read(id);
    const { adopted: _adopted, ...declared } = outs;
    expect(imported.props).toEqual(declared);
    expect(await t.engine.diff(id, imported.props, await t.engine.check(inputs, imported.inputs))).toEqual(noChange);

    await t.engine.delete(id, outs);
    expect(grantsOf(t, "agencyde_shopuser", "agencyde_shop", "POSTGRES")).toBeUndefined();
  });
});

describe("DatabaseUserGrant on v2 with privileges granted elsewhere", () => {
  const t = useProvider("DatabaseUserGrant", { version: "v2" });

  it("imports the seeded ALL PRIVILEGES grant and revokes it on delete with the granular list v2 accepts", async () => {
    const imported = await t.engine.read("101/agencyde_wp/agencyde_wpuser");
    expect(imported.props).toEqual({
      hostingId: 101,
      database: "agencyde_wp",
      user: "agencyde_wpuser",
      privileges: ["ALL PRIVILEGES"],
      databaseType: "MYSQL",
      hostingUsername: "agencyde",
    });
    await t.engine.delete(imported.id, imported.props);
    expect(grantsOf(t, "agencyde_wpuser", "agencyde_wp")).toBeUndefined();
    // One revoke with the granular privileges: v2's schema refuses ALL PRIVILEGES before sending.
    expect(t.sim.requests.list().filter((e) => e.key === "v2.databases.revokePrivileges" && e.status === 200)).toHaveLength(1);
  });

  it.each([
    {
      name: "ALL PRIVILEGES, which v2 cannot grant",
      inputs: { privileges: ["ALL PRIVILEGES"] },
      property: "privileges",
      reason: /API v2 cannot grant ALL PRIVILEGES/,
    },
    {
      name: "a PostgreSQL database, which v2 does not have",
      inputs: { databaseType: "POSTGRES", privileges: ["ALL PRIVILEGES"] },
      property: "databaseType",
      reason: /API v2 has MySQL databases only/,
    },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("DatabaseUserGrant inputs", () => {
  const t = useProvider("DatabaseUserGrant", { version: "v4" });

  it.each([
    {
      name: "a privilege outside the documented list",
      inputs: { privileges: ["SELEKT"] },
      property: "privileges[0]",
      reason: /not a privilege/,
    },
    {
      name: "a privilege listed twice",
      inputs: { privileges: ["SELECT", "select"] },
      property: "privileges[1]",
      reason: /repeats privileges\[0\]/,
    },
    {
      name: "ALL PRIVILEGES beside others",
      inputs: { privileges: ["ALL PRIVILEGES", "SELECT"] },
      property: "privileges",
      reason: /list it alone/,
    },
    { name: "no privilege at all", inputs: { privileges: [] }, property: "privileges", reason: /at least one privilege/ },
    {
      name: "granular privileges on PostgreSQL",
      inputs: { databaseType: "postgres" },
      property: "privileges",
      reason: /PostgreSQL grants only full access/,
    },
    { name: "an unknown database type", inputs: { databaseType: "oracle" }, property: "databaseType", reason: /MYSQL or POSTGRES/ },
    { name: "a database name with a hyphen", inputs: { database: "shop-db" }, property: "database", reason: /letters, digits and _/ },
    { name: "a user name over 32 characters", inputs: { user: "u".repeat(33) }, property: "user", reason: /longer than 32/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: -1 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { grants: ["SELECT"] }, property: "grants", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });
});

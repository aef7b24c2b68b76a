import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it, vi } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { DatabaseUser } from "../../src/resources/database-user";
import { databaseUserDefinition } from "../../src/resources/database-user/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";

const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };
const PASSWORD = "Shop-App-Pass-2026";
const NEW_PASSWORD = "Shop-App-Pass-2027";
/** Account 101 (username `agencyde`) of the demo seed holds the MySQL user `agencyde_wpuser`. */
const app = { hostingId: 101, name: "shopapp", password: PASSWORD };
const created = {
  hostingId: 101,
  name: "agencyde_shopapp",
  password: PASSWORD,
  databaseType: "MYSQL",
  hostingUsername: "agencyde",
  adopt: false,
};
/** The demo seed's user and its password. */
const SEEDED_USER = "agencyde_wpuser";
const SEEDED_PASSWORD = "Db-Pass-2026!";

async function createUser(engine: InProcessEngine, inputs: Record<string, unknown> = app) {
  return engine.create(await engine.check(inputs));
}

describe.each<ApiVersion>(["v4", "v3", "v2"])("DatabaseUser on %s", (version) => {
  const t = useProvider("DatabaseUser", { version });
  const stored = (name: string) => t.sim.store.hostings["101"]!.dbUsers.find((u) => u.name === name);

  it("walks check, create, read, no-op diff, password update, import by id, replacing diffs, delete and read after delete", async () => {
    const { id, outs } = await createUser(t.engine);
    expect(id).toBe("101/agencyde_shopapp");
    expect(outs).toEqual(created);
    expect(stored("agencyde_shopapp")?.password).toBe(PASSWORD);

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    expect(await t.engine.diff(id, read.props, await t.engine.check({ ...app, name: "agencyde_shopapp" }, read.inputs))).toEqual(noChange);

    const news = await t.engine.check({ ...app, password: NEW_PASSWORD }, read.inputs);
    expect(await t.engine.diff(id, read.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await t.engine.update(id, read.props, news);
    expect(updated).toEqual({ ...created, password: NEW_PASSWORD });
    expect(stored("agencyde_shopapp")?.password).toBe(NEW_PASSWORD);
    const afterUpdate = await t.engine.read(id, updated);
    expect(afterUpdate).toMatchObject({ id, props: updated });

    // Import: the password cannot be read, so the first diff sets it and the next one is clean.
    const imported = await t.engine.read(id);
    const { password: _password, adopt: _adopt, ...withoutPassword } = updated;
    expect(imported.props).toEqual(withoutPassword);
    const importNews = await t.engine.check({ ...app, password: NEW_PASSWORD }, imported.inputs);
    expect(await t.engine.diff(id, imported.props, importNews)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const adopted = await t.engine.update(id, imported.props, importNews);
    expect(await t.engine.diff(id, adopted, importNews)).toEqual(noChange);

    const other = version === "v2" ? { hostingId: 102 } : { databaseType: "POSTGRES" };
    const replaced = await t.engine.diff(id, afterUpdate.props, await t.engine.check({ ...app, ...other }));
    expect(replaced).toEqual({ changes: true, replaces: Object.keys(other), deleteBeforeReplace: false });

    await t.engine.delete(id, afterUpdate.props);
    expect(stored("agencyde_shopapp")).toBeUndefined();
    expect((await t.engine.read(id, afterUpdate.props)).id).toBe("");
    expect(t.sim.requests.count("databases.createUser")).toBe(version === "v2" ? 3 : 1);
  });

  it("renames the user, re-sending the password, and a refresh gives the id of the new name", async () => {
    const { id, outs } = await createUser(t.engine);
    const news = await t.engine.check({ ...app, name: "shopweb" });
    expect(await t.engine.diff(id, outs, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const renamed = await t.engine.update(id, outs, news);
    expect(renamed).toEqual({ ...created, name: "agencyde_shopweb" });
    expect(stored("agencyde_shopapp")).toBeUndefined();
    expect(stored("agencyde_shopweb")?.password).toBe(PASSWORD);
    const refreshed = await t.engine.read(id, renamed);
    expect(refreshed).toMatchObject({ id: "101/agencyde_shopweb", props: renamed });
    expect(t.sim.requests.count("databases.updateUser")).toBe(version === "v2" ? 0 : 1);
  });

  it("refuses a name that already exists without adopt, naming adopt and the id to read it with", async () => {
    await expect(createUser(t.engine, { ...app, name: "wpuser" })).rejects.toThrow(
      /agencyde_wpuser already exists.*set adopt: true.*DatabaseUser\.get.*"101\/agencyde_wpuser".*Nothing was changed/,
    );
    expect(t.sim.requests.count("databases.createUser")).toBe(0);
    expect(stored(SEEDED_USER)?.password).toBe(SEEDED_PASSWORD);
  });

  it("creates the user when adopt is set and it does not exist", async () => {
    const { id, outs } = await createUser(t.engine, { ...app, adopt: true });
    expect(id).toBe("101/agencyde_shopapp");
    expect(outs).toEqual({ ...created, adopt: true });
    expect(t.sim.requests.count("databases.createUser")).toBe(1);
    expect(stored("agencyde_shopapp")?.password).toBe(PASSWORD);
  });

  it("adopts a user that exists without creating it, and then shows no change", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const declared = { ...app, name: "wpuser", adopt: true };
    const { id, outs } = await createUser(t.engine, declared);
    expect(t.sim.requests.count("databases.createUser")).toBe(0);
    expect(id).toBe(`101/${SEEDED_USER}`);
    expect(outs).toEqual({ ...created, name: SEEDED_USER, adopt: true });
    if (version === "v2") {
      // v2 has no user update: the user keeps its password, and a warning says so.
      expect(stored(SEEDED_USER)?.password).toBe(SEEDED_PASSWORD);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(
          `DatabaseUser ${SEEDED_USER}: adopted without setting its password, because API v2 has no database user update`,
        ),
      );
    } else {
      expect(t.sim.requests.count("databases.updateUser")).toBe(1);
      expect(stored(SEEDED_USER)?.password).toBe(PASSWORD);
      expect(warn).not.toHaveBeenCalled();
    }
    // Its privileges are untouched.
    expect(stored(SEEDED_USER)?.grants).toEqual({ agencyde_wp: ["ALL PRIVILEGES"] });

    clearCache();
    const read = await t.engine.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check(declared, read.inputs))).toEqual(noChange);
    warn.mockRestore();
  });

  it("treats a user that is already gone as deleted", async () => {
    const { id, outs } = await createUser(t.engine);
    t.sim.store.hostings["101"]!.dbUsers = t.sim.store.hostings["101"]!.dbUsers.filter((u) => u.name !== "agencyde_shopapp");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("keeps the password under the secret output only", async () => {
    const { outs } = await createUser(t.engine);
    expect(databaseUserDefinition.secretOutputs).toEqual(["password"]);
    const elsewhere = Object.entries(outs).filter(([name, value]) => name !== "password" && JSON.stringify(value).includes(PASSWORD));
    expect(elsewhere).toEqual([]);
  });
});

describe.each<ApiVersion>(["v4", "v3"])("DatabaseUser on %s while the listing lags behind creates", (version) => {
  // The user listing misses a new user for its first two reads (T1 polls for it, catalog §7.3).
  const t = useProvider("DatabaseUser", { version, simulator: { behaviour: { eventualConsistencyReads: 2 } } });

  it("reads a user right after creating it as present, without a second create", async () => {
    const { id, outs } = await createUser(t.engine);
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    expect(t.sim.requests.count("databases.createUser")).toBe(1);
    // The identity read before the create, then two reads missed it and the third found it.
    expect(t.sim.requests.count("databases.listUsers")).toBe(4);
  });

  it("settles a create whose response was lost by reading until the user shows, without creating twice", async () => {
    t.sim.faults.add({ operation: "databases.createUser", kind: "lost-response" });
    const { outs } = await createUser(t.engine);
    expect(outs).toEqual(created);
    expect(t.sim.requests.count("databases.createUser")).toBe(1);
    clearCache();
    expect((await t.engine.read("101/agencyde_shopapp", outs)).props).toEqual(outs);
  });
});

describe("DatabaseUser inputs", () => {
  const t = useProvider("DatabaseUser", { version: "v4" });

  it.each([
    { name: "a short password", inputs: { password: "Ab1" }, property: "password", reason: /at least 10 characters/ },
    { name: "a password without digits", inputs: { password: "only-letters-here" }, property: "password", reason: /digit/ },
    { name: "a name with a dot", inputs: { name: "shop.app" }, property: "name", reason: /letters, digits and _/ },
    { name: "a name longer than MySQL allows", inputs: { name: "x".repeat(33) }, property: "name", reason: /32 characters/ },
    { name: "an unknown database type", inputs: { databaseType: "sqlite" }, property: "databaseType", reason: /MYSQL or POSTGRES/ },
    { name: "a missing password", inputs: { password: undefined }, property: "password", reason: /./ },
    { name: "a property the resource does not have", inputs: { privileges: ["SELECT"] }, property: "privileges", reason: /no property/ },
    { name: "adopt that is not a boolean", inputs: { adopt: 1 }, property: "adopt", reason: /boolean/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...app, ...inputs });
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    // A failure never repeats the password.
    expect(JSON.stringify(failures)).not.toContain(String(inputs.password ?? PASSWORD));
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fails an empty password once, with the rule it breaks first", async () => {
    const failures = await t.engine.checkFailures({ ...app, password: "" });
    expect(failures).toEqual([{ property: "password", reason: expect.stringMatching(/at least 10 characters/) }]);
  });

  it("refuses PostgreSQL on API v2, which has MySQL only, without calling the API", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ ...app, databaseType: "POSTGRES" });
    expect(failures.map((f) => f.property)).toEqual(["databaseType"]);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes a password unknown during preview through check, and diff then plans an update", async () => {
    const news = await t.engine.check({ ...app, password: UNKNOWN });
    expect(await t.engine.diff("101/agencyde_shopapp", created, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("DatabaseUser class", () => {
  it("marks the password secret and leaves the name plain", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({
          id: "101/agencyde_shopapp",
          state: { ...args.inputs, name: "agencyde_shopapp", hostingUsername: "agencyde" },
        }),
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const user = new DatabaseUser("shop-app", app);
    expect(await pulumi.isSecret(user.password)).toBe(true);
    expect(await pulumi.isSecret(user.name)).toBe(false);
  });
});

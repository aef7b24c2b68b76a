import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const TYPED = ["v4", "v3"] as const;

interface Database {
  name: string;
  databaseUsers: { name: string; permissions: string }[];
}

const WP = { databaseName: "agencyde_wp", databaseUsername: "agencyde_wpuser" };

describe("databases against the simulator", () => {
  const t = useSimulator({ version: "v4" });
  const hosting = () => t.sim.store.hostings["101"]!;

  const list = async (version: ApiVersion, extra: Record<string, unknown> = {}) =>
    (await t.clientFor(version).request("databases.list", { ...HOSTING[version], ...extra })).data as Database[];
  const users = async (version: ApiVersion, extra: Record<string, unknown> = {}) =>
    (await t.clientFor(version).request("databases.listUsers", { ...HOSTING[version], ...extra })).data as string[][];
  const call = (version: ApiVersion, id: string, params: Record<string, unknown>) =>
    t.clientFor(version).request(id, { ...HOSTING[version], ...params });
  const permissionsOf = async (version: ApiVersion, db = "agencyde_wp", user = "agencyde_wpuser") =>
    (await list(version)).find((d) => d.name === db)?.databaseUsers.find((u) => u.name === user)?.permissions;

  it.each(ALL)("lists the seeded database with its user's permissions on %s", async (version) => {
    expect(await list(version)).toEqual([
      { name: "agencyde_wp", databaseUsers: [{ name: "agencyde_wpuser", permissions: "ALL PRIVILEGES" }] },
    ]);
  });

  it.each(ALL)("lists users as an array of arrays of names on %s", async (version) => {
    expect(await users(version)).toEqual([["agencyde_wpuser"]]);
  });

  it.each(ALL)("prefixes a new database with the hosting username and answers the full name on %s", async (version) => {
    const reply = await call(version, "databases.create", { name: "shop" });
    expect(reply.data).toEqual({ name: "agencyde_shop" });
    expect((await list(version)).map((d) => d.name)).toEqual(["agencyde_wp", "agencyde_shop"]);
  });

  it("keeps a name that already carries the prefix instead of prefixing it twice", async () => {
    await t.client.request("v4.databases.create", { id: 101, name: "agencyde_blog" });
    expect(hosting().databases.map((d) => d.name)).toContain("agencyde_blog");
    expect(hosting().databases.map((d) => d.name)).not.toContain("agencyde_agencyde_blog");
  });

  it("prefixes with the username of the hosting account addressed", async () => {
    await t.client.request("v4.databases.create", { id: 102, name: "wp" });
    expect(t.sim.store.hostings["102"]!.databases.map((d) => d.name)).toEqual(["stagingx_wp"]);
  });

  it.each(ALL)("refuses a database that already exists with a message saying so on %s", async (version) => {
    const attempt = call(version, "databases.create", { name: "wp" });
    await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
    await expect(attempt).rejects.toThrow(/agencyde_wp already exist/);
  });

  it("refuses a database name with characters other than letters, digits and _", async () => {
    const attempt = t.client.request("v4.databases.create", { id: 101, name: "my-shop" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/my-shop/);
  });

  it.each(ALL)("removes a database and the privileges held on it on %s", async (version) => {
    await call(version, "databases.delete", { name: "wp" });
    expect(await list(version)).toEqual([]);
    expect(hosting().dbUsers[0]!.grants).toEqual({});
    await expect(call(version, "databases.delete", { name: "agencyde_wp" })).rejects.toMatchObject({ code: "not-found", status: 404 });
  });

  it.each(ALL)("creates a prefixed user with a strong password on %s", async (version) => {
    const reply = await call(version, "databases.createUser", { dbUser: "reader", password: "Reader-Pass-2026" });
    expect(reply.data).toEqual({ name: "agencyde_reader" });
    expect((await users(version)).flat()).toEqual(["agencyde_wpuser", "agencyde_reader"]);
  });

  it.each(ALL)("refuses a weak user password with isStrongPassword in errors on %s", async (version) => {
    const attempt = call(version, "databases.createUser", { dbUser: "reader", password: "password" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400, errors: ["isStrongPassword"] });
    expect(hosting().dbUsers).toHaveLength(1);
  });

  it.each(ALL)("refuses a user that already exists with a database user ... already exist message on %s", async (version) => {
    const attempt = call(version, "databases.createUser", { dbUser: "wpuser", password: "Another-Pass-2026" });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
    await expect(attempt).rejects.toThrow(/database user agencyde_wpuser already exist/);
  });

  it("refuses a user name longer than 32 characters with its prefix", async () => {
    const attempt = t.client.request("v4.databases.createUser", {
      id: 101,
      dbUser: "a_very_long_user_name_here",
      password: "Reader-Pass-2026",
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/longer than 32 characters/);
  });

  it.each(TYPED)("renames a user and changes its password, keeping its privileges, on %s", async (version) => {
    await call(version, "databases.updateUser", {
      databaseUsername: "wpuser",
      newDatabaseUsername: "wpadmin",
      newPassword: "Renamed-Pass-2026",
    });
    expect(await list(version)).toEqual([
      { name: "agencyde_wp", databaseUsers: [{ name: "agencyde_wpadmin", permissions: "ALL PRIVILEGES" }] },
    ]);
    expect(hosting().dbUsers[0]!.password).toBe("Renamed-Pass-2026");
  });

  it("refuses to rename a user onto another existing user", async () => {
    await t.client.request("v4.databases.createUser", { id: 101, dbUser: "reader", password: "Reader-Pass-2026" });
    const attempt = t.client.request("v4.databases.updateUser", {
      id: 101,
      databaseUsername: "agencyde_reader",
      newDatabaseUsername: "wpuser",
      newPassword: "Reader-Pass-2027",
    });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
  });

  it.each(ALL)("removes a user, then answers not-found for it on %s", async (version) => {
    await call(version, "databases.deleteUser", { dbUser: "agencyde_wpuser" });
    expect(await users(version)).toEqual([[]]);
    expect((await list(version))[0]!.databaseUsers).toEqual([]);
    await expect(call(version, "databases.deleteUser", { dbUser: "wpuser" })).rejects.toMatchObject({ code: "not-found", status: 404 });
  });

  it.each(ALL)("grants privileges that add to those already held and lists them comma-separated on %s", async (version) => {
    await call(version, "databases.createUser", { dbUser: "reader", password: "Reader-Pass-2026" });
    const grant = { databaseName: "wp", databaseUsername: "reader" };
    await call(version, "databases.grantPrivileges", { ...grant, privileges: ["SELECT"] });
    await call(version, "databases.grantPrivileges", { ...grant, privileges: ["INSERT", "SELECT", "UPDATE"] });
    expect(await permissionsOf(version, "agencyde_wp", "agencyde_reader")).toBe("INSERT,SELECT,UPDATE");
  });

  it("lets ALL PRIVILEGES absorb granular privileges", async () => {
    await t.client.request("v4.databases.createUser", { id: 101, dbUser: "reader", password: "Reader-Pass-2026" });
    const grant = { id: 101, databaseName: "wp", databaseUsername: "reader" };
    await t.client.request("v4.databases.grantPrivileges", { ...grant, privileges: ["SELECT"] });
    await t.client.request("v4.databases.grantPrivileges", { ...grant, privileges: ["ALL PRIVILEGES"] });
    expect(await permissionsOf("v4", "agencyde_wp", "agencyde_reader")).toBe("ALL PRIVILEGES");
  });

  it.each(ALL)("removes one privilege from ALL PRIVILEGES and keeps the others on %s", async (version) => {
    await call(version, "databases.revokePrivileges", { ...WP, privileges: ["DROP", "DELETE"] });
    const permissions = (await permissionsOf(version))!.split(",");
    expect(permissions).not.toContain("DROP");
    expect(permissions).not.toContain("DELETE");
    expect(permissions).not.toContain("ALL PRIVILEGES");
    expect(permissions).toContain("SELECT");
    expect(permissions).toHaveLength(16);
  });

  it.each(TYPED)("removes every privilege when none are given on %s", async (version) => {
    await call(version, "databases.revokePrivileges", WP);
    expect((await list(version))[0]!.databaseUsers).toEqual([]);
  });

  it("removes every privilege when ALL PRIVILEGES is given", async () => {
    await t.client.request("v4.databases.revokePrivileges", { id: 101, ...WP, privileges: ["ALL PRIVILEGES"] });
    expect(hosting().dbUsers[0]!.grants).toEqual({});
  });

  it("refuses ALL PRIVILEGES on v2 before anything is sent", async () => {
    const attempt = t.clientFor("v2").request("v2.databases.grantPrivileges", { id: 101, ...WP, privileges: ["ALL PRIVILEGES"] } as never);
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count()).toBe(0);
  });

  it.each(ALL)("answers not-found when granting on a database that does not exist on %s", async (version) => {
    const attempt = call(version, "databases.grantPrivileges", {
      databaseName: "missing",
      databaseUsername: "wpuser",
      privileges: ["SELECT"],
    });
    await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(attempt).rejects.toThrow(/agencyde_missing/);
  });

  it.each(TYPED)("keeps PostgreSQL databases and users apart from MySQL ones on %s", async (version) => {
    const pg = { databaseType: "POSTGRES" };
    await call(version, "databases.create", { name: "analytics", ...pg });
    await call(version, "databases.createUser", { dbUser: "analyst", password: "Analyst-Pass-2026", ...pg });
    expect((await list(version, pg)).map((d) => d.name)).toEqual(["agencyde_analytics"]);
    expect((await list(version)).map((d) => d.name)).toEqual(["agencyde_wp"]);
    expect(await users(version, pg)).toEqual([["agencyde_analyst"]]);
    // A MySQL database of the same name is a different database.
    await call(version, "databases.create", { name: "analytics" });
  });

  it.each(TYPED)("grants and revokes only ALL PRIVILEGES on PostgreSQL on %s", async (version) => {
    const pg = { databaseType: "POSTGRES" };
    await call(version, "databases.create", { name: "analytics", ...pg });
    await call(version, "databases.createUser", { dbUser: "analyst", password: "Analyst-Pass-2026", ...pg });
    const target = { databaseName: "analytics", databaseUsername: "analyst", ...pg };
    const granular = call(version, "databases.grantPrivileges", { ...target, privileges: ["SELECT"] });
    await expect(granular).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(granular).rejects.toThrow(/PostgreSQL only ALL PRIVILEGES/);
    await call(version, "databases.grantPrivileges", { ...target, privileges: ["ALL PRIVILEGES"] });
    expect((await list(version, pg))[0]!.databaseUsers).toEqual([{ name: "agencyde_analyst", permissions: "ALL PRIVILEGES" }]);
    await expect(call(version, "databases.revokePrivileges", { ...target, privileges: ["SELECT"] })).rejects.toMatchObject({
      code: "validation",
    });
    await call(version, "databases.revokePrivileges", target);
    expect((await list(version, pg))[0]!.databaseUsers).toEqual([]);
  });

  it.each(TYPED)("reports database sizes in total and per database on %s", async (version) => {
    await call(version, "databases.create", { name: "empty" });
    const reply = await call(version, "databases.listSizes", {});
    expect(reply.data).toEqual({ total: 52_428_800, dbUsage: { agencyde_wp: 52_428_800, agencyde_empty: 0 } });
  });

  it.each(TYPED)("answers autologin URLs for phpMyAdmin and phpPgAdmin in data.loginUrl on %s", async (version) => {
    const mysql = (await call(version, "databases.getPhpMyAdminUrl", {})).data as { loginUrl: string };
    const pg = (await call(version, "databases.getPhpPgAdminUrl", {})).data as { loginUrl: string };
    expect(new URL(mysql.loginUrl).protocol).toBe("https:");
    expect(mysql.loginUrl).toMatch(/phpmyadmin.*account=agencyde/);
    expect(pg.loginUrl).toMatch(/phppgadmin/);
    const again = (await call(version, "databases.getPhpMyAdminUrl", {})).data as { loginUrl: string };
    expect(again.loginUrl).not.toBe(mysql.loginUrl);
  });

  it("refuses the v3 address when the username does not match the hosting account", async () => {
    const attempt = t.clientFor("v3").request("v3.databases.list", { id: 101, username: "stagingx" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("databases with eventual consistency", () => {
  const t = useSimulator({ version: "v3", simulator: { behaviour: { eventualConsistencyReads: 2 } } });
  const address = HOSTING.v3;

  it("hides a new database from the next two listings, then shows it", async () => {
    await t.client.request("v3.databases.create", { ...address, name: "shop" });
    const names = async () => (await t.client.request("v3.databases.list", { ...address }, { fresh: true })).data.map((d) => d.name);
    expect(await names()).toEqual(["agencyde_wp"]);
    expect(await names()).toEqual(["agencyde_wp"]);
    expect(await names()).toEqual(["agencyde_wp", "agencyde_shop"]);
  });

  it("hides a new user from the next two user listings, and lets a grant reach it meanwhile", async () => {
    await t.client.request("v3.databases.createUser", { ...address, dbUser: "reader", password: "Reader-Pass-2026" });
    // The server has the user already: a grant succeeds while listings still miss it.
    await t.client.request("v3.databases.grantPrivileges", { ...address, ...WP, databaseUsername: "reader", privileges: ["SELECT"] });
    const names = async () => (await t.client.request("v3.databases.listUsers", { ...address }, { fresh: true })).data.flat();
    expect(await names()).toEqual(["agencyde_wpuser"]);
    expect(await names()).toEqual(["agencyde_wpuser"]);
    expect(await names()).toEqual(["agencyde_wpuser", "agencyde_reader"]);
  });

  it("refuses a second create of a database still hidden from listings", async () => {
    await t.client.request("v3.databases.create", { ...address, name: "shop" });
    await expect(t.client.request("v3.databases.create", { ...address, name: "shop" })).rejects.toMatchObject({ code: "conflict" });
  });
});

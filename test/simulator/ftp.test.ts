import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const EDIT_VERSIONS = ["v4", "v3"] as const;

interface Account {
  id?: number;
  username: string;
  path?: string;
}

describe("FTP accounts against the simulator", () => {
  const t = useSimulator({ version: "v4" });
  const stored = (username: string) => t.sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === username);

  const list = async (version: ApiVersion) => (await t.clientFor(version).request("ftp.listAccounts", HOSTING[version])).data as Account[];
  /** v4 answers the account at the top level, v3 and v2 in `data`; the client answers all three alike. */
  const create = async (version: ApiVersion, params: Record<string, unknown>): Promise<Account> => {
    const reply = await t.clientFor(version).request("ftp.createAccount", { ...HOSTING[version], ...params });
    return reply as unknown as Account;
  };
  const ci = { domain: "agency-demo.com", ftpUser: "ci", path: "/public_html/ci", password: "Ci-Pass-2026x" };

  it.each(ALL)("lists the seeded account deploy@agency-demo.com on %s", async (version) => {
    expect(await list(version)).toEqual([{ id: 11, username: "deploy@agency-demo.com", path: "/public_html" }]);
  });

  it.each(ALL)("creates user@domain from the local part and the domain, and lists it, on %s", async (version) => {
    const extra = version === "v2" ? {} : { createFolder: true };
    const account = await create(version, { ...ci, ...extra });
    expect(account).toMatchObject({ username: "ci@agency-demo.com", path: "/public_html/ci" });
    expect(account.id).toBeGreaterThan(11);
    expect(await list(version)).toContainEqual({ id: account.id, username: "ci@agency-demo.com", path: "/public_html/ci" });
  });

  it("accepts a Unicode domain and names the account with its ASCII form", async () => {
    const account = await create("v4", { ...ci, domain: "Café.com", path: "/public_html" });
    expect(account.username).toBe("ci@xn--caf-dma.com");
  });

  it("refuses a missing root directory unless createFolder is set, then creates it", async () => {
    const attempt = create("v4", ci);
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/\/public_html\/ci does not exist; set createFolder/);
    await create("v4", { ...ci, createFolder: true });
    // The folder now exists: a second account may share it without the switch.
    await create("v4", { ...ci, ftpUser: "ci2" });
    expect(t.sim.store.hostings["101"]!.ftpFolders).toEqual(["/public_html/ci"]);
  });

  it("refuses a createFolder sent as the string 'true' before anything is sent", async () => {
    const attempt = t.client.request("v4.ftp.createAccount", { id: 101, ...ci, createFolder: "true" } as never);
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("ftp.createAccount")).toBe(0);
  });

  it.each(ALL)("refuses a path that does not start with / on %s", async (version) => {
    const attempt = create(version, { ...ci, path: "public_html/ci" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/must start with "\/"/);
  });

  it.each(ALL)("refuses a weak password with isStrongPassword in errors on %s", async (version) => {
    const attempt = create(version, { ...ci, path: "/public_html", password: "short1" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400, errors: ["isStrongPassword"] });
    await expect(create(version, { ...ci, path: "/public_html", password: "lettersonlypassword" })).rejects.toMatchObject({
      errors: ["isStrongPassword"],
    });
    expect(stored("ci@agency-demo.com")).toBeUndefined();
  });

  it.each(ALL)("refuses an existing account with a conflict saying it already exists on %s", async (version) => {
    const attempt = create(version, { ...ci, ftpUser: "Deploy", path: "/public_html" });
    await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
    await expect(attempt).rejects.toThrow(/deploy@agency-demo\.com already exist/);
  });

  it("refuses a full user@domain as ftpUser and names the local part to send", async () => {
    const attempt = create("v4", { ...ci, ftpUser: "ci@agency-demo.com", path: "/public_html" });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/part before "@" \("ci"\)/);
  });

  it.each(ALL)("refuses a domain that is not attached to the hosting account on %s", async (version) => {
    const attempt = create(version, { ...ci, domain: "staging-agency.com", path: "/public_html" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(attempt).rejects.toThrow(/staging-agency\.com/);
  });

  it.each(EDIT_VERSIONS)("changes the password and the path in one edit with one message per change on %s", async (version) => {
    const reply = await t.clientFor(version).request(`${version}.ftp.editAccount`, {
      ...HOSTING[version],
      domain: "agency-demo.com",
      ftpUser: "deploy",
      password: "Rotated-Pass-2026",
      path: "/public_html/app/",
    } as never);
    const messages = (reply as { data: { message: string }[] }).data.map((d) => d.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/Password/);
    expect(messages[1]).toMatch(/\/public_html\/app$/);
    expect(stored("deploy@agency-demo.com")).toMatchObject({ password: "Rotated-Pass-2026", path: "/public_html/app" });
  });

  it("changes only the password when an edit gives no path, with a single message", async () => {
    const reply = await t.client.request("v4.ftp.editAccount", {
      id: 101,
      domain: "agency-demo.com",
      ftpUser: "deploy",
      password: "Rotated-Pass-2026",
    });
    expect(reply.data).toHaveLength(1);
    expect(stored("deploy@agency-demo.com")).toMatchObject({ password: "Rotated-Pass-2026", path: "/public_html" });
  });

  it("leaves the password as it was when an edit's path is invalid", async () => {
    const attempt = t.client.request("v4.ftp.editAccount", {
      id: 101,
      domain: "agency-demo.com",
      ftpUser: "deploy",
      password: "Rotated-Pass-2026",
      path: "/a/../b",
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    expect(stored("deploy@agency-demo.com")?.password).toBe("Deploy-Pass-2026!");
  });

  it("refuses a weak password on edit with isStrongPassword", async () => {
    const attempt = t.client.request("v4.ftp.editAccount", { id: 101, domain: "agency-demo.com", ftpUser: "deploy", password: "weak" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", errors: ["isStrongPassword"] });
  });

  it("changes the password and the path with the two v2 operations", async () => {
    const v2 = t.clientFor("v2");
    const address = { id: 101, domain: "agency-demo.com", ftpUser: "deploy" };
    await v2.request("v2.ftp.changePassword", { ...address, password: "V2-Rotated-2026" });
    await v2.request("v2.ftp.updatePath", { ...address, path: "/public_html/v2" });
    expect(stored("deploy@agency-demo.com")).toMatchObject({ password: "V2-Rotated-2026", path: "/public_html/v2" });
    await expect(v2.request("v2.ftp.changePassword", { ...address, password: "nodigitshere!" })).rejects.toMatchObject({
      errors: ["isStrongPassword"],
    });
  });

  it.each(ALL)("deletes an account by domain and local part, then answers not-found for it on %s", async (version) => {
    const client = t.clientFor(version);
    const address = { ...HOSTING[version], domain: "agency-demo.com", ftpUser: "deploy" };
    await client.request("ftp.deleteAccount", address);
    expect(await list(version)).toEqual([]);
    await expect(client.request("ftp.deleteAccount", address)).rejects.toMatchObject({ code: "not-found", status: 404 });
  });

  it.each(ALL)("lists the active connections on %s", async (version) => {
    const reply = await t.clientFor(version).request("ftp.listConnections", HOSTING[version]);
    const connections = reply.activeConnections;
    expect(connections).toEqual([
      {
        pid: "4211",
        account: "deploy@agency-demo.com",
        time: 42,
        state: "IDLE",
        host: "203.0.113.7",
        localhost: "198.51.100.10",
        localport: "21",
      },
    ]);
  });

  it("ends the sessions of a deleted account", async () => {
    await t.client.request("v4.ftp.deleteAccount", { id: 101, domain: "agency-demo.com", ftpUser: "deploy" });
    expect((await t.client.request("v4.ftp.listConnections", { id: 101 })).activeConnections).toEqual([]);
  });
});

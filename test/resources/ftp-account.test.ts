import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { FtpAccount } from "../../src/resources/ftp-account";
import { ftpAccountDefinition } from "../../src/resources/ftp-account/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";
import { pathsHolding } from "../helpers/paths-holding";

const PASSWORD = "Ci-Pass-2026-x";
const ROTATED = "Rotated-Pass-2027";
const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };

/** A new login on the seeded account 101; `public_html/ci` does not exist yet. */
const base = { hostingId: 101, domain: "Agency-Demo.com.", user: "CI", path: "public_html/ci/", password: PASSWORD, createFolder: true };

/** The outputs of login `user@agency-demo.com` on account 101 with the test password. */
function accountOutputs(user: string, path: string, rest: Record<string, unknown>) {
  return { hostingId: 101, domain: "agency-demo.com", user, path, password: PASSWORD, username: `${user}@agency-demo.com`, ...rest };
}

async function createOne(engine: InProcessEngine, inputs: Record<string, unknown> = base) {
  const checked = await engine.check(inputs);
  const { id, outs } = await engine.create(checked);
  return { checked, id, outs };
}

describe.each<ApiVersion>(["v4", "v3"])("FtpAccount on %s", (version) => {
  const t = useProvider("FtpAccount", { version });
  const stored = (login: string) => t.sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === login);

  it("walks check, create, read, no-op diff, update, import, replacing diffs, delete and read after delete", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    expect(checked).toMatchObject({ hostingId: 101, domain: "agency-demo.com", user: "ci", path: "/public_html/ci", createFolder: true });
    expect(id).toBe("101/ci@agency-demo.com");
    expect(outs).toEqual(accountOutputs("ci", "/public_html/ci", { createFolder: true, adopt: false, accountId: expect.any(Number) }));
    expect(stored("ci@agency-demo.com")).toMatchObject({ path: "/public_html/ci", password: PASSWORD });

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    expect(await t.engine.diff(id, read.props, await t.engine.check(base, read.inputs))).toEqual(noChange);

    // In place: a new password and a new root directory.
    const moved = { ...base, path: "/public_html/releases", password: ROTATED };
    const news = await t.engine.check(moved, read.inputs);
    expect(await t.engine.diff(id, read.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await t.engine.update(id, read.props, news);
    expect(updated).toMatchObject({ path: "/public_html/releases", password: ROTATED, accountId: outs.accountId });
    expect(stored("ci@agency-demo.com")).toMatchObject({ path: "/public_html/releases", password: ROTATED });
    const afterUpdate = await t.engine.read(id, updated);
    expect(afterUpdate.props).toEqual(updated);
    expect(await t.engine.diff(id, afterUpdate.props, await t.engine.check(moved, afterUpdate.inputs))).toEqual(noChange);

    // Import by id alone: everything but the password, which the API cannot return, matches;
    // the next update sets the declared password and then nothing is left to change.
    const imported = await t.engine.read(id);
    expect(imported.id).toBe(id);
    const { password: _password, adopt: _adopt, ...withoutPassword } = updated;
    expect(imported.props).toEqual({ ...withoutPassword, createFolder: false });
    const importNews = await t.engine.check(moved, imported.inputs);
    expect(await t.engine.diff(id, imported.props, importNews)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const adopted = await t.engine.update(id, imported.props, importNews);
    expect(adopted.password).toBe(ROTATED);
    expect(await t.engine.diff(id, adopted, await t.engine.check(moved, imported.inputs))).toEqual(noChange);

    // A new login replaces the account, deleting the old one first.
    expect(await t.engine.diff(id, afterUpdate.props, await t.engine.check({ ...moved, user: "ci2" }))).toEqual({
      changes: true,
      replaces: ["user"],
      deleteBeforeReplace: true,
    });
    expect(await t.engine.diff(id, afterUpdate.props, await t.engine.check({ ...moved, domain: "client-shop.net" }))).toEqual({
      changes: true,
      replaces: ["domain"],
      deleteBeforeReplace: true,
    });

    await t.engine.delete(id, afterUpdate.props);
    expect(stored("ci@agency-demo.com")).toBeUndefined();
    expect((await t.engine.read(id, afterUpdate.props)).id).toBe("");
  });

  it("keeps the password only under the secret output, never in the id, other outputs or messages", async () => {
    expect(ftpAccountDefinition.secretOutputs).toEqual(["password"]);
    const { id, outs } = await createOne(t.engine);
    expect(pathsHolding(id, PASSWORD)).toEqual([]);
    expect(pathsHolding(outs, PASSWORD)).toEqual(["password"]);
    const read = await t.engine.read(id, outs);
    expect(pathsHolding(read.props, PASSWORD)).toEqual(["password"]);
    expect(pathsHolding(read.inputs, PASSWORD)).toEqual(["password"]);

    const weak = "weakpass";
    const failures = await t.engine.checkFailures({ ...base, password: weak });
    expect(pathsHolding(failures, weak)).toEqual([]);
  });

  it("refuses a login that already exists without adopt, before any write, naming adopt and the id to read it with", async () => {
    const declared = { ...base, user: "deploy", path: "/public_html" };
    const refusal = /deploy@agency-demo\.com already exists.*set adopt: true.*"101\/deploy@agency-demo\.com".*Nothing was changed/;
    // The check (a preview) refuses it already; a create checked before it appeared refuses it too.
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(refusal);
    expect(stored("deploy@agency-demo.com")?.password).toBe("Deploy-Pass-2026!");
    expect(t.sim.requests.count("ftp.createAccount")).toBe(0);
    expect(t.sim.requests.count("ftp.editAccount")).toBe(0);
  });

  it("adopts a login that exists without creating it, setting the declared password and path", async () => {
    const declared = { ...base, user: "deploy", path: "/public_html/releases", createFolder: false, adopt: true };
    const { id, outs } = await createOne(t.engine, declared);
    expect(t.sim.requests.count("ftp.createAccount")).toBe(0);
    expect(t.sim.requests.count("ftp.editAccount")).toBe(1);
    expect(id).toBe("101/deploy@agency-demo.com");
    expect(outs).toEqual(accountOutputs("deploy", "/public_html/releases", { createFolder: false, adopt: true, accountId: 11 }));
    expect(stored("deploy@agency-demo.com")).toMatchObject({ path: "/public_html/releases", password: PASSWORD });

    // Converged: a refresh reads the same, and the program as declared shows no change.
    clearCache();
    const read = await t.engine.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check(declared, read.inputs))).toEqual(noChange);
    // adopt is a create-time switch: turning it off later is no change either.
    expect(await t.engine.diff(id, read.props, await t.engine.check({ ...declared, adopt: false }, read.inputs))).toEqual(noChange);
  });

  it("creates the login when adopt is set and it does not exist", async () => {
    const { id, outs } = await createOne(t.engine, { ...base, adopt: true });
    expect(id).toBe("101/ci@agency-demo.com");
    expect(outs).toMatchObject({ path: "/public_html/ci", password: PASSWORD, adopt: true });
    expect(t.sim.requests.count("ftp.createAccount")).toBe(1);
    expect(t.sim.requests.count("ftp.editAccount")).toBe(0);
    expect(stored("ci@agency-demo.com")).toMatchObject({ path: "/public_html/ci", password: PASSWORD });
  });

  it("imports the seeded account by an id in any letter case, with its live path and no password", async () => {
    const imported = await t.engine.read("101/Deploy@Agency-Demo.com");
    expect(imported.id).toBe("101/deploy@agency-demo.com");
    expect(imported.props).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "deploy",
      path: "/public_html",
      createFolder: false,
      username: "deploy@agency-demo.com",
      accountId: 11,
    });
  });

  it("fails on a missing root directory unless createFolder is set", async () => {
    const inputs = await t.engine.check({ ...base, createFolder: false });
    await expect(t.provider.create(inputs)).rejects.toThrow(/does not exist; set createFolder/);
    expect(stored("ci@agency-demo.com")).toBeUndefined();
  });

  it("sees a path changed outside Pulumi and changes it back in place", async () => {
    const { id, outs } = await createOne(t.engine);
    stored("ci@agency-demo.com")!.path = "/public_html";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ path: "/public_html", password: PASSWORD });
    const news = await t.engine.check(base, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(stored("ci@agency-demo.com")?.path).toBe("/public_html/ci");
  });

  it.each(["lost-response", "truncate", "oversize"] as const)(
    "settles a create answered with %s by reading it into state, without creating twice",
    async (kind) => {
      t.sim.faults.add({ operation: "ftp.createAccount", kind });
      const { id, outs } = await createOne(t.engine);
      expect(id).toBe("101/ci@agency-demo.com");
      expect(outs).toMatchObject({ username: "ci@agency-demo.com", path: "/public_html/ci", password: PASSWORD });
      expect(t.sim.requests.count("ftp.createAccount")).toBe(1);
      expect(t.sim.store.hostings["101"]!.ftpAccounts.filter((a) => a.username === "ci@agency-demo.com")).toHaveLength(1);
      // The create carried the password: nothing is set again.
      expect(t.sim.requests.count("ftp.editAccount")).toBe(0);
      expect(stored("ci@agency-demo.com")?.password).toBe(PASSWORD);
    },
  );

  it("fails an update of an account deleted outside Pulumi, saying to refresh so the next up creates it again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.ftpAccounts = [];
    const news = await t.engine.check({ ...base, password: ROTATED });
    await expect(t.engine.update(id, outs, news)).rejects.toThrow(
      /The FTP account ci@agency-demo\.com cannot be updated \(API: .*\); if it was deleted outside Pulumi, run `pulumi refresh` so that the next `up` creates it again/,
    );
  });

  it("treats an account that is already gone as deleted", async () => {
    const { id, outs } = await createOne(t.engine);
    t.sim.store.hostings["101"]!.ftpAccounts = [];
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });
});

describe("FtpAccount on v2", () => {
  const t = useProvider("FtpAccount", { version: "v2" });

  it("changes the password and the path with the separate v2 operations, each only when it changed", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    const stored = () => t.sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === "ci@agency-demo.com");

    const rotatedInputs = await t.engine.check({ ...base, password: ROTATED }, checked);
    const rotated = await t.engine.update(id, outs, rotatedInputs);
    expect(t.sim.requests.count("v2.ftp.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.ftp.updatePath")).toBe(0);
    expect(stored()?.password).toBe(ROTATED);

    const moved = await t.engine.update(
      id,
      rotated,
      await t.engine.check({ ...base, password: ROTATED, path: "/public_html/releases" }, rotatedInputs),
    );
    expect(t.sim.requests.count("v2.ftp.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.ftp.updatePath")).toBe(1);
    expect(stored()?.path).toBe("/public_html/releases");
    expect((await t.engine.read(id, moved)).props).toEqual(moved);
  });

  it("adopts a login with the v2 operations: the password always (it cannot be read), the path only when it differs", async () => {
    const { outs } = await createOne(t.engine, { ...base, user: "deploy", path: "/public_html", adopt: true });
    expect(t.sim.requests.count("v2.ftp.createAccount")).toBe(0);
    expect(t.sim.requests.count("v2.ftp.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.ftp.updatePath")).toBe(0);
    expect(outs).toMatchObject({ username: "deploy@agency-demo.com", path: "/public_html", password: PASSWORD, adopt: true });
    expect(t.sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === "deploy@agency-demo.com")?.password).toBe(PASSWORD);
  });
});

describe("FtpAccount inputs", () => {
  const t = useProvider("FtpAccount", { version: "v4" });

  it.each([
    { name: "a password shorter than 10 characters", inputs: { password: "Short-1" }, property: "password", reason: /at least 10/ },
    { name: "a password without a digit", inputs: { password: "Only-Letters-Here" }, property: "password", reason: /digit/ },
    { name: "a password without a letter", inputs: { password: "1234-5678-90" }, property: "password", reason: /letter/ },
    { name: "a password with @", inputs: { password: "Has@Sign-2026" }, property: "password", reason: /@/ },
    { name: "a user with its domain", inputs: { user: "ci@agency-demo.com" }, property: "user", reason: /part before "@"/ },
    { name: "a user starting with a hyphen", inputs: { user: "-ci" }, property: "user", reason: /letter or digit/ },
    { name: "a path leaving the home directory", inputs: { path: "/public_html/../etc" }, property: "path", reason: /"\.\."/ },
    {
      name: "full-width full stops that NFKC turns into ..",
      inputs: { path: "/public_html/\uff0e\uff0e/\uff0e\uff0e/etc" },
      property: "path",
      reason: /segment "．．", which is "\.\." once percent-decoded and NFKC-normalised/,
    },
    {
      name: "a two-dot leader that NFKC turns into ..",
      inputs: { path: "/public_html/\u2025/etc" },
      property: "path",
      reason: /segment "‥", which is "\.\."/,
    },
    {
      name: "percent-escaped dots",
      inputs: { path: "/public_html/%2e%2e/etc" },
      property: "path",
      reason: /segment "%2e%2e", which is "\.\."/,
    },
    { name: "a dot half escaped", inputs: { path: "/public_html/%2E./etc" }, property: "path", reason: /segment "%2E\.", which is "\.\."/ },
    { name: "a doubly escaped dot", inputs: { path: "/public_html/%252e" }, property: "path", reason: /which is "\."/ },
    {
      name: "a full-width letter in the path",
      inputs: { path: "/public_html/\uff43i" },
      property: "path",
      reason: /U\+FF43 at character 14, which NFKC normalisation turns into "c"/,
    },
    { name: "a path in NFD form", inputs: { path: "/public_html/cafe\u0301" }, property: "path", reason: /NFKC normalisation composes/ },
    {
      name: "a Kelvin sign, which lower-cases to an ASCII k",
      inputs: { user: "\u212Aci" },
      property: "user",
      reason: /U\+212A at character 1, which NFKC normalisation turns into "K"/,
    },
    { name: "a full-width user", inputs: { user: "\uff43\uff49" }, property: "user", reason: /NFKC/ },
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "createFolder that is not a boolean", inputs: { createFolder: "yes" }, property: "createFolder", reason: /boolean/ },
    { name: "adopt that is not a boolean", inputs: { adopt: "true" }, property: "adopt", reason: /boolean/ },
    { name: "a property the resource does not have", inputs: { login: "ci" }, property: "login", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses a path or user NFKC changes with one line, before any API call", async () => {
    const failures = await t.engine.checkFailures({ ...base, path: "/public_html/\u2025/etc" });
    expect(failures).toEqual([
      {
        property: "path",
        reason: expect.stringMatching(
          /^"\/public_html\/‥\/etc" has the segment "‥", which is "\.\." once percent-decoded and NFKC-normalised; [^\n]+$/,
        ),
      },
    ]);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("still takes a path with non-ASCII letters in NFC form, and dots inside a segment", async () => {
    expect(await t.engine.check({ ...base, path: "/public_html/caf\u00e9" })).toMatchObject({ path: "/public_html/café" });
    expect(await t.engine.check({ ...base, path: "/public_html/v1.2..3/.well-known" })).toMatchObject({
      path: "/public_html/v1.2..3/.well-known",
    });
    expect(await t.engine.check({ ...base, path: "/public_html/100%" })).toMatchObject({ path: "/public_html/100%" });
  });

  it("passes an unknown password through check during preview and reports it as a change", async () => {
    const { id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, password: UNKNOWN });
    expect(news.password).toBe(UNKNOWN);
    expect(await t.engine.diff(id, outs, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  });
});

describe("FtpAccount class", () => {
  it("marks the password secret and leaves the other outputs plain", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: "101/ci@agency-demo.com", state: { ...args.inputs, username: "ci@agency-demo.com" } }),
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const account = new FtpAccount("ci", {
      hostingId: 101,
      domain: "agency-demo.com",
      user: "ci",
      path: "/public_html",
      password: PASSWORD,
    });
    expect(await pulumi.isSecret(account.password)).toBe(true);
    expect(await pulumi.isSecret(account.username)).toBe(false);
  });
});

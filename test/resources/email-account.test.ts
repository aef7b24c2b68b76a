import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { EmailAccount } from "../../src/resources/email-account";
import { emailAccountDefinition } from "../../src/resources/email-account/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";
import { pathsHolding } from "../helpers/paths-holding";

const PASSWORD = "Sales-Pass-2026!";
const ROTATED = "Rotated-Pass-2027?";
const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };
const inPlace = { changes: true, replaces: [], deleteBeforeReplace: false };

/** A new mailbox on the seeded account 101, whose only mailbox is contact@agency-demo.com. */
const base = { hostingId: 101, domain: "Agency-Demo.com.", user: "Sales", password: PASSWORD, quota: 2048 };

async function createOne(engine: InProcessEngine, inputs: Record<string, unknown> = base) {
  const checked = await engine.check(inputs);
  const { id, outs } = await engine.create(checked);
  return { checked, id, outs };
}

describe.each<ApiVersion>(["v4", "v3"])("EmailAccount on %s", (version) => {
  const t = useProvider("EmailAccount", { version });
  const stored = (address: string) => t.sim.store.hostings["101"]!.emails.find((m) => m.email === address);

  it("walks check, create, read, no-op diff, update, import, replacing diffs, delete and read after delete", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    expect(checked).toMatchObject({ hostingId: 101, domain: "agency-demo.com", user: "sales", quota: 2048 });
    expect(id).toBe("101/sales@agency-demo.com");
    expect(outs).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "sales",
      password: PASSWORD,
      quota: 2048,
      email: "sales@agency-demo.com",
      adopted: false,
    });
    expect(stored("sales@agency-demo.com")).toMatchObject({ quota: 2048, password: PASSWORD });

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    expect(await t.engine.diff(id, read.props, await t.engine.check(base, read.inputs))).toEqual(noChange);

    // In place: a new password and a new quota, in one PATCH.
    const changed = { ...base, password: ROTATED, quota: 4096 };
    const news = await t.engine.check(changed, read.inputs);
    expect(await t.engine.diff(id, read.props, news)).toEqual(inPlace);
    const updated = await t.engine.update(id, read.props, news);
    expect(updated).toMatchObject({ quota: 4096, password: ROTATED });
    expect(t.sim.requests.count("email.update")).toBe(1);
    expect(stored("sales@agency-demo.com")).toMatchObject({ quota: 4096, password: ROTATED });
    const afterUpdate = await t.engine.read(id, updated);
    expect(afterUpdate.props).toEqual(updated);
    expect(await t.engine.diff(id, afterUpdate.props, await t.engine.check(changed, afterUpdate.inputs))).toEqual(noChange);

    // Import by id alone: everything but the password, which the API cannot return, matches;
    // the next update sets the declared password alone and then nothing is left to change.
    const imported = await t.engine.read(id);
    expect(imported.id).toBe(id);
    expect(imported.props).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "sales",
      quota: 4096,
      email: "sales@agency-demo.com",
    });
    const importNews = await t.engine.check(changed, imported.inputs);
    expect(await t.engine.diff(id, imported.props, importNews)).toEqual(inPlace);
    const completed = await t.engine.update(id, imported.props, importNews);
    expect(completed.password).toBe(ROTATED);
    expect(await t.engine.diff(id, completed, await t.engine.check(changed, imported.inputs))).toEqual(noChange);

    // Another address replaces the mailbox, deleting the old one first.
    for (const [key, value] of [
      ["user", "sales2"],
      ["domain", "client-shop.net"],
      ["hostingId", 102],
    ] as const) {
      expect(await t.engine.diff(id, afterUpdate.props, await t.engine.check({ ...changed, [key]: value }))).toEqual({
        changes: true,
        replaces: [key],
        deleteBeforeReplace: true,
      });
    }

    await t.engine.delete(id, afterUpdate.props);
    expect(stored("sales@agency-demo.com")).toBeUndefined();
    expect((await t.engine.read(id, afterUpdate.props)).id).toBe("");
  });

  it("keeps the password only under the secret output, never in the id, other outputs or messages", async () => {
    expect(emailAccountDefinition.secretOutputs).toEqual(["password"]);
    const { id, outs } = await createOne(t.engine);
    expect(pathsHolding(id, PASSWORD)).toEqual([]);
    expect(pathsHolding(outs, PASSWORD)).toEqual(["password"]);
    const read = await t.engine.read(id, outs);
    expect(pathsHolding(read.props, PASSWORD)).toEqual(["password"]);

    const weak = "weak-password";
    const failures = await t.engine.checkFailures({ ...base, password: weak });
    expect(new Set(failures.map((f) => f.property))).toEqual(new Set(["password"]));
    expect(pathsHolding(failures, weak)).toEqual([]);
  });

  it("fails a create the API refuses with an echo of the request without ever showing the password", async () => {
    const inputs = await t.engine.check(base);
    t.sim.faults.add({ operation: "email.create", kind: "echo" });
    const err = await t.engine.create(inputs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    expect(t.sim.requests.count("email.create")).toBe(1);
    expect(err!.message).toContain("[REDACTED]");
    const shown = [err!.message, String(err), err!.stack ?? "", JSON.stringify(err), JSON.stringify(err!.cause ?? null)].join("\n");
    expect(shown).not.toContain(PASSWORD);
    expect(stored("sales@agency-demo.com")).toBeUndefined();
  });

  it("leaves an undeclared quota to the API: the mailbox gets the default, and a quota changed elsewhere is no change", async () => {
    const { quota: _quota, ...declared } = base;
    const { id, outs } = await createOne(t.engine, declared);
    // The simulator's default quota (1024 MB), read back from the listing.
    expect(stored("sales@agency-demo.com")!.quota).toBe(1024);
    expect(outs.quota).toBe(1024);

    stored("sales@agency-demo.com")!.quota = 5120;
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.quota).toBe(5120);
    expect(await t.engine.diff(id, refreshed.props, await t.engine.check(declared, refreshed.inputs))).toEqual(noChange);
  });

  it("sees a quota changed outside Pulumi and sets the declared one back in place, without sending the password", async () => {
    const { id, outs } = await createOne(t.engine);
    // A password changed elsewhere cannot be seen; it stays as it is when only the quota changes.
    stored("sales@agency-demo.com")!.password = "Elsewhere-2026!";
    stored("sales@agency-demo.com")!.quota = 512;
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ quota: 512, password: PASSWORD });
    const news = await t.engine.check(base, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual(inPlace);
    await t.engine.update(id, refreshed.props, news);
    expect(stored("sales@agency-demo.com")).toMatchObject({ quota: 2048, password: "Elsewhere-2026!" });
  });

  it("refuses a mailbox that already exists without adopt, before any write, naming adopt and the id to read it with", async () => {
    // Refused by the create, or already by the check before it (which a preview runs).
    const attempt = async () => t.provider.create(await t.engine.check({ ...base, user: "contact" }));
    await expect(attempt()).rejects.toThrow(
      /EmailAccount 101\/contact@agency-demo\.com: the mailbox contact@agency-demo\.com \(quota 1024 MB\) exists already.*Nothing was changed.*`adopt: true`.*EmailAccount\.get\(name, "101\/contact@agency-demo\.com"\)/,
    );
    expect(stored("contact@agency-demo.com")?.password).toBe("Mail-Pass-2026!");
    expect(t.sim.requests.count("email.create")).toBe(0);
    expect(t.sim.requests.count("email.update")).toBe(0);
  });

  it("adopts a mailbox that exists without creating it, setting the declared password and quota", async () => {
    const declared = { ...base, user: "contact", adopt: true };
    const { id, outs } = await createOne(t.engine, declared);
    expect(t.sim.requests.count("email.create")).toBe(0);
    expect(t.sim.requests.count("email.update")).toBe(1);
    expect(id).toBe("101/contact@agency-demo.com");
    expect(outs).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "contact",
      password: PASSWORD,
      quota: 2048,
      email: "contact@agency-demo.com",
      adopt: true,
      adopted: true,
    });
    expect(stored("contact@agency-demo.com")).toMatchObject({ quota: 2048, password: PASSWORD });

    // Converged: a refresh reads the same, and the program as declared shows no change.
    clearCache();
    const read = await t.engine.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check(declared, read.inputs))).toEqual(noChange);
    expect(await t.engine.diff(id, read.props, await t.engine.check({ ...declared, adopt: false }, read.inputs))).toEqual(noChange);
  });

  it("creates the mailbox when adopt is set and it does not exist", async () => {
    const { outs } = await createOne(t.engine, { ...base, adopt: true });
    expect(outs).toMatchObject({ email: "sales@agency-demo.com", adopt: true, adopted: false });
    expect(t.sim.requests.count("email.create")).toBe(1);
    expect(t.sim.requests.count("email.update")).toBe(0);
  });

  it("imports the seeded mailbox by an id in any letter case, with its live quota and no password", async () => {
    const imported = await t.engine.read("101/Contact@Agency-Demo.com");
    expect(imported.id).toBe("101/contact@agency-demo.com");
    expect(imported.props).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "contact",
      quota: 1024,
      email: "contact@agency-demo.com",
    });
  });

  it("fails on a domain that is not attached to the hosting account, naming the rule", async () => {
    const inputs = await t.engine.check({ ...base, domain: "not-attached.com" });
    await expect(t.provider.create(inputs)).rejects.toThrow(/the domain must be attached to hosting account 101/);
  });

  it.each(["lost-response", "truncate", "oversize"] as const)(
    "settles a create answered with %s by reading it into state, without creating twice",
    async (kind) => {
      t.sim.faults.add({ operation: "email.create", kind });
      const { id, outs } = await createOne(t.engine);
      expect(id).toBe("101/sales@agency-demo.com");
      expect(outs).toMatchObject({ email: "sales@agency-demo.com", quota: 2048, password: PASSWORD });
      expect(t.sim.requests.count("email.create")).toBe(1);
      expect(t.sim.store.hostings["101"]!.emails.filter((m) => m.email === "sales@agency-demo.com")).toHaveLength(1);
      // The create carried the password: nothing is set again.
      expect(t.sim.requests.count("email.update")).toBe(0);
      expect(stored("sales@agency-demo.com")?.password).toBe(PASSWORD);
    },
  );

  it("fails an update of a mailbox deleted outside Pulumi, saying to refresh so the next up creates it again", async () => {
    const { id, outs } = await createOne(t.engine);
    t.sim.store.hostings["101"]!.emails = [];
    const news = await t.engine.check({ ...base, password: ROTATED });
    await expect(t.engine.update(id, outs, news)).rejects.toThrow(
      /The mailbox sales@agency-demo\.com cannot be updated \(API: .*\); if it was deleted outside Pulumi, run `pulumi refresh` so that the next `up` creates it again/,
    );
  });

  it("treats a mailbox that is already gone as deleted", async () => {
    const { id, outs } = await createOne(t.engine);
    t.sim.store.hostings["101"]!.emails = [];
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });
});

describe("EmailAccount on v2", () => {
  const t = useProvider("EmailAccount", { version: "v2" });
  const stored = () => t.sim.store.hostings["101"]!.emails.find((m) => m.email === "sales@agency-demo.com");

  it("changes the password and the quota with the separate v2 operations, each only when it changed", async () => {
    const { id, outs } = await createOne(t.engine);
    expect(t.sim.requests.count("v2.email.create")).toBe(1);

    const rotated = await t.engine.update(id, outs, await t.engine.check({ ...base, password: ROTATED }, outs));
    expect(t.sim.requests.count("v2.email.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.email.changeQuota")).toBe(0);
    expect(stored()?.password).toBe(ROTATED);

    const bigger = await t.engine.update(id, rotated, await t.engine.check({ ...base, password: ROTATED, quota: 4096 }, rotated));
    expect(t.sim.requests.count("v2.email.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.email.changeQuota")).toBe(1);
    expect(stored()?.quota).toBe(4096);
    expect((await t.engine.read(id, bigger)).props).toEqual(bigger);

    await t.engine.delete(id, bigger);
    expect(t.sim.requests.count("v2.email.delete")).toBe(1);
    expect(stored()).toBeUndefined();
  });

  it("adopts a mailbox with the v2 operations: the password always (it cannot be read), the quota only when it differs", async () => {
    const { outs } = await createOne(t.engine, { ...base, user: "contact", quota: 1024, adopt: true });
    expect(t.sim.requests.count("v2.email.create")).toBe(0);
    expect(t.sim.requests.count("v2.email.changePassword")).toBe(1);
    expect(t.sim.requests.count("v2.email.changeQuota")).toBe(0);
    expect(outs).toMatchObject({ email: "contact@agency-demo.com", quota: 1024, password: PASSWORD, adopted: true });
  });
});

describe("EmailAccount inputs", () => {
  const t = useProvider("EmailAccount", { version: "v4" });

  it.each([
    { name: "a password shorter than 8 characters", inputs: { password: "Sh0rt-!" }, property: "password", reason: /at least 8/ },
    { name: "a password without a lower-case letter", inputs: { password: "NO-LOWER-2026" }, property: "password", reason: /lower-case/ },
    { name: "a password without an upper-case letter", inputs: { password: "no-upper-2026" }, property: "password", reason: /upper-case/ },
    { name: "a password without a digit", inputs: { password: "No-Digits-Here" }, property: "password", reason: /digit/ },
    { name: "a password without a symbol", inputs: { password: "NoSymbol2026" }, property: "password", reason: /symbol/ },
    { name: "a user with its domain", inputs: { user: "sales@agency-demo.com" }, property: "user", reason: /part before "@"/ },
    {
      name: "a user starting with a dot",
      inputs: { user: ".sales" },
      property: "user",
      reason: /starting and ending with a letter or digit/,
    },
    { name: "a user with two dots in a row", inputs: { user: "sa..les" }, property: "user", reason: /without "\.\."/ },
    { name: "a user with spaces around it", inputs: { user: " sales " }, property: "user", reason: /lower-case letters/ },
    { name: "a user longer than 64 characters", inputs: { user: "a".repeat(65) }, property: "user", reason: /64/ },
    { name: "a Kelvin sign, which lower-cases to an ASCII k", inputs: { user: "\u212Asales" }, property: "user", reason: /NFKC/ },
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a quota of zero", inputs: { quota: 0 }, property: "quota", reason: /positive number of MB/ },
    { name: "a quota with a fraction", inputs: { quota: 1.5 }, property: "quota", reason: /whole number of MB/ },
    { name: "a quota given as text", inputs: { quota: "2048" }, property: "quota", reason: /number/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "adopt that is not a boolean", inputs: { adopt: "true" }, property: "adopt", reason: /true or false/ },
    { name: "a property the resource does not have", inputs: { mailUser: "sales" }, property: "mailUser", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("takes the characters a local part may hold, in lower case", async () => {
    expect(await t.engine.check({ ...base, user: "First.Last+News_2-x" })).toMatchObject({ user: "first.last+news_2-x" });
  });

  it("passes an unknown password through check during preview and reports it as a change", async () => {
    const { id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, password: UNKNOWN });
    expect(news.password).toBe(UNKNOWN);
    expect(await t.engine.diff(id, outs, news)).toEqual(inPlace);
  });
});

describe("EmailAccount class", () => {
  it("marks the password secret and leaves the other outputs plain", async () => {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: "101/sales@agency-demo.com", state: { ...args.inputs, email: "sales@agency-demo.com" } }),
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const mailbox = new EmailAccount("sales", { hostingId: 101, domain: "agency-demo.com", user: "sales", password: PASSWORD });
    expect(await pulumi.isSecret(mailbox.password)).toBe(true);
    expect(await pulumi.isSecret(mailbox.email)).toBe(false);
  });
});

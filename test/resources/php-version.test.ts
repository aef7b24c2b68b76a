import { existsSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { foundRecordFile } from "../../src/provider/runtime/found-journal";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { uninstallPhpVersion, writesSince } from "../helpers/sim";

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each<ApiVersion>(["v4", "v3"])("PhpVersion on %s", (version) => {
  const t = useProvider("PhpVersion", { version });
  /** The simulator's PHP state of a hosting account. */
  const php = (id = 101) => t.sim.store.hostings[String(id)]!.php;

  it("walks the lifecycle: set, change in place, import, replace on another account, destroy to the version found", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, phpVersion: "8.3" },
      update: { hostingId: 101, phpVersion: "8.1" },
      replace: { hostingId: 102, phpVersion: "8.1" },
      replaces: ["hostingId"],
      // A singleton: the account runs some version before and after the resource.
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101");
    expect(run.created).toEqual({
      hostingId: 101,
      phpVersion: "8.3",
      defaultVersion: "8.2",
      availableVersions: ["7.4", "8.0", "8.1", "8.2", "8.3"],
      previous: "8.2",
    });
    expect(run.updated).toEqual({ ...run.created, phpVersion: "8.1" });
    // From the id alone nothing has been changed yet: the active version is the one found.
    expect(run.imported.props).toEqual({ ...run.updated, previous: "8.1" });
    expect(php().currentVersion).toBe("8.2");
    expect(run.afterDelete.props.phpVersion).toBe("8.2");
  });

  it("puts back at destroy the version found active at create, not the account's default, through an update", async () => {
    php().currentVersion = "7.4";
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    expect(outs.previous).toBe("7.4");
    const updated = await t.engine.update(id, outs, await t.engine.check({ hostingId: 101, phpVersion: "8.1" }));
    expect(updated).toMatchObject({ phpVersion: "8.1", previous: "7.4" });
    clearCache();
    expect((await t.engine.read(id, updated)).props.previous).toBe("7.4");
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(php().currentVersion).toBe("7.4");
    expect(writesSince(t.sim, mark)).toEqual(["php.setVersion"]);
  });

  it("keeps the version found in state when the create's write may have been applied, so the next up updates it and destroy still puts it back", async () => {
    php().currentVersion = "7.4";
    // The write is applied, but its reply arrives cut short: the create cannot tell.
    t.sim.faults.add({ operation: "php.setVersion", kind: "truncate" });
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3" });
    const failure = (await t.provider.create(inputs).catch((err: unknown) => err)) as {
      id?: string;
      properties?: Record<string, unknown>;
      message: string;
    };
    expect(failure.message).toMatch(/the value found before this write is kept in state, and the next `pulumi up` sets the declared one/);
    expect(failure.id).toBe("101");
    expect(failure.properties).toMatchObject({ hostingId: 101, phpVersion: "7.4", previous: "7.4" });
    expect(php().currentVersion).toBe("8.3");
    // The engine keeps the resource as "failed to initialise" and updates it on the next up.
    const updated = await t.engine.update("101", failure.properties!, inputs);
    expect(updated).toMatchObject({ phpVersion: "8.3", previous: "7.4" });
    await t.engine.delete("101", updated);
    expect(php().currentVersion).toBe("7.4");
  });

  /** A create whose outcome the engine never learns, as when the host is killed with it in flight: its state is dropped. */
  const cutOff = async (inputs: Record<string, unknown>) => {
    await t.provider.create(inputs).catch(() => undefined);
  };
  /** The record of what PhpVersion 101 found, on this machine. */
  const recordFile = () => foundRecordFile({ apiUrl: t.sim.url, apiUser: t.sim.apiUser, type: "PhpVersion", id: "101" });

  it("still puts back at destroy the version found when the create that changed it was cut off after its write", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    php().currentVersion = "7.4";
    // The write's connection closes at once and the change lands later: the host learns
    // nothing, as when it is killed after sending the write, and no state is saved.
    t.sim.faults.add({ operation: "php.setVersion", kind: "delayed-apply", latencyMs: 50 });
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3" });
    await cutOff(inputs);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(php().currentVersion).toBe("8.3");
    expect(existsSync(recordFile())).toBe(true);

    // The next up creates again from no state, in a new process: only the record knows 7.4.
    clearCache();
    const { id, outs } = await t.engine.create(inputs);
    expect(outs).toMatchObject({ phpVersion: "8.3", previous: "7.4" });
    expect(log).toHaveBeenCalledWith(
      'PhpVersion 101: an earlier create was cut off after its write; the value it found, "7.4", is kept as found (not the live "8.3"), from the record on this machine',
    );
    await t.engine.delete(id, outs);
    expect(php().currentVersion).toBe("7.4");
    expect(existsSync(recordFile())).toBe(false);
  });

  it("takes the live version as found when the cut-off create's write never landed, or the version was changed since", async () => {
    php().currentVersion = "7.4";
    // Refused and not applied: the live version is still the one found.
    t.sim.faults.add({ operation: "php.setVersion", kind: "status", status: 400 });
    await cutOff(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    expect(php().currentVersion).toBe("7.4");
    clearCache();
    expect((await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }))).outs.previous).toBe("7.4");

    // Applied, then changed by hand to another version before the next create: that one was found.
    t.sim.faults.add({ operation: "php.setVersion", kind: "delayed-apply", latencyMs: 50 });
    php().currentVersion = "7.4";
    await cutOff(await t.engine.check({ hostingId: 101, phpVersion: "8.1" }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    php().currentVersion = "8.0";
    clearCache();
    expect((await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.1" }))).outs.previous).toBe("8.0");
  });

  it("creates and destroys as before when the record cannot be written, with a warning naming its directory", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const home = process.env.PULUMI_HOME!;
    const file = path.join(home, "a-file");
    writeFileSync(file, "");
    process.env.PULUMI_HOME = file;
    try {
      php().currentVersion = "7.4";
      const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
      expect(outs.previous).toBe("7.4");
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(
          `PhpVersion 101: could not write the record of the value found at create in ${path.join(file, "reseller", "found")}`,
        ),
      );
      await t.engine.delete(id, outs);
      expect(php().currentVersion).toBe("7.4");
      for (const [message] of warn.mock.calls) expect(String(message)).not.toContain(t.sim.apiKey);
    } finally {
      process.env.PULUMI_HOME = home;
    }
  });

  it("writes nothing at destroy when the account already runs the version found at create", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    php().currentVersion = "8.2";
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, outs);
    expect(writesSince(t.sim, mark)).toEqual([]);
  });

  it("returns the account to its default version when the version found at create is no longer installed", async () => {
    php().currentVersion = "7.4";
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    uninstallPhpVersion(t.sim, "7.4");
    await t.engine.delete(id, outs);
    expect(php().currentVersion).toBe("8.2");
  });

  it("reads, refreshes and destroys state written before `previous` existed: destroy returns the account to the default version the listing gives then", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    // A refresh cannot know what was found: the live version is the program's by now.
    expect(refreshed.props).not.toHaveProperty("previous");
    const updated = await t.engine.update(
      id,
      refreshed.props,
      await t.engine.check({ hostingId: 101, phpVersion: "8.1" }, refreshed.inputs),
    );
    expect(updated).not.toHaveProperty("previous");
    php().defaultVersion = "8.0";
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(php().currentVersion).toBe("8.0");
    expect(writesSince(t.sim, mark)).toEqual(["php.setVersion"]);
  });

  it("imported from the id alone, takes the active version as found, and destroy after an update puts it back", async () => {
    php().currentVersion = "8.0";
    const imported = await t.engine.read("101");
    expect(imported.props).toMatchObject({ phpVersion: "8.0", previous: "8.0" });
    const updated = await t.engine.update(
      "101",
      imported.props,
      await t.engine.check({ hostingId: 101, phpVersion: "8.3" }, imported.inputs),
    );
    expect(updated).toMatchObject({ phpVersion: "8.3", previous: "8.0" });
    const mark = t.sim.requests.list().length;
    await t.engine.delete("101", updated);
    expect(php().currentVersion).toBe("8.0");
    expect(writesSince(t.sim, mark)).toEqual(["php.setVersion"]);
  });

  it("fails before any write on a version the account does not have, naming the property and listing the available versions", async () => {
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "9.1" });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /phpVersion: PHP 9\.1 is not available on hosting account 101; available versions: 7\.4, 8\.0, 8\.1, 8\.2, 8\.3/,
    );
    expect(t.sim.requests.count("php.listVersions")).toBe(1);
    expect(t.sim.requests.count("php.setVersion")).toBe(0);
    expect(php().currentVersion).toBe("8.2");
  });

  it("reads the live version on the update path too, so a version removed since create fails without a write", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    php().availableVersions = ["8.2", "8.3"];
    t.sim.requests.clear();
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.1" });
    await expect(t.engine.update(id, outs, news)).rejects.toThrow(/phpVersion: PHP 8\.1 is not available .*available versions: 8\.2, 8\.3/);
    expect(t.sim.requests.count("php.setVersion")).toBe(0);
    expect(php().currentVersion).toBe("8.3");
  });

  it("sees a version changed outside Pulumi and sets it back in place", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3" }));
    php().currentVersion = "7.4";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.phpVersion).toBe("7.4");
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3" }, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(php().currentVersion).toBe("8.3");
  });

  it("imports from the id alone the version the account runs", async () => {
    const imported = await t.engine.read("101");
    expect(imported).toMatchObject({ id: "101", props: { hostingId: 101, phpVersion: "8.2", defaultVersion: "8.2", previous: "8.2" } });
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.2" }, imported.inputs);
    expect(await t.engine.diff("101", imported.props, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });
});

describe("PhpVersion inputs", () => {
  const t = useProvider("PhpVersion", { version: "v4" });

  it.each([
    { name: "a version given as a number", inputs: { phpVersion: 8.3 }, property: "phpVersion", reason: /expected string/i },
    {
      name: "a version that is not major.minor",
      inputs: { phpVersion: "8" },
      property: "phpVersion",
      reason: /PHP version such as "8\.2"/,
    },
    { name: "a version with a patch level", inputs: { phpVersion: "8.3.1" }, property: "phpVersion", reason: /PHP version such as "8\.2"/ },
    { name: "a hosting id of zero", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a hosting id given as text", inputs: { hostingId: "101" }, property: "hostingId", reason: /expected number/i },
    { name: "a property the resource does not have", inputs: { version: "8.3" }, property: "version", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.3", ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("trims the version", async () => {
    expect(await t.engine.check({ hostingId: 101, phpVersion: " 8.3 " })).toMatchObject({ phpVersion: "8.3" });
  });

  it("refuses an id that is not a hosting account id", async () => {
    await expect(t.engine.read("101/8.3")).rejects.toThrow(/not a valid PhpVersion id; the format is <hostingId>/);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fails check on API v2, which has no PHP operations, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.3" });
    expect(failures).toEqual([{ property: "phpVersion", reason: expect.stringMatching(/API v2 has no operation "php\.listVersions"/) }]);
    expect(failures[0]!.reason).toMatch(/; PhpVersion works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { uninstallPhpVersion } from "../helpers/sim";

describe.each<ApiVersion>(["v4", "v3"])("PhpExtensions on %s", (version) => {
  const t = useProvider("PhpExtensions", { version });
  /** The simulator's live extension statuses of a PHP version of account 101. */
  const live = (php = "8.3") => t.sim.store.hostings["101"]!.php.extensions[php]!;

  it("walks the lifecycle: switch, change in place, import, replace on another version, destroy to the earlier state", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } },
      update: { hostingId: 101, phpVersion: "8.3", extensions: { imagick: true, opcache: false } },
      replace: { hostingId: 101, phpVersion: "8.1", extensions: { imagick: true, opcache: false } },
      replaces: ["phpVersion"],
      // A singleton: the extensions of a version exist before and after the resource.
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101/8.3");
    expect(run.created).toEqual({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true }, previous: { imagick: false } });
    expect(run.updated).toEqual({
      hostingId: 101,
      phpVersion: "8.3",
      extensions: { imagick: true, opcache: false },
      previous: { imagick: false, opcache: true },
    });
    expect(live()).toMatchObject({ imagick: "disabled", opcache: "enabled" });
    expect(t.sim.requests.count("php.resetExtensions")).toBe(0);
  });

  it("leaves an extension it does not manage untouched by update and delete", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } }));
    expect(live().imagick).toBe("enabled");
    // Out of band: someone enables soap and disables gd in the control panel.
    live().soap = "enabled";
    live().gd = "disabled";
    clearCache();

    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true, redis: true } });
    const updated = await t.engine.update(id, outs, news);
    expect(live()).toMatchObject({ imagick: "enabled", redis: "enabled", soap: "enabled", gd: "disabled" });

    await t.engine.delete(id, updated);
    expect(live()).toMatchObject({ imagick: "disabled", redis: "disabled", soap: "enabled", gd: "disabled" });
    expect(t.sim.requests.count("php.resetExtensions")).toBe(0);
  });

  it("records the state before the first change and restores that, not the state before a later update", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { opcache: false } }));
    expect(outs.previous).toEqual({ opcache: true });
    const updated = await t.engine.update(
      id,
      outs,
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { opcache: true } }),
    );
    expect(updated.previous).toEqual({ opcache: true });
    const again = await t.engine.update(
      id,
      updated,
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { opcache: false } }),
    );
    expect(live().opcache).toBe("disabled");
    await t.engine.delete(id, again);
    expect(live().opcache).toBe("enabled");
  });

  it("restores an extension dropped from the declaration on update, and stops managing it", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true, soap: true } }),
    );
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } });
    expect((await t.engine.diff(id, outs, news)).changes).toBe(true);
    const updated = await t.engine.update(id, outs, news);
    expect(updated).toMatchObject({ extensions: { imagick: true }, previous: { imagick: false } });
    expect(live()).toMatchObject({ imagick: "enabled", soap: "disabled" });
  });

  it("writes nothing when every declared extension already has its state, and records that state to restore", async () => {
    // opcache is enabled and soap disabled on every version of the demo account.
    const { outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { opcache: true, soap: false } }),
    );
    expect(t.sim.requests.count("php.setExtensions")).toBe(0);
    expect(outs.previous).toEqual({ opcache: true, soap: false });
  });

  it("fails before any write on an extension the version does not have, suggesting the spelling and listing the known ones", async () => {
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { Imagick: true, xdebug: true } });
    const attempt = t.provider.create(inputs);
    await expect(attempt).rejects.toThrow(
      /extensions\.Imagick: PHP 8\.3 on hosting account 101 has no extension "Imagick" \(did you mean "imagick"\?\)/,
    );
    await expect(attempt).rejects.toThrow(/extensions\.xdebug: .*known extensions: curl, gd, imagick/);
    expect(t.sim.requests.count("php.setExtensions")).toBe(0);
  });

  it("sees a managed extension changed outside Pulumi", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } }));
    live().imagick = "disabled";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ extensions: { imagick: false }, previous: { imagick: false } });
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } }, refreshed.inputs);
    expect((await t.engine.diff(id, refreshed.props, news)).changes).toBe(true);
  });

  it("imports every extension of the version from the id alone, and a declaration of some of them shows no change", async () => {
    const imported = await t.engine.read("101/8.2");
    expect(imported.id).toBe("101/8.2");
    expect(Object.keys(imported.props.extensions as object)).toHaveLength(Object.keys(live("8.2")).length);
    expect(imported.props.previous).toEqual(imported.props.extensions);
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.2", extensions: { opcache: true, soap: false } }, imported.inputs);
    expect(await t.engine.diff("101/8.2", imported.props, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    // The first update narrows the managed extensions to the declared ones.
    const updated = await t.engine.update(
      "101/8.2",
      imported.props,
      await t.engine.check({ hostingId: 101, phpVersion: "8.2", extensions: { opcache: true, soap: true } }),
    );
    expect(updated).toEqual({
      hostingId: 101,
      phpVersion: "8.2",
      extensions: { opcache: true, soap: true },
      previous: { opcache: true, soap: false },
    });
  });

  it("reads the extensions of a version no longer installed as gone, and deletes them without a write", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, phpVersion: "8.3", extensions: { imagick: true } }));
    uninstallPhpVersion(t.sim, "8.3");
    clearCache();
    t.sim.requests.clear();
    expect((await t.engine.read(id, outs)).id).toBe("");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    expect(t.sim.requests.count("php.setExtensions")).toBe(0);
  });
});

describe("PhpExtensions inputs", () => {
  const t = useProvider("PhpExtensions", { version: "v4" });

  it.each([
    { name: "no extensions", inputs: { extensions: {} }, property: "extensions", reason: /at least one extension/ },
    {
      name: "an extension state given as text",
      inputs: { extensions: { imagick: "on" } },
      property: "extensions.imagick",
      reason: /true \(enabled\) or false/,
    },
    {
      name: "an extension name with a space",
      inputs: { extensions: { "pdo mysql": true } },
      property: "extensions.pdo mysql",
      reason: /not a PHP extension name/,
    },
    {
      name: "a version that is not major.minor",
      inputs: { phpVersion: "latest" },
      property: "phpVersion",
      reason: /PHP version such as "8\.2"/,
    },
    { name: "a hosting id that is not a whole number", inputs: { hostingId: 101.5 }, property: "hostingId", reason: /whole number/ },
    {
      name: "a property the resource does not have",
      inputs: { extension: { imagick: true } },
      property: "extension",
      reason: /no property/,
    },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.2", extensions: { imagick: true }, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fails check on API v2, which has no PHP operations, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.2", extensions: { imagick: true } });
    expect(failures).toEqual([{ property: "extensions", reason: expect.stringMatching(/API v2 has no operation "php\.listExtensions"/) }]);
    expect(failures[0]!.reason).toMatch(/; PhpExtensions works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

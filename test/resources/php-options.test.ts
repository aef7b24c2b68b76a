import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import type { PhpOptionsOutputs } from "../../src/resources/php-options";
import { parsePhpOptionsId, phpOptionsDefinition, phpOptionsImportId } from "../../src/resources/php-options/provider";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { uninstallPhpVersion, writesSince } from "../helpers/sim";

describe.each<ApiVersion>(["v4", "v3"])("PhpOptions on %s", (version) => {
  const t = useProvider("PhpOptions", { version });
  /** The simulator's live options of a PHP version of account 101. */
  const live = (php = "8.3") => t.sim.store.hostings["101"]!.php.options[php]!;
  const value = (name: string, php = "8.3") => live(php)[name]!.value;

  it("walks the lifecycle: upsert, update in place, import, replace on another version, destroy to the values found", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } },
      update: { hostingId: 101, phpVersion: "8.3", options: { memory_limit: "768M", display_errors: "on" } },
      replace: { hostingId: 101, phpVersion: "8.1", options: { memory_limit: "768M" } },
      replaces: ["phpVersion"],
      // A singleton: the options of a version exist before and after the resource.
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101/8.3");
    expect(run.created).toEqual({
      hostingId: 101,
      phpVersion: "8.3",
      options: { memory_limit: "512M" },
      defaults: { memory_limit: "256M" },
      allowedValues: { memory_limit: ["128M", "256M", "512M", "768M", "1024M"] },
      previous: { memory_limit: "256M" },
    });
    // "on" is written and kept in the range's spelling.
    expect(run.updated.options).toEqual({ memory_limit: "768M", display_errors: "On" });
    // memory_limit keeps the value found at create; display_errors records its own when first named.
    expect(run.updated.previous).toEqual({ memory_limit: "256M", display_errors: "Off" });
    expect(run.imported.props.options).toEqual({ memory_limit: "768M", display_errors: "On" });
    expect(run.imported.props.previous).toEqual({ memory_limit: "768M", display_errors: "On" });
    expect(value("memory_limit")).toBe("256M");
    expect(value("display_errors")).toBe("Off");
    expect(t.sim.requests.count("php.resetOptions")).toBe(0);
  });

  it("leaves an option it does not manage untouched by update and delete", async () => {
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } });
    const { id, outs } = await t.engine.create(inputs);
    live().max_execution_time!.value = "300";
    clearCache();

    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "1024M" } });
    const updated = await t.engine.update(id, outs, news);
    expect(value("memory_limit")).toBe("1024M");
    expect(value("max_execution_time")).toBe("300");

    await t.engine.delete(id, updated);
    expect(value("memory_limit")).toBe("256M");
    expect(value("max_execution_time")).toBe("300");
    expect(t.sim.requests.count("php.resetOptions")).toBe(0);
  });

  it("puts back at destroy the values found at create, not the defaults, through an update, with no other write", async () => {
    live().memory_limit!.value = "1024M";
    live().max_execution_time!.value = "300";
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M", max_execution_time: 60 } }),
    );
    expect(outs.previous).toEqual({ memory_limit: "1024M", max_execution_time: "300" });
    const updated = await t.engine.update(
      id,
      outs,
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "768M", max_execution_time: 120 } }),
    );
    expect(updated.previous).toEqual({ memory_limit: "1024M", max_execution_time: "300" });
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(value("memory_limit")).toBe("1024M");
    expect(value("max_execution_time")).toBe("300");
    expect(writesSince(t.sim, mark)).toEqual(["php.setOptions"]);
  });

  it("still puts back at destroy, option by option, the values found when the create that changed them was cut off after its write", async () => {
    live().memory_limit!.value = "1024M";
    live().max_execution_time!.value = "300";
    // The write lands after its connection closed: the host learns nothing, as when it is killed
    // after sending the write, and the engine saves no state.
    t.sim.faults.add({ operation: "php.setOptions", kind: "delayed-apply", latencyMs: 50 });
    await t.provider
      .create(await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } }))
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(value("memory_limit")).toBe("512M");

    // The next up, from no state, also names an option the cut-off create did not write.
    clearCache();
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M", max_execution_time: 60 } }),
    );
    expect(outs.previous).toEqual({ memory_limit: "1024M", max_execution_time: "300" });
    await t.engine.delete(id, outs);
    expect(value("memory_limit")).toBe("1024M");
    expect(value("max_execution_time")).toBe("300");
  });

  it("reads, refreshes and destroys state written before `previous` existed: destroy returns the options to their defaults", async () => {
    live().memory_limit!.value = "1024M";
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M", short_open_tag: true } }),
    );
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    expect(refreshed.props).toEqual(old);
    // An update neither records values (the live ones are the program's by now) nor keeps a dropped option's.
    const updated = await t.engine.update(
      id,
      refreshed.props,
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "768M" } }, refreshed.inputs),
    );
    expect(updated).not.toHaveProperty("previous");
    expect(value("short_open_tag")).toBe("Off");
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(value("memory_limit")).toBe("256M");
    expect(writesSince(t.sim, mark)).toEqual(["php.setOptions"]);
  });

  it("puts an option dropped from the declaration back to the value found on update", async () => {
    live().short_open_tag!.value = "On";
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M", short_open_tag: false } }),
    );
    expect(value("short_open_tag")).toBe("Off");
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } });
    expect((await t.engine.diff(id, outs, news)).changes).toBe(true);
    const updated = await t.engine.update(id, outs, news);
    expect(updated.options).toEqual({ memory_limit: "512M" });
    expect(updated.previous).toEqual({ memory_limit: "256M" });
    expect(value("short_open_tag")).toBe("On");
  });

  it("fails before any write when a value is outside its option's range, naming the option and the allowed values", async () => {
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "2048M", display_errors: "maybe" } });
    const attempt = t.provider.create(inputs);
    await expect(attempt).rejects.toThrow(
      /options\.memory_limit: "2048M" is not allowed for memory_limit .*allowed values: 128M, 256M, 512M, 768M, 1024M/,
    );
    await expect(attempt).rejects.toThrow(/options\.display_errors: "maybe" .*allowed values: On, Off/);
    expect(t.sim.requests.count("php.setOptions")).toBe(0);
    expect(value("memory_limit")).toBe("256M");
  });

  it("fails before any write on an option the version does not have, listing the known ones", async () => {
    const inputs = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limt: "512M" } });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /PHP 8\.3 on hosting account 101 has no option "memory_limt"; known options: .*memory_limit/,
    );
    expect(t.sim.requests.count("php.setOptions")).toBe(0);
  });

  it("imports from the id alone the options that differ from their defaults", async () => {
    // The demo account runs PHP 8.2 with memory_limit raised to 512M.
    const imported = await t.engine.read("101/8.2");
    expect(imported.id).toBe("101/8.2");
    expect(imported.props.options).toEqual({ memory_limit: "512M" });
    expect(imported.props.previous).toEqual({ memory_limit: "512M" });
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.2", options: { memory_limit: "512M" } }, imported.inputs);
    expect(await t.engine.diff("101/8.2", imported.props, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("imports under an id naming the managed options only those, so an option the program leaves alone stays out of the state", async () => {
    // memory_limit differs from its default on the demo account, but the program manages only max_execution_time.
    const imported = await t.engine.read("101/8.2/max_execution_time");
    expect(imported.id).toBe("101/8.2");
    expect(imported.props.options).toEqual({ max_execution_time: value("max_execution_time", "8.2") });
    const news = await t.engine.check(
      { hostingId: 101, phpVersion: "8.2", options: { max_execution_time: value("max_execution_time", "8.2") } },
      imported.inputs,
    );
    expect(await t.engine.diff("101/8.2", imported.props, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    expect(t.sim.requests.count("php.setOptions")).toBe(0);
  });

  it("imports under the id `migrate-state` writes the values the stack found, not the live ones, and destroy puts those back", async () => {
    live().memory_limit!.value = "1024M";
    live().max_execution_time!.value = "300";
    const { outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M", max_execution_time: 60 } }),
    );
    const importId = phpOptionsDefinition.id.importId!(outs as unknown as PhpOptionsOutputs);
    expect(importId).toBe("101/8.3/memory_limit=1024M,max_execution_time=300");
    clearCache();
    const imported = await t.engine.read(importId);
    expect(imported.id).toBe("101/8.3");
    expect(imported.props.options).toEqual({ memory_limit: "512M", max_execution_time: "60" });
    expect(imported.props.previous).toEqual({ memory_limit: "1024M", max_execution_time: "300" });
    await t.engine.delete(imported.id, imported.props);
    expect(value("memory_limit")).toBe("1024M");
    expect(value("max_execution_time")).toBe("300");
  });

  it("refuses an import id whose option names are not option names", async () => {
    await expect(t.engine.read("101/8.2/memory limit")).rejects.toThrow(/101\/8\.2\/memory limit/);
  });

  it("sees a managed option changed outside Pulumi", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } }),
    );
    live().memory_limit!.value = "128M";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.options).toEqual({ memory_limit: "128M" });
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } }, refreshed.inputs);
    expect((await t.engine.diff(id, refreshed.props, news)).changes).toBe(true);
  });

  it("reads the options of a version no longer installed as gone, and deletes them without a write", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, phpVersion: "8.3", options: { memory_limit: "512M" } }),
    );
    uninstallPhpVersion(t.sim, "8.3");
    clearCache();
    t.sim.requests.clear();
    expect((await t.engine.read(id, outs)).id).toBe("");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    expect(t.sim.requests.count("php.setOptions")).toBe(0);
  });
});

describe("PhpOptions inputs", () => {
  const t = useProvider("PhpOptions", { version: "v4" });

  it.each([
    { name: "a version given as a number", inputs: { phpVersion: 8.2 }, property: "phpVersion", reason: /expected string/i },
    {
      name: "a version that is not major.minor",
      inputs: { phpVersion: "eight" },
      property: "phpVersion",
      reason: /PHP version such as "8\.2"/,
    },
    { name: "no options", inputs: { options: {} }, property: "options", reason: /at least one option/ },
    {
      name: "an option name with a space",
      inputs: { options: { "memory limit": "512M" } },
      property: "options.memory limit",
      reason: /not a PHP option name/,
    },
    {
      name: "an option value that is an object",
      inputs: { options: { memory_limit: { size: 512 } } },
      property: "options.memory_limit",
      reason: /string, a number or a boolean/,
    },
    { name: "a hosting id that is negative", inputs: { hostingId: -1 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { version: "8.2" }, property: "version", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.2", options: { memory_limit: "512M" }, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes an option value unknown during preview through check, and diff then plans an update", async () => {
    const olds = {
      hostingId: 101,
      phpVersion: "8.2",
      options: { memory_limit: "512M" },
      defaults: { memory_limit: "256M" },
      allowedValues: { memory_limit: [] },
    };
    const news = await t.engine.check({ hostingId: 101, phpVersion: "8.2", options: { memory_limit: UNKNOWN } });
    expect(news.options).toEqual({ memory_limit: UNKNOWN });
    expect(await t.engine.diff("101/8.2", olds, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("writes numbers as text and booleans as On and Off", async () => {
    const checked = await t.engine.check({
      hostingId: 101,
      phpVersion: " 8.2 ",
      options: { max_execution_time: 120, display_errors: false },
    });
    expect(checked).toMatchObject({ phpVersion: "8.2", options: { max_execution_time: "120", display_errors: "Off" } });
  });

  it("fails check on API v2, which has no PHP operations, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101, phpVersion: "8.2", options: { memory_limit: "512M" } });
    expect(failures).toEqual([{ property: "options", reason: expect.stringMatching(/API v2 has no operation "php\.getOptions"/) }]);
    expect(failures[0]!.reason).toMatch(/; PhpOptions works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("PhpOptions import ids", () => {
  const state: PhpOptionsOutputs = {
    hostingId: 101,
    phpVersion: "8.2",
    options: { disable_functions: "exec", error_log: "/tmp/a" },
    defaults: {},
    allowedValues: {},
    previous: { disable_functions: "exec,system", error_log: "/var/log/a=b" },
  };

  it("carries each found value URI-encoded, so commas, slashes and `=` in a value round-trip", () => {
    const id = phpOptionsImportId(state);
    expect(id).toBe("101/8.2/disable_functions=exec%2Csystem,error_log=%2Fvar%2Flog%2Fa%3Db");
    expect(parsePhpOptionsId(id)).toEqual({
      hostingId: 101,
      phpVersion: "8.2",
      options: { disable_functions: "", error_log: "" },
      previous: state.previous,
    });
  });

  it("names an option without a recorded value alone, and state without `previous` gives the option-list form", () => {
    expect(phpOptionsImportId({ ...state, previous: { error_log: "x" } })).toBe("101/8.2/disable_functions,error_log=x");
    const { previous: _, ...older } = state;
    expect(phpOptionsImportId(older)).toBe("101/8.2/disable_functions,error_log");
    expect(parsePhpOptionsId("101/8.2/disable_functions,error_log")).toEqual({
      hostingId: 101,
      phpVersion: "8.2",
      options: { disable_functions: "", error_log: "" },
    });
    expect(parsePhpOptionsId("101/8.2")).toEqual({ hostingId: 101, phpVersion: "8.2" });
  });

  it("refuses a value whose encoding is malformed", () => {
    expect(parsePhpOptionsId("101/8.2/memory_limit=%E0%A4%A")).toBeUndefined();
  });
});

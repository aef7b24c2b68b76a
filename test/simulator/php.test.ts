import { describe, expect, it } from "vitest";
import type { PhpOption } from "../../src/client/endpoints/php";
import type { ResellerClient } from "../../src/client/client";
import { HOSTING, useSimulator } from "../helpers/sim";

const VERSIONS = ["v4", "v3"] as const;
type Version = (typeof VERSIONS)[number];

/** Reads the option map of a PHP version, whichever way the version shapes it. */
async function options(client: ResellerClient, version: Version, php: string): Promise<Record<string, PhpOption>> {
  return (await client.request("php.getOptions", { ...HOSTING[version], version: php })).options as Record<string, PhpOption>;
}

async function extensions(client: ResellerClient, version: Version, php: string): Promise<Record<string, string>> {
  return (await client.request("php.listExtensions", { ...HOSTING[version], version: php })).extensions as Record<string, string>;
}

describe("PHP settings against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  it("lists the versions with the current and default version on v4", async () => {
    const reply = await t.client.request("v4.php.listVersions", { id: 101 });
    expect(reply).toMatchObject({ currentVersion: "8.2", defaultVersion: "8.2", availableVersions: ["7.4", "8.0", "8.1", "8.2", "8.3"] });
  });

  it("answers the versions on v3 as on v4, once the client undoes v3's data", async () => {
    const reply = await t.clientFor("v3").request("v3.php.listVersions", HOSTING.v3);
    expect(reply.data).toBeUndefined();
    expect(reply).toMatchObject({ currentVersion: "8.2", availableVersions: expect.arrayContaining(["8.3"]) });
  });

  it.each(VERSIONS)("sets the active version on %s and reads it back", async (version) => {
    const client = t.clientFor(version);
    await client.request("php.setVersion", { ...HOSTING[version], version: "8.3" });
    const reply = await client.request("php.getVersion", HOSTING[version]);
    const active = reply.phpVersion;
    expect(active).toBe("8.3");
    expect(t.sim.store.hostings["101"]!.php.currentVersion).toBe("8.3");
  });

  it.each(VERSIONS)("refuses on %s a version that is not installed, listing the available ones", async (version) => {
    const attempt = t.clientFor(version).request("php.setVersion", { ...HOSTING[version], version: "5.6" });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/5\.6.*7\.4, 8\.0, 8\.1, 8\.2, 8\.3/);
    expect(t.sim.store.hostings["101"]!.php.currentVersion).toBe("8.2");
  });

  it.each(VERSIONS)("reads the option map of a version on %s with default, type, range and value", async (version) => {
    const map = await options(t.clientFor(version), version, "8.2");
    expect(map.memory_limit).toEqual({
      default: "256M",
      value: "512M",
      type: "list",
      range: "128M,256M,512M,768M,1024M",
      comment: "Maximum memory a script may use",
    });
    expect(map.display_errors).toMatchObject({ type: "bool", value: "Off" });
    expect(Object.keys(map)).not.toContain("success");
  });

  it.each(VERSIONS)("answers a validation error on %s when reading the options of an unknown version", async (version) => {
    await expect(options(t.clientFor(version), version, "9.9")).rejects.toMatchObject({ code: "validation" });
  });

  it.each(VERSIONS)("sets options on %s, matching range values without regard to case", async (version) => {
    const client = t.clientFor(version);
    await client.request("php.setOptions", {
      ...HOSTING[version],
      version: "8.2",
      options: { memory_limit: "1024m", display_errors: "on", max_execution_time: "300" },
    });
    const map = await options(client, version, "8.2");
    expect(map.memory_limit?.value).toBe("1024M");
    expect(map.display_errors?.value).toBe("On");
    expect(map.max_execution_time?.value).toBe("300");
  });

  it("refuses a value outside an option's range, naming the option and its allowed values, and changes nothing", async () => {
    const attempt = t.client.request("php.setOptions", {
      id: 101,
      version: "8.2",
      options: { max_execution_time: "60", memory_limit: "2G" },
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/memory_limit.*128M, 256M, 512M, 768M, 1024M/);
    const map = await options(t.client, "v4", "8.2");
    expect(map.max_execution_time?.value).toBe("30");
    expect(map.memory_limit?.value).toBe("512M");
  });

  it("refuses a boolean option set to something other than On or Off", async () => {
    const attempt = t.client.request("php.setOptions", { id: 101, version: "8.2", options: { display_errors: "maybe" } });
    await expect(attempt).rejects.toThrow(/display_errors.*On, Off/);
  });

  it.each(VERSIONS)("refuses an unknown option name on %s", async (version) => {
    const attempt = t
      .clientFor(version)
      .request("php.setOptions", { ...HOSTING[version], version: "8.2", options: { opcache_turbo: "On" } });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/opcache_turbo/);
  });

  it("keeps the options of each version apart", async () => {
    await t.client.request("php.setOptions", { id: 101, version: "8.3", options: { memory_limit: "128M" } });
    expect((await options(t.client, "v4", "8.3")).memory_limit?.value).toBe("128M");
    expect((await options(t.client, "v4", "8.2")).memory_limit?.value).toBe("512M");
  });

  it.each(VERSIONS)("resets every option of a version to its default on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("php.setOptions", { ...HOSTING[version], version: "8.2", options: { display_errors: "On" } });
    await client.request("php.resetOptions", { ...HOSTING[version], version: "8.2" });
    const map = await options(client, version, "8.2");
    for (const [name, option] of Object.entries(map)) expect(option.value, name).toBe(option.default);
    expect(map.memory_limit?.value).toBe("256M");
  });

  it.each(VERSIONS)("lists the extensions of a version with their status on %s", async (version) => {
    const map = await extensions(t.clientFor(version), version, "8.2");
    expect(map).toMatchObject({ curl: "enabled", opcache: "enabled", imagick: "disabled" });
  });

  it.each(VERSIONS)("enables and disables extensions on %s and resets them to their defaults", async (version) => {
    const client = t.clientFor(version);
    await client.request("php.setExtensions", { ...HOSTING[version], version: "8.1", extensions: { imagick: true, opcache: false } });
    expect(await extensions(client, version, "8.1")).toMatchObject({ imagick: "enabled", opcache: "disabled" });
    expect(await extensions(client, version, "8.2")).toMatchObject({ imagick: "disabled", opcache: "enabled" });
    await client.request("php.resetExtensions", { ...HOSTING[version], version: "8.1" });
    expect(await extensions(client, version, "8.1")).toMatchObject({ imagick: "disabled", opcache: "enabled" });
  });

  it("refuses an unknown extension and leaves the others unchanged", async () => {
    const attempt = t.client.request("php.setExtensions", { id: 101, version: "8.2", extensions: { imagick: true, quantum: true } });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/quantum/);
    expect((await extensions(t.client, "v4", "8.2")).imagick).toBe("disabled");
  });

  it("refuses an extension switch that is not a boolean before anything is sent", async () => {
    const attempt = t.client.request("php.setExtensions", { id: 101, version: "8.2", extensions: { imagick: "yes" } });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("php.setExtensions")).toBe(0);
  });

  it("answers not-found for a hosting account that does not exist", async () => {
    await expect(t.client.request("php.listVersions", { id: 999 })).rejects.toMatchObject({ code: "not-found" });
  });
});

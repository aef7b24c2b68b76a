import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { writesSince } from "../helpers/sim";

describe.each<ApiVersion>(["v4", "v3"])("CacheService on %s", (version) => {
  const t = useProvider("CacheService", { version });
  /** The simulator's state of a cache service of account 101. */
  const service = (name: "memcached" | "redis") => t.sim.store.hostings["101"]!.cache[name];

  it("walks the lifecycle: enable and start, disable in place, import, replace with the other service, destroy to what was found", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, service: "redis" },
      update: { hostingId: 101, service: "redis", enabled: false },
      replace: { hostingId: 101, service: "memcached", enabled: false },
      replaces: ["service"],
      // A singleton: the service exists, disabled, after the resource is gone.
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101/redis");
    expect(run.created).toEqual({
      hostingId: 101,
      service: "redis",
      enabled: true,
      active: true,
      previous: { enabled: false, active: false },
    });
    expect(run.updated).toEqual({
      hostingId: 101,
      service: "redis",
      enabled: false,
      active: false,
      previous: { enabled: false, active: false },
    });
    expect(run.imported.props).toEqual(run.updated);
    expect(run.afterDelete.props).toMatchObject({ enabled: false, active: false });
  });

  it("leaves a service found disabled disabled and stopped after destroy", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "memcached" }));
    expect(service("memcached")).toMatchObject({ enabled: true, active: true });
    await t.engine.delete(id, outs);
    expect(service("memcached")).toMatchObject({ enabled: false, active: false });
    expect((await t.engine.read(id, outs)).props).toMatchObject({ enabled: false, active: false });
    // The other service is not touched.
    expect(t.sim.requests.count("cache.controlRedis")).toBe(0);
  });

  it("still disables at destroy a service found disabled when the create that enabled it was cut off between `on` and `start`", async () => {
    // `on` is applied; `start` is refused, and its error never reaches the engine, as when the
    // host is killed there: no state is saved.
    t.sim.faults.add({ operation: "cache.controlMemcached", kind: "status", status: 503, skip: 1, times: 10 });
    await t.provider.create(await t.engine.check({ hostingId: 101, service: "memcached" })).catch(() => undefined);
    expect(service("memcached")).toMatchObject({ enabled: true, active: false });
    t.sim.faults.clear();

    clearCache();
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "memcached" }));
    expect(outs).toMatchObject({ enabled: true, active: true, previous: { enabled: false, active: false } });
    await t.engine.delete(id, outs);
    expect(service("memcached")).toMatchObject({ enabled: false, active: false });
  });

  it("treats destroying a service that is already off as done", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "redis", enabled: false }));
    expect(service("redis")).toMatchObject({ enabled: false, active: false });
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    expect(service("redis")).toMatchObject({ enabled: false, active: false });
  });

  it("sees a service stopped outside Pulumi as a change, and the update starts it again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "redis" }));
    service("redis").active = false;
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ enabled: true, active: false });
    const news = await t.engine.check({ hostingId: 101, service: "redis" }, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const updated = await t.engine.update(id, refreshed.props, news);
    expect(updated).toMatchObject({ enabled: true, active: true });
    expect(service("redis")).toMatchObject({ enabled: true, active: true });
  });

  it("disables a service that was running when created with enabled false", async () => {
    Object.assign(service("memcached"), { enabled: true, active: true });
    const { outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "memcached", enabled: false }));
    expect(outs).toEqual({
      hostingId: 101,
      service: "memcached",
      enabled: false,
      active: false,
      previous: { enabled: true, active: true },
    });
    expect(service("memcached")).toMatchObject({ enabled: false, active: false });
  });

  it.each([
    // `on`, then `start`.
    { found: { enabled: true, active: true }, declared: false, putBack: ["cache.controlMemcached", "cache.controlMemcached"] },
    // `on` alone: the service stays stopped.
    { found: { enabled: true, active: false }, declared: false, putBack: ["cache.controlMemcached"] },
    // `stop` alone: the service stays enabled.
    { found: { enabled: true, active: false }, declared: true, putBack: ["cache.controlMemcached"] },
  ])(
    "puts back at destroy a service found $found after declaring enabled $declared, through an update, with no other write",
    async ({ found, declared, putBack }) => {
      Object.assign(service("memcached"), found);
      const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "memcached", enabled: declared }));
      expect(outs.previous).toEqual(found);
      const updated = await t.engine.update(id, outs, await t.engine.check({ hostingId: 101, service: "memcached", enabled: !declared }));
      expect(updated.previous).toEqual(found);
      const back = await t.engine.update(id, updated, await t.engine.check({ hostingId: 101, service: "memcached", enabled: declared }));
      const mark = t.sim.requests.list().length;
      await t.engine.delete(id, back);
      expect(service("memcached")).toMatchObject(found);
      expect(writesSince(t.sim, mark)).toEqual(putBack);
      expect(t.sim.requests.count("cache.controlRedis")).toBe(0);
    },
  );

  it("reads, refreshes and destroys state written before `previous` existed: destroy disables the service", async () => {
    Object.assign(service("redis"), { enabled: true, active: false });
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, service: "redis" }));
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    expect(refreshed.props).toEqual(old);
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, refreshed.props);
    expect(service("redis")).toMatchObject({ enabled: false, active: false });
    expect(writesSince(t.sim, mark)).toEqual(["cache.controlRedis"]);
  });

  it("imports from the id alone, in the canonical spelling of the id", async () => {
    Object.assign(service("redis"), { enabled: true, active: true });
    const imported = await t.engine.read("101/Redis");
    expect(imported).toMatchObject({
      id: "101/redis",
      props: { hostingId: 101, service: "redis", enabled: true, active: true, previous: { enabled: true, active: true } },
    });
    const news = await t.engine.check({ hostingId: 101, service: "redis" }, imported.inputs);
    expect(await t.engine.diff("101/redis", imported.props, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });
});

describe("CacheService inputs", () => {
  const t = useProvider("CacheService", { version: "v4" });

  it.each([
    { name: "a service the API does not have", inputs: { service: "varnish" }, property: "service", reason: /"memcached" or "redis"/ },
    { name: "no service", inputs: { service: undefined }, property: "service", reason: /"memcached" or "redis"/ },
    { name: "enabled given as text", inputs: { enabled: "yes" }, property: "enabled", reason: /true or false/ },
    { name: "a negative hosting id", inputs: { hostingId: -5 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { running: true }, property: "running", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, service: "redis", ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("enables the service unless told otherwise", async () => {
    expect(await t.engine.check({ hostingId: 101, service: "memcached" })).toMatchObject({ enabled: true });
  });

  it("fails check on API v2, which has no cache services, naming the version and the operations", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures({ hostingId: 101, service: "memcached" });
    expect(failures).toEqual([
      { property: "service", reason: expect.stringMatching(/API v2 has no operation "cache\.getMemcached" and "cache\.controlMemcached"/) },
    ]);
    expect(failures[0]!.reason).toMatch(/; CacheService works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import type { ResellerClient } from "../../src/client/client";
import { HOSTING, useSimulator } from "../helpers/sim";

const VERSIONS = ["v4", "v3"] as const;
type Version = (typeof VERSIONS)[number];
const SERVICES = [
  { service: "Memcached", get: "cache.getMemcached", control: "cache.controlMemcached", flush: "cache.flushMemcached", store: "memcached" },
  { service: "Redis", get: "cache.getRedis", control: "cache.controlRedis", flush: "cache.flushRedis", store: "redis" },
] as const;
type Service = (typeof SERVICES)[number];
const CASES = VERSIONS.flatMap((version) => SERVICES.map((s) => ({ ...s, version })));

interface Status {
  enabled: boolean;
  active: boolean;
  stats: Record<string, unknown>;
}

/** The reply as `T`: the client answers v3 (which wraps it in `data`) in v4's shape. */
function unwrap<T>(version: Version, reply: Record<string, unknown>): T {
  return reply as T;
}

/** A controllable clock for the simulator, so uptimes are exact. */
let clock = Date.parse("2026-03-01T12:00:00.000Z");

describe("web cache, Memcached and Redis against the simulator", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => new Date(clock) } });

  const status = async (client: ResellerClient, version: Version, s: Service): Promise<Status> => {
    const { enabled, active, stats } = unwrap<Status>(version, await client.request(s.get, HOSTING[version]));
    return { enabled, active, stats };
  };
  const control = async (client: ResellerClient, version: Version, s: Service, serviceAction?: string) =>
    unwrap<{ message: string; raw: string }>(
      version,
      await client.request(s.control, { ...HOSTING[version], ...(serviceAction ? { serviceAction } : {}) }),
    );

  it.each(VERSIONS)("clears the web-server cache of an attached domain on %s", async (version) => {
    const reply = await t.clientFor(version).request("cache.clearWebCache", { ...HOSTING[version], domain: "client-shop.net" });
    expect(reply.message).toContain("client-shop.net");
  });

  it.each(VERSIONS)("answers not-found on %s when clearing the cache of a domain the account does not serve", async (version) => {
    const attempt = t.clientFor(version).request("cache.clearWebCache", { ...HOSTING[version], domain: "staging-agency.com" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found" });
  });

  it.each(CASES)("reports $service as disabled and stopped with no counters at first on $version", async (c) => {
    expect(await status(t.clientFor(c.version), c.version, c)).toEqual({ enabled: false, active: false, stats: {} });
  });

  it.each(CASES)("refuses to start $service on $version before it is turned on", async (c) => {
    const attempt = control(t.clientFor(c.version), c.version, c, "start");
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/not enabled/);
    expect(t.sim.store.hostings["101"]!.cache[c.store].active).toBe(false);
  });

  it.each(CASES)("turns $service on, then starts it, on $version", async (c) => {
    const client = t.clientFor(c.version);
    const on = await control(client, c.version, c, "on");
    expect(on.message).toContain("enabled");
    expect(on.raw).toMatch(/: enabled$/);
    expect(await status(client, c.version, c)).toMatchObject({ enabled: true, active: false });
    await control(client, c.version, c, "start");
    expect(await status(client, c.version, c)).toMatchObject({ enabled: true, active: true });
  });

  it.each(CASES)("stops $service on $version and keeps it enabled", async (c) => {
    const client = t.clientFor(c.version);
    await control(client, c.version, c, "on");
    await control(client, c.version, c, "start");
    await control(client, c.version, c, "stop");
    expect(await status(client, c.version, c)).toEqual({ enabled: true, active: false, stats: {} });
  });

  it.each(CASES)("turns $service off on $version, which also stops it", async (c) => {
    const client = t.clientFor(c.version);
    await control(client, c.version, c, "on");
    await control(client, c.version, c, "start");
    await control(client, c.version, c, "off");
    expect(await status(client, c.version, c)).toMatchObject({ enabled: false, active: false });
  });

  it.each(CASES)("restarts $service on $version and keeps its flags and items", async (c) => {
    const client = t.clientFor(c.version);
    await control(client, c.version, c, "on");
    await control(client, c.version, c, "start");
    t.sim.store.hostings["101"]!.cache[c.store].items = 4;
    await control(client, c.version, c, "restart");
    expect(await status(client, c.version, c)).toMatchObject({ enabled: true, active: true });
    expect(t.sim.store.hostings["101"]!.cache[c.store].items).toBe(4);
  });

  it.each(SERVICES)("refuses to restart $service while it is disabled", async (s) => {
    await expect(control(t.client, "v4", s, "restart")).rejects.toMatchObject({ code: "validation" });
  });

  it.each(SERVICES)("describes $service without changing it when no action is given", async (s) => {
    const reply = await control(t.client, "v4", s, undefined);
    expect(reply.message).toMatch(/disabled and stopped/);
    expect(await status(t.client, "v4", s)).toMatchObject({ enabled: false, active: false });
  });

  it.each(CASES)("flushes $service on $version, which empties it and answers OK", async (c) => {
    const client = t.clientFor(c.version);
    await control(client, c.version, c, "on");
    await control(client, c.version, c, "start");
    t.sim.store.hostings["101"]!.cache[c.store].items = 12;
    const reply = await client.request(c.flush, HOSTING[c.version]);
    expect(reply.data).toBe("OK");
    expect(t.sim.store.hostings["101"]!.cache[c.store].items).toBe(0);
  });

  it.each(CASES)("refuses to flush $service on $version while it is not running", async (c) => {
    const attempt = t.clientFor(c.version).request(c.flush, HOSTING[c.version]);
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/not running/);
  });

  it("reports Memcached counters as a flat object of strings, with uptime from the start", async () => {
    await control(t.client, "v4", SERVICES[0], "on");
    await control(t.client, "v4", SERVICES[0], "start");
    t.sim.store.hostings["101"]!.cache.memcached.items = 7;
    clock += 90_000;
    const { stats } = await status(t.client, "v4", SERVICES[0]);
    expect(Object.values(stats).every((v) => typeof v === "string")).toBe(true);
    expect(stats).toMatchObject({ curr_items: "7", uptime: "90", version: expect.any(String) });
  });

  it("reports Redis counters grouped in INFO sections, with Modules and Errorstats null", async () => {
    await control(t.client, "v4", SERVICES[1], "on");
    await control(t.client, "v4", SERVICES[1], "start");
    t.sim.store.hostings["101"]!.cache.redis.items = 3;
    const { stats } = await status(t.client, "v4", SERVICES[1]);
    expect(Object.keys(stats).sort()).toEqual(
      ["CPU", "Clients", "Cluster", "Errorstats", "Keyspace", "Memory", "Modules", "Persistence", "Replication", "Server", "Stats"].sort(),
    );
    expect(stats.Modules).toBeNull();
    expect(stats.Errorstats).toBeNull();
    expect(stats.Keyspace).toEqual({ db0: "keys=3,expires=0,avg_ttl=0" });
    expect(stats.Server).toMatchObject({ redis_version: expect.any(String), uptime_in_seconds: "0" });
  });

  it("empties the Redis keyspace section after a flush", async () => {
    await control(t.client, "v4", SERVICES[1], "on");
    await control(t.client, "v4", SERVICES[1], "start");
    t.sim.store.hostings["101"]!.cache.redis.items = 3;
    await t.client.request("v4.cache.flushRedis", { id: 101 });
    const { stats } = await status(t.client, "v4", SERVICES[1]);
    expect(stats.Keyspace).toBeNull();
  });

  it("loses Memcached items on stop while Redis keeps its keys", async () => {
    for (const s of SERVICES) {
      await control(t.client, "v4", s, "on");
      await control(t.client, "v4", s, "start");
      t.sim.store.hostings["101"]!.cache[s.store].items = 5;
      await control(t.client, "v4", s, "stop");
    }
    expect(t.sim.store.hostings["101"]!.cache.memcached.items).toBe(0);
    expect(t.sim.store.hostings["101"]!.cache.redis.items).toBe(5);
  });

  it("refuses a service action outside on, off, start, stop and restart before anything is sent", async () => {
    await expect(t.client.request("cache.controlRedis", { id: 101, serviceAction: "reload" })).rejects.toMatchObject({
      code: "validation",
    });
    expect(t.sim.requests.count("cache.controlRedis")).toBe(0);
  });

  it("keeps the services of each hosting account apart", async () => {
    await control(t.client, "v4", SERVICES[1], "on");
    const other = await t.client.request("v4.cache.getRedis", { id: 102 });
    expect(other.enabled).toBe(false);
  });
});

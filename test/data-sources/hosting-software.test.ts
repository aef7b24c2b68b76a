/**
 * Hosting software data sources against the simulator on v4 and v3 (v2 has none of them): PHP
 * versions, options and extensions, Node.js, SSL status, Memcached, Redis and object storage;
 * and the v2 refusals naming the version.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, type ResellerClient } from "../../src/client/client";
import {
  getMemcachedStatus,
  getNodejsApplications,
  getNodejsVersions,
  getObjectStorage,
  getPhpExtensions,
  getPhpOptions,
  getPhpVersions,
  getRedisStatus,
  getSslCertificate,
} from "../../src/data-sources";
import { testClientOptions } from "../helpers/sim";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();
const clients: ResellerClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** A client of our own, to change the simulator through the API the way a user would. */
function admin(): ResellerClient {
  const c = createClient(testClientOptions(t.sim, "v4"));
  clients.push(c);
  return c;
}

describe.each(["v4", "v3"] as const)("hosting software on %s", (version) => {
  beforeEach(() => t.use(version));

  it("reads the PHP versions of the account", async () => {
    expect(await getPhpVersions({ hostingId: 101 })).toEqual({
      hostingId: 101,
      currentVersion: "8.2",
      defaultVersion: "8.2",
      availableVersions: ["7.4", "8.0", "8.1", "8.2", "8.3"],
    });
  });

  it("reads the options of the current PHP version when no version is given", async () => {
    const php = await getPhpOptions({ hostingId: 101 });
    expect(php.version).toBe("8.2");
    expect(php.options.memory_limit).toMatchObject({
      value: "512M",
      default: "256M",
      type: "list",
      allowedValues: ["128M", "256M", "512M", "768M", "1024M"],
    });
    expect(php.options.display_errors).toMatchObject({ value: "Off", type: "bool", allowedValues: ["On", "Off"] });
    expect(t.sim.requests.count(`${version}.php.listVersions`)).toBe(1);
  });

  it("reads the options of the PHP version asked for without reading the versions", async () => {
    const php = await getPhpOptions({ hostingId: 101, version: "8.1" });
    expect(php.options.memory_limit?.value).toBe("256M");
    expect(t.sim.requests.count(`${version}.php.listVersions`)).toBe(0);
  });

  it("reads which PHP extensions are enabled", async () => {
    const php = await getPhpExtensions({ hostingId: 102, version: "8.3" });
    expect(php.extensions.intl).toBe(true);
    expect(php.extensions.imagick).toBe(false);
    expect(php.enabled).toEqual(["curl", "gd", "intl", "mbstring", "mysqli", "opcache", "pdo_mysql", "xml", "zip"]);
    expect(php.states.imagick).toBe("disabled");
  });

  it("rejects a PHP version that is not a version number before any request", async () => {
    await expect(getPhpOptions({ hostingId: 101, version: "latest" })).rejects.toThrow(/argument "version"/);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("reads the Node.js versions and applications", async () => {
    expect(await getNodejsVersions({ hostingId: 101 })).toEqual({ hostingId: 101, interpreter: "nodejs", versions: ["18", "20", "22"] });
    const { applications } = await getNodejsApplications({ hostingId: 101 });
    expect(applications).toEqual([
      {
        appRoot: "apps/api",
        version: "20",
        uri: "api",
        domain: "agency-demo.com",
        startupFile: "server.js",
        status: "started",
        virtualenvPath: "/home/agencyde/nodevenv/apps/api/20/bin/activate",
      },
    ]);
    expect((await getNodejsApplications({ hostingId: 102 })).applications).toEqual([]);
  });

  it("reads the status of a domain's automatic certificate", async () => {
    const cert = await getSslCertificate({ hostingId: 101, domain: "AGENCY-demo.com" });
    expect(cert).toMatchObject({ hostingId: 101, domain: "agency-demo.com", status: "active" });
    expect(Date.parse(cert.expireAt!)).toBeGreaterThan(Date.now());
    expect(cert.issuer).toEqual(expect.any(String));
  });

  it("reads Memcached and Redis as disabled and stopped on a fresh account, without counters", async () => {
    expect(await getMemcachedStatus({ hostingId: 102 })).toEqual({ hostingId: 102, enabled: false, active: false, stats: {} });
    expect(await getRedisStatus({ hostingId: 102 })).toEqual({ hostingId: 102, enabled: false, active: false, info: {} });
  });

  it("reads the counters of running Memcached and Redis", async () => {
    const c = admin();
    for (const serviceAction of ["on", "start"] as const) {
      await c.request("v4.cache.controlMemcached", { id: 101, serviceAction });
      await c.request("v4.cache.controlRedis", { id: 101, serviceAction });
    }
    const memcached = await getMemcachedStatus({ hostingId: 101 });
    expect(memcached).toMatchObject({ enabled: true, active: true, version: "1.6.21", maxBytes: 67_108_864, currentItems: 0 });
    expect(memcached.stats.limit_maxbytes).toBe("67108864");
    const redis = await getRedisStatus({ hostingId: 101 });
    expect(redis).toMatchObject({ enabled: true, active: true, version: "7.2.4", maxMemoryBytes: 134_217_728, connectedClients: 1 });
    expect(redis.info.Memory?.maxmemory_policy).toBe("allkeys-lru");
    // Sections the API sends as null are left out.
    expect(redis.info.Modules).toBeUndefined();
  });

  it("reads the object storage account with its credentials", async () => {
    await admin().request("v4.storage.initAccount", { id: 101 });
    const storage = await getObjectStorage({ hostingId: 101 });
    const state = t.sim.store.hostings["101"]!.objectStorage;
    expect(storage).toMatchObject({
      hostingId: 101,
      bucket: state.name,
      accessKey: state.accessKey,
      secretKey: state.secretKey,
      suspended: false,
    });
    expect(storage.secretKey.length).toBeGreaterThan(10);
  });

  it("fails with the API's not-found error while object storage is not initialised", async () => {
    await expect(getObjectStorage({ hostingId: 102 })).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("hosting software on v2", () => {
  beforeEach(() => t.use("v2"));

  it.each([
    { name: "getPhpVersions", call: () => getPhpVersions({ hostingId: 101 }) },
    { name: "getPhpOptions", call: () => getPhpOptions({ hostingId: 101, version: "8.2" }) },
    { name: "getPhpExtensions", call: () => getPhpExtensions({ hostingId: 101 }) },
    { name: "getNodejsVersions", call: () => getNodejsVersions({ hostingId: 101 }) },
    { name: "getNodejsApplications", call: () => getNodejsApplications({ hostingId: 101 }) },
    { name: "getSslCertificate", call: () => getSslCertificate({ hostingId: 101, domain: "agency-demo.com" }) },
    { name: "getMemcachedStatus", call: () => getMemcachedStatus({ hostingId: 101 }) },
    { name: "getRedisStatus", call: () => getRedisStatus({ hostingId: 101 }) },
    { name: "getObjectStorage", call: () => getObjectStorage({ hostingId: 101 }) },
  ])("$name fails naming API v2, without a request", async ({ name, call }) => {
    await expect(call()).rejects.toMatchObject({
      name: "ResellerApiError",
      code: "validation",
      message: expect.stringContaining(`${name} is not available in API v2`),
    });
    expect(t.sim.requests.count()).toBe(0);
  });
});

/**
 * The simulator's edges: routing, the API's request rules, ETag, the admin interface, faults
 * from outside the process, persistence and the `reseller sim` command.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/client";
import { isResellerApiError } from "../../src/client/errors";
import { simulatorOptionsFrom } from "../../packages/simulator/src/cli";
import { parseRateLimit, startSimulator, type Simulator } from "../../packages/simulator/src";
import { testClientOptions, useSimulator } from "../helpers/sim";

describe("the API's request rules", () => {
  const t = useSimulator();
  const auth = () => ({ "x-api-user": t.sim.apiUser, "x-api-key": t.sim.apiKey });

  it("reads a JSON body on GET", async () => {
    const res = await request(`${t.sim.url}/v4/domain`, {
      method: "GET",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ sld: "agency-demo", tld: "com" }),
    });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { registration_status: string }).registration_status).toBe("Active");
  });

  it("reads parameters from the query string", async () => {
    const res = await request(`${t.sim.url}/v4/domain?sld=agency-demo&tld=com`, { headers: auth() });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });

  it("honours X-Http-Method-Override on a POST", async () => {
    const res = await request(`${t.sim.url}/v4/domain?sld=agency-demo&tld=com`, {
      method: "POST",
      headers: { ...auth(), "x-http-method-override": "GET" },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    expect(t.sim.requests.list()[0]!.key).toBe("v4.domains.getInfo");
  });

  it("answers 400 with error, error_code and the field at fault for an unknown or invalid field", async () => {
    const res = await request(`${t.sim.url}/v4/domain/renew`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ sld: "agency-demo", tld: "com", period: 20 }),
    });
    expect(res.statusCode).toBe(400);
    const body = (await res.body.json()) as { error: string; error_code: number };
    expect(body.error).toContain('"period"');
    expect(body.error_code).toBe(400);
  });

  it("wraps hosting replies in the envelope with the reseller id", async () => {
    const zone = await t.client.request("dns.getZone", { id: 101, domain: "agency-demo.com" });
    expect(zone).toMatchObject({ success: true, errors: [], reseller_id: t.sim.store.account.resellerId });
  });

  it("sends an ETag on every response and 304 on a matching If-None-Match", async () => {
    const first = await request(`${t.sim.url}/v4/account/info`, { headers: auth() });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    await first.body.dump();
    const second = await request(`${t.sim.url}/v4/account/info`, { headers: { ...auth(), "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    await second.body.dump();
    const denied = await request(`${t.sim.url}/v4/account/info`, { headers: { "if-none-match": etag } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers.etag).toBeDefined();
    await denied.body.dump();
  });

  it("logs every request with its operation, status and duration", async () => {
    await t.client.request("account.hello");
    await t.client.request("domains.getInfo", { sld: "nope", tld: "com" }).catch(() => undefined);
    const log = t.sim.requests.list();
    expect(log.map((e) => [e.key, e.method, e.path, e.status])).toEqual([
      ["v4.account.hello", "GET", "/v4/hello", 200],
      ["v4.domains.getInfo", "GET", "/v4/domain", 404],
      // The client's one request for a path that cannot exist, to tell the 404 of a missing
      // domain from that of a missing route (client/route-check.ts); no operation answers it.
      ["unknown", "GET", expect.stringMatching(/^\/v4\/reseller-no-such-route-[0-9a-f]{12}$/), 404],
    ]);
    expect(log.every((e) => e.durationMs >= 0)).toBe(true);
    expect(t.sim.requests.count("account.hello")).toBe(1);
  });

  it("serves UTF-8 and stores Unicode domain names in punycode", async () => {
    const list = await t.client.request("domains.list");
    const cafe = (list.active_domains as { domain_name: string; idn_domain_name: string }[]).find(
      (d) => d.idn_domain_name === "xn--caf-dma.com",
    );
    expect(cafe?.domain_name).toBe("café.com");
  });

  it("restores the seed, faults and log on reset", async () => {
    t.sim.store.account.credit = 1;
    t.sim.faults.add({ kind: "status", status: 500, times: Infinity });
    t.sim.reset();
    expect(t.sim.store.account.credit).toBe(1000);
    expect(t.sim.faults.list()).toEqual([]);
    await expect(t.client.request("account.hello")).resolves.toBeDefined();
  });

  it("drops the connection of a delayed apply at once and applies the change only after its delay", async () => {
    t.sim.faults.add({ operation: "cron.add", kind: "delayed-apply", latencyMs: 300 });
    const c = t.clientFor("v4", { retry: { maxAttempts: 1 } });
    const started = Date.now();
    await expect(c.request("cron.add", { id: 101, schedule: "5 4 * * *", command: "php late.php" })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(250);
    const crons = () => t.sim.store.hostings["101"]!.crons.filter((job) => job.command === "php late.php");
    expect(crons()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(crons()).toHaveLength(1);
  });

  it("applies a fault at random with the given probability, repeatably", async () => {
    t.sim.faults.add({ operation: "account.hello", kind: "status", status: 500, probability: 0.5, times: Infinity });
    const c = t.clientFor("v4", { retry: { maxAttempts: 1 } });
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++)
      outcomes.push(
        await c.request("account.hello").then(
          () => "ok",
          () => "fail",
        ),
      );
    expect(outcomes).toContain("ok");
    expect(outcomes).toContain("fail");
  });
});

describe("the admin interface", () => {
  const t = useSimulator();
  const admin = (method: string, p: string, body?: unknown, token = t.sim.adminToken) =>
    request(`${t.sim.url}/_sim${p}`, {
      method: method as "GET",
      headers: { "x-sim-admin-token": token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("refuses a call without the admin token", async () => {
    const res = await admin("GET", "/requests", undefined, "wrong");
    expect(res.statusCode).toBe(401);
    await res.body.dump();
  });

  it("adds faults from outside the process that the client then sees", async () => {
    const res = await admin("POST", "/faults", { operation: "account.getInfo", kind: "status", status: 500 });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    const err = await t.client.request("account.getInfo").catch((e: unknown) => e);
    expect(isResellerApiError(err, "server")).toBe(true);
    const cleared = await admin("DELETE", "/faults");
    await cleared.body.dump();
    await expect(t.client.request("account.getInfo")).resolves.toBeDefined();
  });

  it("reads the request log, the state, and resets", async () => {
    await t.client.request("account.hello");
    const log = (await (await admin("GET", "/requests")).body.json()) as { requests: { key: string }[] };
    expect(log.requests.map((r) => r.key)).toEqual(["v4.account.hello"]);
    const state = (await (await admin("GET", "/state")).body.json()) as { account: { credit: number } };
    expect(state.account.credit).toBe(1000);
    t.sim.store.account.credit = 5;
    await (await admin("POST", "/reset")).body.dump();
    expect(t.sim.store.account.credit).toBe(1000);
  });

  it("rejects a malformed fault with a message", async () => {
    const res = await admin("POST", "/faults", { kind: "explode" });
    expect(res.statusCode).toBe(400);
    expect(((await res.body.json()) as { error: string }).error).toContain("Unknown fault kind");
  });
});

describe("the rate limit", () => {
  const t = useSimulator({ simulator: { rateLimit: "3/60s" } });
  const hello = () => request(`${t.sim.url}/v4/hello`, { headers: { "x-api-user": t.sim.apiUser, "x-api-key": t.sim.apiKey } });
  const admin = (method: string, body?: unknown) =>
    request(`${t.sim.url}/_sim/rate-limit`, {
      method: method as "GET",
      headers: { "x-sim-admin-token": t.sim.adminToken, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("answers 429 with Retry-After past the limit in a sliding window, and counts only what it admits", async () => {
    const replies = [];
    for (let i = 0; i < 5; i++) {
      const res = await hello();
      replies.push({ status: res.statusCode, retryAfter: res.headers["retry-after"], body: (await res.body.json()) as { error?: string } });
    }
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const retryAfter = Number(replies[3]!.retryAfter);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(replies[3]!.body.error).toContain("at most 3 per 60 s");
    expect(t.sim.requests.list().map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
  });

  it("counts only authenticated callers, so a wrong key spends nothing", async () => {
    for (let i = 0; i < 4; i++)
      await (await request(`${t.sim.url}/v4/hello`, { headers: { "x-api-user": t.sim.apiUser, "x-api-key": "wrong" } })).body.dump();
    expect((await hello()).statusCode).toBe(200);
  });

  it("is read, changed and lifted through the admin interface, and restored on reset", async () => {
    expect(await (await admin("GET")).body.json()).toEqual({ rateLimit: { requests: 3, windowMs: 60_000 } });
    expect(await (await admin("PUT", { limit: "1/10s" })).body.json()).toEqual({ rateLimit: { requests: 1, windowMs: 10_000 } });
    expect([(await hello()).statusCode, (await hello()).statusCode]).toEqual([200, 429]);
    expect(await (await admin("PUT", { requests: 2, windowMs: 500 })).body.json()).toEqual({ rateLimit: { requests: 2, windowMs: 500 } });
    expect(await (await admin("DELETE")).body.json()).toEqual({ rateLimit: null });
    for (let i = 0; i < 5; i++) expect((await hello()).statusCode).toBe(200);
    const bad = await admin("PUT", { limit: "fast" });
    expect(bad.statusCode).toBe(400);
    expect(((await bad.body.json()) as { error: string }).error).toContain("600/60s");
    t.sim.reset();
    expect(t.sim.rateLimit).toEqual({ requests: 3, windowMs: 60_000 });
  });

  it.each([
    { text: "600/60s", spec: { requests: 600, windowMs: 60_000 } },
    { text: "10/s", spec: { requests: 10, windowMs: 1000 } },
    { text: "100/500ms", spec: { requests: 100, windowMs: 500 } },
    { text: "1000/min", spec: { requests: 1000, windowMs: 60_000 } },
    { text: "5 / 1.5s", spec: { requests: 5, windowMs: 1500 } },
  ])("reads $text as a limit", ({ text, spec }) => {
    expect(parseRateLimit(text)).toEqual(spec);
  });

  it.each(["fast", "0/1s", "10/0s", "10", "10/1h"])("refuses %s as a limit", (text) => {
    expect(() => parseRateLimit(text)).toThrow();
  });

  it("is set from the command line with --rate-limit, which refuses a malformed value by name", () => {
    expect(simulatorOptionsFrom({ port: "0", host: "127.0.0.1", seed: "demo", allowIp: [], rateLimit: "600/60s" }).rateLimit).toEqual({
      requests: 600,
      windowMs: 60_000,
    });
    expect(() => simulatorOptionsFrom({ port: "0", host: "127.0.0.1", seed: "demo", allowIp: [], rateLimit: "lots" })).toThrow(
      /--rate-limit/,
    );
  });
});

describe("persistence", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "sim-state-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("writes the state file atomically after changes and reloads it on start", async () => {
    const statePath = path.join(dir, "state.json");
    const sim: Simulator = await startSimulator({ seed: "demo", statePath });
    const client = createClient(testClientOptions(sim));
    await client.request("domains.updateNameservers", { sld: "agency-demo", tld: "com", ns1: "ns1.example.net", ns2: "ns2.example.net" });
    await client.close();
    await sim.close();
    expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const saved = JSON.parse(await readFile(statePath, "utf8")) as { domains: Record<string, { nameservers: string[] }> };
    expect(saved.domains["agency-demo.com"]!.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);

    const again = await startSimulator({ seed: "empty", statePath });
    expect(again.store.domains["agency-demo.com"]!.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
    await again.close();
  });
});

describe("reseller sim", () => {
  it("prints a URL and credentials that answer /v4/hello, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [require.resolve("tsx/cli"), "src/cli/index.ts", "sim", "--port", "0", "--seed", "demo"], {
      cwd: path.resolve(__dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
      child.stdout.on("data", () => {
        if (/Press Ctrl\+C/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const url = /RESELLER_API_URL=(\S+)/.exec(out)![1]!;
    const user = /RESELLER_API_USER=(\S+)/.exec(out)![1]!;
    const key = /RESELLER_API_KEY=(\S+)/.exec(out)![1]!;
    const ok = await request(`${url}/v4/hello`, { headers: { "x-api-user": user, "x-api-key": key } });
    expect(await ok.body.json()).toMatchObject({ successful_connection: true });
    const denied = await request(`${url}/v4/hello`);
    expect(denied.statusCode).toBeGreaterThanOrEqual(400);
    expect(denied.statusCode).toBeLessThan(500);
    expect(await denied.body.json()).toHaveProperty("error");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses a non-loopback host", () => {
    expect(() => simulatorOptionsFrom({ port: "0", host: "0.0.0.0", seed: "demo", allowIp: [] })).toThrow(/loopback/);
  });
});

describe("query parameters", () => {
  const t = useSimulator({ version: "v2" });

  it("reads query values as the operation's schema types them, so an all-digit label stays a string", async () => {
    const res = await t.client.request("domains.checkAvailability", { sld: "365", tld: "com" });
    expect(res.available).toBe(true);
  });

  it("reads numbers in the query for numeric fields", async () => {
    const c = t.clientFor("v4", { paramsInQuery: true });
    const zone = await c.request("dns.getZone", { id: 101, domain: "agency-demo.com" });
    expect(zone.success).toBe(true);
  });
});

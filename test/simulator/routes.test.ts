/**
 * The simulator can play an API whose routes differ from the endpoint table (the `routes`
 * option, in the form of the client's endpoint overrides) and answer the routes no operation
 * answers as the web servers and frameworks in front of an API do (`unknownRoute`). The client
 * must read such answers as a missing route, never as a missing object; these tests hold the
 * simulator to what it promises to send.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { CommanderError } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildProgram } from "../../src/cli/index";
import { describeSimulator, simulatorOptionsFrom } from "../../packages/simulator/src/cli";
import { createClient } from "../../src/client/client";
import { apiErrorBody } from "../../src/client/schemas";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { simulatorRoutes, UNKNOWN_ROUTE_STYLES, type UnknownRouteStyle } from "../../packages/simulator/src/server";
import { testClientOptions } from "../helpers/sim";

/** dns.getZone moved off its table route (GET /v4/hosting/domain/dns-zone), its parameters in the query. */
const MOVED_ZONE_READ = { "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone", params: "query" } } } as const;
const TABLE_ZONE_PATH = "/v4/hosting/domain/dns-zone";
const ZONE_QUERY = "id=101&domain=agency-demo.com";

/** What each style must answer, whatever the path and the credentials. */
const EXPECTED: Record<UnknownRouteStyle, { status: number; type: RegExp | null; body: (text: string) => void }> = {
  "json-error": { status: 404, type: /^application\/json/, body: (text) => expect(JSON.parse(text)).toEqual({ error: "Not Found" }) },
  html: { status: 404, type: /^text\/html/, body: (text) => expect(text).toMatch(/^<!DOCTYPE html>[\s\S]*Not Found[\s\S]*<\/html>\s*$/) },
  empty: { status: 404, type: null, body: (text) => expect(text).toBe("") },
  method: { status: 405, type: /^text\/plain/, body: (text) => expect(text).toBe("Method Not Allowed") },
};

const credentials = (sim: Simulator) => ({ "x-api-user": sim.apiUser, "x-api-key": sim.apiKey });

describe.each(UNKNOWN_ROUTE_STYLES.map((style) => ({ style })))(
  "a moved read with unknown routes answered in the $style style",
  ({ style }) => {
    let sim: Simulator;
    beforeAll(async () => {
      sim = await startSimulator({ seed: "demo", routes: MOVED_ZONE_READ, unknownRoute: style });
    });
    afterAll(async () => sim?.close());

    it("is answered at its new path, with its parameters taken from the query", async () => {
      const res = await fetch(`${sim.url}/v4/dns/zone?${ZONE_QUERY}`, { headers: credentials(sim) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { success: boolean; data: { name: string }[] };
      expect(body.success).toBe(true);
      expect(body.data.map((r) => r.name)).toContain("www.agency-demo.com.");
    });

    it("is not answered at the table's route, which answers as an unknown route", async () => {
      const res = await fetch(`${sim.url}${TABLE_ZONE_PATH}?${ZONE_QUERY}`, { headers: credentials(sim) });
      expect(res.status).toBe(EXPECTED[style].status);
      const type = res.headers.get("content-type");
      if (EXPECTED[style].type) expect(type).toMatch(EXPECTED[style].type);
      else expect(type).toBeNull();
      EXPECTED[style].body(await res.text());
      expect(sim.requests.list().at(-1)).toMatchObject({
        key: "unknown",
        id: "unknown",
        method: "GET",
        path: TABLE_ZONE_PATH,
        status: EXPECTED[style].status,
      });
    });

    it("still serves the other operations of the moved one's old path at their own methods", async () => {
      const client = createClient({ ...testClientOptions(sim), retry: { maxAttempts: 1 } });
      try {
        const reset = await client.request("dns.resetZone", { id: 101, domain: "agency-demo.com" });
        expect(reset.success).toBe(true);
      } finally {
        await client.close();
      }
    });
  },
);

describe("a moved operation and the real client", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({
      seed: "demo",
      routes: { ...MOVED_ZONE_READ, "v4.dns.modifyZone": { method: "POST", path: "/v4/dns/zone/modify" } },
    });
  });
  afterAll(async () => sim?.close());

  it("reads the zone when the client is told the same route, sending the parameters in the query", async () => {
    const client = createClient({
      ...testClientOptions(sim),
      paramsInQuery: true,
      overrides: { "v4.dns.getZone": { method: "GET", path: "/v4/dns/zone" } },
    });
    try {
      const zone = await client.request("dns.getZone", { id: 101, domain: "agency-demo.com" });
      expect(zone.success).toBe(true);
    } finally {
      await client.close();
    }
    expect(sim.requests.list().at(-1)).toMatchObject({ id: "dns.getZone", path: "/v4/dns/zone", status: 200 });
  });

  it("hands a moved write the parameters of its JSON body, and the change lands", async () => {
    const client = createClient({
      ...testClientOptions(sim),
      overrides: { "v4.dns.modifyZone": { method: "POST", path: "/v4/dns/zone/modify" } },
    });
    try {
      await client.request("dns.modifyZone", {
        id: 101,
        domain: "agency-demo.com",
        rrsets: [{ type: "A", name: "moved.agency-demo.com.", ttl: 300, records: [{ ip: "192.0.2.44" }] }],
      });
    } finally {
      await client.close();
    }
    expect(sim.store.zones["agency-demo.com"]!.find((r) => r.name === "moved.agency-demo.com.")?.records).toEqual([{ ip: "192.0.2.44" }]);
  });

  it("exposes the routes in force, one per full key", () => {
    expect(sim.routes).toEqual({
      "v4.dns.getZone": { method: "GET", path: "/v4/dns/zone", params: "query" },
      "v4.dns.modifyZone": { method: "POST", path: "/v4/dns/zone/modify" },
    });
    expect(sim.unknownRoute).toBe("json-error");
  });
});

describe("routes that no operation answers", () => {
  const sims = new Map<UnknownRouteStyle, Simulator>();
  beforeAll(async () => {
    for (const style of UNKNOWN_ROUTE_STYLES) sims.set(style, await startSimulator({ seed: "empty", unknownRoute: style }));
  });
  afterAll(async () => {
    for (const sim of sims.values()) await sim.close();
  });

  it.each(UNKNOWN_ROUTE_STYLES.map((style) => ({ style })))(
    "are answered in the $style style with its status, content type and body, credentials or not",
    async ({ style }) => {
      const sim = sims.get(style)!;
      for (const headers of [credentials(sim), {}]) {
        const res = await fetch(`${sim.url}/v4/no/such/thing`, { method: "POST", headers });
        expect(res.status).toBe(EXPECTED[style].status);
        const type = res.headers.get("content-type");
        if (EXPECTED[style].type) expect(type).toMatch(EXPECTED[style].type);
        else expect(type).toBeNull();
        EXPECTED[style].body(await res.text());
      }
    },
  );

  it("are answered by the json-error style with one body for every path and method, which parses as the API's error object", async () => {
    const sim = sims.get("json-error")!;
    const a = await fetch(`${sim.url}/v4/no/such/thing`, { headers: credentials(sim) });
    const b = await fetch(`${sim.url}/reseller-api/nothing-here`, { method: "DELETE", headers: credentials(sim) });
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textA).toBe('{"error":"Not Found"}');
    expect(textB).toBe(textA);
    // Why this style is the hard one: it looks like the API's error object.
    expect(apiErrorBody.safeParse(JSON.parse(textA)).success).toBe(true);
  });

  it("are answered by the empty style with a content length of 0", async () => {
    const res = await fetch(`${sims.get("empty")!.url}/v4/no/such/thing`);
    expect(res.headers.get("content-length")).toBe("0");
  });

  it("are answered by the method style with an Allow header naming the methods the path answers", async () => {
    const sim = sims.get("method")!;
    const known = await fetch(`${sim.url}${TABLE_ZONE_PATH}`, { method: "PUT", headers: credentials(sim) });
    expect(known.status).toBe(405);
    expect(known.headers.get("allow")).toBe("GET, PATCH, POST");
    const unknown = await fetch(`${sim.url}/v4/no/such/thing`, { headers: credentials(sim) });
    expect(unknown.headers.get("allow")).toBe("");
  });

  it("are logged as unknown", async () => {
    const sim = sims.get("html")!;
    sim.requests.clear();
    await fetch(`${sim.url}/v4/no/such/thing`);
    expect(sim.requests.list()).toMatchObject([{ key: "unknown", id: "unknown", method: "GET", path: "/v4/no/such/thing", status: 404 }]);
  });
});

describe("a routes option that cannot be served", () => {
  it("is rejected at start with the override's message when it names no operation", async () => {
    await expect(startSimulator({ routes: { "dns.getZon": { v4: { path: "/v4/dns/zone" } } } })).rejects.toThrow(
      /unknown operation "dns\.getZon" \(did you mean "dns\.getZone"\?\)/,
    );
  });

  it("is rejected at start when a path carries another version's prefix", async () => {
    await expect(startSimulator({ routes: { "dns.getZone": { v4: { path: "/v3/dns/zone" } } } })).rejects.toThrow(/must start with \/v4\//);
  });

  it("is rejected at start when two operations end on one method and path", async () => {
    // PATCH /v4/hosting/domain/dns-zone is dns.modifyZone's own route.
    await expect(startSimulator({ routes: { "dns.getZone": { v4: { method: "PATCH" } } } })).rejects.toThrow(
      "Two operations share the route PATCH /v4/hosting/domain/dns-zone: v4.dns.getZone and v4.dns.modifyZone (moved there by routes: v4.dns.getZone)",
    );
    expect(() =>
      simulatorRoutes({ "dns.getZone": { v4: { path: "/v4/x" } }, "dns.resetZone": { v4: { method: "GET", path: "/v4/x" } } }),
    ).toThrow(/share the route GET \/v4\/x/);
  });

  it("is rejected at start when the unknown-route style is not one of the four", async () => {
    const style: string = "teapot";
    await expect(startSimulator({ unknownRoute: style as UnknownRouteStyle })).rejects.toThrow(
      /unknownRoute must be one of json-error, html, empty, method/,
    );
  });
});

describe("reseller sim --routes and --unknown-route", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "reseller-sim-routes-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, text: string) => {
    const target = path.join(dir, name);
    writeFileSync(target, text);
    return target;
  };
  const base = { port: "0", host: "127.0.0.1", seed: "empty", allowIp: [] as string[] };

  it("reads the routes file and the style into the simulator's options, and the banner says how many routes moved", async () => {
    const routes = file("routes.json", JSON.stringify({ ...MOVED_ZONE_READ, "dns.resetZone": { v4: { params: "query" } } }));
    const options = simulatorOptionsFrom({ ...base, routes, unknownRoute: "html" });
    expect(options.routes).toEqual({
      "v4.dns.getZone": { method: "GET", path: "/v4/dns/zone", params: "query" },
      "v4.dns.resetZone": { params: "query" },
    });
    expect(options.unknownRoute).toBe("html");
    const sim = await startSimulator(options);
    try {
      const banner = describeSimulator(sim);
      // Only getZone changes route; resetZone keeps its method and path.
      expect(banner).toContain(
        "  routes: 1 operation served at another route than the endpoint table's (--routes); their table routes are unknown",
      );
      expect(banner).toContain("  unknown routes (--unknown-route html): 404 with an HTML page");
      expect(banner.at(-1)).toBe("Press Ctrl+C to stop.");
    } finally {
      await sim.close();
    }
  });

  it("prints the stack's configuration ready to paste, and the seed's SSH public keys", async () => {
    const sim = await startSimulator(simulatorOptionsFrom({ ...base, seed: "demo" }));
    try {
      const banner = describeSimulator(sim);
      expect(banner).toContain(`  pulumi config set reseller:apiUrl ${sim.url}`);
      expect(banner).toContain(`  pulumi config set reseller:apiUser ${sim.apiUser}`);
      expect(banner).toContain(`  pulumi config set --secret reseller:apiKey ${sim.apiKey}`);
      expect(banner.filter((line) => line.includes("SSH public key"))).toEqual([
        `  SSH public key of hosting account 101: ${sim.store.hostings["101"]!.sshKeys[0]!.publicKey}`,
      ]);
    } finally {
      await sim.close();
    }
  });

  it("prints the banner of today when neither flag is given", async () => {
    const options = simulatorOptionsFrom(base);
    expect(options.unknownRoute).toBe("json-error");
    const sim = await startSimulator(options);
    try {
      expect(describeSimulator(sim).filter((line) => /routes/.test(line))).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it("refuses a routes file that is not JSON, names no operation, or moves two operations onto one route, in one line naming the file", () => {
    const cases = [
      [file("broken.json", "{ not json"), /^--routes .*broken\.json: .*JSON/],
      [
        file("typo.json", JSON.stringify({ "dns.getZon": { path: "/v4/dns/zone" } })),
        /^--routes .*typo\.json: unknown operation "dns\.getZon" \(did you mean "dns\.getZone"\?\)$/,
      ],
      [
        file("clash.json", JSON.stringify({ "dns.getZone": { v4: { method: "PATCH" } } })),
        /^--routes .*clash\.json: Two operations share the route PATCH \/v4\/hosting\/domain\/dns-zone/,
      ],
      [path.join(dir, "missing.json"), /^--routes .*missing\.json: ENOENT/],
    ] as const;
    for (const [routes, message] of cases) {
      expect(() => simulatorOptionsFrom({ ...base, routes })).toThrow(message);
      try {
        simulatorOptionsFrom({ ...base, routes });
      } catch (err) {
        expect((err as Error).message).not.toContain("\n");
      }
    }
  });

  it("refuses an unknown-route style that is not one of the four, before starting", async () => {
    expect(() => simulatorOptionsFrom({ ...base, unknownRoute: "teapot" })).toThrow(
      '--unknown-route must be one of json-error, html, empty, method, got "teapot"',
    );
    const program = await buildProgram();
    const sim = program.commands.find((c) => c.name() === "sim")!;
    let written = "";
    sim.exitOverride().configureOutput({ writeErr: (text) => (written += text) });
    await expect(program.parseAsync(["node", "reseller", "sim", "--port", "0", "--unknown-route", "teapot"])).rejects.toBeInstanceOf(
      CommanderError,
    );
    expect(written).toMatch(/--unknown-route <style>' argument 'teapot' is invalid. Allowed choices are json-error, html, empty, method/);
  });

  it("exits with code 1 and one line on standard error for a bad routes file", async () => {
    const routes = file("bad.json", JSON.stringify({ "dns.getZone": { v9: { path: "/v4/dns/zone" } } }));
    const child = spawn(process.execPath, [require.resolve("tsx/cli"), "src/cli/index.ts", "sim", "--port", "0", "--routes", routes], {
      cwd: path.resolve(__dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(`reseller: --routes ${routes}: "dns.getZone.v9": unknown API version "v9" (expected v4, v3, v2)\n`);
  }, 30_000);
});

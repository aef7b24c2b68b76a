/**
 * `reseller probe` against the simulator over loopback, with the real client: what it calls and
 * never calls, the verdicts it gives when the routes are where the table puts them and when some
 * are elsewhere (in every way the simulator can answer an unknown route), the overrides it
 * writes, its redacted recordings and its exit codes.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createClient } from "../../src/client/client";
import type { EndpointDef } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";
import { recordedFileName, recordedPairSchema } from "../../src/client/recorded";
import { PROBE_EXIT, runProbe, type ProbeCommandOptions } from "../../src/cli/probe";
import { createTap, probeAccount, type ProbedRoute } from "../../src/probe";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { UNKNOWN_ROUTE_STYLES } from "../../packages/simulator/src/server";
import { enrichDemoAccount, repositoryRoot, simFlags } from "./helpers";

const run = promisify(execFile);
const table = endpoints as Record<string, EndpointDef>;

interface Probe {
  code: number;
  stdout: string;
  stderr: string[];
}

async function probe(sim: Simulator, flags: Partial<ProbeCommandOptions> = {}): Promise<Probe> {
  let stdout = "";
  const stderr: string[] = [];
  const code = await runProbe({ ...simFlags(sim), ...flags }, { out: (t) => (stdout += t), err: (l) => stderr.push(l) }, {});
  return { code, stdout, stderr };
}

function report(p: Probe): { routes: ProbedRoute[]; overrides: Record<string, unknown> } {
  return JSON.parse(p.stdout) as { routes: ProbedRoute[]; overrides: Record<string, unknown> };
}

const byOperation = (routes: readonly ProbedRoute[]) => new Map(routes.map((r) => [r.operation, r]));

/**
 * The store of `sim` once every domain's automatic certificate record exists. The simulator
 * creates that record on a domain's first SSL read (packages/simulator/src/handlers/ssl.ts, `siteOf`), a
 * change no API read makes, so it is made before the store is compared.
 */
async function settledStore(sim: Simulator): Promise<unknown> {
  const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, retry: { maxAttempts: 1 } });
  try {
    for (const hosting of Object.values(sim.store.hostings)) {
      for (const domain of hosting.domains) await client.request("ssl.getCertificate", { id: hosting.id, domain });
    }
  } finally {
    await client.close();
  }
  sim.requests.clear();
  return structuredClone(sim.store);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "reseller-probe-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("reseller probe against the demo simulator", () => {
  let sim: Simulator;
  let before: unknown;
  let result: Probe;

  beforeAll(async () => {
    sim = await startSimulator();
    before = await settledStore(sim);
    result = await probe(sim, { json: true });
  });
  afterAll(() => sim?.close());

  it("finds every v4 read route where the table puts it: ok, or skipped with a reason, and none missing", () => {
    const { routes } = report(result);
    const reads = Object.values(table).filter((e) => e.version === "v4" && e.safety === "read");

    expect(routes.map((r) => r.operation).sort()).toEqual(reads.map((e) => e.id).sort());
    expect(routes.filter((r) => r.verdict === "route-missing")).toEqual([]);
    for (const r of routes.filter((r) => r.verdict === "skipped"))
      expect(r.detail, r.operation).toMatch(/^(needs \w+: .+|opens a login session|returns a (private key|secret))/);
    // The demo seed has no object storage: its URL listing answers the API's own not-found error,
    // which proves the route exists but leaves its reply unread.
    const rest = routes.filter((r) => r.verdict !== "ok" && r.verdict !== "skipped");
    expect(rest.map((r) => [r.operation, r.verdict, r.detail])).toEqual([
      ["storage.listUrls", "object-missing", "not found (HTTP 404): Object storage of hosting account 101 is not initialised"],
    ]);
    expect(result.code).toBe(PROBE_EXIT.ok);
  });

  it("never calls the routes that open a login session or return a private key or a secret, and says why", () => {
    const routes = byOperation(report(result).routes);

    for (const id of [
      "hosting.getLoginUrl",
      "databases.getPhpMyAdminUrl",
      "databases.getPhpPgAdminUrl",
      "ssl.getCsrPrivateKey",
      "ssl.getCustom",
      "storage.getAccount",
    ]) {
      expect(routes.get(id)?.verdict, id).toBe("skipped");
      expect(routes.get(id)?.detail, id).toContain(`--include ${id}`);
      expect(sim.requests.count(`v4.${id}`), id).toBe(0);
    }
    // Validating a certificate installs nothing: the probe sends one it made for the purpose.
    expect(routes.get("ssl.validateCustom")?.verdict).toBe("ok");
  });

  it("changes nothing in the store and sends nothing but reads", () => {
    const known = sim.requests.list().filter((e) => e.key !== "unknown");

    expect(sim.store).toEqual(before);
    expect(known.length).toBeGreaterThan(40);
    for (const e of known) {
      expect(table[e.key]?.safety, e.key).toBe("read");
      // Reads go by their table method: GET, or POST for the one that validates a certificate.
      expect(e.method, e.key).toBe(table[e.key]?.method);
    }
  });

  it("prints JSON with the routes and the overrides only, each route with its verdict and the route found", () => {
    const parsed = report(result);

    expect(Object.keys(parsed)).toEqual(["routes", "overrides"]);
    expect(parsed.overrides).toEqual({});
    for (const r of parsed.routes) {
      expect(Object.keys(r)).toEqual(["operation", "version", "method", "path", "params", "evidence", "verdict", "detail", "found"]);
      expect(r.found).toBeNull();
    }
    expect(byOperation(parsed.routes).get("dns.getZone")).toMatchObject({
      version: "v4",
      method: "GET",
      path: "/v4/hosting/domain/dns-zone",
      params: "body",
      evidence: "inferred",
      verdict: "ok",
    });
    // Progress goes to standard error, one line per area, so standard output stays JSON.
    expect(result.stderr.filter((l) => /^probe: \[\d+\/\d+\] /.test(l))).toHaveLength(
      new Set(parsed.routes.map((r) => r.operation.split(".")[0])).size,
    );
  });

  it("prints a table with a line per route and a summary without --json", async () => {
    const plain = await probe(sim);
    const lines = plain.stdout.trimEnd().split("\n");

    expect(lines[0]).toMatch(/^VERDICT\s+OPERATION\s+ROUTE\s+DETAIL$/);
    expect(lines).toContainEqual(expect.stringMatching(/^ok\s+dns\.getZone\s+GET \/v4\/hosting\/domain\/dns-zone\s+/));
    expect(lines.at(-1)).toMatch(/^46 routes: \d+ ok, 1 object-missing, 6 skipped$/);
    expect(plain.code).toBe(PROBE_EXIT.ok);
  });

  it("uses the hosting account and domain it is given", async () => {
    const tap = createTap(sim.url, { connections: 2 });
    const client = createClient({
      baseUrl: sim.url,
      apiUser: sim.apiUser,
      apiKey: sim.apiKey,
      dispatcher: tap.dispatcher,
      retry: { maxAttempts: 1 },
    });
    try {
      const found = await probeAccount(client, { hostingId: 102, domain: "staging-agency.com", exchanges: tap.exchanges });

      expect(found.facts).toMatchObject({
        hostingId: 102,
        domain: "staging-agency.com",
        sld: "staging-agency",
        tld: "com",
        phpVersion: "8.2",
      });
      expect(found.routes.find((r) => r.operation === "dns.getZone")?.verdict).toBe("ok");
    } finally {
      await client.close();
      await tap.close();
    }
  });
});

describe("reseller probe against a simulator account that has one of everything", () => {
  it("reports every v4 read route ok when the guarded ones are included, and exits 0", async () => {
    const sim = await startSimulator();
    try {
      await enrichDemoAccount(sim);
      const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey });
      await client.ssl.generateCsr({
        id: 101,
        domain: "agency-demo.com",
        countryCode: "CA",
        state: "QC",
        localityName: "Montreal",
        organizationName: "Agency",
        organizationUnitName: "Web",
        email: "ops@agency-demo.com",
      });
      await client.close();
      const include = [
        "hosting.getLoginUrl,databases.getPhpMyAdminUrl,databases.getPhpPgAdminUrl",
        "ssl.getCsrPrivateKey,ssl.getCustom,storage.getAccount",
      ];
      const result = await probe(sim, { json: true, include });
      const reads = Object.values(table).filter((e) => e.version === "v4" && e.safety === "read");
      const routes = report(result).routes;

      expect(routes.map((r) => r.operation).sort()).toEqual(reads.map((e) => e.id).sort());
      expect(routes.filter((r) => r.verdict !== "ok").map((r) => `${r.operation}: ${r.verdict} (${r.detail})`)).toEqual([]);
      expect(result.code).toBe(PROBE_EXIT.ok);
    } finally {
      await sim.close();
    }
  });
});

describe("reseller probe --writes", () => {
  it("checks write routes with bodies that address no object, never the ones that cost money, and changes nothing", async () => {
    const sim = await startSimulator();
    try {
      const before = await settledStore(sim);
      const result = await probe(sim, { json: true, writes: true });
      const routes = byOperation(report(result).routes);

      expect(sim.store).toEqual(before);
      for (const id of ["domains.register", "domains.renew", "domains.transfer", "hosting.create"]) {
        expect(routes.get(id)).toMatchObject({ verdict: "skipped", detail: expect.stringMatching(/^costs money/) });
        expect(sim.requests.count(`v4.${id}`), id).toBe(0);
      }
      for (const e of sim.requests.list().filter((e) => e.key !== "unknown" && table[e.key]!.safety !== "read"))
        expect(e.status, e.key).toBeGreaterThanOrEqual(400);
      expect(routes.get("ssh.removeKey")).toMatchObject({
        verdict: "ok",
        detail: expect.stringContaining("Hosting account 2147483647 not found"),
      });
      expect(routes.get("domains.updateNameservers")).toMatchObject({
        verdict: "ok",
        detail: expect.stringContaining("reseller-probe.invalid"),
      });
      expect([...routes.values()].filter((r) => r.verdict === "route-missing")).toEqual([]);
      expect(result.code).toBe(PROBE_EXIT.ok);
    } finally {
      await sim.close();
    }
  });

  it("refuses to --include a route that costs money, before any request", async () => {
    const sim = await startSimulator();
    try {
      const result = await probe(sim, { include: ["domains.register"] });

      expect(result.code).toBe(PROBE_EXIT.other);
      expect(result.stderr).toEqual([
        "reseller probe: --include: domains.register is never called by the probe (costs money: registers a domain, charged to the account credit)",
      ]);
      expect(sim.requests.count()).toBe(0);
    } finally {
      await sim.close();
    }
  });
});

/**
 * Read routes the simulator serves elsewhere: five at a candidate the probe tries (the v3 path
 * under /v4, a singular last segment, no /domain, the v2 name), two where no candidate leads.
 */
const MOVED_TO_CANDIDATE = {
  "hosting.listAccounts": { method: "GET", path: "/v4/hostings" },
  "ssh.listKeys": { method: "GET", path: "/v4/hosting/ssh-key" },
  "waf.getRules": { method: "GET", path: "/v4/hosting/waf-rules" },
  "cron.list": { method: "GET", path: "/v4/hosting/cron" },
  "ftp.listConnections": { method: "GET", path: "/v4/hosting/ftp/active-connection" },
} as const;
const MOVED_ELSEWHERE = {
  "php.listVersions": { method: "GET", path: "/v4/php/available-versions" },
  "stats.getDiskUsage": { method: "GET", path: "/v4/hosting/disk" },
} as const;
const MOVED = { ...MOVED_TO_CANDIDATE, ...MOVED_ELSEWHERE };

/** The parameters each moved operation is read with by the client made from the probe's overrides. */
const READ_WITH: Record<keyof typeof MOVED_TO_CANDIDATE, Record<string, unknown>> = {
  "hosting.listAccounts": {},
  "ssh.listKeys": { id: 101 },
  "waf.getRules": { id: 101, domain: "agency-demo.com" },
  "cron.list": { id: 101 },
  "ftp.listConnections": { id: 101 },
};

describe.each(UNKNOWN_ROUTE_STYLES)("reseller probe against moved routes, unknown routes answered as %s", (unknownRoute) => {
  let sim: Simulator;
  let result: Probe;
  const out = () => path.join(dir, `overrides-${unknownRoute}.json`);

  beforeAll(async () => {
    const routes = Object.fromEntries(Object.entries(MOVED).map(([id, route]) => [id, { v4: route }]));
    sim = await startSimulator({ routes, unknownRoute });
    result = await probe(sim, { json: true, out: out() });
  });
  afterAll(() => sim?.close());

  it("reports every moved route missing, with the candidate that serves it found, and exits 5", () => {
    const routes = byOperation(report(result).routes);

    for (const [id, route] of Object.entries(MOVED_TO_CANDIDATE)) {
      expect(routes.get(id), id).toMatchObject({ verdict: "route-missing", found: { ...route, params: "body" } });
      expect(routes.get(id)?.detail, id).toContain(`${route.method} ${route.path} answers`);
    }
    for (const id of Object.keys(MOVED_ELSEWHERE)) {
      expect(routes.get(id), id).toMatchObject({ verdict: "route-missing", found: null });
    }
    const moved = new Set(Object.keys(MOVED));
    expect([...routes.values()].filter((r) => !moved.has(r.operation) && (r.verdict === "route-missing" || r.found !== null))).toEqual([]);
    expect(result.code).toBe(PROBE_EXIT.mismatch);
  });

  it("writes exactly the working overrides with --out, the same as the JSON report's", () => {
    const written = JSON.parse(readFileSync(out(), "utf8")) as unknown;
    const expected = Object.fromEntries(Object.entries(MOVED_TO_CANDIDATE).map(([id, route]) => [id, { v4: route }]));

    expect(written).toEqual(expected);
    expect(report(result).overrides).toEqual(expected);
    expect(result.stderr).toContain(
      `Wrote 5 working overrides to ${out()}; apply with: pulumi config set reseller:endpointOverrides "$(cat ${out()})"`,
    );
  });

  it("gives overrides with which a client reads the moved operations", async () => {
    const overrides = JSON.parse(readFileSync(out(), "utf8")) as Record<string, Record<string, { method: "GET"; path: string }>>;
    const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, overrides, retry: { maxAttempts: 1 } });
    try {
      for (const [id, params] of Object.entries(READ_WITH)) await expect(client.request(id, params), id).resolves.toMatchObject({});
      // As `pulumi config set reseller:endpointOverrides "$(cat FILE)"` gives them to the provider.
      const again = await probe(sim, { json: true, endpointOverrides: JSON.stringify(overrides) });
      const moved = byOperation(report(again).routes);
      for (const id of Object.keys(MOVED_TO_CANDIDATE))
        expect(moved.get(id), id).toMatchObject({ verdict: "ok", path: MOVED_TO_CANDIDATE[id as keyof typeof MOVED_TO_CANDIDATE].path });
      expect(report(again).overrides).toEqual(overrides);
    } finally {
      await client.close();
    }
  });
});

describe("reseller probe --record", () => {
  it("writes one redacted recording per probed route, with no credential, secret or real name in any of them", async () => {
    const sim = await startSimulator();
    try {
      const { privateKey } = await enrichDemoAccount(sim);
      const record = path.join(dir, "recorded");
      const include = ["storage.getAccount,hosting.getLoginUrl", "ssl.getCustom", "databases.getPhpMyAdminUrl"];
      const result = await probe(sim, { json: true, record, include });
      const probed = report(result).routes.filter((r) => r.verdict !== "skipped");

      expect(readdirSync(record).sort()).toEqual(probed.map((r) => recordedFileName(r.version, r.operation)).sort());
      const texts = readdirSync(record).map((name) => readFileSync(path.join(record, name), "utf8"));
      for (const t of texts) expect(() => recordedPairSchema.parse(JSON.parse(t))).not.toThrow();
      const all = texts.join("\n");
      const site = sim.store.hostings["101"]!;
      const secrets = [
        sim.apiKey,
        sim.apiUser,
        site.password,
        site.ftpAccounts[0]!.password,
        site.dbUsers[0]!.password,
        site.objectStorage.accessKey,
        site.objectStorage.secretKey,
        privateKey.split("\n")[1]!,
      ];
      for (const secret of secrets) expect(all, secret).not.toContain(secret);
      for (const name of ["agency-demo", "client-shop", "agencyde", "198.51.100.", "R-100200"]) expect(all, name).not.toContain(name);

      const accounts = recordedPairSchema.parse(JSON.parse(readFileSync(path.join(record, "v4.hosting.listAccounts.json"), "utf8")));
      const zone = recordedPairSchema.parse(JSON.parse(readFileSync(path.join(record, "v4.dns.getZone.json"), "utf8")));
      const first = (accounts.reply.body as { hosting_accounts: Record<string, unknown>[] }).hosting_accounts[0]!;
      expect(first).toMatchObject({
        id: expect.any(Number),
        username: expect.stringMatching(/^user-\d+$/),
        domain: expect.stringMatching(/^domain-\d+\.example$/),
        ip: expect.stringMatching(/^192\.0\.2\.\d+$/),
      });
      // The same name is the same placeholder in every file, inside other values too.
      expect(zone.request).toEqual({ domain: first.domain });
      const disk = recordedPairSchema.parse(JSON.parse(readFileSync(path.join(record, "v4.stats.getDiskUsage.json"), "utf8")));
      expect(Object.keys((disk.reply.body as { diskUsage: Record<string, number> }).diskUsage)).toContain(
        `/home/${String(first.username)}/public_html`,
      );
      expect(accounts).toMatchObject({
        operation: "hosting.listAccounts",
        version: "v4",
        method: "GET",
        path: "/v4/hostings/info",
        params: "body",
        origin: "probe",
        source: expect.stringMatching(/^reseller probe \d/),
      });
      expect(JSON.parse(readFileSync(path.join(record, "v4.storage.getAccount.json"), "utf8")).reply.body).toMatchObject({
        accessKey: "[redacted]",
        secretKey: "[redacted]",
      });
    } finally {
      await sim.close();
    }
  });
});

describe("reseller probe exit codes", () => {
  it("exits 3, naming the keys to check, when the credentials are refused", async () => {
    const sim = await startSimulator();
    try {
      const result = await probe(sim, { apiKey: "wrong-key-0000" });

      expect(result.code).toBe(PROBE_EXIT.authentication);
      expect(result.stderr.join("\n")).toContain("check --api-user / RESELLER_API_USER and --api-key / RESELLER_API_KEY");
      expect(result.stdout).toBe("");
    } finally {
      await sim.close();
    }
  });

  it("exits 2, naming the address to allow, when the API refuses the caller's address", async () => {
    const sim = await startSimulator({ allowLoopback: false });
    try {
      const result = await probe(sim);

      expect(result.code).toBe(PROBE_EXIT.ipNotAllowed);
      expect(result.stderr).toContain(
        "Add 127.0.0.1 to the allowed IP addresses of the reseller API (client area, reseller section), then run probe again.",
      );
      expect(sim.requests.count()).toBe(1);
    } finally {
      await sim.close();
    }
  });

  it("exits 4 when the API cannot be reached", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    let stdout = "";
    const stderr: string[] = [];

    const code = await runProbe(
      { apiUrl: `http://127.0.0.1:${port}`, apiUser: "u", apiKey: "k-0000", maxAttempts: "1" },
      { out: (t) => (stdout += t), err: (l) => stderr.push(l) },
      {},
    );

    expect(code).toBe(PROBE_EXIT.transport);
    expect(stderr[0]).toMatch(new RegExp(`^reseller probe: could not reach http://127\\.0\\.0\\.1:${port}: `));
    expect(stdout).toBe("");
  });

  it("exits 5 as a command, with JSON on standard output and progress on standard error", async () => {
    const sim = await startSimulator({
      routes: { "cron.list": { v4: { method: "GET", path: "/v4/hosting/cron" } } },
      unknownRoute: "html",
    });
    try {
      const cli = path.join(repositoryRoot, "src/cli/index.ts");
      const env = { ...process.env, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey };
      const command = run(process.execPath, ["--import", "tsx", cli, "probe", "--api-url", sim.url, "--max-attempts", "1", "--json"], {
        cwd: repositoryRoot,
        env,
      });

      const failure = (await command.then(
        () => undefined,
        (e: unknown) => e,
      )) as { code: number; stdout: string; stderr: string };
      expect(failure.code).toBe(PROBE_EXIT.mismatch);
      expect(JSON.parse(failure.stdout)).toMatchObject({ overrides: { "cron.list": { v4: { method: "GET", path: "/v4/hosting/cron" } } } });
      expect(failure.stderr).toContain("probe: [1/18] account: 3 ok");
    } finally {
      await sim.close();
    }
  }, 30_000);
});

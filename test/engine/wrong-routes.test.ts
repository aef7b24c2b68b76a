/**
 * The first day on a live account whose routes are not the table's guesses, through the real CLI
 * against `reseller sim --routes FILE`: the `hosting-site` example deployed with the right
 * overrides; then, without them, `pulumi refresh` and `pulumi destroy` fail naming the override to
 * set and `reseller probe`, in each way a server answers an unknown route, and leave the stack's
 * state and the account exactly as they were; then `reseller probe` finds what it can, and with
 * its overrides plus the rest given by hand the example refreshes with no changes.
 *
 * The steps share one stack and one state file of the simulator, so they run in order.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { expect, it } from "vitest";

import type { SimState, UnknownRouteStyle } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  programDirectory,
  STEP_TIMEOUT,
  TYPE_PREFIX,
  type Deployment,
  type Engine,
} from "./harness";

const FTP_PASSWORD = "Release-Pass-2026";
const ADMIN_TOKEN = "wrong-routes-admin";
const STYLES: readonly UnknownRouteStyle[] = ["json-error", "html", "empty", "method"];

/**
 * Where this "live account" serves operations the `hosting-site` example uses: the zone, SSH keys,
 * FTP accounts, redirections, CSRs, custom certificates, WAF rules, storage URLs and PHP options.
 * Five reads sit where `reseller probe` looks (the last segment singular or plural, or without
 * `/domain`); the rest only their owner could know, and are given by hand.
 */
const FOUND_BY_PROBE = {
  "ssh.listKeys": { v4: { method: "GET", path: "/v4/hosting/ssh-key" } },
  "redirections.list": { v4: { method: "GET", path: "/v4/hosting/redirection" } },
  "ssl.listCsrs": { v4: { method: "GET", path: "/v4/hosting/ssl/csrs" } },
  "waf.getRules": { v4: { method: "GET", path: "/v4/hosting/waf-rules" } },
  "storage.listUrls": { v4: { method: "GET", path: "/v4/hosting/n0c-storage/url" } },
};
const GIVEN_BY_HAND = {
  "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone", params: "query" } },
  "dns.modifyZone": { v4: { method: "PATCH", path: "/v4/dns/zone" } },
  "ftp.listAccounts": { v4: { method: "GET", path: "/v4/hosting/ftp-accounts" } },
  "ftp.deleteAccount": { v4: { method: "POST", path: "/v4/hosting/ftp-accounts/delete" } },
  "ssh.removeKey": { v4: { method: "POST", path: "/v4/hosting/ssh-key/remove" } },
  "redirections.delete": { v4: { method: "POST", path: "/v4/hosting/domain/redirection/delete" } },
  "ssl.deleteCustom": { v4: { method: "POST", path: "/v4/hosting/domain/ssl/custom/delete" } },
  "waf.updateRules": { v4: { method: "PUT", path: "/v4/hosting/waf-rules" } },
  "storage.deleteUrl": { v4: { method: "POST", path: "/v4/hosting/n0c-storage/url/delete" } },
  "php.getOptions": { v4: { method: "GET", path: "/v4/hosting/php/settings" } },
  "php.setOptions": { v4: { method: "PUT", path: "/v4/hosting/php/settings" } },
};
const MOVED = { ...FOUND_BY_PROBE, ...GIVEN_BY_HAND };

let engine: Engine;
let stack: CliStack;
let resellerCli: string;
let routesFile: string;
let stateFile: string;
let running: { process: ChildProcess; url: string } | undefined;
/** One port for every start, so the stack's API URL stays what the `up` saved. */
let port = 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/** Starts `reseller sim --routes FILE --unknown-route STYLE` on the shared state file; resolves with its URL. */
async function startSim(style: UnknownRouteStyle): Promise<string> {
  await stopSim();
  const child = spawn(
    process.execPath,
    [
      resellerCli,
      "sim",
      "--port",
      String(port),
      "--routes",
      routesFile,
      "--unknown-route",
      style,
      "--state",
      stateFile,
      "--admin-token",
      ADMIN_TOKEN,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("exit", (code) => reject(new Error(`reseller sim exited ${code}: ${stderr}`)));
    lines.on("line", (line) => {
      const m = /^Simulator listening on (\S+)/.exec(line);
      if (m) resolve(m[1]!);
    });
  });
  running = { process: child, url };
  return url;
}

async function stopSim(): Promise<void> {
  const current = running;
  running = undefined;
  if (!current || current.process.exitCode !== null) return;
  const exited = new Promise((resolve) => current.process.once("exit", resolve));
  current.process.kill("SIGTERM");
  await exited;
}

/** The simulator's whole store, through its admin interface. */
async function store(): Promise<SimState> {
  const res = await fetch(`${running!.url}/_sim/state`, { headers: { "x-sim-admin-token": ADMIN_TOKEN } });
  expect(res.status).toBe(200);
  return (await res.json()) as SimState;
}

/**
 * The stack's resources of this package with what a failed operation could change (ids, inputs,
 * outputs), by URN, from an export with secrets in clear: the engine writes a checkpoint's
 * resources in its own order and encrypts each secret again with a fresh nonce. The default
 * provider is left out: `--run-program` records the configuration in force, which the test
 * changed itself (the overrides removed).
 */
function resourcesOf(deployment: Deployment): unknown[] {
  return (deployment.deployment.resources ?? [])
    .filter((r) => r.type.startsWith(TYPE_PREFIX))
    .map((r) => ({ urn: r.urn, id: r.id, inputs: r.inputs, outputs: r.outputs }))
    .sort((a, b) => a.urn.localeCompare(b.urn));
}

describeEngine("the hosting-site example on an account whose routes differ from the table", () => {
  // The API is `reseller sim` run as a process (startSim), not the scenario's own simulator.
  engineScenario(
    "wrong-routes",
    async (started) => {
      ({ engine } = started);
      started.onTeardown(stopSim);
      resellerCli = path.join(path.dirname(engine.pkg.require.resolve("pulumi-hosting-reseller/package.json")), "dist", "cli", "index.js");
      routesFile = path.join(engine.root, "routes.json");
      stateFile = path.join(engine.root, "sim-state.json");
      writeFileSync(routesFile, JSON.stringify(MOVED, null, 2));
      port = await freePort();
      const url = await startSim("json-error");
      const dir = programDirectory(engine, "hosting-site", { example: "hosting-site" });
      stack = new CliStack(engine, dir, "dev");
      await stack.init([
        { key: "reseller:apiUrl", value: url },
        { key: "reseller:apiUser", value: "sim-reseller" },
        { key: "reseller:apiKey", value: "sim-key-0123456789abcdef", secret: true },
        { key: "ftpPassword", value: FTP_PASSWORD, secret: true },
      ]);
      return stack;
    },
    { simulator: false },
  );

  it(
    "deploys with the right routes in reseller:endpointOverrides",
    async () => {
      await stack.ok(["config", "set", "reseller:endpointOverrides", JSON.stringify(MOVED)]);
      const up = await stack.run(["up", "--yes", "--skip-preview"]);
      expect(up.code, up.stdout + up.stderr).toBe(0);
      expect(up.stdout).toMatch(/\+ 14 created/);
      await stack.ok(["config", "rm", "reseller:endpointOverrides"]);
    },
    STEP_TIMEOUT,
  );

  for (const style of STYLES) {
    it(
      `without them, refresh and destroy fail naming the override and reseller probe, and change nothing, when unknown routes answer ${style}`,
      async () => {
        await startSim(style);
        const stateBefore = resourcesOf(await stack.export({ showSecrets: true }));
        const storeBefore = await store();

        // `--run-program`: the configuration as it is now, without the overrides, rather than the
        // one the last `up` saved (docs/configuration.md).
        for (const command of [
          ["refresh", "--yes", "--run-program"],
          ["destroy", "--yes", "--run-program"],
        ]) {
          const result = await stack.run(command);
          const output = result.stdout + result.stderr;
          expect(result.code, output).not.toBe(0);
          expect(output).toMatch(/has no route at API v4 (GET|POST|PUT|PATCH|DELETE) \/v4\//);
          expect(output).toContain("pulumi config set reseller:endpointOverrides '{");
          expect(output).toContain("reseller probe");
          expect(output).not.toMatch(/^\s+at .*\.js:\d+/m);
          expect(resourcesOf(await stack.export({ showSecrets: true })), `${command[0]} changed the state`).toEqual(stateBefore);
          expect(await store(), `${command[0]} changed the account`).toEqual(storeBefore);
        }
      },
      STEP_TIMEOUT,
    );
  }

  it(
    "reseller probe reports every moved read as not ok, changes nothing, and its overrides plus the rest given by hand refresh the example with no changes",
    async () => {
      const url = await startSim("json-error");
      const out = path.join(engine.root, "probe-overrides.json");
      const runProbe = () =>
        engine.bash(
          `code=0; node ${JSON.stringify(resellerCli)} probe --api-url ${url} --api-user sim-reseller --api-version v4 --json --out ${JSON.stringify(out)} > probe.json || code=$?; echo "exit $code"`,
          { cwd: engine.root, env: { RESELLER_API_KEY: "sim-key-0123456789abcdef" } },
        );
      // The simulator makes a domain's automatic certificate on its first SSL read (as the
      // account has one from when the domain was attached); a first probe lets it, so that the
      // second shows what probe itself changes: nothing.
      await runProbe();
      const storeBefore = await store();
      const probe = await runProbe();
      expect(probe.stdout.trim(), probe.stderr).toBe("exit 5");
      const report = JSON.parse((await engine.bash("cat probe.json", { cwd: engine.root })).stdout) as {
        routes: { operation: string; verdict: string }[];
        overrides: Record<string, unknown>;
      };
      const verdicts = new Map(report.routes.map((r) => [r.operation, r.verdict]));
      const movedReads = ["dns.getZone", "ftp.listAccounts", "php.getOptions", ...Object.keys(FOUND_BY_PROBE)];
      expect(Object.fromEntries(movedReads.map((op) => [op, verdicts.get(op)]))).toEqual(
        Object.fromEntries(movedReads.map((op) => [op, "route-missing"])),
      );
      // What probe found is where the account really serves it, and it found every route moved to
      // one of its candidates.
      expect(report.overrides).toMatchObject(FOUND_BY_PROBE);
      for (const [operation, route] of Object.entries(report.overrides))
        expect(route, operation).toEqual(MOVED[operation as keyof typeof MOVED]);
      expect(await store()).toEqual(storeBefore);

      const written = JSON.parse((await engine.bash(`cat ${JSON.stringify(out)}`, { cwd: engine.root })).stdout) as Record<string, unknown>;
      expect(written).toEqual(report.overrides);
      await stack.ok(["config", "set", "reseller:endpointOverrides", JSON.stringify({ ...written, ...GIVEN_BY_HAND })]);
      const refresh = await stack.run(["refresh", "--yes", "--run-program", "--expect-no-changes"]);
      expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
    },
    STEP_TIMEOUT,
  );
});

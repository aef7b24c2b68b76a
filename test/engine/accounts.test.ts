/**
 * One program, two reseller accounts, through the real engine (docs/decisions/0017): the default
 * account from the top-level `reseller:*` keys, and `brand-b` from `reseller:accounts`, set one
 * key at a time with `pulumi config set --path` as the docs say. Each account is a simulator with
 * its own credentials and store; both hold the demo seed, so the program's record sets have the
 * same domain and name in both.
 *
 * A directory program driven by `pulumi` commands. One stack; the tests run in order: up, drift
 * in brand-b found by refresh and put back, the account removed from the configuration (refresh
 * and destroy fail for its resources alone), then restored and destroyed.
 */
import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  programDirectory,
  resourcesByName,
  simulatorConfig,
  STEP_TIMEOUT,
  writesSince,
  type CliResult,
  type Engine,
} from "./harness";

const B_USER = "brand-b-engine-user";
const B_KEY = "brand-b-engine-key-5c8e21f0";
const FTP_PASSWORD = "Brand-B-Ftp-2026";
/** brand-b's apex address, unlike the default account's (198.51.100.10): `get` must read brand-b. */
const B_APEX = "203.0.113.50";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, FtpAccount, getDnsZoneOutput } from "pulumi-hosting-reseller";

// \`accounts:withB false\` drops brand-b from the program, as a user who gives the account up does.
const withB = new pulumi.Config().getBoolean("withB") ?? true;

const multiOf = (account: string | undefined, after: DnsRecordSet) =>
  getDnsZoneOutput({ account, domain: "agency-demo.com" }, { dependsOn: [after] }).apply((zone) =>
    zone.recordSets.filter((s) => s.relativeName === "multi").flatMap((s) => s.records.map((r) => r.ip)),
  );

const inA = new DnsRecordSet("multi-a", { domain: "agency-demo.com", name: "multi", type: "A", records: ["198.51.100.21"] });
export const multiInA = multiOf(undefined, inA);

function brandB() {
  const inB = new DnsRecordSet("multi-b", { account: "brand-b", domain: "agency-demo.com", name: "multi", type: "A", records: ["198.51.100.22"] });
  const ftp = new FtpAccount("ftp-b", { account: "brand-b", hostingId: 101, domain: "agency-demo.com", user: "brandb", path: "/public_html", password: "${FTP_PASSWORD}" });
  const apexB = DnsRecordSet.get("apex-b", "agency-demo.com/@/A", { account: "brand-b" });
  return { multiInB: multiOf("brand-b", inB), apexInB: apexB.records, ftpLogin: ftp.username };
}
export const b = withB ? brandB() : undefined;
`;
let engine: Engine;
let a: Simulator;
let b: Simulator;
let stack: CliStack;
/** Everything every command printed: no credential and no password may appear in it. */
const printed: string[] = [];

async function run(args: string[]): Promise<CliResult> {
  const result = await stack.run(args);
  printed.push(result.stdout, result.stderr);
  return result;
}

async function ok(args: string[]): Promise<CliResult> {
  const result = await run(args);
  if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The addresses of `multi.agency-demo.com` in a simulator's store. */
function multi(sim: Simulator): string[] {
  return (sim.store.zones["agency-demo.com"] ?? [])
    .filter((r) => r.name === "multi.agency-demo.com.")
    .flatMap((r) => r.records.map((x) => ("ip" in x ? x.ip : "")));
}

function brandBLogin(): { path: string; password: string } | undefined {
  return b.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "brandb@agency-demo.com");
}

/** brand-b's keys, one `pulumi config set --path` each, the key as a secret. */
async function setBrandB(): Promise<void> {
  await ok(["config", "set", "--path", "reseller:accounts.brand-b.apiUrl", b.url, "--plaintext"]);
  await ok(["config", "set", "--path", "reseller:accounts.brand-b.apiUser", B_USER, "--plaintext"]);
  await ok(["config", "set", "--secret", "--path", "reseller:accounts.brand-b.apiKey", B_KEY]);
}

describeEngine("one program with resources in two reseller accounts", () => {
  engineScenario("accounts", async (started) => {
    ({ engine, sim: a } = started);
    b = await started.startSimulator({ seed: "demo", apiUser: B_USER, apiKey: B_KEY });
    b.store.zones["agency-demo.com"]!.find((r) => r.name === "agency-demo.com." && r.type === "A")!.records = [{ ip: B_APEX }];
    const dir = programDirectory(engine, "accounts", {
      files: {
        "Pulumi.yaml": "name: accounts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "package.json": `${JSON.stringify({ name: "accounts", private: true, main: "index.ts" }, null, 2)}\n`,
        "index.ts": PROGRAM,
      },
    });
    stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
    await stack.init(simulatorConfig(a));
    await setBrandB();
    return stack;
  });

  it(
    "writes each resource to its own account, reads each account's zone for the same domain, and keeps the account name in state",
    async () => {
      const up = await ok(["up", "--yes", "--skip-preview"]);
      expect(up.stdout).toContain("read pulumi-nodejs:dynamic/reseller:DnsRecordSet apex-b");

      expect(multi(a)).toEqual(["198.51.100.21"]);
      expect(multi(b)).toEqual(["198.51.100.22"]);
      expect(brandBLogin()).toMatchObject({ path: "/public_html", password: FTP_PASSWORD });
      expect(a.store.hostings["101"]!.ftpAccounts.some((x) => x.username === "brandb@agency-demo.com")).toBe(false);
      expect(writesSince(engine, a)).toEqual(["dns.modifyZone"]);
      expect(writesSince(engine, b)).toEqual(["dns.modifyZone", "ftp.createAccount"]);

      const outputs = JSON.parse((await ok(["stack", "output", "--json"])).stdout) as Record<string, unknown>;
      expect(outputs).toEqual({
        multiInA: ["198.51.100.21"],
        b: { multiInB: ["198.51.100.22"], apexInB: [{ value: B_APEX }], ftpLogin: "brandb@agency-demo.com" },
      });

      const resources = resourcesByName(await stack.export());
      expect(resources.get("multi-b")?.inputs?.account).toBe("brand-b");
      expect(resources.get("multi-b")?.outputs?.account).toBe("brand-b");
      expect(resources.get("ftp-b")?.outputs?.account).toBe("brand-b");
      expect(resources.get("apex-b")).toMatchObject({ external: true, outputs: { account: "brand-b" } });
      expect(resources.get("multi-a")?.outputs).not.toHaveProperty("account");
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the key of either account, and the FTP password, out of pulumi stack export and of every message",
    async () => {
      const exported = (await ok(["stack", "export"])).stdout;
      for (const secret of [a.apiKey, B_KEY, FTP_PASSWORD]) {
        expect(exported).not.toContain(secret);
        for (const text of printed) expect(text).not.toContain(secret);
      }
      // The accounts' keys are in the stack's configuration only, encrypted.
      const config = (await ok(["config", "--json"])).stdout;
      expect(config).not.toContain(B_KEY);
    },
    STEP_TIMEOUT,
  );

  it(
    "finds drift in brand-b alone with refresh, and the next up puts it back there and nowhere else",
    async () => {
      b.store.zones["agency-demo.com"]!.find((r) => r.name === "multi.agency-demo.com.")!.records = [{ ip: "203.0.113.99" }];
      const marks = { a: a.requests.list().length, b: b.requests.list().length };

      const refresh = await ok(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.stdout).toMatch(/multi-b\s+updated/);
      expect(refresh.stdout).not.toMatch(/multi-a\s+updated/);
      const resources = resourcesByName(await stack.export());
      expect(resources.get("multi-b")?.outputs?.records).toEqual([{ value: "203.0.113.99" }]);
      expect(resources.get("multi-a")?.outputs?.records).toEqual([{ value: "198.51.100.21" }]);

      const preview = await run(["preview", "--expect-no-changes"]);
      expect(preview.code, preview.stdout).not.toBe(0);
      expect(preview.stdout).toMatch(/~\s+pulumi-nodejs:dynamic\/reseller:DnsRecordSet multi-b update/);
      expect(preview.stdout).not.toMatch(/multi-a\s+update/);

      await ok(["up", "--yes", "--skip-preview"]);
      expect(multi(b)).toEqual(["198.51.100.22"]);
      expect(multi(a)).toEqual(["198.51.100.21"]);
      expect(writesSince(engine, a, marks.a)).toEqual([]);
      expect(writesSince(engine, b, marks.b)).toEqual(["dns.modifyZone"]);
      expect((await run(["preview", "--refresh", "--expect-no-changes"])).code).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "refreshes with the configuration saved by the last up, until an up or --run-program takes the current one",
    async () => {
      // The engine configures the provider of a refresh or destroy from the stack configuration
      // the last up saved in the state (encrypted), not from the current one.
      await ok(["config", "rm", "--path", "reseller:accounts.brand-b"]);
      const mark = b.requests.list().length;
      await ok(["refresh", "--yes", "--skip-preview"]);
      expect(b.requests.list().length).toBeGreaterThan(mark);

      // The drift check takes the current configuration the same way (docs/drift.md).
      for (const args of [
        ["refresh", "--yes", "--skip-preview", "--run-program"],
        ["preview", "--refresh", "--run-program", "--expect-no-changes"],
      ]) {
        const fresh = await run(args);
        expect(fresh.code, args.join(" ")).not.toBe(0);
        expect(fresh.stdout + fresh.stderr).toContain('Account "brand-b" is not configured');
        expect(fresh.stdout + fresh.stderr).toContain("pulumi config set --secret --path 'reseller:accounts.brand-b.apiKey' <api key>");
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "fails the deletes, refresh and destroy of brand-b's resources once the configuration lost the account, naming it and the key to set, and touches nothing in brand-b",
    async () => {
      // The account and its resources leave the program and the configuration together.
      await ok(["config", "set", "withB", "false"]);
      const markB = b.requests.list().length;
      const message = "pulumi config set --secret --path 'reseller:accounts.brand-b.apiKey' <api key>";

      const up = await run(["up", "--yes", "--skip-preview"]);
      expect(up.code).not.toBe(0);
      expect(up.stdout + up.stderr).toContain(
        'DnsRecordSet agency-demo.com/multi/A belongs to reseller account "brand-b": Account "brand-b" is not configured',
      );
      expect(up.stdout + up.stderr).toContain('FtpAccount 101/brandb@agency-demo.com belongs to reseller account "brand-b"');
      expect(up.stdout + up.stderr).toContain(message);

      const refresh = await run(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.code).not.toBe(0);
      expect(refresh.stdout + refresh.stderr).toContain(message);

      const destroy = await run(["destroy", "--yes", "--skip-preview"]);
      expect(destroy.code).not.toBe(0);
      expect(destroy.stdout + destroy.stderr).toContain(message);

      expect(b.requests.list().length).toBe(markB);
      expect(multi(b)).toEqual(["198.51.100.22"]);
      expect(brandBLogin()).toBeDefined();
      const resources = resourcesByName(await stack.export());
      expect(resources.has("multi-b")).toBe(true);
      expect(resources.has("ftp-b")).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys what is left in both accounts once the account is configured again, with --run-program",
    async () => {
      await setBrandB();
      // The failed up saved the configuration without brand-b: destroy takes the current one
      // only when it runs the program.
      const saved = await run(["destroy", "--yes", "--skip-preview"]);
      expect(saved.code).not.toBe(0);
      expect(saved.stdout + saved.stderr).toContain("--run-program");
      await ok(["destroy", "--yes", "--skip-preview", "--run-program"]);

      expect(resourcesByName(await stack.export()).size).toBe(0);
      expect(multi(a)).toEqual([]);
      expect(multi(b)).toEqual([]);
      expect(brandBLogin()).toBeUndefined();
      // The record set read with get stays: it was never the stack's.
      expect(b.store.zones["agency-demo.com"]!.find((r) => r.name === "agency-demo.com." && r.type === "A")?.records).toEqual([
        { ip: B_APEX },
      ]);
      for (const text of printed) for (const secret of [a.apiKey, B_KEY, FTP_PASSWORD]) expect(text).not.toContain(secret);
    },
    STEP_TIMEOUT,
  );
});

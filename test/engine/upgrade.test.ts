/**
 * Upgrading the package under a deployed stack: a directory program deployed with one build of
 * the package is refreshed, updated and destroyed after a newer build (the same code, its version
 * bumped) is installed in its place with npm, as a user upgrades.
 *
 * What this holds: the state written by the older build carries the serialized provider shell,
 * which `require`s `pulumi-hosting-reseller/runtime` by name; refresh and destroy run that text
 * from the state (the dynamic-provider host never compares it with the program's), so they must
 * load whatever build is installed now, and the newer build must accept the older one's state.
 *
 * The program has its own directory and `node_modules` (the shared install must not change
 * under other test files). One stack; the tests run in order.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import { npm, PROGRAM_DEPENDENCIES, TARBALL } from "../e2e/package";
import {
  CliStack,
  describeEngine,
  displayedSteps,
  engineScenario,
  resourcesByName,
  simulatorConfig,
  STEP_TIMEOUT,
  typescriptProgram,
} from "./harness";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, FtpAccount, SshKey } from "pulumi-hosting-reseller";

const config = new pulumi.Config();
const record = new DnsRecordSet("api", { domain: "agency-demo.com", hostingId: 101, name: "api", type: "A", ttl: config.requireNumber("ttl"), records: ["198.51.100.60"] });
new SshKey("ci", { hostingId: 101, publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJohwVmiY9rpWqLoNv1xI+3eIzDYUsvce6tXQMsouNpq ci" });
const ftp = new FtpAccount("upload", { hostingId: 101, domain: "agency-demo.com", user: "upload", path: "/public_html", password: config.requireSecret("ftpPassword") });

export const fqdn = record.fqdn;
export const ftpLogin = ftp.username;
`;

let olderVersion: string;
let newerVersion: string;
let newerTarball: string;

const scenario = engineScenario("upgrade", async ({ engine, sim }) => {
  const dir = typescriptProgram(engine, "upgrade", PROGRAM);
  const older = path.join(engine.pkg.dir, TARBALL);
  await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", older, ...PROGRAM_DEPENDENCIES], dir);
  const newer = await packNewerBuild(older, engine.root);
  newerVersion = newer.version;
  newerTarball = newer.tarball;
  // The program is checked by what it does: transpiling only keeps runs short.
  const stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  olderVersion = installedVersion(dir);
  await stack.init([
    ...simulatorConfig(sim),
    { key: "ttl", value: "3600" },
    { key: "ftpPassword", value: "Upload-Pass-2026", secret: true },
  ]);
  await stack.ok(["up", "--yes", "--skip-preview"]);
  return stack;
});

function installedVersion(dir: string): string {
  return (
    JSON.parse(readFileSync(path.join(dir, "node_modules", "pulumi-hosting-reseller", "package.json"), "utf8")) as { version: string }
  ).version;
}

/**
 * The newer build: the packed package with its version's patch number raised, packed again.
 * `--ignore-scripts`: the build inside is the one under test.
 */
async function packNewerBuild(older: string, dir: string): Promise<{ version: string; tarball: string }> {
  const work = path.join(dir, "newer-build");
  mkdirSync(work, { recursive: true });
  execFileSync("tar", ["xzf", older, "-C", work]);
  const manifestFile = path.join(work, "package", "package.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { version: string };
  const [major, minor, patch] = manifest.version.split(/[.-]/).map(Number) as [number, number, number];
  manifest.version = `${major}.${minor}.${patch + 1}`;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const { stdout } = await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", work, path.join(work, "package")], work);
  const packed = JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string }[];
  return { version: manifest.version, tarball: path.join(work, path.basename(packed[0]?.filename ?? "")) };
}

describeEngine("a stack deployed with one build of the package, after installing a newer one", () => {
  it(
    "refreshes the older build's state with the newer build installed, finding nothing changed",
    async () => {
      const { stack } = scenario;
      const before = resourcesByName(await stack.export());
      expect(before.size).toBe(3);
      await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", newerTarball], stack.dir);
      expect(installedVersion(stack.dir)).toBe(newerVersion);
      expect(newerVersion).not.toBe(olderVersion);

      const refresh = await stack.ok(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.stdout).toMatch(/Resources:\s+4 unchanged/);
      const after = resourcesByName(await stack.export());
      for (const [name, resource] of before) {
        expect(after.get(name)?.id, name).toBe(resource.id);
        // The shell names the runtime by package name only: the text in state is the same.
        expect(after.get(name)?.outputs?.__provider, name).toBe(resource.outputs?.__provider);
      }
      const preview = await stack.run(["preview", "--expect-no-changes"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "updates a resource with the newer build, in place",
    async () => {
      const { sim, stack } = scenario;
      await stack.ok(["config", "set", "ttl", "600"]);
      const up = await stack.ok(["up", "--yes", "--skip-preview"]);

      expect(displayedSteps(up.stdout, "updated")).toEqual({ api: "~ttl" });
      expect(sim.store.zones["agency-demo.com"]?.find((r) => r.name === "api.agency-demo.com." && r.type === "A")?.ttl).toBe(600);
      expect(resourcesByName(await stack.export()).get("api")?.id).toBe("agency-demo.com/api/A");
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys with the newer build, back to the seed",
    async () => {
      const { engine, sim, stack } = scenario;
      const destroy = await stack.ok(["destroy", "--yes", "--skip-preview"]);

      expect(destroy.stdout).toMatch(/- 4 deleted/);
      const seed = engine.simulator.demoState();
      expect(sim.store.zones["agency-demo.com"]).toEqual(seed.zones["agency-demo.com"]);
      expect(sim.store.hostings["101"]?.sshKeys).toEqual(seed.hostings["101"]?.sshKeys);
      expect(sim.store.hostings["101"]?.ftpAccounts).toEqual(seed.hostings["101"]?.ftpAccounts);
    },
    STEP_TIMEOUT,
  );
});

/**
 * The package as `npm publish` would make it, from a clean tree: the repository's files without
 * `dist/` (what a fresh clone holds, uncommitted edits included), packed with `npm pack`, whose
 * `prepack` script has to build `dist/` first. The tarball holds what a user needs and nothing
 * else, and the `reseller` command runs from an install of it.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exportTargets, missingTargets } from "../helpers/manifest-targets";
import { npm, repositoryRoot } from "./package";

const run = promisify(execFile);

interface Manifest {
  name: string;
  version: string;
  files: string[];
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  engines: { node: string };
  dependencies: Record<string, string>;
}

/** One entry of `npm pack --json`. */
interface Packed {
  filename: string;
  files: { path: string }[];
}

const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as Manifest;

let scratch: string;
let packed: Packed;
let tarball: string;
let installDir: string;

/**
 * The files a fresh clone has: tracked and untracked files git does not ignore, as they are in
 * the working tree now. `node_modules` is linked, not copied: `prepack` needs the compiler.
 */
async function copyCleanTree(target: string): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repositoryRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split("\0")) {
    // A file deleted in the working tree but still in the index is not part of the tree.
    if (file === "" || !existsSync(path.join(repositoryRoot, file))) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(repositoryRoot, file), path.join(target, file));
  }
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(target, "node_modules"), "dir");
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "reseller-pack-"));
  const tree = path.join(scratch, "tree");
  await copyCleanTree(tree);
  expect(existsSync(path.join(tree, "dist"))).toBe(false);

  const { stdout } = await npm(["pack", "--json", "--pack-destination", scratch], tree);
  packed = (JSON.parse(stdout.slice(stdout.indexOf("["))) as Packed[])[0]!;
  tarball = path.join(scratch, path.basename(packed.filename));

  // What `npm install pulumi-hosting-reseller` gives a user who only wants the command:
  // its dependencies, without the @pulumi/pulumi peer that `reseller` does not load.
  installDir = path.join(scratch, "install");
  mkdirSync(installDir);
  writeFileSync(
    path.join(installDir, "package.json"),
    `${JSON.stringify({ name: "pack-check", version: "0.0.0", private: true }, null, 2)}\n`,
  );
  await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--omit=peer", tarball], installDir);
}, 900_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("npm pack from a clean tree", () => {
  it("builds dist/ through prepack and ships it with the license, the readme, the changelog and the config example", () => {
    const files = packed.files.map((f) => f.path);
    for (const required of [
      "package.json",
      "README.md",
      "LICENSE",
      "CHANGELOG.md",
      "Pulumi.yaml.example",
      "dist/index.js",
      "dist/index.d.ts",
    ]) {
      expect(files).toContain(required);
    }
    const targets = [...Object.values(manifest.bin).map((t) => path.posix.normalize(t)), ...exportTargets(manifest.exports)];
    expect(missingTargets(targets, new Set(files))).toEqual([]);
    // The pattern `./dist/shells/*.js` serves one small shell per resource type (decision 0043).
    const shells = files.filter((f) => /^dist\/shells\/[A-Za-z]+\.js$/.test(f));
    expect(shells.length).toBe(readdirSync(path.join(repositoryRoot, "src", "shells")).filter((f) => f.endsWith(".ts")).length);
  });

  it("ships no sources, tests, scripts, examples, build info or local state", () => {
    // The provider plugin's executable and the schema it serves (docs/native-provider.md) ship too.
    const allowedTop = new Set([
      "package.json",
      "README.md",
      "LICENSE",
      "CHANGELOG.md",
      "Pulumi.yaml.example",
      "schema.json",
      "bin/pulumi-resource-reseller",
      // `/simulator` and `/testing`, which load the workspace's packages (docs/decisions/0037).
      "subpaths/simulator.js",
      "subpaths/simulator.d.ts",
      "subpaths/testing.js",
      "subpaths/testing.d.ts",
    ]);
    const stray = packed.files.map((f) => f.path).filter((file) => !allowedTop.has(file) && !/^(dist|templates|docs)\//.test(file));
    expect(stray).toEqual([]);
    const unwanted = packed.files
      .map((f) => f.path)
      .filter(
        (file) =>
          /\.test\.|\.tsbuildinfo$|(^|\/)\.tmp\//.test(file) ||
          (file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.startsWith("templates/")),
      );
    expect(unwanted).toEqual([]);
  });

  it("ships docs/, so that every link of the README to a file of the repository opens in the installed package", () => {
    const files = new Set(packed.files.map((f) => f.path));
    const readme = readFileSync(path.join(repositoryRoot, "README.md"), "utf8");
    const linked = [...readme.matchAll(/\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => path.posix.normalize(m[1]!));
    expect(linked.filter((file) => file.startsWith("docs/")).length).toBeGreaterThan(10);
    expect(linked.filter((file) => !files.has(file) && !files.has(`${file.replace(/\/$/, "")}/README.md`))).toEqual([]);
  });

  it("ships no source maps, and no module points at one: the sources they would map are not in the package", () => {
    // docs/decisions/0038: maps with their sources embedded were half the package.
    const files = packed.files.map((f) => f.path);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    const root = path.join(installDir, "node_modules", manifest.name);
    const pointing = files.filter(
      (file) => file.endsWith(".js") && readFileSync(path.join(root, file), "utf8").includes("//# sourceMappingURL="),
    );
    expect(pointing).toEqual([]);
  });

  it("runs reseller --help and --version from an install of the tarball", async () => {
    const bin = path.join(installDir, "node_modules", ".bin", "reseller");
    const help = await run(bin, ["--help"], { cwd: installDir });
    expect(help.stdout).toContain("Usage: reseller [options] [command]");
    for (const command of ["ping", "generate"]) expect(help.stdout).toMatch(new RegExp(`^\\s+${command} \\[options\\]`, "m"));
    // Without the simulator package, `sim` is listed with what it needs (its options are the package's).
    expect(help.stdout).toMatch(/^\s+sim\s+run the API simulator on loopback \(needs\s+@pulumi-hosting-reseller\/simulator\)$/m);
    const version = await run(bin, ["--version"], { cwd: installDir });
    expect(version.stdout.trim()).toBe(manifest.version);
  });

  it("installs neither the simulator nor node-forge, and says in one line what `reseller sim` and `/simulator` need", async () => {
    const installed = path.join(installDir, "node_modules");
    expect(existsSync(path.join(installed, "@pulumi-hosting-reseller"))).toBe(false);
    expect(existsSync(path.join(installed, "node-forge"))).toBe(false);
    const bin = path.join(installed, ".bin", "reseller");
    const sim = await run(bin, ["sim", "--port", "0"], { cwd: installDir }).then(
      () => undefined,
      (error: Error & { code?: number; stderr?: string }) => error,
    );
    expect(sim?.code).toBe(1);
    expect(sim?.stderr).toBe(
      "reseller: reseller sim needs the package @pulumi-hosting-reseller/simulator, which is not installed: npm install --save-dev @pulumi-hosting-reseller/simulator\n",
    );
    const load = await run(process.execPath, ["-e", 'require("pulumi-hosting-reseller/simulator")'], { cwd: installDir }).then(
      () => undefined,
      (error: Error & { stderr?: string }) => error,
    );
    expect(load?.stderr).toContain(
      "Error: pulumi-hosting-reseller/simulator needs the package @pulumi-hosting-reseller/simulator, which is not installed: npm install --save-dev @pulumi-hosting-reseller/simulator",
    );
  });

  it("asks for the Node.js version undici needs, and has a changelog entry for its own version", () => {
    // The undici the lockfile installs (the dependency's range is narrow: ~7.x.y).
    const undici = JSON.parse(readFileSync(path.join(repositoryRoot, "node_modules", "undici", "package.json"), "utf8")) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe(undici.engines.node);
    expect(readFileSync(path.join(repositoryRoot, "CHANGELOG.md"), "utf8")).toMatch(
      new RegExp(`^## \\[${manifest.version.replace(/\./g, "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"),
    );
  });
});

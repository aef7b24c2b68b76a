/**
 * The package as a user gets it: `npm pack` of the built package and of the workspace's
 * simulator and testing packages, installed with `@pulumi/pulumi` into a program directory of its own, and the examples' programs compiled
 * into that directory so that every module (`pulumi-hosting-reseller`, its `/runtime`,
 * `/testing` and `/simulator` subpaths, `@pulumi/pulumi`) resolves from there, through Node's
 * own `require`, as in a user's project.
 *
 * One install serves every end-to-end test: the directory is keyed by the tarball's hash and
 * kept under `.tmp/e2e/` (git-ignored), so later runs with the same build reuse it. Test files
 * run in parallel processes, so building, packing and installing happen under a lock.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, promises as fs, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

import { satisfies } from "semver";
import * as ts from "typescript";

const run = promisify(execFile);

/**
 * The repository root.
 *
 * @example
 * path.join(repositoryRoot, "examples", "hosting-site");
 */
export const repositoryRoot = path.resolve(__dirname, "../..");
const workRoot = path.join(repositoryRoot, ".tmp", "e2e");
const lockDir = path.join(workRoot, "lock");
/**
 * What the program directory installs next to the package, at the versions the repository has
 * installed: `@pulumi/pulumi` follows the SDK under test (the development pin, or the newest 3.x
 * on the second CI leg), so the package is always exercised with the SDK the run is about.
 * `typescript` and `@types/node` are there for directory programs (`index.ts` run by `pulumi`):
 * the SDK compiles them with the project's own TypeScript, as in a user's project, since the
 * TypeScript it vendors (3.8) cannot parse today's syntax. The TypeScript is the repository's
 * unless the SDK under test refuses it (`@pulumi/pulumi` 3.216, the peer floor, takes TypeScript
 * below 6): then the newest the SDK's own peer range allows, as a user of that SDK would have.
 * `@pulumi/random` is there for the cookbook's password rotation (test/engine/cookbook.test.ts).
 */
export const PROGRAM_DEPENDENCIES: readonly string[] = [
  `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
  `typescript@${programTypescript()}`,
  `@types/node@${installedVersion("@types/node")}`,
  `@pulumi/random@${installedVersion("@pulumi/random")}`,
];
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;

/** The packed package's file name in {@link InstalledPackage.dir}. */
export const TARBALL = "pulumi-hosting-reseller.tgz";

/**
 * An installed copy of the package.
 *
 * @example
 * const pkg = await installedPackage();
 * const { createTestStack } = pkg.require("pulumi-hosting-reseller/testing");
 */
export interface InstalledPackage {
  /** The program directory: `package.json` and `node_modules` with the package and `@pulumi/pulumi`. */
  dir: string;
  /** Node's `require` from the program directory. */
  require: NodeRequire;
  /** How long preparing took, and what was done. */
  timings: { buildMs: number; packMs: number; installMs: number; reused: boolean };
}

let pending: Promise<InstalledPackage> | undefined;

/**
 * Builds (when `dist` is missing or older than `src`), packs and installs the package once per
 * process; the install itself is shared across processes and runs.
 *
 * @example
 * beforeAll(async () => { pkg = await installedPackage(); }, 300_000);
 */
export function installedPackage(): Promise<InstalledPackage> {
  pending ??= withLock(prepare);
  return pending;
}

/**
 * The built command, `dist/cli/index.js`, rebuilt first (under the same lock as the install) when
 * `dist` is missing or older than `src`.
 *
 * @example
 * spawn(process.execPath, [await builtCli(), "sim", "--port", "0"]);
 */
export async function builtCli(): Promise<string> {
  await withLock(async () => {
    if (distIsStale()) await npm(["run", "build"], repositoryRoot);
  });
  return path.join(repositoryRoot, "dist", "cli", "index.js");
}

async function prepare(): Promise<InstalledPackage> {
  const timings = { buildMs: 0, packMs: 0, installMs: 0, reused: true };
  let started = Date.now();
  if (distIsStale()) {
    await npm(["run", "build"], repositoryRoot);
    timings.buildMs = Date.now() - started;
  }

  started = Date.now();
  const packDir = path.join(workRoot, "pack");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  // The package and the workspace's two (docs/decisions/0037): a user of `/simulator` or
  // `/testing` installs them beside it.
  const { stdout } = await npm(
    ["pack", "--json", "--ignore-scripts", "--workspaces", "--include-workspace-root", "--pack-destination", packDir],
    repositoryRoot,
  );
  const packed = JSON.parse(stdout.slice(stdout.indexOf("["))) as { name: string; filename: string }[];
  const tarballs = packed.map((entry) => ({ name: entry.name, file: path.join(packDir, path.basename(entry.filename)) }));
  // npm writes fixed timestamps into the tarball, so equal contents give an equal hash.
  const digest = createHash("sha256");
  for (const tarball of tarballs) digest.update(await fs.readFile(tarball.file));
  const hash = digest.update(PROGRAM_DEPENDENCIES.join(" ")).digest("hex").slice(0, 16);
  timings.packMs = Date.now() - started;

  const dir = path.join(workRoot, `install-${hash}`);
  if (!existsSync(path.join(dir, ".complete"))) {
    started = Date.now();
    timings.reused = false;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const local = tarballs.map((tarball) => (tarball.name === "pulumi-hosting-reseller" ? TARBALL : path.basename(tarball.file)));
    for (const [index, tarball] of tarballs.entries()) await fs.copyFile(tarball.file, path.join(dir, local[index]!));
    await fs.writeFile(
      path.join(dir, "package.json"),
      `${JSON.stringify({ name: "e2e-program", version: "0.0.0", private: true }, null, 2)}\n`,
    );
    await npm(
      ["install", "--no-audit", "--no-fund", "--prefer-offline", ...local.map((file) => `./${file}`), ...PROGRAM_DEPENDENCIES],
      dir,
    );
    await fs.writeFile(path.join(dir, ".complete"), new Date().toISOString());
    timings.installMs = Date.now() - started;
    // Older installs belong to older builds: keep the cache to one directory.
    for (const entry of readdirSync(workRoot)) {
      if (entry.startsWith("install-") && entry !== path.basename(dir))
        rmSync(path.join(workRoot, entry), { recursive: true, force: true });
    }
  }
  return { dir, require: createRequire(path.join(dir, "package.json")), timings };
}

/**
 * Compiles an example's TypeScript file into the program directory (CommonJS, as `pulumi up`
 * would run it through ts-node) and loads it there, so its imports resolve to the installed
 * package. The file name carries the source's hash: parallel test files never overwrite a
 * module another one is loading.
 *
 * @example
 * const site = loadExample(pkg, "hosting-site/site.ts") as SiteModule;
 */
export function loadExample(pkg: InstalledPackage, relativePath: string): unknown {
  const source = path.join(repositoryRoot, "examples", relativePath);
  const text = readFileSync(source, "utf8");
  const output = ts.transpileModule(text, {
    fileName: source,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  const hash = createHash("sha256").update(output).digest("hex").slice(0, 12);
  const target = path.join(pkg.dir, "programs", `${relativePath.replace(/[/\\]/g, "-").replace(/\.ts$/, "")}-${hash}.js`);
  if (!existsSync(target)) {
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, output);
    renameSync(temporary, target);
  }
  return pkg.require(target);
}

/** The repository's TypeScript if the installed `@pulumi/pulumi` accepts it, else the SDK's own peer range. */
function programTypescript(): string {
  const sdk = createRequire(path.join(repositoryRoot, "package.json"))("@pulumi/pulumi/package.json") as {
    peerDependencies?: Record<string, string>;
  };
  const accepted = sdk.peerDependencies?.typescript;
  const installed = installedVersion("typescript");
  return accepted === undefined || satisfies(installed, accepted) ? installed : accepted;
}

/** The version of `name` installed in the repository's `node_modules`. */
function installedVersion(name: string): string {
  const manifest = createRequire(path.join(repositoryRoot, "package.json"))(`${name}/package.json`) as { version: string };
  return manifest.version;
}

/** The package and the workspace's, each built from its `src` into its `dist`. */
const BUILT = ["", "packages/simulator", "packages/testing"].map((dir) => path.join(repositoryRoot, dir));

/** Some `dist` is missing, or some source file changed after the last build. */
function distIsStale(): boolean {
  return BUILT.some((dir) => {
    const builtIndex = path.join(dir, "dist", "index.js");
    return !existsSync(builtIndex) || newestMtime(path.join(dir, "src")) > statSync(builtIndex).mtimeMs;
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Runs npm without the variables of the `npm test` that started us: `npm_config_local_prefix`
 * and friends would point a nested install at the repository instead of the program directory.
 * Settings a CI machine may need (registry, cache, proxies) are kept.
 *
 * @example
 * await npm(["install", "--prefer-offline", "./pulumi-hosting-reseller.tgz"], programDir);
 */
export async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const keep = /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|strict_ssl)$/i;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keep.test(key)));
  try {
    return await run("npm", args, { cwd, env: { ...env, npm_config_update_notifier: "false" }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${failure.stderr ?? ""}${failure.stdout ?? ""}`, { cause: error });
  }
}

/**
 * Runs `task` while holding `.tmp/e2e/lock` (a directory: `mkdir` is atomic). The holder writes
 * its pid there, so a lock left by a killed run is taken over at once rather than waited out.
 */
async function withLock<T>(task: () => Promise<T>): Promise<T> {
  mkdirSync(workRoot, { recursive: true });
  const ownerFile = path.join(lockDir, "owner");
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (lockIsAbandoned(ownerFile)) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function lockIsAbandoned(ownerFile: string): boolean {
  try {
    const pid = Number(readFileSync(ownerFile, "utf8"));
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        // ESRCH: no such process. EPERM means it exists under another user: still held.
        return (error as NodeJS.ErrnoException).code === "ESRCH";
      }
    }
    return Date.now() - statSync(ownerFile).mtimeMs > STALE_LOCK_MS;
  } catch {
    // No owner file yet (the holder is between mkdir and write), or the lock just went away.
    try {
      return Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS;
    } catch {
      return false;
    }
  }
}

/**
 * Where this repository's build of the Pulumi CLI lives, and how tests, the demo and the
 * benchmarks find a CLI to run (`npm run pulumi-cli` builds it; docs/decisions/0013).
 *
 * The build is pinned by the wrapper Go modules under `tools/pulumi/` (their `go.mod` and
 * `go.sum`), so the cache directory is keyed by the CLI version and a hash of those files: a
 * change of pin builds into a new directory and never reuses binaries of another pin.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { findPulumiCli, type PulumiCli } from "../../packages/testing/src/cli";

/** The repository root. */
export const REPO_ROOT = resolve(__dirname, "..", "..");

/** The wrapper modules, one folder each under `tools/pulumi/`. */
export const TOOLS_DIR = join(REPO_ROOT, "tools", "pulumi");

/**
 * The CLI version built when none is asked for: the release matching the `@pulumi/pulumi`
 * development pin (docs/decisions/0013).
 */
export const DEFAULT_CLI_VERSION = "3.248.0";

/** The binaries a complete build directory holds. */
export const CLI_BINARIES = ["pulumi", "pulumi-language-nodejs", "pulumi-language-yaml", "pulumi-resource-pulumi-nodejs"] as const;

/** The wrapper module folders a build of `cliVersion` uses: the CLI's and the language hosts'. */
export function wrapperDirs(cliVersion: string): { cli: string; languageNodejs: string; languageYaml: string } {
  const cli = join(TOOLS_DIR, `cli-v${cliVersion}`);
  if (!existsSync(join(cli, "go.mod"))) {
    const known = readdirSync(TOOLS_DIR)
      .filter((d) => d.startsWith("cli-v"))
      .map((d) => d.slice("cli-v".length));
    throw new Error(`no wrapper module for Pulumi CLI ${cliVersion} in tools/pulumi (pinned: ${known.join(", ")})`);
  }
  const host = (runtime: string): string => {
    const dir = readdirSync(TOOLS_DIR).find((d) => d.startsWith(`language-${runtime}-v`));
    if (!dir) throw new Error(`no wrapper module for pulumi-language-${runtime} in tools/pulumi`);
    return join(TOOLS_DIR, dir);
  };
  return { cli, languageNodejs: host("nodejs"), languageYaml: host("yaml") };
}

/** The root of the CLI cache: `PULUMI_CLI_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache`. */
export function cacheRoot(): string {
  if (process.env.PULUMI_CLI_CACHE) return resolve(process.env.PULUMI_CLI_CACHE);
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "pulumi-hosting-reseller", "pulumi-cli");
}

/** The directory holding the binaries of `cliVersion` built from the committed pins. */
export function cacheDir(cliVersion: string = DEFAULT_CLI_VERSION): string {
  const dirs = wrapperDirs(cliVersion);
  const hash = createHash("sha256");
  for (const dir of [dirs.cli, dirs.languageNodejs, dirs.languageYaml]) {
    for (const f of ["go.mod", "go.sum"]) hash.update(readFileSync(join(dir, f)));
  }
  return join(cacheRoot(), `v${cliVersion}-${hash.digest("hex").slice(0, 12)}`);
}

/**
 * The languages `pulumi package gen-sdk` can generate with this repository's SDK generator
 * (`tools/pulumi/sdkgen-v<version>/`): the generators pkg/v3 carries. .NET's generator is not
 * in pkg/v3 (it lives in `pulumi-dotnet`, a module the Go proxy here refuses).
 */
export const SDKGEN_LANGUAGES = ["nodejs", "python", "go"] as const;

/** The SDK generator's wrapper module folder, and the pkg/v3 version its generators come from. */
export function sdkgenModule(): { dir: string; version: string } {
  const dir = readdirSync(TOOLS_DIR).find((d) => d.startsWith("sdkgen-v"));
  if (!dir) throw new Error("no wrapper module for the SDK generator in tools/pulumi");
  return { dir: join(TOOLS_DIR, dir), version: dir.slice("sdkgen-v".length) };
}

/**
 * The directory holding the SDK generator installed as `pulumi-language-<language>` for each of
 * {@link SDKGEN_LANGUAGES}. It is kept apart from the CLI's directory on purpose: it goes first on
 * `PATH` only for `pulumi package gen-sdk`, so that programs keep running on the real language
 * hosts. Keyed by a hash of the module's files, like {@link cacheDir}.
 */
export function sdkgenDir(): string {
  const { dir, version } = sdkgenModule();
  const hash = createHash("sha256");
  for (const f of ["go.mod", "go.sum", "main.go"]) hash.update(readFileSync(join(dir, f)));
  return join(cacheRoot(), `sdkgen-v${version}-${hash.digest("hex").slice(0, 12)}`);
}

/** Whether `dir` holds a complete SDK generator install (the stamp is written last). */
export function isCompleteSdkgen(dir: string): boolean {
  return existsSync(join(dir, ".complete")) && SDKGEN_LANGUAGES.every((l) => existsSync(join(dir, `pulumi-language-${l}`)));
}

/** Whether `dir` holds a complete build (the stamp is written last). */
export function isCompleteBuild(dir: string): boolean {
  return existsSync(join(dir, ".complete")) && CLI_BINARIES.every((b) => existsSync(join(dir, b)));
}

/**
 * The CLI the repository's tests, demo and benchmarks use: `PULUMI_CLI_DIR`, else a `pulumi`
 * on `PATH`, else this repository's cached build of `cliVersion`.
 */
export function repoPulumiCli(cliVersion: string = DEFAULT_CLI_VERSION): PulumiCli | undefined {
  const cached = cacheDir(cliVersion);
  return findPulumiCli({ fallbackDirs: isCompleteBuild(cached) ? [cached] : [] });
}

/**
 * A directory to give the Automation API as `PulumiCommand.get({ root })`, which runs
 * `<root>/bin/pulumi` and puts `<root>/bin` first on the PATH of the CLI it starts (so the
 * engine finds the language host and the `pulumi-resource-pulumi-nodejs` launcher there): the
 * CLI's parent when its directory is already called `bin`, else `scratch` with a `bin` link to it.
 */
export function automationRoot(cli: PulumiCli, scratch: string): string {
  if (basename(cli.dir) === "bin") return dirname(cli.dir);
  const bin = join(scratch, "bin");
  mkdirSync(scratch, { recursive: true });
  rmSync(bin, { force: true });
  symlinkSync(cli.dir, bin, "dir");
  return scratch;
}

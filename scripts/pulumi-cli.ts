/**
 * `npm run pulumi-cli [-- --version 3.276.0]`: builds the Pulumi CLI, the Node.js and YAML
 * language hosts and the dynamic-provider launcher from the Go module proxy, through the wrapper modules pinned
 * in `tools/pulumi/`, into a cache directory outside the repository, and prints that directory
 * as the last line of its output (docs/decisions/0013). It also builds the SDK generator
 * (`tools/pulumi/sdkgen-v<version>/`, the `pulumi-language-*` names `pulumi package gen-sdk`
 * asks for) into a directory of its own beside it (docs/decisions/0025, `npm run sdk`).
 *
 * A second run finds the complete directory and returns at once. A build writes into a fresh
 * temporary directory and renames it into place only when complete, so an interrupted build
 * never leaves a directory that looks usable.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
  CLI_BINARIES,
  DEFAULT_CLI_VERSION,
  SDKGEN_LANGUAGES,
  cacheDir,
  isCompleteBuild,
  isCompleteSdkgen,
  sdkgenDir,
  sdkgenModule,
  wrapperDirs,
} from "./lib/pulumi-cli";

const { values } = parseArgs({ options: { version: { type: "string" } } });
const version = values.version ?? process.env.PULUMI_CLI_VERSION ?? DEFAULT_CLI_VERSION;

function go(args: readonly string[], cwd: string): string {
  const run = spawnSync("go", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      CGO_ENABLED: "0",
      // The checksum database does not know these modules here; the committed go.sum pins
      // every hash, and -mod=readonly refuses any module it does not list.
      GONOSUMDB: "github.com/pulumi",
      GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=readonly`.trim(),
    },
  });
  if (run.error) throw new Error(`could not run go (is Go installed and on PATH?): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`go ${args.join(" ")} failed in ${cwd} with exit code ${run.status}`);
  return run.stdout.trim();
}

/**
 * The release build flags: CGO off, trimmed paths, and the version stamped into `versionVar`
 * (`pulumi version` and `pulumi about` report it; the Automation API parses it as semver).
 */
function build(cwd: string, pkg: string, versionVar: string, stamp: string, out: string): void {
  const ldflags = `-w -s -X ${versionVar}=v${stamp}`;
  console.error(`building ${pkg} (v${stamp})`);
  go(["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", ldflags, "-o", out, pkg], cwd);
}

function languageHostVersion(dir: string): string {
  const m = /language-[a-z]+-v(.+)$/.exec(dir);
  if (!m?.[1]) throw new Error(`cannot tell the language host version from ${dir}`);
  return m[1];
}

/** Builds into a fresh temporary directory next to `target` and renames it into place when complete. */
function buildInto(target: string, fill: (tmp: string) => void): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = mkdtempSync(`${target}.partial-`);
  try {
    fill(tmp);
    rmSync(target, { recursive: true, force: true });
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The SDK generator (`tools/pulumi/sdkgen-v<version>/`, docs/decisions/0025): one binary, linked
 * under each `pulumi-language-<language>` name it answers to, in a directory of its own.
 */
function buildSdkgen(): void {
  const target = sdkgenDir();
  if (isCompleteSdkgen(target)) return;
  const mod = sdkgenModule();
  buildInto(target, (tmp) => {
    const [first, ...rest] = SDKGEN_LANGUAGES;
    const binary = join(tmp, `pulumi-language-${first}`);
    build(mod.dir, "pulumi-hosting-reseller/tools/pulumi/sdkgen", "main.version", mod.version, binary);
    chmodSync(binary, 0o755);
    for (const language of rest) linkSync(binary, join(tmp, `pulumi-language-${language}`));
    writeFileSync(join(tmp, ".complete"), `sdkgen v${mod.version}: ${SDKGEN_LANGUAGES.join(", ")}\n`);
  });
}

function main(): void {
  const target = cacheDir(version);
  buildSdkgen();
  if (isCompleteBuild(target)) {
    console.log(target);
    return;
  }
  const dirs = wrapperDirs(version);
  buildInto(target, (tmp) => {
    const sdkVersionVar = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";
    build(dirs.cli, "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi", sdkVersionVar, version, join(tmp, "pulumi"));
    const nodejsVersion = languageHostVersion(dirs.languageNodejs);
    build(
      dirs.languageNodejs,
      "github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs",
      sdkVersionVar,
      nodejsVersion,
      join(tmp, "pulumi-language-nodejs"),
    );
    const yamlVersion = languageHostVersion(dirs.languageYaml);
    build(
      dirs.languageYaml,
      "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml",
      "github.com/pulumi/pulumi-yaml/pkg/version.Version",
      yamlVersion,
      join(tmp, "pulumi-language-yaml"),
    );
    // The launcher ships inside the SDK module of the CLI's version; module zips drop the
    // executable bit, so it is installed with mode 0755.
    const sdkDir = go(["list", "-m", "-f", "{{.Dir}}", "github.com/pulumi/pulumi/sdk/v3"], dirs.cli);
    const launcher = join(sdkDir, "nodejs", "dist", "pulumi-resource-pulumi-nodejs");
    if (!existsSync(launcher)) throw new Error(`the SDK module has no launcher at ${launcher}`);
    copyFileSync(launcher, join(tmp, "pulumi-resource-pulumi-nodejs"));
    for (const b of CLI_BINARIES) chmodSync(join(tmp, b), 0o755);
    writeFileSync(
      join(tmp, ".complete"),
      `pulumi v${version}\npulumi-language-nodejs v${nodejsVersion}\npulumi-language-yaml v${yamlVersion}\n`,
    );
  });
  console.log(target);
}

try {
  main();
} catch (err) {
  console.error(`pulumi-cli: ${(err as Error).message}`);
  process.exit(1);
}

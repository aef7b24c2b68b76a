/**
 * Generated SDKs of the provider plugin (docs/native-provider.md, docs/decisions/0025): how
 * `pulumi package gen-sdk` is run with this repository's SDK generator, and how a generated
 * Node.js SDK is installed from its directory. Shared by `npm run sdk` (scripts/sdk.ts) and the
 * native test that runs a TypeScript program on the SDK (test/native/sdk.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { isCompleteSdkgen, sdkgenDir } from "./pulumi-cli";

/** What `gen-sdk` writes for one language, as the CLI lays it out: `<out>/<language>`. */
export function sdkDirectory(out: string, language: string): string {
  return join(out, language);
}

/**
 * The arguments of `pulumi package gen-sdk` for one language. `--local` makes the Node.js SDK
 * installable from its directory (`main: bin/index.js` and a `postinstall` that compiles it,
 * pkg/v3 `codegen/nodejs` `genNPMPackageMetadata`); the Python and Go generators take no such
 * setting and write the same files either way.
 */
export function genSdkArgs(schemaSource: string, language: string, out: string): string[] {
  return ["package", "gen-sdk", schemaSource, "--language", language, "--out", out, "--local"];
}

/**
 * `PATH` for `gen-sdk`: the SDK generator's directory first. The CLI takes a language host from
 * `PATH` before the one next to its own executable (sdk/v3 `workspace.getPluginInfoAndPath`),
 * and says so with a warning (`using pulumi-language-nodejs from $PATH`).
 */
export function genSdkPath(pathVar: string): string {
  const dir = sdkgenDir();
  if (!isCompleteSdkgen(dir)) throw new Error(`no SDK generator in ${dir}: build it with \`npm run pulumi-cli\``);
  return [dir, pathVar].filter(Boolean).join(delimiter);
}

/** The package name the generated Node.js SDK declares (`language.nodejs.packageName` of the schema). */
export function nodejsPackageName(sdkDir: string): string {
  const manifest = JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8")) as { name?: unknown };
  if (typeof manifest.name !== "string" || !manifest.name) throw new Error(`${sdkDir}/package.json has no name`);
  return manifest.name;
}

/**
 * Builds a generated Node.js SDK the way `npm install <dir>` does: runs the package's own
 * `postinstall` (which compiles it with `tsc` into `bin/` and copies `package.json` there for
 * its `getVersion`) with `binDir` (holding `tsc`) on `PATH`. `@pulumi/pulumi` and `@types/node`
 * must resolve from the SDK's directory upwards.
 */
export function buildNodejsSdk(sdkDir: string, binDir: string): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, [join("scripts", "postinstall.js")], {
    cwd: sdkDir,
    encoding: "utf8",
    env: { ...process.env, PATH: [binDir, process.env.PATH ?? ""].join(delimiter) },
  });
  return { ok: run.status === 0, output: `${run.stdout ?? ""}${run.stderr ?? ""}${run.error ? run.error.message : ""}` };
}

/**
 * Links a built Node.js SDK into `projectDir/node_modules/<package name>`, as npm links a
 * `file:` directory dependency, so a program's `import` resolves it by name.
 */
export function linkNodejsSdk(sdkDir: string, projectDir: string): string {
  const target = join(projectDir, "node_modules", ...nodejsPackageName(sdkDir).split("/"));
  mkdirSync(dirname(target), { recursive: true });
  rmSync(target, { recursive: true, force: true });
  symlinkSync(sdkDir, target, "dir");
  return target;
}

/**
 * Generated SDKs of the provider plugin (docs/native-provider.md, docs/decisions/0025): how
 * `pulumi package gen-sdk` is run with this repository's SDK generator, and how a generated
 * Node.js SDK is installed from its directory. Shared by `npm run sdk` (scripts/sdk.ts) and the
 * native test that runs a TypeScript program on the SDK (test/native/sdk.test.ts).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { isCompleteSdkgen, REPO_ROOT, sdkgenDir } from "./pulumi-cli";

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

interface Manifest {
  name: string;
  version: string;
  main?: string;
  types?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  pulumi?: { resource?: boolean; name?: string; version?: string; server?: string };
  [key: string]: unknown;
}

/** What only compiling at install time needs. */
const INSTALL_TIME_ONLY = ["typescript", "@types/node"];

/**
 * Makes the generated and compiled Node.js SDK in `sdk` into the package the release publishes
 * on npm, packs it into `out` with `npm pack` and returns the tarball's path and its file count.
 *
 * The generator writes a "local" SDK (docs/decisions/0025): TypeScript sources, `main:
 * bin/index.js` and a `postinstall` that compiles them on the user's machine with `typescript`
 * as a runtime dependency. Published, that would run `tsc` in every install and fail under
 * `--ignore-scripts`; so the package is its compiled `bin/` (as Pulumi's own SDKs are
 * published), with a manifest that points into it, no install script and no compiler among its
 * dependencies, and the repository, license and engines of this package: npm accepts a provenance
 * statement only for a manifest whose `repository.url` names the repository the workflow runs in.
 *
 * @example
 * const { tarball } = packNodejsSdk(".tmp/sdk/nodejs", ".tmp/sdk");
 */
export function packNodejsSdk(sdk: string, out: string): { tarball: string; files: number; name: string; version: string } {
  const compiled = join(sdk, "bin");
  if (!existsSync(join(compiled, "index.js")))
    throw new Error(`${sdk} holds no compiled SDK (bin/index.js): run \`npm run sdk -- --language nodejs\` first`);

  const root = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Manifest;
  const generated = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8")) as Manifest;
  if (generated.version !== root.version)
    throw new Error(`the SDK's version is ${generated.version} and the package's ${root.version}: regenerate schema.json (npm run schema)`);
  const repositoryUrl = (root.repository as { url: string }).url;
  const github = /^git\+https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)\.git$/.exec(repositoryUrl);
  if (!github)
    throw new Error(`package.json: repository.url ${JSON.stringify(repositoryUrl)} is not git+https://github.com/<owner>/<name>.git`);

  const dependencies = Object.fromEntries(
    Object.entries(generated.dependencies ?? {}).filter(([name]) => !INSTALL_TIME_ONLY.includes(name)),
  );
  const { scripts: _scripts, devDependencies: _devDependencies, ...kept } = generated;
  const manifest: Manifest = {
    ...kept,
    main: "index.js",
    types: "index.d.ts",
    dependencies,
    // The engine downloads the plugin from where the SDK says: the GitHub release of its version,
    // which holds the archives `pulumi-resource-reseller-v<version>-<os>-<arch>.tar.gz`, unless
    // the schema names a place of its own (pluginDownloadURL).
    pulumi: { ...generated.pulumi, server: generated.pulumi?.server || `github://api.github.com/${github[1]}` },
    repository: { type: "git", url: repositoryUrl },
    homepage: `https://github.com/${github[1]}/blob/main/docs/native-provider.md`,
    bugs: root.bugs,
    license: root.license,
    author: root.author,
    engines: root.engines,
    publishConfig: { access: "public" },
  };

  const stage = join(out, "nodejs-package");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  // bin/ also holds the generated package.json the postinstall copied there; ours replaces it.
  cpSync(compiled, stage, { recursive: true });
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(REPO_ROOT, "LICENSE"), join(stage, "LICENSE"));
  if (existsSync(join(sdk, "README.md"))) copyFileSync(join(sdk, "README.md"), join(stage, "README.md"));

  for (const old of readdirSync(out).filter((f) => f.endsWith(".tgz"))) rmSync(join(out, old));
  const pack = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], {
    cwd: stage,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (pack.status !== 0) throw new Error(`npm pack failed in ${stage} with exit code ${pack.status}`);
  const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("["))) as { filename: string; entryCount: number }[];
  if (!packed) throw new Error(`npm pack in ${stage} reported no package`);
  return { tarball: join(out, packed.filename), files: packed.entryCount, name: manifest.name, version: manifest.version };
}

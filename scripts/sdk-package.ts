/**
 * `npm run sdk:package [-- --sdk <dir>] [--out <dir>]`: makes the Node.js SDK that `npm run sdk --
 * --language nodejs` generated and compiled (default `.tmp/sdk/nodejs`) into the package the
 * release publishes on npm, packs it with `npm pack` into `--out` (default `.tmp/sdk`) and prints
 * the tarball's path as the last line.
 *
 * The generator writes a "local" SDK (docs/decisions/0025): TypeScript sources, `main:
 * bin/index.js` and a `postinstall` that compiles them on the user's machine with `typescript`
 * as a runtime dependency. Published, that would run `tsc` in every install and fail under
 * `--ignore-scripts`; so the package is its compiled `bin/` (as Pulumi's own SDKs are
 * published), with a manifest that points into it, no install script and no compiler among its
 * dependencies, and the repository, license and engines of this package: npm accepts a provenance
 * statement only for a manifest whose `repository.url` names the repository the workflow runs in.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, cpSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "./lib/pulumi-cli";

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

function main(): void {
  const { values } = parseArgs({ options: { sdk: { type: "string" }, out: { type: "string" } } });
  const sdk = resolve(values.sdk ?? join(REPO_ROOT, ".tmp", "sdk", "nodejs"));
  const out = resolve(values.out ?? join(REPO_ROOT, ".tmp", "sdk"));
  const compiled = join(sdk, "bin");
  if (!existsSync(join(compiled, "index.js")))
    throw new Error(`--sdk: ${sdk} holds no compiled SDK (bin/index.js): run \`npm run sdk -- --language nodejs\` first`);

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
  console.error(`${manifest.name}@${manifest.version}: ${packed.entryCount} files`);
  console.log(join(out, packed.filename));
}

try {
  main();
} catch (err) {
  console.error(`sdk:package: ${(err as Error).message}`);
  process.exit(1);
}

/**
 * The provider plugin as a release archive that `pulumi plugin install resource reseller
 * <version> --file <archive>` installs (docs/decisions/0039): the plugin bundled into one file
 * with the SDK's gRPC and protobuf (and the packages it loads only on first use in files beside
 * it), a launcher the engine starts, the schema and the notices of what the bundles carry. It
 * needs nothing on the machine but Node.js.
 *
 * Layout (the bundle sits where the package's compiled entry sits, so it finds `package.json`
 * and `schema.json` two folders up exactly as it does in the package, `src/plugin/server.ts`):
 *
 *     pulumi-resource-reseller       (linux, darwin: a POSIX shell launcher, mode 0755)
 *     pulumi-resource-reseller.cmd   (windows: the engine probes `.exe` then `.cmd`)
 *     dist/plugin/main.js            the bundle
 *     dist/plugin/undici.js ...      the packages of LAZY_PACKAGES, required by the bundle on first use
 *     package.json                   name and version (the plugin reports this version)
 *     schema.json  LICENSE  README.md  THIRD-PARTY-NOTICES.md
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { create as createTar } from "tar";
import { SDK_MODULES } from "../../src/util/pulumi-sdk";
import { REPO_ROOT } from "./pulumi-cli";

/** The operating systems and architectures archives are built for, in Pulumi's names. */
export const PLUGIN_OS = ["linux", "darwin", "windows"] as const;
export const PLUGIN_ARCH = ["amd64", "arm64"] as const;
export type PluginOs = (typeof PLUGIN_OS)[number];
export type PluginArch = (typeof PLUGIN_ARCH)[number];

/** The plugin's name: the engine runs `pulumi-resource-<name>`. */
export const PLUGIN_NAME = "reseller";

/** The oldest Node.js the bundle runs on: the package's own floor (`engines.node`). */
export const NODE_FLOOR = "20.18.1";

/** The modules of `SDK_MODULES` resolve from `@pulumi/pulumi`'s directory, as `sdkRequire` does at run time. */
const SDK_DIR = dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] }));

/**
 * The archive's file name, as Pulumi names plugin archives.
 *
 * @example
 * archiveName("0.1.0", "linux", "amd64"); // "pulumi-resource-reseller-v0.1.0-linux-amd64.tar.gz"
 */
export function archiveName(version: string, os: PluginOs, arch: PluginArch): string {
  return `pulumi-resource-${PLUGIN_NAME}-v${version}-${os}-${arch}.tar.gz`;
}

/** This machine's OS and architecture in Pulumi's names, when archives are built for it. */
export function hostPlatform(): { os: PluginOs; arch: PluginArch } {
  const os = ({ linux: "linux", darwin: "darwin", win32: "windows" } as const)[process.platform as "linux" | "darwin" | "win32"];
  const arch = ({ x64: "amd64", arm64: "arm64" } as const)[process.arch as "x64" | "arm64"];
  if (!os || !arch) throw new Error(`no plugin archive is built for ${process.platform}/${process.arch}`);
  return { os, arch };
}

/** The package's version (the plugin's). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Leaves `@pulumi/pulumi` itself out of the bundle: only a program's data sources load it
 * (`src/data-sources/client.ts`, on first use), and with it the SDK would bring TypeScript, npm's
 * installer and the rest of the program runtime, 9 of every 10 bytes of the bundle. A plugin
 * that reached it would fail with this one line rather than with a missing module.
 */
const noProgramSdkPlugin: Plugin = {
  name: "no-program-sdk",
  setup(b) {
    b.onResolve({ filter: /^@pulumi\/pulumi$/ }, () => ({ path: "@pulumi/pulumi", namespace: "no-program-sdk" }));
    b.onLoad({ filter: /.*/, namespace: "no-program-sdk" }, () => ({
      contents: `throw new Error("pulumi-resource-${PLUGIN_NAME} does not load @pulumi/pulumi's program runtime");`,
      loader: "js",
    }));
  },
};

/**
 * Replaces `src/util/pulumi-sdk.ts` in the bundle with static `require`s of the same names,
 * resolved from the SDK's directory, so that esbuild bundles the SDK's own copies.
 */
const sdkModulesPlugin: Plugin = {
  name: "pulumi-sdk-modules",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]util[\\/]pulumi-sdk\.ts$/ }, () => {
      const cases = SDK_MODULES.map((id) => `    case ${JSON.stringify(id)}: return require(${JSON.stringify(id)});`).join("\n");
      return {
        contents: `exports.SDK_MODULES = ${JSON.stringify(SDK_MODULES)};\nexports.sdkRequire = function (id) {\n  switch (id) {\n${cases}\n  }\n  throw new Error("not an SDK module: " + id);\n};\n`,
        loader: "js",
        resolveDir: SDK_DIR,
      };
    });
  },
};

/**
 * The directory of Node's compile cache for one plugin version, under the temporary directory
 * (`os.tmpdir()`: `TMPDIR` or `/tmp`, `%TEMP%` on Windows).
 *
 * The launcher sets `NODE_COMPILE_CACHE` (unless the user set it) rather than the bundle calling
 * `module.enableCompileCache()`: the cache serves the files compiled after it is enabled, and
 * the bundle is one file, compiled before its first line runs. Node 22.1 and later then keep the
 * V8 code of the bundle there and start the plugin without compiling it again; Node 20 ignores
 * the variable (docs/decisions/0039, "Cold start").
 */
function compileCacheDir(version: string, os: PluginOs): string {
  return os === "windows"
    ? `%TEMP%\\pulumi-resource-${PLUGIN_NAME}-v${version}-compile-cache`
    : `\${TMPDIR:-/tmp}/pulumi-resource-${PLUGIN_NAME}-v${version}-compile-cache`;
}

function posixLauncher(version: string): string {
  return `#!/bin/sh
# pulumi-resource-${PLUGIN_NAME}: the provider plugin of pulumi-hosting-reseller, run by the Node.js on PATH.
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-${PLUGIN_NAME} needs Node.js ${NODE_FLOOR} or later on PATH" >&2
  exit 1
fi
# Node 22.1 and later keep the bundle's compiled code here between starts; Node 20 ignores it.
: "\${NODE_COMPILE_CACHE:=${compileCacheDir(version, "linux")}}"
export NODE_COMPILE_CACHE
exec node "$(dirname "$0")/dist/plugin/main.js" "$@"
`;
}

function windowsLauncher(version: string): string {
  return `@echo off\r
rem pulumi-resource-${PLUGIN_NAME}: the provider plugin of pulumi-hosting-reseller, run by the Node.js on PATH.\r
where node >nul 2>nul || (echo pulumi-resource-${PLUGIN_NAME} needs Node.js ${NODE_FLOOR} or later on PATH 1>&2 & exit /b 1)\r
rem Node 22.1 and later keep the bundle's compiled code here between starts; Node 20 ignores it.\r
if not defined NODE_COMPILE_CACHE set "NODE_COMPILE_CACHE=${compileCacheDir(version, "windows")}"\r
node "%~dp0dist\\plugin\\main.js" %*\r
`;
}

function readme(version: string): string {
  return `# pulumi-resource-${PLUGIN_NAME} v${version}

The provider plugin of [pulumi-hosting-reseller](https://github.com/pulumi-hosting-reseller/pulumi-hosting-reseller)
for PlanetHoster's domain and hosting reseller API, for Pulumi programs in any language.

It needs Node.js ${NODE_FLOOR} or later on \`PATH\`, and nothing else. Install it with

    pulumi plugin install resource ${PLUGIN_NAME} ${version} --file <this archive>

then declare \`reseller:index:*\` resources in a program, or generate an SDK with
\`pulumi package gen-sdk\`.
`;
}

/** The packages the bundles carry, from their metafiles: name, version, license and license text. */
function bundledPackages(metafiles: readonly Metafile[]): { name: string; version: string; license: string; text: string }[] {
  const roots = new Set<string>();
  for (const input of metafiles.flatMap((m) => Object.keys(m.inputs))) {
    const parts = input.split(/[\\/]/);
    const at = parts.lastIndexOf("node_modules");
    if (at < 0) continue;
    const scoped = parts[at + 1]!.startsWith("@");
    roots.add(join(REPO_ROOT, ...parts.slice(0, at + (scoped ? 3 : 2))));
  }
  return [...roots]
    .map((root) => {
      const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string; license?: string };
      const file = readdirSync(root).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
      return {
        name: pkg.name,
        version: pkg.version,
        license: pkg.license ?? "see its package",
        text: file ? readFileSync(join(root, file), "utf8").trim() : "",
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The packages the plugin requires only inside functions, on first use: undici by the first
 * request (`src/client/transport.ts`), cron-parser with luxon by the first cron expression checked
 * (`src/util/parsers.ts`), and `@grpc/proto-loader` with protobufjs, which gRPC loads only for
 * channelz and ORCA, neither of which the plugin serves. Each is bundled into a file of its own
 * beside the plugin's, so that starting the plugin does not compile a third of its code that the
 * first `Check` never runs (docs/decisions/0039, "Cold start").
 */
export const LAZY_PACKAGES = ["undici", "cron-parser", "@grpc/proto-loader"] as const;

/** The file of a lazily loaded package beside the bundle: `undici.js`, `grpc-proto-loader.js`. */
function lazyFile(pkg: string): string {
  return `${pkg.replace(/^@/, "").replace(/\//g, "-")}.js`;
}

const LAZY_FILTER = new RegExp(`^(${LAZY_PACKAGES.map((p) => p.replace(/[/.]/g, "\\$&")).join("|")})$`);

/**
 * Makes every `require` of a package of {@link LAZY_PACKAGES} a `require` of its file beside the
 * bundle, and notes the directory it was required from, where that package is then resolved.
 */
function lazyPackagesPlugin(requiredFrom: Map<string, string>): Plugin {
  return {
    name: "lazy-packages",
    setup(b) {
      b.onResolve({ filter: LAZY_FILTER }, (args) => {
        if (!requiredFrom.has(args.path)) requiredFrom.set(args.path, args.resolveDir);
        return { path: `./${lazyFile(args.path)}`, external: true };
      });
    },
  };
}

const BUILD_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  minify: true,
  keepNames: true,
  legalComments: "none",
  metafile: true,
  logLevel: "error",
} as const;

/**
 * Bundles the plugin into `stage/dist/plugin/main.js`, and each package of {@link LAZY_PACKAGES}
 * it requires into its own file beside it; returns the metafiles.
 */
async function bundle(stage: string): Promise<Metafile[]> {
  const outDir = join(stage, "dist", "plugin");
  const requiredFrom = new Map<string, string>();
  const main = await build({
    ...BUILD_OPTIONS,
    entryPoints: [join(REPO_ROOT, "src", "plugin", "main.ts")],
    outfile: join(outDir, "main.js"),
    tsconfig: join(REPO_ROOT, "tsconfig.build.json"),
    plugins: [lazyPackagesPlugin(requiredFrom), sdkModulesPlugin, noProgramSdkPlugin],
    // main.ts starts the server when it is the process's main module (`require.main === module`);
    // in the bundle `module` is the bundle's own, which is what that test means.
    logOverride: { "commonjs-variable-in-esm": "silent" },
  });
  const lazy = await Promise.all(
    [...requiredFrom].map(([pkg, resolveDir]) =>
      build({
        ...BUILD_OPTIONS,
        stdin: { contents: `module.exports = require(${JSON.stringify(pkg)});`, resolveDir, loader: "js" },
        outfile: join(outDir, lazyFile(pkg)),
      }),
    ),
  );
  return [main.metafile, ...lazy.map((r) => r.metafile)];
}

/**
 * Builds the archive for `os`/`arch` into `outDir` and returns its path.
 *
 * @example
 * await buildPluginArchive({ os: "linux", arch: "amd64", outDir: ".tmp/plugin" });
 */
export async function buildPluginArchive(options: { os: PluginOs; arch: PluginArch; outDir: string }): Promise<string> {
  const version = packageVersion();
  const stage = join(options.outDir, `stage-${options.os}-${options.arch}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const metafiles = await bundle(stage);

  const launcher = options.os === "windows" ? `pulumi-resource-${PLUGIN_NAME}.cmd` : `pulumi-resource-${PLUGIN_NAME}`;
  writeFileSync(join(stage, launcher), options.os === "windows" ? windowsLauncher(version) : posixLauncher(version));
  chmodSync(join(stage, launcher), 0o755);
  writeFileSync(
    join(stage, "package.json"),
    `${JSON.stringify({ name: `pulumi-resource-${PLUGIN_NAME}`, version, private: true }, null, 2)}\n`,
  );
  for (const file of ["schema.json", "LICENSE"]) copyFileSync(join(REPO_ROOT, file), join(stage, file));
  writeFileSync(join(stage, "README.md"), readme(version));
  const notices = bundledPackages(metafiles)
    .map((p) => `## ${p.name} ${p.version} (${p.license})\n\n${p.text ? "```\n" + p.text + "\n```" : "No license file in the package."}\n`)
    .join("\n");
  writeFileSync(
    join(stage, "THIRD-PARTY-NOTICES.md"),
    `# Third-party notices\n\nThe bundle \`dist/plugin/main.js\` and the files beside it carry these packages.\n\n${notices}`,
  );

  const files = ["dist", launcher, "package.json", "schema.json", "LICENSE", "README.md", "THIRD-PARTY-NOTICES.md"];
  const archive = join(options.outDir, archiveName(version, options.os, options.arch));
  // Portable (no owner names or ids) and dated at a fixed time, not the build's clock, so two
  // builds of one commit give the same bytes.
  await createTar({ gzip: true, file: archive, cwd: stage, portable: true, mtime: new Date("2000-01-01T00:00:00Z") }, files);
  rmSync(stage, { recursive: true, force: true });
  return archive;
}

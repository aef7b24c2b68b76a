/**
 * The package's types compile where users compile: a small program that imports
 * `pulumi-hosting-reseller`, `/simulator` and `/testing` type-checks against the packed and
 * installed package (test/e2e/package.ts) with 0 errors under the compiler settings users have:
 * the tsconfig of `pulumi new typescript` (`moduleResolution: node`, which ignores `exports`),
 * `node16` and `bundler`, each with and without `skipLibCheck` (without it, every declaration
 * file the program reaches is checked, dependencies' included), on the oldest TypeScript the
 * package supports, the newest 5.x and the newest 6.x.
 *
 * Those compilers install from the npm registry once into
 * `${XDG_CACHE_HOME:-~/.cache}/pulumi-hosting-reseller/typescript/<version>`, as .ci/lib.sh
 * caches Node; `@pulumi/pulumi` and `@types/node` are the program directory's own.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { beforeAll, describe, expect, it } from "vitest";

import { scaled } from "../helpers/time";
import { installedPackage, npm, type InstalledPackage } from "./package";

const run = promisify(execFile);

/** The oldest TypeScript the package supports, the newest 5.x and the newest 6.x. */
const TYPESCRIPT_VERSIONS = ["5.0.4", "5.9.3", "6.0.3"] as const;

/** `pulumi new typescript`'s tsconfig.json, as the template writes it. */
const PULUMI_TEMPLATE = {
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

/** The module settings a project compiles with, beside the template's. */
const MODULE_SETTINGS: Record<string, Record<string, unknown>> = {
  "pulumi-template": PULUMI_TEMPLATE,
  node16: { ...PULUMI_TEMPLATE, module: "node16", moduleResolution: "node16" },
  // `preserve` needs TypeScript 5.4; `esnext` is what 5.0 offers with `bundler`.
  bundler: { ...PULUMI_TEMPLATE, module: "esnext", moduleResolution: "bundler" },
};

/**
 * One line or two of each entry point: a resource, a data source, the simulator and the testing
 * toolkit, with the types a program names.
 */
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { createClient, DnsRecordSet, getAccountInfo, getAccountInfoOutput, type GetAccountInfoResult } from "pulumi-hosting-reseller";
import { startSimulator, type Simulator } from "pulumi-hosting-reseller/simulator";
import { createTestStack, type TestStack } from "pulumi-hosting-reseller/testing";

const records = new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
export const fqdn: pulumi.Output<string> = records.id;
export const credit = getAccountInfoOutput().creditRemaining;

export async function check(): Promise<string> {
  const sim: Simulator = await startSimulator({ seed: "demo" });
  const client = createClient({ apiUser: sim.apiUser, apiKey: sim.apiKey, baseUrl: sim.url });
  const hello: unknown = await client.account.hello();
  const info: GetAccountInfoResult = await getAccountInfo();
  const stack: TestStack = await createTestStack({ workDir: ".", program: () => ({ credit: info.creditRemaining }) });
  await stack.up();
  await stack.close();
  await sim.close();
  return String(hello);
}
`;

interface Setting {
  name: string;
  version: string;
  options: Record<string, unknown>;
}

const SETTINGS: Setting[] = TYPESCRIPT_VERSIONS.flatMap((version) =>
  Object.entries(MODULE_SETTINGS).flatMap(([name, options]) =>
    [false, true].map((skipLibCheck) => ({
      name: `TypeScript ${version}, ${name}${skipLibCheck ? ", skipLibCheck" : ""}`,
      version,
      options: {
        ...options,
        ...(skipLibCheck ? { skipLibCheck: true } : {}),
        // TypeScript 6 deprecates `moduleResolution: node` (node10) and asks a project that keeps
        // it to say so; this is what the template's users add to compile with 6.x.
        ...(version.startsWith("6.") && options.moduleResolution === "node" ? { ignoreDeprecations: "6.0" } : {}),
        // TypeScript 6 no longer includes every `@types` package by default.
        types: ["node"],
        noEmit: true,
      },
    })),
  ),
);

/** The compiler of `version`, installed once into the cache; its `tsc` script. */
async function typescriptCompiler(version: string): Promise<string> {
  const cache = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "pulumi-hosting-reseller", "typescript", version);
  const tsc = path.join(cache, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) {
    mkdirSync(cache, { recursive: true });
    await npm(["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", `typescript@${version}`], cache);
  }
  return tsc;
}

/** A program that only uses `@pulumi/pulumi`: what the SDK's own declarations give. */
const SDK_ONLY_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
export const config = new pulumi.Config();
`;

/**
 * The compiler's error lines (`error TS…`) for `program` under one setting, none when it
 * compiles. Each program has a directory of its own at the same depth, so the paths of errors in
 * `node_modules` read alike for every program.
 */
async function typeErrors(pkg: InstalledPackage, setting: Setting, program: string, label: string): Promise<string[]> {
  const dir = path.join(pkg.dir, "types-settings", `${label}-${setting.name.replace(/[^a-z0-9.]+/gi, "-")}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "index.ts"), program);
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...setting.options, pretty: false }, files: ["index.ts"] }, null, 2),
  );
  try {
    await run(process.execPath, [compilers.get(setting.version)!, "-p", path.join(dir, "tsconfig.json")], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    return [];
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    const lines = `${failure.stdout ?? ""}${failure.stderr ?? ""}`.split("\n").filter((line) => /error TS\d+/.test(line));
    return lines.length > 0 ? lines : [failure.message];
  }
}

interface Outcome {
  /** Errors the package causes, outside zod's files. */
  ours: string[];
  /**
   * Errors in zod's declaration files: zod 4 needs TypeScript 5.4 and `esModuleInterop`, so the
   * package's public declarations must not reach them (docs/decisions/0041).
   */
  zod: string[];
}

/**
 * The program's errors under one setting, less those the SDK gives on its own: TypeScript 5.0
 * with `bundler` and no `skipLibCheck` rejects `@pulumi/pulumi`'s gRPC declarations (`Long`)
 * whatever else a program imports. The SDK-only program is compiled only when there are errors.
 */
async function outcome(pkg: InstalledPackage, setting: Setting): Promise<Outcome> {
  const errors = await typeErrors(pkg, setting, PROGRAM, "program");
  if (errors.length === 0) return { ours: [], zod: [] };
  const sdk = new Set(await typeErrors(pkg, setting, SDK_ONLY_PROGRAM, "sdk-only"));
  const remaining = errors.filter((line) => !sdk.has(line));
  const inZod = (line: string): boolean => /(^|[\\/])node_modules[\\/]zod[\\/]/.test(line);
  return { ours: remaining.filter((line) => !inZod(line)), zod: remaining.filter(inZod) };
}

let pkg: InstalledPackage;
const compilers = new Map<string, string>();

beforeAll(async () => {
  pkg = await installedPackage();
  for (const version of TYPESCRIPT_VERSIONS) compilers.set(version, await typescriptCompiler(version));
}, 900_000);

describe("a program's type check against the installed package", () => {
  it(
    "adds no error under any compiler setting users have",
    async () => {
      const results = new Map<string, Outcome>();
      // Two compilers at a time: the machines have two cores.
      const queue = [...SETTINGS];
      await Promise.all(
        [0, 1].map(async () => {
          for (let setting = queue.shift(); setting; setting = queue.shift()) results.set(setting.name, await outcome(pkg, setting));
        }),
      );
      const ours = SETTINGS.filter((setting) => results.get(setting.name)!.ours.length > 0).map(
        (setting) =>
          `${setting.name}: ${results.get(setting.name)!.ours.length} errors\n  ${results.get(setting.name)!.ours.slice(0, 5).join("\n  ")}`,
      );
      expect(ours.join("\n")).toBe("");
      const zod = SETTINGS.filter((setting) => results.get(setting.name)!.zod.length > 0).map((setting) => setting.name);
      expect(zod).toEqual([]);
      // 18 settings, a few seconds each on an idle machine; a busy one takes several times longer.
    },
    scaled(1_800_000),
  );
});

/**
 * The declaration files a program's type check reads from `entry` on: the file and every file of
 * the installed packages its imports reach (relative ones, and the package's own and its
 * workspace packages' entries), each once.
 */
function reachableDeclarations(pkg: InstalledPackage, entry: string): string[] {
  const modules = path.join(pkg.dir, "node_modules");
  const packageEntry = (specifier: string): string | undefined => {
    const match = /^((?:@pulumi-hosting-reseller\/)?[^/]+|pulumi-hosting-reseller)(?:\/(.+))?$/.exec(specifier);
    if (!match || !/^(pulumi-hosting-reseller|@pulumi-hosting-reseller\/)/.test(match[1]!)) return undefined;
    const dir = path.join(modules, match[1]!);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { exports: Record<string, { types: string }> };
    const types = manifest.exports[match[2] ? `./${match[2]}` : "."]?.types;
    return types && path.join(dir, types);
  };
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport\(|^import)\s*["']([^"']+)["']/gm)) {
      if (specifier!.startsWith(".")) {
        const base = path.resolve(path.dirname(file), specifier!.replace(/\.js$/, ""));
        const found = [`${base}.d.ts`, path.join(base, "index.d.ts")].find((f) => existsSync(f));
        if (found) visit(found);
      } else {
        const found = packageEntry(specifier!);
        if (found) visit(found);
      }
    }
  };
  visit(entry);
  return [...seen];
}

describe("the public declarations", () => {
  // `/runtime` and `/contract` are the provider shells' and the simulator's: their types are the
  // schemas themselves, and a program does not import them (docs/decisions/0037, 0041).
  it.each([".", "./simulator", "./testing"])("reached from the entry %s name no zod module", (entry) => {
    const files = reachableDeclarations(pkg, path.join(pkg.dir, "node_modules", "pulumi-hosting-reseller", entryTypes(pkg, entry)));
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.filter((file) => /["']zod(\/[^"']*)?["']/.test(readFileSync(file, "utf8"))).map((file) => path.relative(pkg.dir, file)),
    ).toEqual([]);
  });
});

/** The `types` file of one of the package's `exports`. */
function entryTypes(pkg: InstalledPackage, entry: string): string {
  const manifest = JSON.parse(readFileSync(path.join(pkg.dir, "node_modules", "pulumi-hosting-reseller", "package.json"), "utf8")) as {
    exports: Record<string, { types: string }>;
  };
  return manifest.exports[entry]!.types;
}

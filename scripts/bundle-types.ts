/**
 * Rolls the declarations of the package's root entry up into one file, `dist/index.d.ts`, after
 * `tsc` (docs/decisions/0041). tsc writes one declaration file per module, and a program's type
 * check reads every file the entry's imports reach, so any module of the entry's graph that
 * imports `zod` for its internals put zod's own declarations in front of the user's compiler,
 * which fails on them under TypeScript before 5.4 or without `esModuleInterop`. The rolled file
 * holds only the declarations the exports reach, and fails the build if one of them still names
 * an import of zod.
 *
 * @example
 * // after `tsc -p tsconfig.build.json`:
 * // tsx scripts/bundle-types.ts
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";

const root = path.resolve(__dirname, "..");

/** The entries rolled up: the root's types, which `exports["."]` names. */
const ENTRIES = [path.join(root, "dist", "index.d.ts")];

/** The modules a rolled file imports, by specifier. */
export function importedModules(text: string): string[] {
  return [...text.matchAll(/^import\s[^;]*?from\s+["']([^"']+)["'];?$/gm)].map((m) => m[1]!);
}

async function bundle(entry: string): Promise<void> {
  const build = await rollup({
    input: entry,
    // Dependencies stay imports; only the package's own modules are inlined.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
    plugins: [dts({ respectExternal: false })],
  });
  const { output } = await build.generate({ format: "es" });
  await build.close();
  const [chunk] = output;
  if (!chunk || chunk.type !== "chunk") throw new Error(`${entry}: rollup wrote no declarations`);
  const zod = importedModules(chunk.code).filter((m) => m === "zod" || m.startsWith("zod/"));
  if (zod.length > 0) {
    throw new Error(
      `${path.relative(root, entry)}: an export's type still names zod (${zod.join(", ")}); give it a plain type (docs/decisions/0041)`,
    );
  }
  writeFileSync(entry, chunk.code);
  process.stdout.write(`${path.relative(root, entry)}: one declaration file, ${chunk.code.length} characters\n`);
}

async function main(): Promise<void> {
  for (const entry of ENTRIES) await bundle(entry);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}

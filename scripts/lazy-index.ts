/**
 * Rewrites `dist/index.js` after `tsc` so that `require("pulumi-hosting-reseller")` loads nothing
 * but itself: each export becomes a getter that requires the module declaring it the first time
 * the export is read (docs/decisions/0038).
 *
 * `src/index.ts` stays the one list of what the package exports and `dist/index.d.ts` is tsc's
 * (rolled into one file by scripts/bundle-types.ts, docs/decisions/0041), so the types are
 * unchanged; only the JavaScript tsc wrote for it, which requires every module
 * of the package and every dependency at once (zod schemas, undici, cron-parser, ...), is
 * replaced. The names come from the type checker, resolved through `export *` barrels and
 * aliases to the file that declares each value, so nothing here lists them by hand.
 *
 * The file keeps the shapes Node's CommonJS lexer reads, so `import { SshKey } from
 * "pulumi-hosting-reseller"` still works from an ES module: `exports.a = exports.b = void 0`
 * names every export, and `Object.defineProperty(exports, ...)` replaces each with a getter of
 * the one form the lexer accepts (`return m1.name`, where `m1` stands for a module not yet loaded).
 *
 * @example
 * // after `tsc -p tsconfig.build.json`:
 * // tsx scripts/lazy-index.ts
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const root = path.resolve(__dirname, "..");
const srcDir = path.join(root, "src");
const distDir = path.join(root, "dist");
const entry = path.join(srcDir, "index.ts");

/** One value export: its public name, the module declaring it, and its name there. */
export interface LazyExport {
  name: string;
  module: string;
  property: string;
}

/** The symbol a name finally stands for, through imports, re-exports and `const a = b` aliases. */
function target(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  let current = symbol;
  for (let hops = 0; hops < 20; hops++) {
    if (current.flags & ts.SymbolFlags.Alias) {
      current = checker.getAliasedSymbol(current);
      continue;
    }
    // `export const normaliseX = normalizeX` in the entry: the value is the other export's.
    const decl = current.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isIdentifier(decl.initializer)) {
      const next = checker.getSymbolAtLocation(decl.initializer);
      if (next) {
        current = next;
        continue;
      }
    }
    return current;
  }
  throw new Error(`${symbol.name}: too many aliases to follow`);
}

/**
 * The value exports of `src/index.ts`, each with the compiled module that declares it.
 *
 * @example
 * lazyExports().find((e) => e.name === "SshKey"); // { module: "./resources/ssh-key/resource.js", ... }
 */
export function lazyExports(): LazyExport[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.build.json could not be read");
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entry} is not a module`);
  const out: LazyExport[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const resolved = target(checker, symbol);
    // Types and interfaces have no value: nothing to load for them.
    if (!(resolved.flags & ts.SymbolFlags.Value)) continue;
    const decl = resolved.valueDeclaration ?? resolved.declarations?.[0];
    const file = decl?.getSourceFile().fileName;
    if (!file || !file.startsWith(srcDir + path.sep) || file === entry) {
      throw new Error(`${symbol.name}: declared in ${file ?? "no file"}, not in a module of src/ the index can load`);
    }
    const module = `./${path.relative(srcDir, file).replace(/\\/g, "/").replace(/\.ts$/, ".js")}`;
    out.push({ name: symbol.name, module, property: resolved.name });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The text of the lazy `dist/index.js`.
 *
 * @example
 * writeFileSync("dist/index.js", lazyIndexSource(lazyExports()));
 */
export function lazyIndexSource(exports: readonly LazyExport[]): string {
  const modules = [...new Set(exports.map((e) => e.module))].sort();
  const lines = [
    '"use strict";',
    "// Written by scripts/lazy-index.ts from src/index.ts (docs/decisions/0038): every export is read",
    "// from the module that declares it the first time it is used, so that requiring the package",
    "// loads no dependency a program does not use. The types are dist/index.d.ts, tsc's.",
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `${exports.map((e) => `exports.${e.name} = `).join("")}void 0;`,
    "// A module is required when one of its exports is first read; `return m1.name` is the form",
    "// of getter Node's lexer takes for an export (it leaves out any other).",
    "function lazy(id) {",
    "  let module;",
    "  return new Proxy({}, { get: (_, key) => (module ??= require(id))[key] });",
    "}",
    ...modules.map((m, i) => `const m${i} = lazy(${JSON.stringify(m)});`),
  ];
  for (const e of exports) {
    lines.push(
      `Object.defineProperty(exports, ${JSON.stringify(e.name)}, { enumerable: true, get: function () { return m${modules.indexOf(e.module)}.${e.property}; } });`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function main(): void {
  const exports = lazyExports();
  for (const e of exports) {
    if (!existsSync(path.join(distDir, e.module))) throw new Error(`${e.name}: ${e.module} is not in dist/; run tsc first`);
  }
  writeFileSync(path.join(distDir, "index.js"), lazyIndexSource(exports));
  // tsc's map describes the file replaced.
  rmSync(path.join(distDir, "index.js.map"), { force: true });
  process.stdout.write(
    `dist/index.js: ${exports.length} exports from ${new Set(exports.map((e) => e.module)).size} modules, loaded when first read\n`,
  );
}

if (require.main === module) main();

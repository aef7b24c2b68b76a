/**
 * `src/provider/program/shell.ts` compiled as `npm run build` compiles it, for tests of the text that
 * Pulumi serializes into every resource's state: that text is the source of the compiled
 * functions, so it must be checked against the compiler's output, not the test runner's.
 *
 * The compiled files are laid out as an installed package: `<dir>/node_modules/pulumi-hosting-reseller/`
 * with this checkout's `package.json` and `dist/provider/program/{shell,methods}.js` and
 * `dist/shells/*.js`, so that a program whose working directory is `<dir>` sees the shell as a
 * user's program does.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import * as ts from "typescript";

const ROOT = resolve(__dirname, "../..");
const SOURCES = [
  "provider/program/shell.ts",
  "provider/program/methods.ts",
  ...readdirSync(join(ROOT, "src/shells")).map((file) => `shells/${file}`),
];

/** The compiled shell module and the directory whose `node_modules` holds it. */
export interface CompiledShell {
  shell: typeof import("../../src/provider/program/shell").shell;
  /** A program directory: with it as the working directory, the package is "installed". */
  dir: string;
}

/**
 * Compiles the shell and the per-type modules with the repository's compiler options.
 *
 * @example
 * const { shell, dir } = compiledShell();
 */
export function compiledShell(): CompiledShell {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("cannot read tsconfig.build.json");
  const dir = mkdtempSync(join(tmpdir(), "shell-"));
  const pkg = join(dir, "node_modules", "pulumi-hosting-reseller");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), readFileSync(join(ROOT, "package.json")));
  for (const source of SOURCES) {
    const fileName = join(ROOT, "src", source);
    const { outputText } = ts.transpileModule(readFileSync(fileName, "utf8"), {
      compilerOptions: { ...config.options, sourceMap: false, declaration: false },
      fileName,
    });
    const out = join(pkg, "dist", source.replace(/\.ts$/, ".js"));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  const { shell } = require(join(pkg, "dist/provider/program/shell.js")) as typeof import("../../src/provider/program/shell");
  return { shell, dir };
}

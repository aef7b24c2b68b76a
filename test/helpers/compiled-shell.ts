/**
 * `src/provider/program/shell.ts` compiled as `npm run build` compiles it, for tests of the text that
 * Pulumi serializes into every resource's state: that text is the source of the compiled
 * functions, so it must be checked against the compiler's output, not the test runner's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as ts from "typescript";

const SHELL_SOURCE = resolve(__dirname, "../../src/provider/program/shell.ts");

/**
 * Loads the shell module compiled with the repository's compiler options.
 *
 * @example
 * const { shell } = compiledShell();
 */
export function compiledShell(): typeof import("../../src/provider/program/shell") {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(__dirname, "../../tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("cannot read tsconfig.build.json");
  const { outputText } = ts.transpileModule(readFileSync(SHELL_SOURCE, "utf8"), {
    compilerOptions: { ...config.options, sourceMap: false, declaration: false },
    fileName: SHELL_SOURCE,
  });
  const file = join(mkdtempSync(join(tmpdir(), "shell-")), "shell.js");
  writeFileSync(file, outputText);
  return require(file) as typeof import("../../src/provider/program/shell");
}

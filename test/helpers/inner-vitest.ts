/**
 * A vitest run of a small suite of a test's own, in a subprocess: for the tests of what the
 * suite itself does at its edges (test/suite/), which need a whole run to watch.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

/**
 * Runs `vitest run --root dir ...args` and gives its exit code and output, without colours.
 * Nothing of this worker's vitest reaches it (its `VITEST*` and `TINYPOOL*` variables are left
 * out), so it is a vitest of its own.
 *
 * @example
 * const { code, output } = await runInnerVitest(dir, ["--config", path.join(dir, "vitest.config.mjs")]);
 */
export function runInnerVitest(
  dir: string,
  args: readonly string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/.test(key))),
    NO_COLOR: "1",
    ...extraEnv,
  };
  const child = spawn(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--root", dir, ...args], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * Finding a Pulumi CLI to run programs with: `PULUMI_CLI_DIR`, a `pulumi` on `PATH`, or a
 * directory the caller knows (the repository's cached build).
 *
 * A Node.js directory program needs `pulumi-language-nodejs` and dynamic resources need the
 * `pulumi-resource-pulumi-nodejs` launcher; the CLI looks for both next to `pulumi` and on
 * `PATH`, so the environment this returns puts the CLI's directory first on `PATH`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** A Pulumi CLI found on this machine. */
export interface PulumiCli {
  /** The directory holding `pulumi` (and, in a complete install, its plugins). */
  dir: string;
  /** The `pulumi` executable. */
  pulumi: string;
  /** Its version without the leading `v`, e.g. `3.248.0`. */
  version: string;
  /** Where it was found. */
  source: "PULUMI_CLI_DIR" | "PATH" | "cache" | "given";
  /** `PATH` with `dir` first, for child processes. */
  path: string;
}

function executableIn(dir: string): string | undefined {
  const file = join(dir, "pulumi");
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function versionOf(pulumi: string): string | undefined {
  const run = spawnSync(pulumi, ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } });
  if (run.status !== 0) return undefined;
  const version = run.stdout.trim().replace(/^v/, "");
  return /^\d+\.\d+\.\d+/.test(version) ? version : undefined;
}

function found(dir: string, source: PulumiCli["source"]): PulumiCli | undefined {
  const pulumi = executableIn(dir);
  if (!pulumi) return undefined;
  const version = versionOf(pulumi);
  if (!version) return undefined;
  const rest = (process.env.PATH ?? "").split(delimiter).filter((p) => p !== "" && p !== dir);
  return { dir, pulumi, version, source, path: [dir, ...rest].join(delimiter) };
}

/**
 * Finds a Pulumi CLI: the directory `dir` when given (an error if it holds none), else the
 * directory named by `PULUMI_CLI_DIR` (likewise), else the first `pulumi` on `PATH`, else the
 * first of `fallbackDirs` that holds one.
 *
 * @example
 * const cli = findPulumiCli();
 * if (cli) console.log(`Pulumi CLI ${cli.version} in ${cli.dir}`);
 */
export function findPulumiCli(options: { dir?: string; fallbackDirs?: readonly string[] } = {}): PulumiCli | undefined {
  if (options.dir !== undefined) {
    const cli = found(options.dir, "given");
    if (!cli) throw new Error(`${options.dir} holds no working pulumi executable`);
    return cli;
  }
  const explicit = process.env.PULUMI_CLI_DIR;
  if (explicit) {
    const cli = found(explicit, "PULUMI_CLI_DIR");
    if (!cli) throw new Error(`PULUMI_CLI_DIR is ${explicit}, which holds no working pulumi executable`);
    return cli;
  }
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "" || !existsSync(dir)) continue;
    const cli = found(dir, "PATH");
    if (cli) return cli;
  }
  for (const dir of options.fallbackDirs ?? []) {
    const cli = found(dir, "cache");
    if (cli) return cli;
  }
  return undefined;
}

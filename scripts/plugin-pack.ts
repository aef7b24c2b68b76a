/**
 * `npm run plugin:pack [-- --os linux|darwin|windows --arch amd64|arm64] [--out DIR]`: builds the
 * provider plugin's release archive `pulumi-resource-reseller-v<version>-<os>-<arch>.tar.gz`
 * (scripts/lib/plugin-archive.ts, docs/decisions/0039) into DIR (default `.tmp/plugin`) and prints
 * its path as the last line. Without `--os`/`--arch`, this machine's.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildPluginArchive, hostPlatform, PLUGIN_ARCH, PLUGIN_OS, type PluginArch, type PluginOs } from "./lib/plugin-archive";
import { REPO_ROOT } from "./lib/pulumi-cli";

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`--${flag}: ${JSON.stringify(value)} is not one of ${allowed.join(", ")}`);
  return value as T;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { os: { type: "string" }, arch: { type: "string" }, out: { type: "string" } } });
  const host = values.os === undefined || values.arch === undefined ? hostPlatform() : undefined;
  const os = oneOf<PluginOs>("os", values.os, PLUGIN_OS, host?.os ?? "linux");
  const arch = oneOf<PluginArch>("arch", values.arch, PLUGIN_ARCH, host?.arch ?? "amd64");
  const outDir = resolve(values.out ?? join(REPO_ROOT, ".tmp", "plugin"));
  mkdirSync(outDir, { recursive: true });
  console.log(await buildPluginArchive({ os, arch, outDir }));
}

main().catch((err: unknown) => {
  console.error(`plugin:pack: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

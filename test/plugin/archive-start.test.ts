/**
 * What the release archive's plugin loads at its start (docs/decisions/0039, "Cold start"): the
 * bundle alone, not the packages it keeps in files beside it for their first use, which must each
 * load on their own; and the launcher's compile cache directory for Node 22 and later. The whole
 * plugin, installed and run through the engine, is test/native/plugin-archive.test.ts.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { x as untar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildPluginArchive, hostPlatform, LAZY_PACKAGES, packageVersion, PLUGIN_NAME } from "../../scripts/lib/plugin-archive";

describe("the release archive's plugin at its start", () => {
  let scratch: string;
  let unpacked: string;
  let bundleDir: string;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), "reseller-archive-start-"));
    const archive = await buildPluginArchive({ ...hostPlatform(), outDir: scratch });
    unpacked = path.join(scratch, "plugin");
    mkdirSync(unpacked);
    await untar({ file: archive, cwd: unpacked });
    bundleDir = path.join(unpacked, "dist", "plugin");
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /**
   * The files of `bundleDir` that requiring `entry` loads in a fresh Node, which exits with 3 when
   * `check`, an expression over the module's exports `m`, is false.
   */
  function loadedFiles(entry: string, check = "true"): string[] {
    const script = `const m = require(${JSON.stringify(entry)}); if (!(${check})) process.exit(3); console.log(JSON.stringify(Object.keys(require.cache)))`;
    const out = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
    return (JSON.parse(out) as string[])
      .filter((f) => f.startsWith(bundleDir + path.sep))
      .map((f) => path.basename(f))
      .sort();
  }

  it("loads the bundle alone, none of the packages kept beside it for their first use", () => {
    const lazy = LAZY_PACKAGES.map((p) => `${p.replace(/^@/, "").replace(/\//g, "-")}.js`);
    expect(readdirSync(bundleDir).sort()).toEqual(["main.js", ...lazy].sort());
    expect(loadedFiles(path.join(bundleDir, "main.js"))).toEqual(["main.js"]);
  });

  it("keeps each package beside the bundle whole: it loads on its own", () => {
    expect(loadedFiles(path.join(bundleDir, "undici.js"), 'typeof m.Pool === "function"')).toEqual(["undici.js"]);
    expect(
      loadedFiles(path.join(bundleDir, "cron-parser.js"), 'm.CronExpressionParser.parse("0 3 * * *").next().getHours() === 3'),
    ).toEqual(["cron-parser.js"]);
    expect(loadedFiles(path.join(bundleDir, "grpc-proto-loader.js"), 'typeof m.loadSync === "function"')).toEqual(["grpc-proto-loader.js"]);
  });

  // The POSIX launcher; the Windows one is the same two settings in cmd's words.
  describe.skipIf(process.platform === "win32")("the launcher", () => {
    /** Runs the launcher with a `node` on PATH that prints the compile cache directory it was given. */
    function cacheDirOf(env: Record<string, string>): string {
      const bin = path.join(scratch, "fake-bin");
      mkdirSync(bin, { recursive: true });
      writeFileSync(path.join(bin, "node"), '#!/bin/sh\nprintf "%s" "$NODE_COMPILE_CACHE"\n');
      chmodSync(path.join(bin, "node"), 0o755);
      const { NODE_COMPILE_CACHE: _ignored, ...rest } = process.env;
      return execFileSync(path.join(unpacked, `pulumi-resource-${PLUGIN_NAME}`), ["127.0.0.1:1"], {
        encoding: "utf8",
        env: { ...rest, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, ...env },
      });
    }

    it("gives Node a compile cache under the temporary directory, one per plugin version", () => {
      expect(cacheDirOf({ TMPDIR: "/var/tmp/someone" })).toBe(
        `/var/tmp/someone/pulumi-resource-${PLUGIN_NAME}-v${packageVersion()}-compile-cache`,
      );
    });

    it("keeps the compile cache directory the user chose", () => {
      expect(cacheDirOf({ NODE_COMPILE_CACHE: "/srv/cache" })).toBe("/srv/cache");
    });
  });
});

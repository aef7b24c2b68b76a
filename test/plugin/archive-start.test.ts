/**
 * What the release archive's plugin loads at its start (docs/decisions/0039, "Cold start"): the
 * bundle alone, not the packages it keeps in files beside it for their first use, which must each
 * load on their own; and the launcher's compile cache directory for Node 22 and later. The whole
 * plugin, installed and run through the engine, is test/native/plugin-archive.test.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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

    // `module.flushCompileCache` is Node 22.10's; on older Node the launcher's setting does nothing.
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    it.skipIf(major < 22 || (major === 22 && minor < 10))(
      "leaves the bundle's compiled code in the cache once the plugin has announced its port, though it is ended by a signal",
      async () => {
        const tmp = path.join(scratch, "tmp");
        mkdirSync(tmp, { recursive: true });
        const cache = path.join(tmp, `pulumi-resource-${PLUGIN_NAME}-v${packageVersion()}-compile-cache`);
        const { NODE_COMPILE_CACHE: _ignored, ...rest } = process.env;
        const child = spawn(path.join(unpacked, `pulumi-resource-${PLUGIN_NAME}`), ["127.0.0.1:1"], {
          env: { ...rest, TMPDIR: tmp, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
          stdio: ["ignore", "pipe", "inherit"],
        });
        const exited = new Promise((resolve) => child.once("exit", resolve));
        await new Promise<void>((resolve, reject) => {
          child.stdout.once("data", () => resolve());
          child.once("exit", (code) => reject(new Error(`the plugin exited with ${code} before printing its port`)));
        });
        // Written while the plugin runs: a plugin that only wrote it at a clean exit would never write it.
        const written = () => existsSync(cache) && readdirSync(cache, { recursive: true, withFileTypes: true }).some((e) => e.isFile());
        for (let waited = 0; !written() && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
        const running = child.exitCode === null;
        child.kill("SIGTERM");
        await exited;
        expect(running).toBe(true);
        expect(written()).toBe(true);
      },
    );
  });
});

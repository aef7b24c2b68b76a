/**
 * What `require("pulumi-hosting-reseller")` loads, from an install of the packed package, in
 * fresh Node processes: the index alone, each export loaded from its module the first time it is
 * read (scripts/lazy-index.ts, docs/decisions/0038). `npm run bench` times it; this guards it
 * without timing, by the modules in `require.cache`.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";

import { beforeAll, describe, expect, it } from "vitest";

import * as source from "../../src";
import { RESOURCES } from "../../src/resources/registry";
import { installedPackage, type InstalledPackage } from "./package";

const run = promisify(execFile);

/**
 * Dependencies that only some uses need: the client's HTTP stack, the schemas, the cron, domain,
 * IDN and address parsers, the CLI's. None may load with the package.
 */
const HEAVY = ["undici", "zod", "cron-parser", "luxon", "tldts", "tr46", "punycode", "ipaddr.js", "fastest-levenshtein", "commander"];

/** The package's files and its dependencies' names in `require.cache` after `script` ran. */
async function loadedBy(pkg: InstalledPackage, script: string): Promise<{ own: string[]; dependencies: string[] }> {
  const { stdout } = await run(
    process.execPath,
    [
      "-e",
      `require("@pulumi/pulumi");
       const before = new Set(Object.keys(require.cache));
       ${script}
       process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((file) => !before.has(file))));`,
    ],
    { cwd: pkg.dir },
  );
  const files = (JSON.parse(stdout) as string[]).map((file) =>
    path.relative(path.join(pkg.dir, "node_modules"), file).split(path.sep).join("/"),
  );
  const own = files
    .filter((file) => file.startsWith("pulumi-hosting-reseller/"))
    .map((file) => file.slice("pulumi-hosting-reseller/".length));
  const dependencies = [
    ...new Set(
      files
        .filter((file) => !file.startsWith("pulumi-hosting-reseller/"))
        .map((file) =>
          file
            .split("/")
            .slice(0, file.startsWith("@") ? 2 : 1)
            .join("/"),
        ),
    ),
  ];
  return { own: own.sort(), dependencies: dependencies.sort() };
}

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installedPackage();
}, 900_000);

describe("require('pulumi-hosting-reseller')", () => {
  it("loads dist/index.js and nothing else: no module of the package, no dependency", async () => {
    const loaded = await loadedBy(pkg, 'require("pulumi-hosting-reseller");');
    // The heavy ones first, so that the failure names them when one comes back.
    expect(loaded.dependencies.filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(loaded.dependencies).toEqual([]);
    expect(loaded.own).toEqual(["dist/index.js"]);
  });

  it("declaring resources loads their classes and definitions, but neither the HTTP client nor the parsers validation uses", async () => {
    // Every resource class, read by name alone (reading any other export would load its module);
    // their validation runs in the provider process.
    const classes = JSON.stringify(Object.keys(RESOURCES));
    const loaded = await loadedBy(
      pkg,
      `const r = require("pulumi-hosting-reseller"); for (const name of ${classes}) if (typeof r[name] !== "function") throw new Error(name + " is not exported");`,
    );
    expect(loaded.own).toContain("dist/resources/dns-record-set/resource.js");
    expect(loaded.own).toContain("dist/resources/cron-job/resource.js");
    const parsers = ["undici", "cron-parser", "luxon", "tldts", "tr46", "punycode", "ipaddr.js", "commander"];
    expect(loaded.dependencies.filter((name) => parsers.includes(name))).toEqual([]);
    expect(loaded.own.filter((file) => /^dist\/client\/(client|transport)\.js$/.test(file))).toEqual([]);
  });

  it("loads a dependency when an export that needs it is first read", async () => {
    const loaded = await loadedBy(pkg, 'require("pulumi-hosting-reseller").normalizeCronSchedule("0 3 * * *");');
    expect(loaded.dependencies).toContain("cron-parser");
    expect(loaded.dependencies).not.toContain("undici");
  });

  it("exports every value src/index.ts exports, of the same kind, to require and to import alike", async () => {
    const expected = Object.keys(source)
      .filter((name) => name !== "__esModule")
      .map((name) => `${name}:${typeof (source as Record<string, unknown>)[name]}`)
      .sort();
    const { stdout: required } = await run(
      process.execPath,
      [
        "-e",
        'const m = require("pulumi-hosting-reseller"); console.log(JSON.stringify(Object.keys(m).map((k) => k + ":" + typeof m[k])));',
      ],
      { cwd: pkg.dir },
    );
    expect((JSON.parse(required) as string[]).sort()).toEqual(expected);
    // Node reads the names of a CommonJS module's exports with a lexer, which skips getters of
    // any form but one: named imports from an ES module would fail without it.
    const { stdout: imported } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import * as m from "pulumi-hosting-reseller"; import { SshKey, createClient } from "pulumi-hosting-reseller"; console.log(JSON.stringify([typeof SshKey, typeof createClient, ...Object.keys(m).filter((k) => !["default", "module.exports", "__esModule"].includes(k)).map((k) => k + ":" + typeof m[k])]));',
      ],
      { cwd: pkg.dir },
    );
    const [sshKey, createClient, ...names] = JSON.parse(imported) as string[];
    expect([sshKey, createClient]).toEqual(["function", "function"]);
    expect(names.sort()).toEqual(expected);
  });
});

/**
 * What the CLI tests share: connection flags for a simulator, an account with one object of
 * every kind the generator handles, and a generated program made runnable in the program
 * directory of the installed package (test/e2e/package.ts), where `pulumi-hosting-reseller` and
 * `@pulumi/pulumi` resolve as in a user's project.
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

import * as ts from "typescript";

import { createClient } from "../../src/client/client";
import { generateSelfSigned, type Simulator } from "../../packages/simulator/src";
import type { InstalledPackage } from "../e2e/package";

const run = promisify(execFile);

/** The repository root. */
export const repositoryRoot = path.resolve(__dirname, "../..");

/**
 * The connection flags of `reseller ping` and `reseller generate` for a simulator.
 *
 * @example
 * await runPing(simFlags(sim), out);
 */
export function simFlags(sim: Simulator, version = "v4"): Record<string, string> {
  return { apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, apiVersion: version, maxAttempts: "1" };
}

/**
 * Adds to the demo account what its seed lacks, through the API as a user would: a custom
 * certificate, object storage with a URL, Redis running, a cron e-mail, a PHP version that is
 * not the default with options, and record sets of every other type (long and escaped TXT
 * included). Returns the certificate's private key, which the program takes from config.
 *
 * @example
 * const { privateKey } = await enrichDemoAccount(sim);
 */
export async function enrichDemoAccount(sim: Simulator): Promise<{ privateKey: string }> {
  const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, version: "v4" });
  try {
    const { cert, key } = generateSelfSigned({ commonName: "client-shop.net" });
    await client.request("ssl.installCustom", { id: 101, domain: "client-shop.net", certificate: cert, privateKey: key });
    await client.request("storage.initAccount", { id: 101 });
    await client.request("storage.addUrl", { id: 101, uri: "/media", domain: "agency-demo.com" });
    await client.request("cache.controlRedis", { id: 101, serviceAction: "on" });
    await client.request("cache.controlRedis", { id: 101, serviceAction: "start" });
    await client.request("cron.setEmail", { id: 101, email: "ops@agency-demo.com" });
    await client.request("php.setVersion", { id: 102, version: "8.3" });
    await client.request("php.setOptions", {
      id: 102,
      version: "8.3",
      options: { display_errors: "On", "session.gc_maxlifetime": "3600" },
    });
    await client.request("dns.modifyZone", {
      id: 101,
      domain: "agency-demo.com",
      rrsets: [
        { type: "AAAA", name: "api.agency-demo.com.", ttl: 300, records: [{ ip: "2001:db8::10" }] },
        {
          type: "TXT",
          name: "_dmarc.agency-demo.com.",
          ttl: 3600,
          records: [{ content: '"v=DMARC1; p=none; rua=mailto:dmarc@agency-demo.com"' }],
        },
        {
          type: "TXT",
          name: "long.agency-demo.com.",
          ttl: 3600,
          records: [{ content: `"${"a".repeat(255)}" "${"b".repeat(40)}"` }, { content: '"say \\"hi\\""' }],
        },
        { type: "SRV", name: "_sip._tcp.agency-demo.com.", ttl: 3600, records: [{ value: "5 5060 sip.agency-demo.com.", priority: 10 }] },
        { type: "CAA", name: "agency-demo.com.", ttl: 3600, records: [{ content: '0 issue "letsencrypt.org"' }] },
        { type: "A", name: "*.dev.agency-demo.com.", ttl: 600, records: [{ ip: "198.51.100.31" }, { ip: "198.51.100.30" }] },
      ],
    });
    return { privateKey: key };
  } finally {
    await client.close();
  }
}

/**
 * A generated project placed in the installed package's program directory, compiled to
 * CommonJS next to its `index.ts` (as `pulumi up` would run it through ts-node).
 *
 * @example
 * const project = placeProject(pkg, files, "all");
 * await typeCheck(project.dir);
 */
export interface PlacedProject {
  dir: string;
  /** Runs the program once more (a Pulumi program declares its resources when it runs). */
  program: () => void;
}

/**
 * Writes `files` into `<program directory>/programs/generated-<label>-<pid>/` and prepares the
 * program to run there.
 *
 * @example
 * const project = placeProject(pkg, generated.files, "all");
 */
export function placeProject(pkg: InstalledPackage, files: Record<string, string>, label: string): PlacedProject {
  const dir = path.join(pkg.dir, "programs", `generated-${label}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const source = files["index.ts"] ?? "";
  const js = ts.transpileModule(source, {
    fileName: "index.ts",
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  const entry = path.join(dir, "index.js");
  writeFileSync(entry, js);
  return {
    dir,
    program: () => {
      delete pkg.require.cache[entry];
      pkg.require(entry);
    },
  };
}

/**
 * Type-checks a project directory with its own `tsconfig.json`, as `tsc` in the user's project
 * would; resolves with the compiler's output, rejects with it on errors.
 *
 * @example
 * await typeCheck(project.dir);
 */
export async function typeCheck(dir: string): Promise<string> {
  const tsc = path.join(repositoryRoot, "node_modules", "typescript", "bin", "tsc");
  try {
    const { stdout } = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json"), "--noEmit"], { cwd: dir });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`tsc failed in ${dir}:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`, { cause: error });
  }
}

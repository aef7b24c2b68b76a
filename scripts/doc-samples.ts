/**
 * `npm run docs:samples`: runs what the docs show the output of, against the simulator, and
 * writes that output into the docs' marked blocks (`<!-- sample:<name>:start -->` ...
 * `<!-- sample:<name>:end -->`), so that no sample is ever typed by hand:
 *
 * - `ping` (docs/installation.md): `reseller ping` allowed, then refused by the allow-list;
 * - `generate`, `generate-index` (docs/generate.md): `reseller generate` on the `demo` seed, and
 *   the `index.ts` it writes;
 * - `route-not-found` (docs/first-day.md): the one line a read at a route the API does not have
 *   fails with, against a simulator that serves `dns.getZone` elsewhere;
 * - `demo-cli`, `demo-toolkit` (docs/demo.md): `npm run demo` with the real Pulumi CLI, and
 *   through the testing toolkit. The CLI run needs a Pulumi CLI (`PULUMI_CLI_DIR`, `PATH` or the
 *   cache of `npm run pulumi-cli`); without one its block is left as it is, and the script says so.
 *
 * What changes from one run to the next (ports, durations, temporary directories, generated
 * hashes) is masked by `maskSample`; `test/docs/samples.test.ts` and `test/engine/demo.test.ts`
 * compare fresh runs with the committed blocks through the same masks.
 *
 * @example
 * npm run docs:samples                 # every sample
 * npm run docs:samples -- ping generate  # only these
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createClient } from "../src/client/client";
import { isResellerApiError } from "../src/client/errors";
import { startSimulator } from "../packages/simulator/src";
import { repoPulumiCli } from "./lib/pulumi-cli";

const ROOT = path.resolve(__dirname, "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const CLI = path.join(ROOT, "src", "cli", "index.ts");

/** Which file holds which sample, and the fence it is shown in. */
export const SAMPLES = {
  ping: { file: "docs/installation.md", fence: "console" },
  generate: { file: "docs/generate.md", fence: "console" },
  "generate-index": { file: "docs/generate.md", fence: "ts" },
  "route-not-found": { file: "docs/first-day.md", fence: "text" },
  "demo-cli": { file: "docs/demo.md", fence: "text" },
  "demo-toolkit": { file: "docs/demo.md", fence: "text" },
} as const;

export type SampleName = keyof typeof SAMPLES;

/**
 * Masks what differs between two runs of the same thing: loopback ports, durations, temporary
 * directories, and the hex digests that name generated keys (a CSR's id).
 *
 * @example
 * maskSample("at http://127.0.0.1:41497 (29 API calls, 1079 ms)"); // "at http://127.0.0.1:<port> (29 API calls, <ms> ms)"
 */
export function maskSample(text: string): string {
  return text
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    .replace(/\b\d+ ms\b/g, "<ms> ms")
    .replace(/\b[0-9a-f]{40,}\b/g, "<sha256>")
    .replace(/ +$/gm, "");
}

/** A block's text: the fenced sample. */
function fenced(name: SampleName, text: string): string {
  const fence = SAMPLES[name].fence;
  return `\`\`\`${fence}\n${text.trimEnd()}\n\`\`\``;
}

/**
 * The sample `name` as committed in its file (the fenced text, without the fence), or undefined
 * when the block is empty.
 *
 * @example
 * committedSample("ping");
 */
export function committedSample(name: SampleName): string | undefined {
  const text = readFileSync(path.join(ROOT, SAMPLES[name].file), "utf8");
  const { start, end } = markers(name);
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${SAMPLES[name].file} lacks the markers ${start} ... ${end}`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(text.slice(a, b));
  return block ? `${block[1]}\n` : undefined;
}

function markers(name: string): { start: string; end: string } {
  return { start: `<!-- sample:${name}:start -->`, end: `<!-- sample:${name}:end -->` };
}

/** Writes `text` (already masked) into the block `name`. */
function writeSample(name: SampleName, text: string): void {
  const file = path.join(ROOT, SAMPLES[name].file);
  const content = readFileSync(file, "utf8");
  const { start, end } = markers(name);
  const a = content.indexOf(start);
  const b = content.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${SAMPLES[name].file} lacks the markers ${start} ... ${end}`);
  const note = "<!-- produced by `npm run docs:samples`; do not edit by hand -->";
  writeFileSync(file, `${content.slice(0, a + start.length)}\n${note}\n\n${fenced(name, text)}\n\n${content.slice(b)}`);
}

/** Runs the `reseller` command from the sources; resolves with its exit code and both streams as one text. */
function reseller(args: string[], env: Record<string, string>, cwd = ROOT): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(TSX, [CLI, ...args], { cwd, env: { ...cleanEnv(), ...env } }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") reject(error);
      else resolve({ code: typeof error?.code === "number" ? error.code : 0, output: `${stderr}${stdout}` });
    });
    child.stdin?.end();
  });
}

/** This process's environment without the settings that would change what the commands do. */
function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(PULUMI_|RESELLER_|npm_)/.test(entry[0]),
    ),
  );
}

/**
 * `reseller ping` against the demo seed: once allowed, once from an address the allow-list
 * leaves out (loopback refused).
 *
 * @example
 * const text = await pingSample();
 */
export async function pingSample(): Promise<string> {
  const parts: string[] = [];
  for (const allowLoopback of [true, false]) {
    const sim = await startSimulator({ seed: "demo", allowLoopback });
    try {
      const env = { RESELLER_API_URL: sim.url, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey };
      const { code, output } = await reseller(["ping"], env);
      parts.push(
        `$ reseller ping${allowLoopback ? "" : "            # from an address the API does not allow"}`,
        output.trimEnd(),
        `$ echo $?`,
        String(code),
        "",
      );
    } finally {
      await sim.close();
    }
  }
  return maskSample(parts.join("\n"));
}

/**
 * `reseller generate --out agency --project agency` against the demo seed: what it prints, and
 * the `index.ts` it writes.
 *
 * @example
 * const { console, program } = await generateSample();
 */
export async function generateSample(): Promise<{ console: string; program: string }> {
  const sim = await startSimulator({ seed: "demo" });
  const dir = mkdtempSync(path.join(tmpdir(), "reseller-generate-sample-"));
  try {
    const env = { RESELLER_API_URL: sim.url, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey };
    const args = ["generate", "--out", "agency", "--project", "agency"];
    const { code, output } = await reseller(args, env, dir);
    if (code !== 0) throw new Error(`reseller ${args.join(" ")} exited with ${code}:\n${output}`);
    return {
      console: maskSample([`$ reseller ${args.join(" ")}`, output.trimEnd()].join("\n")),
      program: maskSample(readFileSync(path.join(dir, "agency", "index.ts"), "utf8")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sim.close();
  }
}

/**
 * The message of a read at a route the API does not have: `dns.getZone` served elsewhere by the
 * simulator, whose unknown routes answer the API's own error shape (the hardest case).
 *
 * @example
 * const text = await routeNotFoundSample();
 */
export async function routeNotFoundSample(): Promise<string> {
  const sim = await startSimulator({ seed: "demo", routes: { "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone" } } } });
  const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey });
  try {
    await client.dns.getZone({ id: 101, domain: "agency-demo.com" });
    throw new Error("the read at the moved route answered");
  } catch (err) {
    if (!isResellerApiError(err, "route-not-found")) throw err;
    return maskSample(`${err.message}
`);
  } finally {
    await client.close();
    await sim.close();
  }
}

/**
 * What `npm run demo` prints (the demo itself, `scripts/demo.ts`, after the build), masked:
 * with the Pulumi CLI at `cliDir`, or through the testing toolkit when `cliDir` is undefined.
 *
 * @example
 * const text = await demoSample(undefined);
 */
export async function demoSample(cliDir: string | undefined): Promise<string> {
  const noCli = mkdtempSync(path.join(tmpdir(), "demo-no-cli-"));
  // Without a CLI: none on PATH (the Node directory only) and an empty build cache.
  const env = cliDir ? { PULUMI_CLI_DIR: cliDir } : { PATH: path.dirname(process.execPath), PULUMI_CLI_CACHE: noCli };
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve, reject) => {
      const child = spawn(TSX, ["scripts/demo.ts"], { cwd: ROOT, env: { ...cleanEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      child.on("error", reject);
      child.on("close", (exit) => resolve({ code: exit ?? 1, output: text }));
    });
    if (code !== 0) throw new Error(`the demo exited with ${code}:\n${output}`);
    return maskSample(maskCliPath(output, cliDir));
  } finally {
    rmSync(noCli, { recursive: true, force: true });
  }
}

/** The CLI's directory and version differ between machines: the demo's first line names both. */
export function maskCliPath(text: string, cliDir: string | undefined): string {
  const named = cliDir ? text.split(cliDir).join("<cli-dir>") : text;
  return named.replace(/Pulumi CLI v\d+\.\d+\.\d+/g, "Pulumi CLI v<version>");
}

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const want = (name: string) => wanted.size === 0 || wanted.has(name);
  if (want("ping")) writeSample("ping", await pingSample());
  if (want("generate")) {
    const { console: text, program } = await generateSample();
    writeSample("generate", text);
    writeSample("generate-index", program);
  }
  if (want("route-not-found")) writeSample("route-not-found", await routeNotFoundSample());
  if (["demo", "demo-toolkit", "demo-cli"].some(want)) {
    // The demo runs the built package, as `npm run demo` does after its build.
    await new Promise<void>((resolve, reject) =>
      execFile(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.build.json"], { cwd: ROOT }, (error, stdout) =>
        error ? reject(new Error(`the build failed:\n${stdout}`)) : resolve(),
      ),
    );
  }
  if (want("demo") || want("demo-toolkit")) writeSample("demo-toolkit", await demoSample(undefined));
  if (want("demo") || want("demo-cli")) {
    const cli = repoPulumiCli();
    if (cli) writeSample("demo-cli", await demoSample(cli.dir));
    else
      process.stderr.write("No Pulumi CLI found: the demo-cli sample in docs/demo.md is left as it is (npm run pulumi-cli builds one).\n");
  }
  process.stdout.write("Samples written.\n");
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}

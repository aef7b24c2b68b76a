/**
 * The reseller stack of bench/stack.ts through the provider plugin, `pulumi-resource-reseller`,
 * instead of dynamic resources: the same shape, names, inputs, SSH keys and 1 % change, as
 * directory programs that the `pulumi` CLI runs, in two languages:
 *
 * - a YAML program (`runtime: yaml`, `reseller:index:*` resources), written out for each N;
 * - a TypeScript program on the Node.js SDK that `pulumi package gen-sdk` generates from the
 *   schema, compiled and packed as the release publishes it (scripts/lib/sdk.ts) and unpacked into
 *   the program's `node_modules` as `npm install` puts it there.
 *
 * The plugin is installed as users install it (docs/decisions/0039): its release archive
 * (`buildPluginArchive`) through `pulumi plugin install resource reseller <version> --file`,
 * into a plugin home of the bench's own, with ambient plugins ignored; so neither program has a
 * `plugins` entry, and the engine takes the installed plugin (the YAML program by its type tokens,
 * the TypeScript one from the SDK's `package.json`). File backend, no update check, no plugin
 * download.
 *
 * Each run reports what the dynamic path's run reports (`StackRun`), measured the same way where
 * the plugin allows it: the simulator's request log and wall time per phase; the program's CPU
 * per resource (see {@link languageHostCpu} for YAML); the plugin process's peak RSS (the poller
 * of bench/stack.ts, matching the directory the plugin is installed in); the bytes of each
 * resource's entry in `pulumi stack export`.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { x as untar } from "tar";
import type { PulumiCli } from "../packages/testing/src/cli";
import { buildPluginArchive, hostPlatform, packageVersion, PLUGIN_NAME } from "../scripts/lib/plugin-archive";
import { REPO_ROOT } from "../scripts/lib/pulumi-cli";
import { buildNodejsSdk, genSdkArgs, genSdkPath, packNodejsSdk, sdkDirectory } from "../scripts/lib/sdk";
import {
  CHANGED_EVERY,
  declarations,
  HOSTINGS,
  measurePhase,
  stackShape,
  startRssPoller,
  stateBytesPerResource,
  ZONES,
  type Floor,
  type SimProcess,
  type StackRun,
} from "./stack";

/** The languages a plugin run's program is written in. */
export type PluginLanguage = "yaml" | "typescript";

/**
 * Environment of the machine that must not reach the CLI: another backend, home, token or
 * passphrase; reseller credentials the plugin would fall back to; loaders meant for this process.
 */
const FOREIGN_ENV = /^(PULUMI_|RESELLER_|NODE_OPTIONS$|npm_|TSX_)/;

/** The environment variable naming the file the TypeScript program writes its CPU to, during `up` only. */
const CPU_FILE_ENV = "BENCH_PROGRAM_CPU_FILE";

/**
 * The YAML program of the stack. Every scalar is written as JSON (a YAML double-quoted string,
 * a number, a flow sequence), so no value is read as another type or needs escaping of its own.
 */
function yamlProgram(n: number, keys: readonly string[], changed: boolean): string {
  const lines = ["name: reseller-bench-yaml", "runtime: yaml", "resources:"];
  for (const d of declarations(n, keys, changed)) {
    lines.push(`  ${d.name}:`, `    type: reseller:index:${d.type}`, "    properties:");
    for (const [key, value] of Object.entries(d.inputs)) lines.push(`      ${key}: ${JSON.stringify(value)}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The TypeScript program of the stack, on the generated SDK: the loops of bench/stack.ts's
 * `program`, with the values it closes over written in. It measures its CPU as that program
 * does: from its first statement (the SDK loaded, as the dynamic program's function starts with
 * the SDK loaded) to the moment the last resource's id arrives, which a preview never reaches;
 * and writes it to the file {@link CPU_FILE_ENV} names, which only the measured `up` sets.
 */
function typescriptProgram(n: number, keys: readonly string[], changed: boolean, sdk: string): string {
  const shape = stackShape(n);
  return `import { writeFileSync } from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as reseller from ${JSON.stringify(sdk)};

const start = process.cpuUsage();
const zones = ${JSON.stringify(ZONES)};
const hostings = ${JSON.stringify(HOSTINGS)};
const keys: string[] = ${JSON.stringify(keys.slice(0, shape.others.SshKey))};
const changed = ${JSON.stringify(changed)};
const ids: pulumi.Output<string>[] = [];
for (let i = 0; i < ${shape.recordSets}; i++) {
  const zone = zones[i % zones.length]!;
  const moved = changed && i % ${CHANGED_EVERY} === 0;
  ids.push(
    new reseller.DnsRecordSet(\`rs-\${i}\`, {
      domain: zone.domain,
      name: \`h\${i}\`,
      type: "A",
      ttl: 3600,
      hostingId: zone.hostingId,
      records: [\`198.51.\${moved ? 101 : 100}.\${(i % 250) + 1}\`],
    }).id,
  );
}
for (let i = 0; i < ${shape.others.SshKey}; i++)
  ids.push(new reseller.SshKey(\`key-\${i}\`, { hostingId: hostings[i % 3]!.id, publicKey: keys[i]!, comment: \`bench-\${i}@example.org\` }).id);
for (let i = 0; i < ${shape.others.FtpAccount}; i++) {
  const h = hostings[i % 3]!;
  ids.push(
    new reseller.FtpAccount(\`ftp-\${i}\`, { hostingId: h.id, domain: h.domain, user: \`u\${i}\`, path: "/public_html", password: \`Bench-Pass-2026-\${i}!\` }).id,
  );
}
for (let i = 0; i < ${shape.others.Redirection}; i++) {
  const h = hostings[i % 3]!;
  ids.push(
    new reseller.Redirection(\`redir-\${i}\`, {
      hostingId: h.id,
      domain: \`r\${Math.floor(i / 3)}.h\${h.id}.bench-redirect.com\`,
      destinationUrl: \`https://example.org/\${i}\`,
    }).id,
  );
}
for (let i = 0; i < ${shape.others.ObjectStorageUrl}; i++)
  ids.push(new reseller.ObjectStorageUrl(\`url-\${i}\`, { hostingId: hostings[i % 3]!.id, uri: \`assets-\${i}\` }).id);
const cpuFile = process.env.${CPU_FILE_ENV};
if (cpuFile) pulumi.all(ids).apply(() => writeFileSync(cpuFile, JSON.stringify(process.cpuUsage(start))));
`;
}

/** What a finished command printed, and its exit code. */
interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100 on Linux). */
function clockTicks(): number {
  const run = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(run.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
}

/**
 * The CPU time of the `name` processes that `parent` starts, from /proc/<pid>/stat (user and
 * system ticks) every 20 ms while they live; `stop()` samples once more and answers the sum of
 * each process's last sample, in milliseconds. Only children of `parent`: other jobs on the
 * machine may run a language host of the same name.
 *
 * It measures the YAML program's CPU: the YAML language host is the program (pulumi-yaml
 * evaluates the template in that Go process; there is no program process apart from it), so the
 * hosts' CPU during `up` is what the program spends. CLI 3.248 starts two in an `up`, a
 * short-lived one before the update and the one that runs the template; the figure sums both.
 * It includes what the TypeScript figure leaves out, the hosts' own start, reading the template
 * and loading the package's schema from the plugin; it ends at the exit of the host that ran the
 * template, after the last id arrived, when that host only waits to be stopped. A process's last
 * sample misses what it spent in the 20 ms before it exited.
 */
function languageHostCpu(parent: number, name: string, ticksPerSecond: number): { stop(): number } {
  const last = new Map<string, number>();
  const known = new Map<string, boolean>();
  const sample = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || known.get(pid) === false) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // Fields after the command name, which is in parentheses and may hold spaces: state (3),
        // ppid (4), ..., utime (14), stime (15).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        let ours = known.get(pid);
        if (ours === undefined) {
          ours = Number(fields[1]) === parent && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(name);
          known.set(pid, ours);
        }
        if (ours) last.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // The process ended between the listing and the read; its last sample stands.
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const ticks = [...last.values()].reduce((a, b) => a + b, 0);
      return (ticks / ticksPerSecond) * 1000;
    },
  };
}

/** The resources of an exported deployment. */
interface Exported {
  deployment: { resources?: { urn: string; type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] };
}

/** The bench's handle on the provider plugin: runs of the stack, one language at a time. */
export interface PluginBench {
  /** The plugin version installed from its archive (the package's). */
  version: string;
  /**
   * One run of the stack of `n` resources in `language`: up, a no-change preview, refresh, an up
   * changing 1 % of the record sets, destroy; `parallel` steps in flight (the CLI's default when
   * undefined), as the dynamic runs pass it. `floor` is the stack of N bare dynamic resources
   * through the same CLI with the same `parallel`, measured by the dynamic run: the plugin has no
   * resource without an API behind it, and that stack holds the same share of the engine's (and,
   * for the TypeScript program, the SDK's) own work per resource.
   */
  run(n: number, language: PluginLanguage, log: (line: string) => void, options: { parallel?: number; floor: Floor }): Promise<StackRun>;
  /** Stops the RSS poller; the simulator is the caller's, and `root` with it. */
  close(): Promise<void>;
}

/**
 * Prepares runs of the bench's stack through the provider plugin: builds the plugin's release
 * archive and installs it with `pulumi plugin install --file` into a plugin home under `root`,
 * with a file backend under `root`, against the caller's simulator `sim`. The Node.js SDK is
 * generated, compiled and packed on the first TypeScript run.
 *
 * `root` must lie inside the installed package's program directory (as bench/stack.ts's `root`
 * does): the SDK compiles, and the TypeScript program runs, with the `@pulumi/pulumi`,
 * `typescript` and `@types/node` found from there upwards. `keys` are the SSH public keys of the
 * dynamic runs (`sshKeys`), at least as many as the largest N declares.
 *
 * @example
 * const plugin = await preparePluginBench({ cli, sim, keys, root });
 * const run = await plugin.run(100, "yaml", console.log, { parallel: BENCH_PARALLEL, floor });
 * await plugin.close();
 */
export async function preparePluginBench(options: {
  cli: PulumiCli;
  sim: SimProcess;
  keys: readonly string[];
  root: string;
}): Promise<PluginBench> {
  const { cli, sim, keys } = options;
  const root = path.join(options.root, "plugin");
  const home = path.join(root, "pulumi-home");
  const backend = path.join(root, "backend");
  mkdirSync(home, { recursive: true });
  mkdirSync(backend, { recursive: true });
  const version = packageVersion();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !FOREIGN_ENV.test(entry[0])),
  );
  const env: Record<string, string> = {
    ...inherited,
    PATH: cli.path,
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backend}`,
    // The passphrase guards this bench's scratch state only.
    PULUMI_CONFIG_PASSPHRASE: randomUUID(),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // The engine would otherwise take a `pulumi-resource-reseller` on PATH first (npm puts the
    // package's own `bin` there); the run is about the installed plugin.
    PULUMI_IGNORE_AMBIENT_PLUGINS: "true",
    // The program is transpiled, not type-checked: checking it is no cost of the plugin, and the
    // dynamic runs' program is never compiled at all. The SDK is type-checked by its own build.
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
  const redact = (text: string) => text.split(sim.apiKey).join("[secret]");

  /** Starts `pulumi args` in `cwd` with the bench's environment and `extra` (an undefined value unsets). */
  function start(args: string[], cwd: string, extra: Record<string, string | undefined> = {}, input?: string) {
    const merged = Object.fromEntries(
      Object.entries({ ...env, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const child = spawn(cli.pulumi, args, { cwd, env: merged, stdio: ["pipe", "pipe", "pipe"] });
    const done = new Promise<Finished>((resolve, reject) => {
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.once("error", reject);
      child.once("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
    child.stdin.end(input ?? "");
    return { pid: child.pid!, done };
  }

  async function ok(args: string[], cwd: string, extra: Record<string, string | undefined> = {}, input?: string): Promise<Finished> {
    const result = await start(args, cwd, extra, input).done;
    if (result.code !== 0) {
      const tail = (text: string) => redact(text).trim().split("\n").slice(-30).join("\n");
      throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${tail(result.stdout)}\n${tail(result.stderr)}`);
    }
    return result;
  }

  const archive = await buildPluginArchive({ ...hostPlatform(), outDir: path.join(root, "archive") });
  await ok(["plugin", "install", "resource", PLUGIN_NAME, version, "--file", archive], root);
  // The launcher execs `node <plugin dir>/dist/plugin/main.js`: the plugin's command line holds
  // the directory it is installed in, which is this bench's alone.
  const pluginDir = path.join(home, "plugins", `resource-${PLUGIN_NAME}-v${version}`);
  if (!existsSync(path.join(pluginDir, `pulumi-resource-${PLUGIN_NAME}`)))
    throw new Error(`pulumi plugin install put no pulumi-resource-${PLUGIN_NAME} in ${pluginDir}`);
  const rss = startRssPoller([pluginDir]);
  const ticksPerSecond = clockTicks();
  let sdk: Promise<{ tarball: string; name: string }> | undefined;

  /** The Node.js SDK as the release packs it, generated from the schema the archive carries. */
  async function packedSdk(): Promise<{ tarball: string; name: string }> {
    const out = path.join(root, "sdk");
    // The SDK generator serves `GeneratePackage` as `pulumi-language-nodejs` first on PATH
    // (scripts/lib/sdk.ts): the CLI looks there only while ambient plugins count.
    await ok(genSdkArgs(path.join(REPO_ROOT, "schema.json"), "nodejs", out), root, {
      PATH: genSdkPath(cli.path),
      PULUMI_IGNORE_AMBIENT_PLUGINS: undefined,
    });
    const dir = sdkDirectory(out, "nodejs");
    // `tsc` of the TypeScript that compiles programs here, beside the `@pulumi/pulumi` and
    // `@types/node` the SDK compiles against.
    const typescript = createRequire(path.join(root, "index.js")).resolve("typescript/package.json");
    const built = buildNodejsSdk(dir, path.join(path.dirname(path.dirname(typescript)), ".bin"));
    if (!built.ok) throw new Error(`the generated Node.js SDK did not compile:\n${built.output.trim().split("\n").slice(-20).join("\n")}`);
    const packed = packNodejsSdk(dir, out);
    return { tarball: packed.tarball, name: packed.name };
  }

  /** A program directory of `language` for a run at N, with its stack initialised and configured. */
  async function programDir(n: number, language: PluginLanguage, stack: string): Promise<{ dir: string; write(changed: boolean): void }> {
    const dir = path.join(root, "programs", `${language}-${n}-${stack}`);
    mkdirSync(dir, { recursive: true });
    let write: (changed: boolean) => void;
    if (language === "yaml") {
      write = (changed) => writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram(n, keys, changed));
    } else {
      sdk ??= packedSdk();
      const { tarball, name } = await sdk;
      // Unpacked where `npm install` puts it; the engine finds the plugin's name and version in
      // its package.json, and the program no `plugins` entry.
      const installed = path.join(dir, "node_modules", ...name.split("/"));
      mkdirSync(installed, { recursive: true });
      await untar({ file: tarball, cwd: installed, strip: 1 });
      writeFileSync(path.join(dir, "Pulumi.yaml"), "name: reseller-bench-ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n");
      writeFileSync(
        path.join(dir, "package.json"),
        `${JSON.stringify({ name: "reseller-bench-ts", private: true, main: "index.ts" }, null, 2)}\n`,
      );
      write = (changed) => writeFileSync(path.join(dir, "index.ts"), typescriptProgram(n, keys, changed, name));
    }
    write(false);
    await ok(["stack", "init", stack, "--non-interactive"], dir);
    const set = (key: string, value: string, secret: boolean) =>
      // The value last, after `--`; the key's through stdin, so that it is on no command line.
      secret
        ? ok(["config", "set", key, "--secret", "--stack", stack, "--non-interactive"], dir, {}, value)
        : ok(["config", "set", key, "--plaintext", "--stack", stack, "--non-interactive", "--", value], dir);
    await set("reseller:apiUrl", sim.url, false);
    await set("reseller:apiUser", sim.apiUser, false);
    await set("reseller:apiKey", sim.apiKey, true);
    return { dir, write };
  }

  const phase = (op: () => Promise<unknown>) => measurePhase(sim, op);

  async function run(
    n: number,
    language: PluginLanguage,
    log: (line: string) => void,
    runOptions: { parallel?: number; floor: Floor },
  ): Promise<StackRun> {
    const { parallel, floor } = runOptions;
    const shape = stackShape(n);
    if (keys.length < shape.others.SshKey)
      throw new Error(`the stack at N=${n} declares ${shape.others.SshKey} SSH keys; ${keys.length} given`);
    const stack = `s${randomUUID().slice(0, 8)}`;
    const { dir, write } = await programDir(n, language, stack);
    const flags = [
      "--stack",
      stack,
      "--non-interactive",
      "--color",
      "never",
      ...(parallel === undefined ? [] : ["--parallel", String(parallel)]),
    ];
    const exported = async () =>
      (JSON.parse((await ok(["stack", "export", "--stack", stack, "--non-interactive"], dir)).stdout) as Exported).deployment.resources ??
      [];
    const ours = (resources: Awaited<ReturnType<typeof exported>>) => resources.filter((r) => r.type.startsWith("reseller:index:"));
    const cpuFile = path.join(dir, "program-cpu.json");
    let destroyed = false;
    await rss.take();
    try {
      let cpuMs = 0;
      const up = await phase(async () => {
        const command = start(
          ["up", "--yes", "--skip-preview", ...flags],
          dir,
          language === "typescript" ? { [CPU_FILE_ENV]: cpuFile } : {},
        );
        const host = language === "yaml" ? languageHostCpu(command.pid, "pulumi-language-yaml", ticksPerSecond) : undefined;
        const result = await command.done;
        const hostMs = host?.stop();
        if (result.code !== 0)
          throw new Error(`pulumi up at N=${n} (${language}) exited ${result.code}:\n${redact(result.stdout + result.stderr).trim()}`);
        if (hostMs !== undefined) cpuMs = hostMs;
      });
      if (language === "typescript") {
        if (!existsSync(cpuFile)) throw new Error(`the up at N=${n} ended without every resource's id reaching the program`);
        const used = JSON.parse(readFileSync(cpuFile, "utf8")) as NodeJS.CpuUsage;
        cpuMs = (used.user + used.system) / 1000;
      }
      if (cpuMs === 0) throw new Error(`no CPU time of pulumi-language-yaml was seen during the up at N=${n}`);
      const state = await exported();
      if (ours(state).length !== n) throw new Error(`the up at N=${n} left ${ours(state).length} of the plugin's resources in state`);
      log(
        `    up           ${up.calls} calls, ${up.seconds.toFixed(1)} s, program CPU ${(cpuMs / n).toFixed(2)} ms/resource${language === "yaml" ? " (the YAML language host's)" : ""}`,
      );
      // What dynamic resources carry in state and the plugin's do not: measured as the dynamic
      // run measures it, so that it shows 0 rather than being written as 0.
      const shellBytes = Math.max(
        0,
        ...state.map((r) => {
          const text = r.outputs?.__provider ?? r.inputs?.__provider;
          return typeof text === "string" ? Buffer.byteLength(text) : 0;
        }),
      );
      // `reseller:index:DnsRecordSet` gives `index:DnsRecordSet`; the dynamic runs' keys are the
      // bare type names.
      const stateBytesByType = Object.fromEntries(
        Object.entries(stateBytesPerResource(state)).map(([type, bytes]) => [type.replace(/^index:/, ""), bytes]),
      );
      log(
        `    state        ${Object.entries(stateBytesByType)
          .map(([type, bytes]) => `${type} ${bytes}`)
          .join(", ")} bytes/resource`,
      );
      const preview = await phase(() => ok(["preview", "--expect-no-changes", ...flags], dir));
      log(`    preview      ${preview.calls} calls, ${preview.seconds.toFixed(1)} s`);
      const refresh = await phase(() => ok(["refresh", "--yes", "--skip-preview", ...flags], dir));
      log(`    refresh      ${refresh.calls} calls, ${refresh.seconds.toFixed(1)} s (distinct reads: ${shape.distinctReads})`);
      write(true);
      const update1pct = await phase(() => ok(["up", "--yes", "--skip-preview", ...flags], dir));
      log(`    up (1 %)     ${update1pct.calls} calls, ${update1pct.seconds.toFixed(1)} s`);
      const destroy = await phase(() => ok(["destroy", "--yes", "--skip-preview", ...flags], dir));
      destroyed = true;
      log(`    destroy      ${destroy.calls} calls, ${destroy.seconds.toFixed(1)} s`);
      const left = ours(await exported());
      if (left.length > 0) throw new Error(`the destroy at N=${n} left ${left.length} of the plugin's resources in state`);
      const providerPeakRssMiB = await rss.take();
      log(`    plugin RSS   ${providerPeakRssMiB.toFixed(0)} MiB peak`);
      return {
        n,
        mode: "default",
        path: language === "yaml" ? "plugin-yaml" : "plugin-ts",
        cli: cli.version,
        ...(parallel === undefined ? {} : { parallel }),
        phases: { up, preview, refresh, update1pct, destroy },
        programCpuMsPerResource: cpuMs / n,
        floor,
        providerPeakRssMiB,
        shellBytes,
        stateBytesByType,
        // The program runs in a process of the CLI's, which this process cannot collect or weigh.
        heapMiB: [],
        distinctReads: shape.distinctReads,
        writeBound: shape.writeBound,
      };
    } finally {
      // A run that failed half-way takes its resources out of the simulator the next runs share,
      // so that their creates do not meet objects of this one; its own error is the one thrown.
      if (!destroyed) await start(["destroy", "--yes", "--skip-preview", ...flags], dir).done;
      await start(["stack", "rm", "--yes", "--force", "--stack", stack, "--non-interactive"], dir).done;
      rmSync(cpuFile, { force: true });
    }
  }

  return {
    version,
    run,
    async close() {
      rss.close();
    },
  };
}

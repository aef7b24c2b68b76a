/**
 * The engine suite's machinery without the test runner: the real Pulumi CLI against the
 * simulator, on a local file backend with a passphrase, nothing on the network, in a scratch
 * directory per test file. test/engine/harness.ts adds what needs vitest (the CLI the global
 * setup found, `describeEngine`, the per-file setup); scripts that run the CLI (the reliability
 * report's engine part) use this module directly.
 *
 * Programs run both ways users run them:
 * - **directory programs** (`Pulumi.yaml`, TypeScript `index.ts`, the Node.js language host),
 *   driven by `pulumi` commands as a user types them ({@link CliStack});
 * - **inline programs** through the Automation API ({@link inlineStack}), with the
 *   `@pulumi/pulumi/automation` of the installed package, so that the program's resources and the
 *   SDK serving them come from one copy of `@pulumi/pulumi`.
 *
 * Every program directory lives inside the installed package's directory (test/e2e/package.ts),
 * so that `pulumi-hosting-reseller`, its `/runtime` subpath (which the dynamic-provider host
 * `require`s) and `@pulumi/pulumi` resolve from the program, as in a user's project.
 */
import { execFileSync, spawn, type ChildProcessByStdio } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { Readable } from "node:stream";

import type * as Automation from "@pulumi/pulumi/automation";

import type * as ResourcesModule from "../../src";
import type { PulumiCli } from "../../packages/testing/src/cli";
import type * as SimulatorModule from "../../packages/simulator/src";
import { automationRoot } from "../../scripts/lib/pulumi-cli";
import { installedPackage, repositoryRoot, type InstalledPackage } from "../e2e/package";
import { isAbsentPathRequest } from "../helpers/absent-path";
import { recordGroup } from "../helpers/processes";
import { COMMAND_TIMEOUT, SETUP_TIMEOUT, STEP_TIMEOUT } from "../helpers/time";

/** The passphrase of every test stack's secrets provider. */
export const PASSPHRASE = "engine-suite-passphrase";

/** Timeouts of a test that runs a few `pulumi` commands, and of a `beforeAll` that installs the package and deploys a stack. */
export { SETUP_TIMEOUT, STEP_TIMEOUT };

/** Pulumi's marker of a secret value in a checkpoint (`resource.SecretSig`). */
export const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";

/** Type token prefix of this package's resources. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/reseller:";

/** What a `pulumi` command did. */
export interface CliResult {
  /** The exit code (7: `--expect-no-changes` found changes, since CLI 3.226). */
  code: number;
  stdout: string;
  stderr: string;
}

/** A resource of `pulumi stack export`. */
export interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  external?: boolean;
  protect?: boolean;
  retainOnDelete?: boolean;
  delete?: boolean;
  pendingReplacement?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  initErrors?: string[];
  deletedWith?: string;
}

/** `pulumi stack export` output. */
export interface Deployment {
  version: number;
  deployment: { resources?: ExportedResource[]; pending_operations?: unknown[] };
}

/**
 * One test file's engine: the installed package, the CLI, a scratch directory inside the
 * package's directory, and the environment every `pulumi` process gets.
 */
export interface Engine {
  pkg: InstalledPackage;
  cli: PulumiCli;
  simulator: typeof SimulatorModule;
  /** The package's resources, loaded from the installed package (for inline programs). */
  resources: typeof ResourcesModule;
  /** `@pulumi/pulumi/automation` of the installed package. */
  automation: typeof Automation;
  /** The scratch directory: programs, the file backend, `PULUMI_HOME`. */
  root: string;
  /** The file backend's directory. */
  backend: string;
  /** Environment of every `pulumi` process (and of the Automation API's). */
  env: Record<string, string>;
  /** Runs `pulumi args...` in `cwd`; never throws on a non-zero exit. */
  pulumi(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliResult>;
  /** Starts `pulumi args...` in `cwd` without waiting, so that it can be killed mid-way. */
  startPulumi(args: string[], options: { cwd: string; env?: Record<string, string> }): RunningCommand;
  /** Runs a shell script with `bash -e` (workflow steps), with the engine's environment. */
  bash(script: string, options: { cwd: string; env?: Record<string, string> }): Promise<CliResult>;
  /** Removes the scratch directory. */
  dispose(): void;
}

/**
 * Environment variables of the machine that must not reach the CLI: another backend, token or
 * passphrase, and reseller credentials the provider would fall back to.
 */
const FOREIGN_ENV = /^(PULUMI_|RESELLER_|NODE_OPTIONS$|npm_|VITEST|TINYPOOL)/;

/**
 * Prepares the engine with the CLI `cli` for one test file or script (`name` keeps scratch
 * directories apart). Test files use `engineScenario` of test/engine/harness.ts, which passes the
 * CLI the global setup found.
 *
 * @example
 * const engine = await startEngineWith(repoPulumiCli()!, "kill-host");
 */
export async function startEngineWith(cli: PulumiCli, name: string): Promise<Engine> {
  const pkg = await installedPackage();
  const root = path.join(pkg.dir, "engine", `${name}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  const backend = path.join(root, "backend");
  const home = path.join(root, "pulumi-home");
  mkdirSync(backend, { recursive: true });
  mkdirSync(home, { recursive: true });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !FOREIGN_ENV.test(entry[0])),
  );
  const env: Record<string, string> = {
    ...inherited,
    // The CLI's directory first: the engine finds the language host and the dynamic-provider
    // launcher (`pulumi-resource-pulumi-nodejs`) next to `pulumi` or on PATH.
    PATH: cli.path,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_HOME: home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
  };
  const exec = (command: string, args: string[], options: { cwd: string; env?: Record<string, string> }) =>
    run(command, args, { cwd: options.cwd, env: { ...env, ...options.env } });
  return {
    pkg,
    cli,
    simulator: pkg.require("pulumi-hosting-reseller/simulator") as typeof SimulatorModule,
    resources: pkg.require("pulumi-hosting-reseller") as typeof ResourcesModule,
    automation: pkg.require("@pulumi/pulumi/automation") as typeof Automation,
    root,
    backend,
    env,
    pulumi: (args, options) => exec(cli.pulumi, args, options),
    startPulumi: (args, options) => start(cli.pulumi, args, { cwd: options.cwd, env: { ...env, ...options.env } }),
    bash: (script, options) => exec("bash", ["-e", "-c", script], options),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A command started by {@link Engine.startPulumi}. */
export interface RunningCommand {
  pid: number;
  /** The command's end: its exit code (128 when killed by a signal) and output. */
  done: Promise<CliResult>;
  /**
   * Kills the command and every process it started, with SIGKILL, all at once: what a machine
   * or CI runner that dies does. The CLI starts each plugin (the language host, the
   * dynamic-provider host) in a process group of its own (sdk go/common/resource/plugin/plugin.go,
   * `cmdutil.RegisterProcessGroup`), so killing the CLI's group alone would leave the provider
   * host running; the processes are found by parent id instead. Returns the ids killed.
   */
  killTree(): number[];
}

/** The process `pid` and all its descendants, parents first. */
function processTree(pid: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of table.split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number];
    if (!Number.isInteger(child) || !Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * Starts a process in a process group of its own, recorded for the test run's reaping
 * (test/helpers/processes.ts), collecting its output; a command over `COMMAND_TIMEOUT` is
 * killed with its group.
 */
function start(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): RunningCommand {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  if (child.pid !== undefined) recordGroup(child.pid);
  const done = collect(child);
  return {
    pid: child.pid ?? -1,
    done,
    killTree: () => {
      if (child.pid === undefined || child.exitCode !== null) return [];
      const tree = processTree(child.pid);
      for (const pid of tree) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone already: nothing to kill.
        }
      }
      return tree;
    },
  };
}

/** Runs a process to completion, collecting its output (see {@link start}). */
function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Promise<CliResult> {
  return start(command, args, options).done;
}

function collect(child: ChildProcessByStdio<null, Readable, Readable>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group ended meanwhile.
      }
    }, COMMAND_TIMEOUT);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/**
 * A directory program: copies an example (or writes the given files) into the engine's scratch
 * directory and returns the directory.
 *
 * @example
 * const dir = programDirectory(engine, "hosting-site", { example: "hosting-site" });
 */
export function programDirectory(engine: Engine, name: string, source: { example: string } | { files: Record<string, string> }): string {
  const dir = path.join(engine.root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if ("example" in source) {
    cpSync(path.join(repositoryRoot, "examples", source.example), dir, { recursive: true });
  } else {
    for (const [file, text] of Object.entries(source.files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  }
  return dir;
}

/**
 * A TypeScript directory program named `name` (its `Pulumi.yaml`, `package.json` and the given
 * `index.ts`) in the engine's scratch directory; returns the directory.
 *
 * @example
 * const dir = typescriptProgram(engine, "upgrade", `import { SshKey } from "pulumi-hosting-reseller"; ...`);
 */
export function typescriptProgram(engine: Engine, name: string, index: string): string {
  return programDirectory(engine, name, {
    files: {
      "Pulumi.yaml": `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
      "package.json": `${JSON.stringify({ name, private: true, main: "index.ts" }, null, 2)}\n`,
      "index.ts": index,
    },
  });
}

export { CONTACT } from "../helpers/contact";

/** The directory of the installed package's provider plugin, as a user's `Pulumi.yaml` names it. */
export function pluginDirectory(engine: Engine): string {
  return path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "bin");
}

/**
 * The head of a YAML program on the installed package's provider plugin, found through
 * `plugins.providers[].path`; the program's sections follow it.
 *
 * @example
 * writeFileSync(path.join(dir, "Pulumi.yaml"), `${yamlProgramHead(engine, "site")}resources:\n  ...`);
 */
export function yamlProgramHead(engine: Engine, project: string): string {
  return `name: ${project}
runtime: yaml
plugins:
  providers:
    - name: reseller
      path: ${pluginDirectory(engine)}
`;
}

/** The simulator's connection as stack config keys (the API key secret). */
export function simulatorConfig(sim: SimulatorModule.Simulator): { key: string; value: string; secret?: boolean }[] {
  return [
    { key: "reseller:apiUrl", value: sim.url },
    { key: "reseller:apiUser", value: sim.apiUser },
    { key: "reseller:apiKey", value: sim.apiKey, secret: true },
    { key: "reseller:apiVersion", value: "v4" },
  ];
}

/**
 * A stack of a directory program, driven by `pulumi` commands as a user types them. Every
 * command runs with `--non-interactive` and `--color never`; commands that change the stack add
 * `--yes`, and `--skip-preview` where the scenario has no use for the preview.
 */
export class CliStack {
  constructor(
    readonly engine: Engine,
    readonly dir: string,
    readonly name: string,
    /** Extra environment for every command (e.g. `PULUMI_NODEJS_TRANSPILE_ONLY`). */
    readonly env: Record<string, string> = {},
  ) {}

  /** Runs `pulumi <args> --stack <name> --non-interactive --color never`. */
  run(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    return this.engine.pulumi([...args, "--stack", this.name, "--non-interactive", "--color", "never"], {
      cwd: this.dir,
      env: { ...this.env, ...env },
    });
  }

  /** Starts `pulumi <args>` as {@link run} does, without waiting (to kill it mid-way). */
  start(args: string[], env: Record<string, string> = {}): RunningCommand {
    return this.engine.startPulumi([...args, "--stack", this.name, "--non-interactive", "--color", "never"], {
      cwd: this.dir,
      env: { ...this.env, ...env },
    });
  }

  /** Like {@link run}, but a non-zero exit is an error that shows the command's output. */
  async ok(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    const result = await this.run(args, env);
    if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
    return result;
  }

  /** `pulumi stack init`, then the given config (secret values with `--secret`). */
  async init(config: { key: string; value: string; secret?: boolean }[]): Promise<void> {
    const init = await this.engine.pulumi(["stack", "init", this.name, "--non-interactive"], { cwd: this.dir, env: this.env });
    if (init.code !== 0) throw new Error(`pulumi stack init ${this.name} exited ${init.code}:\n${init.stdout}\n${init.stderr}`);
    for (const entry of config) {
      // The value comes last, after `--`: it may begin with a dash (a PEM key).
      const args = ["config", "set", entry.key, entry.secret ? "--secret" : "--plaintext", "--stack", this.name, "--non-interactive"];
      const set = await this.engine.pulumi([...args, "--", entry.value], { cwd: this.dir, env: this.env });
      if (set.code !== 0) throw new Error(`pulumi config set ${entry.key} exited ${set.code}:\n${set.stdout}\n${set.stderr}`);
    }
  }

  /** `pulumi stack export` (secrets as ciphertext, or in clear with `showSecrets`). */
  async export(options: { showSecrets?: boolean } = {}): Promise<Deployment> {
    const result = await this.ok(["stack", "export", ...(options.showSecrets ? ["--show-secrets"] : [])]);
    return JSON.parse(result.stdout) as Deployment;
  }
}

/**
 * The steps a `pulumi` display shows with a given verb (`update`, `refresh`, `updated`), as
 * resource name to the `[diff: ...]` text, for this package's resources. The display computes
 * that text itself, from the step's old and new inputs (pulumi pkg/backend/display/rows.go,
 * `getDiffInfo`): the dynamic-provider host sends the engine no changed keys, so the steps'
 * `diffs` are empty for dynamic resources.
 *
 * @example
 * expect(displayedSteps(preview.stdout, "update")).toEqual({ app: "~records" });
 */
export function displayedSteps(output: string, verb: string): Record<string, string> {
  const steps: Record<string, string> = {};
  const line = new RegExp(`^\\s*~\\s+pulumi-nodejs:dynamic/reseller:\\w+ (\\S+) ${verb}\\b.*?\\[diff: ([^\\]]*)\\]`, "gm");
  for (const match of output.matchAll(line)) steps[match[1]!] = match[2]!;
  return steps;
}

/**
 * The property lines of a `pulumi preview --diff` display (`+ adminContact: {`, `~ records: [`,
 * `- [0]: "..."`), and any `[diff: ...]` of the display without `--diff`: empty when the display
 * names no property of any step. Resource lines (`~ pulumi-nodejs:dynamic/reseller:X: (refresh)`)
 * and the summary (`~ 1 to update`) are not property lines.
 *
 * @example
 * expect(propertyDiffs(preview.stdout)).toEqual([]);
 */
export function propertyDiffs(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /^\s*[-+~]+\s+(\[\d+\]|"[^"]*"|[\w.$-]+)\s*:(\s|$)/.test(line) || line.includes("[diff: "))
    .map((line) => line.trimEnd());
}

/**
 * This package's resources in an exported deployment, by logical name (the last URN segment).
 *
 * @example
 * const app = resourcesByName(await stack.export()).get("app");
 */
export function resourcesByName(deployment: Deployment): Map<string, ExportedResource> {
  const named = new Map<string, ExportedResource>();
  for (const resource of deployment.deployment.resources ?? []) {
    if (resource.type.startsWith(TYPE_PREFIX) && !resource.delete) named.set(nameOf(resource.urn), resource);
  }
  return named;
}

/** The logical name in a URN. */
export function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * Operation ids the simulator served since `from` (an index into its request log), counted.
 *
 * @example
 * const mark = sim.requests.list().length;
 * await stack.ok(["up", "--yes"]);
 * expect(callsSince(sim, mark)["domains.register"]).toBeUndefined();
 */
export function callsSince(sim: SimulatorModule.Simulator, from = 0): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of sim.requests.list().slice(from)) counts[entry.id] = (counts[entry.id] ?? 0) + 1;
  return counts;
}

/**
 * The operations the simulator served since `from` that change something at the API (every
 * operation the endpoint table does not mark `safety: "read"`), sorted, each once. A request no
 * operation answers is none: the client's GET of a path that cannot exist, which tells a missing
 * object's 404 from a missing route's (src/client/route-check.ts).
 *
 * @example
 * expect(writesSince(engine, sim, mark)).toEqual(["dns.modifyZone"]);
 */
export function writesSince(engine: Engine, sim: SimulatorModule.Simulator, from = 0): string[] {
  const table = engine.resources.endpoints as Record<string, { safety: string } | undefined>;
  const writes = new Set<string>();
  for (const entry of sim.requests.list().slice(from)) {
    if (!isAbsentPathRequest(entry) && table[entry.key]?.safety !== "read") writes.add(entry.id);
  }
  return [...writes].sort();
}

/**
 * What the engine did to each resource during an Automation API operation, in the order the
 * steps completed: `onEvent` collects the step events, `ops(name)` lists a resource's operations.
 */
export interface StepLog {
  onEvent: (event: Automation.EngineEvent) => void;
  /** Completed steps, in order: `{ name, op }` (op as the engine names it: `create`, `delete-replaced`, ...). */
  readonly steps: { name: string; type: string; op: string; metadata: Automation.StepEventMetadata }[];
  /** Every diagnostic the engine reported. */
  readonly diagnostics: Automation.DiagnosticEvent[];
  /** The operations the engine applied to `name`. */
  ops(name: string): string[];
}

/**
 * A fresh step log for one operation.
 *
 * @example
 * const log = stepLog();
 * await stack.up({ onEvent: log.onEvent });
 * expect(log.ops("web")).toEqual(["update"]);
 */
export function stepLog(): StepLog {
  const steps: StepLog["steps"][number][] = [];
  const diagnostics: Automation.DiagnosticEvent[] = [];
  return {
    steps,
    diagnostics,
    onEvent: (event) => {
      if (event.diagnosticEvent) diagnostics.push(event.diagnosticEvent);
      const metadata = event.resOutputsEvent?.metadata;
      if (!metadata || !metadata.type.startsWith(TYPE_PREFIX)) return;
      steps.push({ name: nameOf(metadata.urn), type: metadata.type.slice(TYPE_PREFIX.length), op: metadata.op, metadata });
    },
    ops: (name) => steps.filter((step) => step.name === name).map((step) => step.op),
  };
}

/**
 * A stack of an inline program through the Automation API, in `<root>/<project>` (where the
 * workspace writes its `Pulumi.yaml`), configured for the simulator.
 *
 * @example
 * const stack = await inlineStack(engine, { project: "options", stack: "dev", sim, program: () => ({}) });
 */
export async function inlineStack(
  engine: Engine,
  options: { project: string; stack: string; sim: SimulatorModule.Simulator; program: Automation.PulumiFn },
): Promise<Automation.Stack> {
  const { LocalWorkspace, PulumiCommand } = engine.automation;
  const workDir = path.join(engine.root, options.project);
  mkdirSync(workDir, { recursive: true });
  const stack = await LocalWorkspace.createOrSelectStack(
    { projectName: options.project, stackName: options.stack, program: options.program },
    {
      workDir,
      pulumiHome: engine.env.PULUMI_HOME,
      envVars: engine.env,
      pulumiCommand: await PulumiCommand.get({ root: automationRoot(engine.cli, path.join(engine.root, "pulumi-root")) }),
      projectSettings: { name: options.project, runtime: "nodejs", backend: { url: engine.env.PULUMI_BACKEND_URL } },
    },
  );
  const config: Automation.ConfigMap = {};
  for (const entry of simulatorConfig(options.sim)) config[entry.key] = { value: entry.value, secret: entry.secret ?? false };
  await stack.setAllConfig(config);
  return stack;
}

/**
 * The Automation API's failure, as the CLI reported it: its exit code and output.
 *
 * The SDK runs the CLI with `execa`, which rejects on a non-zero exit; `exec` (automation/cmd.js)
 * catches that and reports every failed command with the code -2 ("unknown"), the execa message
 * as stderr and no stdout. The CLI's own exit code and output are on the execa error, kept as the
 * result's `err`, which this reads.
 *
 * @example
 * const failure = await commandFailure(stack.up());
 * expect(failure.stderr).toContain("protected");
 */
export async function commandFailure(operation: Promise<unknown>): Promise<{ code: number; stdout: string; stderr: string }> {
  type Execa = { exitCode?: number; stdout?: string; stderr?: string };
  try {
    await operation;
  } catch (error) {
    const result = (error as { commandResult?: { code: number; stdout: string; stderr: string; err?: Execa } }).commandResult;
    if (!result) throw error;
    const cli = result.err;
    if (cli && typeof cli.exitCode === "number") return { code: cli.exitCode, stdout: cli.stdout ?? "", stderr: cli.stderr ?? "" };
    return { code: result.code, stdout: result.stdout, stderr: result.stderr };
  }
  throw new Error("the operation succeeded, but it was expected to fail");
}

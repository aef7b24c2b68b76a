/**
 * `npm run demo`: the `hosting-site` example against the simulator's `demo` seed, end to end.
 *
 * It deploys the site, changes a DNS record and a PHP option behind Pulumi's back (as someone in
 * the control panel would), shows that refresh and preview report exactly that, puts it back,
 * and destroys the stack, printing the API calls each operation made.
 *
 * With a Pulumi CLI (`PULUMI_CLI_DIR`, a `pulumi` on PATH, or the build of `npm run pulumi-cli`)
 * it drives the real engine through the Automation API with an inline program (a local file
 * backend and `PULUMI_HOME` under `.tmp/demo/`, nothing else on the machine is touched). Without
 * one, it uses this package's testing toolkit: the real dynamic-provider host of
 * `@pulumi/pulumi`, with a test double of the engine. The first line says which.
 *
 * The program runs from `.tmp/demo/`, where `node_modules` links to this repository (as
 * `pulumi-hosting-reseller`, built by `npm run build`) and to its `@pulumi/pulumi`: the provider
 * host resolves `pulumi-hosting-reseller/runtime` from the program's directory, as it would in
 * a user's project, and nothing is downloaded.
 */
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";

import type * as PulumiModule from "@pulumi/pulumi";
import type * as Automation from "@pulumi/pulumi/automation";

import type * as SimulatorModule from "../packages/simulator/src";
import type * as TestingModule from "../packages/testing/src";
import type { PulumiCli } from "../packages/testing/src/cli";
import { automationRoot, repoPulumiCli } from "./lib/pulumi-cli";

/**
 * The demo writes each record set in a call of its own. Batched, the first `up` sends one or two
 * zone writes depending on how close together the engine starts the two record sets, and the
 * call counts docs/demo.md shows (compared with every run) would change from run to run.
 * Batching is measured by `npm run bench` (docs/benchmarks.md).
 */
const DEMO_WRITE_BATCH_SIZE = "1";

const root = path.resolve(__dirname, "..");
const workDir = path.join(root, ".tmp", "demo");
const FTP_PASSWORD = "Release-Pass-2026";
const PROJECT = "hosting-site";
const STACK = "demo";

/** The example's module (`examples/hosting-site/site.ts`), as the demo uses it. */
interface SiteModule {
  hostingSite(config: Record<string, unknown>): Record<string, unknown>;
  demoSiteConfig: Record<string, unknown>;
}

/** What one operation reported: counts per step kind, and the resources that differ. */
interface Report {
  changes: Record<string, number>;
  changed: { name: string; type: string; op: string; properties: string[] }[];
}

/** The four operations, whichever engine runs them. */
interface Driver {
  up(): Promise<Report>;
  refresh(): Promise<Report>;
  preview(): Promise<Report>;
  destroy(): Promise<Report>;
  /** The managed resources now in the state. */
  resources(): Promise<{ name: string; type: string; id: string }[]>;
  close(): Promise<void>;
}

function prepareProgramDirectory(): NodeRequire {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(workDir, "node_modules"), { recursive: true });
  writeFileSync(path.join(workDir, "package.json"), `${JSON.stringify({ name: "hosting-site-demo", private: true }, null, 2)}\n`);
  const link = process.platform === "win32" ? "junction" : "dir";
  symlinkSync(root, path.join(workDir, "node_modules", "pulumi-hosting-reseller"), link);
  symlinkSync(path.join(root, "node_modules", "@pulumi"), path.join(workDir, "node_modules", "@pulumi"), link);
  copyFileSync(path.join(root, "examples", "hosting-site", "site.ts"), path.join(workDir, "site.ts"));
  return createRequire(path.join(workDir, "package.json"));
}

const shortType = (type: string) => type.slice(type.lastIndexOf(":") + 1);
const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** The testing toolkit: real provider host, test double of the engine, state in memory. */
async function toolkitDriver(load: NodeRequire, sim: SimulatorModule.Simulator, program: () => unknown): Promise<Driver> {
  const { createTestStack } = load("pulumi-hosting-reseller/testing") as typeof TestingModule;
  const stack = await createTestStack({
    workDir,
    project: PROJECT,
    stack: STACK,
    program,
    config: {
      "reseller:apiUrl": sim.url,
      "reseller:apiUser": sim.apiUser,
      "reseller:apiKey": { secret: sim.apiKey },
      "reseller:writeBatchSize": DEMO_WRITE_BATCH_SIZE,
    },
  });
  const report = (result: TestingModule.OperationResult): Report => ({
    changes: result.resourceChanges as Record<string, number>,
    changed: result.steps
      .filter((step) => step.op !== "same")
      .map((step) => ({ name: step.name, type: shortType(step.type), op: step.op, properties: step.changedProperties })),
  });
  return {
    up: async () => report(await stack.up()),
    refresh: async () => report(await stack.refresh()),
    preview: async () => report(await stack.preview()),
    destroy: async () => report(await stack.destroy()),
    resources: async () => stack.state.resources.map((r) => ({ name: nameOf(r.urn), type: shortType(r.type), id: r.id })),
    close: () => stack.close(),
  };
}

/**
 * The top-level properties whose values differ between two states, the serialized provider aside.
 *
 * The engine's own list (`diffs` of a step event) is empty for dynamic resources: it is the
 * `diffs` of the provider's Diff response (pulumi sdk/go/common/resource/plugin/provider_plugin.go,
 * `Diff`), which the dynamic-provider host never fills. What the engine does report with every
 * step is the resource's old and new state, and those name the properties.
 */
function changedProperties(olds: Record<string, unknown> | undefined, news: Record<string, unknown> | undefined): string[] {
  const keys = new Set([...Object.keys(olds ?? {}), ...Object.keys(news ?? {})]);
  keys.delete("__provider");
  return [...keys].filter((key) => !isDeepStrictEqual(olds?.[key], news?.[key])).sort();
}

/**
 * The Pulumi CLI through the Automation API, with an inline program, a file backend in
 * `.tmp/demo/state` and a `PULUMI_HOME` of its own in `.tmp/demo/pulumi-home`.
 */
async function automationDriver(
  load: NodeRequire,
  sim: SimulatorModule.Simulator,
  program: () => unknown,
  cli: PulumiCli,
): Promise<Driver> {
  const { LocalWorkspace, PulumiCommand } = load("@pulumi/pulumi/automation") as typeof Automation;
  const stateDir = path.join(workDir, "state");
  const home = path.join(workDir, "pulumi-home");
  mkdirSync(stateDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const backend = `file://${stateDir}`;
  const stack = await LocalWorkspace.createOrSelectStack(
    { projectName: PROJECT, stackName: STACK, program: async () => program() as Record<string, unknown> },
    {
      workDir,
      pulumiHome: home,
      pulumiCommand: await PulumiCommand.get({ root: automationRoot(cli, path.join(workDir, "pulumi-root")) }),
      envVars: {
        PATH: cli.path,
        PULUMI_BACKEND_URL: backend,
        PULUMI_CONFIG_PASSPHRASE: "demo-passphrase",
        PULUMI_HOME: home,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      },
      projectSettings: { name: PROJECT, runtime: "nodejs", backend: { url: backend } },
    },
  );
  await stack.setAllConfig({
    "reseller:apiUrl": { value: sim.url },
    "reseller:apiUser": { value: sim.apiUser },
    "reseller:apiKey": { value: sim.apiKey, secret: true },
    "reseller:writeBatchSize": { value: DEMO_WRITE_BATCH_SIZE },
  });
  // Each finished step arrives as an engine event with the resource's old and new state. A
  // refresh step names what the API returned that differs from the state (outputs); an update or
  // a replacement names what the program declares that differs from the state (inputs).
  const run = async (operation: (onEvent: (event: Automation.EngineEvent) => void) => Promise<Record<string, number>>) => {
    const changed = new Map<string, Report["changed"][number]>();
    const onEvent = (event: Automation.EngineEvent) => {
      const metadata = event.resOutputsEvent?.metadata;
      if (!metadata || metadata.op === "same" || metadata.op === "read" || metadata.type === "pulumi:pulumi:Stack") return;
      const properties = metadata.diffs?.length
        ? [...metadata.diffs]
        : metadata.op === "refresh"
          ? changedProperties(metadata.old?.outputs, metadata.new?.outputs)
          : changedProperties(metadata.old?.inputs, metadata.new?.inputs);
      // Refresh reports every resource; only those whose state changed are drift.
      if (metadata.op === "refresh" && properties.length === 0) return;
      changed.set(metadata.urn, {
        name: nameOf(metadata.urn),
        type: shortType(metadata.type),
        op: metadata.op === "refresh" ? "update" : metadata.op,
        properties,
      });
    };
    const changes = await operation(onEvent);
    return { changes, changed: [...changed.values()] };
  };
  return {
    up: () => run(async (onEvent) => (await stack.up({ onEvent })).summary.resourceChanges ?? {}),
    refresh: () => run(async (onEvent) => (await stack.refresh({ onEvent })).summary.resourceChanges ?? {}),
    preview: () => run(async (onEvent) => (await stack.preview({ onEvent, diff: true })).changeSummary),
    destroy: () => run(async (onEvent) => (await stack.destroy({ onEvent })).summary.resourceChanges ?? {}),
    resources: async () =>
      (((await stack.exportStack()).deployment.resources as { urn: string; type: string; id?: string }[] | undefined) ?? [])
        .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))
        .map((r) => ({ name: nameOf(r.urn), type: shortType(r.type), id: r.id ?? "" })),
    close: async () => {
      await stack.workspace.removeStack(STACK);
    },
  };
}

/** API calls the simulator served since `mark`, grouped by operation id. */
function callsSince(sim: SimulatorModule.Simulator, mark: number): { total: number; byOperation: [string, number][] } {
  const counts = new Map<string, number>();
  const entries = sim.requests.list().slice(mark);
  for (const entry of entries) counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1);
  return { total: entries.length, byOperation: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) };
}

function describeChanges(changes: Record<string, number>): string {
  return Object.entries(changes)
    .map(([op, count]) => `${count} ${op}`)
    .join(", ");
}

async function main(): Promise<void> {
  const cli = repoPulumiCli();
  console.log(
    cli
      ? `Running the hosting-site example with the real Pulumi CLI v${cli.version} (${cli.pulumi}, from ${cli.source}): Automation API, inline program, local file backend in .tmp/demo/state.`
      : "Pulumi CLI not found: running the hosting-site example through the testing toolkit (pulumi-hosting-reseller/testing: the real dynamic-provider host, a test double of the engine). `npm run pulumi-cli` builds the CLI.",
  );

  const load = prepareProgramDirectory();
  const pulumi = load("@pulumi/pulumi") as typeof PulumiModule;
  const { startSimulator } = load("pulumi-hosting-reseller/simulator") as typeof SimulatorModule;
  const site = load("./site.ts") as SiteModule;
  const sim = await startSimulator({ seed: "demo" });
  console.log(`Simulator with the demo seed at ${sim.url} (hosting account 101 "agencyde", agency-demo.com, 1000 USD of credit).\n`);

  try {
    await demonstrate(sim, cli, load, () => site.hostingSite({ ...site.demoSiteConfig, ftpPassword: pulumi.secret(FTP_PASSWORD) }));
  } finally {
    await sim.close();
  }
}

/** Steps sorted by resource name, so that the same run prints the same lines. */
function byName<T extends { name: string }>(steps: readonly T[]): T[] {
  return [...steps].sort((a, b) => a.name.localeCompare(b.name));
}

/** The five operations and the summary. */
async function demonstrate(
  sim: SimulatorModule.Simulator,
  cli: PulumiCli | undefined,
  load: NodeRequire,
  program: () => unknown,
): Promise<void> {
  const driver = cli ? await automationDriver(load, sim, program, cli) : await toolkitDriver(load, sim, program);
  const callsPerOperation: [string, number][] = [];
  const operation = async (label: string, action: () => Promise<Report>): Promise<Report> => {
    const mark = sim.requests.list().length;
    const started = Date.now();
    const report = await action();
    const calls = callsSince(sim, mark);
    callsPerOperation.push([label, calls.total]);
    console.log(`== ${label}: ${describeChanges(report.changes) || "nothing"} (${calls.total} API calls, ${Date.now() - started} ms)`);
    const shown = calls.byOperation.slice(0, 8).map(([id, count]) => `${id} x${count}`);
    if (shown.length > 0) console.log(`   calls: ${shown.join(", ")}${calls.byOperation.length > 8 ? ", ..." : ""}`);
    // Creates and deletes are the resource list below; what deserves a line is what changed.
    // By name: the engine reports steps in the order they finish, which varies from run to run.
    for (const change of byName(report.changed.filter((c) => c.op !== "create" && c.op !== "delete"))) {
      console.log(
        `   ${change.op.padEnd(7)} ${change.name} (${change.type})${change.properties.length ? `: ${change.properties.join(", ")}` : ""}`,
      );
    }
    return report;
  };

  let drift: Report["changed"] | undefined;
  try {
    await operation("up", () => driver.up());
    const resources = await driver.resources();
    console.log(`   ${resources.length} resources of ${new Set(resources.map((r) => r.type)).size} types:`);
    for (const resource of [...resources].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)))
      console.log(`     ${resource.type.padEnd(22)} ${resource.name.padEnd(18)} ${resource.id}`);

    // Someone edits the zone and the PHP settings in the control panel.
    const hosting = sim.store.hostings["101"];
    const record = sim.store.zones["agency-demo.com"]?.find((r) => r.name === "app.agency-demo.com." && r.type === "A");
    const option = hosting?.php.options["8.2"]?.max_execution_time;
    if (!record || !option) throw new Error("the deployment did not create the app record, or the seed lacks PHP 8.2 options");
    record.records = [{ ip: "203.0.113.99" }];
    option.value = "300";
    console.log("\n-- Out of band: app.agency-demo.com now points at 203.0.113.99, and PHP 8.2 max_execution_time is 300.\n");

    const refreshed = await operation("refresh", () => driver.refresh());
    drift = refreshed.changed;
    await operation("preview", () => driver.preview());
    await operation("up (puts the declared values back)", () => driver.up());
    await operation("destroy", () => driver.destroy());
  } finally {
    // A failed cleanup must not hide the failure that got us here.
    await driver
      .close()
      .catch((error: unknown) => console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  const domain = sim.store.domains["agency-demo.com"];
  console.log("\nSummary");
  console.log(`  API calls per operation: ${callsPerOperation.map(([label, count]) => `${label.split(" ")[0]} ${count}`).join(", ")}`);
  console.log(
    `  drift found by refresh: ${
      drift?.length
        ? byName(drift)
            .map((d) => `${d.name} (${d.type}): ${d.properties.join(", ")}`)
            .join("; ")
        : "none"
    }`,
  );
  console.log(
    `  after destroy: agency-demo.com still registered (${domain?.registrationStatus}, expires ${domain?.expiryDate}; adopted, so released from state only); ` +
      `credit ${sim.store.account.credit} ${sim.store.account.currency}; domain orders placed: ${sim.requests.count("domains.register") + sim.requests.count("domains.renew")}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});

/**
 * A `pulumi up` killed mid-create, through the real Pulumi CLI (issue 12 item 1): the steps of
 * the scenario, shared by the engine test (test/engine/kill-host.test.ts, which asserts after
 * each step) and the reliability report (`npm run reliability -- --write-docs`, which writes the
 * commands and their output into docs/reliability.md).
 *
 * A directory program declares a DomainRegistration (an order that charges the account) and a
 * DnsRecordSet. The simulator holds both creates' write requests (a latency fault) and, while
 * they are held, the CLI and every process it started (the language host, the dynamic-provider
 * host) are killed with SIGKILL, as when the CI runner or the machine dies. The held requests
 * then land: the domain is ordered and the record set written, and the engine's state knows
 * neither; it only lists them as pending creates (`pending_operations`, which the CLI keeps until
 * a refresh clears them: pkg/backend/journal.go, "we don't want to clear pending CREATE
 * operations").
 *
 * The killed CLI also left its lock on the stack: the next command fails, naming `pulumi
 * cancel`, which removes it. The next `up` then warns of the pending operations and tries the
 * creates again; each runs its identity read first and finds the object. Before sending its
 * request, the killed run's provider recorded each create under `$PULUMI_HOME/reseller/intent/`
 * (decision 0033): the record names this stack's resource and its inputs, so the `up` takes both
 * objects into the state without `adopt: true` and without a program change: no second order, no
 * second charge. `pulumi refresh --clear-pending-creates` drops the pending creates the engine
 * still lists, a preview wants nothing, and a destroy deletes the record set and releases the
 * domain from the state (decision 0003).
 *
 * Without the record (the `up` resumed on another machine, or with another `PULUMI_HOME`:
 * {@link KillScenario.forgetIntent}), the `up` after the kill stops before writing, naming each
 * object and `adopt: true` (decision 0019), and with `adopt: true` the `up` after that converges.
 */
import { readdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import type { Simulator } from "../../packages/simulator/src";
import {
  callsSince,
  CliStack,
  CONTACT,
  simulatorConfig,
  typescriptProgram,
  writesSince,
  type CliResult,
  type Deployment,
  type Engine,
} from "../../test/engine/engine";
import { maskSample } from "../doc-samples";
import { until } from "./kill";

/** The domain the program registers (not in the demo seed). */
export const KILL_DOMAIN = "killed-mid-create.com";
/** The project of the scenario's program. */
export const KILL_PROJECT = "kill-host";
/** The zone and the record set the program declares. */
export const KILL_ZONE = "agency-demo.com";
export const KILL_RECORD = { name: "status", type: "A", records: ["198.51.100.70"] } as const;
/** The creates' write requests the simulator holds while the CLI is killed. */
export const HELD_OPERATIONS = ["domains.register", "dns.modifyZone"] as const;

/**
 * How long the simulator holds each create: long enough that both creates are in flight at once
 * on a loaded machine (each is held from its own arrival), short enough to keep the run brief.
 */
const HOLD_MS = 25_000;

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, DomainRegistration } from "pulumi-hosting-reseller";

// Off at first; set with \`pulumi config set adopt true\` once an up has named what it found.
const adopt = new pulumi.Config().getBoolean("adopt") ?? false;

new DomainRegistration("shop", {
  domain: "${KILL_DOMAIN}",
  period: 1,
  maxPrice: 20,
  registrant: ${JSON.stringify(CONTACT)},
  adopt,
});
new DnsRecordSet("status", {
  domain: "${KILL_ZONE}",
  hostingId: 101,
  name: "${KILL_RECORD.name}",
  type: "${KILL_RECORD.type}",
  records: ${JSON.stringify(KILL_RECORD.records)},
  adopt,
});
`;

/** One command of the scenario as a user types it, and what it printed. */
export interface TranscriptStep {
  command: string;
  /** What happened around the command that the output does not show (the kill). */
  note?: string;
  result: CliResult;
}

/** A pending operation of `pulumi stack export`. */
export interface PendingOperation {
  type: string;
  resource: { urn: string };
}

/**
 * The scenario's steps on one stack; each records its command in {@link transcript}.
 *
 * @example
 * const scenario = await KillScenario.start(engine, sim);
 * const killed = await scenario.killedUp();
 */
export class KillScenario {
  readonly transcript: TranscriptStep[] = [];

  private constructor(
    readonly engine: Engine,
    readonly sim: Simulator,
    readonly stack: CliStack,
  ) {}

  /**
   * Writes the program into the engine's scratch directory and creates its stack; `project`
   * names the program (its directory), so that two scenarios can share an engine.
   */
  static async start(engine: Engine, sim: Simulator, project = KILL_PROJECT): Promise<KillScenario> {
    const dir = typescriptProgram(engine, project, PROGRAM);
    // The program is checked by what it does: transpiling only keeps runs short.
    const stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
    await stack.init(simulatorConfig(sim));
    return new KillScenario(engine, sim, stack);
  }

  private async command(args: string[]): Promise<CliResult> {
    const result = await this.stack.run(args);
    this.transcript.push({ command: `pulumi ${args.join(" ")}`, result });
    return result;
  }

  /**
   * `pulumi up`, killed with everything it started once the simulator holds both creates'
   * writes; then waits until the held writes have landed. Returns the processes killed, whether
   * both writes were held at the kill, whether both objects exist afterwards, and the killed
   * command's end.
   */
  async killedUp(): Promise<{ killed: number[]; held: boolean; landed: boolean; result: CliResult }> {
    const faults = HELD_OPERATIONS.map((operation) => this.sim.faults.add({ operation, kind: "latency", latencyMs: HOLD_MS }));
    const args = ["up", "--yes", "--skip-preview"];
    const running = this.stack.start(args);
    // A fault is used up when its request arrives: both gone means both creates were sent.
    const held = await until(() => this.sim.faults.list().length === 0, 240_000);
    const killed = running.killTree();
    const result = await running.done;
    for (const id of faults) this.sim.faults.clear(id);
    const landed = await until(() => this.domainInAccount() && this.recordInZone(), HOLD_MS + 30_000);
    this.transcript.push({
      command: `pulumi ${args.join(" ")}`,
      note: `killed with SIGKILL, with every process it started, while the API held ${HELD_OPERATIONS.map((o) => `\`${o}\``).join(" and ")}; both land after the kill`,
      result,
    });
    return { killed, held, landed, result };
  }

  /** The pending operations `pulumi stack export` shows. */
  async pendingOperations(): Promise<PendingOperation[]> {
    const result = await this.command(["stack", "export"]);
    const deployment = JSON.parse(result.stdout) as Deployment;
    return (deployment.deployment.pending_operations ?? []) as PendingOperation[];
  }

  /**
   * `pulumi cancel`: the killed CLI left its lock on the stack (the file backend's
   * `.pulumi/locks`), which fails every later command until it is removed.
   */
  cancel(): Promise<CliResult> {
    return this.command(["cancel", "--yes"]);
  }

  /**
   * Removes the records of the creates the killed run sent (`$PULUMI_HOME/reseller/intent/`, the
   * home the CLI and the provider hosts it starts share), as when the next `up` runs on another
   * machine; returns whether there were any.
   */
  forgetIntent(): boolean {
    const dir = path.join(this.engine.env.PULUMI_HOME!, "reseller", "intent");
    let had: boolean;
    try {
      had = readdirSync(dir).length > 0;
    } catch {
      had = false;
    }
    rmSync(dir, { recursive: true, force: true });
    return had;
  }

  /** `pulumi up` as it was before the kill. */
  up(): Promise<CliResult> {
    return this.command(["up", "--yes", "--skip-preview"]);
  }

  /** `pulumi config set adopt true`, then `pulumi up`. */
  async adoptUp(): Promise<CliResult> {
    await this.command(["config", "set", "adopt", "true"]);
    return this.up();
  }

  /** `pulumi refresh --clear-pending-creates`: drops the pending creates the engine still lists. */
  clearPendingCreates(): Promise<CliResult> {
    return this.command(["refresh", "--clear-pending-creates", "--yes", "--skip-preview"]);
  }

  /** `pulumi preview --expect-no-changes`. */
  previewNoChanges(): Promise<CliResult> {
    return this.command(["preview", "--expect-no-changes"]);
  }

  /** `pulumi destroy`. */
  destroy(): Promise<CliResult> {
    return this.command(["destroy", "--yes", "--skip-preview"]);
  }

  /** Whether the account holds the domain. */
  domainInAccount(): boolean {
    return this.sim.store.domains[KILL_DOMAIN] !== undefined;
  }

  /** Whether the zone holds the record set. */
  recordInZone(): boolean {
    return (
      this.sim.store.zones[KILL_ZONE]?.some((r) => r.name === `${KILL_RECORD.name}.${KILL_ZONE}.` && r.type === KILL_RECORD.type) ?? false
    );
  }

  /** Calls per operation the simulator served since `mark`. */
  callsSince(mark: number): Record<string, number> {
    return callsSince(this.sim, mark);
  }

  /** The writing operations the simulator served since `mark`. */
  writesSince(mark: number): string[] {
    return writesSince(this.engine, this.sim, mark);
  }
}

/**
 * The CLI's output without its progress rows: the non-interactive display prints a row whenever
 * a resource's status changes, so which rows appear, and in which order, follows the timing of
 * the run. What stays is the operation's header and its summary (diagnostics, resources).
 */
function withoutProgress(text: string): string {
  const kept: string[] = [];
  let inProgress = false;
  for (const line of text.split("\n")) {
    if (/^(Updating|Refreshing|Destroying|Previewing update) \(/.test(line)) {
      kept.push(line);
      inProgress = true;
      continue;
    }
    if (inProgress && /^(Diagnostics|Resources|Outputs):/.test(line)) inProgress = false;
    if (!inProgress) kept.push(line);
  }
  return kept.join("\n");
}

/**
 * Masks what changes from one run to the next in a transcript: progress rows, durations, dates,
 * the scratch directory, the lock file's name and owner, loopback ports and digests.
 *
 * @example
 * maskTranscript("Duration: 7s", "/tmp/x"); // "Duration: <s>"
 */
export function maskTranscript(text: string, root: string): string {
  return maskSample(withoutProgress(text.split(root).join("<dir>")))
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, "<date>")
    .replace(/Duration: [\dm.]+s/g, "Duration: <s>")
    .replace(/created by \S+ \(pid \d+\) at \S+/g, "created by <user>@<host> (pid <pid>) at <time>")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/^View (in Browser|Live).*\n/gm, "");
}

/** What the scenario's transcript looks like in docs/reliability.md: each command and its output, masked. */
export function transcriptMarkdown(transcript: TranscriptStep[], root: string): string {
  const lines: string[] = [];
  for (const step of transcript) {
    // The export is long (the whole state): the page shows its pending operations only.
    if (step.command === "pulumi stack export") {
      // In URN order: the engine lists them in the order the creates began, which varies.
      const pending = (((JSON.parse(step.result.stdout) as Deployment).deployment.pending_operations ?? []) as PendingOperation[]).sort(
        (a, b) => a.resource.urn.localeCompare(b.resource.urn),
      );
      lines.push("$ pulumi stack export | jq '.deployment.pending_operations[] | {type, urn: .resource.urn}'");
      for (const op of pending) lines.push(JSON.stringify({ type: op.type, urn: op.resource.urn }, null, 2));
      lines.push("");
      continue;
    }
    lines.push(`$ ${step.command}${step.note ? `    # ${step.note}` : ""}`);
    // A killed command's output stops wherever the kill found it: the page shows none.
    if (step.note) {
      lines.push("");
      continue;
    }
    const output = maskTranscript(`${step.result.stdout}${step.result.stderr}`, root).trimEnd();
    if (output) lines.push(output);
    lines.push(`$ echo $?`, String(step.result.code), "");
  }
  return lines.join("\n").trimEnd();
}

/** What the killed `pulumi up` showed, for the reliability report. */
export interface EngineKillFigures {
  /** Whether the CLI was killed while both writes were held, in each run of the scenario. */
  killed: boolean;
  /** `domains.register` calls beyond each killed run's one. */
  duplicates: number;
  /** Credit taken beyond each killed run's one order. */
  doubleCharges: number;
  /** Objects a destroy left beyond the domain the killed run paid for (the zone not as before). */
  orphans: number;
  /** Whether some step found no way on: the up after the kill did what it must not, or adopt, the refresh, the preview or the destroy failed. */
  stuck: number;
  /**
   * Whether the `up` after the kill, with the records the killed run wrote on the machine, took
   * both objects into the state with no `adopt: true` and no program change, without ordering,
   * and the stack then converged (decision 0033).
   */
  recoveredWithoutAdopt: boolean;
  /**
   * Whether, with those records removed (the `up` resumed on another machine), the `up` after the
   * kill stopped before any write, naming `adopt: true`, and `adopt: true` then converged.
   */
  refusedWithoutRecord: boolean;
  notes: string[];
  /** The commands of the run with the records and their output, masked, as docs/reliability.md shows them. */
  transcript: string;
}

/** The URNs of the program's two resources in a stack's state. */
async function inState(scenario: KillScenario): Promise<{ shop?: string; status?: string }> {
  const resources = (await scenario.stack.export()).deployment.resources ?? [];
  const idOf = (type: string, name: string) =>
    resources.find((r) => r.urn.endsWith(`::pulumi-nodejs:dynamic/reseller:${type}::${name}`) && !r.delete)?.id;
  return { shop: idOf("DomainRegistration", "shop"), status: idOf("DnsRecordSet", "status") };
}

/**
 * One run of the scenario on a fresh simulator (the demo seed): the killed `up`, then the next
 * `up` with the records the killed run wrote (`recorded`) or without them; returns whether the
 * run went as it must, and adds what it measured to `figures`.
 */
async function runOnce(engine: Engine, figures: EngineKillFigures, recorded: boolean): Promise<boolean> {
  const sim = await engine.simulator.startSimulator({ seed: "demo" });
  const label = recorded ? "with the records" : "without the records";
  const notes: string[] = [];
  const must = (what: string, result: CliResult) => {
    if (result.code === 0) return true;
    figures.stuck = 1;
    notes.push(`${what} failed: ${(result.stdout + result.stderr).trim().split("\n").slice(-5).join(" ")}`);
    return false;
  };
  let ok: boolean;
  try {
    const credit = sim.store.account.credit;
    const scenario = await KillScenario.start(engine, sim, recorded ? KILL_PROJECT : `${KILL_PROJECT}-unrecorded`);
    const killed = await scenario.killedUp();
    if (!(killed.held && killed.landed)) {
      figures.killed = false;
      notes.push("the CLI was not killed while both writes were held");
    }
    const charged = credit - sim.store.account.credit;
    if (recorded) await scenario.up();
    ok = must("pulumi cancel", await scenario.cancel());
    if (recorded) await scenario.pendingOperations();
    else if (!scenario.forgetIntent()) {
      ok = false;
      notes.push("the killed run left no record of its creates to remove");
    }
    const mark = sim.requests.list().length;
    const next = await scenario.up();
    const writes = scenario.writesSince(mark);
    if (recorded) {
      const state = await inState(scenario);
      const recovered = next.code === 0 && !writes.includes("domains.register") && state.shop === KILL_DOMAIN && state.status !== undefined;
      if (!recovered) {
        figures.stuck = 1;
        ok = false;
        notes.push(
          `the up after the kill ${next.code === 0 ? "succeeded" : `failed (${(next.stdout + next.stderr).trim().split("\n").slice(-3).join(" ")})`} with writes: ${writes.join(", ") || "none"}`,
        );
      }
    } else {
      if (next.code === 0 || writes.length > 0 || !(next.stdout + next.stderr).includes("adopt: true")) {
        figures.stuck = 1;
        ok = false;
        notes.push(`the up after the kill ${next.code === 0 ? "succeeded" : "failed"} with writes: ${writes.join(", ") || "none"}`);
      }
      ok = must("pulumi up with adopt: true", await scenario.adoptUp()) && ok;
    }
    ok = must("pulumi refresh --clear-pending-creates", await scenario.clearPendingCreates()) && ok;
    if ((await scenario.pendingOperations()).length > 0) {
      ok = false;
      notes.push("pending operations left after the refresh");
    }
    ok = must("pulumi preview --expect-no-changes", await scenario.previewNoChanges()) && ok;
    ok = must("pulumi destroy", await scenario.destroy()) && ok;
    const duplicates = Math.max(0, sim.requests.count("domains.register") - 1);
    figures.duplicates += duplicates;
    const doubleCharged = credit - sim.store.account.credit > charged;
    if (doubleCharged) figures.doubleCharges += 1;
    if (JSON.stringify(sim.store.zones[KILL_ZONE]) !== JSON.stringify(engine.simulator.demoState().zones[KILL_ZONE])) {
      figures.orphans += 1;
      notes.push(`the destroy left ${KILL_ZONE} not as the seed has it`);
    }
    ok = ok && duplicates === 0 && !doubleCharged && killed.held && killed.landed;
    if (recorded) figures.transcript = transcriptMarkdown(scenario.transcript, engine.root);
  } catch (error) {
    figures.stuck = 1;
    ok = false;
    notes.push(error instanceof Error ? error.message : String(error));
  } finally {
    await sim.close();
  }
  figures.notes.push(...notes.map((note) => `${label}: ${note}`));
  return ok;
}

/**
 * Runs the scenario twice, each on a fresh simulator (the demo seed), and measures it: once with
 * the records the killed run wrote on the machine (its transcript is the one docs/reliability.md
 * shows), once without them.
 *
 * @example
 * const figures = await runEngineKill(await startEngineWith(repoPulumiCli()!, "reliability-kill"));
 */
export async function runEngineKill(engine: Engine, log: (line: string) => void = () => {}): Promise<EngineKillFigures> {
  const figures: EngineKillFigures = {
    killed: true,
    duplicates: 0,
    doubleCharges: 0,
    orphans: 0,
    stuck: 0,
    recoveredWithoutAdopt: false,
    refusedWithoutRecord: false,
    notes: [],
    transcript: "",
  };
  figures.recoveredWithoutAdopt = await runOnce(engine, figures, true);
  figures.refusedWithoutRecord = await runOnce(engine, figures, false);
  const bad = figures.duplicates + figures.doubleCharges + figures.orphans + figures.stuck + (figures.killed ? 0 : 1);
  const outcome = `${figures.recoveredWithoutAdopt ? "recovered without adopt" : "not recovered"}; without the records ${figures.refusedWithoutRecord ? "refused, naming adopt: true" : "not refused as it must be"}`;
  log(
    `${bad === 0 && figures.recoveredWithoutAdopt && figures.refusedWithoutRecord ? "ok  " : "FAIL"} pulumi up killed mid-create (DomainRegistration, DnsRecordSet): ${outcome}${figures.notes.length > 0 ? `; ${figures.notes.join("; ")}` : ""}`,
  );
  return figures;
}

/**
 * `npm run reliability -- [--json PATH] [--write-docs] [--quick] [--types A,B] [--ops A,B] [--faults A,B] [--matrix-only] [--concurrency N]`
 *
 * Measures what issue 12 promises (item 7): the fault matrix (scripts/reliability/faults.ts),
 * the generated bad inputs (scripts/reliability/bad-inputs.ts), empty and malformed replies to
 * every reading operation the resources use (scripts/reliability/empty-replies.ts) and the host
 * killed mid-create (scripts/reliability/kill.ts), and a `pulumi up` killed mid-create through
 * the real CLI when one is found (scripts/reliability/kill-engine.ts). Prints the figures, writes them as JSON with
 * `--json`, and with `--write-docs` replaces the generated blocks of `docs/reliability.md` (the
 * figures, and the killed `pulumi up`'s commands and output).
 *
 * Exits 1 when a figure that must be 0 is not, when the matrix has fewer than 700 cells, when
 * fewer than 6,000 bad inputs (or fewer than 50 for some type, or none of some class) were tried,
 * or when a scenario fails without any fault.
 *
 * `--quick` runs a slice: three types, every operation and fault. `--types`, `--ops` and
 * `--faults` slice the matrix by resource type, operation (create, read, update, delete) and fault
 * (the names of FAULTS in scripts/reliability/faults.ts); any of them makes the run a slice.
 * `--matrix-only` runs the fault matrix alone, without the bad inputs, the replies and the kills.
 * `--engine-kill` runs only the `pulumi up` killed mid-create through the real CLI (with
 * `--write-docs`, writing only its block).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import type { ResourceType } from "../src/resources/registry";
import { installedPackage } from "../test/e2e/package";
import { startEngineWith } from "../test/engine/engine";
import { repoPulumiCli } from "./lib/pulumi-cli";
import { BAD_INPUT_CLASSES, runBadInputs, type BadInputFigures } from "./reliability/bad-inputs";
import { runEmptyReplies, type EmptyReplyFigures } from "./reliability/empty-replies";
import { FAULTS, OPS, runFaultMatrix, type FaultFigures, type FaultName, type Op } from "./reliability/faults";
import { runKillTest, type KillFigures } from "./reliability/kill";
import { runEngineKill, type EngineKillFigures } from "./reliability/kill-engine";

/** The types `--quick` runs: one that charges, one whose create is not idempotent, one setting. */
export const QUICK_TYPES: readonly ResourceType[] = ["DomainRegistration", "CronJob", "PhpVersion"];

/** Least figures of a full run (issue 12, "Done when"). */
export const MINIMUMS = { faultCells: 700, badInputsTried: 6000, badInputsPerType: 50 };

/** Everything a run measured. */
export interface ReliabilityReport {
  orphans: number;
  duplicates: number;
  doubleCharges: number;
  stuck: number;
  badInputsAccepted: number;
  faultCells: number;
  badInputsTried: number;
  emptyRepliesTried: number;
  emptyRepliesMisread: number;
  killRuns: number;
  /** Why the run fails its minimums, beyond the figures that must be 0. */
  shortfalls: string[];
  /** Whether only some types, operations or faults ran. */
  slice: boolean;
  detail: {
    faults: FaultFigures;
    badInputs: BadInputFigures;
    emptyReplies: EmptyReplyFigures;
    kill: KillFigures;
    /** The `pulumi up` killed mid-create through the real CLI; absent when no CLI was found. */
    engineKill?: EngineKillFigures;
  };
}

export interface ReliabilityOptions {
  types?: readonly ResourceType[];
  ops?: readonly Op[];
  faults?: readonly FaultName[];
  concurrency?: number;
  /** Skip the minimums (a slice cannot meet them). */
  slice?: boolean;
  /** Run the killed `pulumi up` through the real CLI when one is found. Default true. */
  engine?: boolean;
  /** Run only the fault matrix (a slice: the other parts' figures stay 0). */
  matrixOnly?: boolean;
  log?: (line: string) => void;
}

/**
 * Runs every part and gathers the figures.
 *
 * @example
 * const report = await runReliability({ types: ["CronJob"], slice: true });
 * report.duplicates; // 0
 */
export async function runReliability(options: ReliabilityOptions = {}): Promise<ReliabilityReport> {
  const log = options.log ?? (() => {});
  const pkg = await installedPackage();
  const rest = !options.matrixOnly;
  let badInputs: BadInputFigures = { badInputsTried: 0, badInputsAccepted: 0, perType: {}, perClass: {}, accepted: [] };
  let emptyReplies: EmptyReplyFigures = { emptyRepliesTried: 0, emptyRepliesMisread: 0, emptyRepliesGone: 0, rows: [] };
  let kill: KillFigures = { killRuns: 0, duplicates: 0, doubleCharges: 0, orphans: 0, stuck: 0, rows: [] };
  if (rest) {
    log("bad inputs ...");
    badInputs = await runBadInputs();
    log(`bad inputs: ${badInputs.badInputsTried} tried, ${badInputs.badInputsAccepted} accepted`);
    log("empty and malformed replies ...");
    emptyReplies = await runEmptyReplies({ types: options.types });
    for (const row of emptyReplies.rows.filter((r) => !r.ok))
      log(`FAIL ${row.type} refresh with ${row.reply} (${row.operations.join(", ")}): ${row.outcome}`);
    log(`empty replies: ${emptyReplies.emptyRepliesTried} tried, ${emptyReplies.emptyRepliesMisread} misread`);
    log("host killed mid-create ...");
    kill = await runKillTest({ types: options.types, pkg, log });
  }
  const cli = options.engine === false || !rest ? undefined : repoPulumiCli();
  let engineKill: EngineKillFigures | undefined;
  if (cli) {
    log("pulumi up killed mid-create, through the real CLI ...");
    const engine = await startEngineWith(cli, "reliability-kill");
    try {
      engineKill = await runEngineKill(engine, log);
    } finally {
      engine.dispose();
    }
  }
  log("fault matrix ...");
  const faults = await runFaultMatrix({
    types: options.types,
    ops: options.ops,
    faults: options.faults,
    concurrency: options.concurrency,
    pkg,
    log,
  });

  const shortfalls: string[] = [];
  for (const b of faults.broken) shortfalls.push(`${b.type} ${b.op} fails without a fault: ${b.error}`);
  if (emptyReplies.emptyRepliesMisread > 0)
    shortfalls.push(`${emptyReplies.emptyRepliesMisread} malformed replies not read as bad-response`);
  if (!options.slice) {
    if (!engineKill) shortfalls.push("the pulumi up killed mid-create did not run: no Pulumi CLI (npm run pulumi-cli, or PULUMI_CLI_DIR)");
    if (faults.faultCells < MINIMUMS.faultCells) shortfalls.push(`${faults.faultCells} fault cells, fewer than ${MINIMUMS.faultCells}`);
    if (badInputs.badInputsTried < MINIMUMS.badInputsTried)
      shortfalls.push(`${badInputs.badInputsTried} bad inputs, fewer than ${MINIMUMS.badInputsTried}`);
    for (const [type, t] of Object.entries(badInputs.perType)) {
      if (t.tried < MINIMUMS.badInputsPerType) shortfalls.push(`${type}: ${t.tried} bad inputs, fewer than ${MINIMUMS.badInputsPerType}`);
    }
    for (const cls of BAD_INPUT_CLASSES) {
      if ((badInputs.perClass[cls]?.tried ?? 0) === 0) shortfalls.push(`no bad input of the class "${cls}" was tried`);
    }
  }
  const viaEngine = engineKill ?? { orphans: 0, duplicates: 0, doubleCharges: 0, stuck: 0, killed: true };
  return {
    orphans: faults.orphans + kill.orphans + emptyReplies.emptyRepliesGone + viaEngine.orphans,
    duplicates: faults.duplicates + kill.duplicates + viaEngine.duplicates,
    doubleCharges: faults.doubleCharges + kill.doubleCharges + viaEngine.doubleCharges,
    // A CLI that could not be killed in flight proved nothing: it counts as stuck.
    stuck: faults.stuck + kill.stuck + viaEngine.stuck + (viaEngine.killed ? 0 : 1),
    badInputsAccepted: badInputs.badInputsAccepted,
    faultCells: faults.faultCells,
    badInputsTried: badInputs.badInputsTried,
    emptyRepliesTried: emptyReplies.emptyRepliesTried,
    emptyRepliesMisread: emptyReplies.emptyRepliesMisread,
    killRuns: kill.killRuns,
    shortfalls,
    slice: options.slice === true,
    detail: { faults, badInputs, emptyReplies, kill, engineKill },
  };
}

/** Whether a report shows every figure at 0 and no shortfall. */
export function passed(report: ReliabilityReport): boolean {
  return (
    report.orphans + report.duplicates + report.doubleCharges + report.stuck + report.badInputsAccepted === 0 &&
    report.shortfalls.length === 0
  );
}

// ---- the figures as a page ----

const BLOCK_START = "<!-- reliability:figures:start (generated by `npm run reliability -- --write-docs`; do not edit) -->";
const BLOCK_END = "<!-- reliability:figures:end -->";

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

/**
 * The generated block of `docs/reliability.md`: the figures, per type, and every failing cell.
 *
 * @example
 * const markdown = figuresBlock(report, new Date());
 */
export function figuresBlock(report: ReliabilityReport, at: Date): string {
  const { faults, badInputs, emptyReplies, kill } = report.detail;
  const types = [...new Set([...faults.cells.map((c) => c.type), ...Object.keys(badInputs.perType)])];
  const perType = types.map((type) => {
    const cells = faults.cells.filter((c) => c.type === type);
    const count = (key: "orphans" | "duplicates" | "doubleCharges" | "stuck") => cells.reduce((n, c) => n + c[key], 0);
    const replies = emptyReplies.rows.filter((r) => r.type === type);
    const killed = kill.rows.find((r) => r.type === type);
    return [
      type,
      cells.length,
      count("orphans"),
      count("duplicates"),
      count("doubleCharges"),
      count("stuck"),
      `${badInputs.perType[type]?.accepted ?? 0} / ${badInputs.perType[type]?.tried ?? 0}`,
      `${replies.filter((r) => !r.ok).length} / ${replies.length}`,
      killed
        ? killed.duplicates + killed.doubleCharges + killed.orphans + killed.stuck === 0 && killed.killed
          ? killed.adopted
            ? "ok (adopt)"
            : "ok"
          : "fails"
        : "",
    ];
  });
  // One row per fault of the matrix, in FAULTS order, each with the cells that ran it.
  const perFault = (Object.keys(FAULTS) as FaultName[])
    .map((fault) => {
      const cells = faults.cells.filter((c) => c.fault === fault);
      const count = (key: "orphans" | "duplicates" | "doubleCharges" | "stuck") => cells.reduce((n, c) => n + c[key], 0);
      return [`\`${fault}\``, cells.length, count("orphans"), count("duplicates"), count("doubleCharges"), count("stuck")];
    })
    .filter((row) => row[1] !== 0);
  const failing = faults.cells.filter((c) => c.orphans + c.duplicates + c.doubleCharges + c.stuck > 0);
  const lines = [
    BLOCK_START,
    "",
    `Measured on ${at.toISOString().slice(0, 10)} against the simulator, through the real dynamic-provider host (the testing toolkit's engine double)${
      report.slice ? `; a slice of the report: ${types.join(", ")} only` : ""
    }.`,
    "",
    table(
      ["figure", "value"],
      [
        ["fault cells (type × operation × fault)", report.faultCells],
        ["orphans", report.orphans],
        ["duplicates", report.duplicates],
        ["double charges", report.doubleCharges],
        ["stuck", report.stuck],
        ["bad inputs tried", report.badInputsTried],
        ["bad inputs accepted", report.badInputsAccepted],
        ["empty or malformed replies tried", report.emptyRepliesTried],
        ["empty or malformed replies not read as bad-response", report.emptyRepliesMisread],
        ["host kills mid-create", report.killRuns],
        ["`pulumi up` killed mid-create, through the real CLI", engineKillVerdict(report.detail.engineKill)],
      ],
    ),
    "",
    `Faults: ${Object.keys(FAULTS).join(", ")}; operations: ${OPS.join(", ")}. Not applicable (no API call to fault): ${
      faults.notApplicable.length === 0 ? "none" : faults.notApplicable.map((n) => `${n.type} ${n.op}`).join(", ")
    }.`,
    "",
    table(
      [
        "type",
        "fault cells",
        "orphans",
        "duplicates",
        "double charges",
        "stuck",
        "bad inputs accepted / tried",
        "malformed replies misread / tried",
        "host killed mid-create",
      ],
      perType,
    ),
    "",
    table(["fault", "cells", "orphans", "duplicates", "double charges", "stuck"], perFault),
    "",
    "Bad inputs by class (scripts/reliability/bad-inputs.ts):",
    "",
    table(
      ["class of bad input", "tried", "accepted"],
      Object.entries(badInputs.perClass).map(([cls, t]) => [cls, t.tried, t.accepted]),
    ),
    "",
  ];
  if (failing.length > 0 || report.shortfalls.length > 0) {
    lines.push("Failing cells and shortfalls:", "");
    for (const c of failing)
      lines.push(`- ${c.type} ${c.op} ${c.fault} (\`${c.operation}\`): ${c.notes.join("; ").replace(/\n\s*/g, " ").replace(/\|/g, "\\|")}`);
    for (const s of report.shortfalls) lines.push(`- ${s.replace(/\n\s*/g, " ")}`);
    lines.push("");
  }
  lines.push(BLOCK_END);
  return lines.join("\n");
}

/** The killed `pulumi up` in one word for the figures table, with what failed. */
function engineKillVerdict(figures: EngineKillFigures | undefined): string {
  if (!figures) return "not run (no Pulumi CLI)";
  const bad = figures.duplicates + figures.doubleCharges + figures.orphans + figures.stuck;
  // A run that did not recover its own objects without `adopt`, or took them over without the
  // record, fails even with nothing doubled (docs/decisions/0033).
  const ok = bad === 0 && figures.killed && figures.recoveredWithoutAdopt && figures.refusedWithoutRecord;
  return ok ? "ok" : `fails: ${figures.notes.join("; ").replace(/\|/g, "\\|")}`;
}

const KILL_START = "<!-- reliability:kill-engine:start (generated by `npm run reliability -- --write-docs`; do not edit) -->";
const KILL_END = "<!-- reliability:kill-engine:end -->";

/**
 * The generated block of `docs/reliability.md` that shows the killed `pulumi up`: each command
 * as a user types it and what the CLI printed, masked.
 *
 * @example
 * const markdown = killTranscriptBlock(report.detail.engineKill!);
 */
export function killTranscriptBlock(figures: EngineKillFigures): string {
  return [KILL_START, "", "```console", figures.transcript, "```", "", KILL_END].join("\n");
}

/**
 * Replaces the block between `start` and `end` (matched on their first 35 characters for the
 * start, so that its note may change), or appends `block` when the page has none.
 */
function withBlock(page: string, block: string, start: string, end: string): string {
  const from = page.indexOf(start.slice(0, 35));
  const to = page.indexOf(end);
  if (from === -1 || to === -1) return `${page.trimEnd()}\n\n${block}\n`;
  return `${page.slice(0, from)}${block}${page.slice(to + end.length)}`;
}

/**
 * Replaces the killed `pulumi up`'s block of a page (or appends it when the page has none).
 *
 * @example
 * writeFileSync(page, withKillTranscriptBlock(readFileSync(page, "utf8"), killTranscriptBlock(figures)));
 */
export function withKillTranscriptBlock(page: string, block: string): string {
  return withBlock(page, block, KILL_START, KILL_END);
}

/**
 * Replaces the generated block of a page (or appends it when the page has none).
 *
 * @example
 * writeFileSync(page, withFiguresBlock(readFileSync(page, "utf8"), figuresBlock(report, new Date())));
 */
export function withFiguresBlock(page: string, block: string): string {
  return withBlock(page, block, BLOCK_START, BLOCK_END);
}

// ---- the command ----

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/** A comma-separated list of names out of `known`; an unknown name ends the run before anything starts. */
function listArgument<T extends string>(args: string[], name: string, known: readonly T[]): T[] | undefined {
  const value = argument(args, name);
  if (value === undefined) return undefined;
  const names = value.split(",").filter((n) => n !== "");
  const unknown = names.filter((n) => !known.includes(n as T));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`${name}: unknown ${unknown.join(", ") || "(none given)"}; one or more of ${known.join(", ")}`);
  return names as T[];
}

/** `--engine-kill`: only the killed `pulumi up`, and with `--write-docs` only its block. */
async function engineKillOnly(args: string[]): Promise<number> {
  const cli = repoPulumiCli();
  if (!cli) {
    console.error("No Pulumi CLI found (npm run pulumi-cli builds one, or set PULUMI_CLI_DIR).");
    return 1;
  }
  const engine = await startEngineWith(cli, "reliability-kill");
  let figures: EngineKillFigures;
  try {
    figures = await runEngineKill(engine, (line) => console.log(line));
  } finally {
    engine.dispose();
  }
  if (args.includes("--write-docs") && figures.transcript) {
    const page = path.join(__dirname, "..", "docs", "reliability.md");
    writeFileSync(page, withKillTranscriptBlock(readFileSync(page, "utf8"), killTranscriptBlock(figures)));
    console.log(`the killed pulumi up written to ${page}`);
  }
  return figures.killed && figures.duplicates + figures.doubleCharges + figures.orphans + figures.stuck === 0 ? 0 : 1;
}

async function main(args: string[]): Promise<number> {
  // The providers' records of what settings held before a create (decision 0028) go to a home
  // of this run's own, not the user's ~/.pulumi; the hosts it starts inherit it.
  const home = mkdtempSync(path.join(tmpdir(), "reseller-reliability-home-"));
  process.env.PULUMI_HOME = home;
  try {
    return await run(args);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function run(args: string[]): Promise<number> {
  if (args.includes("--engine-kill")) return engineKillOnly(args);
  const quick = args.includes("--quick");
  const types = argument(args, "--types")?.split(",") as ResourceType[] | undefined;
  const ops = listArgument(args, "--ops", OPS);
  const faults = listArgument(args, "--faults", Object.keys(FAULTS) as FaultName[]);
  const matrixOnly = args.includes("--matrix-only");
  if (args.includes("--write-docs") && (matrixOnly || ops || faults)) {
    // The page's block shows every part and every fault; a part of them would read as the whole.
    throw new Error("--write-docs writes the whole report's figures: run it without --matrix-only, --ops or --faults");
  }
  const report = await runReliability({
    types: types ?? (quick ? QUICK_TYPES : undefined),
    ops,
    faults,
    matrixOnly,
    concurrency: Number(argument(args, "--concurrency") ?? 3),
    slice: quick || matrixOnly || types !== undefined || ops !== undefined || faults !== undefined,
    log: (line) => console.log(line),
  });
  const figures = [
    "orphans",
    "duplicates",
    "doubleCharges",
    "stuck",
    "badInputsAccepted",
    "faultCells",
    "badInputsTried",
    "emptyRepliesTried",
    "emptyRepliesMisread",
    "killRuns",
  ] as const;
  console.log("");
  for (const key of figures) console.log(`${key.padEnd(20)} ${report[key]}`);
  for (const s of report.shortfalls) console.log(`shortfall: ${s}`);
  const json = argument(args, "--json");
  if (json) {
    mkdirSync(path.dirname(path.resolve(json)), { recursive: true });
    writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${json}`);
  }
  if (args.includes("--write-docs")) {
    const page = path.join(__dirname, "..", "docs", "reliability.md");
    let text: string;
    try {
      text = readFileSync(page, "utf8");
    } catch {
      text = "# Reliability\n";
    }
    text = withFiguresBlock(text, figuresBlock(report, new Date()));
    const engineKill = report.detail.engineKill;
    if (engineKill?.transcript) text = withKillTranscriptBlock(text, killTranscriptBlock(engineKill));
    else console.log("the killed pulumi up did not run: its block is left as it is");
    writeFileSync(page, text);
    console.log(`figures written to ${page}`);
  }
  return passed(report) ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

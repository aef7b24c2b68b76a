/**
 * What `npm run bench` makes of its stack runs: the targets (met or missed), the table it
 * prints, the chart (SVG, drawn here) and `docs/benchmarks.md`, all from one run's figures.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { IMPORT_TARGET_MS, type ImportCost } from "./import-cost";
import { COLD_START_TARGET_MS } from "./plugin-start";
import type { Path, PhaseName, StackRun } from "./stack";

/** Everything one run measured; `--json` writes it as it is. */
export interface BenchReport {
  date: string;
  machine: { cpu: string; cores: number; node: string; pulumiCli: string; os: string };
  latencyMs: number;
  /** `--parallel` of the runs the targets read (one run per N through the CLI keeps its default). */
  parallel?: number;
  simulatorRateLimit: string;
  /** Wall time of a refresh of a one-resource stack less one read: engine and provider host start. */
  fixedCostSeconds: Partial<Record<Path, number>>;
  runs: StackRun[];
  micro: { scenario: string; result: string }[];
  /** The provider plugin's cold start from its release archive (bench/plugin-start.ts), when measured. */
  pluginStart?: { medianMs: number; samplesMs: number[] };
  targets: Target[];
  /** What requiring the package adds to `@pulumi/pulumi` (bench/import-cost.ts). */
  importCost?: ImportCost;
  /** False while the run is under way (a report written after each N). */
  complete: boolean;
  seconds?: number;
}

/** One target of the performance issue, as this run found it. */
export interface Target {
  target: string;
  measured: string;
  met: boolean;
  /**
   * A figure beside the targets rather than one of them: the same bound read against the stack of
   * bare dynamic resources, so that what the SDK and the engine spend by themselves shows apart
   * from what the package adds.
   */
  beside?: boolean;
}

/** The package's default `maxConcurrency`, the parallelism of the refresh bound. */
const PARALLELISM = 4;

function refreshBoundSeconds(run: StackRun, latencyMs: number): number {
  return (run.distinctReads * latencyMs) / 1000 / PARALLELISM;
}

/** Whether a run is one the targets read: `--parallel` as the bench sets it, not the CLI's default. */
function benchParallel(report: BenchReport, run: StackRun): boolean {
  return run.parallel === report.parallel;
}

/**
 * The targets: the plugin's start, then the stack's, evaluated on the default-mode runs of the
 * first path (the engine when present), at the largest N run (1000 in a full run), with the
 * bench's `--parallel`.
 *
 * @example
 * for (const t of evaluateTargets(report)) console.log(t.met ? "met" : "MISSED", t.target);
 */
export function evaluateTargets(report: BenchReport): Target[] {
  return [
    ...(report.importCost ? [importTarget(report.importCost)] : []),
    ...(report.pluginStart ? [pluginStartTarget(report.pluginStart)] : []),
    ...stackTargets(report),
  ];
}

/**
 * The provider plugin's cold start target: from its release archive, process start to the first
 * answered Check.
 *
 * @example
 * console.log(pluginStartTarget(await pluginColdStart()).met);
 */
export function pluginStartTarget(start: NonNullable<BenchReport["pluginStart"]>): Target {
  return {
    target: `provider plugin cold start (archive, process start to first answered Check) < ${COLD_START_TARGET_MS} ms`,
    measured: `${start.medianMs.toFixed(0)} ms, median of ${start.samplesMs.length}`,
    met: start.medianMs < COLD_START_TARGET_MS,
  };
}

/**
 * The import cost's target: what `require` of the package adds to `@pulumi/pulumi`.
 *
 * @example
 * console.log(importTarget(await measureImportCost()).met);
 */
export function importTarget(cost: ImportCost): Target {
  return {
    target: `require("pulumi-hosting-reseller") on top of @pulumi/pulumi < ${IMPORT_TARGET_MS} ms`,
    measured: `${cost.packageMs.toFixed(1)} ms, median of ${cost.runs} fresh processes (@pulumi/pulumi itself ${cost.pulumiMs.toFixed(0)} ms)`,
    met: cost.packageMs < IMPORT_TARGET_MS,
  };
}

function stackTargets(report: BenchReport): Target[] {
  const primary = report.runs[0]?.path;
  const defaults = report.runs.filter((r) => r.mode === "default" && benchParallel(report, r));
  const own = defaults.filter((r) => r.path === primary);
  if (own.length === 0) return [];
  const top = own.reduce((a, b) => (b.n > a.n ? b : a));
  const naive = report.runs.find((r) => r.mode === "naive" && r.n === top.n && benchParallel(report, r));
  const at = `N=${top.n} (${top.path})`;
  const targets: Target[] = [];
  const wrong = defaults.filter((r) => r.phases.refresh.calls !== r.distinctReads);
  targets.push({
    target: "refresh API calls = distinct zones and listings, at every N",
    measured: defaults.map((r) => `N=${r.n} ${r.path}: ${r.phases.refresh.calls} of ${r.distinctReads}`).join("; "),
    met: wrong.length === 0,
  });
  targets.push({
    target: `create API calls at ${at} <= 1.2 x (zones + non-batchable creates)`,
    measured: `${top.phases.up.calls} calls, bound ${top.writeBound}, limit ${Math.floor(1.2 * top.writeBound)}`,
    met: top.phases.up.calls <= 1.2 * top.writeBound,
  });
  const fixed = report.fixedCostSeconds[top.path] ?? 0;
  const bound = refreshBoundSeconds(top, report.latencyMs);
  targets.push({
    target: `refresh wall time at ${at} <= 3 x its bound + the host's start`,
    measured: `${top.phases.refresh.seconds.toFixed(2)} s; bound ${bound.toFixed(2)} s, start ${fixed.toFixed(2)} s, limit ${(3 * bound + fixed).toFixed(2)} s`,
    met: top.phases.refresh.seconds <= 3 * bound + fixed,
  });
  // Beside it: the same refresh of N bare dynamic resources (no API behind them) holds the start of
  // the engine and the host and the engine's own work per resource, which no provider lowers.
  const floorRefresh = top.floor.refreshSeconds;
  targets.push({
    target: `refresh wall time at ${at} <= 3 x its bound + the same refresh of N bare resources`,
    measured: `${top.phases.refresh.seconds.toFixed(2)} s; bare resources ${floorRefresh.toFixed(2)} s, limit ${(3 * bound + floorRefresh).toFixed(2)} s`,
    met: top.phases.refresh.seconds <= 3 * bound + floorRefresh,
    beside: true,
  });
  targets.push({
    target: "no-change preview makes 0 API calls",
    measured: defaults.map((r) => `N=${r.n} ${r.path}: ${r.phases.preview.calls}`).join("; "),
    met: defaults.every((r) => r.phases.preview.calls === 0),
  });
  targets.push({
    target: `program-process CPU per resource at ${at} < 2 ms`,
    measured: `${top.programCpuMsPerResource.toFixed(2)} ms (bare resources: ${top.floor.cpuMsPerResource.toFixed(2)} ms)`,
    met: top.programCpuMsPerResource < 2,
  });
  // Beside it: the SDK spends its own share on every resource whatever the provider (measured in
  // the same run on bare dynamic resources); this reads what the package adds to it.
  const ownCpu = top.programCpuMsPerResource - top.floor.cpuMsPerResource;
  targets.push({
    target: `program-process CPU per resource at ${at} beyond bare resources' < 2 ms`,
    measured: `${ownCpu.toFixed(2)} ms`,
    met: ownCpu < 2,
    beside: true,
  });
  const heap = top.heapMiB;
  const growth = heap.length >= 5 ? heap[4]! / heap[0]! - 1 : Number.NaN;
  targets.push({
    target: `heap after 5 consecutive runs within 10 % of after the first (${at})`,
    measured: heap.length >= 5 ? `${heap.map((h) => h.toFixed(0)).join(", ")} MiB (${(growth * 100).toFixed(1)} %)` : "fewer than 5 runs",
    met: heap.length >= 5 && Math.abs(growth) <= 0.1,
  });
  if (naive) {
    const refreshRatio = naive.phases.refresh.calls / Math.max(1, top.phases.refresh.calls);
    const createRatio = naive.phases.up.calls / Math.max(1, top.phases.up.calls);
    targets.push({
      target: `>= 20x fewer refresh calls than naive at N=${top.n}`,
      measured: `${top.phases.refresh.calls} against ${naive.phases.refresh.calls} (${refreshRatio.toFixed(1)}x)`,
      met: refreshRatio >= 20,
    });
    targets.push({
      target: `>= 2x fewer create calls than naive at N=${top.n}`,
      measured: `${top.phases.up.calls} against ${naive.phases.up.calls} (${createRatio.toFixed(1)}x)`,
      met: createRatio >= 2,
    });
  }
  return targets;
}

const PHASES: readonly [PhaseName, string][] = [
  ["up", "up"],
  ["preview", "no-change preview"],
  ["refresh", "refresh"],
  ["update1pct", "up changing 1 %"],
  ["destroy", "destroy"],
];

function runLabel(r: StackRun): string {
  return `${r.path === "engine" ? "Pulumi CLI" : "toolkit"}, ${r.mode}, ${r.parallel === undefined ? "CLI's default --parallel" : `--parallel ${r.parallel}`}`;
}

/**
 * The run as Markdown tables: per N and path, calls and seconds per phase; then the targets.
 *
 * @example
 * console.log(printTable(report));
 */
export function printTable(report: BenchReport): string {
  const lines: string[] = [];
  lines.push(
    "| N | run | " +
      PHASES.map(([, label]) => `${label}: calls / s`).join(" | ") +
      " | CPU ms/resource (bare resources) | host peak RSS MiB | shell bytes |",
  );
  lines.push("|---|---|" + PHASES.map(() => "---|").join("") + "---|---|---|");
  for (const r of report.runs) {
    const cells = PHASES.map(([p]) => `${r.phases[p].calls} / ${r.phases[p].seconds.toFixed(1)}`);
    lines.push(
      `| ${r.n} | ${runLabel(r)} | ${cells.join(" | ")} | ${r.programCpuMsPerResource.toFixed(2)} (${r.floor.cpuMsPerResource.toFixed(2)}) | ${r.providerPeakRssMiB.toFixed(0)} | ${r.shellBytes} |`,
    );
  }
  lines.push("");
  lines.push(
    "| N | lower bound: refresh calls (zones + listings) | refresh s (calls x latency / parallelism) | create calls (zones + non-batchable) | refresh s of N bare resources |",
  );
  lines.push("|---|---|---|---|---|");
  for (const n of [...new Set(report.runs.map((r) => r.n))]) {
    const r = report.runs.find((x) => x.n === n)!;
    lines.push(
      `| ${n} | ${r.distinctReads} | ${refreshBoundSeconds(r, report.latencyMs).toFixed(2)} | ${r.writeBound} | ${r.floor.refreshSeconds.toFixed(2)} |`,
    );
  }
  // State bytes per resource of each type, from the last run that has them (reports saved
  // before the figure existed have none).
  const withState = report.runs.filter((r) => r.stateBytesByType).at(-1);
  if (withState) {
    lines.push("");
    lines.push(`| state bytes per resource at N=${withState.n} (${runLabel(withState)}) | bytes |`);
    lines.push("|---|---|");
    for (const [type, bytes] of Object.entries(withState.stateBytesByType)) lines.push(`| ${type} | ${bytes} |`);
  }
  lines.push("");
  lines.push("| target | measured | |");
  lines.push("|---|---|---|");
  for (const t of report.targets)
    lines.push(
      `| ${t.beside ? `beside: ${t.target}` : t.target} | ${t.measured} | ${t.met ? "met" : t.beside ? "not met" : "**MISSED**"} |`,
    );
  return lines.join("\n");
}

interface Series {
  label: string;
  color: string;
  dash?: string;
  points: [number, number][];
}

/** One panel of the chart: lines over N on a log scale. */
function panel(title: string, unit: string, series: Series[], x0: number, width: number, height: number): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return "";
  const ns = [...new Set(all.map(([n]) => n))].sort((a, b) => a - b);
  const ys = all.map(([, y]) => Math.max(y, 0.01));
  const lo = Math.floor(Math.log10(Math.min(...ys)));
  const hi = Math.ceil(Math.log10(Math.max(...ys)) + 0.01);
  const left = x0 + 60;
  const right = x0 + width - 10;
  const top = 40;
  const bottom = height - 40;
  const px = (n: number) => (ns.length === 1 ? (left + right) / 2 : left + ((n - ns[0]!) / (ns[ns.length - 1]! - ns[0]!)) * (right - left));
  const py = (y: number) => bottom - ((Math.log10(Math.max(y, 0.01)) - lo) / Math.max(1, hi - lo)) * (bottom - top);
  const out: string[] = [];
  out.push(`<text x="${(left + right) / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${title}</text>`);
  out.push(
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#333"/><line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="#333"/>`,
  );
  for (let e = lo; e <= hi; e++) {
    const y = py(10 ** e);
    out.push(
      `<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#ddd"/><text x="${left - 6}" y="${y + 4}" text-anchor="end" font-size="11">${10 ** e >= 1 ? 10 ** e : (10 ** e).toFixed(Math.abs(e))}</text>`,
    );
  }
  for (const n of ns) out.push(`<text x="${px(n)}" y="${bottom + 16}" text-anchor="middle" font-size="11">${n}</text>`);
  out.push(`<text x="${(left + right) / 2}" y="${bottom + 32}" text-anchor="middle" font-size="11">N resources</text>`);
  out.push(
    `<text x="${x0 + 14}" y="${(top + bottom) / 2}" text-anchor="middle" font-size="11" transform="rotate(-90 ${x0 + 14} ${(top + bottom) / 2})">${unit} (log scale)</text>`,
  );
  series.forEach((s, i) => {
    const pts = s.points.map(([n, y]) => `${px(n).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
    out.push(
      `<polyline fill="none" stroke="${s.color}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ""} points="${pts}"/>`,
    );
    for (const [n, y] of s.points) out.push(`<circle cx="${px(n).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${s.color}"/>`);
    const ly = top + 6 + i * 14;
    out.push(
      `<line x1="${left + 8}" y1="${ly}" x2="${left + 30}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ""}/><text x="${left + 34}" y="${ly + 4}" font-size="10">${s.label}</text>`,
    );
  });
  return out.join("\n");
}

/**
 * The chart: API calls and wall time against N, default and naive, with the lower bounds.
 *
 * @example
 * writeFileSync("chart.svg", chartSvg(report));
 */
export function chartSvg(report: BenchReport): string {
  const primary = report.runs[0]?.path;
  const pick = (mode: string) =>
    report.runs.filter((r) => r.path === primary && r.mode === mode && benchParallel(report, r)).sort((a, b) => a.n - b.n);
  const def = pick("default");
  const naive = pick("naive");
  const line = (runs: StackRun[], f: (r: StackRun) => number): [number, number][] => runs.map((r) => [r.n, f(r)]);
  const calls: Series[] = [
    { label: "up, naive", color: "#d62728", points: line(naive, (r) => r.phases.up.calls) },
    { label: "up, default", color: "#1f77b4", points: line(def, (r) => r.phases.up.calls) },
    { label: "create bound", color: "#1f77b4", dash: "4 3", points: line(def, (r) => r.writeBound) },
    { label: "refresh, naive", color: "#ff7f0e", points: line(naive, (r) => r.phases.refresh.calls) },
    { label: "refresh, default", color: "#2ca02c", points: line(def, (r) => r.phases.refresh.calls) },
    { label: "refresh bound", color: "#2ca02c", dash: "4 3", points: line(def, (r) => r.distinctReads) },
  ];
  const time: Series[] = [
    { label: "up, naive", color: "#d62728", points: line(naive, (r) => r.phases.up.seconds) },
    { label: "up, default", color: "#1f77b4", points: line(def, (r) => r.phases.up.seconds) },
    { label: "refresh, naive", color: "#ff7f0e", points: line(naive, (r) => r.phases.refresh.seconds) },
    { label: "refresh, default", color: "#2ca02c", points: line(def, (r) => r.phases.refresh.seconds) },
    { label: "refresh bound", color: "#2ca02c", dash: "4 3", points: line(def, (r) => refreshBoundSeconds(r, report.latencyMs)) },
  ];
  const W = 460;
  const H = 340;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${H}" viewBox="0 0 ${2 * W} ${H}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    panel(`API calls (${primary === "engine" ? "Pulumi CLI" : "toolkit"})`, "calls", calls, 0, W, H),
    panel(`Wall time (${primary === "engine" ? "Pulumi CLI" : "toolkit"})`, "seconds", time, W, W, H),
    "</svg>",
    "",
  ].join("\n");
}

const IMPORT_HEADING = "## Import cost";

/** The page's section on the import cost, from one measurement. */
function importSection(cost: ImportCost): string[] {
  const target = importTarget(cost);
  return [
    IMPORT_HEADING,
    "",
    `Measured ${cost.date.slice(0, 16).replace("T", " ")} UTC; \`npm run bench -- --quick --write-docs\` measures it alone and rewrites this`,
    `section only. ${cost.runs} fresh Node processes each require \`@pulumi/pulumi\`, as every program does first, then`,
    "the built package (`dist/index.js`), and time both requires from inside; the figures are the medians.",
    "",
    "| require | median ms |",
    "|---|---|",
    `| \`@pulumi/pulumi\` | ${cost.pulumiMs.toFixed(0)} |`,
    `| then \`pulumi-hosting-reseller\` | ${cost.packageMs.toFixed(1)} |`,
    "",
    `Target: ${target.target}: ${target.met ? "met" : "**MISSED**"}.`,
    "",
  ];
}

/**
 * Rewrites the import-cost section of `docs/benchmarks.md` from one measurement, leaving the rest
 * of the page (another run's) as it is; a page without the section gets it before its figures.
 *
 * @example
 * writeImportSection(await measureImportCost());
 */
export function writeImportSection(cost: ImportCost, docsDir = path.resolve(__dirname, "../docs")): void {
  const file = path.join(docsDir, "benchmarks.md");
  const page = readFileSync(file, "utf8");
  // The section's lines end with an empty one: with the line break after it, one blank line before the next heading.
  const section = `${importSection(cost).join("\n")}\n`;
  const start = page.indexOf(`\n${IMPORT_HEADING}\n`);
  let next: string;
  if (start >= 0) {
    const end = page.indexOf("\n## ", start + 1);
    next = `${page.slice(0, start + 1)}${section}${end >= 0 ? page.slice(end + 1) : ""}`;
  } else {
    const figures = page.indexOf("\n## Figures\n");
    if (figures < 0) throw new Error(`${file} has neither an "${IMPORT_HEADING}" nor a "## Figures" section`);
    next = `${page.slice(0, figures + 1)}${section}${page.slice(figures + 1)}`;
  }
  writeFileSync(file, next);
}

/**
 * Writes `docs/benchmarks.md` and `docs/benchmarks.svg` from the report: every figure comes
 * from the run, none is typed by hand.
 *
 * @example
 * writeDocs(report);
 */
export function writeDocs(report: BenchReport, docsDir = path.resolve(__dirname, "../docs")): void {
  writeFileSync(path.join(docsDir, "benchmarks.svg"), chartSvg(report));
  const m = report.machine;
  const ns = [...new Set(report.runs.map((r) => r.n))].join(", ");
  const md = [
    "# Benchmarks",
    "",
    "This page is written by `npm run bench -- --write-docs` from one run; do not edit it by hand.",
    "",
    `Run of ${report.date.slice(0, 16).replace("T", " ")} UTC${report.complete ? "" : ` (partial: the run stopped after N = ${ns})`}${report.seconds ? `, ${Math.round(report.seconds / 60)} minutes` : ""}.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.os}; Node ${m.node}; Pulumi CLI ${m.pulumiCli}.`,
    "",
    "## The stack",
    "",
    `N resources at N = ${ns}: 60 % DNS record sets over 5 zones, the rest SSH keys, FTP accounts,`,
    "redirections and object-storage URLs over 3 hosting accounts. The simulator runs in its own",
    `process, adds ${report.latencyMs} ms to every request and answers 429 past ${report.simulatorRateLimit} (above the`,
    "package's default ceiling of 1200 a minute). Each N runs through the real Pulumi CLI when one",
    "is found and through the testing toolkit, with the package's default settings, and once in",
    "naive mode: read cache off (`readCacheTtlSeconds: 0`: every read a request of its own),",
    "batching off (`writeBatchSize: 1`) and a fixed rate (`initialRequestsPerMinute` =",
    "`requestsPerMinute` = 1200).",
    "",
    `Every run passes \`--parallel ${report.parallel ?? "(not recorded)"}\` (the engine holds at most that many steps in flight, and`,
    "a zone's record sets share a write only while they wait together; decision 0016), except one",
    "run per N through the CLI with its default (4 × CPUs), which shows what `pulumi up` does without",
    "the flag. The targets read the runs with the flag.",
    "",
    "Phases: `up`; a no-change `preview` (five in a row through the first path with the defaults,",
    "for the heap figure); `refresh`; an `up` changing 1 % of the record sets; `destroy`. API calls",
    "are the simulator's request log. CPU is the program process's (the bench process runs the",
    "program inline, through the Automation API) from the program's start to the last resource's id",
    "during `up`, per resource. Peak RSS is the provider host's, polled from /proc by a process of",
    "its own. Shell bytes is the largest serialized provider in one resource's state.",
    "",
    "Beside each N, the same stack of N bare dynamic resources (the smallest resource `@pulumi/pulumi`",
    "can register: one input, one provider object shared by all, no API behind it) through the same",
    "path: its program CPU per resource (in brackets after ours) and its refresh time are what the SDK",
    "and the engine spend per resource whatever the provider (the SDK's RPCs, its output promises,",
    'its debug messages to the engine; the start of the engine and the host). Rows marked "beside"',
    "in the targets' table read the CPU and refresh bounds against them, apart from the targets.",
    "",
    "![API calls and wall time against N](benchmarks.svg)",
    "",
    ...(report.importCost ? importSection(report.importCost) : []),
    "## Figures",
    "",
    printTable(report),
    "",
    `The host's start (a refresh of a one-resource stack, less one read): ${Object.entries(report.fixedCostSeconds)
      .map(([p, s]) => `${p === "engine" ? "Pulumi CLI" : "toolkit"} ${(s ?? 0).toFixed(2)} s`)
      .join(", ")}.`,
    "",
    ...(report.micro.length > 0
      ? ["## Client scenarios", "", "| scenario | result |", "|---|---|", ...report.micro.map((r) => `| ${r.scenario} | ${r.result} |`), ""]
      : []),
  ].join("\n");
  writeFileSync(path.join(docsDir, "benchmarks.md"), md);
}

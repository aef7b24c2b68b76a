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
  /** The machine's load average (1, 5, 15 minutes) when the stack runs started. */
  loadAverage?: number[];
  /** A smoke run (`--quick`): N=100 once per path, no targets read. */
  quick?: boolean;
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

/** The most a run may take against the floor's `up` and refresh, through the same CLI (issue of the floor targets). */
export const FLOOR_RATIO = 1.3;
/** The most program CPU per resource a run may add to the floor's, in milliseconds. */
export const FLOOR_CPU_MS = 1;

/** A ratio as the targets print it. */
function times(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/**
 * The stack's targets at the largest N run: `up`, refresh and program CPU of each default-mode
 * run of the first path (the engine: one run per CLI) against the bare dynamic resources measured
 * in the same run through the same path and CLI; the provider plugin's `up` and refresh against
 * the same floor; then the API calls (refresh = distinct reads, create within 1.2 x its bound, a
 * quiet preview), the heap and the naive ratios. A quick run (`--quick`) has none.
 */
function stackTargets(report: BenchReport): Target[] {
  if (report.quick) return [];
  const primary = report.runs[0]?.path;
  // The targets read the CLI as it checkpoints by default.
  const defaults = report.runs.filter((r) => r.mode === "default" && benchParallel(report, r) && !r.skipCheckpoints);
  const own = defaults.filter((r) => r.path === primary);
  if (own.length === 0) return [];
  const topN = Math.max(...own.map((r) => r.n));
  const tops = own.filter((r) => r.n === topN);
  const top = tops[0]!;
  const naive = report.runs.find((r) => r.mode === "naive" && r.n === topN && benchParallel(report, r) && !r.skipCheckpoints);
  const targets: Target[] = [];
  for (const run of tops) targets.push(...floorTargets(run));
  for (const run of defaults.filter((r) => r.n === topN && r.path.startsWith("plugin-"))) {
    const dynamic = tops.find((r) => r.path === "engine" && r.cli === run.cli);
    if (dynamic) targets.push(...pluginTargets(run, dynamic));
  }
  const wrong = defaults.filter((r) => r.phases.refresh.calls !== r.distinctReads);
  targets.push({
    target: "refresh API calls = distinct zones and listings, at every N",
    measured: defaults.map((r) => `N=${r.n} ${shortLabel(r)}: ${r.phases.refresh.calls} of ${r.distinctReads}`).join("; "),
    met: wrong.length === 0,
  });
  for (const run of defaults.filter((r) => r.n === topN)) {
    targets.push({
      target: `create API calls at ${at(run)} <= 1.2 x (zones + non-batchable creates)`,
      measured: `${run.phases.up.calls} calls, bound ${run.writeBound}, limit ${Math.floor(1.2 * run.writeBound)}`,
      met: run.phases.up.calls <= 1.2 * run.writeBound,
    });
  }
  targets.push({
    target: "no-change preview makes 0 API calls",
    measured: defaults.map((r) => `N=${r.n} ${shortLabel(r)}: ${r.phases.preview.calls}`).join("; "),
    met: defaults.every((r) => r.phases.preview.calls === 0),
  });
  const heap = top.heapMiB;
  const growth = heap.length >= 5 ? heap[4]! / heap[0]! - 1 : Number.NaN;
  targets.push({
    target: `heap after 5 consecutive runs within 10 % of after the first (${at(top)})`,
    measured: heap.length >= 5 ? `${heap.map((h) => h.toFixed(0)).join(", ")} MiB (${(growth * 100).toFixed(1)} %)` : "fewer than 5 runs",
    met: heap.length >= 5 && Math.abs(growth) <= 0.1,
  });
  if (naive) {
    const refreshRatio = naive.phases.refresh.calls / Math.max(1, top.phases.refresh.calls);
    const createRatio = naive.phases.up.calls / Math.max(1, top.phases.up.calls);
    targets.push({
      target: `>= 20x fewer refresh calls than naive at N=${topN}`,
      measured: `${top.phases.refresh.calls} against ${naive.phases.refresh.calls} (${refreshRatio.toFixed(1)}x)`,
      met: refreshRatio >= 20,
    });
    targets.push({
      target: `>= 2x fewer create calls than naive at N=${topN}`,
      measured: `${top.phases.up.calls} against ${naive.phases.up.calls} (${createRatio.toFixed(1)}x)`,
      met: createRatio >= 2,
    });
  }
  return targets;
}

/** Where a target was read: the N and the run. */
function at(run: StackRun): string {
  return `N=${run.n} (${shortLabel(run)})`;
}

/**
 * A dynamic run against the bare dynamic resources of the same run: `up` and refresh within
 * {@link FLOOR_RATIO} of theirs, program CPU within {@link FLOOR_CPU_MS} of theirs. A report
 * saved before the floor's `up` was measured has no `up` target.
 */
function floorTargets(run: StackRun): Target[] {
  const targets: Target[] = [];
  const { floor } = run;
  if (floor.upSeconds !== undefined) {
    const ratio = run.phases.up.seconds / floor.upSeconds;
    targets.push({
      target: `up at ${at(run)} <= ${FLOOR_RATIO} x bare dynamic resources' up`,
      measured: `${run.phases.up.seconds.toFixed(1)} s against ${floor.upSeconds.toFixed(1)} s: ${times(ratio)}`,
      met: ratio <= FLOOR_RATIO,
    });
  }
  const refresh = run.phases.refresh.seconds / floor.refreshSeconds;
  targets.push({
    target: `refresh at ${at(run)} <= ${FLOOR_RATIO} x bare dynamic resources' refresh`,
    measured: `${run.phases.refresh.seconds.toFixed(2)} s against ${floor.refreshSeconds.toFixed(2)} s: ${times(refresh)}`,
    met: refresh <= FLOOR_RATIO,
  });
  const added = run.programCpuMsPerResource - floor.cpuMsPerResource;
  targets.push({
    target: `program CPU per resource at ${at(run)} <= bare dynamic resources' + ${FLOOR_CPU_MS} ms`,
    measured: `${run.programCpuMsPerResource.toFixed(2)} ms against ${floor.cpuMsPerResource.toFixed(2)} ms: +${added.toFixed(2)} ms`,
    met: added <= FLOOR_CPU_MS,
  });
  return targets;
}

/**
 * The provider plugin's run against the bare dynamic resources measured beside the dynamic run
 * of the same CLI and N: it carries no serialized provider and starts no dynamic host, so its
 * `up` and refresh should cost no more than theirs.
 */
function pluginTargets(run: StackRun, dynamic: StackRun): Target[] {
  const { floor } = dynamic;
  const targets: Target[] = [];
  if (floor.upSeconds !== undefined) {
    const ratio = run.phases.up.seconds / floor.upSeconds;
    targets.push({
      target: `up at ${at(run)} <= bare dynamic resources' up`,
      measured: `${run.phases.up.seconds.toFixed(1)} s against ${floor.upSeconds.toFixed(1)} s: ${times(ratio)}`,
      met: ratio <= 1,
    });
  }
  const refresh = run.phases.refresh.seconds / floor.refreshSeconds;
  targets.push({
    target: `refresh at ${at(run)} <= bare dynamic resources' refresh`,
    measured: `${run.phases.refresh.seconds.toFixed(2)} s against ${floor.refreshSeconds.toFixed(2)} s: ${times(refresh)}`,
    met: refresh <= 1,
  });
  return targets;
}

/** One growth fit: the exponent k of seconds ~ N^k between the smallest and largest N fitted. */
export interface Growth {
  run: string;
  ns: number[];
  up: number;
  refresh: number;
}

/** The least-squares slope of log(y) against log(x). */
function exponent(points: readonly [number, number][]): number {
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

/** Growth is fitted between these N, where the fixed costs no longer hide it. */
export const GROWTH_RANGE: readonly [number, number] = [500, 2000];

/**
 * The exponent k of `up` and refresh seconds ~ N^k for each run kind (path, CLI, mode,
 * parallelism) that ran at two N or more within {@link GROWTH_RANGE}: 1 is linear, 2 quadratic.
 *
 * @example
 * for (const g of growth(report)) console.log(g.run, g.up.toFixed(2), g.refresh.toFixed(2));
 */
export function growth(report: BenchReport): Growth[] {
  const kinds = new Map<string, StackRun[]>();
  for (const run of report.runs) {
    if (run.n < GROWTH_RANGE[0] || run.n > GROWTH_RANGE[1]) continue;
    const label = runLabel(run);
    kinds.set(label, [...(kinds.get(label) ?? []), run]);
  }
  return [...kinds]
    .filter(([, runs]) => new Set(runs.map((r) => r.n)).size >= 2)
    .map(([label, runs]) => ({
      run: label,
      ns: runs.map((r) => r.n),
      up: exponent(runs.map((r) => [r.n, r.phases.up.seconds])),
      refresh: exponent(runs.map((r) => [r.n, r.phases.refresh.seconds])),
    }));
}

const PHASES: readonly [PhaseName, string][] = [
  ["up", "up"],
  ["preview", "no-change preview"],
  ["refresh", "refresh"],
  ["update1pct", "up changing 1 %"],
  ["destroy", "destroy"],
];

/** What a run went through, short: "Pulumi CLI 3.248.0", "toolkit", "plugin, YAML, CLI 3.248.0". */
function shortLabel(r: StackRun): string {
  const cli = r.cli ? ` ${r.cli}` : "";
  switch (r.path) {
    case "engine":
      return `Pulumi CLI${cli}`;
    case "toolkit":
      return "toolkit";
    case "plugin-yaml":
      return `plugin, YAML, CLI${cli}`;
    case "plugin-ts":
      return `plugin, TypeScript SDK, CLI${cli}`;
  }
}

function runLabel(r: StackRun): string {
  const parallel = r.parallel === undefined ? "CLI's default --parallel" : `--parallel ${r.parallel}`;
  return `${shortLabel(r)}, ${r.mode}, ${parallel}${r.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS" : ""}`;
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
      " | bare resources: up s / refresh s | CPU ms/resource (bare resources) | provider peak RSS MiB | shell bytes |",
  );
  lines.push("|---|---|" + PHASES.map(() => "---|").join("") + "---|---|---|---|");
  for (const r of report.runs) {
    const cells = PHASES.map(([p]) => `${r.phases[p].calls} / ${r.phases[p].seconds.toFixed(1)}`);
    const bare = `${r.floor.upSeconds === undefined ? "-" : r.floor.upSeconds.toFixed(1)} / ${r.floor.refreshSeconds.toFixed(1)}`;
    const cpu = Number.isNaN(r.programCpuMsPerResource) ? "-" : r.programCpuMsPerResource.toFixed(2);
    lines.push(
      `| ${r.n} | ${runLabel(r)} | ${cells.join(" | ")} | ${bare} | ${cpu} (${r.floor.cpuMsPerResource.toFixed(2)}) | ${r.providerPeakRssMiB.toFixed(0)} | ${r.shellBytes} |`,
    );
  }
  lines.push("");
  lines.push(
    "| N | lower bound: refresh calls (zones + listings) | refresh s (calls x latency / parallelism) | create calls (zones + non-batchable) |",
  );
  lines.push("|---|---|---|---|");
  for (const n of [...new Set(report.runs.map((r) => r.n))]) {
    const r = report.runs.find((x) => x.n === n)!;
    lines.push(`| ${n} | ${r.distinctReads} | ${refreshBoundSeconds(r, report.latencyMs).toFixed(2)} | ${r.writeBound} |`);
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
  const fits = growth(report);
  if (fits.length > 0) {
    lines.push("");
    lines.push(`| growth between N = ${GROWTH_RANGE[0]} and ${GROWTH_RANGE[1]}: seconds ~ N^k | N fitted | up: k | refresh: k |`);
    lines.push("|---|---|---|---|");
    for (const g of fits) lines.push(`| ${g.run} | ${g.ns.join(", ")} | ${g.up.toFixed(2)} | ${g.refresh.toFixed(2)} |`);
  }
  if (report.targets.length === 0) return lines.join("\n");
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
  const cli = report.runs[0]?.cli;
  // The first path through the first CLI, checkpointing as it does by default: one point per N.
  const pick = (mode: string) =>
    report.runs
      .filter((r) => r.path === primary && r.cli === cli && r.mode === mode && benchParallel(report, r) && !r.skipCheckpoints)
      .sort((a, b) => a.n - b.n);
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
    `Measured ${cost.date.slice(0, 16).replace("T", " ")} UTC; \`npm run bench -- --quick --write-docs\` measures it first and rewrites this`,
    `section alone. ${cost.runs} fresh Node processes each require \`@pulumi/pulumi\`, as every program does first, then`,
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
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.os}; Node ${m.node}; Pulumi CLI ${m.pulumiCli}${report.loadAverage ? `; load average at the start ${report.loadAverage.map((l) => l.toFixed(2)).join(", ")} (1, 5, 15 minutes)` : ""}.`,
    "",
    "## The stack",
    "",
    `N resources at N = ${ns}: 60 % DNS record sets over 5 zones, the rest SSH keys, FTP accounts,`,
    "redirections and object-storage URLs over 3 hosting accounts. The simulator runs in its own",
    `process, adds ${report.latencyMs} ms to every request and answers 429 past ${report.simulatorRateLimit} (above the`,
    "package's default ceiling of 1200 a minute). Each N runs as dynamic resources through the real",
    "Pulumi CLI (each CLI of the run) and through the testing toolkit, with the package's default",
    "settings, and once in naive mode: read cache off (`readCacheTtlSeconds: 0`: every read a request",
    "of its own), batching off (`writeBatchSize: 1`) and a fixed rate (`initialRequestsPerMinute` =",
    "`requestsPerMinute` = 1200); and through the provider plugin, installed from its release archive",
    "with `pulumi plugin install`, as a YAML program and as a TypeScript program on the generated SDK,",
    "when the run has them. The CLI checkpoints as it does by default (after every step), except in",
    "one run per N through the first CLI with `PULUMI_SKIP_CHECKPOINTS=true` (the state written once",
    'per command; README, "Large stacks"), which the targets do not read.',
    "",
    `Every run passes \`--parallel ${report.parallel ?? "(not recorded)"}\` (the engine holds at most that many steps in flight, and`,
    "a zone's record sets share a write only while they wait together; decision 0016), except one",
    "run per N through the first CLI with its default (4 × CPUs), which shows what `pulumi up` does",
    "without the flag. The targets read the runs with the flag.",
    "",
    "Phases: `up`; a no-change `preview` (five in a row through the first path with the defaults,",
    "for the heap figure); `refresh`; an `up` changing 1 % of the record sets; `destroy`. API calls",
    "are the simulator's request log. CPU is the program process's from the program's start to the",
    "last resource's id during `up`, per resource (the bench process runs the dynamic program inline,",
    "through the Automation API; the TypeScript program on the SDK measures itself the same way; a",
    "YAML program's is not measured). Peak RSS is the provider's process (the dynamic host, or the",
    "plugin), polled from /proc by a process of its own. Shell bytes is the largest serialized",
    "provider in one resource's state (none for the plugin); the state bytes table gives one",
    "resource's state entry per type.",
    "",
    "Beside each dynamic run, the same stack of N bare dynamic resources (the smallest resource",
    "`@pulumi/pulumi` can register: one input, one provider object shared by all, no API behind it)",
    "through the same path, CLI and `--parallel`: its `up`, its refresh and its program CPU are what",
    "the SDK and the engine spend per resource whatever the provider (the SDK's RPCs, its output",
    "promises, the engine's steps and checkpoints, the start of the engine and the host). The",
    `targets read against that floor (decision 0047): \`up\` and refresh at most ${FLOOR_RATIO} × the floor's, program`,
    `CPU at most the floor's + ${FLOOR_CPU_MS} ms per resource, and the plugin's \`up\` and refresh at most the floor's.`,
    `The growth table fits seconds ~ N^k between N = ${GROWTH_RANGE[0]} and ${GROWTH_RANGE[1]} for each kind of run that ran at two N or`,
    "more there (1 is linear).",
    "",
    "![API calls and wall time against N](benchmarks.svg)",
    "",
    ...(report.importCost ? importSection(report.importCost) : []),
    "## Figures",
    "",
    printTable(report),
    "",
    `The host's start (a refresh of a one-resource stack, less one read): ${Object.entries(report.fixedCostSeconds)
      .map(([p, s]) => `${p === "engine" ? `Pulumi CLI ${report.machine.pulumiCli.split(",")[0]}` : "toolkit"} ${(s ?? 0).toFixed(2)} s`)
      .join(", ")}.`,
    "",
    ...(report.micro.length > 0
      ? ["## Client scenarios", "", "| scenario | result |", "|---|---|", ...report.micro.map((r) => `| ${r.scenario} | ${r.result} |`), ""]
      : []),
  ].join("\n");
  writeFileSync(path.join(docsDir, "benchmarks.md"), md);
}

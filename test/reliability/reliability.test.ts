/**
 * A slice of `npm run reliability` (scripts/reliability.ts) in the test suite, so that a
 * regression of what the reliability report promises fails CI: a domain registration whose order
 * is answered badly is charged once and never orphaned, every type's refresh reads an empty or
 * malformed reply as `bad-response` rather than "gone", and a host killed mid-create does not
 * order again. The full matrix runs in `npm run reliability`.
 */
import { beforeAll, describe, expect, it } from "vitest";

import {
  figuresBlock,
  killTranscriptBlock,
  withFiguresBlock,
  withKillTranscriptBlock,
  type ReliabilityReport,
} from "../../scripts/reliability";
import { runEmptyReplies } from "../../scripts/reliability/empty-replies";
import { runFaultMatrix, type FaultCell } from "../../scripts/reliability/faults";
import { runKillTest } from "../../scripts/reliability/kill";
import { maskTranscript } from "../../scripts/reliability/kill-engine";
import { installedPackage, type InstalledPackage } from "../e2e/package";
import { SETUP_TIMEOUT, STEP_TIMEOUT } from "../helpers/time";

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installedPackage();
}, SETUP_TIMEOUT);

/** A failing cell as the assertion shows it: where, and what was left. */
function failing(cells: FaultCell[]): string[] {
  return cells
    .filter((c) => c.orphans + c.duplicates + c.doubleCharges + c.stuck > 0)
    .map((c) => `${c.type} ${c.op} ${c.fault}: ${c.notes.join("; ")}`);
}

describe("the reliability report's slice", () => {
  it(
    "orders a domain and adds a cron line once, leaving nothing the state does not know, when the create's reply is truncated, lost or too large to read",
    async () => {
      const figures = await runFaultMatrix({
        types: ["DomainRegistration", "CronJob"],
        ops: ["create"],
        faults: ["truncate", "lost-response", "oversize"],
        pkg,
        concurrency: 2,
      });

      expect(figures.broken).toEqual([]);
      expect(figures.cells.map((c) => [c.type, c.fault, c.triggered])).toEqual([
        ["DomainRegistration", "truncate", true],
        ["DomainRegistration", "lost-response", true],
        ["DomainRegistration", "oversize", true],
        ["CronJob", "truncate", true],
        ["CronJob", "lost-response", true],
        ["CronJob", "oversize", true],
      ]);
      expect(failing(figures.cells)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "never reads an empty body, a 204, a success without its list, null data or a body that is not JSON as gone, and reads them as bad-response where a listing decides",
    async () => {
      const figures = await runEmptyReplies();

      expect(figures.emptyRepliesTried).toBe(115);
      expect(figures.rows.filter((r) => r.outcome === "gone").map((r) => `${r.type} ${r.reply}`)).toEqual([]);
      // A refresh that finds its object by a listing would drop it from the state on a misread.
      // PHP extensions are read as a map with no list field (`{"success":true}` parses as no
      // extension); the full report counts that as misread.
      const listings = figures.rows.filter((r) => r.operations.some((op) => /\.list/.test(op)) && r.type !== "PhpExtensions");
      expect(listings.length).toBeGreaterThan(50);
      expect(listings.filter((r) => !r.ok).map((r) => `${r.type} ${r.reply}: ${r.outcome}`)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "orders a domain once when the provider host is killed while the order is in flight",
    async () => {
      const figures = await runKillTest({ types: ["DomainRegistration"], pkg });

      expect(figures.rows.map((r) => ({ killed: r.killed, notes: r.notes }))).toEqual([{ killed: true, notes: [] }]);
      expect([figures.duplicates, figures.doubleCharges, figures.orphans, figures.stuck]).toEqual([0, 0, 0, 0]);
    },
    STEP_TIMEOUT,
  );

  it(
    "puts back at destroy the PHP version and lock found when the provider host is killed after the setting's write (decision 0028)",
    async () => {
      const figures = await runKillTest({ types: ["PhpVersion", "DomainLock"], pkg });

      expect(figures.rows.map((r) => ({ type: r.type, killed: r.killed, notes: r.notes }))).toEqual([
        { type: "PhpVersion", killed: true, notes: [] },
        { type: "DomainLock", killed: true, notes: [] },
      ]);
      expect([figures.duplicates, figures.doubleCharges, figures.orphans, figures.stuck]).toEqual([0, 0, 0, 0]);
    },
    STEP_TIMEOUT,
  );
});

describe("the figures block of docs/reliability.md", () => {
  const report = {
    orphans: 0,
    duplicates: 1,
    doubleCharges: 0,
    stuck: 0,
    badInputsAccepted: 0,
    faultCells: 1,
    badInputsTried: 3,
    emptyRepliesTried: 0,
    emptyRepliesMisread: 0,
    killRuns: 0,
    shortfalls: [],
    slice: false,
    detail: {
      faults: {
        faultCells: 1,
        broken: [],
        orphans: 0,
        duplicates: 1,
        doubleCharges: 0,
        stuck: 0,
        notApplicable: [],
        cells: [
          {
            type: "CronJob",
            op: "create",
            fault: "truncate",
            operation: "cron.add",
            triggered: true,
            orphans: 0,
            duplicates: 1,
            doubleCharges: 0,
            stuck: 0,
            notes: ["left over: a | b"],
          },
        ],
      },
      badInputs: {
        badInputsTried: 3,
        badInputsAccepted: 0,
        perType: { CronJob: { tried: 3, accepted: 0 } },
        perClass: { "text rules": { tried: 2, accepted: 0 }, "code points NFKC changes": { tried: 1, accepted: 0 } },
        accepted: [],
      },
      emptyReplies: { emptyRepliesTried: 0, emptyRepliesMisread: 0, emptyRepliesGone: 0, rows: [] },
      kill: { killRuns: 0, duplicates: 0, doubleCharges: 0, orphans: 0, stuck: 0, rows: [] },
    },
  } satisfies ReliabilityReport;

  it("replaces only the block between its markers, and lists each failing cell", () => {
    const page =
      "# Reliability\n\nBefore.\n\n<!-- reliability:figures:start (generated) -->\nold figures\n<!-- reliability:figures:end -->\n\nAfter.\n";
    const written = withFiguresBlock(page, figuresBlock(report, new Date("2026-11-23T00:00:00Z")));

    expect(written.startsWith("# Reliability\n\nBefore.\n\n<!-- reliability:figures:start")).toBe(true);
    expect(written.endsWith("<!-- reliability:figures:end -->\n\nAfter.\n")).toBe(true);
    expect(written).not.toContain("old figures");
    expect(written).toContain("| duplicates | 1 |");
    expect(written).toContain("- CronJob create truncate (`cron.add`): left over: a \\| b");
    expect(written).toContain(
      "| class of bad input | tried | accepted |\n|---|---|---|\n| text rules | 2 | 0 |\n| code points NFKC changes | 1 | 0 |",
    );
    // A row per fault that ran, none for those that did not.
    expect(written).toContain("| fault | cells | orphans | duplicates | double charges | stuck |");
    expect(written).toContain("| `truncate` | 1 | 0 | 1 | 0 | 0 |");
    expect(written).not.toContain("| `oversize` |");
    expect(withFiguresBlock(written, figuresBlock(report, new Date("2026-11-23T00:00:00Z")))).toBe(written);
  });
});

describe("the killed pulumi up's block of docs/reliability.md", () => {
  it("keeps an operation's header and summary, leaves out its progress rows, and masks what varies between runs", () => {
    const output = [
      "Updating (dev):",
      "",
      " +  pulumi-nodejs:dynamic/reseller:DnsRecordSet status creating (3s)",
      "@ updating....",
      " +  pulumi-nodejs:dynamic/reseller:DnsRecordSet status created (5s)",
      "Diagnostics:",
      "    warning: killed-mid-create.com stays registered until 2027-11-23.",
      "",
      "Resources:",
      "    + 1 created",
      "",
      "Duration: 1m2s",
      "error: locked:",
      "  file:///scratch/run-1/backend/.pulumi/locks/dev/146bc9d5-8398-4f8a-b5a3-c74d77823871.json: created by root@vm (pid 1517) at 2026-11-23T19:13:16Z",
    ].join("\n");

    expect(maskTranscript(output, "/scratch/run-1").split("\n")).toEqual([
      "Updating (dev):",
      "Diagnostics:",
      "    warning: killed-mid-create.com stays registered until <date>.",
      "",
      "Resources:",
      "    + 1 created",
      "",
      "Duration: <s>",
      "error: locked:",
      "  file://<dir>/backend/.pulumi/locks/dev/<uuid>.json: created by <user>@<host> (pid <pid>) at <time>",
    ]);
  });

  it("replaces only the block between its markers, leaving the figures block alone", () => {
    const figures = "<!-- reliability:figures:start (generated) -->\nfigures\n<!-- reliability:figures:end -->";
    const page = `# Reliability\n\n<!-- reliability:kill-engine:start (generated) -->\nold run\n<!-- reliability:kill-engine:end -->\n\n${figures}\n`;
    const block = killTranscriptBlock({
      killed: true,
      duplicates: 0,
      doubleCharges: 0,
      orphans: 0,
      stuck: 0,
      recoveredWithoutAdopt: true,
      refusedWithoutRecord: true,
      notes: [],
      transcript: "$ pulumi cancel --yes",
    });
    const written = withKillTranscriptBlock(page, block);

    expect(written).not.toContain("old run");
    expect(written).toContain("```console\n$ pulumi cancel --yes\n```");
    expect(written.endsWith(`<!-- reliability:kill-engine:end -->\n\n${figures}\n`)).toBe(true);
    expect(withKillTranscriptBlock(written, block)).toBe(written);
  });
});

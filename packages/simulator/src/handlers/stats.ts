/**
 * Statistics in the simulator: resource usage (LVE rows), disk usage and web server visits.
 *
 * The platform measures real traffic; the simulator synthesises it, deterministically. Every
 * number comes from a generator seeded by what identifies it (hosting id, domain, the bucket's
 * start time and length), so the same request with the same clock gives the same numbers, two
 * periods that cover the same hour agree on it, and tests can assert exact values with a fixed
 * clock (`startSimulator({ now })`).
 */
import { LVE_FIELDS, type VISITOR_PERIODS } from "pulumi-hosting-reseller/contract";
import { seededRandom } from "../faults";
import type { HostingState } from "../state";
import type { OpContext, SimArea, SimContext } from "../types";
import { attachedDomain, DEMO_HOSTING } from "./shared";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/** A generator in [0, 1) seeded by the given parts (FNV-1a of their text). */
export function randomFor(...parts: readonly (string | number)[]): () => number {
  let hash = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return seededRandom(hash >>> 0);
}

const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** Start times of the `count` buckets of length `step` up to now, oldest first; the last is the current one. */
function buckets(now: Date, step: number, count: number): number[] {
  const current = Math.floor(now.getTime() / step) * step;
  return Array.from({ length: count }, (_, i) => current - (count - 1 - i) * step);
}

// ---- resource usage ----

type LveRow = { From: string; To: string } & Record<(typeof LVE_FIELDS)[number], number>;

/**
 * One LVE row for a bucket: averages (`a…`) below maxima (`m…`) below the account's limits
 * (`l…`, from its CPU, memory and I/O resources), fault counters (`…F`, `Epf`) mostly zero.
 * Units follow CloudLinux: CPU in percent of one core, memory in bytes, I/O in KB/s.
 */
function lveRow(h: HostingState, from: number, step: number): LveRow {
  const r = randomFor("lve", h.id, from, step);
  const triple = (limit: number, low: number, high: number, digits = 0) => {
    const avg = round(limit * (low + (high - low) * r()), digits);
    const max = round(Math.min(limit, avg * (1.2 + r())), digits);
    return [avg, max, limit] as const;
  };
  const fault = () => (r() < 0.08 ? 1 + Math.floor(r() * 3) : 0);
  const [aCPU, mCPU, lCPU] = triple(h.resources.cpu * 100, 0.03, 0.35, 2);
  const [aPMem, mPMem, lPMem] = triple(h.resources.mem * 1024 * MB, 0.1, 0.45);
  const [aVMem, mVMem, lVMem] = triple(h.resources.mem * 1024 * MB, 0.12, 0.5);
  const [aIO, mIO, lIO] = triple(h.resources.io * 1024, 0.01, 0.15);
  const [aIOPS, mIOPS, lIOPS] = triple(h.resources.io * 1024, 0.005, 0.08);
  const [aEP, mEP, lEP] = triple(h.resources.cpu * 20, 0.02, 0.2);
  const [aNproc, mNproc, lNproc] = triple(h.resources.cpu * 100, 0.05, 0.25);
  return {
    From: new Date(from).toISOString(),
    To: new Date(from + step).toISOString(),
    Epf: fault(),
    NprocF: fault(),
    PMemF: fault(),
    VMemF: fault(),
    aCPU,
    mCPU,
    lCPU,
    aEP,
    mEP,
    lEP,
    aVMem,
    mVMem,
    lVMem,
    aPMem,
    mPMem,
    lPMem,
    aNproc,
    mNproc,
    lNproc,
    aIO,
    mIO,
    lIO,
    aIOPS,
    mIOPS,
    lIOPS,
  };
}

/** `period` rows of a day or an hour each, oldest first (the same reply in every version). */
function resourceUsage(ctx: OpContext<"stats.getResourceUsage">) {
  const h = ctx.hosting();
  const step = ctx.params.periodType === "day" ? DAY : HOUR;
  return { data: buckets(ctx.now(), step, ctx.params.period).map((from) => lveRow(h, from, step)) };
}

// ---- disk usage ----

/**
 * Bytes per top-level directory (the web roots of every attached domain together, mail, logs, tmp)
 * and per database; `total` is their sum. Mailboxes never exceed their quota.
 */
function diskUsage(ctx: SimContext) {
  const h = ctx.hosting();
  const home = `/home/${h.username}`;
  const size = (min: number, max: number, ...parts: (string | number)[]) => {
    const r = randomFor("disk", h.id, ...parts);
    return Math.floor((min + (max - min) * r()) * MB);
  };
  const web = h.domains.reduce((sum, d) => sum + size(15, 600, "web", d), 0);
  const mail = h.emails.reduce((sum, m) => sum + Math.min(m.quota * MB, size(1, 400, "mail", m.email)), 0);
  const diskUsage: Record<string, number> = {
    [`${home}/public_html`]: web,
    [`${home}/mail`]: mail,
    [`${home}/logs`]: size(1, 80, "logs"),
    [`${home}/tmp`]: size(0, 20, "tmp"),
  };
  const dbUsage = Object.fromEntries(h.databases.map((db) => [db.name, db.sizeBytes]));
  const total = [...Object.values(diskUsage), ...Object.values(dbUsage)].reduce((a, b) => a + b, 0);
  return { total, diskUsage, dbUsage };
}

// ---- visits ----

type VisitorPeriod = (typeof VISITOR_PERIODS)[number];

/** Bucket length and count per visitor period (v4 document, Limits): 1h in 5-minute steps. */
const VISITOR_BUCKETS: Record<VisitorPeriod, { step: number; count: number }> = {
  "1h": { step: 5 * MINUTE, count: 12 },
  "12h": { step: HOUR, count: 12 },
  "24h": { step: HOUR, count: 24 },
  "7d": { step: DAY, count: 7 },
  "30d": { step: DAY, count: 30 },
};

/**
 * Hits per bucket by status class; `labels` are the buckets' start times in ms. Unique visitors
 * are a share (25-60 %) of the hits of the same bucket, so they never exceed them.
 */
function visitors(ctx: OpContext<"stats.getVisitors" | "stats.getUniqueVisitors">, unique: boolean) {
  const h = ctx.hosting();
  const domain = attachedDomain(h, ctx.params.domain);
  const { step, count } = VISITOR_BUCKETS[ctx.params.period];
  const labels = buckets(ctx.now(), step, count);
  // A domain's popularity: 20 to 400 hits an hour.
  const perHour = 20 + 380 * randomFor("popularity", h.id, domain)();
  const series = { labels, success: [] as number[], redirects: [] as number[], clientErrors: [] as number[], serverErrors: [] as number[] };
  for (const start of labels) {
    const r = randomFor("visits", h.id, domain, start, step);
    const hits = perHour * (step / HOUR) * (0.5 + r());
    const share = unique ? 0.25 + 0.35 * r() : 1;
    series.success.push(Math.floor(hits * 0.86 * share));
    series.redirects.push(Math.floor(hits * (0.04 + 0.06 * r()) * share));
    series.clientErrors.push(Math.floor(hits * (0.02 + 0.05 * r()) * share));
    series.serverErrors.push(Math.floor(hits * 0.01 * r() * share));
  }
  return series;
}

/** Handlers and samples of the statistics operations. The core routes requests to them by operation id. */
export const statsArea: SimArea = {
  name: "stats",
  handlers: {
    "stats.getResourceUsage": resourceUsage,
    "stats.getDiskUsage": diskUsage,
    // v4 puts the series beside the envelope, so its `success` is the array (v4 document); the
    // core spreads the reply over the envelope, the array wins over `success: true`. Only v4
    // takes `unique`; v3 and v2 count every visit.
    "stats.getVisitors": (ctx) => visitors(ctx, "unique" in ctx.params && ctx.params.unique === true),
    "stats.getUniqueVisitors": (ctx) => visitors(ctx, true),
  },
  samples: {
    "v4.stats.getResourceUsage": () => ({ id: 101, periodType: "hour", period: 24 }),
    "v3.stats.getResourceUsage": () => ({ ...DEMO_HOSTING.v3, periodType: "day", period: 7 }),
    "v2.stats.getResourceUsage": () => ({ id: 102, periodType: "day", period: 90 }),
    "v4.stats.getDiskUsage": () => ({ id: 101 }),
    "v3.stats.getDiskUsage": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.stats.getDiskUsage": () => ({ id: 102 }),
    "v4.stats.getVisitors": () => ({ id: 101, domain: "agency-demo.com", period: "24h", unique: true }),
    "v3.stats.getVisitors": () => ({ ...DEMO_HOSTING.v3, domain: "client-shop.net", period: "7d" }),
    "v2.stats.getVisitors": () => ({ id: 101, domain: "agency-demo.com", period: "1h" }),
    "v2.stats.getUniqueVisitors": () => ({ id: 101, domain: "agency-demo.com", period: "30d" }),
  },
};

/**
 * Statistics of a hosting account: resource usage (CloudLinux LVE rows), disk usage and web
 * server visits.
 *
 * Evidence (`spec/api-catalog.md`): v3 is CONFIRMED in the official provisioning module's graphs
 * (§4.1, S2 `getStatsResource`, `getStatsDisk`, `getStatsVisitors`), v2 in the official 2.0.0
 * spec (§3 rows 42-45), v4 is the v3 path with `/v4` (§1 #72-74). The verb changed between
 * versions: v2 `POST`s performance and visits, v3 `GET`s them (catalog §7.7 #5).
 */
import { z } from "zod";
import { defineEndpoints } from "../endpoint";
import { bool, dict, domainName, envelope, hostingV3, hostingV4, int, list, num, obj, str } from "../schemas";

// ---- request pieces ----

/** `periodType` day or hour, `period` 1..90 of them (v4 document, Statistics and Limits). */
const performanceShape = {
  periodType: z.enum(["day", "hour"]),
  period: z.number().int().min(1).max(90),
};
/**
 * Visitor periods (v4 document, Limits).
 *
 * @example
 * for (const period of VISITOR_PERIODS) await client.request("stats.getVisitors", { id: 101, domain, period });
 */
export const VISITOR_PERIODS = ["30d", "7d", "24h", "12h", "1h"] as const;
const visitorShape = { domain: domainName, period: z.enum(VISITOR_PERIODS) };

// ---- response pieces ----

/**
 * The numeric fields of a resource usage (LVE) entry, in the v4 document's order.
 *
 * @example
 * const peaks = LVE_FIELDS.filter((f) => f.startsWith("m")).map((f) => row[f]);
 */
export const LVE_FIELDS = [
  "Epf",
  "NprocF",
  "PMemF",
  "VMemF",
  "aCPU",
  "mCPU",
  "lCPU",
  "aEP",
  "mEP",
  "lEP",
  "aVMem",
  "mVMem",
  "lVMem",
  "aPMem",
  "mPMem",
  "lPMem",
  "aNproc",
  "mNproc",
  "lNproc",
  "aIO",
  "mIO",
  "lIO",
  "aIOPS",
  "mIOPS",
  "lIOPS",
] as const;

const lveNumbers = Object.fromEntries(LVE_FIELDS.map((f) => [f, num().optional()])) as Record<
  (typeof LVE_FIELDS)[number],
  z.ZodOptional<ReturnType<typeof num>>
>;
/** One resource usage row: `From`, `To` and the LVE counters (units are not documented). */
const lveRow = obj({ From: str().optional(), To: str().optional(), ...lveNumbers });
const performanceReply = envelope({ data: list(lveRow) });

/** Byte counts keyed by directory path or database name. */
const bytesByName = dict(num());
/** `total` is the sum of every `diskUsage` and `dbUsage` value, all in bytes. */
const diskUsageShape = {
  total: num().optional(),
  diskUsage: bytesByName.optional(),
  dbUsage: bytesByName.optional(),
};

const series = list(num());
/** The visitor series; `success` here is the count of 2xx answers per label, not a flag. */
const visitorSeries = {
  labels: list(int()),
  success: series,
  redirects: series.optional(),
  clientErrors: series.optional(),
  serverErrors: series.optional(),
};
/** v3 and v2: the series are under `data`, beside the usual boolean `success`. */
const visitorsInData = envelope({ data: obj(visitorSeries) });

/**
 * Statistics operations of v4, v3 and v2.
 *
 * @example
 * const { data } = await client.request("stats.getResourceUsage", { id: 101, periodType: "day", period: 7 });
 * console.log(data.map((row) => row.aCPU));
 */
export const statsEndpoints = defineEndpoints({
  "v4.stats.getResourceUsage": {
    method: "GET",
    path: "/v4/hosting/stats/performance",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...performanceShape }),
    response: performanceReply,
    evidence: "inferred",
    source: "INFERRED-M, catalog §1 #72",
    safety: "read",
    envelope: true,
    summary: "Resource usage (CPU, memory, I/O, processes) per day or hour",
  },
  "v3.stats.getResourceUsage": {
    method: "GET",
    path: "/v3/hosting/stats/performance",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...performanceShape }),
    response: performanceReply,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §4.1",
    safety: "read",
    envelope: true,
    summary: "Resource usage (CPU, memory, I/O, processes) per day or hour",
  },
  "v2.stats.getResourceUsage": {
    method: "POST",
    path: "/n0c-api/stats/performance",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...performanceShape }),
    response: performanceReply,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #42",
    safety: "read",
    envelope: true,
    summary: "Resource usage (CPU, memory, I/O, processes) per day or hour",
  },
  "v4.stats.getDiskUsage": {
    method: "GET",
    path: "/v4/hosting/stats/disk-usage",
    params: "body",
    request: z.strictObject(hostingV4),
    response: envelope(diskUsageShape),
    evidence: "inferred",
    source: "INFERRED-M, catalog §1 #73",
    safety: "read",
    envelope: true,
    summary: "Disk usage in bytes, per directory and per database",
  },
  "v3.stats.getDiskUsage": {
    method: "GET",
    path: "/v3/hosting/stats/disk-usage",
    params: "body",
    request: z.strictObject(hostingV3),
    response: envelope({ data: obj(diskUsageShape) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §4.1",
    safety: "read",
    envelope: true,
    summary: "Disk usage in bytes, per directory and per database",
  },
  "v2.stats.getDiskUsage": {
    method: "GET",
    path: "/n0c-api/stats/disk-usage",
    params: "body",
    request: z.strictObject(hostingV4),
    response: envelope({ data: obj(diskUsageShape) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #43",
    safety: "read",
    envelope: true,
    summary: "Disk usage in bytes, per directory and per database",
  },
  // The one exception to the envelope: the v4 document says the visitor resource's `success` is
  // an array of numbers (the 2xx count per label), so it is read as the series, and a boolean is
  // still accepted in case the server sends the flag.
  "v4.stats.getVisitors": {
    method: "GET",
    path: "/v4/hosting/stats/apache",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...visitorShape, unique: z.boolean().optional() }),
    response: envelope({ ...visitorSeries, success: series.or(bool()) }),
    evidence: "inferred",
    source: "INFERRED-M, catalog §1 #74",
    safety: "read",
    envelope: true,
    summary: "Web server visits of a domain (all or unique) by status class",
  },
  "v3.stats.getVisitors": {
    method: "GET",
    path: "/v3/hosting/stats/apache",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...visitorShape }),
    response: visitorsInData,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §4.1",
    safety: "read",
    envelope: true,
    summary: "Web server visits of a domain by status class",
  },
  "v2.stats.getVisitors": {
    method: "POST",
    path: "/n0c-api/stats/apache",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...visitorShape }),
    response: visitorsInData,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #44",
    safety: "read",
    envelope: true,
    summary: "Web server visits of a domain by status class",
  },
  "v2.stats.getUniqueVisitors": {
    method: "POST",
    path: "/n0c-api/stats/apache/unique",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...visitorShape }),
    response: visitorsInData,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #45",
    safety: "read",
    envelope: true,
    summary: "Unique visitors of a domain by status class",
  },
});

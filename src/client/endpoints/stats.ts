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
import { defineOperations, route } from "../endpoint";
import { bool, dict, domainName, envelope, hostingV3, hostingV4, int, list, num, obj, optionalFields, str } from "../schemas";

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
const diskUsageShape = optionalFields({
  total: num(),
  diskUsage: bytesByName,
  dbUsage: bytesByName,
});

const series = list(num());
/** The visitor series; `success` here is the count of 2xx answers per label, not a flag. */
const visitorSeries = {
  labels: list(int()),
  success: series,
  ...optionalFields({ redirects: series, clientErrors: series, serverErrors: series }),
};
/** The visitor series beside the envelope; v3 and v2 answer them in `data`, which the client undoes. */
const visitorsReply = envelope({ ...visitorSeries, success: series.or(bool()) });

/**
 * Statistics operations of v4, v3 and v2.
 *
 * @example
 * const { data } = await client.request("stats.getResourceUsage", { id: 101, periodType: "day", period: 7 });
 * console.log(data.map((row) => row.aCPU));
 */
export const statsOperations = defineOperations({
  "stats.getResourceUsage": {
    summary: "Resource usage (CPU, memory, I/O, processes) per day or hour",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...performanceShape }),
    response: performanceReply,
    v4: route("GET /v4/hosting/stats/performance", "INFERRED-M, catalog §1 #72"),
    v3: route("GET /v3/hosting/stats/performance", "CONFIRMED, catalog §4.1", {
      request: z.strictObject({ ...hostingV3, ...performanceShape }),
    }),
    v2: route("POST /n0c-api/stats/performance", "CONFIRMED, catalog §3 #42"),
  },
  "stats.getDiskUsage": {
    summary: "Disk usage in bytes, per directory and per database",
    safety: "read",
    envelope: true,
    request: z.strictObject(hostingV4),
    response: envelope(diskUsageShape),
    v4: route("GET /v4/hosting/stats/disk-usage", "INFERRED-M, catalog §1 #73"),
    v3: route("GET /v3/hosting/stats/disk-usage", "CONFIRMED, catalog §4.1", { unwrap: true, request: z.strictObject(hostingV3) }),
    v2: route("GET /n0c-api/stats/disk-usage", "CONFIRMED, catalog §3 #43", { unwrap: true }),
  },
  // The one exception to the envelope: the v4 document says the visitor resource's `success` is
  // an array of numbers (the 2xx count per label), so it is read as the series, and a boolean is
  // still accepted in case the server sends the flag.
  "stats.getVisitors": {
    summary: "Web server visits of a domain (all or unique) by status class",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...visitorShape, unique: z.boolean().optional() }),
    response: visitorsReply,
    v4: route("GET /v4/hosting/stats/apache", "INFERRED-M, catalog §1 #74"),
    v3: route("GET /v3/hosting/stats/apache", "CONFIRMED, catalog §4.1", {
      unwrap: true,
      summary: "Web server visits of a domain by status class",
      request: z.strictObject({ ...hostingV3, ...visitorShape }),
    }),
    v2: route("POST /n0c-api/stats/apache", "CONFIRMED, catalog §3 #44", {
      unwrap: true,
      summary: "Web server visits of a domain by status class",
      request: z.strictObject({ ...hostingV4, ...visitorShape }),
    }),
  },
  "stats.getUniqueVisitors": {
    summary: "Unique visitors of a domain by status class",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...visitorShape }),
    response: visitorsReply,
    v2: route("POST /n0c-api/stats/apache/unique", "CONFIRMED, catalog §3 #45", { unwrap: true }),
  },
});

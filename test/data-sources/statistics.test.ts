/**
 * Statistics data sources against the simulator on every version: resource usage (with its
 * period validation), disk usage, and visitor statistics (with unique visitors where the
 * version counts them).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { getDiskUsage, getResourceUsage, getVisitorStats } from "../../src/data-sources";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();
const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const HOUR = 3_600_000;

describe.each(ALL)("statistics on %s", (version) => {
  beforeEach(() => t.use(version));

  it("reads one resource usage row per hour asked for, with average, max and limit per counter", async () => {
    const usage = await getResourceUsage({ hostingId: 101, periodType: "hour", period: 6 });
    expect(usage.rows).toHaveLength(6);
    for (const row of usage.rows) {
      expect(Date.parse(row.to!) - Date.parse(row.from!)).toBe(HOUR);
      expect(row.cpu.average).toBeLessThanOrEqual(row.cpu.max!);
      expect(row.cpu.max).toBeLessThanOrEqual(row.cpu.limit!);
      // hosting 101 has 2 CPU cores: the limit is 200 % of one core
      expect(row.cpu.limit).toBe(200);
      expect(Object.keys(row.faults).sort()).toEqual(["entryProcesses", "physicalMemory", "processes", "virtualMemory"]);
    }
  });

  it("reads daily rows oldest first", async () => {
    const { rows } = await getResourceUsage({ hostingId: 102, periodType: "day", period: 3 });
    expect(rows.map((r) => Date.parse(r.from!))).toEqual([...rows.map((r) => Date.parse(r.from!))].sort((a, b) => a - b));
    expect(rows).toHaveLength(3);
  });

  it("reads disk usage per directory and per database, summing to the total", async () => {
    const usage = await getDiskUsage({ hostingId: 101 });
    expect(usage.databases).toEqual({ agencyde_wp: 52_428_800 });
    expect(Object.keys(usage.directories)).toContain("/home/agencyde/public_html");
    const sum = [...Object.values(usage.directories), ...Object.values(usage.databases)].reduce((a, b) => a + b, 0);
    expect(usage.totalBytes).toBe(sum);
  });

  it("reads visitor statistics as buckets by status class", async () => {
    const stats = await getVisitorStats({ hostingId: 101, domain: "agency-demo.com", period: "24h" });
    expect(stats.unique).toBe(false);
    expect(stats.buckets).toHaveLength(24);
    expect(stats.buckets[1]!.start - stats.buckets[0]!.start).toBe(HOUR);
    expect(stats.buckets.some((b) => b.success > 0)).toBe(true);
  });

  it("rejects a domain not attached to the hosting account with the API's not-found error", async () => {
    await expect(getVisitorStats({ hostingId: 101, domain: "staging-agency.com", period: "1h" })).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it.each([
    { name: "a period type other than day or hour", args: { hostingId: 101, periodType: "week", period: 2 }, arg: /argument "periodType"/ },
    { name: "a period of 0", args: { hostingId: 101, periodType: "day", period: 0 }, arg: /argument "period"/ },
    { name: "a period above 90", args: { hostingId: 101, periodType: "hour", period: 91 }, arg: /argument "period": .*90/ },
    { name: "a fractional period", args: { hostingId: 101, periodType: "day", period: 1.5 }, arg: /argument "period"/ },
    { name: "a missing hosting id", args: { periodType: "day", period: 7 }, arg: /argument "hostingId"/ },
  ])("rejects $name before any request, naming the argument", async ({ args, arg }) => {
    await expect(getResourceUsage(args as never)).rejects.toMatchObject({ code: "validation", message: expect.stringMatching(arg) });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("rejects a visitor period outside the enum before any request", async () => {
    await expect(getVisitorStats({ hostingId: 101, domain: "agency-demo.com", period: "2d" as never })).rejects.toThrow(
      /argument "period"/,
    );
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("unique visitors", () => {
  it("asks v4 for unique visitors with the unique flag, and gets no more than the hits", async () => {
    await t.use("v4");
    const args = { hostingId: 101, domain: "agency-demo.com", period: "7d" as const };
    const hits = await getVisitorStats(args);
    const unique = await getVisitorStats({ ...args, unique: true });
    expect(unique.unique).toBe(true);
    expect(unique.buckets.map((b) => b.start)).toEqual(hits.buckets.map((b) => b.start));
    unique.buckets.forEach((b, i) => expect(b.success).toBeLessThanOrEqual(hits.buckets[i]!.success));
    expect(t.sim.requests.count("v4.stats.getVisitors")).toBe(2);
  });

  it("uses the separate unique-visitors operation on v2", async () => {
    await t.use("v2");
    const unique = await getVisitorStats({ hostingId: 101, domain: "agency-demo.com", period: "12h", unique: true });
    expect(unique.buckets).toHaveLength(12);
    expect(t.sim.requests.count("v2.stats.getUniqueVisitors")).toBe(1);
    expect(t.sim.requests.count("v2.stats.getVisitors")).toBe(0);
  });

  it("refuses unique visitors on v3, naming the version, without a request", async () => {
    await t.use("v3");
    await expect(getVisitorStats({ hostingId: 101, domain: "agency-demo.com", period: "7d", unique: true })).rejects.toThrow(
      /unique visitors are not available in API v3/,
    );
    expect(t.sim.requests.count()).toBe(0);
  });
});

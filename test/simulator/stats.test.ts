import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { LVE_FIELDS } from "../../src/client/endpoints/stats";
import { HOSTING, useSimulator } from "../helpers/sim";

const NOW = new Date("2026-11-20T12:34:56.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL: ApiVersion[] = ["v4", "v3", "v2"];

type Row = Record<string, number | string>;
interface Series {
  labels: number[];
  success: number[];
  redirects: number[];
  clientErrors: number[];
  serverErrors: number[];
}

describe("statistics against the simulator", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => NOW } });

  const usage = async (version: ApiVersion, periodType: "day" | "hour", period: number) =>
    (await t.clientFor(version).request("stats.getResourceUsage", { ...HOSTING[version], periodType, period })).data as Row[];
  /** v4 answers the series beside the envelope, v3 and v2 in `data`; the client answers all three alike. */
  const visits = async (version: ApiVersion, params: Record<string, unknown>, id = "stats.getVisitors"): Promise<Series> => {
    const reply = await t.clientFor(version).request(id, { ...HOSTING[version], domain: "agency-demo.com", ...params });
    const s = reply as unknown as Series;
    return { labels: s.labels, success: s.success, redirects: s.redirects, clientErrors: s.clientErrors, serverErrors: s.serverErrors };
  };

  describe("resource usage", () => {
    it.each(ALL)("returns one LVE row per hour, oldest first, ending with the current hour, on %s", async (version) => {
      const rows = await usage(version, "hour", 24);
      expect(rows).toHaveLength(24);
      expect(rows.at(-1)).toMatchObject({ From: "2026-11-20T12:00:00.000Z", To: "2026-11-20T13:00:00.000Z" });
      expect(rows[0]!.From).toBe("2026-11-19T13:00:00.000Z");
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(["From", "To", ...LVE_FIELDS].sort());
        expect(Date.parse(String(row.To)) - Date.parse(String(row.From))).toBe(HOUR);
      }
    });

    it("returns daily rows for a day period, up to the 90 the API allows", async () => {
      const rows = await usage("v4", "day", 90);
      expect(rows).toHaveLength(90);
      expect(Date.parse(String(rows[1]!.From)) - Date.parse(String(rows[0]!.From))).toBe(DAY);
      await expect(usage("v4", "day", 91)).rejects.toMatchObject({ code: "validation" });
      expect(t.sim.requests.count("stats.getResourceUsage")).toBe(1);
    });

    it("keeps averages under maxima under the limits, which come from the account's resources", async () => {
      for (const row of await usage("v4", "hour", 48)) {
        for (const kind of ["CPU", "PMem", "VMem", "IO", "IOPS", "EP", "Nproc"]) {
          expect(row[`a${kind}`] as number).toBeLessThanOrEqual(row[`m${kind}`] as number);
          expect(row[`m${kind}`] as number).toBeLessThanOrEqual(row[`l${kind}`] as number);
        }
        expect(row).toMatchObject({ lCPU: 200, lPMem: 4 * 1024 ** 3, lIO: 4 * 1024 });
      }
      await t.client.request("v4.hosting.update", { id: 101, cpu: 3 });
      expect((await usage("v4", "hour", 1))[0]!.lCPU).toBe(300);
    });

    it("gives the same numbers for the same request, and the same hour in two periods agrees", async () => {
      const week = await usage("v4", "hour", 72);
      expect(await usage("v3", "hour", 72)).toEqual(week);
      expect(await usage("v2", "hour", 3)).toEqual(week.slice(-3));
      const other = (await t.client.request("v4.stats.getResourceUsage", { id: 102, periodType: "hour", period: 3 })).data;
      expect(other).not.toEqual(week.slice(-3));
    });
  });

  describe("disk usage", () => {
    it.each(ALL)("reports a total equal to the directories plus the account's databases on %s", async (version) => {
      const reply = await t.clientFor(version).request("stats.getDiskUsage", HOSTING[version]);
      const usage = reply as { total: number; diskUsage: Record<string, number>; dbUsage: Record<string, number> };
      expect(Object.keys(usage.diskUsage)).toEqual([
        "/home/agencyde/public_html",
        "/home/agencyde/mail",
        "/home/agencyde/logs",
        "/home/agencyde/tmp",
      ]);
      expect(usage.dbUsage).toEqual({ agencyde_wp: 52_428_800 });
      const sum = [...Object.values(usage.diskUsage), ...Object.values(usage.dbUsage)].reduce((a, b) => a + b, 0);
      expect(usage.total).toBe(sum);
    });

    it("counts a new database in the total", async () => {
      const before = (await t.client.request("v4.stats.getDiskUsage", { id: 101 })).total!;
      t.sim.store.hostings["101"]!.databases.push({ name: "agencyde_shop", type: "MYSQL", sizeBytes: 1_000_000 });
      const after = await t.client.request("v4.stats.getDiskUsage", { id: 101 });
      expect(after.total).toBe(before + 1_000_000);
      expect(after.dbUsage).toMatchObject({ agencyde_shop: 1_000_000 });
    });
  });

  describe("visits", () => {
    const BUCKETS = [
      ["1h", 12, 5 * 60_000],
      ["12h", 12, HOUR],
      ["24h", 24, HOUR],
      ["7d", 7, DAY],
      ["30d", 30, DAY],
    ] as const;

    it.each(BUCKETS)("labels a %s period with %i buckets in ms epoch, every series the same length", async (period, count, step) => {
      for (const version of ALL) {
        const s = await visits(version, { period });
        expect(s.labels).toHaveLength(count);
        expect(s.labels.at(-1)).toBe(Math.floor(NOW.getTime() / step) * step);
        expect(s.labels[1]! - s.labels[0]!).toBe(step);
        for (const key of ["success", "redirects", "clientErrors", "serverErrors"] as const) {
          expect(s[key]).toHaveLength(count);
          expect(s[key].every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
        }
      }
    });

    it("answers v4 with `success` as the series, which the client does not take for a failure", async () => {
      const reply = await t.client.request("v4.stats.getVisitors", { id: 101, domain: "agency-demo.com", period: "24h" });
      expect(reply.errors).toEqual([]);
      expect(reply.success).toEqual((await visits("v3", { period: "24h" })).success);
    });

    it("never counts more unique visitors than hits, on v4 and with the v2 unique operation", async () => {
      const all = await visits("v4", { period: "7d" });
      const unique = await visits("v4", { period: "7d", unique: true });
      const v2Unique = await visits("v2", { period: "7d" }, "stats.getUniqueVisitors");
      expect(v2Unique).toEqual(unique);
      unique.success.forEach((n, i) => expect(n).toBeLessThanOrEqual(all.success[i]!));
      expect(unique.success.reduce((a, b) => a + b, 0)).toBeLessThan(all.success.reduce((a, b) => a + b, 0));
    });

    it("gives different traffic to different domains and the same to the same one", async () => {
      const shop = await visits("v4", { period: "30d", domain: "client-shop.net" });
      expect(await visits("v2", { period: "30d", domain: "client-shop.net" })).toEqual(shop);
      expect((await visits("v4", { period: "30d" })).success).not.toEqual(shop.success);
    });

    it("answers not-found for a domain the account does not have, and refuses an unknown period before sending", async () => {
      await expect(visits("v4", { period: "24h", domain: "staging-agency.com" })).rejects.toMatchObject({ code: "not-found" });
      await expect(visits("v4", { period: "2d" })).rejects.toMatchObject({ code: "validation" });
      expect(t.sim.requests.count("stats.getVisitors")).toBe(1);
    });
  });
});

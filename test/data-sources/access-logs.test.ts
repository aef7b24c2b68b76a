/**
 * `getAccessLogs` against the simulator: v4 pages with `searchAfter`, v3 with offsets, both until
 * an empty page or the `limit`; version limits and argument checks.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { getAccessLogs, type AccessLogEntry, type GetAccessLogsArgs } from "../../src/data-sources";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();

const SLOT = 5 * 60_000;
/** A closed one-hour window two hours back, on slot boundaries, so its entries never change. */
function pastHour(): { after: string; before: string } {
  const end = Math.floor(Date.now() / SLOT) * SLOT - 2 * 3_600_000;
  return { after: new Date(end - 3_600_000).toISOString(), before: new Date(end).toISOString() };
}

async function collect(args: GetAccessLogsArgs): Promise<AccessLogEntry[]> {
  const out: AccessLogEntry[] = [];
  for await (const e of getAccessLogs(args)) out.push(e);
  return out;
}

const key = (e: AccessLogEntry) => `${e.timestamp}|${e.clientIp}|${e.request}`;

describe.each(["v4", "v3"] as const)("access logs on %s", (version) => {
  beforeEach(() => t.use(version));

  it("pages through a window until an empty page and yields every entry once, oldest first", async () => {
    const window = { hostingId: 101, domain: "agency-demo.com", ...pastHour() };
    const whole = await collect({ ...window, pageSize: 10_000 });
    expect(whole.length).toBeGreaterThan(5);
    t.sim.requests.clear();

    const paged = await collect({ ...window, pageSize: 4 });
    expect(paged.map(key)).toEqual(whole.map(key));
    // Full pages, a short or full last one, then the empty page that ends the read.
    expect(t.sim.requests.count(`${version}.logs.getAccessLogs`)).toBe(Math.ceil(whole.length / 4) + 1);
    const times = paged.map((e) => Date.parse(e.timestamp!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((ms) => ms >= Date.parse(window.after) && ms < Date.parse(window.before))).toBe(true);
  });

  it("stops at the limit without asking for another page", async () => {
    const entries = await collect({ hostingId: 101, domain: "client-shop.net", pageSize: 5, limit: 12 });
    expect(entries).toHaveLength(12);
    expect(t.sim.requests.count(`${version}.logs.getAccessLogs`)).toBe(3);
  });

  it("reads entries in the combined log fields, with '-' and quoted referrers cleaned", async () => {
    const entries = await collect({ hostingId: 101, domain: "agency-demo.com", ...pastHour() });
    for (const e of entries) {
      expect(e.ident).toBeUndefined();
      expect(e.user).toBeUndefined();
      expect(e.referrer === undefined || /^https:\/\/agency-demo\.com\/$/.test(e.referrer)).toBe(true);
      expect(e.status).toEqual(expect.any(Number));
      expect(["GET", "POST", "HEAD"]).toContain(e.method);
      if (e.method === "HEAD" || e.status === 304) expect(e.bytes).toBeUndefined();
      expect(e.userAgent?.original).toMatch(/Mozilla|Googlebot/);
    }
    expect(entries.some((e) => e.referrer === undefined)).toBe(true);
  });

  it("checks the arguments when called, before any request", () => {
    const base = { hostingId: 101, domain: "agency-demo.com" };
    expect(() => getAccessLogs({ ...base, pageSize: 0 })).toThrow(/argument "pageSize"/);
    expect(() => getAccessLogs({ ...base, pageSize: 10_001 })).toThrow(/argument "pageSize"/);
    expect(() => getAccessLogs({ ...base, limit: 0 })).toThrow(/argument "limit"/);
    expect(() => getAccessLogs({ ...base, before: "2026-02-30" })).toThrow(/argument "before"/);
    expect(() => getAccessLogs({ ...base, domain: "bad domain" })).toThrow(/argument "domain"/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("access log versions", () => {
  it("sends the sort of the last entry as searchAfter on v4, and a search query", async () => {
    await t.use("v4");
    const entries = await collect({
      hostingId: 101,
      domain: "agency-demo.com",
      query: "wp-",
      queryFields: ["access.request"],
      pageSize: 3,
      limit: 10,
    });
    expect(entries).toHaveLength(10);
    expect(entries.every((e) => e.request?.includes("wp-"))).toBe(true);
    expect(entries.every((e) => e.sort?.length === 2)).toBe(true);
    // Each page resumed after the previous page's last entry: no entry twice.
    expect(new Set(entries.map((e) => e.sort!.join(","))).size).toBe(10);
  });

  it("reads offset pages on v3 without a sort value", async () => {
    await t.use("v3");
    const entries = await collect({ hostingId: 101, domain: "agency-demo.com", pageSize: 3, limit: 7 });
    expect(entries).toHaveLength(7);
    expect(entries.every((e) => e.sort === undefined)).toBe(true);
  });

  it("fails on v3 past the 10 000-entry offset window and says to narrow the window", async () => {
    await t.use("v3");
    const after = new Date(Date.now() - 29 * 86_400_000).toISOString();
    let read = 0;
    const run = async () => {
      for await (const _ of getAccessLogs({ hostingId: 101, domain: "agency-demo.com", after, pageSize: 5_000 })) read++;
    };
    await expect(run()).rejects.toThrow(/cannot read past 10000 entries of one time window; narrow "after" and "before"/);
    expect(read).toBe(10_000);
  });

  it("refuses a search query on v3, naming the argument and the version, without a request", async () => {
    await t.use("v3");
    expect(() => getAccessLogs({ hostingId: 101, domain: "agency-demo.com", query: "wp-" })).toThrow(
      /argument "query" is not available in API v3/,
    );
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses access logs on v2, naming the version, without a request", async () => {
    await t.use("v2");
    expect(() => getAccessLogs({ hostingId: 101, domain: "agency-demo.com" })).toThrow(/getAccessLogs is not available in API v2/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

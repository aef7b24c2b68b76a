import { describe, expect, it } from "vitest";
import { HOSTING, useSimulator } from "../helpers/sim";

const NOW = new Date("2026-11-20T12:34:56.000Z");
const HOUR = 3_600_000;

interface Entry {
  "@timestamp": string;
  access: Record<string, unknown> & { request: string; response: number; user_agent: Record<string, string> };
  sort?: number[];
}

describe("access logs against the simulator", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => NOW } });
  const v3Address = { ...HOSTING.v3, domain: "agency-demo.com" };
  const window = { after: "2026-11-19T00:00:00.000Z", before: "2026-11-20T00:00:00.000Z" };

  const v3Page = async (params: Record<string, unknown>) =>
    (await t.clientFor("v3").request("v3.logs.getAccessLogs", { ...v3Address, ...params })).data as Entry[];
  const v4Page = async (params: Record<string, unknown>) =>
    (await t.client.request("v4.logs.getAccessLogs", { id: 101, domain: "agency-demo.com", ...params })).data as Entry[];

  /** The official script's loop: `from` is the running count, stop at the first empty page. */
  async function readAllV3(params: Record<string, unknown>, size: number): Promise<Entry[]> {
    const all: Entry[] = [];
    for (;;) {
      const page = await v3Page({ ...params, size, from: all.length });
      if (page.length === 0) return all;
      all.push(...page);
    }
  }

  async function readAllV4(params: Record<string, unknown>, size: number): Promise<Entry[]> {
    const all: Entry[] = [];
    let searchAfter: number[] | undefined;
    for (;;) {
      const page = await v4Page({ ...params, size, ...(searchAfter ? { searchAfter } : {}) });
      if (page.length === 0) return all;
      all.push(...page);
      searchAfter = page.at(-1)!.sort;
    }
  }

  it("pages a day of v3 logs with size and from until an empty page, each entry once and in time order", async () => {
    const all = await readAllV3(window, 100);
    expect(all.length).toBeGreaterThan(200);
    const times = all.map((e) => Date.parse(e["@timestamp"]));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(Date.parse(window.after));
    expect(times.at(-1)).toBeLessThan(Date.parse(window.before));
    expect(await v3Page({ ...window, size: 10, from: 20 })).toEqual(all.slice(20, 30));
  });

  it("gives entries the combined-log fields the official converter reads", async () => {
    const [entry] = await v3Page({ ...window, size: 1 });
    expect(entry!["@timestamp"]).toMatch(/^2026-11-19T\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(entry!.access).sort()).toEqual(
      ["auth", "bytes", "clientip", "httpversion", "ident", "referrer", "request", "response", "user_agent", "verb"].sort(),
    );
    expect(entry!.access.user_agent).toHaveProperty("name");
    expect(entry).not.toHaveProperty("sort");
  });

  it("pages v4 logs with searchAfter set to the last entry's sort, reading the same entries as v3", async () => {
    const v4 = await readAllV4(window, 75);
    const v3 = await readAllV3(window, 100);
    expect(v4.map(({ sort: _sort, ...e }) => e)).toEqual(v3);
    expect(new Set(v4.map((e) => e.sort!.join(":"))).size).toBe(v4.length);
  });

  it("keeps to the after/before window and defaults to the last 24 hours", async () => {
    const hour = await readAllV3({ after: "2026-11-19T10:00:00.000Z", before: "2026-11-19T11:00:00.000Z" }, 100);
    expect(hour.every((e) => e["@timestamp"].startsWith("2026-11-19T10:"))).toBe(true);
    const recent = await readAllV4({}, 500);
    expect(Date.parse(recent[0]!["@timestamp"])).toBeGreaterThanOrEqual(NOW.getTime() - 24 * HOUR);
    expect(Date.parse(recent.at(-1)!["@timestamp"])).toBeLessThan(NOW.getTime());
  });

  it("has no entries in the future or beyond 30 days back", async () => {
    expect(await v4Page({ after: "2026-11-20T13:00:00.000Z", before: "2026-11-20T14:00:00.000Z" })).toEqual([]);
    expect(await v3Page({ after: "2026-10-01T00:00:00.000Z", before: "2026-10-02T00:00:00.000Z" })).toEqual([]);
  });

  it("returns the same entries for the same window each time", async () => {
    expect(await v3Page({ ...window, size: 50, from: 100 })).toEqual(await v3Page({ ...window, size: 50, from: 100 }));
  });

  it("filters v4 logs with a query on the named fields", async () => {
    const wp = await readAllV4({ ...window, query: "WP-", queryFields: ["access.request"] }, 100);
    expect(wp.length).toBeGreaterThan(0);
    expect(wp.every((e) => e.access.request.includes("wp-"))).toBe(true);
    const errors = await v4Page({ ...window, query: "404", queryFields: ["access.response"], size: 500 });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.access.response === 404)).toBe(true);
  });

  it("refuses an unknown query field, naming the known ones", async () => {
    const attempt = v4Page({ query: "x", queryFields: ["access.nope"] });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/access\.nope.*known: .*access\.request/);
  });

  it("refuses a page beyond the 10 000 entries window, and an after later than before", async () => {
    await expect(v3Page({ size: 100, from: 9_950 })).rejects.toThrow(/from \+ size must be less than or equal to: \[10000\]/);
    await expect(v3Page({ after: window.before, before: window.after })).rejects.toMatchObject({ code: "validation" });
  });

  it("answers not-found for a domain the account does not have, and refuses a malformed instant before sending", async () => {
    await expect(v3Page({ domain: "staging-agency.com" })).rejects.toMatchObject({ code: "not-found" });
    await expect(v4Page({ after: "yesterday" })).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("v4.logs.getAccessLogs")).toBe(0);
  });
});

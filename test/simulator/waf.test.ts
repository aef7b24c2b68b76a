import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const DOMAIN = { domain: "agency-demo.com" };

interface RulesResult {
  allRulesRange: string;
  rules: { description: string; ids: number[][] }[];
  disabledRules: number[][];
}
interface Hit {
  timestamp: string;
  request: { ruleId: number; host: string; clientPost: number; responseStatus: number };
  auditMessages: { details: Record<string, unknown> }[];
}

// A fixed clock: the synthetic log is built from the day before it.
const NOW = new Date("2026-03-15T12:00:00.000Z");

describe("web application firewall against the simulator", () => {
  const t = useSimulator({ version: "v4", simulator: { now: () => NOW } });

  /** v4 answers the rules result at the top level, v3 and v2 in `data`; the client answers all three alike. */
  const rules = async (version: ApiVersion, domain = DOMAIN.domain): Promise<RulesResult> => {
    const reply = await t.clientFor(version).request("waf.getRules", { ...HOSTING[version], domain });
    return reply as unknown as RulesResult;
  };
  const update = (version: ApiVersion, wafDisabledRules: number[], append?: boolean) =>
    t
      .clientFor(version)
      .request("waf.updateRules", { ...HOSTING[version], ...DOMAIN, wafDisabledRules, ...(append === undefined ? {} : { append }) });
  /** v4 answers hits in `hits`, v3 and v2 in `data`. */
  const logs = async (version: ApiVersion, params: Record<string, unknown> = {}): Promise<Hit[]> => {
    const reply = await t.clientFor(version).request("waf.getLogs", { ...HOSTING[version], ...DOMAIN, ...params });
    return reply.hits as Hit[];
  };

  it.each(ALL)("describes the rule catalogue with [from, to] id ranges inside allRulesRange on %s", async (version) => {
    const result = await rules(version);
    expect(result.allRulesRange).toBe("900000-999999");
    expect(result.rules.map((r) => r.description)).toContain("SQL injection");
    for (const rule of result.rules) {
      for (const [from, to] of rule.ids) {
        expect(from).toBeGreaterThanOrEqual(900000);
        expect(to).toBeLessThanOrEqual(999999);
        expect(from).toBeLessThanOrEqual(to!);
      }
    }
  });

  it.each(ALL)("answers the seeded disabled rule of agency-demo.com as [id] on %s", async (version) => {
    expect((await rules(version)).disabledRules).toEqual([[920350]]);
  });

  it.each(ALL)("appends to the disabled list when append is true, without repeating an id, on %s", async (version) => {
    await update(version, [942100, 920350, 941100], true);
    expect((await rules(version)).disabledRules).toEqual([[920350], [941100], [942100]]);
  });

  it.each(ALL)("replaces the disabled list when append is false or omitted on %s", async (version) => {
    await update(version, [942100], false);
    expect((await rules(version)).disabledRules).toEqual([[942100]]);
    await update(version, [913100]);
    expect((await rules(version)).disabledRules).toEqual([[913100]]);
  });

  it("enables every rule again when the list is replaced by an empty one", async () => {
    await update("v4", []);
    expect((await rules("v4")).disabledRules).toEqual([]);
    expect(t.sim.store.hostings["101"]!.waf["agency-demo.com"]).toBeUndefined();
  });

  it.each(ALL)("refuses a rule id outside the rule range, naming it, and changes nothing on %s", async (version) => {
    const attempt = update(version, [942100, 123456], true);
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/123456/);
    expect((await rules(version)).disabledRules).toEqual([[920350]]);
  });

  it.each(ALL)("refuses a domain of another hosting account on %s", async (version) => {
    await expect(rules(version, "staging-agency.com")).rejects.toMatchObject({ code: "not-found", status: 404 });
    const attempt = t
      .clientFor(version)
      .request("waf.updateRules", { ...HOSTING[version], domain: "staging-agency.com", wafDisabledRules: [942100] });
    await expect(attempt).rejects.toMatchObject({ code: "not-found" });
  });

  it("keeps each domain's disabled rules apart and accepts a Unicode domain", async () => {
    await t.client.request("v4.waf.updateRules", { id: 101, domain: "café.com", wafDisabledRules: [933160] });
    expect((await rules("v4", "xn--caf-dma.com")).disabledRules).toEqual([[933160]]);
    expect((await rules("v4")).disabledRules).toEqual([[920350]]);
  });

  it.each(ALL)("pages the log with size and offset, newest first by default, on %s", async (version) => {
    const first = await logs(version, { size: 5 });
    const second = await logs(version, { size: 5, offset: 5 });
    expect(first).toHaveLength(5);
    expect(second).toHaveLength(5);
    const times = [...first, ...second].map((h) => Date.parse(h.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(10);
    expect(times.every((ms) => ms < NOW.getTime())).toBe(true);
  });

  it("answers the same log on every read of the same day", async () => {
    expect(await logs("v4", { size: 20 })).toEqual(await logs("v4", { size: 20 }));
  });

  it("sorts oldest first with order asc, the reverse of desc", async () => {
    const desc = await logs("v4", { size: 100 });
    const asc = await logs("v4", { size: 100, order: "asc" });
    expect(asc.length).toBeGreaterThan(20);
    expect(asc).toEqual([...desc].reverse());
    expect((await logs("v4", { size: 3, order: "asc" })).map((h) => h.timestamp)).toEqual(asc.slice(0, 3).map((h) => h.timestamp));
  });

  it("answers an empty page past the end of the log", async () => {
    expect(await logs("v4", { size: 10, offset: 10_000 })).toEqual([]);
  });

  it("keeps only hits between after and before", async () => {
    const after = "2026-03-13T00:00:00.000Z";
    const before = "2026-03-14T00:00:00.000Z";
    const hits = await logs("v4", { size: 100, after, before });
    expect(hits.length).toBeGreaterThan(5);
    for (const h of hits) {
      expect(h.timestamp > after && h.timestamp < before).toBe(true);
    }
  });

  it("describes each hit with its rule, host, client port and audit message", async () => {
    const [hit] = await logs("v4", { size: 1 });
    expect(hit!.request).toMatchObject({ host: "agency-demo.com", responseStatus: 403 });
    expect(hit!.request.ruleId).toBeGreaterThanOrEqual(900000);
    expect(hit!.request.clientPost).toBeGreaterThan(1024);
    expect(hit!.auditMessages[0]!.details).toMatchObject({ ruleId: String(hit!.request.ruleId) });
  });

  it("refuses an order other than asc or desc before anything is sent", async () => {
    await expect(t.client.request("v4.waf.getLogs", { id: 101, ...DOMAIN, order: "newest" } as never)).rejects.toMatchObject({
      code: "validation",
    });
    expect(t.sim.requests.count("waf.getLogs")).toBe(0);
  });
});

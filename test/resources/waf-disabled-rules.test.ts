import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { disabledIdsOf, rulesProblem, type WafDisabledRulesOutputs } from "../../src/resources/waf-disabled-rules";
import {
  parseWafDisabledRulesId,
  wafDisabledRulesDefinition,
  wafDisabledRulesImportId,
} from "../../src/resources/waf-disabled-rules/provider";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { HOSTING, writesSince } from "../helpers/sim";

/** The seeded account 101 has no rule disabled on client-shop.net and 920350 disabled on agency-demo.com. */
const base = { hostingId: 101, domain: "Client-Shop.NET", ruleIds: [942110, 942100, 942110] };

describe.each<ApiVersion>(["v4", "v3", "v2"])("WafDisabledRules on %s", (version) => {
  const t = useProvider("WafDisabledRules", { version });
  const disabled = (domain: string) => t.sim.store.hostings["101"]!.waf[domain];

  it("walks check, create, read, update, import, replace, delete and read after delete", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: base,
      update: { ...base, ruleIds: [941100, 942100] },
      replace: { hostingId: 101, domain: "café.com", ruleIds: [941100, 942100] },
      replaces: ["domain"],
    });
    expect(run.id).toBe("101/client-shop.net");
    expect(run.created).toEqual({ hostingId: 101, domain: "client-shop.net", ruleIds: [942100, 942110], previous: [] });
    expect(run.updated).toEqual({ ...run.created, ruleIds: [941100, 942100] });
    // From the id alone nothing has been changed yet: the live list is the one found.
    expect(run.imported.props).toEqual({ ...run.updated, previous: [941100, 942100] });
  });

  it("leaves no rule of a domain found without disabled rules disabled after delete", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    expect(disabled("client-shop.net")).toEqual([942100, 942110]);
    await t.engine.delete(id, outs);
    expect(disabled("client-shop.net") ?? []).toEqual([]);
    const reply = (await t.client.request("waf.getRules", {
      ...HOSTING[version],
      domain: "client-shop.net",
    })) as { disabledRules?: number[][]; data?: { disabledRules: number[][] } };
    expect((reply.data ?? reply).disabledRules).toEqual([]);
  });

  it("replaces the list the domain had, since the resource owns all of it, and destroy puts that list back with no other write", async () => {
    expect(disabled("agency-demo.com")).toEqual([920350]);
    t.sim.store.hostings["101"]!.waf["agency-demo.com"] = [913100, 920350];
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, domain: "agency-demo.com" }));
    expect(disabled("agency-demo.com")).toEqual([942100, 942110]);
    expect(outs.previous).toEqual([913100, 920350]);
    const updated = await t.engine.update(id, outs, await t.engine.check({ ...base, domain: "agency-demo.com", ruleIds: [941100] }));
    expect(updated).toEqual({ hostingId: 101, domain: "agency-demo.com", ruleIds: [941100], previous: [913100, 920350] });
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(disabled("agency-demo.com")).toEqual([913100, 920350]);
    expect(writesSince(t.sim, mark)).toEqual(["waf.updateRules"]);
  });

  it("keeps the list found in state when the create's write may have been applied, and destroy still puts it back", async () => {
    t.sim.faults.add({ operation: "waf.updateRules", kind: "truncate" });
    const inputs = await t.engine.check({ ...base, domain: "agency-demo.com" });
    const failure = (await t.provider.create(inputs).catch((err: unknown) => err)) as { id?: string; properties?: Record<string, unknown> };
    expect(failure.id).toBe("101/agency-demo.com");
    expect(failure.properties).toMatchObject({ ruleIds: [920350], previous: [920350] });
    expect(disabled("agency-demo.com")).toEqual([942100, 942110]);
    const updated = await t.engine.update(failure.id!, failure.properties!, inputs);
    expect(updated).toMatchObject({ ruleIds: [942100, 942110], previous: [920350] });
    await t.engine.delete(failure.id!, updated);
    expect(disabled("agency-demo.com")).toEqual([920350]);
  });

  it("reads, refreshes and destroys state written before `previous` existed: destroy enables every rule again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, domain: "agency-demo.com" }));
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    expect(refreshed.props).toEqual(old);
    const updated = await t.engine.update(
      id,
      refreshed.props,
      await t.engine.check({ ...base, domain: "agency-demo.com", ruleIds: [941100] }, refreshed.inputs),
    );
    expect(updated).not.toHaveProperty("previous");
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(disabled("agency-demo.com") ?? []).toEqual([]);
    expect(writesSince(t.sim, mark)).toEqual(["waf.updateRules"]);
  });

  it("imports the live list by id alone, and the same ids then show no change", async () => {
    const imported = await t.engine.read("101/agency-demo.com");
    expect(imported).toMatchObject({
      id: "101/agency-demo.com",
      props: { hostingId: 101, domain: "agency-demo.com", ruleIds: [920350], previous: [920350] },
    });
    const diff = await t.engine.diff(
      imported.id,
      imported.props,
      await t.engine.check({ hostingId: 101, domain: "agency-demo.com", ruleIds: [920350] }, imported.inputs),
    );
    expect(diff).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("imports under the id `migrate-state` writes the list the stack found, not the live one, and destroy puts it back", async () => {
    const { outs } = await t.engine.create(await t.engine.check({ hostingId: 101, domain: "agency-demo.com", ruleIds: [942100] }));
    const importId = wafDisabledRulesImportId(outs as unknown as WafDisabledRulesOutputs);
    expect(importId).toBe("101/agency-demo.com/previous=920350");
    clearCache();
    const imported = await t.engine.read(importId);
    expect(imported).toMatchObject({
      id: "101/agency-demo.com",
      props: { hostingId: 101, domain: "agency-demo.com", ruleIds: [942100], previous: [920350] },
    });
    await t.engine.delete(imported.id, imported.props);
    expect(disabled("agency-demo.com")).toEqual([920350]);
  });

  it("sees a rule disabled outside Pulumi, and the update enables it again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.waf["client-shop.net"] = [913100, 942100, 942110];
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.ruleIds).toEqual([913100, 942100, 942110]);
    const news = await t.engine.check(base, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(disabled("client-shop.net")).toEqual([942100, 942110]);
  });

  it("refuses an id outside the rule range, naming it, before writing anything", async () => {
    const inputs = await t.engine.check({ ...base, ruleIds: [942100, 123456] });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /rule 123456 is outside the firewall's rule range 900000-999999; nothing was changed/,
    );
    expect(t.sim.requests.count("waf.getRules")).toBe(1);
    expect(t.sim.requests.count("waf.updateRules")).toBe(0);
    expect(disabled("client-shop.net")).toBeUndefined();
  });

  it("refuses an id that is in none of the rule groups, naming it, before writing anything", async () => {
    const inputs = await t.engine.check({ ...base, ruleIds: [950000] });
    await expect(t.provider.create(inputs)).rejects.toThrow(/rule 950000 is in none of the firewall's rule groups \(911100, 913100-913120/);
    expect(t.sim.requests.count("waf.updateRules")).toBe(0);
  });

  it("refuses to read by id alone (get) a domain with no rule disabled", async () => {
    await expect(t.engine.read("101/client-shop.net")).rejects.toThrow("does not exist in the reseller account");
  });

  it("treats a domain that left the hosting account as deleted", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    const hosting = t.sim.store.hostings["101"]!;
    hosting.domains = hosting.domains.filter((d) => d !== "client-shop.net");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    expect((await t.engine.read(id, outs)).id).toBe("");
  });
});

describe("WafDisabledRules inputs", () => {
  const t = useProvider("WafDisabledRules", { version: "v4" });

  it.each([
    { name: "an empty list", inputs: { ruleIds: [] }, property: "ruleIds", reason: /at least one rule id; destroy the resource/ },
    { name: "a fractional id", inputs: { ruleIds: [942100, 942100.5] }, property: "ruleIds[1]", reason: /whole number/ },
    { name: "a negative id", inputs: { ruleIds: [-942100] }, property: "ruleIds[0]", reason: /positive/ },
    { name: "an id given as text", inputs: { ruleIds: ["942100"] }, property: "ruleIds[0]", reason: /number/ },
    { name: "a single id instead of a list", inputs: { ruleIds: 942100 }, property: "ruleIds", reason: /array/ },
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { rules: [942100] }, property: "rules", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("sorts the ids and drops repeats, so order never shows as a change", async () => {
    const checked = await t.engine.check({ ...base, ruleIds: [942110, 913100, 942110, 942100] });
    expect(checked.ruleIds).toEqual([913100, 942100, 942110]);
    expect(checked.domain).toBe("client-shop.net");
  });

  it("passes ids unknown during preview through unchecked", async () => {
    const checked = await t.engine.check({ ...base, ruleIds: [942100, UNKNOWN] });
    expect(checked.ruleIds).toEqual([942100, UNKNOWN]);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("WafDisabledRules rule ranges", () => {
  it("reads [from, to] arrays as ranges of ids and [id] as one id", () => {
    expect(disabledIdsOf([[942110, 942112], [920350], [], [942112, 942111]])).toEqual([920350, 942110, 942111, 942112]);
  });

  it("refuses to list a disabled range wider than any rule catalogue", () => {
    expect(() => disabledIdsOf([[1, 10_000_000]])).toThrow(/1-10000000, a range too wide/);
  });

  it("skips each range check the API gives nothing for", () => {
    expect(rulesProblem([5], { groups: [] })).toBeUndefined();
    expect(rulesProblem([5, 7], { all: [10, 20], groups: [] })).toBe("rules 5, 7 are outside the firewall's rule range 10-20");
    expect(
      rulesProblem([15], {
        groups: [
          [10, 12],
          [14, 14],
        ],
      }),
    ).toBe("rule 15 is in none of the firewall's rule groups (10-12, 14)");
  });
});

describe("WafDisabledRules import ids", () => {
  const state: WafDisabledRulesOutputs = { hostingId: 101, domain: "client-shop.net", ruleIds: [942100], previous: [920350, 941100] };

  it("carries the list found, which parses back as `previous`; an empty list and the plain id too", () => {
    expect(wafDisabledRulesDefinition.id.importId!(state)).toBe("101/client-shop.net/previous=920350,941100");
    expect(parseWafDisabledRulesId("101/client-shop.net/previous=920350,941100")).toEqual({
      hostingId: 101,
      domain: "client-shop.net",
      previous: [920350, 941100],
    });
    expect(wafDisabledRulesImportId({ ...state, previous: [] })).toBe("101/client-shop.net/previous=");
    expect(parseWafDisabledRulesId("101/client-shop.net/previous=")).toEqual({ hostingId: 101, domain: "client-shop.net", previous: [] });
    const { previous: _, ...older } = state;
    expect(wafDisabledRulesImportId(older)).toBe("101/client-shop.net");
    expect(parseWafDisabledRulesId("101/client-shop.net")).toEqual({ hostingId: 101, domain: "client-shop.net" });
  });

  it("refuses a carried list that is not rule ids", () => {
    expect(parseWafDisabledRulesId("101/client-shop.net/previous=920350,x")).toBeUndefined();
    expect(parseWafDisabledRulesId("101/client-shop.net/previous=0")).toBeUndefined();
  });
});

/**
 * No silent takeover, under the real engine: declaring a record set where the zone already holds
 * one of the same name and type fails before any write, naming the record set and `adopt: true`;
 * objects the stack did create alongside are kept, and a destroy leaves the zone as it was
 * before the stack (the record set that was there is still there, unchanged).
 *
 * An inline program through the Automation API; the tests are the steps of one scenario on one
 * stack, so they run in order.
 */
import { expect, it } from "vitest";

import { commandFailure, describeEngine, engineScenario, inlineStack, resourcesByName, STEP_TIMEOUT, writesSince } from "./harness";

const DOMAIN = "agency-demo.com";

/** What the program declares; the tests change it between operations. */
const settings = { declareNew: false };

/** The zone as the stack found it. */
let zoneBefore: unknown;

const scenario = engineScenario("takeover", async ({ engine, sim }) => {
  zoneBefore = structuredClone(sim.store.zones[DOMAIN]);
  return inlineStack(engine, { project: "takeover", stack: "dev", sim, program: async () => program() });
});

function program(): Record<string, unknown> {
  const { DnsRecordSet } = scenario.engine.resources;
  // The seed's zone has `@ TXT` (an SPF policy): this declares another one over it.
  new DnsRecordSet("spf", { domain: DOMAIN, hostingId: 101, name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] });
  if (settings.declareNew)
    new DnsRecordSet("status", { domain: DOMAIN, hostingId: 101, name: "status", type: "CNAME", records: ["status.example.net"] });
  return {};
}

describeEngine("a record set declared over an existing one", () => {
  it(
    "fails the up before any write, naming the record set and adopt: true, and the zone is unchanged",
    async () => {
      const { engine, sim, stack } = scenario;
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());
      expect(failure.code).not.toBe(0);
      const output = failure.stdout + failure.stderr;
      expect(output).toContain(
        `DnsRecordSet ${DOMAIN}/@/TXT: the TXT record set ${DOMAIN}. (1 record: "v=spf1 +a +mx ~all") exists already`,
      );
      expect(output).toContain("`adopt: true`");
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(sim.store.zones[DOMAIN]).toEqual(zoneBefore);
      expect(resourcesByName(await scenario.exported()).has("spf")).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the record sets the stack did create beside the refused one, and the destroy leaves the zone as it was before the stack",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.declareNew = true;
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());
      expect(failure.code).not.toBe(0);
      // The only write is the new record set's.
      expect(writesSince(engine, sim, mark)).toEqual(["dns.modifyZone"]);
      const names = [...resourcesByName(await scenario.exported()).keys()];
      expect(names).toContain("status");
      expect(names).not.toContain("spf");
      expect(sim.store.zones[DOMAIN]?.some((r) => r.name === `status.${DOMAIN}.`)).toBe(true);

      await stack.destroy();
      expect(resourcesByName(await scenario.exported()).size).toBe(0);
      expect(sim.store.zones[DOMAIN]).toEqual(zoneBefore);
    },
    STEP_TIMEOUT,
  );
});

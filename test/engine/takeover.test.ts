/**
 * No silent takeover, under the real engine: declaring a record set where the zone already holds
 * one of the same name and type fails `pulumi preview` and `pulumi up` before any write, naming the
 * record set and `adopt: true` (decision 0045: the check of a resource about to be created reads
 * its identity); a preview without credentials shows the create as before; objects the stack did
 * create are kept, and a destroy leaves the zone as it was before the stack (the record set that
 * was there is still there, unchanged). A resource replaced at its own identity (a redirection's
 * new destination) is no takeover: the engine checks the replacement again without old inputs,
 * and the object found there is the resource's own.
 *
 * An inline program through the Automation API; the tests are the steps of one scenario on one
 * stack, so they run in order.
 */
import { expect, it } from "vitest";

import {
  commandFailure,
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  STEP_TIMEOUT,
  stepLog,
  writesSince,
} from "./harness";

const DOMAIN = "agency-demo.com";

/** What the program declares; the tests change it between operations. */
const settings: { declareSpf: boolean; declareNew: boolean; redirectTo?: string } = { declareSpf: true, declareNew: false };

/** The zone as the stack found it. */
let zoneBefore: unknown;

const scenario = engineScenario("takeover", async ({ engine, sim }) => {
  zoneBefore = structuredClone(sim.store.zones[DOMAIN]);
  return inlineStack(engine, { project: "takeover", stack: "dev", sim, program: async () => program() });
});

function program(): Record<string, unknown> {
  const { DnsRecordSet } = scenario.engine.resources;
  // The seed's zone has `@ TXT` (an SPF policy): this declares another one over it.
  if (settings.declareSpf)
    new DnsRecordSet("spf", { domain: DOMAIN, hostingId: 101, name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] });
  if (settings.declareNew)
    new DnsRecordSet("status", { domain: DOMAIN, hostingId: 101, name: "status", type: "CNAME", records: ["status.example.net"] });
  if (settings.redirectTo)
    new scenario.engine.resources.Redirection("cafe", { hostingId: 101, domain: "xn--caf-dma.com", destinationUrl: settings.redirectTo });
  return {};
}

/** The refusal, as `preview` and `up` print it. */
const REFUSAL = `DnsRecordSet ${DOMAIN}/@/TXT: the TXT record set ${DOMAIN}. (1 record: "v=spf1 +a +mx ~all") exists already`;

/** Runs `operation`, which must fail with the refusal and write nothing, leaving the zone as it was. */
async function expectRefused(operation: () => Promise<unknown>): Promise<void> {
  const { engine, sim } = scenario;
  const mark = sim.requests.list().length;
  const failure = await commandFailure(operation());
  expect(failure.code).not.toBe(0);
  const output = failure.stdout + failure.stderr;
  expect(output).toContain(REFUSAL);
  expect(output).toContain("`adopt: true`");
  expect(writesSince(engine, sim, mark)).toEqual([]);
  expect(sim.store.zones[DOMAIN]).toEqual(zoneBefore);
}

describeEngine("a record set declared over an existing one", () => {
  it(
    "fails the preview, naming the record set and adopt: true, with no write",
    async () => {
      await expectRefused(() => scenario.stack.preview());
    },
    STEP_TIMEOUT,
  );

  it(
    "shows the create in a preview without credentials, which reads nothing",
    async () => {
      const { sim, stack } = scenario;
      const mark = sim.requests.list().length;
      await stack.setConfig("reseller:apiKey", { value: "", secret: true });
      try {
        const log = stepLog();
        await stack.preview({ onEvent: log.onEvent });
        expect(log.ops("spf")).toEqual(["create"]);
      } finally {
        await stack.setConfig("reseller:apiKey", { value: sim.apiKey, secret: true });
      }
      expect(sim.requests.list().slice(mark)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "fails the up before any write, naming the record set and adopt: true, and the zone is unchanged",
    async () => {
      await expectRefused(() => scenario.stack.up());
      expect(resourcesByName(await scenario.exported()).has("spf")).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the record sets the stack did create beside the refused one, and the destroy leaves the zone as it was before the stack",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.declareSpf = false;
      settings.declareNew = true;
      await stack.up();
      settings.declareSpf = true;
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());
      expect(failure.code).not.toBe(0);
      expect(failure.stdout + failure.stderr).toContain(REFUSAL);
      expect(writesSince(engine, sim, mark)).toEqual([]);
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

  it(
    "replaces a redirection at its own identity when its destination changes: preview and up pass, and the account holds the new one",
    async () => {
      const { sim, stack } = scenario;
      settings.declareSpf = false;
      settings.declareNew = false;
      settings.redirectTo = "https://agency-demo.com/cafe";
      await stack.up();
      settings.redirectTo = "https://agency-demo.com/menu";
      const log = stepLog();
      await stack.preview({ onEvent: log.onEvent });
      expect(log.ops("cafe")).toEqual(expect.arrayContaining(["replace"]));
      await stack.up();
      const redirections = sim.store.hostings["101"]!.redirections.filter((r) => r.domain === "xn--caf-dma.com");
      expect(redirections).toHaveLength(1);
      expect(JSON.stringify(redirections[0])).toContain("agency-demo.com/menu");
      await stack.destroy();
      expect(sim.store.hostings["101"]!.redirections.some((r) => r.domain === "xn--caf-dma.com")).toBe(false);
    },
    STEP_TIMEOUT,
  );
});

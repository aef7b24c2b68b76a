/**
 * Record-set writes batched per zone (decision 0016), through the real engine: `pulumi up` of
 * many record sets in one zone, and their destroy, against the simulator's request log.
 */
import { expect, it } from "vitest";

import type * as Automation from "@pulumi/pulumi/automation";

import type { Simulator } from "../../packages/simulator/src";
import { callsSince, describeEngine, engineScenario, inlineStack, STEP_TIMEOUT, type Engine } from "./harness";

const DOMAIN = "client-shop.net";
const COUNT = 40;

let engine: Engine;
let sim: Simulator;
let stack: Automation.Stack;

function program(): Record<string, unknown> {
  const { DnsRecordSet } = engine.resources;
  for (let i = 0; i < COUNT; i++) {
    new DnsRecordSet(`host-${i}`, {
      domain: DOMAIN,
      hostingId: 101,
      name: `host-${i}`,
      type: "A",
      ttl: 3600,
      records: [`198.51.100.${i + 1}`],
    });
  }
  return {};
}

describeEngine("record-set writes batched per zone, through the Pulumi CLI", () => {
  engineScenario("zone-batching", async (started) => {
    ({ engine, sim } = started);
    stack = await inlineStack(engine, { project: "zonebatching", stack: "dev", sim, program: async () => program() });
    return stack;
  });

  it(
    `creates ${COUNT} record sets in one zone with far fewer than ${COUNT} zone writes, each in state and in the zone`,
    async () => {
      const mark = sim.requests.list().length;
      const up = await stack.up();
      expect(up.summary.resourceChanges?.create).toBe(COUNT + 1);
      const writes = callsSince(sim, mark)["dns.modifyZone"] ?? 0;
      process.stdout.write(`pulumi up of ${COUNT} record sets in one zone: ${writes} dns.modifyZone calls\n`);
      expect(writes).toBeGreaterThan(0);
      // The engine holds at most --parallel (4 x CPUs) steps in flight and starts creates as the
      // program registers them, so a batch of creates holds a few record sets (decision 0016).
      expect(writes).toBeLessThanOrEqual(COUNT / 2);
      const zone = sim.store.zones[DOMAIN]!;
      for (let i = 0; i < COUNT; i++)
        expect(zone.find((r) => r.name === `host-${i}.${DOMAIN}.`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
    },
    STEP_TIMEOUT,
  );

  it(
    `destroys the ${COUNT} record sets with far fewer than ${COUNT} zone writes`,
    async () => {
      const mark = sim.requests.list().length;
      await stack.destroy();
      const writes = callsSince(sim, mark)["dns.modifyZone"] ?? 0;
      process.stdout.write(`pulumi destroy of ${COUNT} record sets in one zone: ${writes} dns.modifyZone calls\n`);
      expect(writes).toBeLessThanOrEqual(COUNT / 4);
      expect(sim.store.zones[DOMAIN]!.filter((r) => r.name.startsWith("host-"))).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});

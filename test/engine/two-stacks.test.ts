/**
 * Two stacks that declare one record set and run `pulumi up` at the same moment, through the
 * real CLI against the simulator (decision 0034). Both start together and the simulator holds
 * each stack's zone write for a while, so each stack's read before its create sees no record
 * set, as when two CI jobs run at once.
 *
 * Without ownership markers both `up`s succeed, each stack's state holds the record set, and the
 * destroy of the stack whose write landed first deletes the records the other one declares. With `reseller:recordOwner`
 * set on each stack, the zone's marker names the stack whose write landed last: the other one's
 * next `up` refuses to change it, and its destroy leaves it in the zone.
 */
import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import { markerName } from "../../src/resources/shared/ownership";
import {
  CliStack,
  describeEngine,
  engineScenario,
  resourcesByName,
  simulatorConfig,
  STEP_TIMEOUT,
  typescriptProgram,
  type CliResult,
} from "./harness";

const ZONE = "agency-demo.com";

/** Both programs: one A record set, its name and address from the stack's config. */
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet } from "pulumi-hosting-reseller";

const config = new pulumi.Config();
new DnsRecordSet("shared", { domain: "${ZONE}", hostingId: 101, name: config.require("record"), type: "A", records: [config.require("address")] });
`;

/** How long the simulator holds each zone write. */
const HOLD_MS = 20_000;

interface Racer {
  stack: CliStack;
  address: string;
}

let sim: Simulator;
const racers: Record<string, { a: Racer; b: Racer }> = {};
/** The record set's name each pair declares. */
const RECORD_OF = new Map<{ a: Racer; b: Racer }, string>();

engineScenario("two-stacks", async ({ engine, sim: started }) => {
  sim = started;
  const dirs = { a: typescriptProgram(engine, "race-a", PROGRAM), b: typescriptProgram(engine, "race-b", PROGRAM) };
  for (const [variant, record, owned] of [
    ["plain", "race-plain", false],
    ["owned", "race-owned", true],
  ] as const) {
    const make = async (side: "a" | "b", address: string): Promise<Racer> => {
      const stack = new CliStack(engine, dirs[side], variant, { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
      await stack.init([
        ...simulatorConfig(sim),
        { key: "record", value: record },
        { key: "address", value: address },
        ...(owned ? [{ key: "reseller:recordOwner", value: `race-${side}/${variant}` }] : []),
      ]);
      return { stack, address };
    };
    racers[variant] = { a: await make("a", "198.51.100.61"), b: await make("b", "198.51.100.62") };
    RECORD_OF.set(racers[variant], record);
  }
  return racers.plain!.a.stack;
});

/** The live records of a record set of the zone, as addresses. */
function live(name: string): string[] | undefined {
  return sim.store.zones[ZONE]!.find((r) => r.name === `${name}.${ZONE}.` && r.type === "A")?.records.map((r) =>
    "ip" in r ? r.ip : JSON.stringify(r),
  );
}

/** The pair's stacks as winner (its write landed last, so its records are live) and loser. */
interface Outcome {
  winner: Racer;
  loser: Racer;
  results: CliResult[];
}

/**
 * Runs both stacks' `pulumi up` at once, so that both read the zone before either write lands:
 * the simulator holds the next two `dns.modifyZone` requests for {@link HOLD_MS} each, longer
 * than the two stacks' start-ups differ on a loaded machine and shorter than a request's timeout.
 */
async function race(pair: { a: Racer; b: Racer }): Promise<Outcome> {
  sim.faults.add({ operation: "dns.modifyZone", kind: "latency", latencyMs: HOLD_MS, times: 2 });
  const running = [pair.a, pair.b].map((r) => r.stack.start(["up", "--yes", "--skip-preview"]));
  const results = await Promise.all(running.map((r) => r.done));
  expect(sim.faults.list(), "both writes were held").toEqual([]);
  const winner = live(RECORD_OF.get(pair)!)?.[0] === pair.a.address ? pair.a : pair.b;
  return { winner, loser: winner === pair.a ? pair.b : pair.a, results };
}

describeEngine("two stacks declaring one record set, deployed at the same moment", () => {
  it(
    "without ownership markers: both ups succeed, both states hold it, and one stack's destroy deletes what the other declares",
    async () => {
      const { winner, loser, results } = await race(racers.plain!);
      for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
      // The write that landed last is the zone's.
      expect(live("race-plain")).toEqual([winner.address]);
      expect(resourcesByName(await loser.stack.export()).get("shared")?.id).toBe(`${ZONE}/race-plain/A`);
      expect(resourcesByName(await winner.stack.export()).get("shared")?.id).toBe(`${ZONE}/race-plain/A`);

      const destroyed = await loser.stack.run(["destroy", "--yes", "--skip-preview"]);
      expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
      expect(live("race-plain"), "the winner's declared record set is gone").toBeUndefined();
      await winner.stack.ok(["destroy", "--yes", "--skip-preview"]);
    },
    STEP_TIMEOUT,
  );

  it(
    "with reseller:recordOwner: the stack whose write landed last owns it; the other's next up refuses to change it and its destroy leaves it",
    async () => {
      const { winner, loser, results } = await race(racers.owned!);
      // Each stack read its marker back before the other's write landed: both ups succeed.
      for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(live("race-owned")).toEqual([winner.address]);
      const owner = winner === racers.owned!.a ? "race-a/owned" : "race-b/owned";
      const marker = sim.store.zones[ZONE]!.find((r) => r.name === `${markerName("race-owned", "A")}.${ZONE}.`);
      expect(marker?.records).toEqual([{ content: `"heritage=pulumi-hosting-reseller,owner=${owner}"` }]);

      // The first stack's refresh reads the second one's records and says whose they are; its
      // up then wants its own address back and refuses, naming the owner.
      const up = await loser.stack.run(["up", "--refresh", "--yes", "--skip-preview"]);
      expect(up.code).not.toBe(0);
      expect(up.stdout + up.stderr).toContain(`the zone's ownership marker names the stack "${owner}" as its owner, not this one`);
      expect(live("race-owned")).toEqual([winner.address]);

      const destroyed = await loser.stack.run(["destroy", "--yes", "--skip-preview"]);
      expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
      expect(destroyed.stdout + destroyed.stderr).toContain("it was left in the zone and removed from this stack's state only");
      expect(live("race-owned"), "the owner's record set stays").toEqual([winner.address]);

      const preview = await winner.stack.run(["preview", "--refresh", "--expect-no-changes"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      await winner.stack.ok(["destroy", "--yes", "--skip-preview"]);
      expect(live("race-owned")).toBeUndefined();
      expect(
        sim.store.zones[ZONE]!.some((r) => r.name.startsWith("_reseller-owner-")),
        "no marker is left behind",
      ).toBe(false);
    },
    STEP_TIMEOUT,
  );
});

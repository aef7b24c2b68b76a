/**
 * A `pulumi up` killed while creates are in flight, through the real CLI against the simulator
 * (issue 12 item 1): the steps of scripts/reliability/kill-engine.ts (which also writes them into
 * docs/reliability.md), checked one by one. The killed run ordered a domain and wrote a record
 * set that no state knows; before sending each request its provider recorded the create on this
 * machine (docs/decisions/0033). The next `up`, with the program unchanged, takes both into the
 * state without `adopt: true`, and neither orders nor charges again; once the pending creates
 * are cleared a preview wants nothing, and a destroy leaves the account as the scenario found it
 * but for the domain it paid for, released from the state. The same kill without the records
 * (another machine) is test/engine/kill-host-unrecorded.test.ts.
 *
 * One stack, one scenario: the tests run in order.
 */
import { expect, it } from "vitest";

import { KILL_DOMAIN, KILL_PROJECT, KILL_RECORD, KILL_ZONE } from "../../scripts/reliability/kill-engine";
import { describeEngine, resourcesByName, STEP_TIMEOUT } from "./harness";
import { cancelStep, destroyStep, expectConvergedOnceCleared, killedUpStep, killRun } from "./kill-steps";

const run = killRun(KILL_PROJECT);

describeEngine("a pulumi up killed while a domain order and a record set write are in flight", () => {
  killedUpStep(run);
  cancelStep(run, "finds the stack locked by the killed run; pulumi cancel releases it, and nothing reaches the API");

  it(
    "takes both objects into the state on the next up, with no adopt and no program change, saying so; nothing is ordered or charged again",
    async () => {
      const { sim } = run.scenario;
      const mark = sim.requests.list().length;
      const up = await run.kill.up();
      const output = up.stdout + up.stderr;

      expect(up.code, output).toBe(0);
      // The engine's own warning: it knows the creates were interrupted, not how they ended.
      expect(output).toContain("Attempting to deploy or update resources with 2 pending operations from previous deployment.");
      const recovered = "was made by this stack's own create of this resource, interrupted before the engine saved the state";
      expect(output).toMatch(
        new RegExp(
          `DomainRegistration ${KILL_DOMAIN.replace(/\./g, "\\.")}: the domain ${KILL_DOMAIN.replace(/\./g, "\\.")} \\([^)]*\\) ${recovered}`,
        ),
      );
      expect(output).toContain(
        `DnsRecordSet ${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}: the ${KILL_RECORD.type} record set ${KILL_RECORD.name}.${KILL_ZONE}. (1 record: ${KILL_RECORD.records[0]}) ${recovered}`,
      );
      expect(output).not.toContain("did not create it");
      expect(run.kill.writesSince(mark)).not.toContain("domains.register");
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(run.creditBefore - sim.store.account.credit).toBe(run.charged);
      const resources = resourcesByName(await run.scenario.exported());
      expect(resources.get("shop")?.id).toBe(KILL_DOMAIN);
      expect(resources.get("shop")?.outputs?.adopt).toBe(false);
      expect(resources.get("status")?.id).toBe(`${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}`);
      // Made by this stack, not adopted: the state says so as for any create.
      expect(resources.get("status")?.outputs?.adopted).toBe(false);
      expect(sim.store.zones[KILL_ZONE]!.filter((r) => r.name === `${KILL_RECORD.name}.${KILL_ZONE}.`)).toHaveLength(1);
      // The records have served: none is left on the machine.
      expect(run.kill.forgetIntent()).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "converges once the pending creates the engine keeps are cleared: a preview wants nothing",
    async () => {
      // The engine keeps pending creates until a refresh clears them.
      await expectConvergedOnceCleared(run);
    },
    STEP_TIMEOUT,
  );

  destroyStep(run);
});

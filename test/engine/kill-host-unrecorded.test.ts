/**
 * The `pulumi up` of test/engine/kill-host.test.ts killed while creates are in flight, resumed
 * where the killed run's records are not (another machine, another `PULUMI_HOME`: the scenario
 * removes `$PULUMI_HOME/reseller/intent/`). Nothing proves the objects are this stack's, so the
 * next `up` stops before writing, naming each object and `adopt: true` (docs/decisions/0019,
 * 0033): no second order, no second charge; `adopt: true` converges, and a destroy leaves the
 * account as the scenario found it but for the domain it paid for, released from the state.
 *
 * One stack, one scenario: the tests run in order.
 */
import { expect, it } from "vitest";

import { KILL_DOMAIN, KILL_PROJECT, KILL_RECORD, KILL_ZONE } from "../../scripts/reliability/kill-engine";
import { describeEngine, resourcesByName, STEP_TIMEOUT } from "./harness";
import { cancelStep, destroyStep, expectConvergedOnceCleared, killedUpStep, killRun } from "./kill-steps";

const run = killRun(`${KILL_PROJECT}-unrecorded`);

describeEngine("a pulumi up killed while a domain order and a record set write are in flight, resumed without its records", () => {
  killedUpStep(run);
  cancelStep(
    run,
    "finds the stack locked by the killed run; pulumi cancel releases it, and nothing reaches the API; the records of its creates are removed",
    () => {
      // The killed run recorded its creates on this machine; the next up runs without them.
      expect(run.kill.forgetIntent()).toBe(true);
    },
  );

  it(
    "fails the next up before any write, naming the domain and the record set it found and adopt: true; nothing is ordered or charged again",
    async () => {
      const { sim } = run.scenario;
      const mark = sim.requests.list().length;
      const up = await run.kill.up();
      const output = up.stdout + up.stderr;

      expect(up.code).not.toBe(0);
      // The engine's own warning: it knows the creates were interrupted, not how they ended.
      expect(output).toContain("Attempting to deploy or update resources with 2 pending operations from previous deployment.");
      expect(output).toContain(`${run.urnPrefix}DomainRegistration::shop, interrupted while creating`);
      // The checks refuse (decision 0045), and the engine stops at the first resource whose check
      // fails: the domain's or the record set's refusal, whichever check answered first.
      expect(output).toMatch(
        new RegExp(
          `${KILL_DOMAIN.replace(/\./g, "\\.")} is already in this reseller account; set adopt: true|` +
            `DnsRecordSet ${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}: the ${KILL_RECORD.type} record set .* exists already.*\`adopt: true\``,
        ),
      );
      expect(run.kill.writesSince(mark)).toEqual([]);
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(run.creditBefore - sim.store.account.credit).toBe(run.charged);
      expect(resourcesByName(await run.scenario.exported()).size).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "takes both objects into the state with adopt: true, without ordering, and converges once the pending creates are cleared",
    async () => {
      const { sim } = run.scenario;
      const mark = sim.requests.list().length;
      const up = await run.kill.adoptUp();

      expect(up.code, up.stdout + up.stderr).toBe(0);
      expect(run.kill.callsSince(mark)["domains.register"]).toBeUndefined();
      expect(run.creditBefore - sim.store.account.credit).toBe(run.charged);
      const resources = resourcesByName(await run.scenario.exported());
      expect(resources.get("shop")?.id).toBe(KILL_DOMAIN);
      expect(resources.get("status")?.id).toBe(`${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}`);
      expect(resources.get("status")?.outputs?.adopted).toBe(true);
      // The engine keeps pending creates until a refresh clears them.
      await expectConvergedOnceCleared(run);
    },
    STEP_TIMEOUT,
  );

  destroyStep(run);
});

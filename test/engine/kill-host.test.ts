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

import { KILL_DOMAIN, KILL_RECORD, KILL_ZONE, KillScenario } from "../../scripts/reliability/kill-engine";
import { describeEngine, engineScenario, resourcesByName, STEP_TIMEOUT } from "./harness";

const URN_PREFIX = "urn:pulumi:dev::kill-host::pulumi-nodejs:dynamic/reseller:";

let kill: KillScenario;
const scenario = engineScenario("kill-host", async ({ engine, sim }) => {
  kill = await KillScenario.start(engine, sim);
  return kill.stack;
});

/** The account's credit before the stack ran anything. */
let creditBefore: number;
/** What the killed run's order cost. */
let charged: number;

describeEngine("a pulumi up killed while a domain order and a record set write are in flight", () => {
  it(
    "kills the CLI and its provider host after both writes were sent; both land, and the state lists them as pending creates only",
    async () => {
      const { sim } = scenario;
      creditBefore = sim.store.account.credit;
      const killed = await kill.killedUp();

      expect(killed.held, "both writes reached the API before the kill").toBe(true);
      // The CLI, its language host, the dynamic-provider host and their Node processes.
      expect(killed.killed.length).toBeGreaterThanOrEqual(3);
      expect(killed.result.code).not.toBe(0);
      expect(killed.landed, "both held writes were applied after the kill").toBe(true);
      expect(sim.requests.count("domains.register")).toBe(1);
      charged = creditBefore - sim.store.account.credit;
      expect(charged).toBeGreaterThan(0);

      const pending = await kill.pendingOperations();
      expect(pending.map((op) => [op.type, op.resource.urn]).sort()).toEqual([
        ["creating", `${URN_PREFIX}DnsRecordSet::status`],
        ["creating", `${URN_PREFIX}DomainRegistration::shop`],
      ]);
      expect(resourcesByName(await scenario.exported()).size).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "finds the stack locked by the killed run; pulumi cancel releases it, and nothing reaches the API",
    async () => {
      const { sim } = scenario;
      const mark = sim.requests.list().length;
      const locked = await kill.up();
      expect(locked.code).not.toBe(0);
      expect(locked.stderr).toContain("the stack is currently locked by 1 lock(s)");
      expect(locked.stderr).toContain("`pulumi cancel`");

      const cancel = await kill.cancel();
      expect(cancel.code, cancel.stdout + cancel.stderr).toBe(0);
      expect(sim.requests.list().length).toBe(mark);
    },
    STEP_TIMEOUT,
  );

  it(
    "takes both objects into the state on the next up, with no adopt and no program change, saying so; nothing is ordered or charged again",
    async () => {
      const { sim } = scenario;
      const mark = sim.requests.list().length;
      const up = await kill.up();
      const output = up.stdout + up.stderr;

      expect(up.code, output).toBe(0);
      // The engine's own warning: it knows the creates were interrupted, not how they ended.
      expect(output).toContain("Attempting to deploy or update resources with 2 pending operations from previous deployment.");
      const recovered = "was made by this stack's own create of this resource, interrupted before the engine saved the state";
      expect(output).toMatch(new RegExp(`DomainRegistration ${KILL_DOMAIN.replace(/\./g, "\\.")}: the domain ${KILL_DOMAIN.replace(/\./g, "\\.")} \\([^)]*\\) ${recovered}`));
      expect(output).toContain(`DnsRecordSet ${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}: the ${KILL_RECORD.type} record set ${KILL_RECORD.name}.${KILL_ZONE}. (1 record: ${KILL_RECORD.records[0]}) ${recovered}`);
      expect(output).not.toContain("did not create it");
      expect(kill.writesSince(mark)).not.toContain("domains.register");
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(creditBefore - sim.store.account.credit).toBe(charged);
      const resources = resourcesByName(await scenario.exported());
      expect(resources.get("shop")?.id).toBe(KILL_DOMAIN);
      expect(resources.get("shop")?.outputs?.adopt).toBe(false);
      expect(resources.get("status")?.id).toBe(`${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}`);
      // Made by this stack, not adopted: the state says so as for any create.
      expect(resources.get("status")?.outputs?.adopted).toBe(false);
      expect(sim.store.zones[KILL_ZONE]!.filter((r) => r.name === `${KILL_RECORD.name}.${KILL_ZONE}.`)).toHaveLength(1);
      // The records have served: none is left on the machine.
      expect(kill.forgetIntent()).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "converges once the pending creates the engine keeps are cleared: a preview wants nothing",
    async () => {
      const { sim } = scenario;
      // The engine keeps pending creates until a refresh clears them.
      expect(await kill.pendingOperations()).toHaveLength(2);
      const cleared = await kill.clearPendingCreates();
      expect(cleared.code, cleared.stdout + cleared.stderr).toBe(0);
      expect(await kill.pendingOperations()).toEqual([]);
      const preview = await kill.previewNoChanges();
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(sim.requests.count("domains.register")).toBe(1);
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys back to the account as it was, but for the domain the killed run paid for, released from the state",
    async () => {
      const { engine, sim } = scenario;
      const destroy = await kill.destroy();

      expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
      expect(resourcesByName(await scenario.exported()).size).toBe(0);
      const seed = engine.simulator.demoState();
      expect(sim.store.zones[KILL_ZONE]).toEqual(seed.zones[KILL_ZONE]);
      // A registration's destroy only releases it from the state (decision 0003): the domain
      // stays, ordered once and charged once.
      expect(Object.keys(sim.store.domains).sort()).toEqual([...Object.keys(seed.domains), KILL_DOMAIN].sort());
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(creditBefore - sim.store.account.credit).toBe(charged);
    },
    STEP_TIMEOUT,
  );
});

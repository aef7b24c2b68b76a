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

import { KILL_DOMAIN, KILL_PROJECT, KILL_RECORD, KILL_ZONE, KillScenario } from "../../scripts/reliability/kill-engine";
import { describeEngine, engineScenario, resourcesByName, STEP_TIMEOUT } from "./harness";

const PROJECT = `${KILL_PROJECT}-unrecorded`;
const URN_PREFIX = `urn:pulumi:dev::${PROJECT}::pulumi-nodejs:dynamic/reseller:`;

let kill: KillScenario;
const scenario = engineScenario(PROJECT, async ({ engine, sim }) => {
  kill = await KillScenario.start(engine, sim, PROJECT);
  return kill.stack;
});

/** The account's credit before the stack ran anything. */
let creditBefore: number;
/** What the killed run's order cost. */
let charged: number;

describeEngine("a pulumi up killed while a domain order and a record set write are in flight, resumed without its records", () => {
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
    "finds the stack locked by the killed run; pulumi cancel releases it, and nothing reaches the API; the records of its creates are removed",
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
      // The killed run recorded its creates on this machine; the next up runs without them.
      expect(kill.forgetIntent()).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    "fails the next up before any write, naming the domain and the record set it found and adopt: true; nothing is ordered or charged again",
    async () => {
      const { sim } = scenario;
      const mark = sim.requests.list().length;
      const up = await kill.up();
      const output = up.stdout + up.stderr;

      expect(up.code).not.toBe(0);
      // The engine's own warning: it knows the creates were interrupted, not how they ended.
      expect(output).toContain("Attempting to deploy or update resources with 2 pending operations from previous deployment.");
      expect(output).toContain(`${URN_PREFIX}DomainRegistration::shop, interrupted while creating`);
      expect(output).toContain(`${KILL_DOMAIN} is already in this reseller account; set adopt: true`);
      expect(output).toContain(`DnsRecordSet ${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}: the ${KILL_RECORD.type} record set ${KILL_RECORD.name}.${KILL_ZONE}. (1 record: ${KILL_RECORD.records[0]}) exists already`);
      expect(output).toContain("`adopt: true`");
      expect(kill.writesSince(mark)).toEqual([]);
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(creditBefore - sim.store.account.credit).toBe(charged);
      expect(resourcesByName(await scenario.exported()).size).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "takes both objects into the state with adopt: true, without ordering, and converges once the pending creates are cleared",
    async () => {
      const { sim } = scenario;
      const mark = sim.requests.list().length;
      const up = await kill.adoptUp();

      expect(up.code, up.stdout + up.stderr).toBe(0);
      expect(kill.callsSince(mark)["domains.register"]).toBeUndefined();
      expect(creditBefore - sim.store.account.credit).toBe(charged);
      const resources = resourcesByName(await scenario.exported());
      expect(resources.get("shop")?.id).toBe(KILL_DOMAIN);
      expect(resources.get("status")?.id).toBe(`${KILL_ZONE}/${KILL_RECORD.name}/${KILL_RECORD.type}`);
      expect(resources.get("status")?.outputs?.adopted).toBe(true);
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

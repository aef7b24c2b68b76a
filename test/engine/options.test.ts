/**
 * Resource options and replacement, decided by the real engine: an inline program through the
 * Automation API (the way an application embeds Pulumi), against the simulator's demo seed.
 *
 * One stack whose program follows `settings`; each test changes a setting and runs one
 * operation, so the tests are the steps of one scenario and run in order. Every step asserts on
 * the engine's steps (events), the simulator's store and request log, and the exported state.
 */
import { expect, it } from "vitest";

import type { SimState } from "../../packages/simulator/src";
import {
  callsSince,
  commandFailure,
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  stepLog,
  STEP_TIMEOUT,
  writesSince,
} from "./harness";

const DOMAIN = "agency-demo.com";
const HOSTING = 101;
const KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIALEdWPM2yinJc6+xLso4+0o2krKpllw/5kVqosv0joQ deploy-a";
const KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAZlxmDVRBAtL6TNDQA095kp9qUTJ7Vyw07b8Ai91Mhp deploy-b";

/** What the program declares; the tests change it between operations. */
const settings = {
  webName: "web",
  webTtl: 3600,
  deployKey: KEY_A,
  guardedName: "guarded",
  ignoredTtl: 3600,
  declareRetained: true,
};

const scenario = engineScenario("options", async ({ engine, sim }) => {
  const stack = await inlineStack(engine, { project: "options", stack: "dev", sim, program: async () => program() });
  const log = stepLog();
  const up = await stack.up({ onEvent: log.onEvent });
  expect(up.summary.resourceChanges).toEqual({ create: 10 });
  return stack;
});

function program(): Record<string, unknown> {
  const { DnsRecordSet, SshKey, Database, DatabaseUserGrant } = scenario.engine.resources;
  const zone = { domain: DOMAIN, hostingId: HOSTING };
  const web = new DnsRecordSet("web", { ...zone, name: settings.webName, type: "A", ttl: settings.webTtl, records: ["198.51.100.20"] });
  // Its identity (name) follows web's: when web is replaced, so is it, and before web.
  new DnsRecordSet("web-meta", { ...zone, name: web.name.apply((name) => `_meta.${name}`), type: "TXT", records: ["owner=web-team"] });
  // Its records follow web's fqdn: a replacement of web only updates it.
  new DnsRecordSet("alias", { ...zone, name: "alias", type: "CNAME", records: [web.fqdn] });
  const key = new SshKey("deploy", { hostingId: HOSTING, publicKey: settings.deployKey, comment: "deploy" });
  new DnsRecordSet("guarded", { ...zone, name: settings.guardedName, type: "A", records: ["198.51.100.30"] }, { protect: true });
  new DnsRecordSet(
    "ignored",
    { ...zone, name: "ignored", type: "A", ttl: settings.ignoredTtl, records: ["198.51.100.40"] },
    { ignoreChanges: ["ttl"] },
  );
  if (settings.declareRetained)
    new DnsRecordSet("retained", { ...zone, name: "retained", type: "A", records: ["198.51.100.50"] }, { retainOnDelete: true });
  // Dropping a database drops its grants with it: the grant's own delete would be redundant.
  const database = new Database("db", { hostingId: HOSTING, name: "agencyde_engine" });
  new DatabaseUserGrant(
    "grant",
    { hostingId: HOSTING, database: database.name, user: "agencyde_wpuser", privileges: ["SELECT"] },
    { deletedWith: database },
  );
  return { webFqdn: web.fqdn, deployFingerprint: key.fingerprint };
}

function rrset(state: SimState, name: string, type: string) {
  return state.zones[DOMAIN]?.find((r) => r.name === `${name}.${DOMAIN}.` && r.type === type);
}

describeEngine("resource options and replacements decided by the engine, through the Automation API", () => {
  it(
    "updates a record set in place when its TTL changes: same id, one zone write",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.webTtl = 600;
      const mark = sim.requests.list().length;
      const log = stepLog();
      const up = await stack.up({ onEvent: log.onEvent });

      expect(up.summary.resourceChanges).toMatchObject({ update: 1, same: 9 });
      expect(log.ops("web")).toEqual(["update"]);
      expect(resourcesByName(await scenario.exported()).get("web")?.id).toBe(`${DOMAIN}/web/A`);
      expect(rrset(sim.store, "web", "A")?.ttl).toBe(600);
      expect(writesSince(engine, sim, mark)).toEqual(["dns.modifyZone"]);
    },
    STEP_TIMEOUT,
  );

  it(
    "replaces an SSH key whose public key changes, adding the new key before removing the old one",
    async () => {
      const { sim, stack } = scenario;
      const before = resourcesByName(await scenario.exported()).get("deploy");
      settings.deployKey = KEY_B;
      const log = stepLog();
      await stack.up({ onEvent: log.onEvent });

      // Create-before-delete: the replacement is created, then the old key is deleted last.
      expect(log.ops("deploy")).toEqual(["create-replacement", "replace", "delete-replaced"]);
      const after = resourcesByName(await scenario.exported()).get("deploy");
      expect(after?.id).not.toBe(before?.id);
      const keys = sim.store.hostings[String(HOSTING)]!.sshKeys.map((k) => k.key);
      expect(keys).toContain(after?.outputs?.fingerprint);
      expect(keys).not.toContain(before?.outputs?.fingerprint);
    },
    STEP_TIMEOUT,
  );

  it(
    "replaces a record set delete-before-replace, deleting first the dependent that is replaced with it and updating the one that only refers to it",
    async () => {
      const { sim, stack } = scenario;
      settings.webName = "web2";
      const log = stepLog();
      await stack.up({ onEvent: log.onEvent });

      const at = (name: string, op: string) => log.steps.findIndex((step) => step.name === name && step.op === op);
      expect(log.ops("web")).toEqual(["delete-replaced", "replace", "create-replacement"]);
      expect(log.ops("web-meta")).toEqual(["delete-replaced", "replace", "create-replacement"]);
      expect(log.ops("alias")).toEqual(["update"]);
      // The engine deletes the dependent before the record set it depends on, and creates them
      // the other way round (step_generator.go, calculateDependentReplacements).
      expect(at("web-meta", "delete-replaced")).toBeLessThan(at("web", "delete-replaced"));
      expect(at("web", "delete-replaced")).toBeLessThan(at("web", "create-replacement"));
      expect(at("web", "create-replacement")).toBeLessThan(at("web-meta", "create-replacement"));
      expect(at("web", "create-replacement")).toBeLessThan(at("alias", "update"));

      expect(rrset(sim.store, "web", "A")).toBeUndefined();
      expect(rrset(sim.store, "_meta.web", "TXT")).toBeUndefined();
      expect(rrset(sim.store, "web2", "A")?.records).toEqual([{ ip: "198.51.100.20" }]);
      expect(rrset(sim.store, "_meta.web2", "TXT")).toBeDefined();
      expect(rrset(sim.store, "alias", "CNAME")?.records).toEqual([{ value: `web2.${DOMAIN}.` }]);
      const resources = resourcesByName(await scenario.exported());
      expect(resources.get("web")?.id).toBe(`${DOMAIN}/web2/A`);
      expect(resources.get("web-meta")?.id).toBe(`${DOMAIN}/_meta.web2/TXT`);
    },
    STEP_TIMEOUT,
  );

  it(
    "refuses to replace a protected record set, and changes nothing",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.guardedName = "guarded2";
      const before = structuredClone(sim.store);
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());

      expect(failure.code).not.toBe(0);
      expect(failure.stdout + failure.stderr).toMatch(/protect/i);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(sim.store.zones).toEqual(before.zones);
      expect(resourcesByName(await scenario.exported()).get("guarded")?.id).toBe(`${DOMAIN}/guarded/A`);
      settings.guardedName = "guarded";
    },
    STEP_TIMEOUT,
  );

  it(
    "ignores a TTL listed in ignoreChanges, whether the program or someone outside Pulumi changes it",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.ignoredTtl = 7200;
      let log = stepLog();
      let mark = sim.requests.list().length;
      const up = await stack.up({ onEvent: log.onEvent });
      expect(up.summary.resourceChanges).toEqual({ same: 10 });
      expect(log.ops("ignored")).toEqual(["same"]);
      expect(rrset(sim.store, "ignored", "A")?.ttl).toBe(3600);
      expect(writesSince(engine, sim, mark)).toEqual([]);

      rrset(sim.store, "ignored", "A")!.ttl = 600;
      await stack.refresh();
      log = stepLog();
      mark = sim.requests.list().length;
      await stack.up({ onEvent: log.onEvent });
      expect(log.ops("ignored")).toEqual(["same"]);
      expect(rrset(sim.store, "ignored", "A")?.ttl).toBe(600);
      expect(writesSince(engine, sim, mark)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "drops a retainOnDelete record set from the state without deleting it",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.declareRetained = false;
      const log = stepLog();
      const mark = sim.requests.list().length;
      await stack.up({ onEvent: log.onEvent });

      expect(log.ops("retained")).toEqual(["delete"]);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(rrset(sim.store, "retained", "A")?.records).toEqual([{ ip: "198.51.100.50" }]);
      expect(resourcesByName(await scenario.exported()).has("retained")).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi destroy refuses a stack holding a protected resource in its preview, and deletes nothing",
    async () => {
      const { engine, sim, stack } = scenario;
      const before = structuredClone(sim.store);
      const resourcesBefore = [...resourcesByName(await scenario.exported()).keys()].sort();
      const mark = sim.requests.list().length;
      // As a user types it: `--yes` without `--skip-preview`, so the preview runs first.
      const destroy = await engine.pulumi(["destroy", "--yes", "--stack", "dev", "--non-interactive", "--color", "never"], {
        cwd: stack.workspace.workDir,
      });

      expect(destroy.code, destroy.stdout + destroy.stderr).not.toBe(0);
      expect(destroy.stdout).toContain("Previewing destroy (dev)");
      expect(destroy.stdout + destroy.stderr).toContain(
        `"urn:pulumi:dev::options::pulumi-nodejs:dynamic/reseller:DnsRecordSet::guarded" cannot be deleted`,
      );
      expect(destroy.stdout + destroy.stderr).toContain("because it is protected");
      expect(destroy.stdout + destroy.stderr).not.toMatch(/^Destroying/m);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(sim.store).toEqual(before);
      expect([...resourcesByName(await scenario.exported()).keys()].sort()).toEqual(resourcesBefore);
      expect(resourcesByName(await scenario.exported()).get("guarded")?.protect).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    "a destroy that skips the preview deletes every other resource, skipping the grant deleted with its database, and keeps the protected one",
    async () => {
      const { engine, sim, stack } = scenario;
      // The engine checks `protect` when it applies each delete step (step.go, DeleteStep.Apply),
      // so without a preview to fail first, the unprotected resources are deleted in parallel
      // and only the protected one's step fails. The Automation API's destroy skips the preview.
      const mark = sim.requests.list().length;
      const log = stepLog();
      const failure = await commandFailure(stack.destroy({ onEvent: log.onEvent }));

      expect(failure.code).not.toBe(0);
      expect(failure.stdout + failure.stderr).toContain("because it is protected");
      expect(
        log.steps
          .filter((step) => step.op === "delete")
          .map((step) => step.name)
          .sort(),
      ).toEqual(["alias", "db", "deploy", "grant", "ignored", "web", "web-meta"]);
      const calls = callsSince(sim, mark);
      // deletedWith: the engine sends no Delete for the grant, whose database goes with it.
      expect(calls["databases.revokePrivileges"]).toBeUndefined();
      expect(calls["databases.delete"]).toBe(1);
      expect([...resourcesByName(await scenario.exported()).keys()]).toEqual(["guarded"]);
      expect(rrset(sim.store, "guarded", "A")).toBeDefined();
      expect(rrset(sim.store, "web2", "A")).toBeUndefined();

      // The way out the engine's message gives: unprotect in the state, then destroy.
      const unprotect = await engine.pulumi(
        [
          "state",
          "unprotect",
          "urn:pulumi:dev::options::pulumi-nodejs:dynamic/reseller:DnsRecordSet::guarded",
          "--yes",
          "--stack",
          "dev",
          "--non-interactive",
        ],
        { cwd: stack.workspace.workDir },
      );
      expect(unprotect.code, unprotect.stdout + unprotect.stderr).toBe(0);
      const last = stepLog();
      await stack.destroy({ onEvent: last.onEvent });
      expect(last.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["delete guarded"]);
      expect(resourcesByName(await scenario.exported()).size).toBe(0);

      // The account is back at its seed, but for the record set retained on delete.
      const seed = engine.simulator.demoState();
      const hosting = sim.store.hostings[String(HOSTING)]!;
      expect(hosting.databases).toEqual(seed.hostings[String(HOSTING)]!.databases);
      expect(hosting.dbUsers).toEqual(seed.hostings[String(HOSTING)]!.dbUsers);
      expect(hosting.sshKeys).toEqual(seed.hostings[String(HOSTING)]!.sshKeys);
      const retained = rrset(sim.store, "retained", "A");
      expect(retained).toBeDefined();
      expect(sim.store.zones[DOMAIN]?.filter((r) => r !== retained)).toEqual(seed.zones[DOMAIN]);
    },
    STEP_TIMEOUT,
  );
});

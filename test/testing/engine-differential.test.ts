/**
 * The testing toolkit held to the real engine: the same scenarios, with this package's resources
 * installed from the packed package, through a test stack on the engine double and through one
 * on the real Pulumi CLI, each against its own simulator from the demo seed. After every
 * operation the step kind of each resource, the resources in the state, the failures and the
 * simulator's store must be the same (`differential.ts`). Skipped without a CLI; with
 * `REQUIRE_PULUMI_CLI=1` a missing CLI fails.
 *
 * What cannot match is listed in docs/testing.md ("Where the engine double differs from the
 * engine"); nothing of it is observed here.
 */
import { beforeAll, it } from "vitest";

import type * as Resources from "../../src";
import type { Simulator, SimState } from "../../packages/simulator/src";
import type { PulumiProgram } from "../../packages/testing/src";
import { loadE2e, simulatorConfig, type E2e } from "../e2e/harness";
import { compareEngines, describeDifferential, pulumiCli, type Scenario, type ScenarioStep } from "./differential";

const DOMAIN = "agency-demo.com";
const HOSTING = 101;
const KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIALEdWPM2yinJc6+xLso4+0o2krKpllw/5kVqosv0joQ deploy-a";
const KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAZlxmDVRBAtL6TNDQA095kp9qUTJ7Vyw07b8Ai91Mhp deploy-b";
/** A fixed clock, so the timestamps the simulator writes are the same for both engines. */
const NOW = new Date("2026-05-01T12:00:00Z");
const TIMEOUT = 600_000;

let e2e: E2e;
let resources: typeof Resources;

beforeAll(async () => {
  if (!pulumiCli) return;
  e2e = await loadE2e();
  resources = e2e.pkg.require("pulumi-hosting-reseller") as typeof Resources;
}, TIMEOUT);

/**
 * The value with every list of objects sorted: the simulator appends in the order requests
 * arrive, and both engines run independent steps in parallel.
 */
function sortedLists(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(sortedLists);
    return items.every((item) => typeof item === "object" && item !== null)
      ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      : items;
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sortedLists(item)]));
  }
  return value;
}

/** Where each simulator's request log stood after the previous step. */
const marks = new WeakMap<Simulator, number>();

/**
 * What a step did to the simulator: its store, with what is random in it masked (object-storage
 * names and keys are drawn at random when storage is initialised), and the operations that
 * write, sorted (parallel steps send them in any order). Reads are left out: how many a provider
 * makes depends on timing (concurrent identical reads share one request).
 */
function comparableStore(sim: Simulator): unknown {
  const store = sortedLists(structuredClone(sim.store)) as SimState;
  for (const hosting of Object.values(store.hostings)) {
    const storage = hosting.objectStorage;
    if (storage.initialized) Object.assign(storage, { name: "<random>", s3user: "<random>", accessKey: "<random>", secretKey: "<random>" });
  }
  const log = sim.requests.list();
  const writes = log
    .slice(marks.get(sim) ?? 0)
    .map((entry) => entry.id)
    .filter((id) => !/\.(get|list|check)/.test(id))
    .sort();
  marks.set(sim, log.length);
  return { store, writes };
}

/** A scenario against the simulator's demo seed, with the package's resources. */
function simulatorScenario(name: string, steps: () => ScenarioStep<Simulator>[]): Scenario<Simulator> {
  return {
    service: () => e2e.simulator.startSimulator({ seed: "demo", now: () => NOW }),
    stack: (engine, sim, program) =>
      e2e.testing.createTestStack({
        engine,
        pulumiCli: pulumiCli?.dir,
        workDir: e2e.pkg.dir,
        project: `differential-${name}`,
        stack: engine,
        config: simulatorConfig(sim),
        program,
      }),
    store: comparableStore,
    close: (sim) => sim.close(),
    steps,
  };
}

function zoneRecord(sim: Simulator, name: string, type: string) {
  return sim.store.zones[DOMAIN]?.find((rrset) => rrset.name === `${name}.${DOMAIN}.` && rrset.type === type);
}

/**
 * Deploy, no change, update versus replace, a delete-before-replace with dependents, a read of an
 * existing id, drift found by `preview --refresh` and refresh, destroy.
 */
function lifecycle(): ScenarioStep<Simulator>[] {
  const settings = { webName: "web", webTtl: 3600, key: KEY_A };
  const program: PulumiProgram = () => {
    const { DnsRecordSet, SshKey } = resources;
    const zone = { domain: DOMAIN, hostingId: HOSTING };
    const web = new DnsRecordSet("web", { ...zone, name: settings.webName, type: "A", ttl: settings.webTtl, records: ["198.51.100.20"] });
    // Its name follows web's: replacing web (delete-before-replace) replaces it, first.
    new DnsRecordSet("web-meta", { ...zone, name: web.name.apply((n) => `_meta.${n}`), type: "TXT", records: ["owner=web-team"] });
    // Its records follow web's fqdn: replacing web updates it.
    new DnsRecordSet("alias", { ...zone, name: "alias", type: "CNAME", records: [web.fqdn] });
    const key = new SshKey("deploy", { hostingId: HOSTING, publicKey: settings.key, comment: "deploy" });
    const apex = DnsRecordSet.get("apex", `${DOMAIN}/@/A`);
    return { fqdn: web.fqdn, fingerprint: key.fingerprint, apexRecords: apex.records };
  };
  // The package's read fails for an id the account does not hold (it has no state to keep), so
  // `get` of a missing object fails the operation under both engines instead of reading nothing.
  const ghost: PulumiProgram = () => {
    resources.DnsRecordSet.get("ghost", `${DOMAIN}/ghost/A`);
  };
  const reads = { apex: "read" };
  const unchanged = { "web-meta": "same", alias: "same", deploy: "same", ...reads };
  return [
    {
      title: "up",
      operation: "up",
      program,
      expect: { steps: { web: "create", "web-meta": "create", alias: "create", deploy: "create", ...reads } },
    },
    { title: "no-change up", operation: "up", expect: { steps: { web: "same", ...unchanged } } },
    {
      title: "a TTL updates in place, a new public key replaces the key",
      operation: "up",
      before: () => void Object.assign(settings, { webTtl: 600, key: KEY_B }),
      expect: { steps: { ...unchanged, web: "update", deploy: "replace" } },
    },
    {
      title: "a new name replaces the record set and, before it, the record set whose name follows",
      operation: "up",
      before: () => void Object.assign(settings, { webName: "www2" }),
      expect: { steps: { ...unchanged, web: "replace", "web-meta": "replace", alias: "update" } },
    },
    {
      title: "a change made outside Pulumi shows in preview --refresh",
      operation: "preview",
      refresh: true,
      before: (sim) => {
        const record = zoneRecord(sim, "www2", "A");
        if (!record) throw new Error("the scenario's record set is missing");
        record.records = [{ ip: "203.0.113.99" }];
      },
      // A preview cannot know web's new outputs (the host does not preview), so the alias that
      // reads its fqdn shows as an update too.
      expect: { succeeded: true, steps: { ...unchanged, web: "update", alias: "update" } },
    },
    {
      title: "refresh takes the change into the state",
      operation: "refresh",
      expect: { steps: { ...unchanged, web: "update", apex: "same" } },
    },
    { title: "up puts the declared records back", operation: "up", expect: { steps: { ...unchanged, web: "update" } } },
    {
      title: "destroy",
      operation: "destroy",
      expect: { state: {}, steps: { web: "delete", "web-meta": "delete", alias: "delete", deploy: "delete", apex: "discard" } },
    },
    {
      title: "get of an id the account does not hold fails, saying so",
      operation: "up",
      program: ghost,
      expect: { succeeded: false, failed: ["ghost"], state: {} },
    },
  ];
}

/** `protect`, `ignoreChanges`, `retainOnDelete` and `deletedWith`. */
function options(): ScenarioStep<Simulator>[] {
  const settings = { ignoredTtl: 3600, declareRetained: true, everything: true, protect: true };
  const program: PulumiProgram = () => {
    const { DnsRecordSet, Database, DatabaseUserGrant } = resources;
    const zone = { domain: DOMAIN, hostingId: HOSTING };
    new DnsRecordSet("guarded", { ...zone, name: "guarded", type: "A", records: ["198.51.100.30"] }, { protect: settings.protect });
    if (!settings.everything) return;
    new DnsRecordSet(
      "ignored",
      { ...zone, name: "ignored", type: "A", ttl: settings.ignoredTtl, records: ["198.51.100.40"] },
      { ignoreChanges: ["ttl"] },
    );
    if (settings.declareRetained) {
      new DnsRecordSet("retained", { ...zone, name: "retained", type: "A", records: ["198.51.100.50"] }, { retainOnDelete: true });
    }
    const database = new Database("db", { hostingId: HOSTING, name: "agencyde_differential" });
    // Dropping the database drops its grants: the grant's own delete is not sent.
    new DatabaseUserGrant(
      "grant",
      { hostingId: HOSTING, database: database.name, user: "agencyde_wpuser", privileges: ["SELECT"] },
      { deletedWith: database },
    );
  };
  return [
    {
      title: "up",
      operation: "up",
      program,
      expect: { steps: { guarded: "create", ignored: "create", retained: "create", db: "create", grant: "create" } },
    },
    {
      title: "an ignored TTL changes nothing; a retained record set leaves the program but stays in the zone",
      operation: "up",
      before: () => void Object.assign(settings, { ignoredTtl: 60, declareRetained: false }),
      expect: { steps: { guarded: "same", ignored: "same", retained: "delete", db: "same", grant: "same" } },
    },
    {
      title: "destroy fails on the protected record set and deletes the rest, the grant with its database",
      operation: "destroy",
      expect: { succeeded: false, failed: ["guarded"], steps: { ignored: "delete", db: "delete", grant: "delete" } },
    },
    {
      // Unprotecting takes an up of a program that still declares the resource, without protect.
      title: "an up without protect unprotects it",
      operation: "up",
      before: () => void Object.assign(settings, { everything: false, protect: false }),
      expect: { succeeded: true, steps: { guarded: "same" } },
    },
    { title: "destroy then deletes it", operation: "destroy", expect: { succeeded: true, state: {}, steps: { guarded: "delete" } } },
  ];
}

/** Partial failures of a create and of a replacement, and a failed update, from simulator faults. */
function failures(): ScenarioStep<Simulator>[] {
  const settings = { storageHosting: 102, ttl: 3600 };
  const program: PulumiProgram = () => {
    const { DnsRecordSet, ObjectStorageAccount } = resources;
    new DnsRecordSet("web", { domain: DOMAIN, hostingId: HOSTING, name: "web", type: "A", ttl: settings.ttl, records: ["198.51.100.20"] });
    new ObjectStorageAccount("storage", { hostingId: settings.storageHosting });
  };
  // Initialising object storage succeeds; reading the account afterwards fails: the provider
  // reports a partial failure carrying the account's id.
  const readFails = (sim: Simulator): void =>
    void sim.faults.add({ operation: "storage.getAccount", kind: "status", status: 500, times: Infinity });
  const clearFaults = (sim: Simulator): void => sim.faults.clear();
  const web = `${DOMAIN}/web/A`;
  return [
    {
      title: "a create whose follow-up read fails is kept with its id",
      operation: "up",
      program,
      before: readFails,
      after: clearFaults,
      expect: { succeeded: false, failed: ["storage"], initFailures: ["storage"], state: { web, storage: "102 init errors" } },
    },
    {
      title: "the next up finishes it",
      operation: "up",
      expect: { succeeded: true, steps: { web: "same", storage: "update" }, state: { web, storage: "102" } },
    },
    {
      title: "a failed update keeps the old state",
      operation: "up",
      before: (sim) => {
        settings.ttl = 600;
        sim.faults.add({ operation: "dns.modifyZone", kind: "status", status: 500, times: Infinity });
      },
      after: clearFaults,
      expect: { succeeded: false, failed: ["web"] },
    },
    { title: "the next up updates", operation: "up", expect: { succeeded: true, steps: { web: "update", storage: "same" } } },
    {
      title: "a replacement whose create fails partially keeps the old object for deletion",
      operation: "up",
      before: (sim) => {
        settings.storageHosting = 101;
        readFails(sim);
      },
      after: clearFaults,
      expect: {
        succeeded: false,
        initFailures: ["storage"],
        state: { web, storage: "101 init errors", "storage (pending delete)": "102" },
      },
    },
    { title: "the next up deletes the old object", operation: "up", expect: { succeeded: true, state: { web, storage: "101" } } },
    { title: "destroy", operation: "destroy", expect: { succeeded: true, state: {} } },
  ];
}

describeDifferential("the engine double against the real engine, with the package's resources and the simulator", () => {
  it(
    "deploys, changes nothing, updates or replaces, replaces delete-before-replace dependents first, reads, refreshes drift, destroys, and fails a get of a missing id alike",
    () => compareEngines(simulatorScenario("lifecycle", lifecycle)),
    TIMEOUT,
  );

  it(
    "honours protect, ignoreChanges, retainOnDelete and deletedWith alike",
    () => compareEngines(simulatorScenario("options", options)),
    TIMEOUT,
  );

  it(
    "keeps partially failed creates and replacements, and failed updates, alike, and converges alike",
    () => compareEngines(simulatorScenario("failures", failures)),
    TIMEOUT,
  );
});

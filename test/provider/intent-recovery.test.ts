/**
 * A create cut off after its request, before the engine saved its state, recovered by the next
 * create of the same resource (docs/decisions/0033), through the runtime against the simulator.
 *
 * The cut is a `delayed-apply` fault: the connection closes at once, the create's outcome is
 * unknown, the settle reads find nothing within `reseller:settleWaitMs`, and the change lands
 * afterwards, as when the host that sent it was killed. The record written before the request is
 * then what the next create finds beside the object. A host really killed mid-`up` is
 * test/engine/kill-host.test.ts.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { intentJournalDir } from "../../src/provider/runtime/intent-journal";
import { OWNER_KEY, ownerToken } from "../../src/provider/lifecycle/owner";
import { CONTACT } from "../helpers/contact";
import { useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

/** Long enough for the settle reads (150 ms) to give up before the change lands. */
const LANDS_AFTER_MS = 600;
const SETTLE = { "reseller:settleWaitMs": "150" };

const ownerOf = (name: string, type = "DnsRecordSet", stack = "dev") => ownerToken({ project: "agency", stack, type, name });
const recordSet = (extra: Props = {}): Props => ({
  domain: "agency-demo.com",
  name: "status",
  type: "A",
  ttl: 3600,
  records: ["198.51.100.70"],
  ...extra,
});

/** The record files the journal holds. */
function intentFiles(): string[] {
  try {
    return readdirSync(intentJournalDir());
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a record set whose create was cut off after its write", () => {
  const t = useProvider("DnsRecordSet", { version: "v4", config: SETTLE });

  /**
   * Every attempt of the zone write closes its connection and lands later: the write is
   * repeatable, so the client sends it again before the batch settles it by reading.
   */
  function cutZoneWrites(): void {
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "delayed-apply", latencyMs: LANDS_AFTER_MS, times: 20 });
  }

  /** The create cut off: it fails, its write lands after, and the record stays. */
  async function cutOffCreate(inputs: Props): Promise<void> {
    cutZoneWrites();
    await expect(t.provider.create(inputs)).rejects.toThrow(/may or may not have been applied/);
    t.sim.faults.clear();
    await sleep(LANDS_AFTER_MS + 200);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "status.agency-demo.com.")).toBe(true);
  }

  it("is taken into state by the next create of the same resource with the same inputs, without adopt, saying so; the record is then gone", async () => {
    const inputs = await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") });
    expect(inputs[OWNER_KEY]).toBe(ownerOf("status"));
    await cutOffCreate(inputs);
    expect(intentFiles()).toHaveLength(1);
    // A preview's check of the same resource passes too: the create will recover the object.
    await expect(t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") })).resolves.toMatchObject({ name: "status" });

    const warnings: string[] = [];
    const { id, outs } = await withWarnings(warnings, () => t.engine.create(inputs));
    expect(id).toBe("agency-demo.com/status/A");
    expect(outs.adopted).toBe(false);
    // State keeps the token among the outputs, so that a refresh hands it back with the inputs.
    expect(outs[OWNER_KEY]).toBe(ownerOf("status"));
    expect(warnings.join("\n")).toContain(
      "DnsRecordSet agency-demo.com/status/A: the A record set status.agency-demo.com. (1 record: 198.51.100.70) was made by this stack's own create of this resource, interrupted before the engine saved the state",
    );
    expect(t.sim.store.zones["agency-demo.com"]!.filter((r) => r.name === "status.agency-demo.com.")).toHaveLength(1);
    expect(intentFiles()).toEqual([]);
    // The token is no input of the record set: a state without it (a stack older than it) sees no change.
    const { [OWNER_KEY]: _owner, ...olds } = outs;
    expect((await t.engine.diff(id, olds, inputs)).changes).toBe(false);
  });

  it.each([
    ["another resource name", { [OWNER_KEY]: ownerOf("status-2") }, {}],
    ["another stack", { [OWNER_KEY]: ownerOf("status", "DnsRecordSet", "prod") }, {}],
    ["other inputs", { [OWNER_KEY]: ownerOf("status") }, { ttl: 300 }],
    ["no owner token", {}, {}],
  ])("is refused, naming adopt: true, to a create with %s, and to its check", async (_what, owner, change) => {
    // Checked before the object shows: a create can meet an object that appeared after its check.
    const next = await t.engine.check({ ...recordSet(change), ...owner });
    await cutOffCreate(await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") }));
    const mark = t.sim.requests.list().length;
    const failures = await t.engine.checkFailures({ ...recordSet(change), ...owner });
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/exists already in the reseller account, and this stack did not create it.*`adopt: true`/),
    ]);
    await expect(t.provider.create(next)).rejects.toThrow(
      /exists already in the reseller account, and this stack did not create it.*`adopt: true`/,
    );
    expect(
      t.sim.requests
        .list()
        .slice(mark)
        .filter((r) => r.id === "dns.modifyZone"),
    ).toEqual([]);
    // The record stays for the create it belongs to.
    expect(intentFiles()).toHaveLength(1);
  });

  it("is refused, naming adopt: true, when the record is gone (another machine, another PULUMI_HOME)", async () => {
    const inputs = await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") });
    await cutOffCreate(inputs);
    rmSync(intentJournalDir(), { recursive: true, force: true });
    await expect(t.provider.create(inputs)).rejects.toThrow(/this stack did not create it.*`adopt: true`/);
  });

  it("is refused, naming adopt: true, when the record cannot be read, with a warning that says why", async () => {
    const inputs = await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") });
    await cutOffCreate(inputs);
    for (const file of intentFiles()) writeFileSync(path.join(intentJournalDir(), file), "{ cut sh");
    const warnings: string[] = [];
    await expect(withWarnings(warnings, () => t.provider.create(inputs))).rejects.toThrow(/this stack did not create it.*`adopt: true`/);
    expect(warnings.join("\n")).toContain("could not use the record of this stack's create");
  });

  it("goes on without a record when none can be written, with a warning, and the next create then refuses as before", async () => {
    const inputs = await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") });
    const home = process.env.PULUMI_HOME!;
    rmSync(path.join(home, "reseller"), { recursive: true, force: true });
    mkdirSync(path.join(home, "reseller"), { recursive: true });
    // A file where the directory would be: nothing can be written under it.
    writeFileSync(intentJournalDir(), "");
    try {
      const warnings: string[] = [];
      cutZoneWrites();
      await expect(withWarnings(warnings, () => t.provider.create(inputs))).rejects.toThrow(/may or may not have been applied/);
      t.sim.faults.clear();
      expect(warnings.join("\n")).toContain("could not write the record of this stack's create");
      await sleep(LANDS_AFTER_MS + 200);
      await expect(t.provider.create(inputs)).rejects.toThrow(/this stack did not create it.*`adopt: true`/);
    } finally {
      rmSync(intentJournalDir(), { force: true });
    }
  });

  it("leaves no record after a create that returned, nor after one the API refused", async () => {
    await t.engine.create(await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") }));
    expect(intentFiles()).toEqual([]);
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "status", status: 500 });
    await expect(
      t.provider.create(await t.engine.check({ ...recordSet({ name: "refused" }), [OWNER_KEY]: ownerOf("refused") })),
    ).rejects.toThrow();
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "refused.agency-demo.com.")).toBe(false);
    expect(intentFiles()).toEqual([]);
  });

  it("leaves no record once the object is destroyed", async () => {
    const inputs = await t.engine.check({ ...recordSet(), [OWNER_KEY]: ownerOf("status") });
    await cutOffCreate(inputs);
    const { props } = await t.engine.read("agency-demo.com/status/A");
    await t.engine.delete("agency-demo.com/status/A", props);
    expect(intentFiles()).toEqual([]);
  });
});

describe("a domain registration whose order was cut off after it was sent", () => {
  const t = useProvider("DomainRegistration", { version: "v4", config: SETTLE });
  const declared = { domain: "killed-mid-create.com", period: 1, maxPrice: 20, registrant: CONTACT };

  it("is taken into state by the next create of the same resource without a second order, and state keeps adopt as declared", async () => {
    const inputs = await t.engine.check({ ...declared, [OWNER_KEY]: ownerOf("shop", "DomainRegistration") });
    const credit = t.sim.store.account.credit;
    t.sim.faults.add({ operation: "domains.register", kind: "delayed-apply", latencyMs: LANDS_AFTER_MS });
    await expect(t.provider.create(inputs)).rejects.toThrow(/may or may not have been applied/);
    await sleep(LANDS_AFTER_MS + 200);
    expect(t.sim.store.domains["killed-mid-create.com"]).toBeDefined();
    const charged = credit - t.sim.store.account.credit;
    expect(charged).toBeGreaterThan(0);

    const { id, outs } = await t.engine.create(inputs);
    expect(id).toBe("killed-mid-create.com");
    expect(outs.adopt).toBe(false);
    expect(t.sim.requests.count("domains.register")).toBe(1);
    expect(credit - t.sim.store.account.credit).toBe(charged);
    expect(intentFiles()).toEqual([]);
  });

  it("is refused by another resource's check and create, before any order, naming adopt: true", async () => {
    const inputs = await t.engine.check({ ...declared, [OWNER_KEY]: ownerOf("shop", "DomainRegistration") });
    const other = await t.engine.check({ ...declared, [OWNER_KEY]: ownerOf("shop-2", "DomainRegistration") });
    t.sim.faults.add({ operation: "domains.register", kind: "delayed-apply", latencyMs: LANDS_AFTER_MS });
    await expect(t.provider.create(inputs)).rejects.toThrow(/may or may not have been applied/);
    await sleep(LANDS_AFTER_MS + 200);
    const failures = await t.engine.checkFailures({ ...declared, [OWNER_KEY]: ownerOf("shop-2", "DomainRegistration") });
    expect(failures.map((f) => f.reason)).toEqual([expect.stringMatching(/is already in this reseller account; set adopt: true/)]);
    await expect(t.provider.create(other)).rejects.toThrow(/is already in this reseller account; set adopt: true/);
    expect(t.sim.requests.count("domains.register")).toBe(1);
  });
});

/** Runs `work` with the runtime's warnings (its default logger writes them to the console) collected. */
async function withWarnings<T>(into: string[], work: () => Promise<T>): Promise<T> {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    into.push(args.map(String).join(" "));
  };
  try {
    return await work();
  } finally {
    console.warn = original;
  }
}

afterEach(() => {
  rmSync(intentJournalDir(), { recursive: true, force: true });
});

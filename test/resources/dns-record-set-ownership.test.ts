/**
 * Record-set ownership markers (`reseller:recordOwner`, decision 0034): what a stack writes
 * beside its records, and what it does when the zone's marker names another stack. Two stacks
 * are this process's runtime configured with one owner name, then the other; the race of two
 * `pulumi up`s at one moment runs through the real CLI in test/engine/two-stacks.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { markerName } from "../../src/resources/shared/ownership";
import { useProvider } from "../helpers/lifecycle";

const ZONE = "agency-demo.com";
const SET = { domain: ZONE, hostingId: 101, name: "owned", type: "A" };

describe("DnsRecordSet ownership markers", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });
  const rrset = (name: string, type: string) => t.sim.store.zones[ZONE]!.find((r) => r.name === `${name}.${ZONE}.` && r.type === type);
  const marker = (name = SET.name, type = SET.type) => rrset(markerName(name, type), "TXT")?.records;
  const asStack = (owner: string) => t.configure({ "reseller:recordOwner": owner, "reseller:readCacheTtlSeconds": "0" });

  it("writes no marker without reseller:recordOwner", async () => {
    const created = await t.engine.create(await t.engine.check({ ...SET, name: "plain", records: ["198.51.100.1"] }));
    expect(created.id).toBe(`${ZONE}/plain/A`);
    expect(marker("plain")).toBeUndefined();
  });

  it("writes the marker with the records in one request, and deletes both", async () => {
    await asStack("acme/site/prod");
    const inputs = await t.engine.check({ ...SET, records: ["198.51.100.2"] });
    t.sim.requests.clear();
    const created = await t.engine.create(inputs);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    expect(rrset("owned", "A")?.records).toEqual([{ ip: "198.51.100.2" }]);
    expect(marker()).toEqual([{ content: '"heritage=pulumi-hosting-reseller,owner=acme/site/prod"' }]);

    await t.engine.delete(created.id, created.outs);
    expect(rrset("owned", "A")).toBeUndefined();
    expect(marker()).toBeUndefined();
  });

  it("names the marker's owner when a check or a create finds the record set, and refuses it without adopt", async () => {
    await asStack("stack-a");
    await t.engine.create(await t.engine.check({ ...SET, name: "found", records: ["198.51.100.3"] }));
    await asStack("stack-b");
    const declared = { ...SET, name: "found", records: ["198.51.100.4"] };
    const refusal = /its ownership marker names the stack "stack-a"\) exists already.*`adopt: true`/;
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    // Checked before stack-a's create, the create's own read refuses it.
    const unread = await t.checkUnread(declared, { "reseller:recordOwner": "stack-b", "reseller:readCacheTtlSeconds": "0" });
    await expect(t.engine.create(unread)).rejects.toThrow(refusal);
    expect(rrset("found", "A")?.records).toEqual([{ ip: "198.51.100.3" }]);
  });

  it("fails a create whose write another stack's write replaced, and takes nothing into state", async () => {
    await asStack("stack-a");
    const inputs = await t.engine.check({ ...SET, name: "raced", records: ["198.51.100.5"] });
    // The create's read after its write is held; meanwhile the other stack's write lands, as a
    // `dns.modifyZone` of its records and its marker would leave the zone.
    t.sim.faults.add({ operation: "dns.getZone", kind: "latency", latencyMs: 400, skip: 1 });
    const creating = t.engine.provider.create(inputs);
    await expect.poll(() => rrset("raced", "A")?.records, { timeout: 5000 }).toEqual([{ ip: "198.51.100.5" }]);
    const zone = t.sim.store.zones[ZONE]!;
    rrset("raced", "A")!.records = [{ ip: "198.51.100.6" }];
    const theirs = zone.find((r) => r.name === `${markerName("raced", "A")}.${ZONE}.`)!;
    theirs.records = [{ content: '"heritage=pulumi-hosting-reseller,owner=stack-b"' }];

    await expect(creating).rejects.toThrow(
      /DnsRecordSet agency-demo\.com\/raced\/A: the zone's ownership marker names the stack "stack-b".*landed last.*not taken into this stack's state/,
    );
    expect(rrset("raced", "A")?.records).toEqual([{ ip: "198.51.100.6" }]);
  });

  it("leaves another owner's record set alone: the update refuses, the destroy lets go of it only, the read warns", async () => {
    await asStack("stack-a");
    const createdInputs = await t.engine.check({ ...SET, name: "theirs", records: ["198.51.100.7"] });
    const created = await t.engine.create(createdInputs);
    // Another stack took it over since (with adopt: true): its records and its marker.
    await asStack("stack-b");
    const adopted = await t.engine.create(await t.engine.check({ ...SET, name: "theirs", records: ["198.51.100.8"], adopt: true }));
    expect(marker("theirs")).toEqual([{ content: '"heritage=pulumi-hosting-reseller,owner=stack-b"' }]);

    await asStack("stack-a");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const news = await t.engine.check({ ...SET, name: "theirs", records: ["198.51.100.9"] }, createdInputs);
    await expect(t.engine.update(created.id, created.outs, news)).rejects.toThrow(
      /names the stack "stack-b" as its owner, not this one.*Nothing was changed/,
    );
    const read = await t.engine.read(created.id, created.outs);
    expect(read.props.records).toEqual([{ value: "198.51.100.8" }]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        `names the stack "stack-b" as its owner, not this one (reseller:recordOwner); this stack's update leaves it unchanged`,
      ),
    );
    t.sim.requests.clear();
    await t.engine.delete(created.id, created.outs);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("it was left in the zone and removed from this stack's state only"));
    warn.mockRestore();
    expect(rrset("theirs", "A")?.records).toEqual([{ ip: "198.51.100.8" }]);

    await asStack("stack-b");
    await t.engine.delete(adopted.id, adopted.outs);
    expect(rrset("theirs", "A")).toBeUndefined();
    expect(marker("theirs")).toBeUndefined();
  });

  it("refuses a recordOwner that cannot go in a TXT record, naming the key and the rule", async () => {
    await expect(asStack("acme site")).rejects.toThrow(/"reseller:recordOwner".*must be letters, digits/);
  });
});

/**
 * Record-set writes to one zone that wait at the same time go out as one `dns.modifyZone`
 * (decision 0016), counted through the simulator's request log.
 */
import { describe, expect, it } from "vitest";
import { clearCache } from "../../src/runtime";
import { useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

const ZONE = "agency-demo.com";

describe("DnsRecordSet writes batched per zone", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });
  const find = (zone: string, name: string, type = "A") =>
    t.sim.store.zones[zone]!.find((r) => r.name === `${name}.${zone}.` && r.type === type);
  const checked = (count: number, prefix: string, zone = ZONE) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        t.engine.check({ domain: zone, name: `${prefix}${i}`, type: "A", hostingId: 101, records: [`198.51.100.${i + 1}`] }),
      ),
    );
  /** Starts one create every `gapMs`, as a deployment's steps arrive, and waits for them all. */
  const createSpaced = async (inputs: readonly Props[], gapMs: number) => {
    const created: Promise<unknown>[] = [];
    for (const i of inputs) {
      created.push(t.engine.create(i));
      await new Promise((r) => setTimeout(r, gapMs));
    }
    await Promise.all(created);
  };

  it("creates 50 record sets waiting at once in one zone with one modifyZone call, each with its own result", async () => {
    const inputs = await checked(50, "b");
    t.sim.requests.clear();
    const created = await Promise.all(inputs.map((i) => t.engine.create(i)));
    expect(created.map((c) => c.id)).toEqual(inputs.map((_, i) => `${ZONE}/b${i}/A`));
    for (let i = 0; i < 50; i++) expect(find(ZONE, `b${i}`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
  });

  it("keeps gathering while writes keep coming, each later than the window after the first, and reads the zone once for all their checks and creates", async () => {
    await t.configure({ "reseller:writeBatchWindowMs": "100" });
    t.sim.requests.clear();
    // The checks of new record sets read the zone (decision 0045); the creates read the same copy.
    const inputs = await checked(8, "stream");
    // One create every 20 ms: the last joins 140 ms after the first, past one window.
    await createSpaced(inputs, 20);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    expect(t.sim.requests.count("dns.getZone")).toBe(1);
    for (let i = 0; i < 8; i++) expect(find(ZONE, `stream${i}`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
  });

  it("keeps gathering a stream whose writes arrive further apart than the window, once their pace is known", async () => {
    await t.configure({ "reseller:writeBatchWindowMs": "100" });
    const inputs = await checked(10, "slow");
    t.sim.requests.clear();
    // One create every 200 ms, twice the window: each batch once went out alone. From the second
    // arrival on, the quiet spell is four mean gaps (at most six windows), so the rest join.
    await createSpaced(inputs, 200);
    expect(t.sim.requests.count("dns.modifyZone")).toBeLessThanOrEqual(2);
    for (let i = 0; i < 10; i++) expect(find(ZONE, `slow${i}`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
  });

  it("reads the zone again before creating a record set this process deleted since the zone was read", async () => {
    const [first] = await checked(1, "again");
    const created = await t.engine.create(first!);
    // A refresh-style read caches the zone holding `again0`; the delete drops that entry.
    await t.engine.read(created.id, created.outs);
    await t.engine.delete(created.id, created.outs);
    t.sim.requests.clear();
    // Served what the delete dropped, the create would find `again0` and refuse to take it over.
    await t.engine.create(first!);
    expect(t.sim.requests.count("dns.getZone")).toBe(1);
    expect(find(ZONE, "again0")?.records).toEqual([{ ip: "198.51.100.1" }]);
  });

  it("sends at most writeBatchSize record sets per call", async () => {
    await t.configure({ "reseller:writeBatchSize": "10" });
    const inputs = await checked(45, "s");
    t.sim.requests.clear();
    await Promise.all(inputs.map((i) => t.engine.create(i)));
    expect(t.sim.requests.count("dns.modifyZone")).toBe(5);
    expect(t.sim.store.zones[ZONE]!.filter((r) => /^s\d+\./.test(r.name))).toHaveLength(45);
  });

  it("sends each record set alone when writeBatchSize is 1", async () => {
    await t.configure({ "reseller:writeBatchSize": "1" });
    const inputs = await checked(12, "one");
    t.sim.requests.clear();
    await Promise.all(inputs.map((i) => t.engine.create(i)));
    expect(t.sim.requests.count("dns.modifyZone")).toBe(12);
  });

  it("batches the writes of each zone apart: two zones, two calls", async () => {
    const inputs = [...(await checked(20, "z")), ...(await checked(20, "z", "client-shop.net"))];
    t.sim.requests.clear();
    await Promise.all(inputs.map((i) => t.engine.create(i)));
    expect(t.sim.requests.count("dns.modifyZone")).toBe(2);
    expect(find("client-shop.net", "z19")?.records).toEqual([{ ip: "198.51.100.20" }]);
  });

  it("finds the one record set the API refuses by halving the batch; the others are created once and the refused one gets its own error", async () => {
    const good = await checked(7, "g");
    // The read before a create refuses a CNAME beside the records it sees; an A record added
    // outside Pulumi after that read is seen by the API only, which refuses the CNAME beside it.
    await t.engine.create(await t.engine.check({ domain: ZONE, name: "primer", type: "A", hostingId: 101, records: ["198.51.100.99"] }));
    t.sim.store.zones[ZONE]!.push({ type: "A", name: `late.${ZONE}.`, ttl: 14400, records: [{ ip: "198.51.100.98" }] });
    const bad = await t.engine.check({ domain: ZONE, name: "late", type: "CNAME", hostingId: 101, records: [ZONE] });
    t.sim.requests.clear();
    const results = await Promise.allSettled([...good.slice(0, 3), bad, ...good.slice(3)].map((i) => t.engine.create(i)));
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(results[3]!.status).toBe("rejected");
    expect(((results[3] as PromiseRejectedResult).reason as Error).message).toMatch(/CNAME/);
    for (let i = 0; i < 7; i++) expect(find(ZONE, `g${i}`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
    // At most 8 refused, then 4 + 4 (one refused), then 2 + 2 of the refused half, then 1 + 1:
    // seven calls when all eight share the first batch, fewer when the identity reads before the
    // creates spread them over two. Every applied call applied its record sets once (above).
    const statuses = t.sim.requests
      .list()
      .filter((r) => r.id === "dns.modifyZone")
      .map((r) => r.status);
    expect(statuses.length).toBeLessThanOrEqual(7);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(1);
    expect(find(ZONE, "late", "CNAME")).toBeUndefined();
  });

  it("settles a batch whose answer was lost by reading the zone back, never by sending it again", async () => {
    await t.configure({ "reseller:maxAttempts": "1" });
    const inputs = await checked(6, "lost");
    clearCache();
    t.sim.requests.clear();
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "lost-response", times: 1 });
    const created = await Promise.all(inputs.map((i) => t.engine.create(i)));
    expect(created).toHaveLength(6);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    // One shared identity read before the creates write (decision 0019), then one read back.
    expect(t.sim.requests.count("dns.getZone")).toBe(2);
    for (let i = 0; i < 6; i++) expect(find(ZONE, `lost${i}`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
  });

  it("gives every record set of a batch the server's error when the zone shows none of them applied", async () => {
    await t.configure({ "reseller:maxAttempts": "1" });
    const inputs = await checked(4, "down");
    t.sim.requests.clear();
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "status", status: 503, times: 1 });
    const results = await Promise.allSettled(inputs.map((i) => t.engine.create(i)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(((results[0] as PromiseRejectedResult).reason as Error).message).toMatch(/503/);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    expect(find(ZONE, "down0")).toBeUndefined();
  });

  it("keeps a delete and a create of one name and type in order, in two calls, while other writes join the first", async () => {
    const old = await t.engine.create(
      await t.engine.check({ domain: ZONE, name: "swap", type: "A", hostingId: 101, records: ["198.51.100.50"] }),
    );
    const others = await checked(5, "o");
    // Started together, the create's identity read sees the old set before the delete lands, so
    // the create takes it over explicitly (as a delete-before-replace never needs to).
    const next = await t.engine.check({ domain: ZONE, name: "swap", type: "A", hostingId: 101, records: ["198.51.100.51"], adopt: true });
    t.sim.requests.clear();
    await Promise.all([t.engine.delete(old.id, old.outs as Props), t.engine.create(next), ...others.map((i) => t.engine.create(i))]);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(2);
    expect(find(ZONE, "swap")?.records).toEqual([{ ip: "198.51.100.51" }]);
    expect(find(ZONE, "o4")?.records).toEqual([{ ip: "198.51.100.5" }]);
  });
});

describe("DnsRecordSet zone writes whose outcome is unknown", () => {
  // One attempt: a lost reply or a timeout reaches the settle path instead of the client's retry.
  const t = useProvider("DnsRecordSet", { version: "v4", config: { "reseller:maxAttempts": "1", "reseller:settleWaitMs": "5000" } });
  const find = (name: string) => t.sim.store.zones[ZONE]!.find((r) => r.name === `${name}.${ZONE}.` && r.type === "A");
  /** Checked inputs of a record set: new, or in state with the old inputs `olds`. */
  const declare = (name: string, ip: string, olds: Props = {}) =>
    t.engine.check({ domain: ZONE, name, type: "A", hostingId: 101, records: [ip] }, olds);
  /** The fault of the matrix's `timeout` cell, scaled down: the write lands after the client gave up. */
  const timeout = async () => {
    await t.configure({ "reseller:timeoutMs": "300" });
    return { kind: "latency", latencyMs: 900 } as const;
  };
  const faults = {
    truncate: () => ({ kind: "truncate" }) as const,
    "lost-response": () => ({ kind: "lost-response" }) as const,
    "empty 2xx": () => ({ kind: "hollow", reply: "empty" }) as const,
    "delayed-apply": () => ({ kind: "delayed-apply", latencyMs: 600 }) as const,
    timeout,
  };

  it.each(Object.keys(faults) as (keyof typeof faults)[])(
    "settles the create of one record set answered with %s by reading the zone, in state as declared, sent once",
    async (name) => {
      const fault = await faults[name]();
      const inputs = await declare("alone", "198.51.100.21");
      t.sim.requests.clear();
      t.sim.faults.add({ operation: "dns.modifyZone", ...fault });
      const { id, outs } = await t.engine.create(inputs);
      expect(id).toBe(`${ZONE}/alone/A`);
      expect(outs).toMatchObject({ name: "alone", type: "A", records: [{ value: "198.51.100.21" }], adopted: false });
      expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
      expect(find("alone")?.records).toEqual([{ ip: "198.51.100.21" }]);
      // The next `up` finds it in state: a refresh reads the same record set, and nothing is left to take over.
      expect((await t.engine.read(id, outs)).props).toEqual(outs);
    },
  );

  it.each(["truncate", "lost-response"] as const)(
    "settles each record set of a batch of several answered with %s by one zone read for all, sent once",
    async (name) => {
      const fault = await faults[name]();
      const inputs = await Promise.all(Array.from({ length: 5 }, (_, i) => declare(`many${i}`, `198.51.100.${30 + i}`)));
      clearCache();
      t.sim.requests.clear();
      t.sim.faults.add({ operation: "dns.modifyZone", ...fault });
      const created = await Promise.all(inputs.map((i) => t.engine.create(i)));
      expect(created.map((c) => c.id)).toEqual(inputs.map((_, i) => `${ZONE}/many${i}/A`));
      expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
      for (let i = 0; i < 5; i++) expect(find(`many${i}`)?.records).toEqual([{ ip: `198.51.100.${30 + i}` }]);
      // The identity read shared by the creates, then one read back that settled all five.
      expect(t.sim.requests.count("dns.getZone")).toBe(2);
    },
  );

  it.each(Object.keys(faults) as (keyof typeof faults)[])(
    "settles an update, a delete and a create sharing one batch answered with %s, each by what the zone shows",
    async (name) => {
      const keptInputs = await declare("upd", "198.51.100.40");
      const kept = await t.engine.create(keptInputs);
      const gone = await t.engine.create(await declare("del", "198.51.100.41"));
      const fault = await faults[name]();
      const changed = await declare("upd", "198.51.100.42", keptInputs);
      const added = await declare("add", "198.51.100.43");
      t.sim.requests.clear();
      t.sim.faults.add({ operation: "dns.modifyZone", ...fault });
      const [updated, , created] = await Promise.all([
        t.engine.update(kept.id, kept.outs, changed),
        t.engine.delete(gone.id, gone.outs),
        t.engine.create(added),
      ]);
      expect(updated.records).toEqual([{ value: "198.51.100.42" }]);
      expect(created.id).toBe(`${ZONE}/add/A`);
      expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
      expect(find("upd")?.records).toEqual([{ ip: "198.51.100.42" }]);
      expect(find("del")).toBeUndefined();
      expect(find("add")?.records).toEqual([{ ip: "198.51.100.43" }]);
    },
  );

  it("gives each record set of a batch that no read shows its own error: it may or may not have been applied and was not sent again", async () => {
    await t.configure({ "reseller:settleWaitMs": "300" });
    const inputs = await Promise.all(["x0", "x1", "x2"].map((n, i) => declare(n, `198.51.100.${50 + i}`)));
    clearCache();
    t.sim.requests.clear();
    // Dropped after the request was sent: nothing applied, and the client cannot know it.
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "drop" });
    const results = await Promise.allSettled(inputs.map((i) => t.engine.create(i)));
    const messages = results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "created"));
    messages.forEach((message, i) => {
      expect(message).toMatch(
        new RegExp(
          `^DnsRecordSet agency-demo\\.com/x${i}/A: the create may or may not have been applied \\(.*dns\\.modifyZone.*\\), and \\d+ reads? of the zone over 300 ms \\(reseller:settleWaitMs\\) did not show its records\\. It was not sent again`,
          "s",
        ),
      );
      expect(message).toMatch(/`adopt: true`/);
      expect(message).not.toMatch(/try again/i);
    });
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    // The zone reads are the identity read before the creates and the reads the message counts:
    // the batch's settle is the only one, the runtime does not read again for each create.
    const counted = Number(/and (\d+) reads? of the zone/.exec(messages[0]!)![1]);
    expect(t.sim.requests.count("dns.getZone")).toBe(1 + counted);
    for (const n of ["x0", "x1", "x2"]) expect(find(n)).toBeUndefined();
  });

  it("fails a delete at once with the transport error when the API cannot be reached: nothing was sent, so nothing is waited for", async () => {
    const gone = await t.engine.create(await declare("unreached", "198.51.100.70"));
    // Port 1 refuses the connection: the request never leaves this machine.
    await t.configure({ "reseller:apiUrl": "http://127.0.0.1:1" });
    const err = await t.engine.delete(gone.id, gone.outs).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/could not reach the API/);
    expect(err?.message).not.toMatch(/may or may not have been applied/);
    expect(find("unreached")?.records).toEqual([{ ip: "198.51.100.70" }]);
  });

  it("fails an update and a delete that no read shows applied, saying what the next run does", async () => {
    const keptInputs = await declare("u1", "198.51.100.60");
    const kept = await t.engine.create(keptInputs);
    const gone = await t.engine.create(await declare("d1", "198.51.100.61"));
    await t.configure({ "reseller:settleWaitMs": "300" });
    t.sim.requests.clear();
    t.sim.faults.add({ operation: "dns.modifyZone", kind: "drop" });
    const [update, remove] = await Promise.allSettled([
      t.engine.update(kept.id, kept.outs, await declare("u1", "198.51.100.62", keptInputs)),
      t.engine.delete(gone.id, gone.outs),
    ]);
    expect((update as PromiseRejectedResult).reason.message).toMatch(
      /^DnsRecordSet agency-demo\.com\/u1\/A: the update may or may not have been applied .*did not show its records\. It was not sent again.*next `pulumi up` compares them/s,
    );
    expect((remove as PromiseRejectedResult).reason.message).toMatch(
      /^DnsRecordSet agency-demo\.com\/d1\/A: the delete may or may not have been applied .*still showed the record set\. It was not sent again.*deletes it again/s,
    );
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    expect(find("u1")?.records).toEqual([{ ip: "198.51.100.60" }]);
    expect(find("d1")?.records).toEqual([{ ip: "198.51.100.61" }]);
  });
});

import { describe, expect, it } from "vitest";
import { ReadCache, ScopeQueue, deepFreeze } from "../../src/provider/runtime/cache";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("read cache", () => {
  it("makes one load for concurrent callers of the same key (single-flight)", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await tick();
      return { rrsets: [1, 2] };
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get("zone-a", ["zone:a"], load)));
    expect(loads).toBe(1);
    expect(results.every((r) => r.rrsets.length === 2)).toBe(true);
  });

  it("reuses a value until a write to its scope invalidates it", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", ["zone:a"], load)).toBe(1);
    expect(await cache.get("k", ["zone:a"], load)).toBe(1);
    cache.invalidate("zone:b");
    expect(await cache.get("k", ["zone:a"], load)).toBe(1);
    cache.invalidate("zone:a");
    expect(await cache.get("k", ["zone:a"], load)).toBe(2);
  });

  it("serves an identity read what writes of other objects of its type dropped, and reads again after a write of its own object", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const www = { type: "DnsRecordSet", identity: '["a","www","A"]' };
    const mail = { type: "DnsRecordSet", identity: '["a","mail","A"]' };
    expect(await cache.get("k", ["zone:a"], load)).toBe(1);
    cache.invalidate("zone:a", [www]);
    // A plain read sees the write; the read looking for `mail` may use what was read before it.
    expect(await cache.get("k", ["zone:a"], load, mail)).toBe(1);
    expect(await cache.get("k", ["zone:a"], load, www)).toBe(2);
    cache.invalidate("zone:a", [mail]);
    expect(await cache.get("k", ["zone:a"], load)).toBe(3);
  });

  it("reads again for an identity read after a write of another type, or one that names no object", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const www = { type: "DnsRecordSet", identity: '["a","www","A"]' };
    await cache.get("k", ["zone:a"], load);
    cache.invalidate("zone:a", [{ type: "DnsZone", identity: '["a"]' }]);
    expect(await cache.get("k", ["zone:a"], load, www)).toBe(2);
    cache.invalidate("zone:a", [{ type: "DnsRecordSet", identity: '["a","mx","MX"]' }]);
    cache.invalidate("zone:a");
    expect(await cache.get("k", ["zone:a"], load, www)).toBe(3);
  });

  it("keeps nothing for identity reads with a zero time to live", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("k", ["zone:a"], load);
    cache.invalidate("zone:a", [{ type: "DnsRecordSet", identity: '["a","www","A"]' }]);
    expect(await cache.get("k", ["zone:a"], load, { type: "DnsRecordSet", identity: '["a","mail","A"]' })).toBe(2);
  });

  it("hands every caller the same value, not a copy each", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await tick();
      return { rrsets: Array.from({ length: 1000 }, (_, i) => ({ name: `h${i}`, records: [{ ip: "192.0.2.1" }] })) };
    };
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => cache.get("zone", ["zone:a"], load)));
    const later = await Promise.all(Array.from({ length: 50 }, () => cache.get("zone", ["zone:a"], load)));
    const all = [...concurrent, ...later];
    expect(loads).toBe(1);
    expect(new Set(all).size).toBe(1);
    expect(new Set(all.map((z) => z.rrsets[999])).size).toBe(1);
  });

  it("freezes what it hands out deeply, so one caller's change cannot reach another", async () => {
    const cache = new ReadCache(60_000);
    const zone = await cache.get("k", [], async () => ({ list: [1], nested: { rrsets: [{ records: [{ ip: "192.0.2.1" }] }] } }));
    expect(() => zone.list.push(2)).toThrow(TypeError);
    expect(() => {
      zone.nested.rrsets[0]!.records[0]!.ip = "198.51.100.9";
    }).toThrow(TypeError);
    expect(await cache.get("k", [], async () => ({ list: [9], nested: { rrsets: [] } }))).toEqual({
      list: [1],
      nested: { rrsets: [{ records: [{ ip: "192.0.2.1" }] }] },
    });
  });

  it("leaves objects that are not plain data unfrozen", () => {
    const bytes = new Uint8Array([1, 2]);
    const when = new Date(0);
    const value = deepFreeze({ bytes, when, list: [{ a: 1 }] });
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(bytes)).toBe(false);
    expect(Object.isFrozen(when)).toBe(false);
  });

  it("does not keep failures", async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get("k", [], async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("k", [], async () => "ok")).toBe("ok");
  });

  it("with a zero time to live, shares nothing, not even a load in flight, and keeps nothing", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await tick();
      return { loads };
    };
    const both = await Promise.all([cache.get("k", [], load), cache.get("k", [], load)]);
    expect(loads).toBe(2);
    expect(Object.isFrozen(both[0])).toBe(true);
    await cache.get("k", [], load);
    expect(loads).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("expires entries after their time to live", async () => {
    const cache = new ReadCache(10);
    let loads = 0;
    await cache.get("k", [], async () => ++loads);
    await new Promise((r) => setTimeout(r, 25));
    await cache.get("k", [], async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe("per-scope write queue", () => {
  it("runs tasks of one scope one at a time, in arrival order", async () => {
    const queue = new ScopeQueue();
    const events: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (n: number) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      events.push(`start ${n}`);
      await tick();
      events.push(`end ${n}`);
      running -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3].map((n) => queue.run("zone:a", task(n))));
    expect(results).toEqual([1, 2, 3]);
    expect(maxRunning).toBe(1);
    expect(events).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
    expect(queue.busy).toBe(0);
  });

  it("lets tasks of different scopes run at the same time", async () => {
    const queue = new ScopeQueue();
    let running = 0;
    let maxRunning = 0;
    const task = async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await tick();
      running -= 1;
    };
    await Promise.all([queue.run("zone:a", task), queue.run("zone:b", task)]);
    expect(maxRunning).toBe(2);
  });

  it("keeps running the tasks queued behind one that failed", async () => {
    const queue = new ScopeQueue();
    const failed = queue.run("zone:a", async () => {
      throw new Error("write refused");
    });
    const next = queue.run("zone:a", async () => "written");
    await expect(failed).rejects.toThrow("write refused");
    await expect(next).resolves.toBe("written");
  });
});

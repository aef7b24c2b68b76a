/** Delete scheduling and the step executor's bounds, as the engine double applies them. */
import { describe, expect, it } from "vitest";

import { Semaphore, Serial } from "../../packages/testing/src/concurrency";
import { deletionAntichains, type DependencyNode } from "../../packages/testing/src/state";

function node(urn: string, dependencies: string[] = [], extra: Partial<DependencyNode> = {}): DependencyNode {
  return { urn, dependencies, propertyDependencies: {}, ...extra };
}

const urns = (groups: DependencyNode[][]): string[][] => groups.map((group) => group.map((each) => each.urn).sort());

describe("deletionAntichains", () => {
  it("deletes dependents before what they depend on, and unrelated resources together", () => {
    const groups = deletionAntichains([
      node("zone"),
      node("record", ["zone"]),
      node("label", [], { propertyDependencies: { v: ["record"] } }),
      node("key"),
    ]);
    expect(urns(groups)).toEqual([["label"], ["record"], ["key", "zone"]]);
  });

  it("follows parents and deletedWith as dependencies", () => {
    const groups = deletionAntichains([node("group"), node("child", [], { parent: "group" }), node("inner", [], { deletedWith: "child" })]);
    expect(urns(groups)).toEqual([["inner"], ["child"], ["group"]]);
  });

  it("orders an old object pending deletion after the dependents that name its URN", () => {
    const old = node("zone");
    const groups = deletionAntichains([node("record", ["zone"]), old]);
    expect(groups).toEqual([[expect.objectContaining({ urn: "record" })], [old]]);
  });

  it("deletes the rest together when a hand-edited state has a cycle", () => {
    expect(urns(deletionAntichains([node("a", ["b"]), node("b", ["a"])]))).toEqual([["a", "b"]]);
  });
});

describe("Semaphore", () => {
  it("runs at most its limit at once, and hands a freed slot to the first waiter", async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        semaphore.run(async () => {
          active += 1;
          most = Math.max(most, active);
          order.push(index);
          await new Promise((resolve) => setTimeout(resolve, 5));
          active -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses a limit below one", () => {
    expect(() => new Semaphore(0)).toThrow(/positive integer/);
  });
});

describe("Serial", () => {
  it("runs one task at a time in queue order, past a failing one", async () => {
    const serial = new Serial();
    const events: string[] = [];
    const task = (name: string, fail = false) =>
      serial.run(async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
      });
    const results = await Promise.allSettled([task("a"), task("b", true), task("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });
});

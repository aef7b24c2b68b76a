/**
 * The in-process engine double holds a provider to what the dynamic-provider host and the engine
 * hold it to; each provider below is written for the test, with one answer the host or the engine
 * treats specially.
 */
import { describe, expect, it } from "vitest";

import type * as pulumi from "@pulumi/pulumi";

import { InProcessEngine } from "../../packages/testing/src/in-process";

type Props = Record<string, unknown>;

function engineFor(overrides: Partial<pulumi.dynamic.ResourceProvider>): InProcessEngine {
  const provider: pulumi.dynamic.ResourceProvider = {
    check: async (_olds: Props, news: Props) => ({ inputs: { ...news, checked: true } }),
    diff: async () => ({ changes: false }),
    create: async (inputs: Props) => ({ id: "obj-1", outs: { ...inputs, created: true } }),
    read: async (id: string, props?: Props) => ({ id, props: props ?? {} }),
    ...overrides,
  };
  return new InProcessEngine(provider, "Widget");
}

describe("the in-process engine double", () => {
  it("passes the config to configure as the stack config's namespaced keys", async () => {
    const seen: (string | undefined)[] = [];
    const engine = engineFor({ configure: async ({ config }) => void seen.push(config.get("reseller:apiUrl"), config.get("apiUrl")) });
    await engine.configure({ "reseller:apiUrl": "http://127.0.0.1:1" });
    expect(seen).toEqual(["http://127.0.0.1:1", undefined]);
  });

  it("keeps __provider on checked inputs, hands it to create, and leaves it out of the outputs it returns", async () => {
    let given: Props = {};
    const engine = engineFor({ create: async (inputs) => ((given = inputs), { id: "obj-1", outs: { name: inputs.name } }) });
    const inputs = await engine.check({ name: "a" });
    expect(inputs).toEqual({ name: "a", checked: true, __provider: engine.serialized });
    const { outs } = await engine.create(inputs);
    expect(given.__provider).toBe(engine.serialized);
    expect(outs).toEqual({ name: "a" });
  });

  it("fails a check that returns failures, and gives them to checkFailures", async () => {
    const engine = engineFor({ check: async () => ({ failures: [{ property: "name", reason: "is required" }] }) });
    await expect(engine.check({})).rejects.toThrow("check failed: name: is required");
    expect(await engine.checkFailures({})).toEqual([{ property: "name", reason: "is required" }]);
    await expect(engineFor({}).checkFailures({ name: "a" })).rejects.toThrow("check passed where it should fail");
  });

  it("refuses a diff without a boolean changes, which the engine would settle by comparing inputs", async () => {
    const engine = engineFor({ diff: async () => ({ replaces: [] }) });
    await expect(engine.diff("obj-1", { name: "a" }, { name: "b" })).rejects.toThrow(/DIFF_UNKNOWN/);
  });

  it("fails a create that answers no id", async () => {
    const engine = engineFor({ create: async () => ({ id: "", outs: {} }) });
    await expect(engine.create(await engine.check({ name: "a" }))).rejects.toThrow("provider did not return an ID from Create");
  });

  it("passes a provider's own error through with its id and properties", async () => {
    const failure = Object.assign(new Error("half done"), { id: "obj-2", properties: { name: "a" } });
    const engine = engineFor({ create: async () => Promise.reject(failure) });
    await expect(engine.create(await engine.check({ name: "a" }))).rejects.toBe(failure);
  });
});

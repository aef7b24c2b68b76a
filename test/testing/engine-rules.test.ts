/**
 * The engine's rules the engine double follows beyond plain create/update/delete (resource
 * options, partial failures, delete-before-replace of dependents, reads of missing ids,
 * parallelism, secrets and warnings in results), against the real dynamic-provider host and the
 * fixture provider of `fixture.ts`. `engine-differential.test.ts` runs the same kinds of
 * scenario through the real Pulumi CLI.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { DeploymentError, SECRET, type TestStack } from "../../packages/testing/src";
import { STEP_TIMEOUT } from "../helpers/time";
import { callsSince, createProgramDirectory, openStack, type ProgramDirectory, type StoreData } from "./fixture";

// Every test and most hooks start dynamic-provider host processes: the limits of tests that start processes.
vi.setConfig({ testTimeout: STEP_TIMEOUT, hookTimeout: STEP_TIMEOUT });

let fixture: ProgramDirectory;
const stacks: TestStack[] = [];

beforeAll(() => {
  fixture = createProgramDirectory();
});

afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.close()));
  fixture.remove();
});

async function open(options: { parallel?: number } = {}): Promise<{ stack: TestStack; store: () => StoreData; storeFile: string }> {
  const opened = await openStack(fixture, () => undefined, options);
  stacks.push(opened.stack);
  return opened;
}

async function failure(operation: Promise<unknown>): Promise<DeploymentError> {
  const error = await operation.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeploymentError);
  return error as DeploymentError;
}

function deleted(calls: StoreData["calls"]): (string | undefined)[] {
  return calls.filter((call) => call.method === "delete").map((call) => call.id);
}

const nameOf = (urn: string): string | undefined => urn.split("::").pop();

describe("protect", () => {
  it("fails a destroy on a protected resource without deleting it or what it depends on, and deletes the rest", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => {
      const base = new fixture.Item("base", { key: "base", value: "1" });
      new fixture.Item("guarded", { key: "g", value: "1", ref: base.generated }, { protect: true });
      new fixture.Item("loose", { key: "l", value: "1" });
    });
    await stack.up();
    const loose = stack.resource("loose").id;
    const before = store().calls.length;

    const error = await failure(stack.destroy());

    expect(error.failures.map((f) => nameOf(f.urn))).toEqual(["guarded"]);
    expect(error.failures[0]?.message).toMatch(/cannot be deleted because it is protected/);
    expect(deleted(callsSince(store(), before))).toEqual([loose]);
    expect(error.result.steps.map((step) => [step.name, step.op])).toEqual([["loose", "delete"]]);
    expect(stack.state.resources.map((r) => nameOf(r.urn)).sort()).toEqual(["base", "guarded"]);
    expect(Object.keys(store().objects).sort()).toEqual([stack.resource("base").id, stack.resource("guarded").id].sort());
  });

  it("refuses to replace a protected resource, and replaces it once the program unprotects it", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => new fixture.Item("db", { key: "one", value: "1" }, { protect: true }));
    await stack.up();
    const id = stack.resource("db").id;

    stack.setProgram(() => new fixture.Item("db", { key: "two", value: "1" }, { protect: true }));
    const refused = await failure(stack.up());
    expect(refused.failures[0]?.message).toMatch(/unable to replace resource .* marked for protection/);
    expect(store().objects[id]).toBeDefined();
    expect(stack.resource("db").id).toBe(id);
    // A preview shows the replacement it would refuse, and fails too.
    const previewed = await failure(stack.preview());
    expect(previewed.result.steps.map((step) => step.op)).toEqual(["replace"]);

    stack.setProgram(() => new fixture.Item("db", { key: "two", value: "1" }));
    const result = await stack.up();
    expect(result.steps.map((step) => step.op)).toEqual(["replace"]);
    expect(store().objects[id]).toBeUndefined();
  });
});

describe("ignoreChanges, retainOnDelete and deletedWith", () => {
  it("puts the old value of an ignored property back before Check, so changing it alone changes nothing", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => new fixture.Item("tuned", { key: "t", value: "1", ref: "a" }, { ignoreChanges: ["value"] }));
    await stack.up();

    stack.setProgram(() => new fixture.Item("tuned", { key: "t", value: "2", ref: "a" }, { ignoreChanges: ["value"] }));
    expect((await stack.up()).resourceChanges).toEqual({ same: 1 });

    stack.setProgram(() => new fixture.Item("tuned", { key: "t", value: "2", ref: "b" }, { ignoreChanges: ["value"] }));
    const result = await stack.up();
    expect(result.steps[0]).toMatchObject({ op: "update", changedProperties: ["ref"] });
    expect(store().objects[stack.resource("tuned").id]).toMatchObject({ value: "1", ref: "b" });
  });

  it("destroys without a Delete for retainOnDelete, and without one for a resource deleted with another", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => {
      const owner = new fixture.Item("owner", { key: "o", value: "1" });
      new fixture.Item("kept", { key: "k", value: "1" }, { retainOnDelete: true });
      new fixture.Item("inside", { key: "i", value: "1" }, { deletedWith: owner });
    });
    await stack.up();
    const ids = Object.fromEntries(["owner", "kept", "inside"].map((name) => [name, stack.resource(name).id]));
    const before = store().calls.length;

    const result = await stack.destroy();

    expect(result.resourceChanges).toEqual({ delete: 3 });
    expect(deleted(callsSince(store(), before))).toEqual([ids.owner]);
    expect(Object.keys(store().objects).sort()).toEqual([ids.inside, ids.kept].sort());
    expect(stack.state.resources).toEqual([]);
  });

  it("deletes a resource with deletedWith when the other one stays", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => {
      const owner = new fixture.Item("owner", { key: "o", value: "1" });
      new fixture.Item("inside", { key: "i", value: "1" }, { deletedWith: owner });
    });
    await stack.up();
    const inside = stack.resource("inside").id;
    stack.setProgram(() => {
      new fixture.Item("owner", { key: "o", value: "1" });
    });
    const before = store().calls.length;

    await stack.up();

    expect(deleted(callsSince(store(), before))).toEqual([inside]);
  });
});

describe("partial failures", () => {
  it("keeps the old inputs with the new outputs when an update fails partially, and updates again on the next up", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => new fixture.Item("svc", { key: "s", value: "1" }));
    await stack.up();

    stack.setProgram(() => new fixture.Item("svc", { key: "s", value: "2", failInit: true }));
    const error = await failure(stack.up());
    expect(error.failures[0]?.initFailure?.reasons).toEqual(["not ready yet"]);
    const view = stack.resource("svc");
    expect(view.inputs.value).toBe("1");
    expect(view.outputs.value).toBe("2");
    expect(view.initErrors).toEqual(["not ready yet"]);

    stack.setProgram(() => new fixture.Item("svc", { key: "s", value: "2" }));
    const retry = await stack.up();
    expect(retry.steps[0]).toMatchObject({ op: "update", changedProperties: ["value"] });
    expect(stack.resource("svc")).toMatchObject({ inputs: { value: "2" }, initErrors: [] });
    expect(Object.keys(store().objects)).toEqual([view.id]);
  });

  it("keeps the old object of a create-before-delete replacement whose create failed partially, and deletes it on the next up", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => new fixture.Item("site", { key: "first", value: "1" }));
    await stack.up();
    const oldId = stack.resource("site").id;

    stack.setProgram(() => new fixture.Item("site", { key: "second", value: "1", failInit: true }));
    const error = await failure(stack.up());
    const newId = error.failures[0]?.initFailure?.id;
    expect(stack.resource("site").id).toBe(newId);
    expect(stack.state.resources.filter((r) => r.pendingDelete).map((r) => r.id)).toEqual([oldId]);
    expect(Object.keys(store().objects).sort()).toEqual([oldId, newId].sort());

    stack.setProgram(() => new fixture.Item("site", { key: "second", value: "1" }));
    const before = store().calls.length;
    const retry = await stack.up();
    expect(retry.steps.map((step) => step.op)).toEqual(["update"]);
    expect(deleted(callsSince(store(), before))).toEqual([oldId]);
    expect(stack.state.resources.map((r) => r.id)).toEqual([newId]);
  });

  it("remembers a delete-before-replace whose create failed, and creates without deleting again on the next up", async () => {
    const { stack, store } = await open();
    stack.setProgram(() => new fixture.Item("name", { key: "first", value: "1", dbr: true }));
    await stack.up();
    const oldId = stack.resource("name").id;

    stack.setProgram(() => new fixture.Item("name", { key: "second", value: "1", dbr: true, failCreate: true }));
    await failure(stack.up());
    expect(store().objects[oldId]).toBeUndefined();
    expect(stack.state.resources).toMatchObject([{ id: oldId, pendingReplacement: true }]);

    stack.setProgram(() => new fixture.Item("name", { key: "second", value: "1", dbr: true }));
    const before = store().calls.length;
    const retry = await stack.up();
    expect(retry.steps[0]).toMatchObject({ op: "replace", deleteBeforeReplace: true });
    expect(callsSince(store(), before).map((call) => call.method)).not.toContain("delete");
    expect(stack.state.resources.map((r) => r.pendingReplacement)).toEqual([undefined]);
  });
});

describe("delete-before-replace with dependents", () => {
  it("deletes first the dependents the replacement would replace, then recreates them, and leaves other dependents alone", async () => {
    const { stack, store } = await open();
    const program = (key: string) => () => {
      const zone = new fixture.Item("zone", { key, value: "1", dbr: true });
      // Its key comes from the zone: replacing the zone replaces it.
      new fixture.Item("record", { key: zone.generated, value: "1" });
      // Only its value comes from the zone: an update.
      new fixture.Item("label", { key: "label", value: zone.generated });
    };
    stack.setProgram(program("z1"));
    await stack.up();
    const [zone, record, label] = ["zone", "record", "label"].map((name) => stack.resource(name).id);
    stack.setProgram(program("z2"));
    const before = store().calls.length;

    const result = await stack.up();

    const order = callsSince(store(), before)
      .filter((call) => call.method === "delete" || call.method === "create" || call.method === "update")
      .map((call) => `${call.method}:${call.id}`);
    expect(order.slice(0, 2)).toEqual([`delete:${record}`, `delete:${zone}`]);
    expect(order).toContain(`update:${label}`);
    expect(Object.fromEntries(result.steps.map((step) => [step.name, step.op]))).toEqual({
      zone: "replace",
      record: "replace",
      label: "update",
    });
    expect(result.steps.find((step) => step.name === "record")?.deleteBeforeReplace).toBe(true);
    expect(Object.keys(store().objects).sort()).toEqual(["zone", "record", "label"].map((name) => stack.resource(name).id).sort());
  });
});

describe("reads", () => {
  it("reads a missing id as the engine does: the read succeeds with no outputs, and a warning says so", async () => {
    const { stack } = await open();
    stack.setProgram(() => {
      const ghost = new fixture.Item("ghost", { key: "g", value: "1" }, { id: "no-such-id" });
      return { ghostId: ghost.id, ghostValue: ghost.generated };
    });

    const result = await stack.up();

    expect(result.steps.map((step) => [step.name, step.op])).toEqual([["ghost", "read"]]);
    expect(stack.resource("ghost")).toMatchObject({ id: "no-such-id", external: true, outputs: {} });
    expect(result.outputs).toEqual({ ghostId: "no-such-id" });
    expect(result.diagnostics.some((d) => d.severity === "warning" && /read of 'no-such-id' found nothing/.test(d.message))).toBe(true);
  });
});

describe("parallelism", () => {
  const slowProgram = () => {
    for (const name of ["a", "b", "c", "d", "e", "f"]) new fixture.Item(name, { key: name, value: "1", slowMs: 150 });
  };

  it("refreshes and deletes on at most `parallel` workers at once", async () => {
    const { stack, store } = await open({ parallel: 3 });
    stack.setProgram(slowProgram);
    await stack.up();

    await stack.refresh();
    await stack.destroy();

    expect(store().maxInFlight).toEqual({ read: 3, delete: 3 });
  });

  it("refreshes and deletes one at a time with parallel 1", async () => {
    const { stack, store } = await open({ parallel: 1 });
    stack.setProgram(slowProgram);
    await stack.up();

    await stack.refresh();
    await stack.destroy();

    expect(store().maxInFlight).toEqual({ read: 1, delete: 1 });
  });
});

describe("results", () => {
  it("marks outputs secret on a step that changes nothing once additionalSecretOutputs names them", async () => {
    const { stack } = await open();
    stack.setProgram(() => new fixture.Item("tok", { key: "t", value: "1" }));
    await stack.up();
    const token = stack.resource("tok").outputs.token;

    stack.setProgram(() => new fixture.Item("tok", { key: "t", value: "1" }, { additionalSecretOutputs: ["token"] }));
    const result = await stack.up();

    expect(result.steps[0]).toMatchObject({ op: "same", outputs: { token: SECRET }, secretOutputs: ["token"] });
    expect(stack.resource("tok").secretOutputs).toEqual(["token"]);
    expect(JSON.stringify(stack.state)).not.toContain(String(token));
  });

  it("reports a provider's warning line with severity warning", async () => {
    const { stack } = await open();
    stack.setProgram(() => new fixture.Item("noisy", { key: "n", value: "warn" }));

    const result = await stack.up();

    const warning = result.diagnostics.find((d) => d.message === "the value is 'warn'");
    expect(warning).toMatchObject({ severity: "warning", source: "host-stderr" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

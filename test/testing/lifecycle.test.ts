/**
 * The engine double's lifecycle operations (up, preview, refresh, destroy, read, import) against
 * the real dynamic-provider host of `@pulumi/pulumi`, with the JSON-file fixture provider of
 * `fixture.ts`. Each describe block shares one stack (one host process), as a user's suite would.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { DeploymentError, UNKNOWN, type TestStack } from "../../packages/testing/src";
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

function methods(calls: { method: string }[]): string[] {
  return calls.map((call) => call.method).filter((method) => method !== "configure");
}

function nameOfUrn(urn: string): string | undefined {
  return urn.split("::").pop();
}

// Sequential on purpose: each step continues from the state the previous one left (created,
// unchanged, drifted, put back, extended, shrunk), the path a user's stack takes; setting the
// stack up again for each step would start a host process and run the earlier steps each time.
describe.sequential("up, preview and refresh", () => {
  let stack: TestStack;
  let store: () => StoreData;
  let storeFile: string;

  beforeAll(async () => {
    ({ stack, store, storeFile } = await openStack(fixture, () => {
      const parent = new fixture.Item("parent", { key: "p", value: "one" });
      const child = new fixture.Item("child", { key: "c", value: "two", ref: parent.generated });
      return { childRef: child.generated, parentId: parent.id };
    }));
    stacks.push(stack);
  });

  it("creates every resource on the first up and passes outputs to dependent resources", async () => {
    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ create: 2 });
    expect(stack.resource("child").inputs.ref).toBe("p:one");
    expect(stack.resource("child").dependencies).toEqual([stack.resource("parent").urn]);
    expect(Object.keys(store().objects).sort()).toEqual([stack.resource("child").id, stack.resource("parent").id].sort());
    expect(result.outputs).toEqual({ childRef: "c:two", parentId: stack.resource("parent").id });
    expect(stack.resource("parent").urn).toBe("urn:pulumi:dev::fixtureproj::pulumi-nodejs:dynamic/fixture:Item::parent");
  });

  it("changes nothing on a second up", async () => {
    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ same: 2 });
    expect(methods(result.providerCalls)).toEqual(["check", "diff", "check", "diff"]);
  });

  it("refresh reports an out-of-band change and preview then shows the update with its property names", async () => {
    const data = store();
    const parentId = stack.resource("parent").id;
    (data.objects[parentId] as Record<string, unknown>).value = "changed-outside";
    fixture.writeStore(storeFile, data);

    const refreshed = await stack.refresh();
    expect(refreshed.steps.find((step) => step.name === "parent")).toMatchObject({ op: "update", changedProperties: ["value"] });
    expect(refreshed.steps.find((step) => step.name === "child")?.op).toBe("same");
    expect(stack.resource("parent").inputs.value).toBe("changed-outside");

    const before = store().calls.length;
    const preview = await stack.preview();
    expect(preview.steps.find((step) => step.name === "parent")).toMatchObject({ op: "update", changedProperties: ["value"] });
    // The host does not support previews, so the engine hands back the new inputs as the parent's
    // state: `generated` is unknown, and the child that reads it shows as an update as well.
    expect(preview.steps.find((step) => step.name === "child")).toMatchObject({ op: "update", changedProperties: ["ref"] });
    expect(preview.steps.find((step) => step.name === "child")?.outputs?.ref).toBe(UNKNOWN);
    expect(preview.resourceChanges).toEqual({ update: 2 });
    expect(methods(callsSince(store(), before))).toEqual(["check", "diff", "check", "diff"]);
    expect(stack.resource("parent").inputs.value).toBe("changed-outside");
  });

  it("up puts back the value the program declares, after which a refreshing preview finds no drift", async () => {
    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ update: 1, same: 1 });
    expect(store().objects[stack.resource("parent").id]?.value).toBe("one");
    expect((await stack.preview({ refresh: true })).resourceChanges).toEqual({ same: 2 });
  });

  it("preview sends values not known yet as the unknown sentinel and writes nothing", async () => {
    stack.setProgram(() => {
      const parent = new fixture.Item("parent", { key: "p", value: "one" });
      new fixture.Item("child", { key: "c", value: "two", ref: parent.generated });
      const fresh = new fixture.Item("fresh", { key: "f", value: "new" });
      new fixture.Item("dependent", { key: "d", value: "x", ref: fresh.generated });
    });
    const before = store().calls.length;

    const result = await stack.preview();

    expect(result.resourceChanges).toEqual({ same: 2, create: 2 });
    const calls = callsSince(store(), before);
    expect(calls.find((call) => call.method === "check" && call.name === "d")?.ref).toBe(UNKNOWN);
    expect(methods(calls)).not.toContain("create");
    expect(result.steps.find((step) => step.name === "dependent")?.outputs?.ref).toBe(UNKNOWN);
    expect(result.steps.find((step) => step.name === "fresh")?.outputs?.value).toBe("new");
    expect(stack.state.resources).toHaveLength(2);
  });

  it("up deletes the resources the program no longer declares, dependents first", async () => {
    stack.setProgram(() => {
      new fixture.Item("keep", { key: "k", value: "v" });
    });
    const [parentId, childId] = [stack.resource("parent").id, stack.resource("child").id];

    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ create: 1, delete: 2 });
    expect(result.providerCalls.filter((call) => call.method === "delete").map((call) => call.id)).toEqual([childId, parentId]);
    expect(stack.state.resources.map((resource) => nameOfUrn(resource.urn))).toEqual(["keep"]);
    expect(result.outputs).toEqual({});
  });
});

describe("replacement", () => {
  let stack: TestStack;
  let store: () => StoreData;

  beforeAll(async () => {
    ({ stack, store } = await openStack(fixture, () => undefined));
    stacks.push(stack);
  });

  it.each([
    {
      dbr: true,
      order: ["delete", "create"],
      title: "deletes the old object before creating the new one when the provider asks for deleteBeforeReplace",
    },
    { dbr: false, order: ["create", "delete"], title: "creates the new object before deleting the old one otherwise" },
  ])("$title", async ({ dbr, order }) => {
    const name = `item-${dbr}`;
    stack.setProgram(() => new fixture.Item(name, { key: "first", value: "v", dbr }));
    await stack.up();
    const oldId = stack.resource(name).id;
    stack.setProgram(() => new fixture.Item(name, { key: "second", value: "v", dbr }));
    const before = store().calls.length;

    const result = await stack.up();

    expect(result.steps).toMatchObject([{ op: "replace", replaceProperties: ["key"], deleteBeforeReplace: dbr }]);
    const calls = callsSince(store(), before).filter((call) => call.method === "create" || call.method === "delete");
    expect(calls.map((call) => call.method)).toEqual(order);
    expect(calls.find((call) => call.method === "delete")?.id).toBe(oldId);
    expect(Object.keys(store().objects)).toEqual([stack.resource(name).id]);
  });

  it("lets the deleteBeforeReplace resource option override the provider's answer", async () => {
    stack.setProgram(() => new fixture.Item("optioned", { key: "first", value: "v" }));
    await stack.up();
    stack.setProgram(() => new fixture.Item("optioned", { key: "second", value: "v" }, { deleteBeforeReplace: true }));
    const before = store().calls.length;

    const result = await stack.up();

    expect(result.steps).toMatchObject([{ op: "replace", deleteBeforeReplace: true }]);
    const order = methods(callsSince(store(), before)).filter((method) => method === "create" || method === "delete");
    expect(order).toEqual(["delete", "create"]);
  });
});

// Sequential on purpose: after the destroy, `stays` is created by the empty-id test and the
// component test adds `nested`, which the failed import test then expects to find untouched.
describe.sequential("destroy, read and import", () => {
  let stack: TestStack;
  let store: () => StoreData;
  let storeFile: string;

  beforeAll(async () => {
    ({ stack, store, storeFile } = await openStack(fixture, () => undefined));
    stacks.push(stack);
  });

  it("destroy deletes in reverse dependency order, dependsOn included", async () => {
    stack.setProgram(() => {
      const a = new fixture.Item("a", { key: "a", value: "1" });
      const b = new fixture.Item("b", { key: "b", value: "2", ref: a.generated });
      new fixture.Item("c", { key: "c", value: "3" }, { dependsOn: [b] });
    });
    await stack.up();
    const ids = ["c", "b", "a"].map((name) => stack.resource(name).id);
    const before = store().calls.length;

    const result = await stack.destroy();

    expect(result.resourceChanges).toEqual({ delete: 3 });
    expect(callsSince(store(), before).map((call) => call.id)).toEqual(ids);
    expect(stack.state.resources).toEqual([]);
    expect(store().objects).toEqual({});
  });

  it("reads a resource declared with an id instead of creating it, and destroy leaves the object alone", async () => {
    const data = store();
    data.objects["outside-1"] = {
      key: "x",
      value: "from-outside",
      ref: null,
      secretText: null,
      dbr: false,
      generated: "x:from-outside",
      token: "t",
    };
    fixture.writeStore(storeFile, data);
    stack.setProgram(() => {
      const existing = new fixture.Item("existing", { key: "x", value: "ignored" }, { id: "outside-1" });
      return { value: existing.generated };
    });

    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ read: 1 });
    expect(methods(result.providerCalls)).toEqual(["read"]);
    expect(result.outputs).toEqual({ value: "x:from-outside" });
    expect(stack.resource("existing")).toMatchObject({ id: "outside-1", external: true });

    const destroyed = await stack.destroy();
    expect(destroyed.resourceChanges).toEqual({ discard: 1 });
    expect(methods(destroyed.providerCalls)).toEqual([]);
    expect(store().objects["outside-1"]).toBeDefined();
  });

  it("drops a resource from the state when read returns an empty id", async () => {
    stack.setProgram(() => {
      new fixture.Item("gone", { key: "g", value: "1" });
      new fixture.Item("stays", { key: "s", value: "1" });
    });
    await stack.up();
    const data = store();
    delete data.objects[stack.resource("gone").id];
    fixture.writeStore(storeFile, data);

    const result = await stack.refresh();

    expect(result.steps.map((step) => [step.name, step.op])).toEqual([
      ["gone", "delete"],
      ["stays", "same"],
    ]);
    // A gone object is only read; one still there is read, then diffed to decide drift.
    expect(methods(result.providerCalls)).toEqual(["read", "read", "diff"]);
    expect(stack.state.resources.map((resource) => nameOfUrn(resource.urn))).toEqual(["stays"]);
  });

  it("answers non-dynamic resources with mocks, keeps them out of the state, and nests URNs under component parents", async () => {
    class Group extends pulumi.ComponentResource {
      constructor(name: string) {
        super("test:index:Group", name, {});
      }
    }
    class Other extends pulumi.CustomResource {
      constructor(name: string) {
        super("test:index:Other", name, { size: 1 });
      }
    }
    stack.setProgram(() => {
      new fixture.Item("stays", { key: "s", value: "1" });
      const group = new Group("group");
      const other = new Other("other");
      new fixture.Item("nested", { key: "n", value: other.id }, { parent: group });
    });

    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ same: 1, create: 1 });
    const nested = stack.resource("nested");
    expect(nested.urn).toBe("urn:pulumi:dev::fixtureproj::test:index:Group$pulumi-nodejs:dynamic/fixture:Item::nested");
    expect(nested.inputs.value).toBe("other_id");
    expect(stack.state.resources.map((resource) => nameOfUrn(resource.urn))).toEqual(["stays", "nested"]);
  });

  it("fails the import option the way the engine does, since the host gets no __provider to read with", async () => {
    stack.setProgram(() => {
      new fixture.Item("stays", { key: "s", value: "1" });
      new fixture.Item("imported", { key: "x", value: "v" }, { import: "outside-1" });
    });
    const before = store().calls.length;

    const error = await stack.up().catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(DeploymentError);
    const failures = (error as DeploymentError).failures;
    expect(failures.map((failure) => failure.urn)).toEqual(["urn:pulumi:dev::fixtureproj::pulumi-nodejs:dynamic/fixture:Item::imported"]);
    expect(failures[0]?.message).toMatch(/code must be a string/);
    expect(methods(callsSince(store(), before))).not.toContain("create");
    // After a failed step no delete starts: `nested`, gone from the program, is still there.
    expect(stack.state.resources.map((resource) => nameOfUrn(resource.urn))).toEqual(["stays", "nested"]);
  });
});

describe("provider processes", () => {
  const pidsOf = (data: StoreData) => new Set(data.calls.filter((c) => c.method === "configure").map((c) => c.pid));

  it("starts a new provider process for each operation, as the CLI does", async () => {
    const { stack, store } = await openStack(fixture, () => {
      new fixture.Item("one", { key: "p", value: "1" });
    });
    stacks.push(stack);
    await stack.up();
    await stack.preview();
    await stack.refresh();
    expect(pidsOf(store()).size).toBe(3);
  });

  it("keeps one provider process for the stack when asked to", async () => {
    const { stack, store } = await openStack(
      fixture,
      () => {
        new fixture.Item("one", { key: "q", value: "1" });
      },
      { hostPerOperation: false },
    );
    stacks.push(stack);
    await stack.up();
    await stack.preview();
    await stack.refresh();
    expect(pidsOf(store()).size).toBe(1);
  });
});

describe("refresh and output-only changes", () => {
  it("leaves drift to the provider's diff, so a change to an output the inputs do not hold is not drift", async () => {
    const { stack, store, storeFile } = await openStack(fixture, () => {
      new fixture.Item("lean", { key: "u", value: "1" });
    });
    stacks.push(stack);
    await stack.up();
    // `token` is an output only: the provider's diff never compares it, so the engine (since
    // pulumi/pulumi#16146) reports no drift, though the refreshed outputs differ.
    const data = store();
    const id = stack.resource("lean").id;
    data.objects[id] = { ...data.objects[id], token: "rotated-elsewhere" };
    fixture.writeStore(storeFile, data);
    const refreshed = await stack.refresh();
    expect(refreshed.steps.map((s) => [s.name, s.op])).toEqual([["lean", "same"]]);
    expect(stack.resource("lean").outputs.token).toBe("rotated-elsewhere");
  });
});

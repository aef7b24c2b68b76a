/**
 * Config, secrets, state files and failures in the engine double, against the real
 * dynamic-provider host of `@pulumi/pulumi` and the fixture provider of `fixture.ts`.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestStack, DeploymentError, loadState, SECRET, type TestStack } from "../../packages/testing/src";
import { STEP_TIMEOUT } from "../helpers/time";
import { callsSince, createProgramDirectory, openStack, type ProgramDirectory, type StoreData } from "./fixture";

// Every test and most hooks start dynamic-provider host processes: the limits of tests that start processes.
vi.setConfig({ testTimeout: STEP_TIMEOUT, hookTimeout: STEP_TIMEOUT });

const API_KEY = "sk-live-0123456789";

let fixture: ProgramDirectory;
let stack: TestStack;
let store: () => StoreData;
let storeFile: string;
const extraStacks: TestStack[] = [];

beforeAll(async () => {
  fixture = createProgramDirectory();
  ({ stack, store, storeFile } = await openStack(fixture, () => undefined, {
    config: { "fixture:apiKey": { secret: API_KEY }, region: "eu-west" },
    secretsPassphrase: "correct horse",
  }));
});

afterAll(async () => {
  await Promise.all([stack, ...extraStacks].map((each) => each.close()));
  fixture.remove();
});

describe("config", () => {
  it("configures the provider with the whole stack config under namespaced keys and keeps secret config out of the state", async () => {
    stack.setProgram(() => {
      new fixture.Item("configured", { key: "a", value: "1" });
    });

    const result = await stack.up();

    // `region` has no namespace: the stack stores it as `fixtureproj:region`, and the host's
    // Config.get("region") prefixes the project name again.
    expect(store().configSeen).toEqual({ apiKey: API_KEY, region: "eu-west" });
    expect(result.providerCalls[0]).toEqual({ method: "configure" });
    const file = path.join(fixture.dir, "config-state.json");
    await stack.saveState(file);
    expect(readFileSync(file, "utf8")).not.toContain(API_KEY);
  });
});

describe("config changes", () => {
  it("restarts the host on setConfig so the provider is configured with the new values", async () => {
    await stack.setConfig({
      "fixture:storeFile": storeFile,
      "fixture:apiKey": { secret: API_KEY },
      region: "ap-south",
    });

    await stack.up();

    expect(store().configSeen).toEqual({ apiKey: API_KEY, region: "ap-south" });
  });
});

describe("secrets", () => {
  it("keeps a secret input secret in the outputs, the stack outputs and the state", async () => {
    stack.setProgram(() => {
      const item = new fixture.Item("secretive", { key: "s", value: "1", secretText: pulumi.secret("hunter2") });
      return { text: item.secretText, plain: item.generated };
    });

    const result = await stack.up();

    const view = stack.resource("secretive");
    expect(view.secretInputs).toEqual(["secretText"]);
    expect(view.secretOutputs).toEqual(["secretText"]);
    expect(view.outputs.secretText).toBe("hunter2");
    expect(result.secretOutputs).toEqual(["text"]);
    // Results show secrets masked, as the CLI prints them; the stack outputs hold the value.
    expect(result.outputs).toEqual({ text: SECRET, plain: "s:1" });
    expect(result.steps.find((step) => step.name === "secretive")).toMatchObject({
      outputs: { secretText: SECRET, generated: "s:1" },
      secretOutputs: ["secretText"],
    });
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(stack.stackOutputs()).toEqual({ text: "hunter2", plain: "s:1" });
    expect(JSON.stringify(stack.state)).not.toContain("hunter2");
  });

  it("marks outputs listed in additionalSecretOutputs secret, and only those", async () => {
    stack.setProgram(() => {
      const secretToken = new fixture.Item("with", { key: "w", value: "1" }, { additionalSecretOutputs: ["token"] });
      const plainToken = new fixture.Item("without", { key: "o", value: "1" });
      return { secretToken: secretToken.token, plainToken: plainToken.token };
    });

    const result = await stack.up();

    expect(stack.resource("with").secretOutputs).toEqual(["token"]);
    expect(stack.resource("without").secretOutputs).toEqual([]);
    expect(result.secretOutputs).toEqual(["secretToken"]);
    const text = JSON.stringify(stack.state);
    expect(text).not.toContain(`tok-${stack.resource("with").id}`);
    expect(text).toContain(`tok-${stack.resource("without").id}`);
  });
});

describe("state files", () => {
  it("saves and loads the state, and a stack started from it changes nothing", async () => {
    const program = () => {
      const a = new fixture.Item("a", { key: "a", value: "1", secretText: pulumi.secret("hunter2") });
      new fixture.Item("b", { key: "b", value: "2", ref: a.generated });
    };
    stack.setProgram(program);
    await stack.up();
    const file = path.join(fixture.dir, "saved-state.json");
    await stack.saveState(file);

    const loaded = await loadState(file);

    expect(loaded).toEqual(stack.state);
    expect(readFileSync(file, "utf8")).not.toContain("hunter2");
    const options = {
      program,
      workDir: fixture.dir,
      state: loaded,
      config: { "fixture:storeFile": storeFile, "fixture:apiKey": { secret: API_KEY }, region: "eu-west" },
    };
    await expect(createTestStack({ ...options, secretsPassphrase: "wrong" })).rejects.toThrow(/passphrase/);
    const again = await createTestStack({ ...options, secretsPassphrase: "correct horse" });
    extraStacks.push(again);
    expect((await again.up()).resourceChanges).toEqual({ same: 2 });
    expect(again.resource("a").outputs.secretText).toBe("hunter2");
  });
});

describe("failures", () => {
  it("keeps an object whose create failed with an id in the state, and the next up updates it", async () => {
    stack.setProgram(() => new fixture.Item("slow", { key: "slow", value: "1", failInit: true }));

    const error = await stack.up().catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(DeploymentError);
    const failure = (error as DeploymentError).failures[0];
    expect(failure?.message).toBe("the object was created but is not ready");
    expect(failure?.initFailure?.reasons).toEqual(["not ready yet"]);
    const view = stack.resource("slow");
    expect(view.id).toBe(failure?.initFailure?.id);
    expect(view.initErrors).toEqual(["not ready yet"]);
    expect(store().objects[view.id]).toBeDefined();

    stack.setProgram(() => new fixture.Item("slow", { key: "slow", value: "1" }));
    const retry = await stack.up();
    expect(retry.steps.find((step) => step.name === "slow")?.op).toBe("update");
    expect(stack.resource("slow").initErrors).toEqual([]);
  });

  it("reports check failures per property and calls no create", async () => {
    stack.setProgram(() => new fixture.Item("bad", { key: "bad", value: "invalid" }));
    const before = store().calls.length;

    const error = (await stack.up().catch((thrown: unknown) => thrown)) as DeploymentError;

    expect(error.failures[0]?.checkFailures).toEqual([{ property: "value", reason: "value must not be 'invalid'" }]);
    expect(callsSince(store(), before).map((call) => call.method)).not.toContain("create");
    expect(stack.state.resources.some((resource) => resource.urn.endsWith("::bad"))).toBe(false);
  });
});

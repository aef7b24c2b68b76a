/**
 * The `engine` option of `createTestStack`: which engine a stack gets, what the CLI engine
 * refuses, and what its results look like (the differential tests compare it step by step with
 * the engine double).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestStack, SECRET, type TestStack } from "../../packages/testing/src";
import { pulumiCli } from "./differential";
import { createProgramDirectory, type ProgramDirectory } from "./fixture";

/** `connectivityState.SHUTDOWN` of `@grpc/grpc-js`: the state of a closed channel. */
const GRPC_SHUTDOWN = 4;

let fixture: ProgramDirectory;
const stacks: TestStack[] = [];

beforeAll(() => {
  fixture = createProgramDirectory();
});

afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.close()));
  fixture.remove();
});

function options(extra: Record<string, unknown> = {}) {
  return { program: () => undefined, workDir: fixture.dir, config: { "fixture:storeFile": fixture.newStoreFile() }, ...extra };
}

describe("choosing the engine", () => {
  it("uses the engine double by default", async () => {
    const stack = await createTestStack(options());
    stacks.push(stack);
    expect(stack.engine).toBe("double");
  });

  it("refuses options only the double honours with the CLI engine", async () => {
    await expect(createTestStack(options({ engine: "cli", mocks: {}, hostPerOperation: false }))).rejects.toThrow(
      'engine "cli" cannot honour mocks, hostPerOperation: only the engine double can',
    );
  });

  it("falls back to the double on auto when an option needs it", async () => {
    const stack = await createTestStack(options({ engine: "auto", mocks: {} }));
    stacks.push(stack);
    expect(stack.engine).toBe("double");
  });

  it("names the directory that holds no CLI", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-pulumi-"));
    try {
      await expect(createTestStack(options({ engine: "cli", pulumiCli: empty }))).rejects.toThrow(
        `${empty} holds no working pulumi executable`,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!pulumiCli)("the CLI engine", () => {
  it("runs the program through the real CLI with results shaped as the double's, and removes its workspace on close", async () => {
    const stack = await createTestStack(
      options({
        engine: "auto",
        pulumiCli: pulumiCli?.dir,
        program: () => {
          const item = new fixture.Item("noisy", { key: "n", value: "warn" }, { additionalSecretOutputs: ["token"] });
          return { token: item.token, generated: item.generated };
        },
      }),
    );
    expect(stack.engine).toBe("cli");
    const workspaces = path.join(fixture.dir, ".pulumi-testing");
    expect(readdirSync(workspaces)).toHaveLength(1);

    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ create: 1 });
    expect(result.steps[0]).toMatchObject({
      op: "create",
      name: "noisy",
      outputs: { token: SECRET, generated: "n:warn" },
      secretOutputs: ["token"],
    });
    expect(result.outputs).toEqual({ token: SECRET, generated: "n:warn" });
    expect(result.providerCalls).toEqual([]);
    // The provider's stderr line reaches the engine as an info message; its `warning:` gives it its severity.
    expect(result.diagnostics.find((d) => d.message === "the value is 'warn'")).toMatchObject({
      severity: "warning",
      source: "host-stderr",
    });
    expect(stack.stackOutputs()).toEqual({ token: `tok-${stack.resource("noisy").id}`, generated: "n:warn" });
    expect(stack.resource("noisy").secretOutputs).toEqual(["token"]);

    expect((await stack.destroy()).resourceChanges).toEqual({ delete: 1 });
    await stack.close();
    expect(existsSync(workspaces) ? readdirSync(workspaces) : []).toEqual([]);
  }, 120_000);

  it("closes the gRPC clients of each run when its operation ends, so the process keeps nothing of a finished run", async () => {
    // A client whose channel is still open keeps, through its DNS resolver, the async context of
    // the run that created it, and with it every resource of that run.
    const channels: { getConnectivityState(tryToConnect: boolean): number }[] = [];
    const stack = await createTestStack(
      options({
        engine: "cli",
        pulumiCli: pulumiCli?.dir,
        program: () => {
          for (const client of [pulumi.runtime.getMonitor(), pulumi.runtime.getEngine()]) {
            channels.push((client as unknown as { getChannel(): (typeof channels)[number] }).getChannel());
          }
          new fixture.Item("kept", { key: "k", value: "v" });
        },
      }),
    );
    stacks.push(stack);
    await stack.up();
    await stack.preview();

    expect(channels).toHaveLength(4);
    expect(channels.map((channel) => channel.getConnectivityState(false))).toEqual(channels.map(() => GRPC_SHUTDOWN));
    await stack.destroy();
  }, 120_000);
});

/**
 * Settings that always exist put back what they found, under the real engine: a PhpVersion
 * created over a version set outside the stack keeps that version in state (`previous`) through
 * an update and a refresh, and `pulumi destroy` sets it back with one write. State written
 * before `previous` existed (the output removed by hand, then imported) still refreshes, and its
 * destroy returns the account to its default version, as earlier versions did.
 *
 * An inline program through the Automation API; the tests are the steps of one scenario on one
 * stack, so they run in order.
 */
import { expect, it } from "vitest";

import type * as Automation from "@pulumi/pulumi/automation";

import type { Simulator } from "../../packages/simulator/src";
import {
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  STEP_TIMEOUT,
  writesSince,
  type Deployment,
  type Engine,
} from "./harness";

/** What the program declares; the tests change it between operations. */
const settings = { phpVersion: "8.3" };

let engine: Engine;
let sim: Simulator;
let stack: Automation.Stack;

function program(): Record<string, unknown> {
  const { PhpVersion } = engine.resources;
  new PhpVersion("php", { hostingId: 101, phpVersion: settings.phpVersion });
  return {};
}

async function exported(): Promise<Deployment> {
  return (await stack.exportStack()) as unknown as Deployment;
}

async function phpOutputs(): Promise<Record<string, unknown> | undefined> {
  return resourcesByName(await exported()).get("php")?.outputs;
}

/** The simulator's PHP state of account 101. */
const php = () => sim.store.hostings["101"]!.php;

describeEngine("a PhpVersion over a version set outside the stack", () => {
  engineScenario("put-back", async (started) => {
    ({ engine, sim } = started);
    stack = await inlineStack(engine, { project: "put-back", stack: "dev", sim, program: async () => program() });
    return stack;
  });

  it(
    "records the version it found at create, and keeps it through an update and a refresh",
    async () => {
      // Not the account's default (8.2): set by hand before the stack.
      php().currentVersion = "7.4";
      await stack.up();
      expect(php().currentVersion).toBe("8.3");
      expect(await phpOutputs()).toMatchObject({ phpVersion: "8.3", previous: "7.4", defaultVersion: "8.2" });

      settings.phpVersion = "8.1";
      await stack.up();
      expect(php().currentVersion).toBe("8.1");
      await stack.refresh();
      expect(await phpOutputs()).toMatchObject({ phpVersion: "8.1", previous: "7.4" });
    },
    STEP_TIMEOUT,
  );

  it(
    "puts the version found back at destroy with one write, not the account's default",
    async () => {
      const mark = sim.requests.list().length;
      await stack.destroy();
      expect(resourcesByName(await exported()).size).toBe(0);
      expect(php().currentVersion).toBe("7.4");
      expect(writesSince(engine, sim, mark)).toEqual(["php.setVersion"]);
      expect(
        sim.requests
          .list()
          .slice(mark)
          .filter((entry) => entry.id === "php.setVersion"),
      ).toHaveLength(1);
    },
    STEP_TIMEOUT,
  );

  it(
    "refreshes and destroys state written before previous existed, returning the account to its default version",
    async () => {
      settings.phpVersion = "8.3";
      await stack.up();
      const deployment = await exported();
      const resource = deployment.deployment.resources!.find((r) => r.urn.endsWith("::php"))!;
      expect(resource.outputs).toHaveProperty("previous", "7.4");
      delete resource.outputs!.previous;
      await stack.importStack(deployment as unknown as Automation.Deployment);

      await stack.refresh();
      const refreshed = await phpOutputs();
      expect(refreshed).toMatchObject({ phpVersion: "8.3" });
      expect(refreshed).not.toHaveProperty("previous");

      const mark = sim.requests.list().length;
      await stack.destroy();
      expect(php().currentVersion).toBe("8.2");
      expect(writesSince(engine, sim, mark)).toEqual(["php.setVersion"]);
    },
    STEP_TIMEOUT,
  );
});

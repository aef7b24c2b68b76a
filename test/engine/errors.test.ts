/**
 * What a user reads when `pulumi up` fails on an error the package raises itself: through the
 * real CLI, an API refusal and a configuration error print their message as one paragraph, with
 * no stack trace of the package's code (the dynamic-provider host logs `${e}: ${e.stack}`; the
 * runtime makes that line read `<name>: <message>` for its own errors, src/provider/errors.ts).
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import type { Simulator } from "../../src/simulator";
import { CliStack, describeEngine, programDirectory, SETUP_TIMEOUT, simulatorConfig, startEngine, STEP_TIMEOUT, type CliResult, type Engine } from "./harness";

/** A record set in a zone the simulator's demo account does not have: the API answers not-found. */
const PROGRAM = `import { DnsRecordSet } from "pulumi-hosting-reseller";

new DnsRecordSet("www", { domain: "not-in-this-account.com", name: "www", type: "A", records: ["198.51.100.7"] });
`;

/** A line of a JavaScript stack trace. */
const STACK_LINE = /^\s+at .+[:(]/m;

let engine: Engine;
let sim: Simulator;
let dir: string;

/** Runs `pulumi up` on a new stack with the given config, expecting it to fail. */
async function failedUp(stackName: string, config: { key: string; value: string; secret?: boolean }[]): Promise<CliResult> {
  const stack = new CliStack(engine, dir, stackName, { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init(config);
  const up = await stack.run(["up", "--yes", "--skip-preview"]);
  expect(up.code).not.toBe(0);
  return up;
}

describeEngine("errors the package raises, as pulumi up prints them", () => {
  beforeAll(async () => {
    engine = await startEngine("errors");
    sim = await engine.simulator.startSimulator({ seed: "demo" });
    dir = programDirectory(engine, "errors", {
      files: {
        "Pulumi.yaml": "name: errors\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "package.json": `${JSON.stringify({ name: "errors", private: true, main: "index.ts" }, null, 2)}\n`,
        "index.ts": PROGRAM,
      },
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await sim?.close();
    engine?.dispose();
  });

  it(
    "shows an API refusal as one line naming the operation, the status and the API's message, without a stack trace",
    async () => {
      const up = await failedUp("api", simulatorConfig(sim));
      const output = `${up.stdout}\n${up.stderr}`;
      expect(output).toContain("error: v4.dns.modifyZone failed with HTTP 404: Domain not-in-this-account.com is not in this account");
      expect(output).not.toMatch(STACK_LINE);
      expect(output).not.toContain(sim.apiKey);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a missing API key as a configuration error naming the key, without a stack trace",
    async () => {
      const up = await failedUp(
        "nokey",
        simulatorConfig(sim).filter((entry) => entry.key !== "reseller:apiKey"),
      );
      const output = `${up.stdout}\n${up.stderr}`;
      expect(output).toContain("reseller:apiKey");
      expect(output).not.toMatch(STACK_LINE);
    },
    STEP_TIMEOUT,
  );
});

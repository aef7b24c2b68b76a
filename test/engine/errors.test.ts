/**
 * What a user reads when `pulumi up` or `pulumi refresh` meets an error the package raises
 * itself: through the real CLI, an API refusal and a configuration error print their message as
 * one paragraph, with no stack trace of the package's code. On check, diff, read and delete the
 * dynamic-provider host also writes `${e}: ${e.stack}` to its stderr, which the CLI shows; the
 * runtime makes that line read `<name>: <message>` for its own errors (src/provider/lifecycle/errors.ts).
 * And a provider warning reaches the engine as a warning (src/provider/runtime/engine-log.ts), not as a
 * line of the host's output.
 */
import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  programDirectory,
  simulatorConfig,
  STEP_TIMEOUT,
  type CliResult,
  type Engine,
} from "./harness";

/** A record set in a zone the simulator's demo account does not have: the API answers not-found. */
const PROGRAM = `import { DnsRecordSet } from "pulumi-hosting-reseller";

new DnsRecordSet("www", { domain: "not-in-this-account.com", name: "www", type: "A", records: ["198.51.100.7"] });
`;

/** A domain the demo seed's account holds, taken into state with `adopt: true` (never ordered). */
const ADOPTED_DOMAIN = "agency-demo.com";

const WARNING_PROGRAM = `import { DomainRegistration } from "pulumi-hosting-reseller";

new DomainRegistration("site", { domain: "${ADOPTED_DOMAIN}", adopt: true });
`;

/** A line of a JavaScript stack trace. */
const STACK_LINE = /^\s+at .+[:(]/m;

let engine: Engine;
let sim: Simulator;
let dir: string;
let warningDir: string;

/** Runs `pulumi up` on a new stack with the given config, expecting it to fail. */
async function failedUp(stackName: string, config: { key: string; value: string; secret?: boolean }[]): Promise<CliResult> {
  const stack = new CliStack(engine, dir, stackName, { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init(config);
  const up = await stack.run(["up", "--yes", "--skip-preview"]);
  expect(up.code).not.toBe(0);
  return up;
}

describeEngine("errors the package raises, as pulumi up prints them", () => {
  // The tests make their stacks: the scenario has none.
  engineScenario("errors", async (started) => {
    ({ engine, sim } = started);
    dir = programDirectory(engine, "errors", {
      files: {
        "Pulumi.yaml": "name: errors\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "package.json": `${JSON.stringify({ name: "errors", private: true, main: "index.ts" }, null, 2)}\n`,
        "index.ts": PROGRAM,
      },
    });
    warningDir = programDirectory(engine, "warnings", {
      files: {
        "Pulumi.yaml": "name: warnings\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "package.json": `${JSON.stringify({ name: "warnings", private: true, main: "index.ts" }, null, 2)}\n`,
        "index.ts": WARNING_PROGRAM,
      },
    });
    return undefined;
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

  it(
    "shows a provider warning as a warning of the engine, and an API error on refresh without a stack trace",
    async () => {
      // One attempt per request, so that the refused refresh below fails at once.
      const stack = new CliStack(engine, warningDir, "warn", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
      await stack.init([...simulatorConfig(sim), { key: "reseller:maxAttempts", value: "1" }]);
      await stack.ok(["up", "--yes", "--skip-preview"]);

      // The domain leaves the account out of band: a refresh keeps it in state, with a warning.
      delete sim.store.domains[ADOPTED_DOMAIN];
      // `--json` streams the engine's events, one JSON object a line, after its summary.
      const refresh = await stack.ok(["refresh", "--yes", "--json"]);
      const diagnostics = refresh.stdout
        .split("\n")
        .filter((line) => line.startsWith('{"sequence"'))
        .map((line) => (JSON.parse(line) as { diagnosticEvent?: { severity: string; message: string } }).diagnosticEvent)
        .filter((d) => d !== undefined && d.message.includes("is no longer in this reseller account"));
      expect(diagnostics.map((d) => d!.severity)).toEqual(["warning"]);
      expect(diagnostics[0]!.message).toMatch(
        /^DomainRegistration agency-demo\.com: agency-demo\.com is no longer in this reseller account/,
      );

      // Every request now fails: the read's error is one line, with no stack, on refresh too.
      sim.faults.add({ kind: "status", status: 503, times: Infinity });
      const failed = await stack.run(["refresh", "--yes"]);
      sim.faults.clear();
      expect(failed.code).not.toBe(0);
      const output = `${failed.stdout}\n${failed.stderr}`;
      expect(output).toMatch(/failed with HTTP 503/);
      expect(output).not.toMatch(STACK_LINE);
      expect(output).not.toContain(sim.apiKey);
    },
    STEP_TIMEOUT,
  );
});

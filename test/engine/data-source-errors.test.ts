/**
 * What a user reads when a data source fails in `pulumi up` or `pulumi preview`: the same one line
 * a resource's failure gives (test/engine/errors.test.ts), through the real CLI. The Node.js
 * language host prints a failure it does not recognise as "Running program ... failed with an
 * unhandled exception", the stack and a dump of the error's fields, and an Output that rejects
 * adds `PromiseRejectionHandledWarning` lines as the SDK's own promises take the rejection up
 * later. A wrong API key, a missing `reseller:apiUser` and an account of `reseller:accounts`
 * without its key are mistakes of configuration: their message, and what to set, is all a user
 * needs.
 */
import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import { CliStack, describeEngine, engineScenario, programDirectory, simulatorConfig, STEP_TIMEOUT, type Engine } from "./harness";

/**
 * The README's `getAccountInfoOutput`, for the account the stack's `account` config names; with
 * `resources: true`, beside the README's resources, whose registration makes the SDK take the
 * Output's rejected promises up late (Node.js warned about each); with `awaited: true`,
 * `getAccountInfo` awaited in the program's async function instead.
 */
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, DomainRegistration, getAccountInfo, getAccountInfoOutput, PhpOptions, Redirection } from "pulumi-hosting-reseller";

const config = new pulumi.Config();
const account = config.get("account");
const args = account === undefined ? {} : { account };

export = async () => {
  if (config.getBoolean("awaited")) {
    const info = await getAccountInfo(args);
    return { credit: info.creditRemaining };
  }
  if (config.getBoolean("resources")) {
    const hostingId = 101;
    const domain = "agency-demo.com";
    new DomainRegistration("domain", { domain, adopt: true });
    new DnsRecordSet("app", { hostingId, domain, name: "app", type: "A", ttl: 3600, records: ["198.51.100.7"] });
    new DnsRecordSet("dmarc", { hostingId, domain, name: "_dmarc", type: "TXT", records: ["v=DMARC1; p=quarantine"] });
    new Redirection("alias", { hostingId, domain: "café.com", destinationUrl: \`https://\${domain}/\` });
    new PhpOptions("php", { hostingId, phpVersion: "8.2", options: { memory_limit: "512M", max_execution_time: 120 } });
  }
  return { credit: getAccountInfoOutput(args).creditRemaining };
};
`;

/** A line of a JavaScript stack trace. */
const STACK_LINE = /^\s+at .+[:(]/m;

let engine: Engine;
let sim: Simulator;
let dir: string;

type Config = { key: string; value: string; secret?: boolean }[];

/**
 * Runs `pulumi <command>` on a new stack with `config` (then `pathConfig`, set with `--path`),
 * expects it to fail, and checks the failure is one clean line: `expected` once, with no stack, no
 * dump of the error's fields, no promise warning and no "unhandled exception" wrapper.
 */
async function expectOneLine(stackName: string, command: string[], config: Config, expected: string | RegExp, pathConfig: Config = []) {
  const stack = new CliStack(engine, dir, stackName, { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init(config);
  for (const entry of pathConfig)
    await stack.ok(["config", "set", "--path", entry.key, entry.value, ...(entry.secret ? ["--secret"] : ["--plaintext"])]);
  const result = await stack.run(command);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.code, output).not.toBe(0);
  // The diagnostics the CLI prints at the end: the progress display above them repeats the
  // first line of each, as it does for a resource's error.
  const diagnostics = output.slice(output.indexOf("Diagnostics:"), output.indexOf("Resources:"));
  const lines = diagnostics.split("\n").filter((line) => (typeof expected === "string" ? line.includes(expected) : expected.test(line)));
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(/^\s*error: getAccountInfo: /);
  // The Stack's heading and the one error line, nothing more.
  expect(
    diagnostics
      .split("\n")
      .slice(1)
      .filter((line) => line.trim() !== ""),
    output,
  ).toHaveLength(2);
  expect(output).not.toMatch(STACK_LINE);
  expect(output).not.toContain("PromiseRejectionHandledWarning");
  expect(output).not.toContain("unhandled exception");
  // util.inspect's dump of an error's own fields: `{ code: 'auth', status: 401, ... }`.
  expect(output).not.toMatch(/^\s*(code|status|operation|issues): /m);
  expect(output).not.toContain(sim.apiKey);
  return output;
}

describeEngine("data source failures, as pulumi up and preview print them", () => {
  // The tests make their stacks: the scenario has none.
  engineScenario("data-source-errors", async (started) => {
    ({ engine, sim } = started);
    dir = programDirectory(engine, "data-source-errors", {
      files: {
        "Pulumi.yaml": "name: data-source-errors\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        "package.json": `${JSON.stringify({ name: "data-source-errors", private: true, main: "index.ts" }, null, 2)}\n`,
        "index.ts": PROGRAM,
      },
    });
    return undefined;
  });

  it(
    "shows a wrong API key as one line naming the keys to set, in preview and in up",
    async () => {
      const wrong = simulatorConfig(sim).map((entry) => (entry.key === "reseller:apiKey" ? { ...entry, value: "not-the-key" } : entry));
      const preview = await expectOneLine(
        "wrongkey",
        ["preview"],
        [...wrong, { key: "data-source-errors:resources", value: "true" }],
        /getAccountInfo: .*HTTP 40[13]/,
      );
      expect(preview).toMatch(/reseller:apiKey/);
      await expectOneLine("wrongkey2", ["up", "--yes", "--skip-preview"], wrong, /getAccountInfo: .*HTTP 40[13]/);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a missing reseller:apiUser as one line naming the key, for an Output and for an awaited call",
    async () => {
      const noUser = simulatorConfig(sim).filter((entry) => entry.key !== "reseller:apiUser");
      await expectOneLine("nouser", ["up", "--yes", "--skip-preview"], noUser, /getAccountInfo: .*reseller:apiUser/);
      await expectOneLine(
        "nouser-awaited",
        ["preview"],
        [...noUser, { key: "data-source-errors:awaited", value: "true" }],
        /getAccountInfo: .*reseller:apiUser/,
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "shows an account of reseller:accounts without its key as one line naming that key",
    async () => {
      await expectOneLine(
        "noaccountkey",
        ["preview"],
        [...simulatorConfig(sim), { key: "data-source-errors:account", value: "brand-b" }],
        /getAccountInfo: .*reseller:accounts\.brand-b\.apiKey/,
        [{ key: "reseller:accounts.brand-b.apiUser", value: sim.apiUser }],
      );
    },
    STEP_TIMEOUT,
  );
});

/**
 * The drift check right after `up` is quiet: `pulumi preview --refresh --expect-no-changes`, with
 * and without `--diff`, of the README's example and of the program `reseller generate` writes
 * from the whole demo account (every kind of object the generator declares or reads) shows no
 * property of any resource, through the real CLI.
 *
 * A refresh returns the live values as inputs, and the console compares a step's old and new
 * inputs (provider/lifecycle/declared.ts): an input the program never set, returned by the
 * read, would show as `+adminContact` on a domain with nothing changed, and a read (`X.get`) as
 * `+command`. The examples' stacks are checked the same way where they are deployed
 * (test/engine/hosting-site.test.ts, test/engine/drift-check.test.ts).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import { runGenerate } from "../../src/cli/generate";
import { enrichDemoAccount, simFlags } from "../cli/helpers";
import { readmeExample } from "../helpers/readme";
import {
  CliStack,
  describeEngine,
  engineScenario,
  propertyDiffs,
  resourcesByName,
  simulatorConfig,
  STEP_TIMEOUT,
  typescriptProgram,
} from "./harness";

/** Passwords the stack gives the adopted FTP login, database user and mailbox. */
const FTP_PASSWORD = "Adopted-Ftp-Pass-2026";
const DB_PASSWORD = "Adopted-Db-Pass-2026";
const MAIL_PASSWORD = "Adopted-Mail-Pass-2026!";

/** The README's example, deployed on a simulator of its own. */
let readme: CliStack;

const scenario = engineScenario("quiet-refresh", async ({ engine, sim, startSimulator }) => {
  const readmeSim = await startSimulator({ seed: "demo" });
  readme = new CliStack(engine, typescriptProgram(engine, "readme-example", readmeExample()), "dev", {
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  });
  await readme.init([...simulatorConfig(readmeSim), { key: "ftpPassword", value: "Release-Pass-2026", secret: true }]);
  await readme.ok(["up", "--yes", "--skip-preview"]);

  const { privateKey } = await enrichDemoAccount(sim);
  const dir = path.join(engine.root, "agency");
  const quiet = () => undefined;
  await runGenerate({ ...simFlags(sim), out: dir, force: true, project: "agency", hostingId: [], domain: [] }, quiet, quiet);
  // The program is type-checked by test/cli/generate-program.test.ts: transpiling only keeps runs short.
  const stack = new CliStack(engine, dir, "generated", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  const publicKey = sim.store.hostings["101"]!.sshKeys[0]!.publicKey;
  // The config keys the generated README names, as a user sets them.
  const generatedReadme = readFileSync(path.join(dir, "README.md"), "utf8");
  const values: Record<string, string> = {
    sslKey_client_shop_net: privateKey,
    ftpPassword_deploy_agency_demo_com: FTP_PASSWORD,
    dbPassword_agencyde_wpuser: DB_PASSWORD,
    mailPassword_contact_agency_demo_com: MAIL_PASSWORD,
    sshPublicKey_101_a4775108: publicKey,
  };
  for (const key of Object.keys(values)) expect(generatedReadme).toContain(`agency:${key}`);
  await stack.init([
    ...simulatorConfig(sim),
    ...Object.entries(values).map(([key, value]) => ({ key, value, secret: !key.startsWith("sshPublicKey") })),
  ]);
  await stack.ok(["up", "--yes", "--skip-preview"]);
  return stack;
});

/** Runs the drift check with and without `--diff`; returns the display of the first. */
async function quietCheck(stack: CliStack): Promise<string> {
  const outputs: string[] = [];
  for (const args of [["--diff"], []]) {
    const preview = await stack.run(["preview", "--refresh", "--expect-no-changes", ...args]);
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(propertyDiffs(preview.stdout), preview.stdout).toEqual([]);
    outputs.push(preview.stdout);
  }
  return outputs[0]!;
}

describeEngine("a refreshed preview right after up", () => {
  it(
    "of the README's example exits 0 and shows no property diff: the adopted domain's contacts do not show",
    async () => {
      const display = await quietCheck(readme);
      // The stack and the six resources of the example.
      expect(display).toMatch(/Resources:\s+7 unchanged\s*$/);
    },
    STEP_TIMEOUT,
  );

  it(
    "of a generated program exits 0 and shows no property diff for any declaration or read",
    async () => {
      const { stack } = scenario;
      const display = await quietCheck(stack);
      // Every declaration of the program, and the stack, were refreshed and unchanged; the
      // reads (`X.get`), which the summary does not count, were refreshed and read again.
      const resources = [...resourcesByName(await stack.export()).values()];
      const reads = resources.filter((r) => r.external === true);
      expect(reads.length).toBe(3);
      expect(resources.length - reads.length).toBeGreaterThan(30);
      expect(display).toMatch(new RegExp(`Resources:\\s+${resources.length - reads.length + 1} unchanged\\s*$`));
      expect(display.match(/^\s*> pulumi-nodejs:dynamic\/reseller:\w+: \(read\)$/gm)).toHaveLength(reads.length);
    },
    STEP_TIMEOUT,
  );
});

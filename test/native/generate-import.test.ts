/**
 * `reseller generate --import-file` through the real CLI against the simulator: the demo
 * account's objects go into a YAML stack on the provider plugin with `pulumi import --file`,
 * without `adopt` and without a write; the generated code previews with nothing but the inputs
 * the API cannot read back (docs/decisions/0026): refused naming them while empty, and once given,
 * the passwords alone are set by the next `up`, after which a preview finds no change.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  nameOf,
  programDirectory,
  propertyDiffs,
  SETUP_TIMEOUT,
  simulatorConfig,
  STEP_TIMEOUT,
  writesSince,
  yamlProgramHead,
  type Engine,
} from "../engine/harness";

const run = promisify(execFile);

const PASSWORD = "Imported-Pass-2026x";

describeEngine("reseller generate --import-file into a YAML stack on the provider plugin", () => {
  let engine: Engine;
  let sim: Simulator;
  let dir: string;
  let stack: CliStack;
  let entries: { type: string; name: string; id: string }[];
  let generated: string;

  engineScenario("native-generate-import", async (started) => {
    ({ engine, sim } = started);
    dir = programDirectory(engine, "generated-import", { files: { "Pulumi.yaml": yamlProgramHead(engine, "generated-import") } });
    stack = new CliStack(engine, dir, "dev");
    await stack.init(simulatorConfig(sim));
    return stack;
  });

  it(
    "writes an import file of the account's objects under the plugin's tokens, leaving out the redirection whose destination it cannot read",
    async () => {
      const mark = sim.requests.list().length;
      const cli = path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "dist", "cli", "index.js");
      const env = { ...engine.env, RESELLER_API_URL: sim.url, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey };
      const { stdout, stderr } = await run(process.execPath, [cli, "generate", "--import-file", "import.json"], { cwd: dir, env });
      // With --import-file alone, no program is printed.
      expect(stdout).toBe("");
      expect(writesSince(engine, sim, mark)).toEqual([]);
      entries = (JSON.parse(readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: typeof entries }).resources;
      expect(stderr).toContain(`Wrote import.json: ${entries.length} resource(s)`);
      expect(stderr).toMatch(/not in import\.json: redirect_client_shop_net \(101\/client-shop\.net\): Redirection/);

      expect(entries.every((e) => e.type.startsWith("reseller:index:"))).toBe(true);
      expect(entries.some((e) => e.type === "reseller:index:Redirection")).toBe(false);
      const ids = (type: string) =>
        entries
          .filter((e) => e.type === `reseller:index:${type}`)
          .map((e) => e.id)
          .sort();
      expect(ids("DomainRegistration")).toContain("agency-demo.com");
      expect(ids("FtpAccount")).toEqual(["101/deploy@agency-demo.com"]);
      expect(ids("EmailAccount")).toEqual(["101/contact@agency-demo.com"]);
      expect(ids("SshKey")).toEqual([`101/${sim.store.hostings["101"]!.sshKeys[0]!.key}`]);
      // The names are the generated program's, so that both describe the same objects alike.
      expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    },
    STEP_TIMEOUT,
  );

  it(
    "imports them with pulumi import --file, protected and without a write",
    async () => {
      const mark = sim.requests.list().length;
      const out = path.join(dir, "generated.yaml");
      const imported = await stack.ok(["import", "--file", "import.json", "--yes", "--out", out]);
      expect(imported.stdout).toMatch(new RegExp(`=\\s+${entries.length} imported`));
      expect(writesSince(engine, sim, mark)).toEqual([]);
      const resources = ((await stack.export()).deployment.resources ?? []).filter((r) => r.type.startsWith("reseller:index:"));
      expect(resources.map((r) => [nameOf(r.urn), r.id]).sort()).toEqual(entries.map((e) => [e.name, e.id]).sort());
      expect(resources.filter((r) => r.protect !== true).map((r) => r.urn)).toEqual([]);
      generated = readFileSync(out, "utf8");
      expect(generated).not.toContain("adopt");
    },
    SETUP_TIMEOUT,
  );

  it(
    "previews the generated code with only the inputs the API cannot read back, refused while empty, then set by up in place",
    async () => {
      const body = generated.slice(generated.indexOf("resources:"));
      writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgramHead(engine, "generated-import") + body);
      const refused = await stack.run(["preview"]);
      expect(refused.code).not.toBe(0);
      // The first refusal ends the preview: it names one of the empty inputs.
      expect(refused.stdout + refused.stderr).toMatch(/property (password|publicKey) value .* has a problem/);

      const publicKey = sim.store.hostings["101"]!.sshKeys[0]!.publicKey;
      const filled = body
        .replace(/password: ""/g, `password:\n        fn::secret: ${PASSWORD}`)
        .replace(/publicKey: ""/g, `publicKey: ${JSON.stringify(publicKey)}`);
      expect(filled).not.toMatch(/: ""$/m);
      writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgramHead(engine, "generated-import") + filled);
      const preview = await stack.run(["preview"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      const steps = [...preview.stdout.matchAll(/^\s*([-+~]+)\s+reseller:index:(\w+)\s+(\S+)\s+(\S+)/gm)]
        .map((m) => `${m[2]} ${m[4]}`)
        .sort();
      expect(steps).toEqual(["DatabaseUser update", "EmailAccount update", "FtpAccount update"]);
      // The plugin names the changed keys: the password the import could not read, not the
      // create-time inputs the import leaves out and check gives defaults (`adopt`, `createFolder`).
      expect([...preview.stdout.matchAll(/update \[diff: ([^\]]*)\]/g)].map((m) => m[1])).toEqual(["+password", "+password", "+password"]);

      const mark = sim.requests.list().length;
      await stack.ok(["up", "--yes", "--skip-preview"]);
      expect(writesSince(engine, sim, mark)).toEqual(["databases.updateUser", "email.update", "ftp.editAccount"]);
      expect(sim.store.hostings["101"]!.emails.find((x) => x.email === "contact@agency-demo.com")?.password).toBe(PASSWORD);
      expect(sim.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "deploy@agency-demo.com")?.password).toBe(PASSWORD);
      expect(sim.store.hostings["101"]!.dbUsers.find((x) => x.name === "agencyde_wpuser")?.password).toBe(PASSWORD);
      const again = await stack.run(["preview", "--refresh", "--expect-no-changes", "--diff"]);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      // The plugin's refresh hands back the inputs the program declares (the old inputs' keys), no others.
      expect(propertyDiffs(again.stdout), again.stdout).toEqual([]);
    },
    SETUP_TIMEOUT,
  );
});

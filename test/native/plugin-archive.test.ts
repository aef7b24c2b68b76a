/**
 * The provider plugin's release archive (`npm run plugin:pack`, docs/decisions/0039) installed
 * the way users install a provider: `pulumi plugin install resource reseller <version> --file
 * <archive>`, then a YAML program with no `plugins` entry in its `Pulumi.yaml` goes up, previews
 * clean and is destroyed through the real CLI against the simulator.
 *
 * The plugin home is a directory outside any `node_modules` tree, so the installed plugin runs
 * with nothing but Node.js: a module the bundle lacked would fail it.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { expect, it } from "vitest";

import { buildPluginArchive, hostPlatform, packageVersion, PLUGIN_NAME } from "../../scripts/lib/plugin-archive";
import { CliStack, describeEngine, engineScenario, programDirectory, simulatorConfig, STEP_TIMEOUT, writesSince } from "../engine/harness";
import { printingCommands, records } from "./helpers";

const PROGRAM = `name: plugin-archive
runtime: yaml
resources:
  www:
    type: reseller:index:DnsRecordSet
    properties:
      domain: agency-demo.com
      name: www-archive
      type: A
      records: ["198.51.100.61"]
variables:
  zone:
    fn::invoke:
      function: reseller:index:getDnsZone
      arguments:
        domain: agency-demo.com
outputs:
  fqdn: \${www.fqdn}
  recordSets: \${zone.recordSets}
`;

describeEngine("the provider plugin installed from its release archive", () => {
  const version = packageVersion();
  let home: string;
  let archive: string;
  let env: Record<string, string>;
  const printed: string[] = [];
  const { ok } = printingCommands(printed);

  const scenario = engineScenario("plugin-archive", async ({ engine, onTeardown }) => {
    home = mkdtempSync(path.join(tmpdir(), "reseller-plugin-home-"));
    onTeardown(() => rmSync(home, { recursive: true, force: true }));
    archive = await buildPluginArchive({ ...hostPlatform(), outDir: home });
    // Ambient plugins off: the engine would otherwise take a `pulumi-resource-reseller` on PATH
    // first (npm puts the package's own `bin` there), and the test is about the installed one.
    env = { PULUMI_HOME: path.join(home, "pulumi-home"), PULUMI_IGNORE_AMBIENT_PLUGINS: "true" };
    const dir = programDirectory(engine, "plugin-archive", { files: { "Pulumi.yaml": PROGRAM } });
    return new CliStack(engine, dir, "dev", env);
  });

  it(
    "installs with pulumi plugin install --file and is listed as the resource plugin of the package's version",
    async () => {
      const { engine, stack } = scenario;
      const install = await engine.pulumi(["plugin", "install", "resource", PLUGIN_NAME, version, "--file", archive], {
        cwd: stack.dir,
        env,
      });
      expect(install.code, install.stdout + install.stderr).toBe(0);
      const dir = path.join(env.PULUMI_HOME!, "plugins", `resource-${PLUGIN_NAME}-v${version}`);
      expect(readdirSync(dir)).toEqual(expect.arrayContaining([`pulumi-resource-${PLUGIN_NAME}`, "dist", "package.json", "schema.json"]));
      expect(readdirSync(dir)).not.toContain("node_modules");
      expect(statSync(path.join(dir, `pulumi-resource-${PLUGIN_NAME}`)).mode & 0o111).not.toBe(0);
      const listed = await engine.pulumi(["plugin", "ls", "--json"], { cwd: stack.dir, env });
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: PLUGIN_NAME, kind: "resource", version })]),
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "runs a YAML program with no plugins entry: up, a preview without changes, destroy",
    async () => {
      const { engine, sim, stack } = scenario;
      await stack.init(simulatorConfig(sim));
      await ok(stack, ["up", "--yes", "--skip-preview"]);
      expect(records(sim, "www-archive.agency-demo.com.")).toEqual(["198.51.100.61"]);
      expect(writesSince(engine, sim)).toEqual(["dns.modifyZone"]);
      const outputs = JSON.parse((await ok(stack, ["stack", "output", "--json"])).stdout) as { fqdn: string; recordSets: unknown[] };
      expect(outputs.fqdn).toBe("www-archive.agency-demo.com.");
      expect(outputs.recordSets.length).toBeGreaterThan(0);

      await ok(stack, ["preview", "--refresh", "--expect-no-changes"]);

      await ok(stack, ["destroy", "--yes", "--skip-preview"]);
      expect(records(sim, "www-archive.agency-demo.com.")).toEqual([]);
      expect(printed.join("\n")).not.toContain(sim.apiKey);
    },
    STEP_TIMEOUT * 3,
  );
});

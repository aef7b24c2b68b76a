/**
 * The provider plugin `pulumi-resource-reseller` through the real CLI and the YAML language
 * host, against the simulator (docs/decisions/0025, 0026): the plugin is the one the installed
 * package ships (`bin/`), found through `plugins.providers[].path` in `Pulumi.yaml`.
 *
 * One stack, in order: up (a record set, an FTP account and a data source), drift found by
 * `preview --refresh --expect-no-changes` and put back, `pulumi import` of a live record set
 * followed by a preview without changes, destroy. A second stack has two explicit providers,
 * each writing to its own simulator.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  pluginDirectory,
  programDirectory,
  pulumiCli,
  simulatorConfig,
  STEP_TIMEOUT,
  writesSince,
  type Deployment,
  type Engine,
} from "../engine/harness";
import { expectRecordSetDrift, nativeResources, printingCommands, records, twoAccountsConfig } from "./helpers";

const FTP_PASSWORD = "Native-Ftp-2026x";
const B_USER = "native-b-user";
const B_KEY = "native-b-key-71d0c3aa";

function program(engine: Engine, extraResources = ""): string {
  return `name: native-yaml
runtime: yaml
plugins:
  providers:
    - name: reseller
      path: ${pluginDirectory(engine)}
resources:
  www:
    type: reseller:index:DnsRecordSet
    properties:
      domain: agency-demo.com
      name: www-native
      type: A
      records: ["198.51.100.7"]
  ftp:
    type: reseller:index:FtpAccount
    properties:
      hostingId: 101
      domain: agency-demo.com
      user: nativeci
      path: /public_html
      password:
        fn::secret: ${FTP_PASSWORD}
${extraResources}variables:
  zone:
    fn::invoke:
      function: reseller:index:getDnsZone
      arguments:
        domain: agency-demo.com
outputs:
  fqdn: \${www.fqdn}
  login: \${ftp.username}
  recordSets: \${zone.recordSets}
`;
}

describeEngine("the provider plugin through the real CLI and the YAML language host", () => {
  let engine: Engine;
  let sim: Simulator;
  let simB: Simulator;
  let dir: string;
  let stack: CliStack;
  const printed: string[] = [];
  const { run, ok } = printingCommands(printed);

  engineScenario("native-yaml", async (started) => {
    ({ engine, sim } = started);
    simB = await started.startSimulator({ seed: "demo", apiUser: B_USER, apiKey: B_KEY });
    dir = programDirectory(engine, "native-yaml", { files: { "Pulumi.yaml": program(engine) } });
    stack = new CliStack(engine, dir, "dev");
    await stack.init(simulatorConfig(sim));
    return stack;
  });

  it(
    "serves the package schema to pulumi package get-schema",
    async () => {
      const result = await engine.pulumi(["package", "get-schema", path.join(pluginDirectory(engine), "pulumi-resource-reseller")], {
        cwd: dir,
      });
      expect(result.code, result.stderr).toBe(0);
      const served = JSON.parse(result.stdout) as { name: string; resources: Record<string, unknown>; functions: Record<string, unknown> };
      const committed = JSON.parse(
        readFileSync(path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "schema.json"), "utf8"),
      ) as typeof served;
      expect(served.name).toBe("reseller");
      expect(Object.keys(served.resources).sort()).toEqual(Object.keys(committed.resources).sort());
      expect(Object.keys(served.functions).sort()).toEqual(Object.keys(committed.functions).sort());
    },
    STEP_TIMEOUT,
  );

  it(
    "creates a record set and an FTP account and reads the zone through an invoke, keeping the password and the API key out of state",
    async () => {
      await ok(stack, ["up", "--yes", "--skip-preview"]);
      expect(records(sim, "www-native.agency-demo.com.")).toEqual(["198.51.100.7"]);
      expect(sim.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "nativeci@agency-demo.com")).toMatchObject({
        path: "/public_html",
        password: FTP_PASSWORD,
      });
      expect(writesSince(engine, sim)).toEqual(["dns.modifyZone", "ftp.createAccount"]);

      const outputs = JSON.parse((await ok(stack, ["stack", "output", "--json"])).stdout) as {
        fqdn: string;
        login: string;
        recordSets: { relativeName: string }[];
      };
      expect(outputs.fqdn).toBe("www-native.agency-demo.com.");
      expect(outputs.login).toBe("nativeci@agency-demo.com");
      // The seeded zone's record sets, read by the plugin's invoke.
      expect(outputs.recordSets.map((set) => set.relativeName)).toEqual(expect.arrayContaining(["@", "www", "mail"]));

      const exported = (await ok(stack, ["stack", "export"])).stdout;
      expect(exported).not.toContain(FTP_PASSWORD);
      expect(exported).not.toContain(sim.apiKey);
      const resources = nativeResources(JSON.parse(exported) as Deployment);
      expect(resources.get("www")).toMatchObject({ id: "agency-demo.com/www-native/A", outputs: { records: [{ value: "198.51.100.7" }] } });
      expect(resources.get("ftp")?.id).toBe("101/nativeci@agency-demo.com");
    },
    STEP_TIMEOUT,
  );

  it(
    "shows drift with preview --refresh --expect-no-changes (exit 7), and refresh then up put the record set back",
    async () => {
      await expectRecordSetDrift(run, stack, sim, "www-native.agency-demo.com.");

      const mark = sim.requests.list().length;
      await ok(stack, ["refresh", "--yes", "--skip-preview"]);
      await ok(stack, ["up", "--yes", "--skip-preview"]);
      expect(records(sim, "www-native.agency-demo.com.")).toEqual(["198.51.100.7"]);
      expect(writesSince(engine, sim, mark)).toEqual(["dns.modifyZone"]);
      expect((await run(stack, ["preview", "--refresh", "--expect-no-changes"])).code).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "imports a live record set with pulumi import, and the generated code previews with no changes",
    async () => {
      const out = path.join(dir, "imported.yaml");
      const mark = sim.requests.list().length;
      const result = await ok(stack, ["import", "reseller:index:DnsRecordSet", "apex", "agency-demo.com/@/A", "--yes", "--out", out]);
      expect(result.stdout).toMatch(/=\s+1 imported/);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      const generated = readFileSync(out, "utf8");
      expect(generated).toContain("198.51.100.10");
      const resources = nativeResources(await stack.export());
      expect(resources.get("apex")).toMatchObject({
        id: "agency-demo.com/@/A",
        protect: true,
        inputs: { domain: "agency-demo.com", name: "@", type: "A" },
      });

      // The generated `resources:` entries join the program's.
      const entries = generated.slice(generated.indexOf("resources:") + "resources:".length + 1);
      writeFileSync(path.join(dir, "Pulumi.yaml"), program(engine, entries));
      const preview = await run(stack, ["preview", "--expect-no-changes"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "imports an FTP login with an empty password, which preview refuses naming it until the program gives one, and the next up sets it in place",
    async () => {
      const out = path.join(dir, "imported-ftp.yaml");
      const mark = sim.requests.list().length;
      const imported = await ok(stack, [
        "import",
        "reseller:index:FtpAccount",
        "deploy",
        "101/deploy@agency-demo.com",
        "--yes",
        "--out",
        out,
      ]);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      // The password the API never returns is no failed check of the imported inputs.
      expect(imported.stdout + imported.stderr).not.toMatch(/failed to validate|almost certainly a bug/);
      const generated = readFileSync(out, "utf8");
      expect(generated).toContain('password: ""');
      expect(generated).not.toContain("adopt");
      const apex = readFileSync(path.join(dir, "imported.yaml"), "utf8");
      const entries = (text: string) => text.slice(text.indexOf("resources:") + "resources:".length + 1);

      writeFileSync(path.join(dir, "Pulumi.yaml"), program(engine, entries(apex) + entries(generated)));
      const refused = await run(stack, ["preview"]);
      expect(refused.code).not.toBe(0);
      expect(refused.stdout + refused.stderr).toMatch(/password/);

      const withPassword = entries(generated).replace('password: ""', "password:\n        fn::secret: Deploy-Reset-2026x");
      writeFileSync(path.join(dir, "Pulumi.yaml"), program(engine, entries(apex) + withPassword));
      const preview = await run(stack, ["preview"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).toMatch(/~\s+reseller:index:FtpAccount\s+deploy\s+update/);
      expect(preview.stdout).not.toMatch(/reseller:index:DnsRecordSet\s+apex\s+update/);
      await ok(stack, ["up", "--yes", "--skip-preview"]);
      expect(sim.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "deploy@agency-demo.com")?.password).toBe(
        "Deploy-Reset-2026x",
      );
      expect((await run(stack, ["preview", "--expect-no-changes"])).code).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys what it created and leaves the imported objects once released from protection by the user",
    async () => {
      await ok(stack, ["state", "unprotect", "--all", "--yes"]);
      writeFileSync(path.join(dir, "Pulumi.yaml"), program(engine));
      await ok(stack, ["state", "delete", `urn:pulumi:dev::native-yaml::reseller:index:DnsRecordSet::apex`, "--yes"]);
      await ok(stack, ["state", "delete", `urn:pulumi:dev::native-yaml::reseller:index:FtpAccount::deploy`, "--yes"]);
      await ok(stack, ["destroy", "--yes", "--skip-preview"]);
      expect(records(sim, "www-native.agency-demo.com.")).toEqual([]);
      expect(records(sim, "agency-demo.com.")).toEqual(["198.51.100.10"]);
      expect(sim.store.hostings["101"]!.ftpAccounts.some((x) => x.username === "nativeci@agency-demo.com")).toBe(false);
      expect(sim.store.hostings["101"]!.ftpAccounts.some((x) => x.username === "deploy@agency-demo.com")).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    "writes through two explicit providers to two simulators, and updates a provider whose settings change without replacing its resources",
    async () => {
      const twoDir = programDirectory(engine, "native-two", {
        files: {
          "Pulumi.yaml": twoProviders(engine, "4"),
        },
      });
      const two = new CliStack(engine, twoDir, "dev");
      await two.init(twoAccountsConfig(sim, simB));
      await ok(two, ["up", "--yes", "--skip-preview"]);
      expect(records(sim, "two.agency-demo.com.")).toEqual(["198.51.100.31"]);
      expect(records(simB, "two.agency-demo.com.")).toEqual(["198.51.100.32"]);

      const exported = (await ok(two, ["stack", "export"])).stdout;
      expect(exported).not.toContain(sim.apiKey);
      expect(exported).not.toContain(B_KEY);

      writeFileSync(path.join(twoDir, "Pulumi.yaml"), twoProviders(engine, "3"));
      const preview = await run(two, ["preview"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).toMatch(/~\s+pulumi:providers:reseller\s+b\s+update/);
      expect(preview.stdout).not.toMatch(/\+-|replace/);
      await ok(two, ["up", "--yes", "--skip-preview"]);
      expect((await run(two, ["preview", "--expect-no-changes"])).code).toBe(0);

      await ok(two, ["destroy", "--yes", "--skip-preview"]);
      expect(records(sim, "two.agency-demo.com.")).toEqual([]);
      expect(records(simB, "two.agency-demo.com.")).toEqual([]);
      for (const text of printed) {
        expect(text).not.toContain(B_KEY);
        expect(text).not.toContain(FTP_PASSWORD);
      }
    },
    STEP_TIMEOUT,
  );
});

function twoProviders(engine: Engine, maxAttemptsB: string): string {
  return `name: native-two
runtime: yaml
plugins:
  providers:
    - name: reseller
      path: ${pluginDirectory(engine)}
config:
  urlA: { type: string }
  userA: { type: string }
  keyA: { type: string, secret: true }
  urlB: { type: string }
  userB: { type: string }
  keyB: { type: string, secret: true }
resources:
  a:
    type: pulumi:providers:reseller
    properties:
      apiUrl: \${urlA}
      apiUser: \${userA}
      apiKey: \${keyA}
  b:
    type: pulumi:providers:reseller
    properties:
      apiUrl: \${urlB}
      apiUser: \${userB}
      apiKey: \${keyB}
      maxAttempts: "${maxAttemptsB}"
  in-a:
    type: reseller:index:DnsRecordSet
    properties:
      domain: agency-demo.com
      name: two
      type: A
      records: ["198.51.100.31"]
    options:
      provider: \${a}
  in-b:
    type: reseller:index:DnsRecordSet
    properties:
      domain: agency-demo.com
      name: two
      type: A
      records: ["198.51.100.32"]
    options:
      provider: \${b}
`;
}

it.runIf(process.env.REQUIRE_PULUMI_CLI === "1")("finds the Pulumi CLI and the YAML language host when REQUIRE_PULUMI_CLI=1", () => {
  expect(
    pulumiCli,
    "no Pulumi CLI: build it with `npm run pulumi-cli`, or point PULUMI_CLI_DIR at a directory holding `pulumi`",
  ).not.toBeNull();
  expect(
    pulumiCli!.path.split(path.delimiter).some((d) => {
      try {
        return readFileSync(path.join(d, "pulumi-language-yaml")).length > 0;
      } catch {
        return false;
      }
    }),
  ).toBe(true);
});

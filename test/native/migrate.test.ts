/**
 * Moving a stack from the dynamic resources to the provider plugin (docs/decisions/0027),
 * through the real CLI against the simulator: a TypeScript program with dynamic resources goes
 * up; `reseller migrate-state` (the installed package's CLI) turns `pulumi stack export` into an
 * import file and the URNs to remove; `pulumi state delete` and `pulumi import --file` move the
 * objects under the plugin with no API write; the program, now YAML on the plugin, previews with
 * nothing but the FTP password to set, which the API cannot read back (0026).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import { CliStack, describeEngine, engineScenario, simulatorConfig, STEP_TIMEOUT, typescriptProgram, writesSince, type Deployment, type Engine } from "../engine/harness";

const FTP_PASSWORD = "Migrate-Ftp-2026x";

const DYNAMIC = `import { DnsRecordSet, FtpAccount } from "pulumi-hosting-reseller";

const www = new DnsRecordSet("www", { domain: "agency-demo.com", name: "www-migrate", type: "A", records: ["198.51.100.41"] });
const ftp = new FtpAccount("ftp", { hostingId: 101, domain: "agency-demo.com", user: "migrate", path: "/public_html", password: "${FTP_PASSWORD}" });
export const fqdn = www.fqdn;
export const login = ftp.username;
`;

function nativeProgram(engine: Engine): string {
  return `name: migrate
runtime: yaml
plugins:
  providers:
    - name: reseller
      path: ${path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "bin")}
resources:
  www:
    type: reseller:index:DnsRecordSet
    properties:
      domain: agency-demo.com
      name: www-migrate
      type: A
      records: ["198.51.100.41"]
  ftp:
    type: reseller:index:FtpAccount
    properties:
      hostingId: 101
      domain: agency-demo.com
      user: migrate
      path: /public_html
      password:
        fn::secret: ${FTP_PASSWORD}
outputs:
  fqdn: \${www.fqdn}
  login: \${ftp.username}
`;
}

const scenario = engineScenario("native-migrate", async ({ engine, sim }) => {
  const dir = typescriptProgram(engine, "migrate", DYNAMIC);
  const stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init(simulatorConfig(sim));
  await stack.ok(["up", "--yes", "--skip-preview"]);
  return stack;
});

describeEngine("moving a stack from the dynamic resources to the provider plugin", () => {
  it(
    "moves the record set and the FTP account under the plugin without deleting, recreating or writing anything",
    async () => {
      const { engine, sim, stack } = scenario;
      const dir = stack.dir;
      const mark = sim.requests.list().length;
      const exportFile = path.join(dir, "before.json");
      writeFileSync(exportFile, (await stack.ok(["stack", "export"])).stdout);
      const cli = path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "dist", "cli", "index.js");
      const importFile = path.join(dir, "import.json");
      const removeFile = path.join(dir, "remove.txt");
      const printed = execFileSync(process.execPath, [cli, "migrate-state", "--export", exportFile, "--import-file", importFile, "--remove-file", removeFile], { encoding: "utf8" });
      expect(printed).toContain("2 resources to move");
      const plan = JSON.parse(readFileSync(importFile, "utf8")) as { resources: { name: string }[] };
      expect(plan.resources.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
        { type: "reseller:index:FtpAccount", name: "ftp", id: "101/migrate@agency-demo.com" },
        { type: "reseller:index:DnsRecordSet", name: "www", id: "agency-demo.com/www-migrate/A" },
      ]);

      for (const urn of readFileSync(removeFile, "utf8").split("\n").filter(Boolean)) await stack.ok(["state", "delete", urn, "--yes"]);
      writeFileSync(path.join(dir, "Pulumi.yaml"), nativeProgram(engine));
      for (const file of ["index.ts", "package.json"]) rmSync(path.join(dir, file));
      const imported = await stack.ok(["import", "--file", importFile, "--yes", "--protect=false", "--out", path.join(dir, "generated.yaml")]);
      expect(imported.stdout).toMatch(/=\s+2 imported/);
      expect(writesSince(engine, sim, mark)).toEqual([]);

      const resources = (JSON.parse((await stack.ok(["stack", "export"])).stdout) as Deployment).deployment.resources ?? [];
      expect(resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/")).map((r) => r.urn)).toEqual([]);
      expect(resources.filter((r) => r.type.startsWith("reseller:index:")).map((r) => [r.type, r.id]).sort()).toEqual([
        ["reseller:index:DnsRecordSet", "agency-demo.com/www-migrate/A"],
        ["reseller:index:FtpAccount", "101/migrate@agency-demo.com"],
      ]);
    },
    STEP_TIMEOUT,
  );

  it(
    "previews the YAML program with only the FTP password to set, and the next up sets it in place",
    async () => {
      const { engine, sim, stack } = scenario;
      const preview = await stack.run(["preview", "--expect-no-changes"]);
      expect(preview.code, preview.stdout + preview.stderr).not.toBe(0);
      expect(preview.stdout).toMatch(/~\s+reseller:index:FtpAccount\s+ftp\s+update/);
      expect(preview.stdout).not.toMatch(/reseller:index:DnsRecordSet\s+www\s+(update|create|replace|delete)/);
      expect(preview.stdout).not.toMatch(/\+\s+reseller:index|-\s+reseller:index|\+-\s+reseller:index/);

      const mark = sim.requests.list().length;
      await stack.ok(["up", "--yes", "--skip-preview"]);
      const writes = writesSince(engine, sim, mark);
      expect(writes.some((w) => w.startsWith("ftp."))).toBe(true);
      expect(writes).not.toContain("ftp.createAccount");
      expect(writes).not.toContain("ftp.deleteAccount");
      expect(writes).not.toContain("dns.modifyZone");
      expect((await stack.run(["preview", "--expect-no-changes"])).code).toBe(0);
      expect(sim.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "migrate@agency-demo.com")?.password).toBe(FTP_PASSWORD);
    },
    STEP_TIMEOUT,
  );
});

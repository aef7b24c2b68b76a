/**
 * Moving a stack from the dynamic resources to the provider plugin (docs/decisions/0027),
 * through the real CLI against the simulator, on the `hosting-site` example: the ten main
 * resource types (DomainRegistration, DnsRecordSet, Redirection, ObjectStorageUrl, PhpOptions,
 * CustomSsl, WafDisabledRules, FtpAccount, SshKey, DatabaseUserGrant) and the ObjectStorageAccount
 * and SslCsr they rest on.
 *
 * One stack, in order: the example goes up as the TypeScript directory program it is;
 * `reseller migrate-state` (the installed package's CLI) turns `pulumi stack export` into an
 * import file and the URNs to remove; `pulumi state delete` and `pulumi import --file` move every
 * object under the plugin with no API write; the same site, now a YAML program on the plugin,
 * previews with nothing but the FTP password to set (the one input of the site the API cannot
 * read back, docs/decisions/0026); `up` sets it in place; a second preview shows no change; and
 * destroy leaves the account as the example's own destroy does.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import {
  CliStack,
  describeEngine,
  engineScenario,
  nameOf,
  programDirectory,
  SETUP_TIMEOUT,
  simulatorConfig,
  STEP_TIMEOUT,
  writesSince,
  yamlProgramHead,
  type Deployment,
  type Engine,
} from "../engine/harness";
import { expectSiteDestroyed } from "../helpers/hosting-site";

const FTP_PASSWORD = "Migrate-Site-2026x";

/** The ten main resource types: the move must carry each of them. */
const MAIN_TYPES = [
  "CustomSsl",
  "DatabaseUserGrant",
  "DnsRecordSet",
  "DomainRegistration",
  "FtpAccount",
  "ObjectStorageUrl",
  "PhpOptions",
  "Redirection",
  "SshKey",
  "WafDisabledRules",
];

/** The example's resources (examples/hosting-site/site.ts) by logical name and type. */
const SITE = {
  alias: "Redirection",
  app: "DnsRecordSet",
  dmarc: "DnsRecordSet",
  domain: "DomainRegistration",
  media: "ObjectStorageUrl",
  php: "PhpOptions",
  "release-ftp": "FtpAccount",
  "release-ssh": "SshKey",
  "shop-certificate": "CustomSsl",
  "shop-csr": "SslCsr",
  "shop-waf": "WafDisabledRules",
  storage: "ObjectStorageAccount",
  "wordpress-grant": "DatabaseUserGrant",
} as const;

/**
 * The example's site as a YAML program on the plugin, under the same project and logical names,
 * with the values of the example's `Pulumi.dev.yaml` (the demo seed's).
 */
function nativeSite(engine: Engine): string {
  return `${yamlProgramHead(engine, "hosting-site")}config:
  ftpPassword:
    type: string
    secret: true
variables:
  contact:
    firstName: Alex
    lastName: Martin
    email: alex@example.org
    address1: 1 Example Street
    city: Montreal
    postalCode: H2X 1Y4
    state: QC
    countryCode: CA
    phone: "+1.5145550100"
resources:
  domain:
    type: reseller:index:DomainRegistration
    properties:
      domain: agency-demo.com
      adopt: true
      maxPrice: 20
      registrarLock: true
      idProtection: false
      nameservers: [nsa.n0c.com, nsb.n0c.com, nsc.n0c.com]
      registrant: \${contact}
      adminContact: \${contact}
      billingContact: \${contact}
      techContact: \${contact}
  app:
    type: reseller:index:DnsRecordSet
    properties:
      domain: \${domain.domain}
      hostingId: 101
      name: app
      type: A
      ttl: 3600
      records: ["198.51.100.10"]
  dmarc:
    type: reseller:index:DnsRecordSet
    properties:
      domain: \${domain.domain}
      hostingId: 101
      name: _dmarc
      type: TXT
      records: ["v=DMARC1; p=quarantine; rua=mailto:dmarc@agency-demo.com"]
  alias:
    type: reseller:index:Redirection
    properties:
      hostingId: 101
      domain: café.com
      destinationUrl: https://\${domain.domain}/
  storage:
    type: reseller:index:ObjectStorageAccount
    properties:
      hostingId: 101
  media:
    type: reseller:index:ObjectStorageUrl
    properties:
      hostingId: 101
      uri: /media
      domain: \${domain.domain}
    options:
      dependsOn:
        - \${storage}
  php:
    type: reseller:index:PhpOptions
    properties:
      hostingId: 101
      phpVersion: "8.2"
      options:
        max_execution_time: 120
        upload_max_filesize: 128M
        post_max_size: 128M
  shop-csr:
    type: reseller:index:SslCsr
    properties:
      hostingId: 101
      domain: client-shop.net
      countryCode: CA
      state: QC
      localityName: Montreal
      organizationName: Client Shop
      organizationUnitName: Web
      email: admin@client-shop.net
  shop-certificate:
    type: reseller:index:CustomSsl
    properties:
      hostingId: 101
      domain: client-shop.net
      certificate: \${shop-csr.selfSignedCert}
      privateKey: \${shop-csr.privateKey}
  shop-waf:
    type: reseller:index:WafDisabledRules
    properties:
      hostingId: 101
      domain: client-shop.net
      ruleIds: [942100, 942200]
  release-ftp:
    type: reseller:index:FtpAccount
    properties:
      hostingId: 101
      domain: \${domain.domain}
      user: release
      path: /public_html
      password: \${ftpPassword}
  release-ssh:
    type: reseller:index:SshKey
    properties:
      hostingId: 101
      publicKey: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbrokt+yh6obXoNfdCVU0zIkDSex0Z18k75yIe0ONaz ci-release@agency-demo.com
      fromIps: [203.0.113.0/24, "2001:db8:10::/48"]
  wordpress-grant:
    type: reseller:index:DatabaseUserGrant
    properties:
      hostingId: 101
      database: agencyde_wp
      user: agencyde_wpuser
      privileges: [ALL PRIVILEGES]
    options:
      retainOnDelete: true
outputs:
  appFqdn: \${app.fqdn}
  domainExpires: \${domain.expiryDate}
  shopCertificateExpires: \${shop-certificate.notAfter}
  ftpLogin: \${release-ftp.username}
  sshFingerprint: \${release-ssh.fingerprint}
  storageBucket: \${storage.name}
`;
}

/** The steps a `pulumi preview --diff` plans for the plugin's resources, as `<name> <step>`. */
function plannedSteps(output: string): string[] {
  const step = /^\s*[-+~]+\s*reseller:index:\w+: \(([\w-]+)\)\n(?:\s*\[id=[^\]]*\]\n)?\s*\[urn=[^\]]*::([^\]]+)\]/gm;
  return [...output.matchAll(step)].map((m) => `${m[2]} ${m[1]}`).sort();
}

describeEngine("moving the hosting-site stack from the dynamic resources to the provider plugin", () => {
  let engine: Engine;
  let sim: Simulator;
  let dir: string;
  let stack: CliStack;
  let before: Deployment;

  engineScenario("native-migrate", async (started) => {
    ({ engine, sim } = started);
    dir = programDirectory(engine, "hosting-site", { example: "hosting-site" });
    stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
    await stack.init([...simulatorConfig(sim), { key: "ftpPassword", value: FTP_PASSWORD, secret: true }]);
    await stack.ok(["up", "--yes", "--skip-preview"]);
    before = await stack.export();
    return stack;
  });

  it(
    "moves all thirteen objects under the plugin, under the same names and ids, without deleting, recreating or writing anything",
    async () => {
      const dynamicIds = new Map(
        (before.deployment.resources ?? [])
          .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/reseller:"))
          .map((r) => [nameOf(r.urn), r.id]),
      );
      expect([...dynamicIds.keys()].sort()).toEqual(Object.keys(SITE).sort());

      const mark = sim.requests.list().length;
      const exportFile = path.join(dir, "before.json");
      writeFileSync(exportFile, (await stack.ok(["stack", "export"])).stdout);
      const cli = path.join(engine.pkg.dir, "node_modules", "pulumi-hosting-reseller", "dist", "cli", "index.js");
      const importFile = path.join(dir, "import.json");
      const removeFile = path.join(dir, "remove.txt");
      const printed = execFileSync(
        process.execPath,
        [cli, "migrate-state", "--export", exportFile, "--import-file", importFile, "--remove-file", removeFile],
        { encoding: "utf8" },
      );
      expect(printed).toContain("13 resources to move");
      expect(printed).not.toContain("left as it is");
      const plan = JSON.parse(readFileSync(importFile, "utf8")) as { resources: { type: string; name: string; id: string }[] };
      // Three import ids carry what a read from the id alone cannot find: the redirection's
      // destination; the PHP options the program manages (memory_limit, raised on the account,
      // is not one of them), each with the value the stack found; and the firewall list the
      // stack found (none), since the live values are the program's by now.
      const found = (name: string) => before.deployment.resources?.find((r) => nameOf(r.urn) === name)?.outputs?.previous;
      const phpFound = found("php") as Record<string, string>;
      expect(Object.keys(phpFound)).toEqual(["max_execution_time", "post_max_size", "upload_max_filesize"]);
      expect(found("shop-waf")).toEqual([]);
      const importIds: Record<string, string | undefined> = {
        ...Object.fromEntries(dynamicIds),
        alias: "101/xn--caf-dma.com/https://agency-demo.com/",
        php: `101/8.2/${Object.entries(phpFound)
          .map(([name, value]) => `${name}=${value}`)
          .join(",")}`,
        "shop-waf": "101/client-shop.net/previous=",
      };
      expect(Object.fromEntries(plan.resources.map((r) => [r.name, [r.type, r.id]]))).toEqual(
        Object.fromEntries(Object.entries(SITE).map(([name, type]) => [name, [`reseller:index:${type}`, importIds[name]]])),
      );
      expect(MAIN_TYPES.filter((t) => !plan.resources.some((r) => r.type === `reseller:index:${t}`))).toEqual([]);

      const remove = readFileSync(removeFile, "utf8").split("\n").filter(Boolean);
      expect(remove).toHaveLength(13);
      // One call for all: `pulumi state delete` takes several URNs, removed in the order given.
      await stack.ok(["state", "delete", ...remove, "--yes"]);
      writeFileSync(path.join(dir, "Pulumi.yaml"), nativeSite(engine));
      for (const file of ["index.ts", "site.ts", "package.json", "tsconfig.json"]) rmSync(path.join(dir, file));
      // The YAML program writes the site's values out and reads only the FTP password from config.
      // The TypeScript program's other keys go: YAML would see each as a variable, and
      // `hosting-site:domain` would hide the resource named `domain`.
      const siteKeys = [...readFileSync(path.join(dir, "Pulumi.dev.yaml"), "utf8").matchAll(/^ {2}hosting-site:(\w+):/gm)]
        .map((m) => m[1]!)
        .filter((k) => k !== "ftpPassword");
      expect(siteKeys).toContain("domain");
      await stack.ok(["config", "rm-all", ...siteKeys]);
      const imported = await stack.ok([
        "import",
        "--file",
        importFile,
        "--yes",
        "--protect=false",
        "--out",
        path.join(dir, "generated.yaml"),
      ]);
      expect(imported.stdout).toMatch(/=\s+13 imported/);
      expect(writesSince(engine, sim, mark)).toEqual([]);

      const resources = (await stack.export()).deployment.resources ?? [];
      expect(resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/")).map((r) => r.urn)).toEqual([]);
      const native = new Map(resources.filter((r) => r.type.startsWith("reseller:index:")).map((r) => [nameOf(r.urn), r]));
      expect(Object.fromEntries([...native].map(([name, r]) => [name, [r.type, r.id]]))).toEqual(
        Object.fromEntries(Object.entries(SITE).map(([name, type]) => [name, [`reseller:index:${type}`, dynamicIds.get(name)]])),
      );
      // The secrets the plugin read back stay secret in the state.
      const exported = JSON.stringify(resources);
      expect(exported).not.toContain(FTP_PASSWORD);
      expect(exported).not.toContain(sim.store.hostings["101"]!.objectStorage.secretKey);
      expect(native.get("shop-csr")?.outputs?.privateKey).toMatchObject({ ciphertext: expect.stringMatching(/^v1:/) });
      expect(native.get("storage")?.outputs?.secretKey).toMatchObject({ ciphertext: expect.stringMatching(/^v1:/) });
    },
    // Seven `pulumi` commands and thirteen reads through a fresh plugin.
    SETUP_TIMEOUT,
  );

  it(
    "previews the YAML site with the FTP password as its only change, which up sets in place; a second preview shows none",
    async () => {
      const preview = await stack.run(["preview", "--diff"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(plannedSteps(preview.stdout)).toEqual(["release-ftp update"]);
      // The password the API cannot read back (0026); `adopt` shows with the default `check`
      // gives it, and is never compared.
      const ftp = preview.stdout.slice(preview.stdout.indexOf("reseller:index:FtpAccount: (update)"));
      expect(ftp).toMatch(/\+ password\s*: \[secret\]/);
      expect(preview.stdout).toMatch(/~ 1 to update\s+13 unchanged/);

      const mark = sim.requests.list().length;
      await stack.ok(["up", "--yes", "--skip-preview"]);
      expect(writesSince(engine, sim, mark)).toEqual(["ftp.editAccount"]);
      expect(sim.store.hostings["101"]!.ftpAccounts.find((x) => x.username === "release@agency-demo.com")?.password).toBe(FTP_PASSWORD);

      const again = await stack.run(["preview", "--refresh", "--expect-no-changes"]);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      const outputs = JSON.parse((await stack.ok(["stack", "output", "--json"])).stdout) as Record<string, unknown>;
      expect(outputs).toMatchObject({ appFqdn: "app.agency-demo.com.", ftpLogin: "release@agency-demo.com", domainExpires: "2027-03-01" });
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys the YAML site back to the demo seed, as the example's own destroy does, and never orders the domain",
    async () => {
      const mark = sim.requests.list().length;
      const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
      expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
      expect(destroy.stdout).toMatch(/- 14 deleted/);
      expectSiteDestroyed(sim, mark, engine.simulator.demoState());
    },
    STEP_TIMEOUT,
  );
});

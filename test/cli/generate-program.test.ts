/**
 * `reseller generate` end to end: the program generated from the whole demo account (with one
 * object of every kind the generator handles) compiles with its own tsconfig against the
 * installed package, and, run through the real dynamic-provider host against the same
 * simulator with its config keys set, previews as takeovers only; its first `up` sends no order
 * and no create (FTP logins, SSH keys, databases and their users are adopted), leaves the
 * account as it was except for the passwords given in config, which the account then holds, and
 * a refreshed preview finds nothing to change.
 */
import { readFileSync, rmSync } from "node:fs";
import * as path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runGenerate } from "../../src/cli/generate";
import type { SimState, Simulator } from "../../packages/simulator/src";
import type { OperationResult, TestStack } from "../../packages/testing/src";
import { callsSince, simulatorConfig } from "../e2e/harness";
import { installedPackage, type InstalledPackage } from "../e2e/package";
import { enrichDemoAccount, placeProject, simFlags, typeCheck, type PlacedProject } from "./helpers";

type SimulatorModule = typeof import("../../packages/simulator/src");
type TestingModule = typeof import("../../packages/testing/src");

/** Operations that would order, or create an object a second time, if a takeover went wrong. */
const DUPLICATING = [
  "domains.register",
  "domains.transfer",
  "domains.renew",
  "domains.updateContacts",
  "domains.updateNameservers",
  "ftp.createAccount",
  "email.create",
  "ssh.addKey",
  "databases.create",
  "databases.createUser",
  "cron.add",
  "redirections.add",
  "storage.addUrl",
  "storage.resetCredentials",
  "ssl.generateCsr",
];

let pkg: InstalledPackage;
let sim: Simulator;
let project: PlacedProject | undefined;
let outDir: string | undefined;
let files: Record<string, string>;
let privateKey: string;
let stack: TestStack;
let sshPublicKey: string;

/** Passwords the stack gives the adopted FTP login and database user (any that pass the password rule). */
const FTP_PASSWORD = "Adopted-Ftp-Pass-2026";
const DB_PASSWORD = "Adopted-Db-Pass-2026";
const MAIL_PASSWORD = "Adopted-Mail-Pass-2026!";
/** The type check runs while the stack operations do; the test awaits its outcome. */
let typeChecked: Promise<{ ok: boolean; output: string }>;
/** The same account generated as the named account `brand-b` (`--account`), type-checked too. */
let accountProject: PlacedProject | undefined;
let accountOutDir: string | undefined;
let accountTypeChecked: Promise<{ ok: boolean; output: string }>;

/** Step kinds of an operation, with their counts. */
function ops(result: OperationResult): Record<string, number> {
  return result.resourceChanges as Record<string, number>;
}

/**
 * The account in a form where writing back the same thing is no change: without installation
 * times, with each rrset's records in one order (a takeover writes them sorted, as the resource
 * keeps them), and PEM text with one kind of line break and none at the end (a takeover installs
 * the certificate re-encoded).
 */
function comparable(state: SimState): SimState {
  const copy = structuredClone(state);
  for (const hosting of Object.values(copy.hostings)) {
    for (const ssl of Object.values(hosting.ssl)) {
      if (!ssl.custom) continue;
      delete ssl.custom.installedAt;
      ssl.custom.cert = ssl.custom.cert.replace(/\r\n/g, "\n").trim();
      ssl.custom.key = ssl.custom.key.replace(/\r\n/g, "\n").trim();
    }
  }
  for (const rrsets of Object.values(copy.zones)) {
    for (const rrset of rrsets) rrset.records.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return copy;
}

beforeAll(async () => {
  pkg = await installedPackage();
  const simulator = pkg.require("pulumi-hosting-reseller/simulator") as SimulatorModule;
  sim = await simulator.startSimulator({ seed: "demo" });
  ({ privateKey } = await enrichDemoAccount(sim));
  outDir = path.join(pkg.dir, "programs", `generate-out-${process.pid}`);
  await runGenerate(
    { ...simFlags(sim), out: outDir, force: true, project: "agency", hostingId: [], domain: [] },
    () => undefined,
    () => undefined,
  );
  files = Object.fromEntries(
    ["index.ts", "Pulumi.yaml", "package.json", "tsconfig.json", "README.md"].map((name) => [
      name,
      readFileSync(path.join(outDir!, name), "utf8"),
    ]),
  );
  project = placeProject(pkg, files, "all");
  const placed = project;
  typeChecked = typeCheck(placed.dir).then(
    (output) => ({ ok: true, output }),
    (error: Error) => ({ ok: false, output: error.message }),
  );
  accountOutDir = path.join(pkg.dir, "programs", `generate-account-out-${process.pid}`);
  const accounts = JSON.stringify({ "brand-b": { apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey } });
  await runGenerate(
    { accounts, account: "brand-b", out: accountOutDir, force: true, project: "brand-b", hostingId: [], domain: [] },
    () => undefined,
    () => undefined,
  );
  accountProject = placeProject(
    pkg,
    Object.fromEntries(
      ["index.ts", "Pulumi.yaml", "package.json", "tsconfig.json"].map((name) => [
        name,
        readFileSync(path.join(accountOutDir!, name), "utf8"),
      ]),
    ),
    "account",
  );
  accountTypeChecked = typeCheck(accountProject.dir).then(
    (output) => ({ ok: true, output }),
    (error: Error) => ({ ok: false, output: error.message }),
  );
  sshPublicKey = sim.store.hostings["101"]!.sshKeys[0]!.publicKey;
  const testing = pkg.require("pulumi-hosting-reseller/testing") as TestingModule;
  stack = await testing.createTestStack({
    workDir: pkg.dir,
    project: "agency",
    stack: "generated",
    config: {
      ...simulatorConfig(sim),
      "agency:sslKey_client_shop_net": { secret: privateKey },
      "agency:ftpPassword_deploy_agency_demo_com": { secret: FTP_PASSWORD },
      "agency:dbPassword_agencyde_wpuser": { secret: DB_PASSWORD },
      "agency:mailPassword_contact_agency_demo_com": { secret: MAIL_PASSWORD },
      "agency:sshPublicKey_101_a4775108": sshPublicKey,
    },
    program: placed.program,
  });
}, 300_000);

afterAll(async () => {
  await stack?.close();
  await sim?.close();
  // The program directory is shared by every run of the end-to-end tests: leave it as found.
  for (const dir of [outDir, project?.dir, accountOutDir, accountProject?.dir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the program generated from the whole demo account", () => {
  it("declares every kind of object the account holds, and reads those that cannot be taken over", () => {
    const index = files["index.ts"]!;
    for (const declared of [
      "DomainRegistration",
      "DnsRecordSet",
      "CustomSsl",
      "WafDisabledRules",
      "FtpAccount",
      "EmailAccount",
      "SshKey",
      "Database",
      "DatabaseUser",
      "DatabaseUserGrant",
      "CronEmail",
      "PhpVersion",
      "PhpOptions",
      "CacheService",
      "ObjectStorageAccount",
    ]) {
      expect(index).toContain(`new ${declared}(`);
      expect(index).not.toContain(`${declared}.get(`);
    }
    for (const read of ["Redirection", "CronJob", "ObjectStorageUrl"]) {
      expect(index).toMatch(new RegExp(`\\n${read}\\.get\\("[a-z0-9_]+", "[^"]+"\\);`));
    }
    expect(index).toContain('new DomainRegistration("domain_agency_demo_com", {\n  domain: "agency-demo.com",\n  adopt: true,');
    expect(index).toContain('privateKey: config.requireSecret("sslKey_client_shop_net"),');
    expect(index).toContain("// import id: agency-demo.com/www/CNAME");
    expect(JSON.parse(files["package.json"]!).dependencies).toEqual({ "@pulumi/pulumi": "^3.248.0", "pulumi-hosting-reseller": "^0.1.0" });
    expect(files["Pulumi.yaml"]).toContain("  sslKey_client_shop_net:\n    type: string\n    secret: true\n");
    expect(files["README.md"]).toContain("pulumi config set --secret agency:sslKey_client_shop_net < path/to/file");
  });

  it("adopts FTP logins, mailboxes, SSH keys, databases and their users, with the values the API cannot read as required config keys named next to them", () => {
    const index = files["index.ts"]!;
    expect(index).toContain(
      "// Its password cannot be read: it comes from the secret config key\n// ftpPassword_deploy_agency_demo_com; the first `pulumi up` sets it on the login.\n" +
        "// import id: 101/deploy@agency-demo.com\n" +
        'new FtpAccount("ftp_deploy_agency_demo_com", {\n  hostingId: 101,\n  domain: "agency-demo.com",\n  user: "deploy",\n  path: "/public_html",\n' +
        '  password: config.requireSecret("ftpPassword_deploy_agency_demo_com"),\n  adopt: true,\n}, { protect: true });',
    );
    expect(index).toContain(
      "// quota 1024 MB\n// Its password cannot be read: it comes from the secret config key\n" +
        "// mailPassword_contact_agency_demo_com; the first `pulumi up` sets it on the mailbox.\n// import id: 101/contact@agency-demo.com\n" +
        'new EmailAccount("mail_contact_agency_demo_com", {\n  hostingId: 101,\n  domain: "agency-demo.com",\n  user: "contact",\n' +
        '  password: config.requireSecret("mailPassword_contact_agency_demo_com"),\n  quota: 1024,\n  adopt: true,\n}, { protect: true });',
    );
    expect(index).toContain(
      '  password: config.requireSecret("dbPassword_agencyde_wpuser"),\n  databaseType: "MYSQL",\n  adopt: true,\n}, { protect: true });',
    );
    expect(index).toContain("// Its password cannot be read: it comes from the secret config key dbPassword_agencyde_wpuser; the");
    expect(index).toContain(
      '  publicKey: config.require("sshPublicKey_101_a4775108"),\n  comment: "ci-deploy@agency-demo.com",\n  fromIps: ["203.0.113.0/24"],\n  adopt: true,\n}, { protect: true });',
    );
    expect(index).toContain(
      'new Database("db_agencyde_wp", {\n  hostingId: 101,\n  name: "agencyde_wp",\n  databaseType: "MYSQL",\n  adopt: true,\n}, { protect: true });',
    );

    const yaml = files["Pulumi.yaml"]!;
    for (const key of ["ftpPassword_deploy_agency_demo_com", "dbPassword_agencyde_wpuser", "mailPassword_contact_agency_demo_com"])
      expect(yaml).toContain(`  ${key}:\n    type: string\n    secret: true\n`);
    // A public key is not a secret: required, but plain.
    expect(yaml).toMatch(/ {2}sshPublicKey_101_a4775108:\n {4}type: string\n {4}description: /);

    const readme = files["README.md"]!;
    expect(readme).toContain("pulumi config set --secret agency:ftpPassword_deploy_agency_demo_com\n");
    expect(readme).toContain("pulumi config set --secret agency:dbPassword_agencyde_wpuser\n");
    expect(readme).toContain("pulumi config set --secret agency:mailPassword_contact_agency_demo_com\n");
    expect(readme).toContain("pulumi config set agency:sshPublicKey_101_a4775108 < path/to/key.pub\n");
    expect(readme).not.toContain("## Config keys of read-only objects");
  });

  it("never writes a secret the account holds into any file", () => {
    const live = sim.store.hostings["101"]!;
    const secrets = [
      live.ftpAccounts[0]!.password, // the demo seed's FTP password
      live.dbUsers[0]!.password,
      live.emails[0]!.password,
      live.objectStorage.secretKey,
      live.objectStorage.accessKey,
      sim.apiKey,
      privateKey
        .replace(/-----[^-]+-----/g, "")
        .replace(/\s+/g, "")
        .slice(0, 64),
    ];
    for (const [name, text] of Object.entries(files)) {
      for (const secret of secrets) {
        expect(secret.length, name).toBeGreaterThan(8);
        expect(text.replace(/\s+/g, ""), name).not.toContain(secret);
      }
    }
  });

  it("previews as takeovers and reads only, then takes everything over without ordering or creating, changing only the passwords given in config", async () => {
    const declared = (files["index.ts"]!.match(/^new [A-Za-z]+\(/gm) ?? []).length;
    const read = (files["index.ts"]!.match(/^[A-Za-z]+\.get\(/gm) ?? []).length;

    const preview = await stack.preview();
    expect(ops(preview)).toEqual({ create: declared, read });

    // What the account is to hold afterwards: what it holds now, with the passwords given in config.
    const expected = comparable(sim.store);
    const live = expected.hostings["101"]!;
    live.ftpAccounts.find((a) => a.username === "deploy@agency-demo.com")!.password = FTP_PASSWORD;
    live.dbUsers.find((u) => u.name === "agencyde_wpuser")!.password = DB_PASSWORD;
    live.emails.find((m) => m.email === "contact@agency-demo.com")!.password = MAIL_PASSWORD;
    const mark = sim.requests.list().length;
    const up = await stack.up();
    expect(ops(up)).toEqual({ create: declared, read });
    const calls = callsSince(sim, mark);
    for (const operation of DUPLICATING) expect(calls[operation], operation).toBeUndefined();
    // The adoptions set the passwords (one call each) and nothing else: the SSH key already has its comment and addresses.
    expect(calls["ftp.editAccount"]).toBe(1);
    expect(calls["databases.updateUser"]).toBe(1);
    // The mailbox's quota is declared as it is: the adoption sends the password alone.
    expect(calls["email.update"]).toBe(1);
    expect(calls["ssh.editKey"]).toBeUndefined();
    expect(comparable(sim.store)).toEqual(expected);
    expect(sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === "deploy@agency-demo.com")?.password).toBe(FTP_PASSWORD);
    expect(sim.store.hostings["101"]!.dbUsers.find((u) => u.name === "agencyde_wpuser")?.password).toBe(DB_PASSWORD);
    expect(sim.store.hostings["101"]!.emails.find((m) => m.email === "contact@agency-demo.com")?.password).toBe(MAIL_PASSWORD);

    const refreshed = await stack.preview({ refresh: true });
    expect(ops(refreshed)).toEqual({ same: declared, read });
  }, 120_000);

  it("type-checks with its own tsconfig against the installed package", async () => {
    expect(await typeChecked).toEqual({ ok: true, output: "" });
  }, 60_000);

  it("type-checks as generated for a named account (--account), whose every declaration and read names it", async () => {
    expect(await accountTypeChecked).toEqual({ ok: true, output: "" });
    const program = readFileSync(path.join(accountProject!.dir, "index.ts"), "utf8");
    expect(program).toMatch(/^new DnsRecordSet\("[^"]+", \{\n {2}account: "brand-b",$/m);
    expect(program).toMatch(/\.get\("[^"]+", "[^"]+", \{ account: "brand-b" \}\);$/m);
  }, 60_000);
});

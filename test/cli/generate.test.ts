/**
 * `reseller generate` against the simulator's demo account, without running the program: what
 * the selections (`--hosting-id`, `--domain`) include, that a generation only reads, that it is
 * stable, how an object that cannot be declared without a change is handled, and the command
 * itself as a process.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runGenerate, type GenerateCommandOptions } from "../../src/cli/generate";
import { endpoints } from "../../src/client/endpoints";
import { defaultZone, startSimulator, type Simulator } from "../../packages/simulator/src";
import { repositoryRoot, simFlags } from "./helpers";

const run = promisify(execFile);

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo" });
});

afterAll(async () => {
  await sim?.close();
});

/** Runs a generation that prints the program, and returns it with the notes. */
async function generate(options: Partial<GenerateCommandOptions> = {}, version = "v4"): Promise<{ program: string; notes: string[] }> {
  let program = "";
  const notes: string[] = [];
  await runGenerate(
    { ...simFlags(sim, version), project: "agency", hostingId: [], domain: [], ...options },
    (text) => (program += text),
    (line) => notes.push(line),
  );
  return { program, notes };
}

/** The resource names a program declares or reads, in order. */
function names(program: string): string[] {
  return [...program.matchAll(/^(?:new [A-Za-z]+|[A-Za-z]+\.get)\("([^"]+)"/gm)].map((m) => m[1]!);
}

describe("reseller generate selections", () => {
  it("describes one hosting account with --hosting-id: its zones and settings, and no domain registration", async () => {
    const { program } = await generate({ hostingId: ["102"] });

    expect(names(program)).toEqual([
      "dns_staging_agency_com_apex_A",
      "dns_staging_agency_com_apex_MX",
      "dns_staging_agency_com_apex_TXT",
      "dns_staging_agency_com_mail_A",
      "dns_staging_agency_com_www_CNAME",
    ]);
    expect(program).toContain("// ---- DNS zone staging-agency.com (hosting account 102) ----");
    expect(program).not.toContain("DomainRegistration");
  });

  it("describes one domain with --domain: its registration, zone and per-domain hosting objects, nothing account-wide", async () => {
    const { program } = await generate({ domain: ["Client-Shop.net"] });

    expect(names(program)).toEqual([
      "domain_client_shop_net",
      "dns_client_shop_net_apex_A",
      "dns_client_shop_net_apex_MX",
      "dns_client_shop_net_apex_TXT",
      "dns_client_shop_net_mail_A",
      "dns_client_shop_net_www_CNAME",
      "redirect_client_shop_net",
    ]);
    expect(program).toContain('Redirection.get("redirect_client_shop_net", "101/client-shop.net");');
  });

  it("reads the zone of a domain without hosting by the domain alone", async () => {
    sim.store.domains["side-project.org"] = {
      ...structuredClone(sim.store.domains["client-shop.net"]!),
      domain: "side-project.org",
      unicode: "side-project.org",
      sld: "side-project",
      tld: "org",
    };
    sim.store.zones["side-project.org"] = defaultZone("side-project.org");
    try {
      const { program } = await generate({ domain: ["side-project.org"] });

      expect(program).toContain("// ---- DNS zone side-project.org (addressed by the domain alone) ----");
      expect(program).toContain('new DnsRecordSet("dns_side_project_org_www_CNAME", {\n  domain: "side-project.org",\n  name: "www",');
    } finally {
      delete sim.store.domains["side-project.org"];
      delete sim.store.zones["side-project.org"];
    }
  });

  it("fails on a hosting account or a domain the account does not have, naming what it has", async () => {
    await expect(generate({ hostingId: ["999"] })).rejects.toThrow(
      "Hosting account 999 is not in this reseller account (hosting accounts found: 101, 102)",
    );
    await expect(generate({ domain: ["nowhere.example"] })).rejects.toThrow(
      /^Domain nowhere\.example is neither in this reseller account's domain list nor attached to one of its hosting accounts \(domains found: agency-demo\.com, client-shop\.net, .*\)$/,
    );
    await expect(generate({ hostingId: ["abc"] })).rejects.toThrow(
      '--hosting-id must be a hosting account id (a positive whole number), got "abc"',
    );
  });
});

describe("reseller generate", () => {
  it("sends read operations only", async () => {
    const mark = sim.requests.list().length;
    await generate();

    const sent = sim.requests.list().slice(mark);
    expect(sent.length).toBeGreaterThan(20);
    const table = endpoints as Record<string, { safety: string }>;
    // Besides reads, only GETs that no operation answers: the client's request for a path that
    // cannot exist, made once to tell a missing object's 404 from a missing route's.
    const others = sent.filter((entry) => table[entry.key]?.safety !== "read");
    expect(others.map((entry) => `${entry.method} ${entry.path}`)).toEqual(
      others.map(() => expect.stringMatching(/^GET \/v4\/reseller-no-such-route-[0-9a-f]{12}$/)),
    );
    expect(others.length).toBeLessThanOrEqual(1);
  });

  it("writes the same program for the same account", async () => {
    const first = await generate();
    const second = await generate();

    expect(second.program).toBe(first.program);
    expect(first.program).toMatch(/^\/\/ agency: a reseller account as Pulumi resources \(the whole account\)\./);
  });

  it("writes a program for a named account with --account: the account on every declaration and every read", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "generate-account-"));
    try {
      const accounts = JSON.stringify({ "brand-b": { apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, maxAttempts: 1 } });
      // The top-level keys point nowhere: everything must be read through the named account.
      await runGenerate(
        {
          apiUrl: "http://127.0.0.1:9",
          apiUser: "nobody",
          apiKey: "nothing",
          accounts,
          account: "brand-b",
          project: "brand-b",
          hostingId: [],
          domain: [],
          out: dir,
        },
        () => undefined,
        () => undefined,
      );
      const program = readFileSync(path.join(dir, "index.ts"), "utf8");
      const declarations = [...program.matchAll(/^new [A-Za-z]+\("[^"]+", \{\n(.*)\n/gm)].map((m) => m[1]!.trim());
      const reads = [...program.matchAll(/^[A-Za-z]+\.get\(.*$/gm)].map((m) => m[0]);
      expect(declarations.length).toBeGreaterThan(10);
      expect(new Set(declarations)).toEqual(new Set(['account: "brand-b",']));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).toMatch(/, \{ account: "brand-b" \}\);$/);
      const readme = readFileSync(path.join(dir, "README.md"), "utf8");
      expect(readme).toContain("pulumi config set --secret --path 'reseller:accounts.brand-b.apiKey' <api key>");
      expect(readme).toContain(`pulumi config set --path 'reseller:accounts.brand-b.apiUrl' ${sim.url}`);
      expect(readme).not.toContain("pulumi config set reseller:apiUser");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads an object it cannot declare without a change, and says why", async () => {
    // Redis switched on but not running: declaring it enabled would start it.
    sim.store.hostings["101"]!.cache.redis = { enabled: true, active: false, items: 0 };
    try {
      const { program, notes } = await generate({ hostingId: ["101"] });

      expect(program).toContain(
        "// Read only: declaring it would change enabled; fix the object in the account, or declare it as you\n" +
          "// want it.\n" +
          "// import id: 101/redis\n" +
          'CacheService.get("cache_agencyde_redis", "101/redis");',
      );
      expect(notes).toContain("note: CacheService 101/redis is read, not declared: declaring it would change enabled");
    } finally {
      sim.store.hostings["101"]!.cache.redis = { enabled: false, active: false, items: 0 };
    }
  });

  it("gives each adopted object its own config key, even where two logins spell the same key", async () => {
    const ftp = sim.store.hostings["101"]!.ftpAccounts;
    const seeded = structuredClone(ftp);
    ftp.push(
      { id: 91, username: "ci.bot@agency-demo.com", domain: "agency-demo.com", path: "/public_html", password: "Ci-Bot-Pass-2026" },
      { id: 92, username: "ci_bot@agency-demo.com", domain: "agency-demo.com", path: "/public_html", password: "Ci-Bot-Pass-2027" },
    );
    try {
      const { program } = await generate({ hostingId: ["101"] });

      expect(program).toContain(
        '  user: "ci.bot",\n  path: "/public_html",\n  password: config.requireSecret("ftpPassword_ci_bot_agency_demo_com"),',
      );
      expect(program).toContain(
        '  user: "ci_bot",\n  path: "/public_html",\n  password: config.requireSecret("ftpPassword_ci_bot_agency_demo_com_2"),',
      );
    } finally {
      sim.store.hostings["101"]!.ftpAccounts = seeded;
    }
  });

  it("says next to a database user on API v2 that its password cannot be set on adoption", async () => {
    const { program } = await generate({ hostingId: ["101"] }, "v2");

    expect(program).toContain(
      "// Its password cannot be read: it comes from the secret config key dbPassword_agencyde_wpuser; API\n" +
        "// v2 cannot set it on adoption, so give the user's current password.\n" +
        "// import id: 101/agencyde_wpuser\n" +
        'new DatabaseUser("db_user_agencyde_wpuser", {',
    );
  });

  it("leaves out on API v2 what v2 cannot read, and says so", async () => {
    const { program, notes } = await generate({}, "v2");

    expect(program).not.toContain("DomainRegistration");
    expect(program).toContain('new WafDisabledRules("waf_agency_demo_com", {');
    expect(notes).toContain(
      "note: API v2 has no listing of the account's domains: no DomainRegistration is generated, and only zones of hosting domains are read",
    );
    expect(notes.find((n) => n.startsWith("note: Not generated:"))).toContain(
      "PhpOptions (API v2 has no php.listVersions, php.getOptions)",
    );
  });

  it("writes with --import-file alone an import file of what the program would hold, under the plugin's tokens, and no program", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "reseller-import-file-"));
    const file = path.join(dir, "import.json");
    try {
      const { program, notes } = await generate({ domain: ["client-shop.net"], importFile: file });
      const withProgram = await generate({ domain: ["client-shop.net"] });
      expect(program).toBe("");
      const { resources } = JSON.parse(readFileSync(file, "utf8")) as { resources: { type: string; name: string; id: string }[] };
      // Everything the program declares or reads, with its name and id, but the redirection.
      const programIds = [
        ...withProgram.program.matchAll(/^\/\/ import id: (.+)\n(?:new ([A-Za-z]+)\("([^"]+)"|([A-Za-z]+)\.get\("([^"]+)")/gm),
      ].map((m) => ({
        type: `reseller:index:${m[2] ?? m[4]}`,
        name: m[3] ?? m[5],
        id: m[1],
      }));
      expect(programIds.some((r) => r.type === "reseller:index:Redirection")).toBe(true);
      expect(resources).toEqual(programIds.filter((r) => r.type !== "reseller:index:Redirection"));
      expect(notes).toContain(
        `note: not in ${file}: redirect_client_shop_net (101/client-shop.net): Redirection: the API never returns its destination, and without it the first \`up\` would replace the redirection: import it yourself with the destination at the end of the id (\`pulumi import reseller:index:Redirection <name> <hostingId>/<domain>/<destinationUrl>\`)`,
      );
      expect(notes.find((n) => n.startsWith(`Wrote ${file}`))).toContain(
        `${resources.length} resource(s) for \`pulumi import --file ${file}\``,
      );

      await expect(generate({ domain: ["client-shop.net"], importFile: file })).rejects.toThrow(
        `${file} already exists; use --force to overwrite`,
      );
      await expect(generate({ domain: ["client-shop.net"], importFile: file, force: true })).resolves.toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves out of the import file an object it reads because declaring it would change it", async () => {
    sim.store.hostings["101"]!.cache.redis = { enabled: true, active: false, items: 0 };
    const dir = mkdtempSync(path.join(tmpdir(), "reseller-import-file-"));
    try {
      const { notes } = await generate({ hostingId: ["101"], importFile: path.join(dir, "import.json") });
      const { resources } = JSON.parse(readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: { id: string }[] };
      expect(resources.map((r) => r.id)).not.toContain("101/redis");
      expect(notes.some((n) => n.includes("cache_agencyde_redis (101/redis): CacheService 101/redis would change on the first `up`"))).toBe(
        true,
      );
    } finally {
      sim.store.hostings["101"]!.cache.redis = { enabled: false, active: false, items: 0 };
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses --import-file with --account before any API call: an import file cannot name the account", async () => {
    const accounts = JSON.stringify({ "brand-b": { apiUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey } });
    const before = sim.requests.list().length;
    await expect(generate({ accounts, account: "brand-b", importFile: path.join(tmpdir(), "never-written.json") })).rejects.toThrow(
      /--import-file cannot be used with --account/,
    );
    expect(sim.requests.list().length).toBe(before);
  });

  it("writes the project with --out as a command, and refuses to overwrite it without --force", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "reseller-generate-"));
    const args = [
      "--import",
      "tsx",
      path.join(repositoryRoot, "src/cli/index.ts"),
      "generate",
      "--out",
      dir,
      "--project",
      "agency",
      "--domain",
      "xn--caf-dma.com",
    ];
    const env = { ...process.env, RESELLER_API_URL: sim.url, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey };
    try {
      const { stderr } = await run(process.execPath, args, { cwd: repositoryRoot, env });
      expect(stderr).toContain("declared resource(s)");
      expect(readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);

      // Refused before any API call: the account is not read for a program that cannot be written.
      const before = sim.requests.list().length;
      const again = run(process.execPath, args, { cwd: repositoryRoot, env });
      await expect(again).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          "already has index.ts, Pulumi.yaml, package.json, tsconfig.json, README.md; use --force to overwrite",
        ),
      });
      expect(sim.requests.list().length).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it("depends on the registry range of its own version by default, and on the spec --package-spec names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "reseller-generate-"));
    const { version } = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as { version: string };
    const dependency = () =>
      (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies[
        "pulumi-hosting-reseller"
      ];
    try {
      await generate({ out: dir, domain: ["xn--caf-dma.com"] });
      expect(dependency()).toBe(`^${version}`);

      await generate({ out: dir, domain: ["xn--caf-dma.com"], force: true, packageSpec: "file:../pulumi-hosting-reseller-0.1.0.tgz" });
      expect(dependency()).toBe("file:../pulumi-hosting-reseller-0.1.0.tgz");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a --package-spec that is blank, padded or without --out, before any API call", async () => {
    const mark = sim.requests.list().length;
    const dir = path.join(tmpdir(), "reseller-generate-never-written");
    await expect(generate({ out: dir, packageSpec: " " })).rejects.toThrow(
      '--package-spec must be an npm dependency spec such as "^0.1.0"',
    );
    await expect(generate({ out: dir, packageSpec: " ^0.1.0" })).rejects.toThrow('got " ^0.1.0"');
    await expect(generate({ out: dir, packageSpec: "^0.1.0\nfoo" })).rejects.toThrow("--package-spec must be an npm dependency spec");
    await expect(generate({ packageSpec: "^0.1.0" })).rejects.toThrow(
      "--package-spec needs --out: it goes into the generated package.json",
    );
    expect(sim.requests.list().length).toBe(mark);
  });
});

describe("reseller generate on an account whose routes differ from the table", () => {
  it("fails naming the missing route rather than printing a program without what that listing holds", async () => {
    const moved = await startSimulator({
      seed: "demo",
      routes: { "ssh.listKeys": { v4: { method: "GET", path: "/v4/hosting/keys" } } },
      unknownRoute: "html",
    });
    try {
      let program = "";
      const run = runGenerate(
        { ...simFlags(moved), project: "agency", hostingId: [], domain: [] },
        (text) => (program += text),
        () => undefined,
      );
      await expect(run).rejects.toThrow(/ssh\.listKeys has no route at API v4 GET \/v4\/hosting\/ssh-keys .*reseller probe/);
      expect(program).toBe("");
    } finally {
      await moved.close();
    }
  });
});

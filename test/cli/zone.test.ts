/**
 * `reseller zone export` and `reseller zone import` against the simulator's demo account: the
 * zone file and the declarations an export writes, the program an import writes (record sets
 * the zone has marked `adopt: true`), that neither changes the account, and the refusals, each
 * one line naming the file's line or the flag. The program is deployed through the real CLI by
 * test/engine/zone-files.test.ts.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runZoneExport, runZoneImport, type ZoneExportOptions, type ZoneImportOptions } from "../../src/cli/zone";
import { endpoints } from "../../src/client/endpoints";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { repositoryRoot, simFlags } from "./helpers";

const run = promisify(execFile);

let sim: Simulator;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo" });
  dir = mkdtempSync(path.join(tmpdir(), "reseller-zone-"));
});

afterAll(async () => {
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exportZone(options: Partial<ZoneExportOptions> & { domain: string }): Promise<{ text: string; notes: string[] }> {
  let text = "";
  const notes: string[] = [];
  await runZoneExport(
    { ...simFlags(sim), ...options },
    (t) => (text += t),
    (line) => notes.push(line),
  );
  return { text, notes };
}

async function importZones(
  files: string[],
  options: Partial<ZoneImportOptions> = {},
  connection: Record<string, string> = simFlags(sim),
): Promise<{ text: string; notes: string[] }> {
  let text = "";
  const notes: string[] = [];
  await runZoneImport(
    files,
    { ...connection, ...options },
    (t) => (text += t),
    (line) => notes.push(line),
  );
  return { text, notes };
}

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

/** The operations sent since `mark` that are not reads of the endpoint table. */
function writesSince(mark: number): string[] {
  const table = endpoints as Record<string, { safety: string }>;
  // Besides reads, only the client's GET of a path that cannot exist (src/client/route-check.ts).
  return sim.requests
    .list()
    .slice(mark)
    .filter((entry) => table[entry.key]?.safety !== "read" && !/reseller-no-such-route/.test(entry.path))
    .map((entry) => entry.key);
}

describe("reseller zone export", () => {
  it("writes the demo zone as an RFC 1035 zone file: the apex NS as comments, no SOA, read operations only", async () => {
    const mark = sim.requests.list().length;
    const { text } = await exportZone({ domain: "Agency-Demo.com" });

    expect(text).toBe(
      [
        "; agency-demo.com: DNS zone read from the API by `reseller zone export` (hosting account 101).",
        "; No SOA: the API keeps none; the platform writes it.",
        "; The apex NS records are the platform's: they are comments here, and `reseller zone import` leaves them out.",
        "$ORIGIN agency-demo.com.",
        "; @    86400 IN NS    nsa.n0c.com.",
        "; @    86400 IN NS    nsb.n0c.com.",
        "; @    86400 IN NS    nsc.n0c.com.",
        "@    14400 IN A     198.51.100.10",
        "@    14400 IN MX    0 mail.agency-demo.com.",
        '@    14400 IN TXT   "v=spf1 +a +mx ~all"',
        "mail 14400 IN A     198.51.100.10",
        "www  14400 IN CNAME agency-demo.com.",
        "",
      ].join("\n"),
    );
    expect(writesSince(mark)).toEqual([]);
  });

  it("writes the zone as DnsRecordSet declarations with --format program, each adopted and protected", async () => {
    const { text } = await exportZone({ domain: "staging-agency.com", format: "program" });

    expect(text).toContain("// Written by `reseller zone export --format program` from the live zone.");
    expect(text).toContain(
      [
        "// The zone has it: adopt: true takes it over as it is.",
        "// import id: staging-agency.com/@/MX",
        'new DnsRecordSet("dns_staging_agency_com_apex_MX", {',
        "  hostingId: 102,",
        '  domain: "staging-agency.com",',
        '  name: "@",',
        '  type: "MX",',
        "  ttl: 14400,",
        '  records: [{ value: "mail.staging-agency.com.", priority: 0 }],',
        "  adopt: true,",
        "}, { protect: true });",
      ].join("\n"),
    );
    expect(text.match(/^new DnsRecordSet\(/gm)).toHaveLength(5);
  });

  it("refuses a format it does not write and a zone the account does not have, in one line", async () => {
    await expect(exportZone({ domain: "agency-demo.com", format: "json" })).rejects.toThrow('--format must be bind or program, got "json"');
    await expect(exportZone({ domain: "agency demo.com" })).rejects.toThrow(/^--domain: /);
    await expect(exportZone({ domain: "not-in-account.com" })).rejects.toThrow(
      "The account has no DNS zone not-in-account.com: the API answered not found for the zone, read by the domain alone",
    );
  });
});

describe("reseller zone import", () => {
  it("writes the program of an exported zone, marking the record sets the zone has adopt: true, and changes nothing", async () => {
    const exported = (await exportZone({ domain: "client-shop.net" })).text;
    const zoneFile = file(
      "client-shop.net.zone",
      `${exported.replace("@    14400 IN A     198.51.100.10", "@    14400 IN A     198.51.100.99")}new 300 IN AAAA 2001:db8::5\n`,
    );
    const out = path.join(dir, "client-shop");
    const mark = sim.requests.list().length;
    const { notes } = await importZones([zoneFile], { out });

    expect(writesSince(mark)).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(["Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
    const index = readFileSync(path.join(out, "index.ts"), "utf8");
    expect(index).toContain(`// Written by \`reseller zone import\` from ${zoneFile}.`);
    expect(index).toContain(
      [
        `// From ${zoneFile}, line 8.`,
        "// The zone has it with other records or another TTL: adopt: true takes it over, and the first",
        "// `pulumi up` writes these.",
        "// import id: client-shop.net/@/A",
      ].join("\n"),
    );
    expect(index).toContain(
      [
        `// From ${zoneFile}, line 13.`,
        "// The zone does not have it: the first `pulumi up` creates it.",
        "// import id: client-shop.net/new/AAAA",
        'new DnsRecordSet("dns_client_shop_net_new_AAAA", {',
        "  hostingId: 101,",
        '  domain: "client-shop.net",',
        '  name: "new",',
        '  type: "AAAA",',
        "  ttl: 300,",
        '  records: ["2001:db8::5"],',
        "});",
      ].join("\n"),
    );
    expect(index.match(/adopt: true,\n\}, \{ protect: true \}\);/g)).toHaveLength(5);
    expect(readFileSync(path.join(out, "README.md"), "utf8")).toContain("Record sets the zone already has are declared with `adopt: true`");
    expect(notes).toEqual([
      "note: client-shop.net/@/A: the zone's records differ from the file's; the first `pulumi up` writes the file's",
      `Wrote ${["index.ts", "Pulumi.yaml", "package.json", "tsconfig.json", "README.md"].map((f) => path.join(out, f)).join(", ")}: 6 record set(s), 5 of them adopted.`,
    ]);
  });

  it("names the zone of each file by its $ORIGIN, and notes the record sets the zone has that the files leave out", async () => {
    const a = file("a.zone", "$ORIGIN xn--caf-dma.com.\n$TTL 14400\n@ A 198.51.100.10\n");
    const b = file("b.zone", "$ORIGIN legacy-brand.org.\n$TTL 14400\nwww CNAME @\n");
    const { text, notes } = await importZones([a, b]);

    expect(text.match(/^new DnsRecordSet\("[^"]+"/gm)).toEqual([
      'new DnsRecordSet("dns_legacy_brand_org_www_CNAME"',
      'new DnsRecordSet("dns_xn_caf_dma_com_apex_A"',
    ]);
    expect(notes).toEqual([
      "note: legacy-brand.org: the zone also has @ A, @ MX, @ TXT, mail A, which the program does not declare: they are left as they are",
      "note: xn--caf-dma.com: the zone also has @ MX, @ TXT, mail A, www CNAME, which the program does not declare: they are left as they are",
    ]);
  });

  it("without credentials reads nothing and marks nothing adopt: true, saying so", async () => {
    const zoneFile = file("plain.zone", "$TTL 60\nwww A 198.51.100.7\n");
    const { text, notes } = await importZones([zoneFile], { domain: "example.com" }, {});

    expect(text).not.toMatch(/^\s*adopt: true,$/m);
    expect(text).toContain("// The account was not read (no credentials were given)");
    expect(notes).toEqual(["note: no credentials were given, so the account was not read: no record set is marked adopt: true"]);
  });

  it("refuses a non-empty --out folder before reading the account", async () => {
    const out = path.join(dir, "taken");
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "notes.txt"), "mine\n");
    const mark = sim.requests.list().length;

    await expect(importZones([file("x.zone", "$TTL 60\nwww A 198.51.100.7\n")], { domain: "agency-demo.com", out })).rejects.toThrow(
      `${out} is not empty; choose an empty folder, or use --force to write the program's files into it`,
    );
    expect(sim.requests.list().length).toBe(mark);
  });

  it("refuses a file's problem before reading the account, naming the file and its line", async () => {
    const bad = file("bad.zone", "$ORIGIN agency-demo.com.\n$TTL 60\nwww A 198.51.100.7\n_ssh._tcp SSHFP 1 1 abcdef\n");
    const mark = sim.requests.list().length;

    await expect(importZones([bad])).rejects.toThrow(
      `${bad}:4: record type SSHFP is not one the API takes (A, AAAA, CNAME, MX, MXE, TXT, NS, SRV, CAA)`,
    );
    await expect(importZones([bad, bad], { domain: "agency-demo.com" })).rejects.toThrow("--domain names the zone of one file");
    expect(sim.requests.list().length).toBe(mark);
  });

  it("exits 1 with one line as a command", async () => {
    const bad = file("outside.zone", "$TTL 60\nwww.example.org. A 198.51.100.7\n");
    const args = ["--import", "tsx", path.join(repositoryRoot, "src/cli/index.ts"), "zone", "import", bad, "--domain", "example.com"];
    const env = { ...process.env, RESELLER_API_USER: "", RESELLER_API_KEY: "" };

    await expect(run(process.execPath, args, { cwd: repositoryRoot, env })).rejects.toMatchObject({
      code: 1,
      stderr: `reseller: ${bad}:2: "www.example.org." is not inside the zone example.com\n`,
    });
  }, 20_000);
});

/**
 * Data sources of a hosting account's DNS, firewall and access against the simulator on every
 * version: DNS zone, WAF rules and paged WAF logs, FTP accounts and connections, SSH keys,
 * databases and database users.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import {
  getDatabaseUsers,
  getDatabases,
  getDnsZone,
  getFtpAccounts,
  getFtpConnections,
  getSshKeys,
  getWafLogs,
  getWafRules,
} from "../../src/data-sources";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();
const ALL: ApiVersion[] = ["v4", "v3", "v2"];

describe.each(ALL)("hosting access data sources on %s", (version) => {
  beforeEach(() => t.use(version));

  it("reads a zone attached to a hosting account, with names relative to the zone", async () => {
    const zone = await getDnsZone({ domain: "agency-demo.com.", hostingId: 101 });
    expect(zone.domain).toBe("agency-demo.com");
    const www = zone.recordSets.find((s) => s.type === "CNAME");
    expect(www).toMatchObject({ name: "www.agency-demo.com.", relativeName: "www", ttl: 14400, records: [{ value: "agency-demo.com." }] });
    const mx = zone.recordSets.find((s) => s.type === "MX");
    expect(mx).toMatchObject({ relativeName: "@", records: [{ value: "mail.agency-demo.com.", priority: 0 }] });
    const nameservers = zone.recordSets.filter((s) => s.type === "NS").flatMap((s) => s.records.map((r) => r.value));
    expect(nameservers).toEqual(["nsa.n0c.com.", "nsb.n0c.com.", "nsc.n0c.com."]);
  });

  it("reads the firewall rules with the domain's disabled rule", async () => {
    const waf = await getWafRules({ hostingId: 101, domain: "agency-demo.com" });
    expect(waf.allRulesRange).toBe("900000-999999");
    expect(waf.groups.find((g) => g.description === "SQL injection")?.ranges).toEqual([{ from: 942100, to: 942560 }]);
    expect(waf.disabledRules).toEqual([{ from: 920350, to: 920350 }]);
    expect(waf.disabledRuleIds).toEqual([920350]);
  });

  it("pages through the firewall log by offset without gaps or repeats", async () => {
    const args = { hostingId: 101, domain: "agency-demo.com", size: 25 };
    const seen: string[] = [];
    let offset: number | undefined = 0;
    let pages = 0;
    while (offset !== undefined) {
      const page = await getWafLogs({ ...args, offset });
      expect(page.offset).toBe(offset);
      seen.push(...page.hits.map((h) => `${h.timestamp}|${h.uri}`));
      offset = page.nextOffset;
      pages++;
    }
    // The simulator's log holds 60 hits: pages of 25, 25 and 10.
    expect(pages).toBe(3);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    const timestamps = seen.map((s) => Date.parse(s.split("|")[0]!));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => b - a));
  });

  it("reads a firewall log hit with its rule, request and origin", async () => {
    const { hits } = await getWafLogs({ hostingId: 101, domain: "agency-demo.com", size: 1, order: "asc" });
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit).toMatchObject({ responseStatus: 403, localPort: 443, host: "agency-demo.com", headers: { Host: "agency-demo.com" } });
    expect(hit.ruleId).toBeGreaterThanOrEqual(900000);
    expect(hit.clientPort).toEqual(expect.any(Number));
    expect(hit.geo?.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(hit.messages[0]).toMatchObject({ ruleId: String(hit.ruleId), severity: "CRITICAL" });
  });

  it("rejects a firewall log window bound that is not an ISO instant before any request", async () => {
    await expect(getWafLogs({ hostingId: 101, domain: "agency-demo.com", after: "yesterday" })).rejects.toThrow(/argument "after"/);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("reads FTP accounts with the user and domain split out", async () => {
    expect((await getFtpAccounts({ hostingId: 101 })).accounts).toEqual([
      { id: 11, username: "deploy@agency-demo.com", ftpUser: "deploy", domain: "agency-demo.com", path: "/public_html" },
    ]);
  });

  it("reads the open FTP sessions", async () => {
    expect((await getFtpConnections({ hostingId: 101 })).connections).toEqual([
      {
        pid: "4211",
        account: "deploy@agency-demo.com",
        seconds: 42,
        state: "IDLE",
        clientHost: "203.0.113.7",
        localHost: "198.51.100.10",
        localPort: 21,
      },
    ]);
    expect((await getFtpConnections({ hostingId: 102 })).connections).toEqual([]);
  });

  it("reads the SSH keys by fingerprint", async () => {
    expect((await getSshKeys({ hostingId: 101 })).keys).toEqual([
      { fingerprint: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7", comment: "ci-deploy@agency-demo.com", fromIps: ["203.0.113.0/24"] },
    ]);
  });

  it("reads the databases with each user's privileges, and the database users", async () => {
    expect((await getDatabases({ hostingId: 101 })).databases).toEqual([
      { name: "agencyde_wp", grants: [{ user: "agencyde_wpuser", privileges: ["ALL PRIVILEGES"] }] },
    ]);
    expect((await getDatabaseUsers({ hostingId: 101 })).users).toEqual(["agencyde_wpuser"]);
    expect((await getDatabases({ hostingId: 102 })).databases).toEqual([]);
  });

  it("fails with a not-found error naming an unknown hosting account", async () => {
    await expect(getSshKeys({ hostingId: 999 })).rejects.toMatchObject({ code: "not-found", message: expect.stringContaining("999") });
  });
});

describe("version differences of the hosting access data sources", () => {
  it("reads a zone of a domain without hosting by the domain alone", async () => {
    await t.use("v4");
    const zone = await getDnsZone({ domain: "client-shop.net" });
    expect(zone.hostingId).toBeUndefined();
    expect(zone.recordSets.find((s) => s.type === "A" && s.relativeName === "@")?.records).toEqual([{ ip: "198.51.100.10" }]);
  });

  it("looks the v3 hosting username up once for several data sources", async () => {
    await t.use("v3");
    await getSshKeys({ hostingId: 101 });
    await getFtpAccounts({ hostingId: 101 });
    await getDnsZone({ domain: "agency-demo.com", hostingId: 101 });
    expect(t.sim.requests.count("v3.hosting.listAccounts")).toBe(1);
  });

  it("sends no hosting username on v4 and v2, so no hosting listing is read", async () => {
    for (const version of ["v4", "v2"] as const) {
      await t.use(version);
      await getSshKeys({ hostingId: 101 });
      expect(t.sim.requests.count("hosting.listAccounts")).toBe(0);
    }
  });

  it("lists PostgreSQL databases when asked on v4 and v3", async () => {
    for (const version of ["v4", "v3"] as const) {
      await t.use(version);
      const result = await getDatabases({ hostingId: 101, databaseType: "POSTGRES" });
      expect(result).toEqual({ hostingId: 101, databaseType: "POSTGRES", databases: [] });
    }
  });

  it("refuses a database type on v2, naming the argument and the version, without a request", async () => {
    await t.use("v2");
    await expect(getDatabaseUsers({ hostingId: 101, databaseType: "MYSQL" })).rejects.toThrow(
      /argument "databaseType" is not available in API v2/,
    );
    expect(t.sim.requests.count()).toBe(0);
  });
});

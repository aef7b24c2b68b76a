/**
 * Issue 12 item 7: at least 50 generated bad inputs per resource type, for every type of the
 * registry, each refused by `check` naming its property, with no API call. The figures come
 * from the same run as the reliability report's (`scripts/reliability/bad-inputs.ts`), so the
 * report and this suite cannot disagree.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_INPUT_CLASSES,
  badInputs,
  baseInputs,
  judge,
  material,
  runBadInputs,
  simulatorConfig,
  type BadInputFigures,
} from "../../scripts/reliability/bad-inputs";
import { configure, reset } from "../../src/runtime";
import { RESOURCES } from "../../src/resources/registry";
import { startSimulator, type Simulator } from "../../packages/simulator/src";

describe("bad inputs of every resource type", () => {
  let figures: BadInputFigures;
  beforeAll(async () => {
    figures = await runBadInputs();
  }, 120_000);

  it("tries at least 50 for each of the registry's types, and at least 6,000 in all", () => {
    expect(Object.keys(figures.perType)).toEqual(Object.keys(RESOURCES));
    const thin = Object.entries(figures.perType).filter(([, t]) => t.tried < 50);
    expect(thin).toEqual([]);
    expect(figures.badInputsTried).toBeGreaterThanOrEqual(6000);
  });

  it("tries some of every class, counts each apart, and accepts none of any", () => {
    expect(Object.keys(figures.perClass)).toEqual([...BAD_INPUT_CLASSES]);
    expect(Object.entries(figures.perClass).filter(([, t]) => t.tried === 0)).toEqual([]);
    expect(Object.entries(figures.perClass).filter(([, t]) => t.accepted > 0)).toEqual([]);
    expect(Object.values(figures.perClass).reduce((n, t) => n + t.tried, 0)).toBe(figures.badInputsTried);
  });

  it("refuses every one in check, naming its property and quoting at most 60 characters, with no request sent", () => {
    expect(figures.accepted).toEqual([]);
    expect(figures.badInputsAccepted).toBe(0);
    expect(Object.values(figures.perType).every((t) => t.accepted === 0)).toBe(true);
  });
});

describe("the bad-input generator and its judge", () => {
  let sim: Simulator;
  const m = material();
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo" });
    await configure({ config: simulatorConfig(sim) });
  });
  afterAll(async () => {
    await reset();
    await sim.close();
  });

  it("makes every bad input from a base that differs only at the property it names", () => {
    const bases = baseInputs(m);
    for (const c of badInputs(m)) {
      const top = c.property.split(/[.[]/)[0]!;
      const { [top]: _changed, ...rest } = c.inputs;
      const { [top]: _original, ...baseRest } = bases[c.type];
      expect(rest, `${c.type} ${c.property} (${c.rule})`).toEqual(baseRest);
    }
  });

  it("makes the normalisation classes for every resource that has a path, a user name, a country or a record target", () => {
    const where = new Set(
      badInputs(m)
        .filter(
          (c) =>
            ![
              "wrong JSON type",
              "text rules",
              "numbers out of bounds",
              "list lengths",
              "missing or null",
              "unknown property",
              "look-alike values",
            ].includes(c.class),
        )
        .map((c) => `${c.class}: ${c.type}.${c.property.replace(/\[\d+\]/g, "[]")}`),
    );
    expect([...where].sort()).toEqual([
      "CNAME at the apex: DnsRecordSet.name",
      "CNAME at the apex: DnsZone.recordSets[].name",
      "CNAME beside other records: DnsRecordSet.records",
      "CNAME beside other records: DnsZone.recordSets",
      "CNAME beside other records: DnsZone.recordSets[].records",
      "MX, NS and SRV targets that are IPs or URLs: DnsZone.recordSets[].records[]",
      "MX, NS and SRV targets that are IPs or URLs: DnsZone.recordSets[].records[].value",
      "code points NFKC changes: CronJob.command",
      "code points NFKC changes: Database.name",
      "code points NFKC changes: DatabaseUser.name",
      "code points NFKC changes: DatabaseUserGrant.database",
      "code points NFKC changes: DatabaseUserGrant.user",
      "code points NFKC changes: EmailAccount.user",
      "code points NFKC changes: FtpAccount.path",
      "code points NFKC changes: FtpAccount.user",
      "code points NFKC changes: ObjectStorageUrl.uri",
      "code points NFKC changes: Redirection.destinationUrl",
      "dot segments after normalisation: FtpAccount.path",
      "dot segments after normalisation: ObjectStorageUrl.uri",
      "dot segments after normalisation: Redirection.destinationUrl",
      "non-ISO 3166-1 country codes: DomainRegistration.adminContact.countryCode",
      "non-ISO 3166-1 country codes: DomainRegistration.registrant.countryCode",
      "non-ISO 3166-1 country codes: SslCsr.countryCode",
    ]);
  });

  it("counts a valid input as accepted, so that a run with none accepted says something", async () => {
    const verdict = await judge({ type: "CronJob", property: "schedule", inputs: baseInputs(m).CronJob, value: "30 2 * * 1-5" }, sim);
    expect(verdict).toEqual({ accepted: true, why: "check accepted it" });
  });

  it("counts a refusal that names another property as accepted", async () => {
    const inputs = { ...baseInputs(m).CronJob, hostingId: -1, schedule: "H 0 * * *" };
    const verdict = await judge({ type: "CronJob", property: "command", inputs, value: "" }, sim);
    expect(verdict.accepted).toBe(true);
    expect(verdict.why).toMatch(/not on command/);
  });

  it("refuses the issue's examples, each on its property", async () => {
    const cases = [
      { type: "DomainRegistration" as const, property: "domain", value: "evil.org/agency-demo.com" },
      { type: "DomainRegistration" as const, property: "domain", value: "www.example.com" },
      { type: "DnsZone" as const, property: "domain", value: "xn--zz-invalid.com" },
      { type: "DomainNameservers" as const, property: "nameservers", value: ["192.0.2.53", "ns2.example.net"] },
      { type: "CronJob" as const, property: "schedule", value: "H 0 * * *" },
      { type: "CronJob" as const, property: "schedule", value: "0 0 ? * 1#2" },
      { type: "SshKey" as const, property: "comment", value: "ci\u0000" },
      { type: "FtpAccount" as const, property: "path", value: "/public_html/\u202egpj.exe" },
      { type: "SslCsr" as const, property: "organizationName", value: "x".repeat(100_000) },
      { type: "FtpAccount" as const, property: "path", value: "/public_html/\uff0e\uff0e/\uff0e\uff0e/etc" },
      { type: "FtpAccount" as const, property: "path", value: "/public_html/\u2025/etc" },
      { type: "SslCsr" as const, property: "countryCode", value: "XX" },
      { type: "DnsRecordSet" as const, property: "name", value: "@" },
    ];
    for (const c of cases) {
      const verdict = await judge({ ...c, inputs: { ...baseInputs(m)[c.type], [c.property]: c.value } }, sim);
      expect(verdict, `${c.type}.${c.property} = ${String(c.value).slice(0, 40)}`).toEqual({ accepted: false });
    }
  });
});

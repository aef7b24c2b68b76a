import { afterEach, describe, expect, it, vi } from "vitest";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { defaultZone } from "../../packages/simulator/src/seed";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

/** The demo seed's zone of agency-demo.com without its apex NS sets, as a program writes it. */
const DEFAULT_SETS = [
  { name: "@", type: "A", records: ["198.51.100.10"] },
  { name: "www", type: "CNAME", records: ["agency-demo.com"] },
  { name: "@", type: "MX", records: ["0 mail.agency-demo.com"] },
  { name: "mail", type: "A", records: ["198.51.100.10"] },
  { name: "@", type: "TXT", records: ["v=spf1 +a +mx ~all"] },
];
const without = (...names: string[]) => DEFAULT_SETS.filter((s) => !names.includes(`${s.name} ${s.type}`));

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["v4", "v3"] as const)("DnsZone on API %s", (version) => {
  const t = useProvider("DnsZone", { version });

  it("walks the engine's lifecycle: takes the zone over, updates it in place, and a destroy that leaves the records", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const base = { domain: "agency-demo.com", hostingId: 101 };
    const update = [
      ...without("mail A"),
      { name: "api", type: "A", ttl: 300, records: ["198.51.100.9", "198.51.100.8"] },
      { name: "_dmarc", type: "TXT", records: ["v=DMARC1; p=none"] },
    ];
    const run = await runLifecycle(t.engine, {
      inputs: { ...base, recordSets: [...DEFAULT_SETS, { name: "api", type: "A", records: ["198.51.100.7"] }] },
      update: { ...base, recordSets: update },
      replace: { ...base, domain: "client-shop.net", recordSets: update },
      replaces: ["domain"],
      goneAfterDelete: false,
    });
    expect(run.id).toBe("101/agency-demo.com");
    expect(run.created).toEqual({
      ...base,
      recordSets: [
        { name: "@", type: "A", ttl: 14400, records: [{ value: "198.51.100.10" }] },
        { name: "@", type: "MX", ttl: 14400, records: [{ value: "mail.agency-demo.com.", priority: 0 }] },
        { name: "@", type: "TXT", ttl: 14400, records: [{ value: '"v=spf1 +a +mx ~all"' }] },
        { name: "api", type: "A", ttl: 14400, records: [{ value: "198.51.100.7" }] },
        { name: "mail", type: "A", ttl: 14400, records: [{ value: "198.51.100.10" }] },
        { name: "www", type: "CNAME", ttl: 14400, records: [{ value: "agency-demo.com." }] },
      ],
      ignore: [],
      maxDeleteShare: 0.33,
      allowBulkDelete: false,
      resetOnDelete: false,
    });
    expect((run.updated.recordSets as Props[]).map((s) => `${s.name} ${s.type}`)).toEqual([
      "@ A",
      "@ MX",
      "@ TXT",
      "_dmarc TXT",
      "api A",
      "www CNAME",
    ]);
    // One modify call for the take-over, one for the update; destroy sends nothing.
    expect(t.sim.requests.count("dns.modifyZone")).toBe(2);
    expect(t.sim.requests.count("dns.resetZone")).toBe(0);
    const zone = t.sim.store.zones["agency-demo.com"]!;
    expect(zone.find((r) => r.name === "api.agency-demo.com.")?.records).toEqual([{ ip: "198.51.100.8" }, { ip: "198.51.100.9" }]);
    expect(zone.some((r) => r.name === "mail.agency-demo.com.")).toBe(false);
  });
});

describe("DnsZone ownership safety", () => {
  const t = useProvider("DnsZone", { version: "v4" });
  const base = { domain: "agency-demo.com", hostingId: 101 };

  it("refuses to take over a zone when that would delete most of it, naming how many records and which, and changes nothing", async () => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    const inputs = await t.engine.check({ ...base, recordSets: without("www CNAME", "@ MX", "mail A", "@ TXT") });
    const failure = t.provider.create(inputs);
    await expect(failure).rejects.toThrow(
      /^Refusing to delete 4 of 5 records \(80%\) of the zone agency-demo\.com, more than maxDeleteShare 33%/,
    );
    await expect(failure).rejects.toThrow(
      `@ MX [0 mail.agency-demo.com.]; @ TXT ["v=spf1 +a +mx ~all"]; mail A [198.51.100.10]; www CNAME [agency-demo.com.]`,
    );
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });

  it("refuses an update that deletes more than maxDeleteShare, and applies it once the share allows it", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, recordSets: DEFAULT_SETS }));
    // The zone already held exactly these sets: taking it over sent nothing.
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    const shrink = await t.engine.check({ ...base, recordSets: without("www CNAME", "mail A") });
    await expect(t.provider.update(id, outs, shrink)).rejects.toThrow(/Refusing to delete 2 of 5 records \(40%\)/);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);

    const allowed = await t.engine.check({ ...base, recordSets: without("www CNAME", "mail A"), maxDeleteShare: 0.5 });
    const updated = await t.engine.update(id, outs, allowed);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    expect((updated.recordSets as Props[]).map((s) => `${s.name} ${s.type}`)).toEqual(["@ A", "@ MX", "@ TXT"]);
    expect((await t.engine.read(id, updated)).props).toEqual(updated);
  });

  it("deletes beyond the share with allowBulkDelete, warning with the list, and leaves the apex NS records alone", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const inputs = await t.engine.check({ ...base, recordSets: without("www CNAME", "@ MX", "mail A", "@ TXT"), allowBulkDelete: true });
    const { id, outs } = await t.engine.create(inputs);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("deleting 4 of 5 records (80%) of the zone agency-demo.com"));
    expect(t.sim.store.zones["agency-demo.com"]!.map((r) => `${r.name} ${r.type}`)).toEqual(["agency-demo.com. A", "agency-demo.com. NS"]);
    expect((await t.engine.read(id, outs)).props.recordSets).toEqual([
      { name: "@", type: "A", ttl: 14400, records: [{ value: "198.51.100.10" }] },
    ]);
  });

  it("sends the whole difference in one modify call: a new set, a changed set and a deleted set", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, recordSets: DEFAULT_SETS }));
    const news = await t.engine.check({
      ...base,
      recordSets: [
        ...without("mail A", "@ A"),
        { name: "@", type: "A", ttl: 600, records: ["198.51.100.20", "198.51.100.21"] },
        { name: "shop", type: "AAAA", records: ["2001:DB8::1"] },
      ],
    });
    expect((await t.engine.diff(id, outs, news)).changes).toBe(true);
    const updated = await t.engine.update(id, outs, news);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    const zone = t.sim.store.zones["agency-demo.com"]!;
    expect(zone.find((r) => r.name === "agency-demo.com." && r.type === "A")).toEqual({
      type: "A",
      name: "agency-demo.com.",
      ttl: 600,
      records: [{ ip: "198.51.100.20" }, { ip: "198.51.100.21" }],
    });
    expect(zone.find((r) => r.name === "shop.agency-demo.com.")?.records).toEqual([{ ip: "2001:db8::1" }]);
    expect(zone.some((r) => r.name === "mail.agency-demo.com.")).toBe(false);
    expect((await t.engine.read(id, updated)).props).toEqual(updated);
  });

  it("never deletes nor reports a record set added out of band that an ignore pattern matches", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const inputs = await t.engine.check({ ...base, recordSets: DEFAULT_SETS, ignore: ["_ACME-challenge*"] });
    const { id, outs } = await t.engine.create(inputs);
    expect(outs.ignore).toEqual(["_acme-challenge*"]);
    const challenge = { type: "TXT" as const, name: "_acme-challenge.www.agency-demo.com.", ttl: 60, records: [{ content: '"token-1"' }] };
    t.sim.store.zones["agency-demo.com"]!.push(challenge);
    clearCache();

    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toEqual(outs);
    expect((await t.engine.diff(id, refreshed.props, inputs)).changes).toBe(false);

    const news = await t.engine.check({
      ...base,
      recordSets: [...without("mail A"), { name: "api", type: "A", records: ["198.51.100.7"] }],
      ignore: ["_acme-challenge*"],
    });
    const updated = await t.engine.update(id, refreshed.props, news);
    expect(t.sim.store.zones["agency-demo.com"]).toContainEqual(challenge);
    expect(JSON.stringify(updated)).not.toContain("acme-challenge.");
    expect(JSON.stringify((await t.engine.read(id, updated)).props)).not.toContain("acme-challenge.");
  });

  it("leaves every set of an ignored type alone with a name:TYPE pattern", async () => {
    const inputs = await t.engine.check({ ...base, recordSets: without("@ TXT"), ignore: ["*:txt"] });
    const { outs } = await t.engine.create(inputs);
    expect(outs.ignore).toEqual(["*:TXT"]);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.type === "TXT")).toBe(true);
    expect((outs.recordSets as Props[]).some((s) => s.type === "TXT")).toBe(false);
  });

  it("shows a record set added out of band in recordSets on refresh, so the next diff reports it and the update deletes it", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const inputs = await t.engine.check({ ...base, recordSets: DEFAULT_SETS });
    const { id, outs } = await t.engine.create(inputs);
    t.sim.store.zones["agency-demo.com"]!.push({
      type: "A",
      name: "legacy.agency-demo.com.",
      ttl: 3600,
      records: [{ ip: "198.51.100.99" }],
    });
    clearCache();

    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.recordSets).toContainEqual({ name: "legacy", type: "A", ttl: 3600, records: [{ value: "198.51.100.99" }] });
    expect(refreshed.inputs!.recordSets).toEqual(refreshed.props.recordSets);
    const diff = await t.engine.diff(id, refreshed.props, inputs);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });

    await t.engine.update(id, refreshed.props, inputs);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "legacy.agency-demo.com.")).toBe(false);
  });

  it("imports a zone by id alone, by hosting account or by the domain alone, and the matching program shows no changes", async () => {
    for (const id of ["101/agency-demo.com", "-/Agency-Demo.com"]) {
      const imported = await t.engine.read(id);
      expect(imported.id).toBe(id);
      expect(imported.props.hostingId).toBe(id.startsWith("101") ? 101 : undefined);
      expect((imported.props.recordSets as Props[]).map((s) => `${s.name} ${s.type}`)).toEqual([
        "@ A",
        "@ MX",
        "@ TXT",
        "mail A",
        "www CNAME",
      ]);
      const inputs = await t.engine.check({ ...base, recordSets: DEFAULT_SETS }, imported.inputs);
      expect(await t.engine.diff(id, imported.props, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    }
    await expect(t.engine.read("-/not-in-account.com")).rejects.toThrow("does not exist in the reseller account");
  });

  it("resets the zone to the provider defaults on destroy when resetOnDelete is set", async () => {
    const inputs = await t.engine.check({
      ...base,
      recordSets: [...DEFAULT_SETS, { name: "api", type: "A", records: ["198.51.100.7"] }],
      resetOnDelete: true,
    });
    const { id, outs } = await t.engine.create(inputs);
    await t.engine.delete(id, outs);
    expect(t.sim.requests.count("dns.resetZone")).toBe(1);
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(defaultZone("agency-demo.com", "198.51.100.10"));
  });

  it("treats a preview's unknown record sets as a change without validating them", async () => {
    const inputs = await t.engine.check({ ...base, recordSets: DEFAULT_SETS });
    const { id, outs } = await t.engine.create(inputs);
    const preview = await t.engine.check({ ...base, recordSets: [...DEFAULT_SETS, { name: "api", type: "A", records: [UNKNOWN] }] });
    expect(await t.engine.diff(id, outs, preview)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
  });
});

describe("DnsZone on API v2", () => {
  const t = useProvider("DnsZone", { version: "v2" });

  it("takes over, updates and resets a zone through the v2 hosting DNS", async () => {
    const base = { domain: "client-shop.net", hostingId: 101, resetOnDelete: true };
    const sets = DEFAULT_SETS.map((s) => ({ ...s, records: s.records.map((r) => r.replace("agency-demo.com", "client-shop.net")) }));
    const { id, outs } = await t.engine.create(
      await t.engine.check({ ...base, recordSets: [...sets, { name: "v2", type: "CNAME", records: ["@"] }] }),
    );
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    await t.engine.delete(id, outs);
    expect(t.sim.requests.count("v2.dns.modifyZone")).toBe(1);
    expect(t.sim.requests.count("v2.dns.resetZone")).toBe(1);
    expect(t.sim.store.zones["client-shop.net"]!.some((r) => r.name === "v2.client-shop.net.")).toBe(false);
  });
});

describe("DnsZone check", () => {
  const t = useProvider("DnsZone", { version: "v4" });

  it.each([
    { name: "an invalid zone", input: { domain: "not a domain" }, property: "domain" },
    {
      name: "a bad IPv4 address in the second set",
      input: { recordSets: [DEFAULT_SETS[0], { name: "x", type: "A", records: ["256.1.1.1"] }] },
      property: "recordSets[1].records[0]",
    },
    {
      name: "an MX record without priority",
      input: { recordSets: [{ name: "@", type: "MX", records: ["mail.example.net"] }] },
      property: "recordSets[0].records[0]",
    },
    {
      name: "a name outside the zone",
      input: { recordSets: [{ name: "www.other.org.", type: "A", records: ["198.51.100.7"] }] },
      property: "recordSets[0].name",
    },
    {
      name: "an unsupported type",
      input: { recordSets: [{ name: "x", type: "PTR", records: ["h.example.net"] }] },
      property: "recordSets[0].type",
    },
    {
      name: "a record set without records",
      input: { recordSets: [{ name: "x", type: "A", records: [] }] },
      property: "recordSets[0].records",
    },
    {
      name: "a record set given twice",
      input: {
        recordSets: [
          { name: "x", type: "A", records: ["198.51.100.7"] },
          { name: "X.example.com.", type: "a", records: ["198.51.100.8"] },
        ],
      },
      property: "recordSets[1]",
    },
    {
      name: "a CNAME at the apex",
      input: { recordSets: [{ name: "@", type: "CNAME", records: ["example.net"] }] },
      property: "recordSets[0].name",
    },
    {
      name: "a CNAME with two records",
      input: { recordSets: [{ name: "x", type: "CNAME", records: ["a.example.net", "b.example.net"] }] },
      property: "recordSets[0].records",
    },
    {
      name: "an MX target that is an address",
      input: { recordSets: [{ name: "@", type: "MX", records: ["10 192.0.2.25"] }] },
      property: "recordSets[0].records[0]",
    },
    {
      name: "a CNAME beside other records",
      input: {
        recordSets: [
          { name: "x", type: "CNAME", records: ["example.net"] },
          { name: "x", type: "TXT", records: ["hi"] },
        ],
      },
      property: "recordSets",
    },
    {
      name: "a declared set that is also ignored",
      input: { recordSets: [{ name: "_acme-challenge", type: "TXT", records: ["t"] }], ignore: ["_acme-*"] },
      property: "recordSets[0]",
    },
    { name: "an ignore pattern with spaces", input: { ignore: ["bad pattern"] }, property: "ignore[0]" },
    { name: "an ignore pattern with an unknown type", input: { ignore: ["*:PTR"] }, property: "ignore[0]" },
    { name: "a share above 1", input: { maxDeleteShare: 1.5 }, property: "maxDeleteShare" },
    { name: "a negative hosting id", input: { hostingId: -1 }, property: "hostingId" },
    { name: "no recordSets", input: { recordSets: undefined }, property: "recordSets" },
    { name: "a misspelt property", input: { recordSet: [] }, property: "recordSet" },
  ])("refuses $name, naming the property, without calling the API", async ({ input, property }) => {
    const failures = await t.engine.checkFailures({ domain: "example.com", recordSets: [], ...input });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("normalizes record sets as DnsRecordSet does and sorts them by name and type", async () => {
    const inputs = await t.engine.check({
      domain: "Café.COM.",
      recordSets: [
        { name: "WWW.café.com.", type: "cname", records: ["Shop.Café.com"] },
        { name: "@", type: "AAAA", records: ["2001:DB8:0:0::1"] },
        { name: "@", type: "MX", records: ["20 b.example.net", "10 a.example.net"] },
      ],
      ignore: ["*._DOMAINKEY:txt", "_acme-challenge*:*"],
    });
    expect(inputs).toMatchObject({
      domain: "xn--caf-dma.com",
      recordSets: [
        { name: "@", type: "AAAA", ttl: 14400, records: [{ value: "2001:db8::1" }] },
        {
          name: "@",
          type: "MX",
          ttl: 14400,
          records: [
            { value: "a.example.net.", priority: 10 },
            { value: "b.example.net.", priority: 20 },
          ],
        },
        { name: "www", type: "CNAME", ttl: 14400, records: [{ value: "shop.xn--caf-dma.com." }] },
      ],
      ignore: ["*._domainkey:TXT", "_acme-challenge*"],
      maxDeleteShare: 0.33,
      allowBulkDelete: false,
      resetOnDelete: false,
    });
  });
});

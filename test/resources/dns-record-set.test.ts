import { describe, expect, it } from "vitest";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

describe.each(["v4", "v3"] as const)("DnsRecordSet on API %s", (version) => {
  const t = useProvider("DnsRecordSet", { version });

  it("walks the engine's lifecycle on a hosting account's zone", async () => {
    const base = { domain: "agency-demo.com", name: "api", type: "A", hostingId: 101 };
    const run = await runLifecycle(t.engine, {
      inputs: { ...base, records: ["198.51.100.7"] },
      update: { ...base, ttl: 300, records: ["198.51.100.9", "198.51.100.8"] },
      replace: { ...base, name: "api2", ttl: 300, records: ["198.51.100.9", "198.51.100.8"] },
      replaces: ["name"],
    });
    expect(run.id).toBe("agency-demo.com/api/A");
    expect(run.created).toEqual({
      ...base,
      ttl: 14400,
      records: [{ value: "198.51.100.7" }],
      fqdn: "api.agency-demo.com.",
      adopted: false,
    });
    expect(run.updated.records).toEqual([{ value: "198.51.100.8" }, { value: "198.51.100.9" }]);
    expect(run.replaceDiff.deleteBeforeReplace).toBe(true);
    expect(t.sim.store.zones["agency-demo.com"]!.some((r) => r.name === "api.agency-demo.com.")).toBe(false);
  });

  it("refuses to create over the seed's MX record set before any write, naming it and adopt: true, even when the records are the same", async () => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    const declared = { domain: "agency-demo.com", name: "@", type: "MX", records: ["0 mail.agency-demo.com"] };
    const refusal =
      /agency-demo\.com\/@\/MX: the MX record set agency-demo\.com\. \(1 record: 0 mail\.agency-demo\.com\.\) exists already.*`adopt: true`/s;
    // The check (a preview) refuses it already; a create checked before it appeared refuses it too.
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.engine.create(await t.checkUnread(declared))).rejects.toThrow(refusal);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });

  it("takes the seed's MX record set over with adopt: true, records the adoption in state and keeps it on refresh", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({
        domain: "agency-demo.com",
        name: "@",
        type: "MX",
        records: ["10 mx1.example.net", { value: "mx2.example.net", priority: 20 }],
        adopt: true,
      }),
    );
    expect(outs).toMatchObject({ adopt: true, adopted: true });
    const read = await t.engine.read(id, outs);
    expect(read.props).toMatchObject({ adopt: true, adopted: true });
    expect(read.inputs).toMatchObject({ adopt: true });
    expect(read.inputs?.adopted).toBeUndefined();
    // Changing `adopt` afterwards changes nothing.
    const diff = await t.engine.diff(
      id,
      read.props,
      await t.engine.check(
        { domain: "agency-demo.com", name: "@", type: "MX", records: ["10 mx1.example.net", "20 mx2.example.net"] },
        read.inputs,
      ),
    );
    expect(diff.changes).toBe(false);
  });

  it("refuses adopt given as text, naming the property", async () => {
    const failures = await t.engine.checkFailures({
      domain: "agency-demo.com",
      name: "www",
      type: "A",
      records: ["198.51.100.7"],
      adopt: "yes",
    });
    expect(failures).toEqual([{ property: "adopt", reason: "must be true or false" }]);
  });

  it("manages a zone by the domain alone when no hosting account is given", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({
        domain: "agency-demo.com",
        name: "@",
        type: "MX",
        records: ["10 mx1.example.net", { value: "mx2.example.net", priority: 20 }],
        adopt: true,
      }),
    );
    expect(id).toBe("agency-demo.com/@/MX");
    expect(outs.records).toEqual([
      { value: "mx1.example.net.", priority: 10 },
      { value: "mx2.example.net.", priority: 20 },
    ]);
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    expect(t.sim.store.zones["agency-demo.com"]!.find((r) => r.type === "MX")!.records).toEqual([
      { value: "mx1.example.net.", priority: 10 },
      { value: "mx2.example.net.", priority: 20 },
    ]);
  });
});

describe("DnsRecordSet on API v2", () => {
  const t = useProvider("DnsRecordSet", { version: "v2" });

  it("creates, reads and deletes a record set through the v2 hosting DNS", async () => {
    const inputs = await t.engine.check({
      domain: "agency-demo.com",
      name: "legacy",
      type: "CNAME",
      records: ["agency-demo.com"],
      hostingId: 101,
    });
    const { id, outs } = await t.engine.create(inputs);
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    await t.engine.delete(id, outs);
    expect((await t.engine.read(id, outs)).id).toBe("");
    expect(t.sim.requests.count("v2.dns.modifyZone")).toBe(2);
  });
});

describe("DnsRecordSet against the zone", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  it("imports a record set of the seed zone by id alone, and the matching inputs show no changes", async () => {
    const imported = await t.engine.read("Agency-Demo.com/@/mx");
    expect(imported.id).toBe("Agency-Demo.com/@/mx");
    expect(imported.props).toMatchObject({
      domain: "agency-demo.com",
      name: "@",
      type: "MX",
      records: [{ value: "mail.agency-demo.com.", priority: 0 }],
    });
    const inputs = await t.engine.check(
      { domain: "agency-demo.com", name: "@", type: "MX", records: ["0 mail.agency-demo.com."] },
      imported.inputs,
    );
    expect(await t.engine.diff(imported.id, imported.props, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("stores long TXT text as 255-byte strings and reads it back unchanged", async () => {
    const text = `v=DKIM1; k=rsa; p=${"A".repeat(600)}`;
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "sel._domainkey", type: "TXT", records: [text] }),
    );
    const stored = t.sim.store.zones["agency-demo.com"]!.find((r) => r.name === "sel._domainkey.agency-demo.com.")!;
    const content = (stored.records[0] as { content: string }).content;
    const strings = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    expect(strings.map((s) => Buffer.byteLength(s))).toEqual([255, 255, 108]);
    expect(strings.join("")).toBe(text);
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
  });

  it("sees a change made outside Pulumi on refresh, and the next diff reports it", async () => {
    const inputs = await t.engine.check({ domain: "agency-demo.com", name: "drift", type: "AAAA", records: ["2001:db8::10"] });
    const { id, outs } = await t.engine.create(inputs);
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    const rrset = t.sim.store.zones["agency-demo.com"]!.find((r) => r.name === "drift.agency-demo.com.")!;
    rrset.records = [{ ip: "2001:DB8:0:0:0:0:0:99" }];
    // Within one run the zone read is shared; a refresh is a new run, which starts with an empty cache.
    expect((await t.engine.read(id, outs)).props.records).toEqual([{ value: "2001:db8::10" }]);
    clearCache();
    const fresh = await t.engine.read(id, outs);
    expect(fresh.props.records).toEqual([{ value: "2001:db8::99" }]);
    expect((await t.engine.diff(id, fresh.props, inputs)).changes).toBe(true);
  });

  it("writes 50 record sets into one zone concurrently and none is lost", async () => {
    const inputs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.engine.check({ domain: "agency-demo.com", name: `host${i}`, type: "A", records: [`198.51.100.${i + 1}`] }),
      ),
    );
    const created = await Promise.all(inputs.map((i) => t.engine.create(i)));
    const zone = t.sim.store.zones["agency-demo.com"]!;
    for (let i = 0; i < 50; i++) {
      expect(zone.find((r) => r.name === `host${i}.agency-demo.com.`)?.records).toEqual([{ ip: `198.51.100.${i + 1}` }]);
    }
    // Waiting at the same time, they share one call (decision 0016).
    expect(t.sim.requests.count("dns.modifyZone")).toBe(1);
    const reads = await Promise.all(created.map((c) => t.engine.read(c.id, c.outs)));
    expect(reads.every((r, i) => r.id === created[i]!.id)).toBe(true);
  });

  it("refreshes 100 record sets in 2 zones with 2 zone reads", async () => {
    const zones = ["agency-demo.com", "client-shop.net"];
    const created: { id: string; outs: Props }[] = [];
    for (const zone of zones) {
      const inputs = await Promise.all(
        Array.from({ length: 50 }, (_, i) => t.engine.check({ domain: zone, name: `r${i}`, type: "TXT", records: [`token-${i}`] })),
      );
      created.push(...(await Promise.all(inputs.map((i) => t.engine.create(i)))));
    }
    clearCache();
    t.sim.requests.clear();
    const refreshed = await Promise.all(created.map((c) => t.engine.read(c.id, c.outs)));
    expect(refreshed.map((r) => r.props)).toEqual(created.map((c) => c.outs));
    expect(t.sim.requests.count("dns.getZone")).toBe(2);
  });

  it("refuses a CNAME where the zone has other records at that name in the check's read and in the read before the create, writing nothing", async () => {
    const declared = { domain: "agency-demo.com", name: "mail", type: "CNAME", records: ["agency-demo.com"] };
    const clash =
      /^DnsRecordSet CNAME mail\.agency-demo\.com\.: the zone has A records at mail\.agency-demo\.com\., and a CNAME shares its name with no other records \(RFC 1034 §3\.6\.2\); nothing was changed$/;
    t.sim.requests.clear();
    await expect(t.engine.check(declared)).rejects.toThrow(clash);
    // The shared read, then a fresh one that confirms the clash before refusing.
    expect(t.sim.requests.list().map((r) => r.id)).toEqual(["dns.getZone", "dns.getZone"]);
    // Checked without that read, as a preview without credentials, the create meets it in its own.
    const inputs = await t.checkUnread(declared);
    clearCache();
    t.sim.requests.clear();
    await expect(t.provider.create(inputs)).rejects.toThrow(clash);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
    expect(t.sim.requests.count("dns.getZone")).toBe(2);
  });

  it("turns a CNAME into an A set at the same name by replacement, its delete seen by the read before the create", async () => {
    const cnameInputs = await t.engine.check({ domain: "agency-demo.com", name: "flip", type: "CNAME", records: ["www.agency-demo.com"] });
    const cname = await t.engine.create(cnameInputs);
    const a = await t.engine.check({ domain: "agency-demo.com", name: "flip", type: "A", records: ["198.51.100.30"] }, cnameInputs);
    // Read once, so that the read before the A's create can be the shared one from before the delete.
    await t.engine.read(cname.id, cname.outs);
    await t.engine.delete(cname.id, cname.outs);
    const created = await t.engine.create(a);
    expect(created.id).toBe("agency-demo.com/flip/A");
    expect(t.sim.store.zones["agency-demo.com"]!.filter((r) => r.name === "flip.agency-demo.com.").map((r) => r.type)).toEqual(["A"]);
  });

  it("refuses another type where the zone has a CNAME at that name in the check's read and in the read before the create, writing nothing", async () => {
    await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "alias", type: "CNAME", records: ["www.agency-demo.com"] }),
    );
    clearCache();
    t.sim.requests.clear();
    const declared = { domain: "agency-demo.com", name: "alias", type: "TXT", records: ["hello"] };
    const clash = /the zone has a CNAME record set at alias\.agency-demo\.com\./;
    await expect(t.engine.check(declared)).rejects.toThrow(clash);
    await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(clash);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
  });

  it("treats a record set deleted outside Pulumi as gone, and deleting it again as done", async () => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "client-shop.net", name: "old", type: "A", records: ["198.51.100.20"] }),
    );
    const zone = t.sim.store.zones["client-shop.net"]!;
    t.sim.store.zones["client-shop.net"] = zone.filter((r) => r.name !== "old.client-shop.net.");
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("refuses to read by id alone (get) a record set of a zone the account does not have", async () => {
    await expect(t.engine.read("not-in-account.com/www/A")).rejects.toThrow("does not exist in the reseller account");
  });
});

describe("DnsRecordSet check", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  it.each([
    { name: "IPv4 with a leading zero", input: { type: "A", records: ["198.051.100.7"] }, property: "records[0]" },
    { name: "IPv4 out of range", input: { type: "A", records: ["256.1.1.1"] }, property: "records[0]" },
    { name: "IPv6 with a zone index", input: { type: "AAAA", records: ["fe80::1%eth0"] }, property: "records[0]" },
    { name: "an IPv6 address in an A record", input: { type: "A", records: ["2001:db8::1"] }, property: "records[0]" },
    { name: "two CNAME records", input: { type: "CNAME", records: ["a.example.net", "b.example.net"] }, property: "records" },
    { name: "an MX record without priority", input: { type: "MX", records: ["mail.example.net"] }, property: "records[0]" },
    {
      name: "a priority on an A record",
      input: { type: "A", records: [{ value: "198.51.100.7", priority: 10 }] },
      property: "records[0].priority",
    },
    {
      name: "a priority out of range",
      input: { type: "MX", records: [{ value: "mail.example.net", priority: 70000 }] },
      property: "records[0].priority",
    },
    { name: "an unclosed TXT quote", input: { type: "TXT", records: ['"v=spf1 -all'] }, property: "records[0]" },
    { name: "text outside TXT quotes", input: { type: "TXT", records: ['"a" b'] }, property: "records[0]" },
    { name: "a TXT decimal escape above 255", input: { type: "TXT", records: ['"a\\256"'] }, property: "records[0]" },
    { name: "a TXT quote closed only by an escaped quote", input: { type: "TXT", records: ['"a\\"'] }, property: "records[0]" },
    { name: "an invalid host name", input: { type: "CNAME", records: ["bad host.example.net"] }, property: "records[0]" },
    {
      name: "a bad SRV value",
      input: { type: "SRV", records: [{ value: "5060 sip.example.net", priority: 10 }] },
      property: "records[0].value",
    },
    { name: "a bad CAA value", input: { type: "CAA", records: ["issue letsencrypt.org"] }, property: "records[0]" },
    { name: "a repeated record", input: { type: "A", records: ["198.51.100.7", "198.51.100.7"] }, property: "records[1]" },
    { name: "no records", input: { type: "A", records: [] }, property: "records" },
    { name: "an unsupported type", input: { type: "PTR", records: ["host.example.net"] }, property: "type" },
    { name: "a zero TTL", input: { type: "A", ttl: 0, records: ["198.51.100.7"] }, property: "ttl" },
    { name: "a fractional TTL", input: { type: "A", ttl: 1.5, records: ["198.51.100.7"] }, property: "ttl" },
    { name: "a name outside the zone", input: { name: "www.other.org.", type: "A", records: ["198.51.100.7"] }, property: "name" },
    { name: "an invalid zone", input: { domain: "not a domain", type: "A", records: ["198.51.100.7"] }, property: "domain" },
    { name: "a negative hosting id", input: { hostingId: -1, type: "A", records: ["198.51.100.7"] }, property: "hostingId" },
    { name: "a misspelt property", input: { type: "A", records: ["198.51.100.7"], tll: 300 }, property: "tll" },
  ])("refuses $name, naming the property, without calling the API", async ({ input, property }) => {
    const failures = await t.engine.checkFailures({ domain: "example.com", name: "www", ...input });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(t.sim.requests.count()).toBe(0);
  });

  it.each([
    {
      name: "a CNAME at the apex written @",
      input: { name: "@", type: "CNAME", records: ["target.example.net"] },
      property: "name",
      reason: /apex, where a CNAME cannot be/,
    },
    {
      name: "a CNAME at the apex written empty",
      input: { name: "", type: "CNAME", records: ["target.example.net"] },
      property: "name",
      reason: /apex/,
    },
    {
      name: "a CNAME at the apex written in full",
      input: { name: "example.com.", type: "cname", records: ["target.example.net"] },
      property: "name",
      reason: /apex/,
    },
    {
      name: "an IPv6 address in an A record",
      input: { type: "A", records: ["2001:db8::7"] },
      property: "records[0]",
      reason: /is not an IPv4 address .*; an IPv6 address goes in an AAAA record$/,
    },
    {
      name: "an IPv4 address in an AAAA record",
      input: { type: "AAAA", records: ["198.51.100.7"] },
      property: "records[0]",
      reason: /is not an IPv6 address; an IPv4 address goes in an A record$/,
    },
    {
      name: "an MX target that is an IPv4 address",
      input: { type: "MX", records: ["10 192.0.2.25"] },
      property: "records[0]",
      reason: /IP address; a host name is required/,
    },
    {
      name: "an MX target that is an IPv6 address",
      input: { type: "MX", records: [{ value: "2001:db8::25", priority: 10 }] },
      property: "records[0].value",
      reason: /host name/,
    },
    {
      name: "an MX target that is a URL",
      input: { type: "MX", records: [{ value: "smtp://mail.example.net", priority: 10 }] },
      property: "records[0].value",
      reason: /not a URL/,
    },
    {
      name: "an MX target with a port",
      input: { type: "MX", records: ["10 mail.example.net:25"] },
      property: "records[0]",
      reason: /not a URL, a path, a port/,
    },
    {
      name: "an NS target that is an address",
      input: { type: "NS", records: ["192.0.2.53"] },
      property: "records[0]",
      reason: /IP address/,
    },
    {
      name: "an NS target that is a URL",
      input: { type: "NS", records: ["https://ns1.example.net/"] },
      property: "records[0]",
      reason: /not a URL/,
    },
    { name: "an NS target that is the root", input: { type: "NS", records: ["."] }, property: "records[0]", reason: /root/ },
    { name: "a CNAME target that is the root", input: { type: "CNAME", records: ["."] }, property: "records[0]", reason: /root/ },
    {
      name: "an SRV target that is an address",
      input: { type: "SRV", records: ["10 5 5060 192.0.2.1"] },
      property: "records[0]",
      reason: /IP address/,
    },
    {
      name: "an SRV target that is a URL",
      input: { type: "SRV", records: ["10 5 443 https://sip.example.net"] },
      property: "records[0]",
      reason: /not a URL/,
    },
  ])("refuses $name with one line naming the property and the rule, without calling the API", async ({ input, property, reason }) => {
    const failures = await t.engine.checkFailures({ domain: "example.com", name: "www", ...input });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe(property);
    expect(failures[0]!.reason).toMatch(reason);
    expect(failures[0]!.reason).not.toContain("\n");
    expect(t.sim.requests.count()).toBe(0);
  });

  it.each([
    {
      name: "an MX target that is a host name",
      input: { name: "@", type: "MX", records: ["10 mail.example.com."] },
      records: [{ value: "mail.example.com.", priority: 10 }],
    },
    {
      name: "a null MX at the apex (RFC 7505)",
      input: { name: "@", type: "MX", records: ["0 ."] },
      records: [{ value: ".", priority: 0 }],
    },
    {
      name: "an SRV record saying no service (RFC 2782)",
      input: { name: "_sip._tcp", type: "SRV", records: ["0 0 0 ."] },
      records: [{ value: "0 0 .", priority: 0 }],
    },
    {
      name: "a delegation below the apex",
      input: { name: "sub", type: "NS", records: ["ns1.example.net"] },
      records: [{ value: "ns1.example.net." }],
    },
    {
      name: "a CNAME below the apex",
      input: { name: "www", type: "CNAME", records: ["example.com."] },
      records: [{ value: "example.com." }],
    },
  ])("takes $name", async ({ input, records }) => {
    const inputs = await t.engine.check({ domain: "example.com", ...input });
    expect(inputs.records).toEqual(records);
  });

  it.each([
    { name: "IPv6 in RFC 5952 form", input: { type: "AAAA", records: ["2001:DB8:0:0:0:0:0:1"] }, records: [{ value: "2001:db8::1" }] },
    {
      name: "an IPv4-mapped IPv6 address with its dotted quad",
      input: { type: "AAAA", records: ["::FFFF:198.51.100.7"] },
      records: [{ value: "::ffff:198.51.100.7" }],
    },
    {
      name: "host names lower-cased, in punycode, with the trailing dot",
      input: { type: "CNAME", records: ["Shop.Café.com"] },
      records: [{ value: "shop.xn--caf-dma.com." }],
    },
    { name: "@ as a target meaning the zone apex", input: { type: "CNAME", records: ["@"] }, records: [{ value: "example.com." }] },
    {
      name: "unquoted TXT text quoted",
      input: { type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] },
      records: [{ value: '"v=spf1 include:_spf.example.net ~all"' }],
    },
    {
      name: "quoted TXT strings kept, with escapes",
      input: { type: "TXT", records: ['"say \\"hi\\"" "second"'] },
      records: [{ value: '"say \\"hi\\"" "second"' }],
    },
    {
      name: "records sorted by priority then value",
      input: { type: "MX", records: ["20 b.example.net", "10 c.example.net", "10 a.example.net"] },
      records: [
        { value: "a.example.net.", priority: 10 },
        { value: "c.example.net.", priority: 10 },
        { value: "b.example.net.", priority: 20 },
      ],
    },
    {
      name: "SRV data with its target normalized",
      input: { type: "SRV", records: ["10 5 5060 SIP.example.net"] },
      records: [{ value: "5 5060 sip.example.net.", priority: 10 }],
    },
    {
      name: "CAA data with the tag lower-cased and the value quoted",
      input: { type: "CAA", records: ["0 ISSUE letsencrypt.org"] },
      records: [{ value: '0 issue "letsencrypt.org"' }],
    },
    {
      name: "an MXE exchange given as an address",
      input: { type: "mxe", records: ["10 198.51.100.25"] },
      records: [{ value: "198.51.100.25", priority: 10 }],
    },
  ])("normalizes $name", async ({ input, records }) => {
    const inputs = await t.engine.check({ domain: "example.com", name: "www", ...input });
    expect(inputs.records).toEqual(records);
  });

  it("normalizes the zone and the name to one spelling", async () => {
    const inputs = await t.engine.check({ domain: "Café.COM.", name: "SHOP.café.com.", type: "a", records: ["198.51.100.7"] });
    expect(inputs).toMatchObject({ domain: "xn--caf-dma.com", name: "shop", type: "A" });
    const again = await t.engine.check({ domain: "xn--caf-dma.com", name: "shop", type: "A", records: ["198.51.100.7"] });
    expect(again).toEqual(inputs);
  });
});

import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import type { DnsRRSet, V2DnsRecord } from "../../src/client/dns-records";
import { defaultZone } from "../../packages/simulator/src";
import { failure } from "../helpers/errors";
import { HOSTING, hostingAddressOf, useSimulator } from "../helpers/sim";

type ZoneVersion = Extract<ApiVersion, "v4" | "v3" | "v2">;
const VERSIONS: ZoneVersion[] = ["v4", "v3", "v2"];

/** The hosting address of the demo site on each version (v3 adds the username). */
function site(version: ZoneVersion, domain = "agency-demo.com", id = 101) {
  return { ...hostingAddressOf(version, id), domain };
}

describe("DNS zones through the hosting operations", () => {
  const t = useSimulator({ version: "v4" });
  const readZone = async (version: ZoneVersion, at: Record<string, unknown>) =>
    (await t.clientFor(version).request("dns.getZone", at)).data as DnsRRSet[];

  it.each(VERSIONS)("reads the demo zone as rrsets with fully qualified names on %s", async (version) => {
    const zone = await readZone(version, site(version));
    expect(zone).toContainEqual({ type: "A", name: "agency-demo.com.", ttl: 14400, records: [{ ip: "198.51.100.10" }] });
    expect(zone).toContainEqual({
      type: "MX",
      name: "agency-demo.com.",
      ttl: 14400,
      records: [{ value: "mail.agency-demo.com.", priority: 0 }],
    });
    expect(zone.filter((r) => r.type === "NS").flatMap((r) => r.records)).toHaveLength(3);
  });

  it.each(VERSIONS)("reads the zone of a domain without hosting from the domain alone on %s", async (version) => {
    const zone = await readZone(version, { domain: "legacy-brand.org" });
    expect(zone.map((r) => r.name)).toContain("www.legacy-brand.org.");
  });

  it.each(VERSIONS)("answers 404 when the hosting account does not hold the domain on %s", async (version) => {
    const err = await failure(t.clientFor(version).request("dns.getZone", site(version, "agency-demo.com", 102)));
    expect(err.code).toBe("not-found");
    expect(err.message).toContain("agency-demo.com");
  });

  it("answers 404 for a domain-only request on a domain outside the account", async () => {
    const err = await failure(t.client.request("dns.getZone", { domain: "example.com" }));
    expect(err.code).toBe("not-found");
    expect(err.message).toContain("example.com is not in this account");
  });

  it.each(VERSIONS)(
    "replaces the rrset of the same name and type, reading @, relative and fully qualified names on %s",
    async (version) => {
      const client = t.clientFor(version);
      await client.request("dns.modifyZone", {
        ...site(version),
        rrsets: [
          { type: "TXT", name: "@", ttl: 3600, records: [{ content: '"v=spf1 -all"' }] },
          { type: "A", name: "shop", records: [{ ip: "203.0.113.5" }, { ip: "203.0.113.6" }] },
          { type: "A", name: "Mail.Agency-Demo.com.", ttl: 300, records: [{ ip: "203.0.113.9" }] },
          { type: "AAAA", name: "agency-demo.com", records: [{ ip: "2001:db8::10" }] },
        ],
      });
      const zone = await readZone(version, site(version));
      expect(zone.filter((r) => r.type === "TXT" && r.name === "agency-demo.com.")).toEqual([
        { type: "TXT", name: "agency-demo.com.", ttl: 3600, records: [{ content: '"v=spf1 -all"' }] },
      ]);
      // no ttl given: the default the official module sends (14400)
      expect(zone).toContainEqual({
        type: "A",
        name: "shop.agency-demo.com.",
        ttl: 14400,
        records: [{ ip: "203.0.113.5" }, { ip: "203.0.113.6" }],
      });
      expect(zone.filter((r) => r.name === "mail.agency-demo.com.")).toEqual([
        { type: "A", name: "mail.agency-demo.com.", ttl: 300, records: [{ ip: "203.0.113.9" }] },
      ]);
      expect(zone).toContainEqual({ type: "AAAA", name: "agency-demo.com.", ttl: 14400, records: [{ ip: "2001:db8::10" }] });
      // untouched rrsets stay
      expect(zone.filter((r) => r.type === "NS").flatMap((r) => r.records)).toHaveLength(3);
    },
  );

  it.each(VERSIONS)("deletes an rrset sent with an empty record list on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("dns.modifyZone", { ...site(version), rrsets: [{ type: "CNAME", name: "www", records: [] }] });
    const zone = await readZone(version, site(version));
    expect(zone.find((r) => r.name === "www.agency-demo.com.")).toBeUndefined();
    expect(t.sim.store.zones["agency-demo.com"]?.some((r) => r.name === "www.agency-demo.com.")).toBe(false);
  });

  it("treats deleting an rrset that does not exist as done", async () => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    await t.client.request("dns.modifyZone", {
      id: 101,
      domain: "agency-demo.com",
      rrsets: [{ type: "SRV", name: "_sip._tcp", records: [] }],
    });
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });

  it("stores Unicode zone and record names in punycode", async () => {
    await t.client.request("dns.modifyZone", {
      id: 101,
      domain: "café.com",
      rrsets: [{ type: "A", name: "été", records: [{ ip: "198.51.100.30" }] }],
    });
    const zone = await readZone("v4", { id: 101, domain: "xn--caf-dma.com" });
    expect(zone).toContainEqual({
      type: "A",
      name: `${domainToASCII("été")}.xn--caf-dma.com.`,
      ttl: 14400,
      records: [{ ip: "198.51.100.30" }],
    });
  });

  it("accepts MX, MXE, NS, SRV and CAA rrsets in their record forms", async () => {
    await t.client.request("dns.modifyZone", {
      id: 101,
      domain: "agency-demo.com",
      rrsets: [
        {
          type: "MX",
          name: "@",
          records: [
            { value: "mx1.mail.example.", priority: 10 },
            { value: "mx2.mail.example.", priority: 20 },
          ],
        },
        { type: "MXE", name: "relay", records: [{ value: "203.0.113.25", priority: 5 }] },
        { type: "NS", name: "lab", records: [{ value: "ns1.lab.example." }] },
        { type: "SRV", name: "_sip._tcp", records: [{ value: "5 5060 sip.agency-demo.com.", priority: 10 }] },
        { type: "CAA", name: "@", records: [{ content: '0 issue "letsencrypt.org"' }] },
      ],
    });
    const zone = t.sim.store.zones["agency-demo.com"]!;
    expect(zone.find((r) => r.type === "MX")?.records).toEqual([
      { value: "mx1.mail.example.", priority: 10 },
      { value: "mx2.mail.example.", priority: 20 },
    ]);
    expect(zone.find((r) => r.type === "SRV")?.name).toBe("_sip._tcp.agency-demo.com.");
    expect(zone.find((r) => r.type === "CAA")?.records).toEqual([{ content: '0 issue "letsencrypt.org"' }]);
  });

  it.each([
    ["an A record whose ip is not IPv4", { type: "A", name: "bad", records: [{ ip: "2001:db8::1" }] }, "is not an IPv4 address"],
    ["an AAAA record whose ip is not IPv6", { type: "AAAA", name: "bad", records: [{ ip: "198.51.100.1" }] }, "is not an IPv6 address"],
    ["an A record given a value instead of an ip", { type: "A", name: "bad", records: [{ value: "198.51.100.1" }] }, "A records take ip"],
    ["an MX record without priority", { type: "MX", name: "@", records: [{ value: "mx.example." }] }, '"priority"'],
    ["a TXT record without content", { type: "TXT", name: "@", records: [{ value: "hello" }] }, "TXT records take content"],
    [
      "a CNAME rrset with two records",
      { type: "CNAME", name: "alias", records: [{ value: "a.example." }, { value: "b.example." }] },
      "holds one record",
    ],
    [
      "a name outside the zone",
      { type: "A", name: "www.example.org.", records: [{ ip: "198.51.100.1" }] },
      "not inside the zone agency-demo.com",
    ],
  ])("rejects %s with a 400 and leaves the zone as it was", async (_title, rrset, message) => {
    const before = structuredClone(t.sim.store.zones["agency-demo.com"]);
    const err = await failure(
      t.client.request("dns.modifyZone", {
        id: 101,
        domain: "agency-demo.com",
        rrsets: [{ type: "A", name: "first", records: [{ ip: "198.51.100.2" }] }, rrset as never],
      }),
    );
    expect(err.code).toBe("validation");
    expect(err.status).toBe(400);
    expect(err.message).toContain(message);
    expect(t.sim.store.zones["agency-demo.com"]).toEqual(before);
  });

  it.each(VERSIONS)("refuses a CNAME at a name that holds other types and names that name on %s", async (version) => {
    const err = await failure(
      t.clientFor(version).request("dns.modifyZone", {
        ...site(version),
        rrsets: [{ type: "CNAME", name: "mail", records: [{ value: "agency-demo.com." }] }],
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain("mail.agency-demo.com.");
    expect(err.message).toContain("CNAME cannot coexist");
  });

  it("refuses a record type the API does not know before sending anything", async () => {
    const sent = t.sim.requests.count("dns.modifyZone");
    const err = await failure(
      t.client.request("dns.modifyZone", {
        id: 101,
        domain: "agency-demo.com",
        rrsets: [{ type: "SPF", name: "@", records: [{ content: "x" }] }],
      } as never),
    );
    expect(err.code).toBe("validation");
    expect(t.sim.requests.count("dns.modifyZone")).toBe(sent);
  });

  it.each(VERSIONS)("resets a zone to the defaults with the IP of the hosting account on %s", async (version) => {
    const client = t.clientFor(version);
    const at = site(version, "staging-agency.com", 102);
    await client.request("dns.modifyZone", {
      ...at,
      rrsets: [
        { type: "A", name: "@", records: [{ ip: "203.0.113.77" }] },
        { type: "CNAME", name: "www", records: [] },
      ],
    });
    const reset = await client.request("dns.resetZone", at);
    expect(reset.data).toEqual(defaultZone("staging-agency.com", "198.51.100.20"));
    const zone = await readZone(version, at);
    expect(zone).toEqual(defaultZone("staging-agency.com", "198.51.100.20"));
  });

  it("creates the default zone of a hosting domain that has none yet", async () => {
    delete t.sim.store.zones["client-shop.net"];
    const zone = await readZone("v4", { id: 101, domain: "client-shop.net" });
    expect(zone).toEqual(defaultZone("client-shop.net", "198.51.100.10"));
  });

  it("answers 404 for a domain-only zone that does not exist", async () => {
    delete t.sim.store.zones["legacy-brand.org"];
    const err = await failure(t.client.request("dns.getZone", { domain: "legacy-brand.org" }));
    expect(err.code).toBe("not-found");
    expect(err.message).toContain("legacy-brand.org has no DNS zone");
  });

  it("reads the zone from query-string parameters, as some v3 clients send them (catalog §7.4)", async () => {
    const client = t.clientFor("v3", { paramsInQuery: true });
    const zone = (await client.request("dns.getZone", { ...HOSTING.v3, domain: "agency-demo.com" })).data as DnsRRSet[];
    expect(zone.map((r) => r.name)).toContain("mail.agency-demo.com.");
    expect(t.sim.requests.list().at(-1)).toMatchObject({ id: "dns.getZone", status: 200 });
  });

  it("refuses a v3 username that does not match the hosting account", async () => {
    const err = await failure(t.clientFor("v3").request("dns.getZone", { id: 101, username: "someone", domain: "agency-demo.com" }));
    expect(err.code).toBe("not-found");
  });
});

describe("v2 provider DNS of registered domains", () => {
  const t = useSimulator({ version: "v2" });
  const readRecords = async (sld: string, tld: string) =>
    (await t.client.request("dns.getDomainRecords", { sld, tld })).records as V2DnsRecord[];

  it("lists the records of a domain as flat entries with relative hostnames", async () => {
    const records = await readRecords("agency-demo", "com");
    expect(records).toContainEqual({ type: "A", hostname: "@", address: "198.51.100.10", ttl: 14400 });
    expect(records).toContainEqual({ type: "CNAME", hostname: "www", address: "agency-demo.com.", ttl: 14400 });
    expect(records).toContainEqual({ type: "MX", hostname: "@", address: "mail.agency-demo.com.", ttl: 14400, priority: 0 });
    // NS rrsets stay with the provider: the v2 save cannot write them
    expect(records.some((r) => r.type === "NS")).toBe(false);
    expect(t.sim.requests.list().at(-1)?.path).toBe("/reseller-api/get-ph-dns-records");
  });

  it("saves numbered records in place of the domain's records and keeps its NS rrsets, as v4 then reads", async () => {
    await t.client.request("dns.saveDomainRecords", {
      sld: "agency-demo",
      tld: "com",
      type1: "A",
      hostname1: "@",
      address1: "203.0.113.10",
      ttl1: 600,
      type2: "A",
      hostname2: "@",
      address2: "203.0.113.11",
      type3: "MX",
      hostname3: "@",
      address3: "mx.agency-demo.com.",
      priority3: 5,
      type4: "TXT",
      hostname4: "www",
      address4: '"hello"',
    });
    const zone = (await t.clientFor("v4").request("v4.dns.getZone", { id: 101, domain: "agency-demo.com" })).data;
    expect(zone.filter((r) => r.type !== "NS")).toEqual([
      { type: "A", name: "agency-demo.com.", ttl: 600, records: [{ ip: "203.0.113.10" }, { ip: "203.0.113.11" }] },
      { type: "MX", name: "agency-demo.com.", ttl: 14400, records: [{ value: "mx.agency-demo.com.", priority: 5 }] },
      { type: "TXT", name: "www.agency-demo.com.", ttl: 14400, records: [{ content: '"hello"' }] },
    ]);
    expect(zone.filter((r) => r.type === "NS").flatMap((r) => r.records)).toHaveLength(3);
  });

  it("creates the zone when records are saved for a domain that has none", async () => {
    delete t.sim.store.zones["client-shop.net"];
    await t.client.request("dns.saveDomainRecords", {
      sld: "client-shop",
      tld: "net",
      type1: "A",
      hostname1: "shop",
      address1: "203.0.113.20",
    });
    expect(await readRecords("client-shop", "net")).toEqual([{ type: "A", hostname: "shop", address: "203.0.113.20", ttl: 14400 }]);
    expect(t.sim.store.zones["client-shop.net"]?.filter((r) => r.type === "NS").map((r) => r.records)).toEqual([
      [{ value: "nsa.n0c.com." }, { value: "nsb.n0c.com." }, { value: "nsc.n0c.com." }],
    ]);
  });

  it("refuses provider DNS for a domain delegated to other nameservers with a message saying so", async () => {
    t.sim.store.domains["client-shop.net"]!.nameservers = ["ns1.elsewhere.example", "ns2.elsewhere.example"];
    const err = await failure(t.client.request("dns.getDomainRecords", { sld: "client-shop", tld: "net" }));
    expect(err.status).toBe(400);
    expect(err.message).toContain("client-shop.net does not use the provider nameservers");
    const save = await failure(
      t.client.request("dns.saveDomainRecords", { sld: "client-shop", tld: "net", type1: "A", hostname1: "@", address1: "203.0.113.1" }),
    );
    expect(save.message).toContain("nsa.n0c.com");
  });

  it("refuses provider DNS for a domain that is not active", async () => {
    const err = await failure(t.client.request("dns.getDomainRecords", { sld: "legacy-brand", tld: "org" }));
    expect(err.status).toBe(400);
    expect(err.message).toContain("not active (Expired)");
  });

  it("answers 404 for a domain outside the account", async () => {
    const err = await failure(t.client.request("dns.getDomainRecords", { sld: "example", tld: "com" }));
    expect(err.code).toBe("not-found");
  });

  it("deletes the provider zone of a domain", async () => {
    const reply = await t.client.request("dns.deleteDomainZone", { sld: "xn--caf-dma", tld: "com" });
    expect(reply.message).toContain("deleted");
    expect(t.sim.store.zones["xn--caf-dma.com"]).toBeUndefined();
    const err = await failure(t.client.request("dns.getDomainRecords", { sld: "xn--caf-dma", tld: "com" }));
    expect(err.code).toBe("not-found");
  });

  it("rejects an MX record saved without its priority and names the record", async () => {
    const err = await failure(
      t.client.request("dns.saveDomainRecords", {
        sld: "agency-demo",
        tld: "com",
        type1: "A",
        hostname1: "@",
        address1: "203.0.113.1",
        type2: "MX",
        hostname2: "@",
        address2: "mx.example.",
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain("record 2");
    expect(err.message).toContain("priority");
  });

  it.each([
    ["a group without its address", { type1: "A", hostname1: "@" }, "address1"],
    ["a key outside the numbered fields", { type1: "A", hostname1: "@", address1: "203.0.113.1", weight1: 5 }, "weight1"],
    ["a type the v2 DNS does not know", { type1: "NS", hostname1: "@", address1: "ns.example." }, "type1"],
  ])("refuses %s before sending anything", async (_title, fields, field) => {
    const sent = t.sim.requests.count();
    const err = await failure(t.client.request("dns.saveDomainRecords", { sld: "agency-demo", tld: "com", ...fields } as never));
    expect(err.code).toBe("validation");
    expect(err.message).toContain(field);
    expect(t.sim.requests.count()).toBe(sent);
  });
});

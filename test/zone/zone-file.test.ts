/**
 * Zone files (src/zone/): the RFC 1035 master-file syntax read and written, and the record sets
 * of a file checked with DnsRecordSet's own rules: every record type the resource takes
 * round-trips through print and parse, and what cannot be imported is refused on its line.
 */
import { describe, expect, it } from "vitest";

import { DNS_RECORD_TYPES } from "../../src/client/dns-records";
import { presentation, zoneFromFile, type ZoneRecordSet } from "../../src/zone/record-sets";
import { parseZoneFile, printZoneFile, ZoneFileError } from "../../src/zone/zone-file";

/** The record sets of a zone file's text for `example.com`. */
function setsOf(text: string, origin: string | undefined = "example.com"): ZoneRecordSet[] {
  const parsed = parseZoneFile(text, origin === undefined ? {} : { origin });
  return zoneFromFile(parsed.origin.replace(/\.$/, ""), parsed.records, "v4").sets.map(({ line: _line, ...set }) => set);
}

/** The ZoneFileError `work` throws: its line and reason. */
function refused(work: () => unknown): { line: number; reason: string } {
  try {
    work();
  } catch (err) {
    if (err instanceof ZoneFileError) return { line: err.line, reason: err.reason };
    throw err;
  }
  throw new Error("the file was accepted");
}

/** The refusal of a zone file's text for `example.com`, parsed and checked. */
function refusal(text: string): { line: number; reason: string } {
  return refused(() => zoneFromFile("example.com", parseZoneFile(text, { origin: "example.com" }).records, "v4"));
}

describe("parseZoneFile", () => {
  it("reads $ORIGIN, $TTL, @, relative and absolute names, a blank owner, and TTL and class in either order", () => {
    const records = parseZoneFile(
      [
        "$TTL 1h",
        "@            IN  A     198.51.100.7",
        "             IN  AAAA  2001:db8::7",
        "www  300     IN  CNAME @",
        "mail IN 600      A     198.51.100.8",
        "$ORIGIN dev.example.com.",
        "api              A     198.51.100.9",
        "Shop.Example.COM. 1d2h A 198.51.100.10",
      ].join("\n"),
      { origin: "example.com" },
    ).records;

    expect(records.map((r) => [r.line, r.name, r.ttl, r.type, r.rdata.map((f) => f.text).join(" ")])).toEqual([
      [2, "example.com.", 3600, "A", "198.51.100.7"],
      [3, "example.com.", 3600, "AAAA", "2001:db8::7"],
      [4, "www.example.com.", 300, "CNAME", "@"],
      [5, "mail.example.com.", 600, "A", "198.51.100.8"],
      [7, "api.dev.example.com.", 3600, "A", "198.51.100.9"],
      [8, "Shop.Example.COM.", 93600, "A", "198.51.100.10"],
    ]);
  });

  it("joins lines in parentheses, drops comments outside quotes, and keeps quoted text whole", () => {
    const records = parseZoneFile(
      [
        "$ORIGIN example.com.",
        "@ 3600 IN SOA ns1.example.net. hostmaster.example.com. ( ; serial follows",
        "      2026120701 ; serial",
        "      7200 3600 1209600 300 )",
        '@ 3600 IN TXT ( "v=spf1 ; not a comment" ',
        '   "(two) \\"strings\\"" ) ; a comment',
      ].join("\n"),
    );

    expect(records.origin).toBe("example.com.");
    expect(records.records.map((r) => [r.line, r.type, r.rdata])).toEqual([
      [
        2,
        "SOA",
        ["ns1.example.net.", "hostmaster.example.com.", "2026120701", "7200", "3600", "1209600", "300"].map((text) => ({
          text,
          quoted: false,
        })),
      ],
      [
        5,
        "TXT",
        [
          { text: "v=spf1 ; not a comment", quoted: true },
          { text: '(two) \\"strings\\"', quoted: true },
        ],
      ],
    ]);
  });

  it("repeats the last TTL given where no $TTL comes first (RFC 1035 §5.1)", () => {
    const records = parseZoneFile("a 600 A 198.51.100.1\nb A 198.51.100.2\n$TTL 60\nc A 198.51.100.3\n", { origin: "example.com" }).records;

    expect(records.map((r) => r.ttl)).toEqual([600, 600, 60]);
  });

  it.each([
    ['a A 198.51.100.1"', 1, "a quoted string is not closed"],
    ["$TTL 60\na TXT ( x\n", 2, "a parenthesis is not closed"],
    ["$TTL 60\na TXT x )", 2, "a closing parenthesis without an opening one"],
    ["$INCLUDE other.zone", 1, "$INCLUDE is not supported"],
    ["$GENERATE 1-9 host$ A 198.51.100.$", 1, "$GENERATE is not supported"],
    ["a 60 CH A 198.51.100.1", 1, "class CH is not supported"],
    ["a IN A 198.51.100.1", 1, "the record has no TTL, and no $TTL comes before it"],
    ["$TTL 60\n  A 198.51.100.1", 2, "the first record has no owner name"],
    ["$TTL 60\na 60 IN", 2, "the record has no type"],
    ["$TTL 9999999999", 1, "more than 2147483647 seconds"],
  ])("refuses %j on line %i: %s", (text, line, reason) => {
    const found = refused(() => parseZoneFile(text, { origin: "example.com" }));
    expect(found.line).toBe(line);
    expect(found.reason).toContain(reason);
  });

  it("takes the zone from the first $ORIGIN when none is given, and refuses a record before it", () => {
    expect(parseZoneFile("$ORIGIN Example.com.\n$TTL 60\n@ A 198.51.100.1\n").origin).toBe("Example.com.");
    expect(() => parseZoneFile("$TTL 60\n@ A 198.51.100.1\n")).toThrow("line 2: the file gives no $ORIGIN before its first record");
    expect(() => parseZoneFile("$ORIGIN example\n")).toThrow("line 1: the first $ORIGIN must be absolute");
  });
});

describe("a zone file's record sets", () => {
  it("reads the types' RDATA with relative targets made absolute, and checks them as DnsRecordSet does", () => {
    const sets = setsOf(
      [
        "$TTL 3600",
        "@          IN MX    20 mx2",
        "@          IN MX    10 MX1.example.net.",
        "@          IN MXE   5 198.51.100.25",
        "@          IN CAA   0 issue letsencrypt.org",
        "_sip._tcp  IN SRV   10 5 5060 sip",
        "dev        IN NS    ns1.dev",
        "ipv6       IN AAAA  2001:DB8:0:0::1",
        'spf        IN TXT   v=spf1 "include:_spf.example.net ~all"',
      ].join("\n"),
    );

    expect(sets).toEqual([
      { name: "@", type: "CAA", ttl: 3600, records: [{ value: '0 issue "letsencrypt.org"' }] },
      {
        name: "@",
        type: "MX",
        ttl: 3600,
        records: [
          { value: "mx1.example.net.", priority: 10 },
          { value: "mx2.example.com.", priority: 20 },
        ],
      },
      { name: "@", type: "MXE", ttl: 3600, records: [{ value: "198.51.100.25", priority: 5 }] },
      { name: "_sip._tcp", type: "SRV", ttl: 3600, records: [{ value: "5 5060 sip.example.com.", priority: 10 }] },
      { name: "dev", type: "NS", ttl: 3600, records: [{ value: "ns1.dev.example.com." }] },
      { name: "ipv6", type: "AAAA", ttl: 3600, records: [{ value: "2001:db8::1" }] },
      { name: "spf", type: "TXT", ttl: 3600, records: [{ value: '"v=spf1" "include:_spf.example.net ~all"' }] },
    ]);
  });

  it("round-trips a record set of every type DnsRecordSet takes through print and parse", () => {
    const zone = [
      "$TTL 300",
      "@ A 198.51.100.7",
      "@ A 198.51.100.8",
      "v6 AAAA 2001:db8::10",
      "www CNAME @",
      "@ MX 10 mail",
      "@ MX 0 .",
      "@ MXE 20 198.51.100.25",
      "@ MXE 30 relay.example.net.",
      `long TXT "${"a".repeat(255)}" "${"b".repeat(40)}"`,
      'quote TXT "say \\"hi\\" \\\\ back" "café ; (x)"',
      "dev NS ns1.example.net.",
      "_sip._tcp SRV 10 5 5060 sip",
      "_none._tcp SRV 0 0 0 .",
      '@ CAA 0 issue "letsencrypt.org"',
      '@ CAA 128 iodef "mailto:security@example.com"',
      "*.dev A 198.51.100.30",
    ].join("\n");
    const sets = setsOf(zone);
    expect([...new Set(sets.map((s) => s.type))].sort()).toEqual([...DNS_RECORD_TYPES].sort());

    const printed = printZoneFile(
      "example.com",
      ["a header"],
      sets.map((s) => presentation(s)),
    );
    expect(printed.split("\n").slice(0, 2)).toEqual(["; a header", "$ORIGIN example.com."]);
    expect(setsOf(printed, undefined)).toEqual(sets);
  });

  it("prints record sets given as comments as comment lines, which a parse leaves out", () => {
    const printed = printZoneFile(
      "example.com",
      [],
      [
        presentation({ name: "@", type: "NS", ttl: 86400, records: [{ value: "nsa.n0c.com." }] }, true),
        presentation({ name: "@", type: "A", ttl: 60, records: [{ value: "198.51.100.7" }] }),
      ],
    );

    expect(printed).toBe("$ORIGIN example.com.\n; @ 86400 IN NS nsa.n0c.com.\n@    60 IN A  198.51.100.7\n");
    expect(setsOf(printed, undefined).map((s) => s.type)).toEqual(["A"]);
  });

  it("skips the SOA, the apex NS records and ownership markers, with a note for each", () => {
    const parsed = parseZoneFile(
      [
        "$TTL 3600",
        "@ SOA ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 300",
        "@ NS nsa.n0c.com.",
        '_reseller-owner-a.www TXT "heritage=pulumi-hosting-reseller,owner=x"',
        "www A 198.51.100.7",
      ].join("\n"),
      { origin: "example.com" },
    );
    const zone = zoneFromFile("example.com", parsed.records, "v4");

    expect(zone.sets.map((s) => `${s.name} ${s.type}`)).toEqual(["www A"]);
    expect(zone.notes).toEqual([
      "line 2: the SOA record is skipped: the API keeps no SOA, the platform writes it",
      "line 3: the apex NS record is skipped: the platform writes the zone's delegation, and a destroy must not remove it",
      "line 4: _reseller-owner-a.www.example.com. is an ownership marker, which its record set writes (decision 0034): skipped",
    ]);
  });

  it.each([
    [
      "$TTL 60\nwww A 198.51.100.7\nhost PTR target.example.net.",
      3,
      "record type PTR is not one the API takes (A, AAAA, CNAME, MX, MXE, TXT, NS, SRV, CAA)",
    ],
    ["$TTL 60\nwww.example.org. A 198.51.100.7", 2, '"www.example.org." is not inside the zone example.com'],
    ["$TTL 60\nwww A 198.51.100.7\nwww 300 A 198.51.100.8", 3, "TTL 300 differs from the TTL 60 of line 2 for the same name and type"],
    ["$TTL 60\nwww A 198.51.100.7\nwww A 198.51.100.300", 3, 'www.example.com. A: "198.51.100.300" is not an IPv4 address'],
    ["$TTL 60\nwww A 198.51.100.7\nwww A 198.51.100.7", 3, "www.example.com. A: repeats records[0]"],
    ["$TTL 60\n@ MX mail", 2, "a MX record takes a preference and a host name, got 1 field(s)"],
    ["$TTL 60\n@ MX ten mail", 2, 'the MX preference must be a whole number, got "ten"'],
    ["$TTL 60\n@ MX 70000 mail", 2, "example.com. MX: priority must be 0 to 65535"],
    ["$TTL 60\n_x._tcp SRV 1 2 3", 2, "a SRV record takes a priority, a weight, a port and a target, got 3 field(s)"],
    ["$TTL 60\nwww A 198.51.100.7\nwww CNAME @", 3, "www.example.com. has a CNAME and A records"],
    ["$TTL 60\n@ CNAME other.example.net.", 2, "is the zone's apex, where a CNAME cannot be"],
    ["$TTL 60\nx TXT", 2, "a TXT record takes one or more character-strings, got 0 field(s)"],
  ])("refuses %j on line %i", (text, line, reason) => {
    const found = refusal(text);
    expect(found.line).toBe(line);
    expect(found.reason).toContain(reason);
  });
});

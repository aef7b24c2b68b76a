/**
 * A zone as `reseller zone export` and `reseller zone import` exchange it: the record sets that
 * `DnsRecordSet` manages, each in the canonical form its `check` gives (records normalized and
 * sorted), read from the API's rrsets or from a zone file's records.
 *
 * Record types are exactly those `DnsRecordSet` takes (`DNS_RECORD_TYPES`). Two kinds of record
 * the API lists are not managed by a record set and are never declared:
 * - the apex NS set: the platform writes it (the provider's nameservers nsa/nsb/nsc.n0c.com, catalog §6; inferred) and a
 *   destroy must not remove a zone's delegation, as `reseller generate` and `DnsZone` leave it;
 *   an export writes it as comment lines, and an import skips it with a note;
 * - the SOA: no zone reply holds one (catalog §7.6 lists rrsets of record types only; confirmed in v3), so
 *   an export has none to write, and an import skips one with a note.
 * Ownership markers (`_reseller-owner-*`, decision 0034) belong to their record sets and are left
 * out on both sides.
 */
import { DNS_RECORD_TYPES, type DnsRecordType, type DnsRRSet } from "../client/dns-records";
import type { ApiVersion } from "../client/endpoint";
import { checkInputs } from "../provider/lifecycle/check";
import { RESOURCES } from "../resources/registry";
import { isMarkerName } from "../resources/shared/ownership";
import { DEFAULT_TTL, fromApiRecords, type DnsRecord } from "../resources/shared/record-sets";
import { normalizeRecordName, recordFqdn } from "../util/names";
import { absoluteName, ZoneFileError, type PrintedRecordSet, type ZoneField, type ZoneFileRecord } from "./zone-file";

/** One record set of a zone, in canonical form. */
export interface ZoneRecordSet {
  /** Relative to the zone, `@` for the apex. */
  name: string;
  type: DnsRecordType;
  ttl: number;
  /** Canonical and sorted, as `DnsRecordSet`'s `check` writes them. */
  records: DnsRecord[];
  /** The file line the record set's first record is on, for one read from a zone file. */
  line?: number;
}

/** A zone's record sets, with what was left out. */
export interface ZoneContent {
  /** The zone, ASCII, lower case, no trailing dot. */
  domain: string;
  /** The record sets a `DnsRecordSet` manages, sorted by name (apex first) then type. */
  sets: ZoneRecordSet[];
  /** The apex NS set, which the platform writes: shown, never declared. */
  apexNs: ZoneRecordSet[];
  /** What was left out and why, one line each. */
  notes: string[];
}

const TYPES = DNS_RECORD_TYPES as readonly string[];

/** Types whose records carry a priority, written first in a zone file. */
const PRIORITY_TYPES = new Set<string>(["MX", "MXE", "SRV"]);

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Record sets in the order both formats list them: the apex first, then by name, then by type. */
export function sortSets<T extends { name: string; type: string }>(sets: readonly T[]): T[] {
  const key = (s: T) => (s.name === "@" ? "" : s.name);
  return [...sets].sort((a, b) => compare(key(a), key(b)) || compare(a.type, b.type));
}

/**
 * The zone's record sets from the API's rrsets (`dns.getZone`), with the reads' normalization
 * (`fromApiRecords`, the code a refresh runs).
 */
export function zoneFromApi(domain: string, rrsets: readonly DnsRRSet[]): ZoneContent {
  const sets: ZoneRecordSet[] = [];
  const apexNs: ZoneRecordSet[] = [];
  const skipped: string[] = [];
  for (const rrset of rrsets) {
    const type = rrset.type.toUpperCase();
    const name = normalizeRecordName(rrset.name, domain);
    if (rrset.records.length === 0 || (name.ok && isMarkerName(name.value))) continue;
    if (!TYPES.includes(type) || !name.ok) {
      skipped.push(`${rrset.name} ${type}`);
      continue;
    }
    const set: ZoneRecordSet = {
      name: name.value,
      type: type as DnsRecordType,
      ttl: rrset.ttl ?? DEFAULT_TTL,
      records: fromApiRecords(type as DnsRecordType, rrset.records, domain),
    };
    (type === "NS" && name.value === "@" ? apexNs : sets).push(set);
  }
  const notes =
    skipped.length > 0 ? [`${domain}: left out, of a type or name DnsRecordSet does not take: ${skipped.sort().join("; ")}`] : [];
  return { domain, sets: sortSets(sets), apexNs, notes };
}

/** A record set's records in zone-file presentation form: the priority first where the type has one. */
export function presentation(set: Pick<ZoneRecordSet, "name" | "type" | "ttl" | "records">, commented = false): PrintedRecordSet {
  return {
    name: set.name,
    ttl: set.ttl,
    type: set.type,
    rdata: set.records.map((r) => (PRIORITY_TYPES.has(set.type) ? `${r.priority ?? 0} ${r.value}` : r.value)),
    ...(commented ? { commented: true } : {}),
  };
}

/** A record as `DnsRecordSet` takes it, from a zone-file record's RDATA fields. */
type GivenRecord = string | { value: string; priority: number };

/** How many RDATA fields each type has, and what they are, for the message of a wrong count. */
const SHAPES: Record<DnsRecordType, { count: number; fields: string }> = {
  A: { count: 1, fields: "one IPv4 address" },
  AAAA: { count: 1, fields: "one IPv6 address" },
  CNAME: { count: 1, fields: "one host name" },
  NS: { count: 1, fields: "one host name" },
  MX: { count: 2, fields: "a preference and a host name" },
  MXE: { count: 2, fields: "a preference and a host name or IPv4 address" },
  SRV: { count: 4, fields: "a priority, a weight, a port and a target" },
  CAA: { count: 3, fields: "flags, a tag and a value" },
  TXT: { count: 0, fields: "one or more character-strings" },
};

/** A preference or priority field: a whole number (its range is the resource's check). */
function priorityOf(field: ZoneField, record: ZoneFileRecord): number {
  if (!/^\d+$/.test(field.text)) {
    const what = record.type === "SRV" ? "priority" : "preference";
    throw new ZoneFileError(record.line, `the ${record.type} ${what} must be a whole number, got "${field.text}"`);
  }
  return Number(field.text);
}

/** A domain name of the RDATA, absolute (relative names are relative to the origin of the line). */
function target(field: ZoneField, record: ZoneFileRecord): string {
  return absoluteName(field.text, record.origin);
}

/** The record a zone-file line gives, in the form `DnsRecordSet`'s `records` take. */
function givenRecord(type: DnsRecordType, record: ZoneFileRecord): GivenRecord {
  const f = record.rdata;
  const shape = SHAPES[type];
  if (type === "TXT" ? f.length === 0 : f.length !== shape.count) {
    throw new ZoneFileError(record.line, `a ${type} record takes ${shape.fields}, got ${f.length} field(s)`);
  }
  switch (type) {
    case "A":
    case "AAAA":
      return f[0]!.text;
    case "CNAME":
    case "NS":
      return target(f[0]!, record);
    case "MX":
      return { value: target(f[1]!, record), priority: priorityOf(f[0]!, record) };
    case "MXE":
      // MXE's exchange may be an IPv4 address (record-sets.ts of the resources, inferred), which is not a name.
      return { value: /^[\d.]+$/.test(f[1]!.text) ? f[1]!.text : target(f[1]!, record), priority: priorityOf(f[0]!, record) };
    case "SRV":
      return { value: `${f[1]!.text} ${f[2]!.text} ${target(f[3]!, record)}`, priority: priorityOf(f[0]!, record) };
    case "CAA":
      return `${f[0]!.text} ${f[1]!.text} "${f[2]!.text}"`;
    case "TXT":
      // Each field is one character-string, quoted or not (RFC 1035 §3.3.14); escapes are kept
      // as written, and the resource's check reads them.
      return f.map((field) => `"${field.text}"`).join(" ");
  }
}

/** Record sets being gathered from a file, by relative name and type. */
interface Gathered {
  name: string;
  type: DnsRecordType;
  ttl: number;
  /** The TTL's line, for the message of a record whose TTL differs. */
  ttlLine: number;
  records: GivenRecord[];
  lines: number[];
}

/** The file line a check failure of a record set points at: its record's, else the set's first. */
function lineOf(set: Gathered, property: string): number {
  const m = /^records\[(\d+)\]/.exec(property);
  return m ? (set.lines[Number(m[1])] ?? set.lines[0]!) : set.lines[0]!;
}

/** Checks one gathered record set with `DnsRecordSet`'s own check; its canonical form, or a refusal on its line. */
function checked(domain: string, set: Gathered, version: ApiVersion): ZoneRecordSet {
  const result = checkInputs(
    RESOURCES.DnsRecordSet,
    { domain, name: set.name, type: set.type, ttl: set.ttl, records: set.records },
    version,
  );
  if (!result.inputs) {
    const failure = result.failures![0]!;
    // A record's problem is on its own line, so the property path names only what is inside it.
    const inRecord = /^records\[\d+\]\.?(.*)$/.exec(failure.property);
    const what = inRecord ? (inRecord[1] ? `${inRecord[1]} ` : "") : `${failure.property} `;
    throw new ZoneFileError(lineOf(set, failure.property), `${recordFqdn(set.name, domain)} ${set.type}: ${what}${failure.reason}`);
  }
  const inputs = result.inputs as { ttl: number; records: DnsRecord[] };
  return { name: set.name, type: set.type, ttl: inputs.ttl, records: inputs.records, line: set.lines[0]! };
}

/** Refuses a CNAME that shares its name with other record sets (RFC 1034 §3.6.2), on the CNAME's line. */
function refuseCnameClash(domain: string, sets: readonly ZoneRecordSet[]): void {
  for (const cname of sets.filter((s) => s.type === "CNAME")) {
    const others = sets.filter((s) => s.name === cname.name && s.type !== "CNAME").map((s) => s.type);
    if (others.length > 0) {
      throw new ZoneFileError(
        cname.line ?? 0,
        `${recordFqdn(cname.name, domain)} has a CNAME and ${others.join(", ")} records, and a CNAME shares its name with no other records (RFC 1034 §3.6.2)`,
      );
    }
  }
}

/** What a record line is, before it joins a record set: kept, or skipped with the reason. */
function classify(domain: string, record: ZoneFileRecord): { skip: string } | { name: string; type: DnsRecordType } {
  const name = normalizeRecordName(record.name, domain);
  if (!name.ok) throw new ZoneFileError(record.line, name.reason);
  if (record.type === "SOA")
    return { skip: `line ${record.line}: the SOA record is skipped: the API keeps no SOA, the platform writes it` };
  if (!TYPES.includes(record.type)) {
    throw new ZoneFileError(record.line, `record type ${record.type} is not one the API takes (${DNS_RECORD_TYPES.join(", ")})`);
  }
  if (isMarkerName(name.value))
    return { skip: `line ${record.line}: ${record.name} is an ownership marker, which its record set writes (decision 0034): skipped` };
  if (record.type === "NS" && name.value === "@")
    return {
      skip: `line ${record.line}: the apex NS record is skipped: the platform writes the zone's delegation, and a destroy must not remove it`,
    };
  return { name: name.value, type: record.type as DnsRecordType };
}

/**
 * The record sets of a parsed zone file for `domain` (ASCII, lower case), each checked with
 * `DnsRecordSet`'s own check for the API version. A record of a type the API does not take, a
 * name outside the zone, records of one set with different TTLs (RFC 2181 §5.2), a value the
 * resource refuses, or a CNAME beside other data is refused as a {@link ZoneFileError} naming its
 * line; nothing is dropped silently. SOA, apex NS and ownership markers are skipped with a note.
 */
export function zoneFromFile(domain: string, records: readonly ZoneFileRecord[], version: ApiVersion): ZoneContent {
  const gathered = new Map<string, Gathered>();
  const notes: string[] = [];
  for (const record of records) {
    const kind = classify(domain, record);
    if ("skip" in kind) {
      notes.push(kind.skip);
      continue;
    }
    const key = `${kind.name} ${kind.type}`;
    const set = gathered.get(key) ?? { name: kind.name, type: kind.type, ttl: record.ttl, ttlLine: record.line, records: [], lines: [] };
    if (set.ttl !== record.ttl) {
      throw new ZoneFileError(
        record.line,
        `TTL ${record.ttl} differs from the TTL ${set.ttl} of line ${set.ttlLine} for the same name and type: a record set has one TTL (RFC 2181 §5.2)`,
      );
    }
    set.records.push(givenRecord(kind.type, record));
    set.lines.push(record.line);
    gathered.set(key, set);
  }
  const sets = [...gathered.values()].map((set) => checked(domain, set, version));
  refuseCnameClash(domain, sets);
  return { domain, sets: sortSets(sets), apexNs: [], notes };
}

/**
 * DNS record sets as `DnsRecordSet` and `DnsZone` (a list of record sets) take them: inputs,
 * their validation and normalization, and the conversions to and from the API's rrsets.
 *
 * One record set is all records of one name and type in a zone, which is how the API's zone
 * operations exchange them: rrsets `{type, name, ttl, records[]}` whose record objects are `{ip}`
 * for A/AAAA, `{value, priority}` for MX/MXE, `{value}` for CNAME and `{content}` for TXT
 * (catalog §7.6, from the official registrar module). State holds every value in one canonical
 * spelling, so refreshes never show spurious diffs (docs/decisions/0004): IPv6 in RFC 5952 form, host
 * names in ASCII lower case with a trailing dot, TXT as quoted 255-byte character-strings,
 * records sorted.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ipaddr } from "../../util/parsers";
import { z } from "zod";
import { DNS_RECORD_TYPES, RECORD_FORM, type DnsRecordType } from "../../client/dns-records";
import { containsUnknown, isUnknown, limitText, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../util/issue";
import { checkedZone, normalizeHost, normalizeRecordName, recordFqdn } from "../../util/names";
import { domainInput, NAME_RULE, textInput } from "../../provider/rules/validators";

/**
 * TTL the official module always sends, and the simulator's default (catalog §7.6).
 *
 * @example
 * new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", ttl: DEFAULT_TTL, records: ["198.51.100.7"] });
 */
export const DEFAULT_TTL = 14400;

/** One record with a priority (MX, MXE, SRV), or any record given as an object. */
export interface DnsRecordArgs {
  /** The record's value (for `MX`, the mail server). */
  value: pulumi.Input<string>;
  /** Priority, for `MX`, `MXE` and `SRV` records; lower is preferred. */
  priority?: pulumi.Input<number>;
}

/** One record of a set: its value, and the priority for MX, MXE and SRV. */
export interface DnsRecord {
  /** The record's value (for `MX`, the mail server). */
  value: string;
  /** Priority, for `MX`, `MXE` and `SRV` records; lower is preferred. */
  priority?: number;
}

/** Largest RDATA of one record (RFC 1035 §3.2.1: RDLENGTH is 16 bits). */
const MAX_RDATA = 65535;

/**
 * A record value as text: at most 4 characters per RDATA octet (the `\DDD` escape of TXT
 * presentation form), so the longest TXT record can be written; each type's own rule bounds the
 * others far below that.
 */
const recordValueInput = textInput(
  4 * MAX_RDATA,
  "RFC 1035 §3.2.1: RDATA has at most 65535 octets, written with at most 4 characters each",
);

const recordInput = z.union([
  recordValueInput,
  z.strictObject({
    value: recordValueInput,
    priority: z.number().int().min(0, "must be 0 to 65535").max(65535, "must be 0 to 65535").optional(),
  }),
]);

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const dnsRecordSetInputs = {
  /** The zone: a domain, Unicode or ASCII, with or without the trailing dot. */
  domain: domainInput,
  /** Relative name (`www`), `@` for the apex, or a fully qualified name inside the zone. */
  name: limitText(z.string(), NAME_RULE),
  type: limitText(
    z
      .string()
      .transform((t) => t.trim().toUpperCase())
      .pipe(z.enum(DNS_RECORD_TYPES, { error: `must be one of ${DNS_RECORD_TYPES.join(", ")}` })),
    { max: 16, because: "sensible: the longest record type, CNAME, has 5 characters" },
  ),
  ttl: z
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(2147483647, "must be at most 2147483647 (RFC 2181)")
    .default(DEFAULT_TTL),
  records: z.array(recordInput).min(1, "needs at least one record; delete the resource to remove the record set"),
  /** The hosting account holding the domain; without it the domain-only form of the zone operations is used. */
  hostingId: z.number().int().positive("must be a hosting account id").optional(),
};

type Parsed = z.output<z.ZodObject<typeof dnsRecordSetInputs>>;

/** The checked inputs: names canonical, records normalized and sorted. */
export interface DnsRecordSetInputs {
  /** The zone, ASCII, lower case, no trailing dot. */
  domain: string;
  /** Relative to the zone, `@` for the apex. */
  name: string;
  type: DnsRecordType;
  ttl: number;
  records: DnsRecord[];
  hostingId?: number;
}

/** Types whose records carry a priority. */
const PRIORITY_TYPES = new Set<string>(["MX", "MXE", "SRV"]);

type Result = { ok: true; value: string } | { ok: false; reason: string };

function ipv4(v: string): Result {
  const s = v.trim();
  // Four-part decimal only: `010.1.1.1` or `0x7f.1` are read differently by different tools.
  if (!ipaddr().IPv4.isValidFourPartDecimal(s)) {
    // An IPv6 address here is the wrong record type, not a typo: say which type takes it.
    const hint = ipaddr().IPv6.isValid(s) ? "; an IPv6 address goes in an AAAA record" : "";
    return { ok: false, reason: `${quote(v)} is not an IPv4 address (four decimal parts, e.g. 198.51.100.7)${hint}` };
  }
  return { ok: true, value: ipaddr().IPv4.parse(s).toString() };
}

function ipv6(v: string): Result {
  const s = v.trim();
  if (s.includes("%") || !ipaddr().IPv6.isValid(s)) {
    const hint = ipaddr().IPv4.isValidFourPartDecimal(s) ? "; an IPv4 address goes in an A record" : "";
    return { ok: false, reason: `${quote(v)} is not an IPv6 address${hint}` };
  }
  const addr = ipaddr().IPv6.parse(s);
  // RFC 5952 §5: IPv4-mapped addresses keep the dotted quad.
  if (addr.isIPv4MappedAddress()) return { ok: true, value: `::ffff:${addr.toIPv4Address().toString()}` };
  return { ok: true, value: addr.toRFC5952String() };
}

function host(v: string, zone: string): Result {
  return normalizeHost(v, zone);
}

/**
 * Splits TXT presentation text into its character-strings. Quoted input (`"a" "b"`) keeps its
 * strings, with `\"`, `\\` and `\DDD` escapes; unquoted input is one string taken literally.
 */
function txtStrings(v: string): { ok: true; strings: string[] } | { ok: false; reason: string } {
  const s = v.trim();
  if (!s.startsWith('"')) return { ok: true, strings: [s] };
  const strings: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i]!)) {
      i += 1;
      continue;
    }
    if (s[i] !== '"') return { ok: false, reason: `text outside quotes at position ${i + 1}; quote every part, or give the text unquoted` };
    const quoted = quotedString(s, i);
    if (!quoted.ok) return quoted;
    strings.push(quoted.text);
    i = quoted.next;
  }
  return { ok: true, strings };
}

/** The quoted string of `s` that opens at `start`: its text, and the index after its closing quote. */
function quotedString(s: string, start: number): { ok: true; text: string; next: number } | { ok: false; reason: string } {
  let i = start + 1;
  const bytes: number[] = [];
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"') return { ok: true, text: Buffer.from(bytes).toString("utf8"), next: i + 1 };
    if (ch === "\\") {
      const dec = /^\d{3}/.exec(s.slice(i + 1));
      if (dec) {
        const n = Number(dec[0]);
        if (n > 255) return { ok: false, reason: `escape \\${dec[0]} is not a byte` };
        bytes.push(n);
        i += 4;
        continue;
      }
      if (i + 1 >= s.length) break;
      const next = s.codePointAt(i + 1)!;
      bytes.push(...Buffer.from(String.fromCodePoint(next), "utf8"));
      i += 1 + (next > 0xffff ? 2 : 1);
      continue;
    }
    const cp = s.codePointAt(i)!;
    bytes.push(...Buffer.from(String.fromCodePoint(cp), "utf8"));
    i += cp > 0xffff ? 2 : 1;
  }
  return { ok: false, reason: "a quote is not closed" };
}

/** Splits text into pieces of at most 255 UTF-8 bytes without cutting a character in two. */
function chunk255(text: string): string[] {
  const chunks: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, "utf8");
    if (size + n > 255) {
      chunks.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  chunks.push(current);
  return chunks;
}

/**
 * TXT data in canonical presentation form: each character-string quoted, `"` and `\` escaped,
 * strings longer than 255 bytes split into 255-byte strings as DNS requires (RFC 1035 §3.3.14),
 * strings separated by one space.
 *
 * @example
 * canonicalTxt("v=spf1 include:_spf.example.com ~all"); // { ok: true, value: "\"v=spf1 include:_spf.example.com ~all\"" }
 */
export function canonicalTxt(v: string): Result {
  const parsed = txtStrings(v);
  if (!parsed.ok) return parsed;
  const strings = parsed.strings.flatMap(chunk255);
  if (strings.every((s) => s === "")) return { ok: false, reason: "TXT text is empty" };
  const size = strings.reduce((n, s) => n + 1 + Buffer.byteLength(s, "utf8"), 0);
  if (size > MAX_RDATA) return { ok: false, reason: `TXT text is ${size} bytes, more than a record can hold (${MAX_RDATA})` };
  return { ok: true, value: strings.map((s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(" ") };
}

function caa(v: string): Result {
  const m = /^\s*(\d{1,3})\s+([A-Za-z0-9]+)\s+(.+?)\s*$/.exec(v);
  if (!m || Number(m[1]) > 255)
    return { ok: false, reason: `${quote(v)} is not CAA data: flags tag value, e.g. 0 issue "letsencrypt.org"` };
  const raw = m[3]!;
  const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
  return { ok: true, value: `${Number(m[1])} ${m[2]!.toLowerCase()} "${value.replace(/"/g, '\\"')}"` };
}

function srv(v: string, zone: string): Result {
  const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s*$/.exec(v);
  if (!m || Number(m[1]) > 65535 || Number(m[2]) > 65535)
    return { ok: false, reason: `${quote(v)} is not SRV data: weight port target, e.g. 5 5060 sip.example.com` };
  const target = host(m[3]!, zone);
  if (!target.ok) return target;
  return { ok: true, value: `${Number(m[1])} ${Number(m[2])} ${target.value}` };
}

/**
 * The canonical value of one record of a type (without its priority).
 *
 * @example
 * canonicalValue("AAAA", "2001:DB8:0:0::1", "example.com"); // { ok: true, value: "2001:db8::1" }
 * canonicalValue("CNAME", "Target.Example.net", "example.com"); // { ok: true, value: "target.example.net." }
 */
export function canonicalValue(type: DnsRecordType, value: string, zone: string): Result {
  switch (type) {
    case "A":
      return ipv4(value);
    case "AAAA":
      return ipv6(value);
    case "CNAME":
    case "NS":
      // The root stands for "no host" in a null MX (RFC 7505) and an SRV target (RFC 2782)
      // only; an alias or a delegation to it means nothing.
      if (value === ".") return { ok: false, reason: `the root (".") is not a ${type} target; give a host name, e.g. ns1.example.net` };
      return host(value, zone);
    case "MX":
      return host(value, zone);
    case "MXE": {
      // MXE takes "the exchange" like MX (legacy document, Save DNS records); panels that offer
      // it take an IPv4 address, so both are accepted (inferred).
      if (/^[\d.]+$/.test(value.trim())) return ipv4(value);
      return host(value, zone);
    }
    case "SRV":
      return srv(value, zone);
    case "TXT":
      return canonicalTxt(value);
    case "CAA":
      return caa(value);
  }
}

/**
 * One record given as text: for MX, MXE and SRV the zone-file form with the priority first
 * (`10 mail.example.com`) is accepted beside `{ value, priority }`.
 */
function splitPriority(type: string, text: string): { value: string; priority?: number } {
  if (!PRIORITY_TYPES.has(type)) return { value: text };
  const fields = text.trim().split(/\s+/);
  const expected = type === "SRV" ? 4 : 2;
  if (fields.length === expected && /^\d+$/.test(fields[0]!)) return { value: fields.slice(1).join(" "), priority: Number(fields[0]) };
  return { value: text };
}

/**
 * Normalizes and sorts the records of a set, reporting each problem on its `records[i]` path.
 * Returns undefined when a record is invalid.
 */
export function normalizeRecords(
  type: DnsRecordType,
  records: readonly (string | DnsRecord)[],
  zone: string,
  issue: IssueSink,
): DnsRecord[] | undefined {
  const out: DnsRecord[] = [];
  const seen = new Map<string, number>();
  let ok = true;
  records.forEach((r, i) => {
    const given = typeof r === "string" ? splitPriority(type, r) : r;
    if (given.value.trim() === "") {
      issue(["records", i], "is empty");
      ok = false;
      return;
    }
    const value = canonicalValue(type, given.value, zone);
    if (!value.ok) {
      issue(typeof r === "string" ? ["records", i] : ["records", i, "value"], value.reason);
      ok = false;
      return;
    }
    if (PRIORITY_TYPES.has(type) && given.priority === undefined) {
      issue(["records", i], `${type} records need a priority: { value, priority } or ${quote(`10 ${given.value.trim()}`)}`);
      ok = false;
      return;
    }
    if (!PRIORITY_TYPES.has(type) && given.priority !== undefined) {
      issue(["records", i, "priority"], `only MX, MXE and SRV records take a priority, not ${type}`);
      ok = false;
      return;
    }
    const rec: DnsRecord = given.priority === undefined ? { value: value.value } : { value: value.value, priority: given.priority };
    const key = `${rec.priority ?? ""} ${rec.value}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issue(["records", i], `repeats records[${first}] (${quote(value.value)})`);
      ok = false;
      return;
    }
    seen.set(key, i);
    out.push(rec);
  });
  if (!ok) return undefined;
  // RFC 1034 §3.6.2: a name with a CNAME has no other data, and one CNAME only.
  if (type === "CNAME" && out.length > 1) {
    issue("records", `a CNAME record set holds exactly one record, got ${out.length}`);
    return undefined;
  }
  return sortRecords(out);
}

/** Records in a stable order: by priority, then value. */
export function sortRecords(records: readonly DnsRecord[]): DnsRecord[] {
  return [...records].sort((a, b) => (a.priority ?? -1) - (b.priority ?? -1) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Cross-property normalization: the zone, then the name relative to it, then the records by type. */
export function normalizeDnsRecordSet(v: Parsed, issue: IssueSink): DnsRecordSetInputs {
  const out = { ...v } as unknown as DnsRecordSetInputs;
  const zone = isUnknown(v.domain) ? undefined : checkedZone(v.domain, issue);
  if (zone === undefined) return out;
  out.domain = zone;
  if (!isUnknown(v.name)) {
    const name = normalizeRecordName(v.name, zone);
    if (!name.ok) issue("name", name.reason);
    else out.name = name.value;
    // The apex holds the zone's SOA and NS records, and a name with a CNAME holds no other data
    // (RFC 1034 §3.6.2, RFC 1912 §2.4): the API refuses a CNAME there, so check does first.
    if (name.ok && name.value === "@" && v.type === "CNAME") {
      issue(
        "name",
        `${quote(v.name)} is the zone's apex, where a CNAME cannot be: the apex holds the zone's SOA and NS records, and a CNAME shares its name with no other records (RFC 1034 §3.6.2)`,
      );
    }
  }
  if (!isUnknown(v.type) && !containsUnknown(v.records)) {
    const records = normalizeRecords(v.type, v.records, zone, issue);
    if (records) out.records = records;
  }
  return out;
}

/**
 * The rrset to send for a record set: fully qualified name, and the record objects its type
 * takes (`RECORD_FORM`).
 */
export function toApiRRSet(v: Pick<DnsRecordSetInputs, "domain" | "name" | "type" | "ttl">, records: readonly DnsRecord[] = []) {
  const form = RECORD_FORM[v.type];
  return {
    type: v.type,
    name: recordFqdn(v.name, v.domain),
    ttl: v.ttl,
    records: records.map((r) =>
      form === "ip"
        ? { ip: r.value }
        : form === "content"
          ? { content: r.value }
          : form === "value"
            ? { value: r.value }
            : { value: r.value, priority: r.priority },
    ),
  };
}

/**
 * Records read from the API in canonical form. A value that does not normalize (something
 * written by another tool) is kept as it is rather than failing a refresh.
 */
export function fromApiRecords(
  type: DnsRecordType,
  records: readonly { ip?: string; value?: string; content?: string; priority?: number }[],
  zone: string,
): DnsRecord[] {
  return sortRecords(
    records.map((r) => {
      const raw = r.ip ?? r.value ?? r.content ?? "";
      const v = canonicalValue(type, raw, zone);
      const value = v.ok ? v.value : raw;
      return r.priority === undefined || !PRIORITY_TYPES.has(type) ? { value } : { value, priority: r.priority };
    }),
  );
}

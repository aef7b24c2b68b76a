/**
 * DnsZone: inputs, their validation and normalization, and the state it keeps.
 *
 * The whole zone is declared at once: every record set the zone should hold, each given and
 * normalized exactly as a `DnsRecordSet` takes it (the same schemas and normalization: IPv6 in
 * RFC 5952 form, host names ASCII lower case with the trailing dot, TXT as quoted 255-byte
 * strings, names relative with `@` for the apex, records sorted). Record sets are kept sorted by
 * name and type, so their order in the program never shows as a change.
 *
 * Two escape hatches make whole-zone ownership safe (docs/resources/dns-zone.md): `ignore` patterns
 * leave record sets written by other tools alone (ACME challenges, DKIM keys), and the bulk
 * delete guard (`maxDeleteShare`, `allowBulkDelete`) refuses to wipe most of a zone by accident.
 */
import { z } from "zod";
import { DNS_RECORD_TYPES, type DnsRecordType } from "../../client/dns-records";
import { containsUnknown, isUnknown, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { checkedZone, MAX_NAME_LENGTH } from "../../util/names";
import { textInput } from "../../provider/rules/validators";
import { dnsRecordSetInputs, normalizeDnsRecordSet, type DnsRecord } from "../shared/record-sets";

/**
 * Default of `maxDeleteShare`: a zone update may delete at most a third of the zone's records.
 *
 * @example
 * new DnsZone("site", { domain: "example.com", recordSets, maxDeleteShare: DEFAULT_MAX_DELETE_SHARE });
 */
export const DEFAULT_MAX_DELETE_SHARE = 0.33;

const recordSetInput = z.strictObject({
  name: dnsRecordSetInputs.name,
  type: dnsRecordSetInputs.type,
  ttl: dnsRecordSetInputs.ttl,
  records: z
    .array(dnsRecordSetInputs.records.element)
    .min(1, "needs at least one record; leave the record set out of recordSets to delete it"),
});

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const dnsZoneInputs = {
  /** The zone: a domain, Unicode or ASCII, with or without the trailing dot. */
  domain: dnsRecordSetInputs.domain,
  /** The hosting account holding the domain; without it the domain-only form of the zone operations is used. */
  hostingId: dnsRecordSetInputs.hostingId,
  /** Every record set the zone holds, apart from ignored ones. */
  recordSets: z.array(recordSetInput),
  /** Patterns of record sets left alone: `name`, or `name:TYPE`, with `*` and `?` wildcards. */
  ignore: z.array(textInput(MAX_NAME_LENGTH + 11, 'a name of at most 253 characters (RFC 1035 §2.3.4), ":" and a record type')).default([]),
  maxDeleteShare: z
    .number()
    .min(0, "must be a share from 0 to 1 (0.33 is a third)")
    .max(1, "must be a share from 0 to 1 (0.33 is a third)")
    .default(DEFAULT_MAX_DELETE_SHARE),
  allowBulkDelete: z.boolean().default(false),
  resetOnDelete: z.boolean().default(false),
};

type Parsed = z.output<z.ZodObject<typeof dnsZoneInputs>>;

/** One record set of the zone, as checked and as stored. */
export interface ZoneRecordSet {
  /** Relative to the zone, `@` for the apex. */
  name: string;
  type: DnsRecordType;
  ttl: number;
  /** Canonical records, sorted by priority then value. */
  records: DnsRecord[];
}

/** The checked inputs: names canonical, record sets normalized and sorted, patterns canonical. */
export interface DnsZoneInputs {
  /** The zone, ASCII, lower case, no trailing dot. */
  domain: string;
  hostingId?: number;
  recordSets: ZoneRecordSet[];
  ignore: string[];
  maxDeleteShare: number;
  allowBulkDelete: boolean;
  resetOnDelete: boolean;
}

/** The state of a zone: the inputs, with `recordSets` holding the live, managed record sets. */
export type DnsZoneOutputs = DnsZoneInputs;

/** Record sets in a stable order: by name, then type. */
export function sortRecordSets<T extends { name: string; type: string }>(sets: readonly T[]): T[] {
  const key = (s: T) => `${s.name} ${s.type}`;
  return [...sets].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Name patterns: letters, digits, `-`, `_`, `.`, `@` and the wildcards `*` and `?`. */
const NAME_PATTERN = /^[a-z0-9_.*?@-]+$/;

/**
 * An ignore pattern in canonical form (`name` lower case, `:TYPE` upper case, `name:*` as
 * `name`), or why it is not one.
 *
 * @example
 * canonicalIgnorePattern("_ACME-challenge*"); // { ok: true, value: "_acme-challenge*" }
 * canonicalIgnorePattern("*:txt"); // { ok: true, value: "*:TXT" }
 */
export function canonicalIgnorePattern(input: string): { ok: true; value: string } | { ok: false; reason: string } {
  const trimmed = input.trim();
  const colon = trimmed.lastIndexOf(":");
  const name = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  const type = colon < 0 ? "*" : trimmed.slice(colon + 1).toUpperCase();
  if (name === "" || !NAME_PATTERN.test(name)) {
    return {
      ok: false,
      reason: `${quote(input)} is not a pattern: give a relative name with * and ? wildcards (ASCII; punycode for IDN labels), e.g. _acme-challenge* or *:TXT`,
    };
  }
  if (type !== "*" && !(DNS_RECORD_TYPES as readonly string[]).includes(type)) {
    return { ok: false, reason: `${quote(input)}: the type after ":" must be * or one of ${DNS_RECORD_TYPES.join(", ")}` };
  }
  return { ok: true, value: type === "*" ? name : `${name}:${type}` };
}

function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

/**
 * The first canonical pattern that matches a record set (relative name, `@` for the apex), or
 * undefined.
 *
 * @example
 * ignoredBy(["_acme-challenge*"], "_acme-challenge.www", "TXT"); // "_acme-challenge*"
 * ignoredBy(["*:TXT"], "@", "MX"); // undefined
 */
export function ignoredBy(patterns: readonly string[], name: string, type: string): string | undefined {
  return patterns.find((p) => {
    const colon = p.lastIndexOf(":");
    const namePart = colon < 0 ? p : p.slice(0, colon);
    const typePart = colon < 0 ? "*" : p.slice(colon + 1);
    return (typePart === "*" || typePart === type) && globRegExp(namePart).test(name);
  });
}

function normalizeIgnore(patterns: readonly string[], issue: IssueSink): string[] | undefined {
  const out = new Set<string>();
  let ok = true;
  patterns.forEach((p, i) => {
    const c = canonicalIgnorePattern(p);
    if (!c.ok) {
      issue(["ignore", i], c.reason);
      ok = false;
    } else out.add(c.value);
  });
  return ok ? [...out].sort() : undefined;
}

function normalizeRecordSets(
  zone: string,
  sets: Parsed["recordSets"],
  ignore: readonly string[] | undefined,
  issue: IssueSink,
): ZoneRecordSet[] | undefined {
  const out: ZoneRecordSet[] = [];
  const seen = new Map<string, number>();
  let ok = true;
  sets.forEach((s, i) => {
    let failed = false;
    const inSet: IssueSink = (path, reason) => {
      failed = true;
      issue(["recordSets", i, ...(typeof path === "string" ? [path] : path)], reason);
    };
    const n = normalizeDnsRecordSet({ domain: zone, ...s }, inSet);
    if (failed) {
      ok = false;
      return;
    }
    const key = `${n.name} ${n.type}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issue(["recordSets", i], `repeats recordSets[${first}] (${key}); put every record of one name and type in one record set`);
      ok = false;
      return;
    }
    const pattern = ignore ? ignoredBy(ignore, n.name, n.type) : undefined;
    if (pattern !== undefined) {
      issue(["recordSets", i], `${key} is ignored by the pattern ${quote(pattern)}; declare it or ignore it, not both`);
      ok = false;
      return;
    }
    seen.set(key, i);
    out.push({ name: n.name, type: n.type, ttl: n.ttl, records: n.records });
  });
  if (!ok) return undefined;
  // RFC 1034 §3.6.2: a name with a CNAME has no other data (the API refuses it too).
  for (const cname of out.filter((s) => s.type === "CNAME")) {
    const others = out.filter((s) => s.name === cname.name && s.type !== "CNAME").map((s) => s.type);
    if (others.length > 0) {
      issue(
        "recordSets",
        `${cname.name} has a CNAME record set and ${others.join(", ")} record sets: a CNAME cannot share its name with other records`,
      );
      return undefined;
    }
  }
  return sortRecordSets(out);
}

/**
 * Cross-property normalization: the zone, the ignore patterns, then each record set against
 * the zone (as `DnsRecordSet` does), refusing repeated sets, sets that are also ignored, and a
 * CNAME beside other records.
 */
export function normalizeDnsZone(v: Parsed, issue: IssueSink): DnsZoneInputs {
  const out = { ...v } as unknown as DnsZoneInputs;
  const zone = isUnknown(v.domain) ? undefined : checkedZone(v.domain, issue);
  if (zone === undefined) return out;
  out.domain = zone;
  const ignore = containsUnknown(v.ignore) ? undefined : normalizeIgnore(v.ignore, issue);
  if (ignore) out.ignore = ignore;
  if (!containsUnknown(v.recordSets)) {
    const sets = normalizeRecordSets(zone, v.recordSets, ignore, issue);
    if (sets) out.recordSets = sets;
  }
  return out;
}

/**
 * DNS record shapes shared by the DNS endpoints, the simulator and the record-set resource.
 *
 * The hosting DNS operations (v4, v3 and v2 `/n0c-api`) exchange rrsets: one name and type with
 * a TTL and a list of record objects whose shape depends on the type (catalog §7.6, from the
 * official registrar module): `{ip}` for A/AAAA, `{value, priority}` for MX/MXE, `{value}` for
 * CNAME, `{content}` for TXT. The v2 provider DNS (`/reseller-api/*-ph-dns-records`) uses flat
 * numbered fields instead (`type1`, `hostname1`, `address1`, `ttl1`, `priority1`, ...).
 */
import { z } from "zod";
import { int, list, obj, str } from "./schemas";

/**
 * Record types an rrset may carry. The catalog's evidence shows A, AAAA, CNAME, MX, MXE and TXT
 * (catalog §7.6); NS, SRV and CAA are accepted too because zones hold them (the default zone has
 * NS rrsets) and DNS hosting panels manage them (inferred).
 */
export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "MXE", "TXT", "NS", "SRV", "CAA"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** Record types the v2 provider DNS accepts in `typeN` (legacy document, Save DNS records). */
export const V2_DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "MXE", "TXT"] as const;

/**
 * Which record object each type takes (catalog §7.6 for the first six; inferred for the rest:
 * NS like CNAME, SRV like MX with `value` = "weight port target", CAA like TXT with
 * `content` = `0 issue "ca.example"`).
 */
export const RECORD_FORM: Record<DnsRecordType, "ip" | "value" | "value+priority" | "content"> = {
  A: "ip",
  AAAA: "ip",
  CNAME: "value",
  NS: "value",
  MX: "value+priority",
  MXE: "value+priority",
  SRV: "value+priority",
  TXT: "content",
  CAA: "content",
};

/**
 * One record object of an rrset, as sent. Exactly one of the three forms; which one a type needs
 * is {@link RECORD_FORM} (the server checks the pairing).
 */
export const dnsRecordInput = z.union([
  z.strictObject({ ip: z.string().min(1) }),
  z.strictObject({ value: z.string().min(1), priority: z.number().int().min(0).max(65535).optional() }),
  z.strictObject({ content: z.string().min(1) }),
]);

/**
 * An rrset as sent in `rrsets` of Modify DNS zone. `records: []` deletes the rrset (inferred:
 * the operation "also deletes records" per the v4 document, and an rrset without records is the
 * only way the rrset form can express it).
 */
export const dnsRRSetInput = z.strictObject({
  type: z.enum(DNS_RECORD_TYPES),
  /** `@`, a relative name (`www`) or a fully qualified name, with or without the trailing dot. */
  name: z.string().min(1),
  /** Seconds; the official module always sends 14400 (catalog §7.6). */
  ttl: z.number().int().positive().optional(),
  records: z.array(dnsRecordInput),
});
export type DnsRRSetInput = z.input<typeof dnsRRSetInput>;

/** One record object as read: whichever of `ip`, `value`, `priority`, `content` is present. */
export const dnsRecord = obj({
  ip: str().optional(),
  value: str().optional(),
  priority: int().optional(),
  content: str().optional(),
});

/** An rrset as read from a zone (`data[]` of Retrieve DNS zone). */
export const dnsRRSet = obj({
  type: str(),
  name: str(),
  ttl: int().optional(),
  records: list(dnsRecord),
});
export type DnsRRSet = z.output<typeof dnsRRSet>;

/**
 * One flat entry of the v2 provider DNS (`records[]` of `get-ph-dns-records`), the same fields
 * the save operation takes without their number suffix.
 */
export const v2DnsRecord = obj({
  type: str(),
  hostname: str(),
  address: str(),
  ttl: int().optional(),
  priority: int().optional(),
});
export type V2DnsRecord = z.output<typeof v2DnsRecord>;

const V2_RECORD_KEY = /^(type|hostname|address|ttl|priority)(\d+)$/;

/**
 * Request of v2 Save DNS records: `sld`, `tld` and numbered groups `typeN`, `hostnameN`,
 * `addressN` (required per group), `ttlN`, `priorityN` (optional). A strict object cannot list
 * an unbounded set of keys, so the numbered keys go through a catchall checked by a refinement:
 * every extra key must be one of the five numbered fields, every group needs type, hostname and
 * address, `typeN` must be a v2 record type, `ttlN` and `priorityN` integers.
 */
export const v2SaveRecordsRequest = z
  .object({ sld: z.string().min(1), tld: z.string().min(1) })
  .catchall(z.union([z.string(), z.number()]))
  .superRefine((params, ctx) => {
    const groups = new Map<string, Set<string>>();
    for (const [key, value] of Object.entries(params)) {
      if (key === "sld" || key === "tld") continue;
      const m = V2_RECORD_KEY.exec(key);
      if (!m) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `Unrecognized key "${key}": expected sld, tld or typeN, hostnameN, addressN, ttlN, priorityN`,
        });
        continue;
      }
      const [, field, n] = m as unknown as [string, string, string];
      if (!groups.has(n)) groups.set(n, new Set());
      groups.get(n)!.add(field);
      if (field === "ttl" || field === "priority") {
        if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
          ctx.addIssue({ code: "custom", path: [key], message: `${key} must be a non-negative integer` });
        }
      } else if (typeof value !== "string" || value === "") {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must be a non-empty string` });
      } else if (field === "type" && !(V2_DNS_RECORD_TYPES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must be one of ${V2_DNS_RECORD_TYPES.join(", ")}` });
      }
    }
    for (const [n, fields] of groups) {
      for (const required of ["type", "hostname", "address"]) {
        if (!fields.has(required))
          ctx.addIssue({ code: "custom", path: [`${required}${n}`], message: `record ${n} needs ${required}${n}` });
      }
    }
  });
export type V2SaveRecordsRequest = z.input<typeof v2SaveRecordsRequest>;

/** The flat records encoded in numbered v2 fields, ordered by their number. */
export function fromV2RecordFields(
  fields: Record<string, unknown>,
): { type: string; hostname: string; address: string; ttl?: number; priority?: number }[] {
  const groups = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(fields)) {
    const m = V2_RECORD_KEY.exec(key);
    if (!m) continue;
    const n = Number(m[2]);
    const group = groups.get(n) ?? {};
    group[m[1]!] = value;
    groups.set(n, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, g]) => ({
      type: String(g.type),
      hostname: String(g.hostname),
      address: String(g.address),
      ...(typeof g.ttl === "number" ? { ttl: g.ttl } : {}),
      ...(typeof g.priority === "number" ? { priority: g.priority } : {}),
    }));
}

/**
 * DNS zones in the simulator: the rrset operations of v4, v3 and v2 `/n0c-api`, and the flat
 * provider DNS of v2 `/reseller-api`. Both views share `state.zones`, keyed by ASCII domain, so a
 * record saved through v2 shows up through v4.
 *
 * Names are stored fully qualified, lower-case, in punycode, with the trailing dot
 * (`www.example.com.`), which is how the official module reads them back (catalog §7.6); input
 * may be `@`, relative (`www`) or fully qualified with or without the dot.
 */
import { isIPv4, isIPv6 } from "node:net";
import {
  RECORD_FORM,
  V2_DNS_RECORD_TYPES,
  fromV2RecordFields,
  type DnsRecordType,
  type DnsRRSetInput,
  normalizeRecordName,
  recordFqdn,
} from "pulumi-hosting-reseller/contract";
import { defaultZone, PROVIDER_NAMESERVERS } from "../seed";
import type { DnsRecordValue, DomainState, HostingState, RRSet, SimState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { asciiDomain, DEMO_HOSTING } from "./shared";

/** TTL of records sent without one: the value the official module always sends (catalog §7.6). */
const DEFAULT_TTL = 14400;

/**
 * The stored form of a record name in a zone: `@` and `""` are the apex, a name ending in a dot
 * or in the zone name is taken as fully qualified, anything else is relative to the zone. The
 * rules are the package's one record-name normalizer (`normalizeRecordName`), so the twin and
 * the provider never disagree about which spellings name the same record set.
 */
export function recordName(name: string, zone: string): string {
  const relative = normalizeRecordName(name, zone);
  if (!relative.ok) throw new SimError(400, `name ${relative.reason}`);
  return recordFqdn(relative.value, zone);
}

/** A record name relative to its zone, `@` for the apex (the v2 `hostname` form). */
function relativeName(fqdn: string, zone: string): string {
  if (fqdn === `${zone}.`) return "@";
  return fqdn.endsWith(`.${zone}.`) ? fqdn.slice(0, -(zone.length + 2)) : fqdn;
}

/**
 * Checks one record against the form its type takes and returns it in the stored shape.
 * `where` names the record in messages ("MX record of example.com.", "record 3").
 */
function checkRecord(type: DnsRecordType, record: Record<string, unknown>, where: string): DnsRecordValue {
  const form = RECORD_FORM[type];
  const need = (field: string): string => {
    const v = record[field];
    if (typeof v !== "string" || v.trim() === "") throw new SimError(400, `${where}: ${type} records need "${field}"`);
    return v.trim();
  };
  const keys = Object.keys(record).filter((k) => record[k] !== undefined);
  const allowed = form === "value+priority" ? ["value", "priority"] : [form];
  const extra = keys.filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw new SimError(400, `${where}: ${type} records take ${allowed.join(" and ")}, not ${extra.join(", ")}`);
  switch (form) {
    case "ip": {
      const ip = need("ip");
      if (type === "A" && !isIPv4(ip)) throw new SimError(400, `${where}: "${ip}" is not an IPv4 address`);
      if (type === "AAAA" && !isIPv6(ip)) throw new SimError(400, `${where}: "${ip}" is not an IPv6 address`);
      return { ip };
    }
    case "value":
      return { value: need("value") };
    case "value+priority": {
      const value = need("value");
      const priority = record.priority;
      if (typeof priority !== "number" || !Number.isInteger(priority) || priority < 0 || priority > 65535) {
        throw new SimError(400, `${where}: ${type} records need "priority" (an integer from 0 to 65535)`);
      }
      return { value, priority };
    }
    case "content":
      return { content: need("content") };
  }
}

/**
 * A zone with `changes` applied: each rrset replaces the rrset of the same name and type, and an
 * rrset with `records: []` deletes it. The delete-by-empty-records convention is inferred: the
 * v4 document says the operation "also deletes records" and the rrset form has no other way to
 * say so. The result is checked as a whole (a CNAME cannot share its name with other types), so
 * a rejected change leaves the zone untouched.
 */
export function applyRRSets(zone: readonly RRSet[], domain: string, changes: readonly DnsRRSetInput[]): RRSet[] {
  const next = [...zone];
  for (const change of changes) {
    const name = recordName(change.name, domain);
    const where = `${change.type} record of ${name}`;
    const records = change.records.map((r) => checkRecord(change.type, r as Record<string, unknown>, where));
    if (change.type === "CNAME" && records.length > 1)
      throw new SimError(400, `${where}: a CNAME rrset holds one record, got ${records.length}`);
    const at = next.findIndex((r) => r.name === name && r.type === change.type);
    if (records.length === 0) {
      if (at >= 0) next.splice(at, 1);
      continue;
    }
    const rrset: RRSet = { type: change.type, name, ttl: change.ttl ?? next[at]?.ttl ?? DEFAULT_TTL, records };
    if (at >= 0) next[at] = rrset;
    else next.push(rrset);
  }
  checkCnames(next);
  return next;
}

/** A CNAME is the only rrset its name may have (RFC 1034 §3.6.2). */
function checkCnames(zone: readonly RRSet[]): void {
  const types = new Map<string, Set<string>>();
  for (const r of zone) {
    if (!types.has(r.name)) types.set(r.name, new Set());
    types.get(r.name)!.add(r.type);
  }
  for (const [name, set] of types) {
    if (set.has("CNAME") && set.size > 1) {
      const others = [...set].filter((t) => t !== "CNAME").join(", ");
      throw new SimError(
        400,
        `${name} has a CNAME record and ${others} records: a CNAME cannot coexist with other record types at one name`,
      );
    }
  }
}

// ---- zone address (hosting DNS) ----

interface ZoneRef {
  domain: string;
  /** The hosting account holding the domain, if any. */
  hosting?: HostingState;
}

function hostingHolding(state: SimState, domain: string): HostingState | undefined {
  return Object.values(state.hostings).find((h) => h.domains.includes(domain));
}

/**
 * The zone a request addresses. With `id` the hosting account must hold the domain; without it
 * the domain must belong to the reseller account or to one of its hosting accounts (the
 * domain-only form, catalog note under §1 #75).
 */
function zoneRef(ctx: SimContext<{ domain: string; id?: number }>): ZoneRef {
  const domain = asciiDomain(ctx.params.domain);
  if (ctx.params.id !== undefined) {
    const hosting = ctx.hosting();
    if (!hosting.domains.includes(domain)) throw new SimError(404, `Domain ${domain} is not attached to hosting account ${hosting.id}`);
    return { domain, hosting };
  }
  const hosting = hostingHolding(ctx.state, domain);
  if (!hosting && !ctx.state.domains[domain]) throw new SimError(404, `Domain ${domain} is not in this account`);
  return hosting ? { domain, hosting } : { domain };
}

/**
 * The zone's rrsets. A domain attached to a hosting account always has a zone on the hosting
 * platform, so one missing from the store is created with the defaults and the account's IP; a
 * domain without hosting has one only if it was created (registration with provider
 * nameservers, reset, v2 save).
 */
function zoneOf(ctx: SimContext, ref: ZoneRef): RRSet[] {
  const existing = ctx.state.zones[ref.domain];
  if (existing) return existing;
  if (!ref.hosting) throw new SimError(404, `Domain ${ref.domain} has no DNS zone`);
  const created = defaultZone(ref.domain, ref.hosting.ip);
  ctx.state.zones[ref.domain] = created;
  return created;
}

function getZone(ctx: OpContext<"dns.getZone">) {
  return { data: zoneOf(ctx, zoneRef(ctx)) };
}

function modifyZone(ctx: OpContext<"dns.modifyZone">) {
  const ref = zoneRef(ctx);
  const next = applyRRSets(zoneOf(ctx, ref), ref.domain, ctx.params.rrsets);
  ctx.state.zones[ref.domain] = next;
  return { message: `DNS zone of ${ref.domain} updated` };
}

/** Restores the default zone (seed `defaultZone`) with the IP of the hosting holding the domain. */
function resetZone(ctx: OpContext<"dns.resetZone">) {
  const ref = zoneRef(ctx);
  const zone = defaultZone(ref.domain, ref.hosting?.ip);
  ctx.state.zones[ref.domain] = zone;
  return { data: zone, message: `DNS zone of ${ref.domain} reset to the defaults` };
}

// ---- v2 provider DNS (/reseller-api) ----

function usesProviderNameservers(d: DomainState): boolean {
  const ours: readonly string[] = PROVIDER_NAMESERVERS;
  return d.nameservers.some((ns) => ours.includes(ns.trim().toLowerCase().replace(/\.$/, "")));
}

/**
 * The registered domain a v2 provider DNS request names. The provider hosts its zone only for
 * active domains delegated to its nameservers (legacy document: "only for active domains with at
 * least one provider nameserver"; save "works only for domains using the default provider
 * nameservers").
 */
function providerDomain(ctx: SimContext<{ sld: string; tld: string }>): DomainState {
  const domain = asciiDomain(`${ctx.params.sld}.${ctx.params.tld.replace(/^\./, "")}`);
  const d = ctx.state.domains[domain];
  if (!d) throw new SimError(404, `Domain ${domain} is not in this account`);
  if (d.registrationStatus !== "Active") {
    throw new SimError(400, `Domain ${domain} is not active (${d.registrationStatus}): provider DNS works only for active domains`);
  }
  if (!usesProviderNameservers(d)) {
    throw new SimError(
      400,
      `Domain ${domain} does not use the provider nameservers (${PROVIDER_NAMESERVERS.join(", ")}) but ${d.nameservers.join(", ")}: its DNS records are managed where its nameservers are`,
    );
  }
  return d;
}

const v2Types: readonly string[] = V2_DNS_RECORD_TYPES;

/**
 * The zone's records as flat v2 entries. Only the types the v2 save accepts are listed, so that
 * what is read can be saved back unchanged; NS rrsets stay managed by the provider.
 */
function flatRecords(zone: readonly RRSet[], domain: string) {
  return zone
    .filter((r) => v2Types.includes(r.type))
    .flatMap((r) =>
      r.records.map((rec) => ({
        type: r.type,
        hostname: relativeName(r.name, domain),
        address: "ip" in rec ? rec.ip : "value" in rec ? rec.value : rec.content,
        ttl: r.ttl,
        ...("priority" in rec && rec.priority !== undefined ? { priority: rec.priority } : {}),
      })),
    );
}

function getDomainRecords(ctx: OpContext<"dns.getDomainRecords">) {
  const { domain } = providerDomain(ctx);
  const zone = ctx.state.zones[domain];
  if (!zone) throw new SimError(404, `Domain ${domain} has no DNS zone`);
  return { message: `DNS records of ${domain}`, records: flatRecords(zone, domain) };
}

/**
 * Replaces the domain's records of the v2 types with the numbered records sent (the official
 * registrar modules send the whole list on every save). A zone that does not exist yet is
 * created with the provider's NS rrsets (legacy document: "creates the zone if absent").
 */
function saveDomainRecords(ctx: OpContext<"dns.saveDomainRecords">) {
  const { domain } = providerDomain(ctx);
  const rrsets = new Map<string, RRSet>();
  fromV2RecordFields(ctx.params).forEach((r, i) => {
    const n = i + 1;
    const type = r.type as DnsRecordType;
    const name = recordName(r.hostname, domain);
    const form = RECORD_FORM[type];
    const record = checkRecord(
      type,
      form === "ip"
        ? { ip: r.address }
        : form === "content"
          ? { content: r.address }
          : form === "value"
            ? { value: r.address }
            : { value: r.address, priority: r.priority },
      `record ${n} (${type} ${r.hostname})`,
    );
    const key = `${name} ${type}`;
    const rrset = rrsets.get(key) ?? { type, name, ttl: r.ttl ?? DEFAULT_TTL, records: [] };
    rrset.records.push(record);
    rrsets.set(key, rrset);
  });
  const base = ctx.state.zones[domain] ?? defaultZone(domain).filter((r) => r.type === "NS");
  const next = [...base.filter((r) => !v2Types.includes(r.type)), ...rrsets.values()];
  for (const r of next) {
    if (r.type === "CNAME" && r.records.length > 1)
      throw new SimError(400, `${r.name} has ${r.records.length} CNAME records: a name holds one CNAME`);
  }
  checkCnames(next);
  ctx.state.zones[domain] = next;
  return { message: `DNS records of ${domain} saved` };
}

function deleteDomainZone(ctx: OpContext<"dns.deleteDomainZone">) {
  const { domain } = providerDomain(ctx);
  if (!ctx.state.zones[domain]) throw new SimError(404, `Domain ${domain} has no DNS zone`);
  delete ctx.state.zones[domain];
  return { message: `DNS zone of ${domain} deleted` };
}

// ---- samples (demo seed: hosting 101 `agencyde` holds agency-demo.com) ----

const onHosting = { id: 101, domain: "agency-demo.com" };
const onHostingV3 = { ...DEMO_HOSTING.v3, ...onHosting };
const sampleChange = { rrsets: [{ type: "A", name: "sample", ttl: 3600, records: [{ ip: "198.51.100.11" }] }] };

/** The DNS area of the simulator: handlers and demo-seed samples for every `dns.*` operation. */
export const dnsArea: SimArea = {
  name: "dns",
  handlers: {
    "dns.getZone": getZone,
    "dns.modifyZone": modifyZone,
    "dns.resetZone": resetZone,
    "dns.getDomainRecords": getDomainRecords,
    "dns.saveDomainRecords": saveDomainRecords,
    "dns.deleteDomainZone": deleteDomainZone,
  },
  samples: {
    "v4.dns.getZone": () => ({ ...onHosting }),
    "v4.dns.modifyZone": () => ({ ...onHosting, ...sampleChange }),
    "v4.dns.resetZone": () => ({ ...onHosting }),
    "v3.dns.getZone": () => ({ ...onHostingV3 }),
    "v3.dns.modifyZone": () => ({ ...onHostingV3, ...sampleChange }),
    "v3.dns.resetZone": () => ({ ...onHostingV3 }),
    "v2.dns.getZone": () => ({ ...onHosting }),
    "v2.dns.modifyZone": () => ({ ...onHosting, ...sampleChange }),
    "v2.dns.resetZone": () => ({ ...onHosting }),
    "v2.dns.getDomainRecords": (state) => {
      state.zones["agency-demo.com"] ??= defaultZone("agency-demo.com");
      return { sld: "agency-demo", tld: "com" };
    },
    "v2.dns.saveDomainRecords": () => ({
      sld: "agency-demo",
      tld: "com",
      type1: "A",
      hostname1: "@",
      address1: "198.51.100.10",
      ttl1: 14400,
      type2: "MX",
      hostname2: "@",
      address2: "mail.agency-demo.com.",
      priority2: 10,
    }),
    "v2.dns.deleteDomainZone": (state) => {
      state.zones["xn--caf-dma.com"] ??= defaultZone("xn--caf-dma.com");
      return { sld: "xn--caf-dma", tld: "com" };
    },
  },
};

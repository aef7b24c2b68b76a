/**
 * DNS zones: the hosting DNS operations of v4, v3 and v2 (`/n0c-api/dns/*`), which exchange
 * rrsets, and the v2 provider DNS of `/reseller-api`, which exchanges flat numbered records.
 *
 * Zone requests have two forms (v4 document, DNS; catalog note under §1 #75): `id` plus `domain`
 * for a domain attached to a hosting account, or `domain` alone for a domain of the reseller
 * account without hosting. The official registrar module sends `id` only when the domain belongs
 * to a hosting account, so `id` (and on v3 `username`) is optional here.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { domainName, envelope, hostingId, list, messageResponse, obj, sldTld, str } from "../schemas";
import { dnsRRSet, dnsRRSetInput, v2DnsRecord, v2SaveRecordsRequest } from "../dns-records";

/** v4 and v2 zone address: `domain`, plus the hosting `id` when the domain is attached to one. */
const zoneV4 = { id: hostingId.optional(), domain: domainName };

/** v3 zone address: as v4, plus the hosting `username`, which only makes sense with `id`. */
const zoneV3 = z
  .strictObject({ id: hostingId.optional(), username: z.string().min(1).optional(), domain: domainName })
  .refine((p) => p.username === undefined || p.id !== undefined, { message: "username needs id", path: ["username"] });

const zoneV3Modify = z
  .strictObject({
    id: hostingId.optional(),
    username: z.string().min(1).optional(),
    domain: domainName,
    rrsets: z.array(dnsRRSetInput).min(1),
  })
  .refine((p) => p.username === undefined || p.id !== undefined, { message: "username needs id", path: ["username"] });

const zoneResponse = envelope({ data: list(dnsRRSet) });

/**
 * The DNS operations of every version: `dns.getZone`, `dns.modifyZone`, `dns.resetZone` (v4, v3,
 * v2 `/n0c-api`) and the v2-only `dns.getDomainRecords`, `dns.saveDomainRecords`,
 * `dns.deleteDomainZone`.
 *
 * @example
 * await client.request("dns.modifyZone", { id: 101, domain: "example.com",
 *   rrsets: [{ type: "A", name: "www", ttl: 3600, records: [{ ip: "198.51.100.10" }] }] });
 */
export const dnsOperations = defineOperations({
  "dns.getZone": {
    summary: "Retrieve the DNS zone of a domain (rrsets)",
    safety: "read",
    envelope: true,
    request: z.strictObject(zoneV4),
    response: zoneResponse,
    v4: route("GET /v4/hosting/domain/dns-zone", "INFERRED-M, catalog §1 #14"),
    v3: route("GET /v3/hosting/domain/dns-zone", "CONFIRMED, catalog §2 #14 (S1 RetrieveDNSZone)", { request: zoneV3 }),
    // v2: hosting DNS (/n0c-api; GETs carry a JSON body, catalog §7.4)
    v2: route("GET /n0c-api/dns/get-records", "CONFIRMED, catalog §4.2 (S8, S5, S7-PR29)"),
  },
  // Each rrset replaces the one with the same name and type: sending it again changes nothing.
  "dns.modifyZone": {
    summary: "Replace, add or delete rrsets of a DNS zone",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...zoneV4, rrsets: z.array(dnsRRSetInput).min(1) }),
    response: envelope({}),
    v4: route("PATCH /v4/hosting/domain/dns-zone", "INFERRED-M, catalog §1 #15"),
    v3: route("PATCH /v3/hosting/domain/dns-zone", "CONFIRMED, catalog §2 #15 (S1 ModifyDNSZone)", { request: zoneV3Modify }),
    v2: route("POST /n0c-api/dns/edit-zone", "CONFIRMED, catalog §4.2 (S8, S5, S7-PR29)"),
  },
  "dns.resetZone": {
    summary: "Reset a DNS zone to the provider defaults",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject(zoneV4),
    response: zoneResponse,
    // The method is a guess (catalog §1 #16: "POST (guess)", alternative path `.../dns-zone/reset`).
    v4: route("POST /v4/hosting/domain/dns-zone", "INFERRED-L, catalog §1 #16"),
    v3: route("POST /v3/hosting/domain/dns-zone", "INFERRED-L, catalog §2 #16", { request: zoneV3 }),
    v2: route("POST /n0c-api/dns/reset-zone", "CONFIRMED, catalog §4.2 (S8, S5, S7-PR29)", {
      summary: "Create or reset a DNS zone to the provider defaults",
    }),
  },
  // v2 provider DNS of a registered domain (/reseller-api). The spec writes the path with a
  // `{provider}` placeholder; the real word is `ph` (catalog §6), hence `get-ph-dns-records`.
  "dns.getDomainRecords": {
    summary: "List the provider DNS records of a domain (flat entries)",
    safety: "read",
    envelope: false,
    request: z.strictObject(sldTld),
    response: obj({ message: str().optional(), records: list(v2DnsRecord) }),
    v2: route("GET /reseller-api/get-ph-dns-records", "CONFIRMED, catalog §3 #9", { params: "query" }),
  },
  // The numbered records replace the domain's records of the v2 types: a repeat is a no-op.
  "dns.saveDomainRecords": {
    summary: "Replace the provider DNS records of a domain (numbered type/hostname/address fields)",
    safety: "idempotent",
    envelope: false,
    request: v2SaveRecordsRequest,
    response: messageResponse,
    v2: route("POST /reseller-api/save-ph-dns-records", "CONFIRMED, catalog §3 #13"),
  },
  "dns.deleteDomainZone": {
    summary: "Delete the provider DNS zone of a domain",
    safety: "idempotent",
    envelope: false,
    request: z.strictObject(sldTld),
    response: messageResponse,
    v2: route("POST /reseller-api/delete-ph-dns-zone", "CONFIRMED, catalog §3 #14"),
  },
});

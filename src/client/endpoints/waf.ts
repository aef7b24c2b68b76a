/**
 * Web application firewall of a domain: its rule catalogue, the rules disabled for the domain,
 * and the firewall's log.
 *
 * v2 is CONFIRMED (S8, S5, S7-PR29: `/n0c-api/domain/waf-*`, fields `domain`, `wafDisabledRules`,
 * `append`); the v4 paths are a pattern guess (catalog §1 #69-71, INFERRED-L) and v3 repeats them
 * under `/v3` with `username` (its firewall group is not shown, legacy document difference 9).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { domainName, envelope, hostingV3, hostingV4, int, list, num, obj, optionalFields, optionalList, str } from "../schemas";

/** `[from, to]` rule-id ranges (`[id]` for a single id, as the simulator answers disabled rules). */
const idRanges = list(list(int()));
/** Rule-id ranges inside a catalogue group, which may leave them out. */
const optionalIdRanges = optionalList(list(int()));

const rulesShape = {
  allRulesRange: str().optional(),
  rules: optionalList(obj({ description: str().optional(), ids: optionalIdRanges })),
  disabledRules: idRanges,
};
/**
 * The rules result (v4 document): the id range of all rules, the catalogue grouped by purpose,
 * and the ids disabled for the domain.
 *
 * @example
 * wafRulesResult.parse({ allRulesRange: "900000-999999", rules: [{ description: "SQL injection", ids: [[942100, 942560]] }], disabledRules: [[920350]] });
 */
export const wafRulesResult = obj(rulesShape);

/**
 * One firewall log hit (v4 document, "Log hit"). The document spells the client port `clientPost`;
 * `clientPort` is read as the same field.
 *
 * @example
 * wafLogHit.parse({ timestamp: "2026-01-01T00:00:00.000Z", request: { ruleId: 942100, uri: "/" }, auditMessages: [] });
 */
export const wafLogHit = obj({
  timestamp: str().optional(),
  request: obj(
    optionalFields({
      geoip: obj(
        optionalFields({
          continent_code: str(),
          country_code: str(),
          country_name: str(),
          latitude: num(),
          longitude: num(),
          ip: str(),
          timezone: str(),
        }),
      ),
      headers: obj({}),
      host: str(),
      clientPost: int(),
      clientIp: str(),
      localPort: int(),
      localIp: str(),
      method: str(),
      uri: str(),
      http_version: str(),
      responseStatus: int(),
      ruleId: int(),
    }),
    { clientPost: ["clientPort"] },
  ).optional(),
  auditMessages: optionalList(obj({ details: obj({}).optional() })),
});

const logsFields = {
  domain: domainName,
  size: z.number().int().min(1).optional(),
  offset: z.number().int().min(0).optional(),
  after: z.iso.datetime({ offset: true }).optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(["asc", "desc"]).optional(),
};
const updateFields = {
  domain: domainName,
  wafDisabledRules: z.array(z.number().int()),
  // true appends to the disabled list, otherwise the list is replaced (v4 document).
  append: z.boolean().optional(),
};

const v4Source = (row: number) => `INFERRED-L, catalog §1 #${row} (pattern + v2 §4.2)`;
const v3Source = (row: number) => `INFERRED-L: v4 path pattern under /v3 (catalog §1 #${row})`;
const v2Source = "CONFIRMED, catalog §4.2 (S8, S5, S7-PR29)";

// A disabled-rule list is a set: disabling an id that is already disabled changes nothing, so even
// `append: true` is safe to repeat.
/**
 * @example
 * await client.request("v4.waf.updateRules", { id: 101, domain: "agency-demo.com", wafDisabledRules: [942100], append: true });
 */
export const wafOperations = defineOperations({
  "waf.getLogs": {
    summary: "Read the firewall log of a domain, paged by size and offset",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...logsFields }),
    response: envelope({ hits: list(wafLogHit) }),
    // The v4 document marks the log "temporarily disabled"; the simulator serves it anyway.
    v4: route("GET /v4/hosting/domain/waf-logs", v4Source(69)),
    // v3 and v2 wrap results in `data` (legacy document, difference 3 and 2.0.0 hosting operations).
    v3: route("GET /v3/hosting/domain/waf-logs", v3Source(69), {
      unwrap: "hits",
      request: z.strictObject({ ...hostingV3, ...logsFields }),
    }),
    v2: route("GET /n0c-api/domain/waf-logs", v2Source, { unwrap: "hits" }),
  },
  "waf.getRules": {
    summary: "List the firewall rules and those disabled for a domain",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName }),
    response: envelope(rulesShape),
    v4: route("GET /v4/hosting/domain/waf-rules", v4Source(70)),
    v3: route("GET /v3/hosting/domain/waf-rules", v3Source(70), {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, domain: domainName }),
    }),
    v2: route("GET /n0c-api/domain/waf-rules", v2Source, { unwrap: true }),
  },
  "waf.updateRules": {
    summary: "Replace or extend the firewall rules disabled for a domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...updateFields }),
    response: envelope({}),
    v4: route("PATCH /v4/hosting/domain/waf-rules", v4Source(71)),
    v3: route("PATCH /v3/hosting/domain/waf-rules", v3Source(71), { request: z.strictObject({ ...hostingV3, ...updateFields }) }),
    v2: route("POST /n0c-api/domain/update-waf-rules", v2Source),
  },
});

/**
 * Web server access logs of a domain.
 *
 * Evidence (`spec/api-catalog.md` §1 #75, §4.1, §7.3): v3 is CONFIRMED in the official access-log
 * script (S3 `getAccessLogsForDomain`), which pages with `size` and `from` and stops at the first
 * empty `data`; v4 replaces offsets with `searchAfter` (the sort value of the last entry read),
 * per the v4 document; its path is the v3 path with `/v4`.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { domainName, envelope, hostingV3, hostingV4, int, list, num, obj, optionalFields, optionalList, str } from "../schemas";

/** ISO 8601 instants such as `2026-01-31T00:00:00.000Z` (S3 sends this form). */
const instant = z.iso.datetime({ offset: true });
const window = { after: instant.optional(), before: instant.optional() };
/**
 * Entries per page. S3 asks for 100; its README states a 10 000 entries per time window limit,
 * consistent with an Elasticsearch `from + size` cap (catalog §7.3).
 */
const size = z.number().int().min(1).max(10_000);

/**
 * The v4 document names `query`, `queryFields`, `before`, `after` and `searchAfter` and says the
 * full list is not shown; `id`, `domain` and `size` are carried over from v3.
 */
const v4Request = z.strictObject({
  ...hostingV4,
  domain: domainName,
  query: z.string().optional(),
  queryFields: z.array(z.string().min(1)).optional(),
  ...window,
  searchAfter: z.array(z.number().int()).optional(),
  size: size.optional(),
});
/** v3 pages with `size` and `from` (S3). */
const v3Request = z.strictObject({
  ...hostingV3,
  domain: domainName,
  size: size.optional(),
  from: z.number().int().min(0).optional(),
  ...window,
});

const userAgent = obj(
  optionalFields({
    name: str(),
    version: str(),
    major: str(),
    minor: str(),
    patch: str(),
    os_name: str(),
    os_full: str(),
    device: str(),
    original: str(),
  }),
);

/**
 * One log entry, as S3's `JsonToRawLogConverter` reads it: `@timestamp` and `access` with the
 * combined-log fields. `bytes` may be `"-"`. v4 entries also carry `sort`, the value to send back
 * as `searchAfter` for the next page.
 */
const accessLogEntry = obj({
  "@timestamp": str().optional(),
  access: obj(
    optionalFields({
      clientip: str(),
      ident: str(),
      auth: str(),
      verb: str(),
      request: str(),
      httpversion: str(),
      response: int(),
      bytes: num().or(z.string()),
      referrer: str(),
      user_agent: userAgent,
    }),
  ).optional(),
  sort: optionalList(num()),
});
const logsReply = envelope({ data: list(accessLogEntry) });

/**
 * Access-log operations of v4 and v3 (v2 has none).
 *
 * @example
 * let from = 0;
 * for (;;) {
 *   const { data } = await client.request("v3.logs.getAccessLogs", { id: 101, username: "agencyde", domain: "agency-demo.com", size: 100, from });
 *   if (data.length === 0) break;
 *   from += data.length;
 * }
 */
export const logsOperations = defineOperations({
  "logs.getAccessLogs": {
    summary: "Read a domain's access logs, paging with searchAfter",
    safety: "read",
    envelope: true,
    request: v4Request,
    response: logsReply,
    v4: route("GET /v4/hosting/domain/access-logs", "INFERRED-M, catalog §1 #75"),
    v3: route("GET /v3/hosting/domain/access-logs", "CONFIRMED, catalog §4.1", {
      summary: "Read a domain's access logs, paging with size and from",
      request: v3Request,
    }),
  },
});

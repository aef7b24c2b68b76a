/**
 * `getWafLogs`: one page of the requests the web application firewall blocked on a domain
 * (`waf.getLogs`: v2 CONFIRMED, catalog §4.2, S8/S5/S7-PR29; v4 and v3 INFERRED-L, §1 #69). Pages are
 * addressed by `offset` and `size`; v4 lists the page under `hits`, v3 and v2 under `data`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  defineDataSource,
  domainArg,
  hostingIdArg,
  instantArg,
  type DataSourceOutputOptions,
  type OutputArgs,
  type AccountArgs,
} from "./define";

/**
 * Arguments of {@link getWafLogs}.
 */
export interface GetWafLogsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** A domain attached to the hosting account. */
  domain: string;
  /** Hits per page, at least 1; the API's default when omitted. */
  size?: number;
  /** Hits to skip. Default 0. */
  offset?: number;
  /** Only hits after this ISO 8601 instant. */
  after?: string;
  /** Only hits before this ISO 8601 instant. */
  before?: string;
  /** By date: `desc` (newest first, the API's default) or `asc`. */
  order?: "asc" | "desc";
}

/**
 * Arguments of {@link getWafLogsOutput}.
 */
export type GetWafLogsOutputArgs = OutputArgs<GetWafLogsArgs>;

/**
 * Where a blocked request came from (GeoIP).
 */
export interface WafLogGeo {
  /** Continent of the client address, e.g. `NA`. */
  continentCode?: string;
  /** ISO 3166-1 alpha-2 country of the client address. */
  countryCode?: string;
  /** Country name of the client address. */
  countryName?: string;
  /** Approximate latitude of the client address. */
  latitude?: number;
  /** Approximate longitude of the client address. */
  longitude?: number;
  /** The address located. */
  ip?: string;
  /** Time zone of the location, e.g. `America/Toronto`. */
  timezone?: string;
}

/**
 * One blocked request.
 *
 * @example
 * const hit: WafLogHit = (await getWafLogs({ hostingId: 101, domain: "agency-demo.com" })).hits[0]!;
 */
export interface WafLogHit {
  /** When the request was blocked. */
  timestamp?: string;
  /** The rule that blocked it. */
  ruleId?: number;
  /** HTTP method. */
  method?: string;
  /** Path and query requested. */
  uri?: string;
  /** Host name requested. */
  host?: string;
  /** HTTP version of the request. */
  httpVersion?: string;
  /** Status answered (403 for a block). */
  responseStatus?: number;
  /** Address the request came from. */
  clientIp?: string;
  /** Client port (the v4 document spells it `clientPost`). */
  clientPort?: number;
  /** Server address that received it. */
  localIp?: string;
  /** Server port that received it. */
  localPort?: number;
  /** Request headers. */
  headers: Record<string, string>;
  /** Where the client address is located. */
  geo?: WafLogGeo;
  /** The firewall's audit messages (`auditMessages[].details`), as the API gives them. */
  messages: Record<string, unknown>[];
}

/**
 * One page of the firewall log.
 *
 * @example
 * const page = await getWafLogs({ hostingId: 101, domain: "agency-demo.com", size: 20 });
 * if (page.nextOffset !== undefined) await getWafLogs({ hostingId: 101, domain: "agency-demo.com", size: 20, offset: page.nextOffset });
 */
export interface GetWafLogsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The domain read. */
  domain: string;
  /** Offset of the first hit of this page. */
  offset: number;
  /** The blocked requests of this page. */
  hits: WafLogHit[];
  /**
   * Offset of the next page; absent when this page came back shorter than `size` (or empty
   * when no `size` was given), which means the log has no more hits.
   */
  nextOffset?: number;
}

const source = defineDataSource<GetWafLogsArgs, GetWafLogsArgs, GetWafLogsResult>({
  name: "getWafLogs",
  args: z.strictObject({
    hostingId: hostingIdArg,
    domain: domainArg,
    size: z.number().int().min(1).optional(),
    offset: z.number().int().min(0).optional(),
    after: instantArg.optional(),
    before: instantArg.optional(),
    order: z.enum(["asc", "desc"]).optional(),
  }),
  operations: () => ["waf.getLogs"],
  run: async (call, a) => {
    const { hostingId: _id, ...query } = a;
    const hits = (await call.hostingRequest("waf.getLogs", a.hostingId, query)).hits;
    const offset = a.offset ?? 0;
    const full = a.size === undefined ? hits.length > 0 : hits.length >= a.size;
    return {
      hostingId: a.hostingId,
      domain: a.domain,
      offset,
      hits: hits.map((h) => {
        const r = h.request;
        const geo = r?.geoip;
        return {
          timestamp: h.timestamp,
          ruleId: r?.ruleId,
          method: r?.method,
          uri: r?.uri,
          host: r?.host,
          httpVersion: r?.http_version,
          responseStatus: r?.responseStatus,
          clientIp: r?.clientIp,
          clientPort: r?.clientPost,
          localIp: r?.localIp,
          localPort: r?.localPort,
          headers: Object.fromEntries(Object.entries(r?.headers ?? {}).map(([k, v]) => [k, String(v)])),
          geo: geo && {
            continentCode: geo.continent_code,
            countryCode: geo.country_code,
            countryName: geo.country_name,
            latitude: geo.latitude,
            longitude: geo.longitude,
            ip: geo.ip,
            timezone: geo.timezone,
          },
          messages: (h.auditMessages ?? []).map((m) => ({ ...m.details })),
        };
      }),
      nextOffset: full ? offset + hits.length : undefined,
    };
  },
});

/**
 * Reads one page of a domain's firewall log: the requests the WAF blocked, newest first unless
 * `order: "asc"`. Follow `nextOffset` for the next page.
 *
 * @example
 * import { getWafLogs } from "pulumi-hosting-reseller";
 * let offset: number | undefined = 0;
 * while (offset !== undefined) {
 *   const page = await getWafLogs({ hostingId: 101, domain: "agency-demo.com", size: 50, offset });
 *   for (const hit of page.hits) console.log(hit.timestamp, hit.ruleId, hit.uri);
 *   offset = page.nextOffset;
 * }
 */
export function getWafLogs(args: GetWafLogsArgs): Promise<GetWafLogsResult> {
  return source.get(args);
}

/**
 * {@link getWafLogs} as a `pulumi.Output`.
 *
 * @example
 * export const latestBlocks = getWafLogsOutput({ hostingId: 101, domain: "agency-demo.com", size: 10 }).hits;
 */
export function getWafLogsOutput(args: GetWafLogsOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetWafLogsResult> {
  return source.output(args, opts);
}

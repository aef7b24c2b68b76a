/**
 * `getAccessLogs`: a domain's web server access log as an async iterator that pages for you
 * (`logs.getAccessLogs`: v3 CONFIRMED, catalog §4.1, PlanetHoster's access-log script S3; v4
 * INFERRED-M, §1 #75; v2 has no access logs).
 *
 * - v4 pages with `searchAfter`: each entry carries `sort`, and the next page starts after the
 *   `sort` of the last entry read (v4 document).
 * - v3 pages with `size` and `from` offsets, as S3 does. Offsets are capped at 10 000 entries per
 *   time window (S3's README; an Elasticsearch `from + size` limit, catalog §7.3): past it the
 *   iterator fails and says to narrow `after`/`before` rather than stop silently.
 *
 * Both stop at the first empty page, as S3 does, and not at a short one: a server may cap the
 * page size below what was asked, so a short page does not prove the log is exhausted.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ApiVersion } from "../client/endpoint";
import { ResellerApiError } from "../client/errors";
import {
  domainArg,
  hostingIdArg,
  instantArg,
  outputOf,
  prepareCall,
  unsupportedArgument,
  type AccountArgs,
  type DataSourceCall,
  type DataSourceOutputOptions,
  type OutputArgs,
} from "./define";
import type { OperationId, OperationReply } from "../client/endpoints";

/**
 * Arguments of {@link getAccessLogs}.
 */
export interface GetAccessLogsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** A domain attached to the hosting account. */
  domain: string;
  /** Only entries at or after this ISO 8601 instant. Default: 24 hours before `before`. */
  after?: string;
  /** Only entries before this ISO 8601 instant. Default: now. */
  before?: string;
  /** v4 only: a search text matched against `queryFields`. */
  query?: string;
  /** v4 only: the entry fields `query` is matched against (`access.request`, `access.clientip`, ...). */
  queryFields?: string[];
  /** Entries per request, 1 to 10 000. Default 100 (what S3 asks for). */
  pageSize?: number;
  /** Stop after this many entries. Default: read to the end. */
  limit?: number;
}

/**
 * Arguments of {@link getAccessLogsOutput}: as {@link GetAccessLogsArgs}, with `limit` required
 * because the Output holds every entry in memory.
 */
export type GetAccessLogsOutputArgs = OutputArgs<GetAccessLogsArgs & { limit: number }>;

/**
 * The browser or bot of an entry, as the log parser reads the User-Agent.
 */
export interface AccessLogUserAgent {
  /** Browser or client name, parsed from the header. */
  name?: string;
  /** Browser version. */
  version?: string;
  /** Major part of the browser version. */
  major?: string;
  /** Minor part of the browser version. */
  minor?: string;
  /** Patch part of the browser version. */
  patch?: string;
  /** Operating system. */
  os?: string;
  /** Operating system with its version (`os_full`). */
  osFull?: string;
  /** Device family, as the log's user-agent parser names it. */
  device?: string;
  /** The header as sent. */
  original?: string;
}

/**
 * One request of the access log (the combined log format, parsed).
 *
 * @example
 * for await (const e of getAccessLogs({ hostingId: 101, domain: "agency-demo.com" })) console.log(e.status, e.request);
 */
export interface AccessLogEntry {
  /** When the request arrived (`@timestamp`). */
  timestamp?: string;
  /** Address the request came from (`clientip`). */
  clientIp?: string;
  /** RFC 1413 identity, almost always absent (`-` in the log). */
  ident?: string;
  /** Authenticated user (`auth`); absent for `-`. */
  user?: string;
  /** HTTP method (`verb`). */
  method?: string;
  /** Path and query (`request`). */
  request?: string;
  /** HTTP version of the request (`httpversion`), e.g. `1.1`. */
  httpVersion?: string;
  /** Status answered (`response`). */
  status?: number;
  /** Body bytes sent; absent when the log has `-` (HEAD, 304). */
  bytes?: number;
  /** Referring page, unquoted; absent for `-`. */
  referrer?: string;
  /** The `User-Agent` header, parsed. */
  userAgent?: AccessLogUserAgent;
  /** v4: the position of the entry, which the next page is asked to start after. */
  sort?: number[];
}

/**
 * What {@link getAccessLogsOutput} resolves to.
 *
 * @example
 * const { entries } = await new Promise<GetAccessLogsResult>((r) => getAccessLogsOutput(args).apply(r));
 */
export interface GetAccessLogsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The domain read. */
  domain: string;
  /** The entries read, at most `limit`. */
  entries: AccessLogEntry[];
}

/** The offset window a v3 reader cannot page past (S3 README, catalog §7.3). */
const V3_WINDOW = 10_000;

const schema = z.strictObject({
  hostingId: hostingIdArg,
  domain: domainArg,
  after: instantArg.optional(),
  before: instantArg.optional(),
  query: z.string().min(1).optional(),
  queryFields: z.array(z.string().min(1)).min(1).optional(),
  pageSize: z.number().int().min(1).max(10_000).default(100),
  limit: z.number().int().min(1).optional(),
});
type Parsed = z.output<typeof schema>;

const spec = {
  name: "getAccessLogs",
  args: schema satisfies z.ZodType<Parsed, GetAccessLogsArgs>,
  operations: (): OperationId[] => ["logs.getAccessLogs"],
  unsupported: (a: Parsed, version: ApiVersion) =>
    unsupportedArgument(a.query !== undefined, version, ["v4"], "query", "only the v4 log search takes a query") ??
    unsupportedArgument(a.queryFields !== undefined, version, ["v4"], "queryFields", "only the v4 log search takes a query"),
};

type RawEntry = OperationReply<"logs.getAccessLogs">["data"][number];

/** `"-"` is the combined log format's "nothing"; some referrers arrive quoted (S3 strips the quotes). */
function field(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const unquoted = value.replace(/^"(.*)"$/, "$1");
  return unquoted === "-" || unquoted === "" ? undefined : unquoted;
}

function entryOf(raw: RawEntry): AccessLogEntry {
  const a = raw.access;
  const ua = a?.user_agent;
  return {
    timestamp: raw["@timestamp"],
    clientIp: a?.clientip,
    ident: field(a?.ident),
    user: field(a?.auth),
    method: a?.verb,
    request: a?.request,
    httpVersion: a?.httpversion,
    status: a?.response,
    bytes: typeof a?.bytes === "number" ? a.bytes : undefined,
    referrer: field(a?.referrer),
    userAgent: ua && {
      name: ua.name,
      version: ua.version,
      major: ua.major,
      minor: ua.minor,
      patch: ua.patch,
      os: ua.os_name,
      osFull: ua.os_full,
      device: ua.device,
      original: ua.original,
    },
    sort: raw.sort,
  };
}

async function* pages(call: DataSourceCall, a: Parsed): AsyncGenerator<RawEntry[]> {
  const base = { domain: a.domain, after: a.after, before: a.before };
  if (call.version === "v4") {
    let searchAfter: number[] | undefined;
    for (;;) {
      const reply = await call.hostingRequest("logs.getAccessLogs", a.hostingId, {
        ...base,
        query: a.query,
        queryFields: a.queryFields,
        size: a.pageSize,
        searchAfter,
      });
      const page = reply.data;
      if (page.length === 0) return;
      yield page;
      searchAfter = page[page.length - 1]!.sort;
      if (!searchAfter || searchAfter.length === 0) {
        throw new ResellerApiError({
          code: "bad-response",
          endpoint: "v4.logs.getAccessLogs",
          message: "v4.logs.getAccessLogs returned entries without `sort`, so the next page cannot be asked for (searchAfter)",
        });
      }
    }
  }
  for (let from = 0; ;) {
    const size = Math.min(a.pageSize, V3_WINDOW - from);
    if (size <= 0) {
      throw new ResellerApiError({
        code: "validation",
        endpoint: `${call.version}.logs.getAccessLogs`,
        message: `getAccessLogs: API ${call.version} pages by offset and cannot read past ${V3_WINDOW} entries of one time window; narrow "after" and "before" (or set "limit")`,
      });
    }
    const page = (await call.hostingRequest("logs.getAccessLogs", a.hostingId, { ...base, size, from })).data;
    if (page.length === 0) return;
    yield page;
    from += page.length;
  }
}

async function* entries(call: DataSourceCall, a: Parsed): AsyncGenerator<AccessLogEntry> {
  let left = a.limit ?? Infinity;
  for await (const page of pages(call, a)) {
    for (const raw of page) {
      yield entryOf(raw);
      if (--left <= 0) return;
    }
  }
}

/**
 * Reads a domain's access log, oldest first, as an async iterator: it fetches page after page
 * (v4 `searchAfter`, v3 offsets) until the log, or `limit`, is exhausted. Arguments and the
 * version are checked when it is called; requests start with the first iteration.
 *
 * @example
 * import { getAccessLogs } from "pulumi-hosting-reseller";
 * let notFound = 0;
 * for await (const entry of getAccessLogs({ hostingId: 101, domain: "agency-demo.com", after: "2026-01-30T00:00:00Z" })) {
 *   if (entry.status === 404) notFound++;
 * }
 */
export function getAccessLogs(args: GetAccessLogsArgs): AsyncIterable<AccessLogEntry> {
  const { args: parsed, call } = prepareCall(spec, args);
  return entries(call, parsed);
}

/**
 * {@link getAccessLogs} collected into a `pulumi.Output`, up to the required `limit`.
 *
 * @example
 * export const recentRequests = getAccessLogsOutput({ hostingId: 101, domain: "agency-demo.com", limit: 50 })
 *   .apply((r) => r.entries.map((e) => `${e.status} ${e.request}`));
 */
export function getAccessLogsOutput(args: GetAccessLogsOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetAccessLogsResult> {
  return outputOf((a: GetAccessLogsArgs) => collectAccessLogs(a, "getAccessLogsOutput"), args, opts);
}

/**
 * {@link getAccessLogs} collected into one result, up to the required `limit`: what
 * {@link getAccessLogsOutput} and the provider plugin's `reseller:index:getAccessLogs` return.
 *
 * @example
 * const { entries } = await collectAccessLogs({ hostingId: 101, domain: "agency-demo.com", limit: 50 });
 */
export async function collectAccessLogs(a: GetAccessLogsArgs, name = "getAccessLogs"): Promise<GetAccessLogsResult> {
  if (a.limit === undefined) {
    // The result keeps every entry; an unbounded read could hold a month of traffic.
    throw new ResellerApiError({
      code: "validation",
      message: `${name}: argument "limit": required (the result holds every entry in memory)`,
    });
  }
  const { args: parsed, call } = prepareCall(spec, a);
  const out: AccessLogEntry[] = [];
  for await (const e of entries(call, parsed)) out.push(e);
  return { hostingId: parsed.hostingId, domain: parsed.domain, entries: out };
}

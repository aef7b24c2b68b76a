/**
 * Access logs in the simulator: a deterministic synthetic log per domain, read with v3 offset
 * paging (`size`, `from`, stop at the first empty page) or v4 `searchAfter` paging.
 *
 * The log of a domain is a function of the hosting id, the domain and time: each 5-minute slot
 * holds 0 to 3 requests drawn from a generator seeded by that slot, so a window always yields the
 * same entries and pages never shift under a reader. Entries exist for the last 30 days and never
 * in the future.
 */
import { SimError, type KeyContext, type OpContext, type SimArea } from "../types";
import type { HostingState } from "../state";
import { attachedDomain, byVersion, DEMO_HOSTING } from "./shared";
import { randomFor } from "./stats";

const MINUTE = 60_000;
const SLOT = 5 * MINUTE;
const DAY = 24 * 60 * MINUTE;
const RETENTION = 30 * DAY;
/** Elasticsearch's default `index.max_result_window`, which S3's README limit matches (catalog §7.3). */
const MAX_WINDOW = 10_000;

interface AccessLogEntry {
  "@timestamp": string;
  access: {
    clientip: string;
    ident: string;
    auth: string;
    verb: string;
    request: string;
    httpversion: string;
    response: number;
    bytes: number | string;
    referrer: string;
    user_agent: { name: string; major: string; minor: string; os_name: string; os_full: string; device: string; original: string };
  };
  /** `[epoch ms, sequence]`: what v4 readers send back as `searchAfter`. */
  sort: [number, number];
}

const PATHS = [
  "/",
  "/index.php",
  "/contact",
  "/shop/cart",
  "/blog/hello-world",
  "/wp-login.php",
  "/wp-admin/admin-ajax.php",
  "/assets/app.css",
  "/favicon.ico",
  "/robots.txt",
];
const AGENTS = [
  {
    name: "Chrome",
    major: "126",
    minor: "0",
    os_name: "Windows",
    os_full: "Windows 10",
    device: "Other",
    original: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  },
  {
    name: "Firefox",
    major: "128",
    minor: "0",
    os_name: "Ubuntu",
    os_full: "Ubuntu",
    device: "Other",
    original: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  },
  {
    name: "Mobile Safari",
    major: "17",
    minor: "5",
    os_name: "iOS",
    os_full: "iOS 17.5",
    device: "iPhone",
    original:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  },
  {
    name: "Googlebot",
    major: "2",
    minor: "1",
    os_name: "Other",
    os_full: "Other",
    device: "Spider",
    original: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  },
];

/** An entry's field layout, to name the fields `queryFields` may use. */
const ENTRY_LAYOUT: AccessLogEntry = {
  "@timestamp": "",
  access: {
    clientip: "",
    ident: "",
    auth: "",
    verb: "",
    request: "",
    httpversion: "",
    response: 0,
    bytes: 0,
    referrer: "",
    user_agent: AGENTS[0]!,
  },
  sort: [0, 0],
};

function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

/** The requests of one 5-minute slot, in time order. */
function slotEntries(h: HostingState, domain: string, slot: number): AccessLogEntry[] {
  const r = randomFor("access", h.id, domain, slot);
  const count = Math.floor(r() * 4);
  const times = Array.from({ length: count }, () => slot + Math.floor(r() * SLOT)).sort((a, b) => a - b);
  return times.map((t, k) => {
    const verb = r() < 0.85 ? "GET" : r() < 0.8 ? "POST" : "HEAD";
    const roll = r();
    const response = roll < 0.78 ? 200 : roll < 0.86 ? 301 : roll < 0.91 ? 304 : roll < 0.98 ? 404 : 500;
    const clientip = r() < 0.8 ? `203.0.113.${1 + Math.floor(r() * 254)}` : `2001:db8::${(1 + Math.floor(r() * 0xfffe)).toString(16)}`;
    // The script that reads these logs strips quotes around referrers ("sample JSON sometimes
    // includes quotes like \"-\"", S3 JsonToRawLogConverter), so some arrive quoted.
    const referrer = r() < 0.6 ? '"-"' : `"https://${domain}/"`;
    return {
      "@timestamp": new Date(t).toISOString(),
      access: {
        clientip,
        ident: "-",
        auth: "-",
        verb,
        request: pick(r, PATHS),
        httpversion: r() < 0.7 ? "2.0" : "1.1",
        response,
        bytes: verb === "HEAD" || response === 304 ? "-" : 200 + Math.floor(r() * 60_000),
        referrer,
        user_agent: { ...pick(r, AGENTS) },
      },
      sort: [t, (slot / SLOT) * 4 + k],
    };
  });
}

function instant(ctx: OpContext<"logs.getAccessLogs">, field: "after" | "before", fallback: number): number {
  const v = ctx.params[field];
  return v === undefined ? fallback : Date.parse(v);
}

/**
 * The entries of `[after, before)` (default: the last 24 hours), within retention and before now,
 * oldest first.
 */
function windowEntries(ctx: OpContext<"logs.getAccessLogs">): AccessLogEntry[] {
  const h = ctx.hosting();
  const domain = attachedDomain(h, ctx.params.domain);
  const now = ctx.now().getTime();
  const before = instant(ctx, "before", now);
  const after = instant(ctx, "after", before - DAY);
  if (after >= before)
    throw new SimError(400, `after (${String(ctx.params.after)}) must be earlier than before (${String(ctx.params.before)})`);
  const from = Math.max(after, now - RETENTION);
  const to = Math.min(before, now);
  const out: AccessLogEntry[] = [];
  for (let slot = Math.floor(from / SLOT) * SLOT; slot < to; slot += SLOT) {
    for (const e of slotEntries(h, domain, slot)) if (e.sort[0] >= from && e.sort[0] < to) out.push(e);
  }
  return out;
}

/** v3: offset paging; a page past the end is an empty `data`, which is how readers stop. */
function accessLogsV3(ctx: KeyContext<"v3.logs.getAccessLogs">) {
  const size = ctx.params.size ?? 100;
  const from = ctx.params.from ?? 0;
  if (from + size > MAX_WINDOW) {
    throw new SimError(
      400,
      `Result window is too large, from + size must be less than or equal to: [${MAX_WINDOW}] but was [${from + size}]`,
    );
  }
  const page = windowEntries(ctx).slice(from, from + size);
  return { data: page.map(({ sort: _sort, ...entry }) => entry) };
}

/** Dotted paths of an entry's text and number fields (`access.request`, `access.user_agent.name`). */
function fieldPaths(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [p, s] of fieldPaths(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  } else if (!Array.isArray(value)) {
    out.set(prefix, String(value));
  }
  return out;
}

const DEFAULT_QUERY_FIELDS = ["access.request", "access.clientip", "access.referrer", "access.user_agent.original"];

/**
 * v4: `query` is matched (case-insensitive substring) against the `queryFields`, by default the
 * request, client IP, referrer and user agent; the v4 document shows the parameters but not their
 * grammar. `searchAfter` resumes after the entry whose `sort` it repeats.
 */
function accessLogsV4(ctx: KeyContext<"v4.logs.getAccessLogs">) {
  const size = ctx.params.size ?? 100;
  const query = ctx.params.query?.toLowerCase() ?? "";
  const fields = ctx.params.queryFields ?? DEFAULT_QUERY_FIELDS;
  const after = ctx.params.searchAfter;
  let entries = windowEntries(ctx);
  if (query !== "") {
    const known = fieldPaths(ENTRY_LAYOUT);
    const unknown = fields.filter((f) => !known.has(f));
    if (unknown.length > 0)
      throw new SimError(400, `queryFields: unknown field(s) ${unknown.join(", ")} (known: ${[...known.keys()].join(", ")})`);
    entries = entries.filter((e) => {
      const paths = fieldPaths(e);
      return fields.some((f) => (paths.get(f) ?? "").toLowerCase().includes(query));
    });
  }
  if (after !== undefined) {
    if (after.length !== 2) throw new SimError(400, "searchAfter must repeat the two-value sort of the last entry read");
    entries = entries.filter((e) => e.sort[0] > after[0]! || (e.sort[0] === after[0] && e.sort[1] > after[1]!));
  }
  return { data: entries.slice(0, size) };
}

/** Handlers and samples of the access-log operations. The core routes requests to them by operation id. */
export const logsArea: SimArea = {
  name: "logs",
  handlers: {
    "logs.getAccessLogs": byVersion<"logs.getAccessLogs">({ v4: accessLogsV4, v3: accessLogsV3 }),
  },
  samples: {
    "v4.logs.getAccessLogs": () => ({ id: 101, domain: "agency-demo.com", query: "wp-", queryFields: ["access.request"], size: 20 }),
    "v3.logs.getAccessLogs": () => ({ ...DEMO_HOSTING.v3, domain: "client-shop.net", size: 50, from: 0 }),
  },
};

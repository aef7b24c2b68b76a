/**
 * Web application firewall of a domain: the rule catalogue, the rules disabled per domain, and a
 * synthetic, deterministic log of blocked requests.
 *
 * The real catalogue is not published. The simulator's is modelled on the OWASP Core Rule Set
 * numbering (ids 900000-999999, grouped by attack class), which is what the documented shape
 * suggests: `allRulesRange` is a range string and each group's `ids` are `[from, to]` ranges.
 */
import { createHash } from "node:crypto";
import type { HostingState } from "../state";
import { SimError, type OpContext, type SimArea } from "../types";
import { attachedDomain, DEMO_HOSTING } from "./shared";

/** Every rule id lies in this range (the documented `allRulesRange` is a string range). */
export const WAF_RULE_RANGE: readonly [number, number] = [900000, 999999];

/** The rule catalogue: one group per attack class, ids as inclusive `[from, to]` ranges. */
export const WAF_RULES: readonly { description: string; ids: [number, number][] }[] = [
  { description: "Method enforcement", ids: [[911100, 911100]] },
  { description: "Scanner detection", ids: [[913100, 913120]] },
  { description: "Protocol enforcement", ids: [[920100, 920480]] },
  { description: "Protocol attack (request smuggling, header injection)", ids: [[921110, 921240]] },
  { description: "Local file inclusion", ids: [[930100, 930130]] },
  { description: "Remote file inclusion", ids: [[931100, 931130]] },
  { description: "Remote code execution", ids: [[932100, 932240]] },
  { description: "PHP injection", ids: [[933100, 933210]] },
  { description: "Cross-site scripting", ids: [[941100, 941380]] },
  { description: "SQL injection", ids: [[942100, 942560]] },
  { description: "Session fixation", ids: [[943100, 943120]] },
  {
    description: "Anomaly scoring",
    ids: [
      [949110, 949111],
      [959100, 959100],
      [980130, 980170],
    ],
  },
];

// ---- rules ----

function rulesResult(hosting: HostingState, domain: string) {
  return {
    allRulesRange: `${WAF_RULE_RANGE[0]}-${WAF_RULE_RANGE[1]}`,
    rules: WAF_RULES.map((r) => ({ description: r.description, ids: r.ids.map(([from, to]) => [from, to]) })),
    // The update takes single ids, so each disabled id comes back on its own as `[id]` rather
    // than merged into ranges: what was sent reads back unchanged, and a `[from, to]` reader
    // still understands it as the range from id to id.
    disabledRules: (hosting.waf[domain] ?? []).map((id) => [id]),
  };
}

function getRules(ctx: OpContext<"waf.getRules">) {
  const hosting = ctx.hosting();
  return rulesResult(hosting, attachedDomain(hosting, ctx.params.domain));
}

function updateRules(ctx: OpContext<"waf.updateRules">) {
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  const ids = ctx.params.wafDisabledRules;
  const outside = ids.find((id) => id < WAF_RULE_RANGE[0] || id > WAF_RULE_RANGE[1]);
  if (outside !== undefined) {
    throw new SimError(400, `Invalid field "wafDisabledRules": rule ${outside} is outside the rule range ${WAF_RULE_RANGE.join("-")}`);
  }
  // `append: true` adds to the disabled list; otherwise the list is replaced (v4 document).
  const base = ctx.params.append === true ? (hosting.waf[domain] ?? []) : [];
  const next = [...new Set([...base, ...ids])].sort((a, b) => a - b);
  if (next.length === 0) delete hosting.waf[domain];
  else hosting.waf[domain] = next;
  return { message: `Firewall rules of ${domain} updated: ${next.length} disabled` };
}

// ---- logs ----

const ATTACKS = [
  {
    ruleId: 942100,
    method: "GET",
    uri: "/index.php?id=1%20UNION%20SELECT%20password%20FROM%20users",
    message: "SQL Injection Attack Detected via libinjection",
  },
  { ruleId: 941100, method: "GET", uri: "/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", message: "XSS Attack Detected via libinjection" },
  { ruleId: 930120, method: "GET", uri: "/download.php?file=../../../../etc/passwd", message: "OS File Access Attempt" },
  { ruleId: 932160, method: "POST", uri: "/wp-admin/admin-ajax.php", message: "Remote Command Execution: Unix Shell Code Found" },
  { ruleId: 933160, method: "POST", uri: "/xmlrpc.php", message: "PHP Injection Attack: High-Risk PHP Function Call Found" },
  { ruleId: 913100, method: "GET", uri: "/.env", message: "Found User-Agent associated with security scanner" },
  { ruleId: 920350, method: "GET", uri: "/", message: "Host header is a numeric IP address" },
  { ruleId: 921130, method: "POST", uri: "/contact", message: "HTTP Response Splitting Attack" },
];
const ORIGINS = [
  {
    continent_code: "EU",
    country_code: "FR",
    country_name: "France",
    latitude: 48.8582,
    longitude: 2.3387,
    timezone: "Europe/Paris",
    net: "192.0.2",
  },
  {
    continent_code: "NA",
    country_code: "US",
    country_name: "United States",
    latitude: 37.751,
    longitude: -97.822,
    timezone: "America/Chicago",
    net: "198.51.100",
  },
  {
    continent_code: "AS",
    country_code: "SG",
    country_name: "Singapore",
    latitude: 1.2868,
    longitude: 103.8503,
    timezone: "Asia/Singapore",
    net: "203.0.113",
  },
  {
    continent_code: "NA",
    country_code: "CA",
    country_name: "Canada",
    latitude: 45.5088,
    longitude: -73.5878,
    timezone: "America/Toronto",
    net: "192.0.2",
  },
];
const USER_AGENTS = ["Mozilla/5.0 (X11; Linux x86_64)", "sqlmap/1.8", "Nikto/2.5.0", "curl/8.5.0", "python-requests/2.32"];

/** Hits in the log of each domain: enough for several pages. */
const HITS_PER_DOMAIN = 60;
/** Page size when `size` is omitted (the document gives no default). */
const DEFAULT_PAGE_SIZE = 10;

/** A deterministic byte stream from the domain name, so the same domain always has the same log. */
function bytesFor(domain: string, i: number): Buffer {
  return createHash("sha256").update(`${domain}#${i}`).digest();
}

/**
 * The synthetic log of a domain, newest first: one hit roughly every two hours over the five days
 * before today (UTC), so the log is the same all day and moves with the clock.
 */
function syntheticHits(hosting: HostingState, domain: string, today: string) {
  const dayStart = Date.parse(`${today}T00:00:00.000Z`);
  return Array.from({ length: HITS_PER_DOMAIN }, (_, i) => {
    const b = bytesFor(domain, i);
    const attack = ATTACKS[b[0]! % ATTACKS.length]!;
    const { net, ...geo } = ORIGINS[b[1]! % ORIGINS.length]!;
    const ip = `${net}.${(b[2]! % 253) + 1}`;
    const at = new Date(dayStart - (i + 1) * 2 * 3_600_000 + (b[3]! % 60) * 60_000);
    return {
      timestamp: at.toISOString(),
      request: {
        geoip: { ...geo, ip },
        headers: { Host: domain, "User-Agent": USER_AGENTS[b[4]! % USER_AGENTS.length]!, Accept: "*/*" },
        host: domain,
        clientPost: 32768 + (b.readUInt16BE(5) % 28000),
        clientIp: ip,
        localPort: 443,
        localIp: hosting.ip,
        method: attack.method,
        uri: attack.uri,
        http_version: "1.1",
        responseStatus: 403,
        ruleId: attack.ruleId,
      },
      auditMessages: [
        {
          details: {
            ruleId: String(attack.ruleId),
            message: attack.message,
            severity: "CRITICAL",
            match: `Matched Data found within ARGS (${attack.uri.length} bytes)`,
          },
        },
      ],
    };
  });
}

function getLogs(ctx: OpContext<"waf.getLogs">) {
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  const after = ctx.params.after === undefined ? -Infinity : Date.parse(ctx.params.after);
  const before = ctx.params.before === undefined ? Infinity : Date.parse(ctx.params.before);
  const hits = syntheticHits(hosting, domain, ctx.today()).filter((h) => {
    const t = Date.parse(h.timestamp);
    return t > after && t < before;
  });
  // Generated newest first; `order` sorts by date, newest first unless `asc`.
  if (ctx.params.order === "asc") hits.reverse();
  const offset = ctx.params.offset ?? 0;
  const size = ctx.params.size ?? DEFAULT_PAGE_SIZE;
  return { hits: hits.slice(offset, offset + size) };
}

const demo = { id: 101, domain: "agency-demo.com" };
const v3Demo = { ...DEMO_HOSTING.v3, ...demo };
const logsPage = { size: 5, offset: 5, order: "asc" };
const disable = { wafDisabledRules: [942100, 942110], append: true };

/** Handlers of `waf.*`, one per operation: v4 answers the fields, v3 and v2 the same in `data`. */
export const wafArea: SimArea = {
  name: "waf",
  handlers: {
    "waf.getLogs": getLogs,
    "waf.getRules": getRules,
    "waf.updateRules": updateRules,
  },
  samples: {
    "v4.waf.getLogs": () => ({ ...demo, ...logsPage }),
    "v4.waf.getRules": () => demo,
    "v4.waf.updateRules": () => ({ ...demo, ...disable }),
    "v3.waf.getLogs": () => ({ ...v3Demo, ...logsPage }),
    "v3.waf.getRules": () => v3Demo,
    "v3.waf.updateRules": () => ({ ...v3Demo, ...disable }),
    "v2.waf.getLogs": () => ({ ...demo, ...logsPage }),
    "v2.waf.getRules": () => demo,
    "v2.waf.updateRules": () => ({ ...demo, wafDisabledRules: [920350], append: false }),
  },
};

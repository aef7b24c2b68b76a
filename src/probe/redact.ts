/**
 * Redaction of what `reseller probe --record` writes: a recording must be safe to commit to a
 * public repository (test/contract/recorded/), yet still be a faithful sample of the reply's
 * shape, so every value keeps its JSON type:
 *
 * - credentials and secrets never appear: the API user and key anywhere, and the value of every
 *   field whose name says secret (passwords, keys, tokens, login URLs, certificates), which
 *   becomes `"[redacted]"` (numbers `0`);
 * - names become typed placeholders, the same one for the same value across every file of a run:
 *   a domain `domain-1.example` (its sub-domain labels kept), an IPv4 address `192.0.2.x`, an
 *   IPv6 address `2001:db8::x`, an e-mail address `user-1@example.com`, a username `user-1`, an
 *   id the number (or digits) `1`, `2`, ...;
 * - the query of a URL, which may carry a token, becomes `?[redacted]`.
 *
 * Usernames are learned from every file first ({@link Redactor.learn}), so a username seen in one
 * reply is replaced inside another's paths and database names too.
 */
import { isIPv4, isIPv6 } from "node:net";
import { domainToASCII } from "node:url";
import { parse as parseHostname } from "tldts";

/**
 * What a string becomes when its field names a secret (a number becomes 0).
 *
 * @example
 * createRedactor([]).redact({ password: "hunter2" }); // { password: REDACTED }
 */
export const REDACTED = "[redacted]";

/** Field names whose value is a secret: passwords, keys, tokens, login URLs, certificates (docs/evidence.md §1 #26, #44, #53; §4.1). */
const SECRET_KEY =
  /pass(word|wd)?$|password|secret|token|private|^p?key$|apikey|api_key|accesskey|access_key|login_?url|autologin|^cert(ificate)?$|^csr$|public_?key|signature/i;
/** Field names whose value identifies an object: ids, the reseller id, process ids. */
const ID_KEY = /^(id|pid)$|_id$|[a-z]Id$|ID$/;
/** Field names whose value is an account or user name. */
const USER_KEY = /^(username|user|ftpUser|dbUser|mailUser|s3user|databaseUsername|account|owner|login)$/i;
/**
 * Of those, the names that the API also writes inside other values: the hosting username
 * prefixes database names and home paths (docs/evidence.md §7.7 #8), so it is replaced wherever
 * it appears. A mailbox name (`contact`, `info`) is not: it could be a word of any text, or a
 * field name.
 */
const EMBEDDED_USER_KEY = /^(username|user|ftpUser|dbUser|s3user|databaseUsername)$/i;

const EMAIL = String.raw`[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,}`;
const IPV4 = String.raw`(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])`;
const IPV6 = String.raw`(?<![\w:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:])`;
const HOST = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}][\p{L}\p{N}-]{0,62}`;
const TOKEN = new RegExp(`(${EMAIL})|(${IPV4})|(${IPV6})|(${HOST})`, "gu");
/** Words of the placeholders themselves: a username spelt so is not replaced inside other text, which would break them. */
const PLACEHOLDER_WORDS = new Set(["example", "domain", "user", "redacted", "com", "id"]);
const URL_QUERY = /(https?:\/\/[^\s?#"']+)\?[^\s#"']*/g;

/**
 * Redacts values consistently across the files of one run.
 *
 * @example
 * const r: Redactor = createRedactor([apiUser, apiKey]);
 * r.learn({ username: "agencyde" });
 * r.redact("/home/agencyde/public_html"); // "/home/user-1/public_html"
 */
export interface Redactor {
  /** Notes the usernames and secrets `value` holds, so that they are replaced wherever they appear. */
  learn(value: unknown): void;
  /** `value` with every secret and name replaced. */
  redact<T>(value: T): T;
}

/** A numbering of distinct values: the first seen is 1. */
function numbering(): (value: string) => number {
  const seen = new Map<string, number>();
  return (value) => {
    let n = seen.get(value);
    if (n === undefined) {
      n = seen.size + 1;
      seen.set(value, n);
    }
    return n;
  };
}

/** Every non-overlapping occurrence of `name` in `text` that is not part of a longer word. */
function replaceWord(text: string, name: string, by: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), by);
}

/**
 * A redactor that never lets `secrets` (the API user and key) through.
 *
 * @example
 * const r = createRedactor(["sim-key-0123456789abcdef"]);
 * r.redact({ id: 101, domain: "agency-demo.com", password: "x", ip: "198.51.100.10" });
 * // { id: 1, domain: "domain-1.example", password: "[redacted]", ip: "192.0.2.1" }
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const known = new Set(secrets.filter((s) => s.length >= 3));
  const users = new Map<string, string>();
  /** Usernames replaced wherever they appear, not only as a field's whole value. */
  const embedded = new Set<string>();
  const domainNo = numbering();
  // Usernames and e-mail addresses share one numbering, so `user-2` and `user-3@example.com` are
  // never read as the same user.
  const userNo = numbering();
  const emailNo = (email: string) => userNo(`email:${email}`);
  const ip4No = numbering();
  const ip6No = numbering();
  const idNo = numbering();

  const userName = (value: string): string => {
    let placeholder = users.get(value);
    if (placeholder === undefined) {
      placeholder = `user-${userNo(`user:${value}`)}`;
      users.set(value, placeholder);
    }
    return placeholder;
  };

  const host = (name: string): string => {
    const trailing = name.endsWith(".") ? "." : "";
    const ascii = domainToASCII(name.replace(/\.$/, "")) || name;
    const parsed = parseHostname(ascii);
    if (!parsed.isIcann || !parsed.domain) return name;
    return `${parsed.subdomain ? `${parsed.subdomain}.` : ""}domain-${domainNo(parsed.domain)}.example${trailing}`;
  };

  const token = (match: string, email?: string, ip4?: string, ip6?: string): string => {
    if (email) return `user-${emailNo(email.toLowerCase())}@example.com`;
    if (ip4) return isIPv4(ip4) ? `192.0.2.${((ip4No(ip4) - 1) % 254) + 1}` : match;
    if (ip6) return isIPv6(ip6) ? `2001:db8::${ip6No(ip6.toLowerCase()).toString(16)}` : match;
    return host(match);
  };

  const text = (value: string): string => {
    let out = value;
    for (const secret of known) out = out.split(secret).join(REDACTED);
    out = out.replace(URL_QUERY, `$1?${REDACTED}`);
    out = out.replace(TOKEN, (match: string, email?: string, ip4?: string, ip6?: string) => token(match, email, ip4, ip6));
    // Longest first, so `agencyde2` is not cut by `agencyde`.
    for (const name of [...embedded].sort((a, b) => b.length - a.length)) {
      if (!PLACEHOLDER_WORDS.has(name.toLowerCase())) out = replaceWord(out, name, userName(name));
    }
    return out;
  };

  const secret = (value: unknown): unknown => {
    if (typeof value === "string") return REDACTED;
    if (typeof value === "number") return 0;
    if (Array.isArray(value)) return value.map(secret);
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), secret(v)]));
    return value;
  };

  const field = (key: string, value: unknown): unknown => {
    if (SECRET_KEY.test(key)) return secret(value);
    if (ID_KEY.test(key) && typeof value === "number") return value === 0 ? 0 : idNo(`n:${value}`);
    if (ID_KEY.test(key) && typeof value === "string" && value !== "")
      return /^\d+$/.test(value) ? String(idNo(`n:${value}`)) : `id-${idNo(`s:${value}`)}`;
    if (USER_KEY.test(key) && typeof value === "string" && value !== "" && !value.includes("@")) return userName(value);
    return walk(value);
  };

  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object")
      return splitName(Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), field(k, v)])), value);
    return value;
  };

  // A domain sent as `sld` and `tld` (docs/evidence.md §1 #7) is one name: both become the parts
  // of its placeholder, so `sld.tld` reads as the same `domain-N.example` as elsewhere.
  const splitName = (out: Record<string, unknown>, original: object): Record<string, unknown> => {
    const { sld, tld } = original as { sld?: unknown; tld?: unknown };
    if (typeof sld !== "string" || typeof tld !== "string" || sld === "" || tld === "") return out;
    const placeholder = host(`${sld}.${tld.replace(/^\./, "")}`);
    if (!placeholder.endsWith(".example")) return out;
    return { ...out, sld: placeholder.slice(0, -".example".length), tld: "example" };
  };

  const learn = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(learn);
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (EMBEDDED_USER_KEY.test(k) && typeof v === "string" && v.length >= 3 && !v.includes("@")) embedded.add(v);
        else if (SECRET_KEY.test(k) && typeof v === "string" && v.length >= 3) known.add(v);
        else learn(v);
      }
    }
  };

  return { learn, redact: <T>(value: T) => walk(value) as T };
}

/**
 * Domain and host name normalization shared by every resource that takes a name.
 *
 * State must hold one spelling per name, or every refresh shows a diff (trailing dots, letter
 * case and IDN spellings are what gives other DNS providers perpetual diffs; docs/decisions/0004).
 * The canonical form here is ASCII (punycode), lower case, without a trailing dot; the API stores
 * domains in that form and accepts Unicode input (v4 document, Active domain entry: `domain_name`
 * may hold non-ASCII characters, `idn_domain_name` is the ASCII form).
 *
 * Normalization keeps the meaning and changes nothing else (issue 12 item 5): letter case, one
 * trailing dot, Unicode or punycode spelling (UTS #46 mapping, which also folds full-width
 * forms). A name that is not already a valid host name is refused, never cut or cleaned. That is
 * why there is no URL parsing here (`node:url`'s `domainToASCII` cuts `evil.org/agency-demo.com`
 * at the slash and drops tabs), no trimming, no invisible characters (UTS #46 would drop a soft
 * hyphen or a zero-width space without a word), and why punycode must decode to a valid label.
 */
import { ipaddr, tldts, tr46 } from "./parsers";
import type { IssueSink } from "./issue";
import { quote } from "./quote";

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Host labels may carry underscores (`_dmarc`, `_sip._tcp`), which DNS allows outside host names. */
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** The longest name in text form (RFC 1035 §2.3.4: 255 octets on the wire, 253 characters written out). */
export const MAX_NAME_LENGTH = 253;

/**
 * UTS #46 processing as IDNA2008 registries and browsers apply it: nontransitional (`ß` stays
 * `ß`), the bidi rule (RFC 5893) and the joiner rules (RFC 5892 CONTEXTJ) checked. ASCII
 * characters and label lengths are checked here, with the label patterns, so that a message can
 * say what is wrong.
 */
const UTS46 = {
  checkBidi: true,
  checkJoiners: true,
  checkHyphens: false,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  ignoreInvalidPunycode: false,
} as const;

/** ASCII that a name may hold: letters, digits, hyphen, dot, and underscore (host labels). */
const NAME_ASCII = /^[A-Za-z0-9._-]$/;
/**
 * IDNA2008 code points of a U-label: letters, marks and decimal digits (RFC 5892 §2.1,
 * LetterDigits); symbols, punctuation and emoji are DISALLOWED there, though UTS #46 lets
 * them through (`xn--zz-invalid` decodes to `z⊝⊙⊙z⊝⊛`).
 */
const U_LABEL_CHAR = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]$/u;
/** Invisible characters UTS #46 maps to nothing (soft hyphen, zero-width space, variation selectors). */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** ZWNJ and ZWJ: default-ignorable, but IDNA2008 keeps them where CONTEXTJ allows (checked by UTS46.checkJoiners). */
const JOINERS = new Set(["\u200c", "\u200d"]);

/** The result of a name normalization: the canonical form, or why there is none. */
export type NameResult = { ok: true; value: string } | { ok: false; reason: string };

type Labels = { ok: true; labels: string[] } | { ok: false; reason: string };

function hex(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `text` holds a character no name holds (as given, or as UTS #46 maps it), or undefined. */
function characterProblem(text: string, input: string, what: string, allowed: RegExp): string | undefined {
  let at = 0;
  for (const ch of text) {
    at += 1;
    if (ch.codePointAt(0)! < 0x80) {
      if (allowed.test(ch)) continue;
      const hint =
        ch === " "
          ? "spaces"
          : /[/?#\\:@%[\]]/.test(ch)
            ? `${quote(ch)}: give the ${what} alone, not a URL, a path, a port or an address`
            : quote(ch);
      return `${quote(input)} is not a valid ${what}: it holds ${hint} (character ${at})`;
    }
    if (IGNORABLE.test(ch) && !JOINERS.has(ch)) {
      return `${quote(input)} holds the invisible character ${hex(ch)} (character ${at}); write the ${what} without it`;
    }
  }
  return undefined;
}

/**
 * The ASCII labels of a name, lower case: Unicode labels converted by UTS #46, punycode labels
 * checked to decode to valid IDNA2008 labels. `allowed` is the ASCII a label may hold.
 */
function asciiLabels(name: string, input: string, what: string, allowed: RegExp = NAME_ASCII): Labels {
  const given = characterProblem(name, input, what, allowed);
  if (given) return { ok: false, reason: given };
  const ascii = tr46().toASCII(name, UTS46);
  if (ascii === null) {
    return {
      ok: false,
      reason: `${quote(input)} is not a valid ${what}: a label is punycode that does not decode, or Unicode that IDNA refuses (a mark first, mixed directions, a misplaced joiner)`,
    };
  }
  const mapped = characterProblem(ascii, input, what, allowed);
  if (mapped) return { ok: false, reason: mapped };
  const labels = ascii.split(".");
  for (const label of labels.filter((l) => l.startsWith("xn--"))) {
    const unicode = tr46().toUnicode(label, UTS46).domain;
    const bad = Array.from(unicode).find((ch) => ch.codePointAt(0)! >= 0x80 && !U_LABEL_CHAR.test(ch));
    if (bad !== undefined) {
      return {
        ok: false,
        reason: `${quote(input)} is not a valid ${what}: label ${quote(label)} decodes to ${quote(unicode)}, which holds ${hex(bad)}; IDNA2008 names hold letters, marks and digits only (RFC 5892)`,
      };
    }
  }
  return { ok: true, labels };
}

/**
 * Whether text is an IPv4 or IPv6 address (bracketed or not), in any form a resolver or URL
 * parser would read as one (`0x7f.1` too).
 *
 * @example
 * isIpAddress("[2001:db8::1]"); // true
 */
export function isIpAddress(text: string): boolean {
  return ipaddr().isValid(text) || (text.startsWith("[") && text.endsWith("]") && ipaddr().IPv6.isValid(text.slice(1, -1)));
}

/** The reason a name is refused for its last label, if it is numeric: no top-level domain is (RFC 3696 §2). */
function numericTld(labels: readonly string[], input: string): string | undefined {
  const last = labels[labels.length - 1]!;
  return /^\d+$/.test(last)
    ? `${quote(input)} ends in the numeric label ${quote(last)}; no top-level domain is numeric (RFC 3696 §2)`
    : undefined;
}

/** `name` without one trailing dot (the root), which is the only normalization of the ending. */
function withoutRoot(name: string): string {
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/**
 * A domain (or DNS zone) in canonical form: ASCII, lower case, no trailing dot, at least two
 * labels of letters, digits and inner hyphens. Anything else is refused, not repaired: spaces,
 * a path or port, invisible characters, punycode that does not decode, an IP address.
 *
 * @example
 * normalizeDomain("Café.COM."); // { ok: true, value: "xn--caf-dma.com" }
 * normalizeDomain("evil.org/agency-demo.com"); // { ok: false, reason: ... }
 */
export function normalizeDomain(input: string): NameResult {
  const bare = withoutRoot(input);
  if (bare === "") return { ok: false, reason: "a domain name is required" };
  if (isIpAddress(bare)) return { ok: false, reason: `${quote(input)} is an IP address, not a domain name` };
  const converted = asciiLabels(bare, input, "domain name");
  if (!converted.ok) return converted;
  const { labels } = converted;
  if (labels.length < 2) return { ok: false, reason: `${quote(input)} needs a second-level name and a TLD, e.g. example.com` };
  const bad = labels.find((l) => !LDH_LABEL.test(l));
  if (bad !== undefined) {
    return {
      ok: false,
      reason: `${quote(input)} is not a valid domain name: label ${quote(bad)} must be 1 to 63 letters, digits or inner hyphens`,
    };
  }
  return joinedName(labels, input);
}

/** Checked labels joined into a name: no all-numeric top-level label, and no longer than DNS allows. */
function joinedName(labels: string[], input: string): NameResult {
  const numeric = numericTld(labels, input);
  if (numeric) return { ok: false, reason: numeric };
  const value = labels.join(".");
  if (value.length > MAX_NAME_LENGTH)
    return { ok: false, reason: `${quote(input)} is longer than ${MAX_NAME_LENGTH} characters (RFC 1035 §2.3.4)` };
  return { ok: true, value };
}

/**
 * A domain a registrar registers, in canonical form (`normalizeDomain`): directly under a public
 * suffix of the ICANN section of the public suffix list (`example.com`, `example.co.uk`), not a
 * name under one (`www.example.com`), not a suffix itself (`co.uk`), and not under a top-level
 * domain the list does not know. The list is the one `tldts` ships.
 *
 * @example
 * normalizeRegistrableDomain("Example.CO.UK"); // { ok: true, value: "example.co.uk" }
 * normalizeRegistrableDomain("www.example.com"); // { ok: false, reason: ... "a name under example.com" ... }
 */
export function normalizeRegistrableDomain(input: string): NameResult {
  const domain = normalizeDomain(input);
  if (!domain.ok) return domain;
  const psl = tldts().parse(domain.value, {
    allowPrivateDomains: false,
    extractHostname: false,
    validateHostname: false,
    detectIp: false,
  });
  if (psl.isIcann !== true) {
    return {
      ok: false,
      reason: `${quote(input)} is not under a top-level domain of the public suffix list (${quote(psl.publicSuffix ?? "")} is none)`,
    };
  }
  if (psl.domain === null) {
    return { ok: false, reason: `${quote(input)} is a public suffix: domains are registered under it, not it` };
  }
  if (psl.domain !== domain.value) {
    return {
      ok: false,
      reason: `${quote(input)} is not a registrable domain: it is a name under ${psl.domain}, the domain a registrar registers`,
    };
  }
  return domain;
}

/**
 * The DNS zone a resource's `domain` input names, in canonical form (`normalizeDomain`); a
 * malformed one is reported on `domain` through `issue` and gives undefined, so a `normalize`
 * stops there (the record names and targets are read relative to the zone).
 */
export function checkedZone(domain: string, issue: IssueSink): string | undefined {
  const zone = normalizeDomain(domain);
  if (zone.ok) return zone.value;
  issue("domain", zone.reason);
  return undefined;
}

/**
 * A host name used as a record target (CNAME, MX, NS, SRV): canonical form is ASCII, lower
 * case, fully qualified with a trailing dot. Targets are always read as fully qualified: users
 * write `mail.example.com` meaning that host, not `mail.example.com.<zone>`. `@` stands for the
 * zone apex when a zone is given; `.` (the root) is kept for a null MX (RFC 7505). An IP
 * address is not a host name.
 */
export function normalizeHost(input: string, zone?: string): NameResult {
  if (input === ".") return { ok: true, value: "." };
  if (input === "@" && zone) return { ok: true, value: `${zone}.` };
  const bare = withoutRoot(input);
  if (bare === "") return { ok: false, reason: "a host name is required" };
  if (isIpAddress(bare))
    return { ok: false, reason: `${quote(input)} is an IP address; a host name is required here (e.g. ns1.example.net)` };
  const converted = asciiLabels(bare, input, "host name");
  if (!converted.ok) return converted;
  const { labels } = converted;
  const bad = labels.find((l) => !HOST_LABEL.test(l));
  if (bad !== undefined) return { ok: false, reason: `${quote(input)} is not a valid host name: label ${quote(bad)} is not allowed` };
  const joined = joinedName(labels, input);
  return joined.ok ? { ok: true, value: `${joined.value}.` } : joined;
}

/**
 * A nameserver of a domain in canonical form (no trailing dot): a fully qualified host name of
 * letters, digits and inner hyphens, as registries take it (RFC 1123 §2.1 host names; registries
 * check that the host exists, v2 2.0.0 "nameservers must exist and be valid"). An IP address,
 * a single label or an underscore is refused.
 *
 * @example
 * normalizeNameserver("NS1.Example.NET."); // { ok: true, value: "ns1.example.net" }
 * normalizeNameserver("192.0.2.53"); // { ok: false, reason: ... }
 */
export function normalizeNameserver(input: string): NameResult {
  const host = normalizeHost(input);
  if (!host.ok) return host;
  if (host.value === ".") return { ok: false, reason: "the root is not a nameserver" };
  const bare = host.value.slice(0, -1);
  const labels = bare.split(".");
  if (labels.length < 2) return { ok: false, reason: `${quote(input)} is not a fully qualified host name` };
  const bad = labels.find((l) => !LDH_LABEL.test(l));
  if (bad !== undefined)
    return {
      ok: false,
      reason: `${quote(input)} is not a nameserver host name: label ${quote(bad)} must be letters, digits or inner hyphens (RFC 1123)`,
    };
  return { ok: true, value: bare };
}

/** Record-name ASCII: that of host names, and `*` (a wildcard is allowed only as the first label, checked after). */
const RECORD_NAME_ASCII = /^[A-Za-z0-9._*-]$/;

/**
 * A record name relative to its zone: `@` for the apex, `www`, `_dmarc`, `*.dev`. A fully
 * qualified name inside the zone (`www.example.com.`, or without the dot) is made relative, so
 * the three spellings users write give one value in state.
 */
export function normalizeRecordName(input: string, zone: string): NameResult {
  if (input === "" || input === "@" || input === "@.") return { ok: true, value: "@" };
  const fqdnIn = input.endsWith(".");
  const bare = withoutRoot(input);
  const wildcard = bare === "*" || bare.startsWith("*.");
  const rest = wildcard ? bare.slice(2) : bare;
  let labels: string[] = [];
  if (rest !== "") {
    const converted = asciiLabels(rest, input, "record name", RECORD_NAME_ASCII);
    if (!converted.ok) return converted;
    labels = converted.labels;
  }
  const all = wildcard ? ["*", ...labels] : labels;
  const zoneLabels = zone.split(".");
  const endsWithZone = all.length >= zoneLabels.length && all.slice(all.length - zoneLabels.length).join(".") === zone;
  let relative: string[];
  if (endsWithZone) relative = all.slice(0, all.length - zoneLabels.length);
  else if (fqdnIn) return { ok: false, reason: `${quote(input)} is not inside the zone ${zone}` };
  else relative = all;
  if (relative.length === 0) return { ok: true, value: "@" };
  const bad = relative.find((l, i) => !(l === "*" && i === 0) && !HOST_LABEL.test(l));
  if (bad !== undefined) return { ok: false, reason: `${quote(input)} is not a valid record name: label ${quote(bad)} is not allowed` };
  const value = relative.join(".");
  if (value.length + zone.length + 1 > MAX_NAME_LENGTH)
    return { ok: false, reason: `${quote(input)} makes a name longer than ${MAX_NAME_LENGTH} characters` };
  return { ok: true, value };
}

/** The fully qualified form of a relative record name, with the trailing dot the zone listing uses. */
export function recordFqdn(name: string, zone: string): string {
  return name === "@" ? `${zone}.` : `${name}.${zone}.`;
}

/**
 * Splits a canonical domain at its first dot: `sld` is the first label, `tld` the rest (the API
 * addresses domains by both, and `tld` carries no leading period).
 */
export function splitDomain(domain: string): { sld: string; tld: string } {
  const dot = domain.indexOf(".");
  return { sld: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}

/** The Unicode display form of an ASCII domain (`xn--caf-dma.com` gives `café.com`). */
export function unicodeDomain(ascii: string): string {
  const { domain, error } = tr46().toUnicode(ascii, UTS46);
  return error || domain === "" ? ascii : domain;
}

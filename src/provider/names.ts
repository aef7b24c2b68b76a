/**
 * Domain and host name normalization shared by every resource that takes a name.
 *
 * State must hold one spelling per name, or every refresh shows a diff (peers §2.3: trailing
 * dots, letter case and IDN spellings are the usual causes of perpetual diffs). The canonical
 * form here is ASCII (punycode), lower case, without a trailing dot; the API stores domains in
 * that form and accepts Unicode input (v4 document, Active domain entry: `domain_name` may hold
 * non-ASCII characters, `idn_domain_name` is the ASCII form).
 */
import { domainToASCII, domainToUnicode } from "node:url";
import type { IssueSink } from "./define";

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Host labels may carry underscores (`_dmarc`, `_sip._tcp`), which DNS allows outside host names. */
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** The result of a name normalization: the canonical form, or why there is none. */
export type NameResult = { ok: true; value: string } | { ok: false; reason: string };

function toAsciiLabels(name: string): string[] | undefined {
  // `domainToASCII` returns "" for names it cannot convert (spaces, forbidden code points).
  const ascii = domainToASCII(name.trim());
  if (ascii === "") return undefined;
  return ascii.toLowerCase().split(".");
}

/**
 * A registrable domain (or DNS zone) in canonical form: ASCII, lower case, no trailing dot, at
 * least two labels of letters, digits and inner hyphens.
 */
export function normalizeDomain(input: string): NameResult {
  const trimmed = input.trim().replace(/\.$/, "");
  if (trimmed === "") return { ok: false, reason: "a domain name is required" };
  const labels = toAsciiLabels(trimmed);
  if (!labels) return { ok: false, reason: `"${input}" is not a valid domain name` };
  if (labels.length < 2) return { ok: false, reason: `"${input}" needs a second-level name and a TLD, e.g. example.com` };
  const bad = labels.find((l) => !LDH_LABEL.test(l));
  if (bad !== undefined) {
    return { ok: false, reason: `"${input}" is not a valid domain name: label "${bad}" must be 1 to 63 letters, digits or inner hyphens` };
  }
  const value = labels.join(".");
  if (value.length > 253) return { ok: false, reason: `"${input}" is longer than 253 characters` };
  return { ok: true, value };
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
 * zone apex when a zone is given; `.` (the root) is kept for a null MX (RFC 7505).
 */
export function normalizeHost(input: string, zone?: string): NameResult {
  const trimmed = input.trim();
  if (trimmed === ".") return { ok: true, value: "." };
  if (trimmed === "@" && zone) return { ok: true, value: `${zone}.` };
  const bare = trimmed.replace(/\.$/, "");
  if (bare === "") return { ok: false, reason: "a host name is required" };
  const labels = toAsciiLabels(bare);
  if (!labels) return { ok: false, reason: `"${input}" is not a valid host name` };
  const bad = labels.find((l) => !HOST_LABEL.test(l));
  if (bad !== undefined) return { ok: false, reason: `"${input}" is not a valid host name: label "${bad}" is not allowed` };
  const value = labels.join(".");
  if (value.length > 253) return { ok: false, reason: `"${input}" is longer than 253 characters` };
  return { ok: true, value: `${value}.` };
}

/**
 * A record name relative to its zone: `@` for the apex, `www`, `_dmarc`, `*.dev`. A fully
 * qualified name inside the zone (`www.example.com.`, or without the dot) is made relative, so
 * the three spellings users write give one value in state.
 */
export function normalizeRecordName(input: string, zone: string): NameResult {
  const trimmed = input.trim();
  if (trimmed === "" || trimmed === "@" || trimmed === "@.") return { ok: true, value: "@" };
  const fqdnIn = trimmed.endsWith(".");
  const bare = trimmed.replace(/\.$/, "");
  const wildcard = bare === "*" || bare.startsWith("*.");
  const rest = wildcard ? bare.slice(2) : bare;
  let labels: string[] = [];
  if (rest !== "") {
    const converted = toAsciiLabels(rest);
    if (!converted) return { ok: false, reason: `"${input}" is not a valid record name` };
    labels = converted;
  }
  const all = wildcard ? ["*", ...labels] : labels;
  const zoneLabels = zone.split(".");
  const endsWithZone =
    all.length >= zoneLabels.length && all.slice(all.length - zoneLabels.length).join(".") === zone;
  let relative: string[];
  if (endsWithZone) relative = all.slice(0, all.length - zoneLabels.length);
  else if (fqdnIn) return { ok: false, reason: `"${input}" is not inside the zone ${zone}` };
  else relative = all;
  if (relative.length === 0) return { ok: true, value: "@" };
  const bad = relative.find((l, i) => !(l === "*" && i === 0) && !HOST_LABEL.test(l));
  if (bad !== undefined) return { ok: false, reason: `"${input}" is not a valid record name: label "${bad}" is not allowed` };
  const value = relative.join(".");
  if (value.length + zone.length + 1 > 253) return { ok: false, reason: `"${input}" makes a name longer than 253 characters` };
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
  return domainToUnicode(ascii) || ascii;
}

/**
 * Redirection: inputs, their validation and normalization, and the state it keeps.
 *
 * A redirection sends every request for a domain attached to a hosting account to a URL, with
 * HTTP status 301 (permanent) or 302 (temporary). The v4 document gives the add request as
 * `id, domain, rType (301 or 302), destinationUrl`, all required, and the listing entry as
 * `domain, https, www, rType, domainRedirection` (v4 document, Redirections and "Redirection
 * entry"; catalog §1 #27-29, INFERRED-L). The listing has no destination, so state keeps the one
 * given. v2 takes the destination as `https` plus `destinationDomain` (catalog §4.2, CONFIRMED).
 */
import { z } from "zod";
import { isUnknown, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { isIpAddress, normalizeDomain, type NameResult } from "../../util/names";
import { domainInput, hostingIdInput, normalisedPathProblem, normalizeProperty, textInput } from "../../provider/rules/validators";

/** The redirection status the API takes (`rType`): 301 permanent, 302 temporary. */
export type RedirectionType = 301 | 302;

/** The status used when `type` is not given: a permanent redirection. */
export const DEFAULT_REDIRECTION_TYPE: RedirectionType = 301;

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const redirectionInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** The domain to redirect, Unicode or ASCII; it must be attached to the hosting account. */
  domain: domainInput,
  /** Where requests go: an absolute http or https URL. */
  destinationUrl: textInput(8000, "RFC 9110 §4.1: senders and recipients need support URIs of 8000 octets only"),
  /** 301 (permanent, the default) or 302 (temporary). */
  type: z.literal([301, 302], { error: "must be 301 (permanent) or 302 (temporary)" }).default(DEFAULT_REDIRECTION_TYPE),
};

type Parsed = z.output<z.ZodObject<typeof redirectionInputs>>;

/** The checked inputs: domain in ASCII lower case, destination as a serialised URL. */
export interface RedirectionInputs {
  hostingId: number;
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  /** The URL as WHATWG serialises it (`https://example.com/`): host in ASCII lower case, path kept. */
  destinationUrl: string;
  type: RedirectionType;
}

/** The state of a redirection. */
export interface RedirectionOutputs extends Omit<RedirectionInputs, "destinationUrl"> {
  /**
   * The destination this stack wrote. The listing never returns it, so it is absent after an
   * import by `<hostingId>/<domain>` alone and after the domain was given another kind of
   * redirection out of band; the next `up` then recreates the redirection.
   */
  destinationUrl?: string;
  /** As the listing reports it: whether the redirection uses HTTPS. */
  https: boolean;
  /** As the listing reports it: whether the redirection forces `www`. */
  www: boolean;
}

/**
 * A destination URL in canonical form (as WHATWG URL serialises it), or why it is not
 * acceptable: absolute, http or https, without credentials (state is plain text, and a browser
 * would not send them anyway), on an IP address or a valid domain name (punycode that decodes).
 * A path with a segment that is `.` or `..` once percent-decoded and NFKC-normalised, or with a
 * code point NFKC changes, is refused rather than resolved or encoded by the parser (decision
 * 0018). A backslash or surrounding white space is refused rather than read the way one URL parser
 * reads it: `https://evil.org\@example.com` is a URL on evil.org to WHATWG parsers, and on
 * example.com to others.
 *
 * @example
 * normalizeDestination("HTTPS://Café.com/shop"); // { ok: true, value: "https://xn--caf-dma.com/shop" }
 * normalizeDestination("/shop"); // { ok: false, reason: ... }
 */
export function normalizeDestination(input: string): NameResult {
  if (input.includes("\\") || input !== input.trim()) {
    return {
      ok: false,
      reason: `${quote(input)} holds a backslash or surrounding white space, which URL parsers read differently; write the URL without them`,
    };
  }
  // The URL parser resolves dot segments (`/a/%2e%2e/b` becomes `/b`) and percent-encodes
  // full-width forms, so the path is checked as written, before it parses.
  const path = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/.exec(input)?.[1] ?? "";
  const pathProblem = normalisedPathProblem(path);
  if (pathProblem !== undefined) return { ok: false, reason: `the path of ${quote(input)}: ${pathProblem}` };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: `${quote(input)} is not an absolute URL; write it in full, e.g. https://example.com/shop` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `${quote(input)} must be an http or https URL, not ${quote(url.protocol.slice(0, -1))}` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, reason: "must not carry a user name or password (they would be kept in plain text in the state)" };
  }
  if (!isIpAddress(url.hostname)) {
    const host = normalizeDomain(url.hostname);
    if (!host.ok) return { ok: false, reason: `${quote(input)} is not a URL on a valid host: ${host.reason}` };
  }
  return { ok: true, value: url.href };
}

/**
 * The v2 form of a destination: `https` and `destinationDomain`, the URL without its scheme
 * (`example.com/shop`), since the v2 external redirection takes a domain with an optional path
 * (catalog §4.2, S8 DomainExternalredirectionBody). A bare host loses its trailing slash.
 *
 * @example
 * v2Destination("https://example.com/"); // { https: true, destinationDomain: "example.com" }
 * v2Destination("http://example.com/a?b=1"); // { https: false, destinationDomain: "example.com/a?b=1" }
 */
export function v2Destination(destinationUrl: string): { https: boolean; destinationDomain: string } {
  const url = new URL(destinationUrl);
  const rest = url.pathname === "/" && url.search === "" && url.hash === "" ? "" : `${url.pathname}${url.search}${url.hash}`;
  return { https: url.protocol === "https:", destinationDomain: `${url.host}${rest}` };
}

/**
 * Cross-property normalization: the domain in ASCII, the destination as a canonical URL that
 * does not point back at the domain itself (a domain-wide redirection to its own host loops).
 */
export function normalizeRedirection(v: Parsed, issue: IssueSink): RedirectionInputs {
  const out = { ...v } as RedirectionInputs;
  normalizeProperty(out, "domain", normalizeDomain, issue);
  if (!isUnknown(v.destinationUrl)) {
    const u = normalizeDestination(v.destinationUrl);
    if (!u.ok) issue("destinationUrl", u.reason);
    else {
      out.destinationUrl = u.value;
      if (!isUnknown(v.domain) && new URL(u.value).hostname === out.domain) {
        issue("destinationUrl", `points at ${out.domain} itself, which would redirect every request of the domain to itself in a loop`);
      }
    }
  }
  return out;
}

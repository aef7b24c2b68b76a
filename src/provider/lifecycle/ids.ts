/**
 * Ids of hosting-scoped resources, built and read in one place.
 *
 * A setting a hosting account has once (its PHP version, its object storage) is named by the
 * account alone, `<hostingId>`; an object inside an account by the account and the object's own
 * key, `<hostingId>/<part>/...` (`101/agency-demo.com`, `101/8.2`, `101/agencyde_wp/agencyde_wpuser`).
 * The formats are frozen: ids are in users' state and in their `.get` calls, so a resource only
 * chooses its parts, never the spelling.
 *
 * Parsing trims the id, splits it on `/`, and takes the first segment as the hosting id (digits
 * only, a positive safe integer). Every other segment goes through its part parser, which
 * returns the canonical value or undefined when the segment is malformed; an empty segment never
 * parses.
 */
import { normalizeDomain, type NameResult } from "../../util/names";

/**
 * Reads one segment of an id (no `/` inside unless it is the last with `rest`), giving its
 * canonical value or undefined.
 */
export type IdPart<T> = (text: string) => T | undefined;

/** What {@link parseHostingScopedId} gives for a set of part parsers. */
export type HostingScopedKey<P extends Record<string, IdPart<unknown>>> = { hostingId: number } & {
  [K in keyof P]: NonNullable<ReturnType<P[K]>>;
};

/** The id of an object of hosting account `hostingId`: `<hostingId>`, or `<hostingId>/<part>/...`. */
export function hostingScopedId(hostingId: number, ...parts: readonly (string | number)[]): string {
  return [hostingId, ...parts].join("/");
}

/** A positive whole number written in digits only (`"12"`, not `"+12"`, `"1e3"` or `" 12"`). */
export const positiveIdPart: IdPart<number> = (text) => {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * An id part read with one of the name normalizers (`normalizeDomain`, ...): its canonical
 * value, or undefined when it does not normalize.
 */
export function namePart(normalize: (text: string) => NameResult): IdPart<string> {
  return (text) => {
    const result = normalize(text);
    return result.ok ? result.value : undefined;
  };
}

/** A domain in canonical form (ASCII, lower case, no trailing dot). */
export const domainIdPart: IdPart<string> = namePart(normalizeDomain);

/**
 * What an id of a hosting-scoped object names, or undefined when it is malformed. `parts` names
 * the segments after the hosting id, in order, each with its parser; with `rest`, the last part
 * takes the remainder of the id, slashes included (a URL at the end of an import id).
 */
export function parseHostingScopedId<P extends Record<string, IdPart<unknown>>>(
  id: string,
  parts: P,
  options: { rest?: boolean } = {},
): HostingScopedKey<P> | undefined {
  const names = Object.keys(parts);
  const segments = id.trim().split("/");
  if (options.rest && names.length > 0 && segments.length > names.length + 1) {
    segments.splice(names.length, segments.length, segments.slice(names.length).join("/"));
  }
  if (segments.length !== names.length + 1) return undefined;
  const hostingId = positiveIdPart(segments[0]!);
  if (hostingId === undefined) return undefined;
  const key: Record<string, unknown> = { hostingId };
  for (const [i, name] of names.entries()) {
    const text = segments[i + 1]!;
    const value = text === "" ? undefined : parts[name]!(text);
    if (value === undefined) return undefined;
    key[name] = value;
  }
  return key as HostingScopedKey<P>;
}

/**
 * The id of a per-domain object of a hosting account: `<hostingId>/<domain>` (a custom
 * certificate, the WAF rules of a domain, a redirection).
 */
export function hostingDomainId(v: { hostingId: number; domain: string }): string {
  return hostingScopedId(v.hostingId, v.domain);
}

/** What a `<hostingId>/<domain>` id names, the domain in canonical form, or undefined. */
export function parseHostingDomainId(id: string): { hostingId: number; domain: string } | undefined {
  return parseHostingScopedId(id, { domain: domainIdPart });
}

/**
 * The id of a setting a hosting account has once (its PHP version, its object storage): the
 * account's id, `<hostingId>`.
 */
export function hostingAccountId(v: { hostingId: number }): string {
  return hostingScopedId(v.hostingId);
}

/** What a `<hostingId>` id names, or undefined. */
export function parseHostingAccountId(id: string): { hostingId: number } | undefined {
  return parseHostingScopedId(id, {});
}

/**
 * The identity rules of a setting a hosting account has once, spread into its `defineResource`:
 * identity is the account, the id is `<hostingId>`, and another account has its own setting, so
 * nothing collides on replacement.
 */
export const hostingAccountIdentity = {
  identity: ["hostingId"],
  replaceOn: ["hostingId"],
  deleteBeforeReplace: false,
  id: { format: "<hostingId>, e.g. 101", build: hostingAccountId, parse: parseHostingAccountId },
} as const;

/**
 * The identity rules of a per-domain setting of a hosting account (a custom certificate, the WAF
 * rules of a domain), spread into its `defineResource`: identity is the account and the domain,
 * the id is `<hostingId>/<domain>`, and another domain has its own setting, so nothing collides
 * on replacement.
 */
export const hostingDomainIdentity = {
  identity: ["hostingId", "domain"],
  replaceOn: ["hostingId", "domain"],
  deleteBeforeReplace: false,
  id: { format: "<hostingId>/<domain>, e.g. 101/agency-demo.com", build: hostingDomainId, parse: parseHostingDomainId },
} as const;

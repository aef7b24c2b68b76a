/**
 * Names in a generated program: Pulumi resource names and config keys, derived from the natural
 * key of each object (zone, name and type of a record set; the login of an FTP account), so that
 * generating the same account twice gives the same names, and a name says what it is.
 *
 * Every name is a valid TypeScript identifier (letters, digits and `_`, starting with a letter),
 * so a user can turn any declaration into `const <name> = new ...` without renaming. Record types
 * keep their upper case (`dns_agency_demo_com_www_A`), as DNS tools write them.
 */

/**
 * One part of a name: lower-case letters and digits, every other run of characters one `_`.
 * The DNS apex `@` is `apex` and the wildcard label `*` is `wildcard`.
 */
export function namePart(text: string): string {
  if (text === "@") return "apex";
  const part = text
    .replace(/\*/g, "wildcard")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return part === "" ? "x" : part;
}

/**
 * A resource name from a prefix and the parts of a natural key. Parts given as `{ keep }` keep
 * their case (record types).
 */
export function resourceName(prefix: string, ...parts: (string | number | { keep: string })[]): string {
  const rendered = parts.map((p) => (typeof p === "object" ? p.keep.replace(/[^A-Za-z0-9]+/g, "_") : namePart(String(p))));
  return [prefix, ...rendered].join("_");
}

/**
 * A config key for a secret the generated program needs, in the project's namespace:
 * `<kind>_<natural key>`, e.g. `sslKey_client_shop_net`.
 */
export function secretConfigKey(kind: string, naturalKey: string): string {
  return `${kind}_${namePart(naturalKey)}`;
}

/**
 * Hands out names so that none repeats: the second `x` is `x_2`, the third `x_3`. Callers ask in
 * a sorted order, so the suffixes are stable from one generation to the next.
 */
export class UniqueNames {
  private readonly used = new Set<string>();

  take(name: string): string {
    let candidate = name;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${name}_${n}`;
    this.used.add(candidate);
    return candidate;
  }
}

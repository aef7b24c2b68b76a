/**
 * Where a secret shows in a value: the tests of resources that hold passwords assert that it is
 * under the secret output alone, never in the id, another output or a failure message.
 */

/**
 * Every property path of `value` whose text contains `needle`.
 *
 * @example
 * pathsHolding({ id: "101/ci", outs: { password: "s3cret" } }, "s3cret"); // ["outs.password"]
 */
export function pathsHolding(value: unknown, needle: string, path = ""): string[] {
  if (typeof value === "string") return value.includes(needle) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsHolding(v, needle, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => pathsHolding(v, needle, path ? `${path}.${k}` : k));
  }
  return [];
}

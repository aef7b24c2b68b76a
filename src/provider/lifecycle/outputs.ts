/**
 * Outputs as the engine can store them: plain JSON.
 *
 * The host turns outputs into a protobuf `Struct` with `Value.fromJavaScript`, which throws on
 * `undefined`, functions and BigInt (pulumi#2205, #7576), and a secret wrapper returned from a
 * provider fails with "Unexpected struct type" (pulumi#3012). Every output and every `inputs`
 * object the runtime hands back passes through {@link toPlainJson} first.
 */

/** The reserved property that holds the serialized provider; never part of a resource's data. */
export const PROVIDER_KEY = "__provider";

/**
 * A deep copy of `value` holding only JSON: object keys whose value is `undefined` are dropped,
 * `undefined` array items become `null`, dates become ISO strings, non-finite numbers `null`.
 * Functions, symbols and BigInts are errors naming the path, because they mean a bug.
 */
export function toPlainJson<T>(value: T, path = "outputs"): T {
  return convert(value, path) as T;
}

function convert(value: unknown, path: string): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value === undefined) return null;
  if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol") {
    throw new TypeError(`${path} is a ${typeof value}, which cannot be stored in Pulumi state`);
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v, i) => convert(v, `${path}[${i}]`));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    const json = (value as { toJSON?: () => unknown }).toJSON;
    if (typeof json === "function") return convert(json.call(value), path);
    throw new TypeError(
      `${path} is a ${(value as object).constructor?.name ?? "non-plain object"}, which cannot be stored in Pulumi state`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k] = convert(v, `${path}.${k}`);
  }
  return out;
}

/** A shallow copy without the `__provider` property the host adds to inputs and state. */
export function withoutProvider(props: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!props) return {};
  const { [PROVIDER_KEY]: _provider, ...rest } = props;
  return rest;
}

/**
 * Which values of a request are secrets, read from the endpoint table.
 *
 * The table marks each secret request field once, where it is declared (`secret(...)`, registry
 * `secretFields` in schemas.ts): passwords, the new password of a change, a custom certificate's
 * private key, an EPP code. The client asks this module for the values a request carries in such
 * fields and redacts them from every error it builds (client.ts, `fail`), because the API's error
 * text is free text that may repeat what it was sent (catalog §7.2: errors carry `error` and
 * `errors[]`; a weak password is refused with `errors` naming it), and those errors end up in
 * `pulumi up` output and CI logs.
 */
import type { z } from "zod";
import { secretFields } from "./schemas";

/** How a schema nested in another reaches its part of a value. */
type Step = { key: string } | { index: number } | "each" | "same";

/** A schema nested in another, and the step from the outer value to its part. */
interface Branch {
  schema: z.core.$ZodType;
  step: Step;
}

/** The fields of a zod definition this module reads (zod 4 `_zod.def`), all optional. */
interface DefView {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  items?: readonly z.core.$ZodType[];
  rest?: z.core.$ZodType | null;
  options?: readonly z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

/** Deep enough for any request of the table; it only stops a recursive (`z.lazy`) schema. */
const MAX_DEPTH = 12;

/**
 * Each line of a multi-line secret (a PEM private key) this long or longer is redacted on its
 * own too: an API may quote one line of it rather than the whole. A shorter line (an empty one,
 * the tail of the base64) holds too little of the secret to be worth hiding, and hiding it would
 * mangle unrelated text.
 */
const MIN_LINE_LENGTH = 16;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function isSecret(schema: z.core.$ZodType): boolean {
  return secretFields.get(schema)?.secret === true;
}

/** The schemas nested in `schema`: object fields, list elements, and the inner schema of wrappers, unions and pipes. */
function branchesOf(schema: z.core.$ZodType): Branch[] {
  const def = schema._zod.def as DefView;
  const of = (inner: z.core.$ZodType | null | undefined, step: Step): Branch[] => (inner ? [{ schema: inner, step }] : []);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).map(([key, inner]) => ({ schema: inner, step: { key } }));
    case "array":
      return of(def.element, "each");
    case "record":
      return of(def.valueType, "each");
    case "tuple":
      return [...(def.items ?? []).map((inner, index) => ({ schema: inner, step: { index } })), ...of(def.rest, "each")];
    case "union":
      return (def.options ?? []).map((inner) => ({ schema: inner, step: "same" as const }));
    case "intersection":
      return [...of(def.left, "same"), ...of(def.right, "same")];
    case "pipe":
      return [...of(def.in, "same"), ...of(def.out, "same")];
    case "lazy":
      return of(def.getter?.(), "same");
    default:
      // optional, nullable, default, prefault, nonoptional, readonly, catch: one inner schema.
      return of(def.innerType, "same");
  }
}

/** The parts of `value` that `step` leads to (none when the value has another shape). */
function partsAt(value: unknown, step: Step): unknown[] {
  if (step === "same") return [value];
  if (step === "each") return Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  if ("key" in step) return isRecord(value) && step.key in value ? [value[step.key]] : [];
  return Array.isArray(value) && step.index < value.length ? [value[step.index]] : [];
}

/** Every string and number inside `value`, as text. */
function leaves(value: unknown, out: Set<string>): void {
  if (typeof value === "string") out.add(value);
  else if (typeof value === "number" || typeof value === "bigint") out.add(String(value));
  else if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (isRecord(value)) Object.values(value).forEach((v) => leaves(v, out));
}

function collect(schema: z.core.$ZodType, value: unknown, out: Set<string>, depth: number): void {
  if (value === undefined || value === null || depth > MAX_DEPTH) return;
  if (isSecret(schema)) {
    leaves(value, out);
    return;
  }
  for (const branch of branchesOf(schema)) {
    for (const part of partsAt(value, branch.step)) collect(branch.schema, part, out, depth + 1);
  }
}

/**
 * The values that `value`, read through `schema` (an operation's request schema), holds in
 * fields the table marks secret: each string or number inside such a field, however deep the
 * field sits in objects and lists. A value of another shape than the schema's yields what can be
 * found, never an error: the client asks before it validates.
 *
 * @example
 * secretValues(endpoints["v4.ftp.createAccount"].request, { id: 101, domain: "example.com", ftpUser: "ci", path: "/", password: "Ci-Pass-2026" });
 * // ["Ci-Pass-2026"]
 */
export function secretValues(schema: z.core.$ZodType, value: unknown): string[] {
  const out = new Set<string>();
  collect(schema, value, out, 0);
  return [...out];
}

function paths(schema: z.core.$ZodType, prefix: string, out: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (isSecret(schema)) {
    out.add(prefix);
    return;
  }
  for (const { schema: inner, step } of branchesOf(schema)) {
    const at =
      step === "same"
        ? prefix
        : step === "each"
          ? `${prefix}[]`
          : "key" in step
            ? prefix
              ? `${prefix}.${step.key}`
              : step.key
            : `${prefix}[${step.index}]`;
    paths(inner, at, out, depth + 1);
  }
}

/**
 * The fields of a request schema that the table marks secret, as paths (`password`,
 * `contacts[].password` for a field inside a list's elements). Empty when it has none.
 *
 * @example
 * secretFieldPaths(endpoints["v4.ssl.installCustom"].request); // ["privateKey"]
 * secretFieldPaths(endpoints["v4.dns.getZone"].request); // []
 */
export function secretFieldPaths(schema: z.core.$ZodType): string[] {
  const out = new Set<string>();
  paths(schema, "", out, 0);
  return [...out];
}

/**
 * The forms in which a secret may come back in an error's text: as sent; escaped as in a JSON
 * string (an API quoting the raw request body); escaped as PHP's `json_encode` does by default
 * (`\/` and `\uXXXX`), for a server that quotes a body it encoded again (PlanetHoster's own
 * clients are PHP and encode with `json_encode`, catalog sources S2; the server's language is
 * not documented, so this is inferred); URL-encoded as a query string and as a form (a route
 * moved to the query, or a form body as S4-PR83 sends, quoted back); and, for a multi-line
 * secret (a PEM private key), each of its long lines on its own.
 *
 * @example
 * secretForms('pa"ss/wörd d');
 * // ['pa"ss/wörd d', 'pa\\"ss/wörd d', 'pa\\"ss\\/w\\u00f6rd d', "pa%22ss%2Fw%C3%B6rd%20d", "pa%22ss%2Fw%C3%B6rd+d"]
 */
export function secretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const php = json.replace(/\//g, "\\/").replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const lines = secret.includes("\n")
    ? secret
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length >= MIN_LINE_LENGTH)
    : [];
  return [...new Set([secret, json, php, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), ...lines])];
}

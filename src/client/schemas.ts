/**
 * Schema building blocks shared by every area of the endpoint table.
 *
 * Loose on what we read, strict on what we send:
 * - response helpers (`num`, `int`, `bool`, `str`, `obj`, `list`) coerce where the meaning is
 *   unambiguous, because real responses carry numbers and booleans as strings (catalog §7.7 #6),
 *   and never fail on unknown fields (`z.looseObject`);
 * - request schemas are plain `z.strictObject`s so a typo in a parameter name fails before any
 *   call, and the simulator rejects it with a 400 just as strictly.
 */
import { z } from "zod";

const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/;

function toNumber(v: unknown): unknown {
  return typeof v === "string" && NUMERIC.test(v) ? Number(v) : v;
}

function toBoolean(v: unknown): unknown {
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (s === "true" || s === "1" || s === "yes" || s === "on") return true;
    if (s === "false" || s === "0" || s === "no" || s === "off" || s === "") return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}

function toStringValue(v: unknown): unknown {
  return typeof v === "number" || typeof v === "boolean" ? String(v) : v;
}

/** A number that may arrive as a numeric string (`"12.50"` reads as 12.5). */
export const num = () => z.preprocess(toNumber, z.number());
/** An integer that may arrive as a numeric string. */
export const int = () => z.preprocess(toNumber, z.number().int());
/** A boolean that may arrive as `"true"`, `"1"`, `1`, `"false"`, `"0"`, `0` or `""`. */
export const bool = () => z.preprocess(toBoolean, z.boolean());
/** A string that may arrive as a number or boolean (`12` reads as `"12"`). */
export const str = () => z.preprocess(toStringValue, z.string());
/**
 * An object keyed by data (a directory path, a database name, an option name) whose values all
 * share one schema. PHP encodes an empty object as `[]`, which reads as `{}`.
 */
export const dict = <T extends z.ZodType>(value: T) =>
  z.preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), z.record(z.string(), value));

/**
 * A list the reply must carry. Missing or `null` fails the parse (`bad-response`), never reads as
 * `[]`: an empty listing is evidence that objects are gone, and refresh drops from state what a
 * listing lacks, so only a reply that really holds the list may say so (docs/resources.md). PHP's
 * `{}` for an empty array is not accepted either: no reply of the API is known to send it for a
 * list (inferred), and guessing would turn an object reply into "nothing".
 */
export const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: (i) => (i.input == null ? "the list is missing" : "expected a list") });

/**
 * A list inside an entry that the API may leave out or send as `null` (an SSH key's `fromIps`,
 * a domain's `statuses`): read as absent. Never use it for the listing a read decides "gone" by.
 */
export const optionalList = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === null ? undefined : v), z.array(item).optional());

/**
 * Fields a reply may leave out, each read as optional: most of what the API answers is not
 * guaranteed (catalog §7.7 #6), so a reply's shape says once which of its fields are optional
 * instead of on every field. The order of the fields is kept.
 *
 * @example
 * obj(optionalFields({ message: str(), order_total: num() })).parse({}); // {}
 */
export function optionalFields<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, field.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

/**
 * A response object that keeps unknown fields and accepts known spelling variants of a field
 * under its documented name.
 */
export function obj<S extends z.ZodRawShape>(shape: S): z.ZodObject<S, z.core.$loose>;
export function obj<S extends z.ZodRawShape>(
  shape: S,
  aliases: Record<string, readonly string[]>,
): z.ZodPreprocess<z.ZodObject<S, z.core.$loose>>;
export function obj<S extends z.ZodRawShape>(shape: S, aliases?: Record<string, readonly string[]>): z.ZodType {
  const schema = z.looseObject(shape);
  if (!aliases) return schema;
  return z.preprocess((v) => renameAliases(v, aliases), schema);
}

/** Copies the first present variant of each field to its documented name. */
function renameAliases(v: unknown, aliases: Record<string, readonly string[]>): unknown {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [name, variants] of Object.entries(aliases)) {
    if (out[name] !== undefined) continue;
    for (const variant of variants) {
      if (out[variant] !== undefined) {
        out[name] = out[variant];
        break;
      }
    }
  }
  return out;
}

/** The `errors` array of the envelope: strings, objects and nested arrays mixed (catalog §7.2). */
export const apiErrors = z.array(z.unknown());

/** Fields every hosting response carries beside its own (the envelope). */
export const envelopeShape = {
  success: bool().optional(),
  errors: apiErrors.optional(),
  reseller_id: str().optional(),
  message: str().optional(),
};

/** A hosting response: the envelope plus the operation's fields. */
export function envelope<S extends z.ZodRawShape>(shape: S): z.ZodObject<typeof envelopeShape & S, z.core.$loose>;
export function envelope<S extends z.ZodRawShape>(
  shape: S,
  aliases: Record<string, readonly string[]>,
): z.ZodPreprocess<z.ZodObject<typeof envelopeShape & S, z.core.$loose>>;
export function envelope<S extends z.ZodRawShape>(shape: S, aliases?: Record<string, readonly string[]>): z.ZodType {
  const full = { ...envelopeShape, ...shape };
  return aliases ? obj(full, aliases) : obj(full);
}

/** A response with only `message` (and whatever else the server adds). */
export const messageResponse = obj({ message: str().optional() });

/** The error object the API answers with on 4xx/5xx, and sometimes on a 2xx (catalog §7.2). */
export const apiErrorBody = obj({
  error: str().optional(),
  error_code: num().optional(),
  errors: apiErrors.optional(),
  success: z.unknown().optional(),
  message: str().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorBody>;

// ---- request building blocks (strict) ----

/** What {@link secretFields} records of a request field. */
export interface SecretFieldMeta {
  secret: true;
}

/**
 * The request fields whose values are secrets (passwords, private keys, EPP codes), as zod
 * metadata in a registry of its own: the table marks them once where the field is declared, and
 * the client redacts every value sent in such a field from the errors it builds
 * (src/client/secrets.ts), because the API's error text may repeat what it was sent (catalog
 * §7.2: errors carry `error` and `errors[]`, both free text). A registry of its own, rather than
 * `.meta()`, keeps the mark out of the JSON Schema of the request (the pinned wire contract,
 * test/client/endpoint-keys.test.ts): it changes nothing that is sent.
 *
 * @example
 * secretFields.get(secret(z.string().min(1)))?.secret; // true
 */
export const secretFields = z.registry<SecretFieldMeta>();

/**
 * Marks a request field as secret and returns it. Mark the field's last refinement: zod keeps the
 * mark through wrappers (`.optional()`) and refinements made after it.
 *
 * @example
 * const request = z.strictObject({ user: z.string(), password: secret(z.string().min(1)) });
 */
export function secret<T extends z.ZodType>(schema: T): T {
  secretFields.add(schema, { secret: true });
  return schema;
}

/** A hosting account id, as every v4 and v2 hosting operation takes it. */
export const hostingId = z.number().int().positive();
/** v4 and v2 hosting address: `id` only. */
export const hostingV4 = { id: hostingId };
/** v3 hosting address: `id` and the hosting `username` (legacy document, difference 2). */
export const hostingV3 = { id: hostingId, username: z.string().min(1) };
/** A second-level domain and a TLD without its leading period. */
export const sldTld = { sld: z.string().min(1), tld: z.string().min(1) };
/** A fully qualified domain name. */
export const domainName = z.string().min(1);
/** Request schema of operations that take no parameters. */
export const noParams = z.strictObject({});

/** Privileges a database user can be granted (v4 document, Databases). */
export const DB_PRIVILEGES = [
  "ALL PRIVILEGES",
  "ALTER",
  "ALTER ROUTINE",
  "CREATE",
  "CREATE ROUTINE",
  "CREATE TEMPORARY TABLES",
  "CREATE VIEW",
  "DELETE",
  "DROP",
  "EVENT",
  "EXECUTE",
  "INDEX",
  "INSERT",
  "LOCK TABLES",
  "REFERENCES",
  "SELECT",
  "SHOW VIEW",
  "TRIGGER",
  "UPDATE",
] as const;
export type DbPrivilege = (typeof DB_PRIVILEGES)[number];
export const dbPrivilege = z.enum(DB_PRIVILEGES);
export const databaseType = z.enum(["MYSQL", "POSTGRES"]);
/** A database server type as the API names it. */
// Equal to `z.output<typeof databaseType>`, as a plain type (docs/decisions/0041).
export type { DatabaseType } from "../public-types.generated";

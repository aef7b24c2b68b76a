/**
 * One error family for everything the client reports, with a stable `code`.
 *
 * Callers branch on `err.code`, never on `instanceof` alone: the provider runs from a
 * deserialized copy of this package, where class identity is not guaranteed (R3).
 * Credentials, and every value a request carries in a field the endpoint table marks secret
 * (src/client/secrets.ts), never appear in a message, a field or a stack: every text that may
 * echo a request passes through `redact` before the error is built.
 */

export type ErrorCode =
  | "authentication"
  | "ip-not-allowed"
  | "not-found"
  | "route-not-found"
  | "validation"
  | "conflict"
  | "rate-limited"
  | "server"
  | "transport"
  | "timeout"
  | "outcome-unknown"
  | "bad-response"
  | "redirect"
  | "unexpected-status";

export const ERROR_CODES: readonly ErrorCode[] = [
  "authentication",
  "ip-not-allowed",
  "not-found",
  "route-not-found",
  "validation",
  "conflict",
  "rate-limited",
  "server",
  "transport",
  "timeout",
  "outcome-unknown",
  "bad-response",
  "redirect",
  "unexpected-status",
];

export interface ResellerApiErrorFields {
  code: ErrorCode;
  message: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Endpoint key, e.g. `v4.domains.register`. */
  endpoint?: string;
  method?: string;
  path?: string;
  /** The API's `error` text. */
  apiError?: string;
  /** The API's `error_code`. */
  apiErrorCode?: number;
  /** The API's `errors` array, as received (strings, objects and nested arrays). */
  errors?: unknown[];
  /** Milliseconds the server asked us to wait (`Retry-After`). */
  retryAfterMs?: number;
  /** Schema or validation issues, as `path: message` lines. */
  issues?: string[];
  /** The underlying failure (name, code and message only). */
  cause?: { name: string; code?: string; message: string };
}

/**
 * An API or transport failure.
 *
 * @example
 * try {
 *   await client.request("domains.getInfo", { sld: "example", tld: "com" });
 * } catch (err) {
 *   if (isResellerApiError(err, "not-found")) console.log("no such domain");
 *   else throw err;
 * }
 */
export class ResellerApiError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;
  readonly endpoint?: string;
  readonly method?: string;
  readonly path?: string;
  readonly apiError?: string;
  readonly apiErrorCode?: number;
  readonly errors: unknown[];
  readonly retryAfterMs?: number;
  readonly issues: string[];
  override readonly cause?: { name: string; code?: string; message: string };

  constructor(fields: ResellerApiErrorFields) {
    super(fields.message);
    this.name = "ResellerApiError";
    this.code = fields.code;
    this.status = fields.status;
    this.endpoint = fields.endpoint;
    this.method = fields.method;
    this.path = fields.path;
    this.apiError = fields.apiError;
    this.apiErrorCode = fields.apiErrorCode;
    this.errors = fields.errors ?? [];
    this.retryAfterMs = fields.retryAfterMs;
    this.issues = fields.issues ?? [];
    this.cause = fields.cause;
  }
}

/** True when `err` belongs to the family (optionally with the given code), across package copies. */
export function isResellerApiError(err: unknown, code?: ErrorCode): err is ResellerApiError {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { name?: unknown; code?: unknown };
  if (e.name !== "ResellerApiError" || typeof e.code !== "string") return false;
  return code === undefined || e.code === code;
}

/**
 * Secrets shorter than this are left in place. A one- or two-character value cannot be redacted
 * without mangling the text around it: replacing every "a" or "12" in a message would garble
 * words, numbers and the API's own error codes, and hide the message that says what went wrong.
 * A secret that short protects nothing even when hidden, and a password that short does not get
 * far: the API refuses weak ones (`isStrongPassword` in `errors`, catalog §7.2).
 */
const MIN_REDACTED_LENGTH = 3;

/**
 * Replaces every occurrence of each secret in `text` with `[REDACTED]`. Longer secrets go first,
 * so a secret that contains another (a password that extends the API user's name) is hidden
 * whole, not left with its tail showing.
 *
 * @example
 * redact("Invalid password Ci-Pass-2026 for ci", ["Ci-Pass-2026"]); // "Invalid password [REDACTED] for ci"
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  const longestFirst = [...new Set(secrets)].filter((s) => s && s.length >= MIN_REDACTED_LENGTH).sort((a, b) => b.length - a.length);
  for (const s of longestFirst) out = out.split(s).join("[REDACTED]");
  return out;
}

/**
 * Redacts strings anywhere inside a JSON-like value.
 *
 * @example
 * redactDeep({ errors: [{ message: "bad Ci-Pass-2026" }] }, ["Ci-Pass-2026"]); // { errors: [{ message: "bad [REDACTED]" }] }
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === "string") return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, secrets);
    return out as T;
  }
  return value;
}

/**
 * Flattens the API's `errors` array into readable lines. It mixes strings, objects with a
 * `message`, and nested arrays (catalog §7.2: `"isStrongPassword"` and
 * `[{ "message": "isStrongPassword" }]` were both seen).
 */
export function flattenApiErrors(errors: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (v == null || v === "") return;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.message === "string") out.push(o.field ? `${String(o.field)}: ${o.message}` : o.message);
      else out.push(JSON.stringify(o));
    }
  };
  walk(errors);
  return out;
}

/**
 * Client-error statuses that mean "this request, as made, was refused": the documented error
 * shape is 4XX with `error` (catalog §7.2), and these are the 4XX statuses whose standard meaning
 * is exactly that. 402 is there because a refused order (credit too low) is such a refusal; the
 * API documents no status for it and the simulator answers 402 (`handlers/account.ts`). Any
 * other 4XX (405, 418, ...) is no answer this API is known to give, so it is reported as
 * `unexpected-status` rather than guessed at.
 */
const VALIDATION_STATUSES = new Set([400, 402, 413, 414, 415, 422]);

/**
 * Chooses the code for an API-reported failure from the HTTP status and the error text.
 *
 * The API documents neither its statuses for authentication, allow-list and validation failures
 * nor its error codes (v4 document, Errors 3), so the text decides where the status does not:
 * "has not whitelisted" is the allow-list message real clients quote (catalog §7.2). A 3XX that
 * reaches this function carries no `Location` (a redirect is recognised before), so it is
 * unexpected too.
 *
 * @example
 * classifyApiFailure(422, "Invalid field"); // "validation"
 * classifyApiFailure(418, "I'm a teapot"); // "unexpected-status"
 * classifyApiFailure(200, "Domain not found"); // "not-found"
 */
export function classifyApiFailure(status: number, text: string): ErrorCode {
  if (/whitelist/i.test(text)) return "ip-not-allowed";
  if (status === 401 || status === 403) return "authentication";
  if (status === 404 || status === 410) return "not-found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate-limited";
  if (status === 408) return "timeout";
  if (status >= 500) return "server";
  if (VALIDATION_STATUSES.has(status)) return "validation";
  if (status >= 300 || status < 200) return "unexpected-status";
  // A 2xx that reports a failure: the status says nothing, the text is all we have.
  if (/not found|does not exist|doesn't exist|no such|introuvable/i.test(text)) return "not-found";
  if (/already exists?|duplicate/i.test(text)) return "conflict";
  if (/credential|api[ _-]?key|unauthori[sz]ed|reseller_not_found|authentication/i.test(text)) return "authentication";
  return "validation";
}

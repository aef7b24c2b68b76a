/**
 * Faults on demand: for one operation or any, for the next N calls or until cleared, always or
 * with a probability. The random draws come from a seeded generator so a run can be repeated.
 */

export type FaultKind =
  /** 429 with `Retry-After`. */
  | "rate-limit"
  /** An error status (500, 502, 503, 504) with the API's error object. */
  | "status"
  /** Added latency before the request is handled (the request then proceeds). */
  | "latency"
  /** The connection is closed without a response; nothing is applied. */
  | "drop"
  /** The change is applied, then a body cut short is sent (invalid JSON). */
  | "truncate"
  /** The change is applied, then the connection is closed without a response. */
  | "lost-response"
  /**
   * The connection is closed at once without a response, and the change is applied `latencyMs`
   * later: an API that queues the work, so a read right after the failure does not see it yet.
   */
  | "delayed-apply"
  /**
   * The change is applied, then a 2xx that says nothing: `reply` picks which (an empty body, a
   * 204, `{success: true}` alone, or the reply with each of its lists set to `null`).
   */
  | "hollow"
  /**
   * Nothing is applied; the API's error object quotes the whole request back: `error` is
   * `Invalid request: <the raw request body>` (and the query string, when there is one), `errors`
   * holds each parameter's value. Status `status`, default 400. For proving that what a request
   * carries in its secret fields never reaches an error (test/client/secret-echo.test.ts).
   */
  | "echo"
  /**
   * The change is applied, then a 2xx whose body is `bytes` long (default 16 MiB, twice the
   * client's default cap): the reply, padded with trailing spaces (still valid JSON), under a
   * `content-length` that declares the whole size.
   */
  | "oversize";

/** The replies of a `hollow` fault. */
export type HollowReply = "empty" | "no-content" | "bare-success" | "null-lists";
export const HOLLOW_REPLIES: readonly HollowReply[] = ["empty", "no-content", "bare-success", "null-lists"];

export interface FaultSpec {
  /** Operation id (`domains.register`, every version) or full key (`v4.domains.register`); omitted: any. */
  operation?: string;
  kind: FaultKind;
  /** For `status`: the status to answer. Default 503. For `echo`: default 400. */
  status?: number;
  /** For `rate-limit`: the `Retry-After` value (seconds or an HTTP date). Default "1". */
  retryAfter?: string | number;
  /** For `hollow`: the reply sent. Default `empty`. */
  reply?: HollowReply;
  /** For `oversize`: the size of the body, in bytes. Default {@link OVERSIZE_BYTES}. */
  bytes?: number;
  /** For `latency`: milliseconds to wait; for `delayed-apply`: until the change is applied. Default 1000. */
  latencyMs?: number;
  /** Matching calls to let through before the fault applies (a follow-up read after a create's own read). Default 0. */
  skip?: number;
  /** How many matching calls the fault applies to. Default 1; `Infinity` until cleared. */
  times?: number;
  /** Chance that a matching call is affected, 0 to 1. Default 1. */
  probability?: number;
}

export interface ActiveFault extends Required<Pick<FaultSpec, "kind">> {
  id: number;
  spec: FaultSpec;
  remaining: number;
  /** Matching calls still to let through. */
  skipping: number;
}

export interface Faults {
  /** Adds a fault; returns its id. */
  add(spec: FaultSpec): number;
  /** Removes one fault, or all when no id is given. */
  clear(id?: number): void;
  list(): ActiveFault[];
  /** The fault that applies to this call, consuming one use of it (core use). */
  take(key: string, id: string): ActiveFault | undefined;
}

/** mulberry32: small, fast and good enough for repeatable fault draws. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The body size of an `oversize` fault unless told: 16 MiB, twice the client's default cap
 * (`DEFAULT_MAX_RESPONSE_BYTES`, src/client/transport.ts), so the reply passes it as it stands.
 *
 * @example
 * sim.faults.add({ operation: "ftp.createAccount", kind: "oversize", bytes: OVERSIZE_BYTES });
 */
export const OVERSIZE_BYTES = 16 * 1024 * 1024;

const KINDS: readonly FaultKind[] = [
  "rate-limit",
  "status",
  "latency",
  "drop",
  "truncate",
  "lost-response",
  "delayed-apply",
  "hollow",
  "echo",
  "oversize",
];

/** Validates a fault spec received from the admin interface. */
export function parseFaultSpec(value: unknown): FaultSpec {
  if (!value || typeof value !== "object") throw new Error("A fault is an object with at least `kind`");
  const v = value as Record<string, unknown>;
  if (!KINDS.includes(v.kind as FaultKind)) throw new Error(`Unknown fault kind ${JSON.stringify(v.kind)} (one of ${KINDS.join(", ")})`);
  const num = (k: string) => {
    if (v[k] === undefined || v[k] === null) return undefined;
    const n = Number(v[k]);
    if (!Number.isFinite(n) && !(k === "times" && n === Infinity)) throw new Error(`Fault field ${k} must be a number`);
    return n;
  };
  if (v.reply !== undefined && !HOLLOW_REPLIES.includes(v.reply as HollowReply)) {
    throw new Error(`Unknown hollow reply ${JSON.stringify(v.reply)} (one of ${HOLLOW_REPLIES.join(", ")})`);
  }
  return {
    operation: typeof v.operation === "string" ? v.operation : undefined,
    reply: v.reply as HollowReply | undefined,
    kind: v.kind as FaultKind,
    status: num("status"),
    retryAfter: typeof v.retryAfter === "string" || typeof v.retryAfter === "number" ? v.retryAfter : undefined,
    latencyMs: num("latencyMs"),
    bytes: num("bytes"),
    skip: num("skip"),
    times: v.times === "Infinity" ? Infinity : num("times"),
    probability: num("probability"),
  };
}

export function createFaults(random: () => number): Faults {
  let next = 1;
  let active: ActiveFault[] = [];
  return {
    add(spec) {
      const f: ActiveFault = { id: next++, kind: spec.kind, spec, remaining: spec.times ?? 1, skipping: spec.skip ?? 0 };
      active.push(f);
      return f.id;
    },
    clear(id) {
      active = id === undefined ? [] : active.filter((f) => f.id !== id);
    },
    list: () => active.map((f) => ({ ...f })),
    take(key, id) {
      for (const f of active) {
        const op = f.spec.operation;
        if (op !== undefined && op !== key && op !== id) continue;
        if (f.spec.probability !== undefined && random() >= f.spec.probability) continue;
        if (f.skipping > 0) {
          f.skipping -= 1;
          continue;
        }
        f.remaining -= 1;
        if (f.remaining <= 0) active = active.filter((x) => x !== f);
        return f;
      }
      return undefined;
    },
  };
}

/**
 * Retry policy: a pure decision from what happened to an attempt, the operation's safety and the
 * time spent so far. The single loop that applies it lives in `client.ts`.
 *
 * Rules (docs/decisions/0002, catalog §7.2-7.3):
 * - 429 is retried for every operation (the server refused before acting), after the whole
 *   `Retry-After` (seconds or an HTTP date) when it fits in the time budget; a `Retry-After` that
 *   asks for no wait (0, or a date already past) backs off like a 429 without one, so a server
 *   whose clock is behind cannot turn every caller into an immediate retry storm;
 * - 502, 503 and 504 and network failures are retried, with exponential backoff and full
 *   jitter, only for operations that are safe to repeat (`read`, `idempotent`);
 * - an `unsafe` operation (register, renew, add key, ...) is retried only when the request
 *   certainly never reached the server (the connection was refused or never established); when it
 *   may have been applied (lost response, 502/504, timeout) the caller gets `outcome-unknown` and
 *   reconciles by reading. A domain must never be registered or renewed twice.
 */
import type { Safety } from "./endpoint";

export interface RetryOptions {
  /** Attempts in all, the first included. Default 4. */
  maxAttempts?: number;
  /** Give up once this much time has passed since the first attempt. Default 60 000 ms. */
  maxElapsedMs?: number;
  /** First backoff step. Default 500 ms. */
  baseDelayMs?: number;
  /**
   * Largest backoff step. Default 10 000 ms. A `Retry-After` is honoured whole, up to the time
   * budget: waiting less than the server asked would only earn another 429.
   */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  maxElapsedMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
};

/** What happened to one attempt. */
export type AttemptOutcome =
  | { kind: "status"; status: number; retryAfter?: string }
  /** `sent: false` when the connection was never established, so the server saw nothing. */
  | { kind: "network"; sent: boolean }
  | { kind: "timeout" };

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; outcomeUnknown: boolean };

/** Network error codes that mean the request never left this machine. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CONNECT",
]);

/** Whether a transport error code means the request was certainly not sent. */
export function wasNeverSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code);
}

/** Milliseconds asked for by a `Retry-After` header (seconds or HTTP date), if parseable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: a random delay up to `base * 2^(attempt-1)`, capped. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling * random());
}

/**
 * How long to hold off after a 429: the server's `Retry-After` when it asks for a wait, otherwise
 * exponential backoff with "equal" jitter (half the step fixed, half random). Full jitter, used
 * for 5xx, can draw a delay near zero; after a 429 every caller sharing the account's quota got
 * the same answer, and a zero delay would spend the quota again at once.
 *
 * @example
 * rateLimitDelay(DEFAULT_RETRY, 1, "7"); // 7000
 * rateLimitDelay(DEFAULT_RETRY, 1, "0"); // 250..500
 */
export function rateLimitDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | undefined,
  random: () => number = Math.random,
  now = Date.now(),
): number {
  const asked = parseRetryAfter(retryAfter, now);
  if (asked !== undefined && asked > 0) return asked;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Decides whether to try again after attempt number `attempt` (1-based).
 *
 * @example
 * decideRetry(DEFAULT_RETRY, "read", 1, 0, { kind: "status", status: 503 });
 * // { retry: true, delayMs: <0..500> }
 * decideRetry(DEFAULT_RETRY, "unsafe", 1, 0, { kind: "network", sent: true });
 * // { retry: false, outcomeUnknown: true }
 */
export function decideRetry(
  policy: RetryPolicy,
  safety: Safety,
  attempt: number,
  elapsedMs: number,
  outcome: AttemptOutcome,
  random: () => number = Math.random,
): RetryDecision {
  const repeatable = safety !== "unsafe";
  let wanted: number | undefined;
  let outcomeUnknown = false;

  if (outcome.kind === "status") {
    if (outcome.status === 429) {
      wanted = rateLimitDelay(policy, attempt, outcome.retryAfter, random);
    } else if (outcome.status === 502 || outcome.status === 503 || outcome.status === 504) {
      if (repeatable) wanted = backoffDelay(policy, attempt, random);
      // A gateway error may hide a backend that acted; 503 is the server saying it did not.
      else outcomeUnknown = outcome.status !== 503;
    }
  } else if (outcome.kind === "network") {
    if (!outcome.sent || repeatable) wanted = backoffDelay(policy, attempt, random);
    else outcomeUnknown = true;
  } else {
    if (repeatable) wanted = backoffDelay(policy, attempt, random);
    else outcomeUnknown = true;
  }

  if (wanted === undefined) return { retry: false, outcomeUnknown };
  if (attempt >= policy.maxAttempts || elapsedMs + wanted > policy.maxElapsedMs) {
    // Out of budget. An unsafe operation only gets this far when the server certainly did not act
    // (429, or never connected), so the outcome is known: it failed.
    return { retry: false, outcomeUnknown: false };
  }
  return { retry: true, delayMs: wanted };
}

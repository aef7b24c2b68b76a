/**
 * An optional rate limit on the simulator's API: at most `requests` per API user in any sliding
 * `windowMs`, answered with 429 and `Retry-After` in whole seconds.
 *
 * The real API documents no limit; its own log script retries 429 with `Retry-After` (catalog
 * §7.3, `inferred`), which is the behaviour modelled here, so that a benchmark can measure how the
 * client's adaptive limiter copes with a limit it does not know. Refused requests do not count
 * against the window.
 */

export interface RateLimitSpec {
  /** Requests allowed per window, per API user. */
  requests: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Whole seconds until a request would be allowed (only when refused). */
  retryAfterSeconds?: number;
}

export interface RateLimiter {
  /** The limit in force, or undefined when requests are not limited. */
  readonly spec: RateLimitSpec | undefined;
  /** Changes the limit (undefined: no limit) and forgets what was counted. */
  set(spec: RateLimitSpec | undefined): void;
  /** Counts one request of `user` at `now` when it is allowed. */
  check(user: string, now: number): RateLimitVerdict;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, sec: 1000, m: 60_000, min: 60_000 };

/**
 * Reads a limit: `"600/60s"`, `"10/s"`, `"100/500ms"`, `"1000/min"`, an object
 * `{ requests, windowMs }`, or `null`, `""` or `"off"` for none.
 *
 * @example
 * parseRateLimit("600/60s"); // { requests: 600, windowMs: 60000 }
 * parseRateLimit({ requests: 10, windowMs: 1000 }); // { requests: 10, windowMs: 1000 }
 */
export function parseRateLimit(value: unknown): RateLimitSpec | undefined {
  if (value === undefined || value === null || value === "" || value === "off") return undefined;
  let requests: number;
  let windowMs: number;
  if (typeof value === "string") {
    const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)?\s*(ms|s|sec|m|min)\s*$/.exec(value);
    if (!m)
      throw new Error(`A rate limit looks like 600/60s (requests per window; units ms, s, m), got ${JSON.stringify(value.slice(0, 60))}`);
    requests = Number(m[1]);
    windowMs = (m[2] === undefined ? 1 : Number(m[2])) * UNITS[m[3]!]!;
  } else if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    requests = Number(v.requests);
    windowMs = Number(v.windowMs);
  } else {
    throw new Error("A rate limit is a string such as 600/60s or an object { requests, windowMs }");
  }
  if (!Number.isSafeInteger(requests) || requests < 1) throw new Error("A rate limit allows at least 1 request per window");
  if (!Number.isFinite(windowMs) || windowMs < 1) throw new Error("A rate limit's window is at least 1 ms");
  return { requests, windowMs: Math.round(windowMs) };
}

/**
 * @example
 * const limit = createRateLimiter({ requests: 2, windowMs: 1000 });
 * limit.check("user", 0); limit.check("user", 10); // allowed, allowed
 * limit.check("user", 20); // { allowed: false, retryAfterSeconds: 1 }
 */
export function createRateLimiter(initial: RateLimitSpec | undefined): RateLimiter {
  let spec = initial;
  const admitted = new Map<string, number[]>();
  return {
    get spec() {
      return spec;
    },
    set(next) {
      spec = next;
      admitted.clear();
    },
    check(user, now) {
      if (!spec) return { allowed: true };
      let times = admitted.get(user);
      if (!times) admitted.set(user, (times = []));
      let drop = 0;
      while (drop < times.length && now - times[drop]! >= spec.windowMs) drop++;
      if (drop > 0) times.splice(0, drop);
      if (times.length >= spec.requests) {
        const waitMs = times[0]! + spec.windowMs - now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      times.push(now);
      return { allowed: true };
    },
  };
}

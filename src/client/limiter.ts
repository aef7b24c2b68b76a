/**
 * An adaptive limiter on requests in flight and requests per minute.
 *
 * The provider shares one limiter per account across every client it creates in a process,
 * because all dynamic resources of a stack run in one provider process and the API's quota is per
 * account. The API documents no limit (catalog §7.3: PlanetHoster's own log script
 * keeps to 9 requests a minute, the only evidence there is), so the limit is learned rather than
 * guessed (docs/decisions/0015-adaptive-rate-limit.md):
 *
 * - the rate starts at `initialPerMinute` and is a token bucket: tokens drip at the current rate,
 *   and the bucket holds ten seconds' worth, so a small stack's reads start at once while a steady
 *   stream is spread out;
 * - while the API answers (below 500, not 429) and requests are waiting on the rate, the rate doubles
 *   (until the first 429), then grows by a tenth at a time;
 * - a 429 lowers the rate to 70 % (never below `minPerMinute`) once per pause, and its
 *   `Retry-After` pauses every request of the limiter, since the quota is the account's and every
 *   caller would get the same answer;
 * - `perMinute` is a ceiling no adaptation passes: at most that many requests start in any
 *   sliding 60 seconds;
 * - at most `concurrency` requests are in flight at once.
 *
 * Hand-written: the maintained queue libraries with interval caps are ESM-only, and the CommonJS
 * rate limiters either are unmaintained or cannot change their rate or pause for requests that
 * are already waiting (the decision records the check).
 */

export interface LimiterOptions {
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** The ceiling: requests started in any sliding 60 seconds, never exceeded. Default 1200. */
  perMinute?: number;
  /** The rate to start at, per minute. Default 120 (the ceiling when that is lower). */
  initialPerMinute?: number;
  /** The lowest rate 429s can bring the limiter to, per minute. Default 10 (the ceiling when lower). */
  minPerMinute?: number;
}

export interface ScheduleOptions {
  /**
   * Epoch milliseconds after which the caller would rather fail than start: when a 429 pauses the
   * limiter past this time, the task is rejected with {@link RateLimitPause} instead of waiting.
   */
  giveUpAt?: number;
}

export interface Limiter {
  /** Runs `task` when the pause is over and a slot is free in every limit. */
  schedule<T>(task: () => Promise<T>, options?: ScheduleOptions): Promise<T>;
  /** The API answered a request (a status below 500, not 429): evidence that the rate may rise. */
  answered(): void;
  /** The API answered 429: lowers the rate and holds every request for `pauseMs`. */
  rateLimited(pauseMs: number): void;
  readonly concurrency: number;
  /** The current rate, per minute. */
  readonly perMinute: number;
  /** The bounds the rate adapts within, per minute. */
  readonly minPerMinute: number;
  readonly maxPerMinute: number;
  /** Epoch milliseconds at which the pause asked by the last 429 ends (in the past when none). */
  readonly pausedUntil: number;
  /** Requests currently in flight. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/**
 * A task refused because the API asked every request to wait until `resumeAt`, after the task's
 * `giveUpAt`.
 *
 * @example
 * try { await limiter.schedule(send, { giveUpAt: Date.now() + 60_000 }); }
 * catch (err) { if (err instanceof RateLimitPause) console.log(new Date(err.resumeAt)); }
 */
export class RateLimitPause extends Error {
  constructor(readonly resumeAt: number) {
    super(`The API asked every request to wait until ${new Date(resumeAt).toISOString()}`);
    this.name = "RateLimitPause";
  }
}

const WINDOW_MS = 60_000;
/** The bucket holds this share of a minute's rate: ten seconds' worth. */
const BURST_SHARE = 1 / 6;
/** After a 429 the rate drops to this share of itself (as in TCP CUBIC and AWS's adaptive retry). */
const DECREASE = 0.7;
/** Once a 429 has been seen, the rate grows by this share of itself at a time. */
const STEADY_GROWTH = 0.1;

const capacityOf = (rate: number): number => Math.max(1, Math.ceil(rate * BURST_SHARE));

interface Waiter {
  start: () => void;
  reject: (err: Error) => void;
  giveUpAt?: number;
}

/**
 * @example
 * const limiter = createLimiter({ concurrency: 2, perMinute: 600 });
 * const a = createClient({ ...opts, limiter });
 * const b = createClient({ ...otherOpts, limiter }); // shares the same budget, and learns for both
 */
export function createLimiter(options: LimiterOptions = {}): Limiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const ceiling = Math.max(1, Math.floor(options.perMinute ?? 1200));
  const floor = Math.min(ceiling, Math.max(1, Math.floor(options.minPerMinute ?? 10)));
  let rate = Math.min(ceiling, Math.max(floor, Math.floor(options.initialPerMinute ?? 120)));

  let tokens = capacityOf(rate);
  let refilledAt = Date.now();
  const starts: number[] = [];
  const queue: Waiter[] = [];
  let active = 0;
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;

  // Evidence for raising the rate, counted since it last changed.
  let answeredSinceChange = 0;
  let waitedSinceChange = false;
  // Doubling until the API first pushes back, as TCP's slow start does.
  let probing = true;

  const refill = (now: number): void => {
    tokens = Math.min(capacityOf(rate), tokens + ((now - refilledAt) * rate) / WINDOW_MS);
    refilledAt = now;
  };

  const changeRate = (next: number, now: number): void => {
    refill(now);
    const grown = capacityOf(next) - capacityOf(rate);
    rate = next;
    // A raise makes room for the larger burst at once; a cut empties the bucket.
    tokens = grown > 0 ? tokens + grown : Math.min(tokens, capacityOf(rate));
    answeredSinceChange = 0;
    waitedSinceChange = false;
  };

  /** Raises the rate when requests waited on it and enough answers since the last change were not 429. */
  const maybeRaise = (now: number): boolean => {
    if (rate >= ceiling || !waitedSinceChange || now < pausedUntil) return false;
    if (answeredSinceChange < Math.ceil(capacityOf(rate) / 2)) return false;
    const next = probing ? rate * 2 : rate + Math.max(1, Math.floor(rate * STEADY_GROWTH));
    changeRate(Math.min(ceiling, next), now);
    return true;
  };

  const wake = (delayMs: number): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        pump();
      },
      Math.max(1, Math.ceil(delayMs)),
    );
  };

  const rejectThoseWhoCannotWait = (): void => {
    for (let i = queue.length - 1; i >= 0; i--) {
      const w = queue[i]!;
      if (w.giveUpAt !== undefined && w.giveUpAt < pausedUntil) {
        queue.splice(i, 1);
        w.reject(new RateLimitPause(pausedUntil));
      }
    }
  };

  function pump(): void {
    while (queue.length > 0 && active < concurrency) {
      const now = Date.now();
      if (now < pausedUntil) return wake(pausedUntil - now);
      while (starts.length > 0 && now - starts[0]! >= WINDOW_MS) starts.shift();
      if (starts.length >= ceiling) return wake(starts[0]! + WINDOW_MS - now);
      refill(now);
      if (tokens < 1) {
        waitedSinceChange = true;
        if (maybeRaise(now) && tokens >= 1) continue;
        return wake(((1 - tokens) * WINDOW_MS) / rate);
      }
      tokens -= 1;
      starts.push(now);
      active += 1;
      queue.shift()!.start();
    }
  }

  return {
    concurrency,
    minPerMinute: floor,
    maxPerMinute: ceiling,
    get perMinute() {
      return rate;
    },
    get pausedUntil() {
      return pausedUntil;
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    answered() {
      answeredSinceChange += 1;
      if (maybeRaise(Date.now())) pump();
    },
    rateLimited(pauseMs) {
      const now = Date.now();
      probing = false;
      refill(now);
      // Requests in flight when the quota ran out come back 429 together: one cut per pause.
      if (now >= pausedUntil) changeRate(Math.max(floor, Math.floor(rate * DECREASE)), now);
      // Nothing saved up before the 429 may be spent in a burst after the pause.
      tokens = 0;
      pausedUntil = Math.max(pausedUntil, now + Math.max(0, pauseMs));
      rejectThoseWhoCannotWait();
      pump();
    },
    async schedule<T>(task: () => Promise<T>, scheduleOptions: ScheduleOptions = {}): Promise<T> {
      await new Promise<void>((start, reject) => {
        const { giveUpAt } = scheduleOptions;
        if (giveUpAt !== undefined && giveUpAt < pausedUntil) {
          reject(new RateLimitPause(pausedUntil));
          return;
        }
        queue.push({ start, reject, giveUpAt });
        pump();
      });
      try {
        return await task();
      } finally {
        active -= 1;
        pump();
      }
    },
  };
}

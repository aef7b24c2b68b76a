/**
 * A limiter on concurrent requests and requests per minute.
 *
 * The provider shares one limiter across every client it creates in a process, because all
 * dynamic resources of a stack run in one provider process and the API's quota is per account
 * (DESIGN §3). The API documents no limit; PlanetHoster's own log script keeps to 9 requests per
 * minute (catalog §7.3), which is far too slow for a stack of hundreds of records, so the defaults
 * are moderate and every value is configurable (`reseller:maxConcurrency`, `reseller:requestsPerMinute`).
 *
 * Hand-written because the maintained queue libraries with interval caps are ESM-only, and this
 * package ships CommonJS (docs/decisions/0002-client-transport.md).
 */

export interface LimiterOptions {
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Requests started in any sliding 60-second window. Default 120. */
  perMinute?: number;
}

export interface Limiter {
  /** Runs `task` when a slot is free in both limits. */
  schedule<T>(task: () => Promise<T>): Promise<T>;
  readonly concurrency: number;
  readonly perMinute: number;
  /** Requests currently in flight. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

const WINDOW_MS = 60_000;

/**
 * @example
 * const limiter = createLimiter({ concurrency: 2, perMinute: 30 });
 * const a = createClient({ ...opts, limiter });
 * const b = createClient({ ...otherOpts, limiter }); // shares the same budget
 */
export function createLimiter(options: LimiterOptions = {}): Limiter {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const perMinute = Math.max(1, Math.floor(options.perMinute ?? 120));
  const starts: number[] = [];
  const queue: (() => void)[] = [];
  let active = 0;
  let timer: NodeJS.Timeout | undefined;

  const pump = (): void => {
    while (queue.length > 0 && active < concurrency) {
      const now = Date.now();
      while (starts.length > 0 && now - starts[0]! >= WINDOW_MS) starts.shift();
      if (starts.length >= perMinute) {
        if (!timer) {
          const wait = WINDOW_MS - (now - starts[0]!) + 1;
          timer = setTimeout(() => {
            timer = undefined;
            pump();
          }, wait);
        }
        return;
      }
      starts.push(now);
      active += 1;
      queue.shift()!();
    }
  };

  return {
    concurrency,
    perMinute,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async schedule<T>(task: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        queue.push(resolve);
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

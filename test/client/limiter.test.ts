/**
 * The adaptive limiter, driven by fake timers: what starts when, counted, never timed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimitPause, createLimiter, type Limiter } from "../../src/client/limiter";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Schedules `n` tasks that finish at once, reporting each as answered when `answer` is set, and
 * records the limiter's rate as each one starts.
 */
function flood(limiter: Limiter, n: number, answer = false) {
  const started: number[] = [];
  const rates: number[] = [];
  const done = Array.from({ length: n }, (_, i) =>
    limiter.schedule(async () => {
      started.push(i);
      rates.push(limiter.perMinute);
      if (answer) limiter.answered();
    }),
  );
  return { started, rates: () => [...new Set(rates)], done: Promise.all(done) };
}

describe("the adaptive limiter", () => {
  it("starts at the initial rate: ten seconds' worth at once, then one request per 60/rate seconds", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 60, perMinute: 1000 });
    const { started } = flood(limiter, 15);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(4000);
    expect(started).toHaveLength(15);
    expect(limiter.perMinute).toBe(60);
  });

  it("doubles the rate while requests wait on it and the API answers without 429, up to the ceiling", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 60, perMinute: 500 });
    const { done, rates } = flood(limiter, 400, true);
    await vi.runAllTimersAsync();
    await done;
    expect(rates()).toEqual([60, 120, 240, 480, 500]);
  });

  it("does not raise the rate when nothing waits on it", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 60, perMinute: 500 });
    for (let round = 0; round < 5; round++) {
      await flood(limiter, 5, true).done;
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(limiter.perMinute).toBe(60);
  });

  it("pauses every request on a 429 until its Retry-After, and lowers the rate once for 429s that come together", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 600, perMinute: 1200 });
    limiter.rateLimited(5000);
    limiter.rateLimited(5000);
    limiter.rateLimited(4000);
    expect(limiter.perMinute).toBe(420);
    const { started } = flood(limiter, 3);
    await vi.advanceTimersByTimeAsync(4999);
    expect(started).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(3);
  });

  it("after a 429 grows by a tenth at a time instead of doubling", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 200, perMinute: 1200 });
    limiter.rateLimited(1);
    expect(limiter.perMinute).toBe(140);
    const { done, rates } = flood(limiter, 200, true);
    await vi.runAllTimersAsync();
    await done;
    expect(rates().slice(0, 4)).toEqual([140, 154, 169, 185]);
  });

  it("never drops below the floor nor rises above the ceiling", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 40, minPerMinute: 20, perMinute: 50 });
    for (let i = 0; i < 5; i++) {
      limiter.rateLimited(1);
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(limiter.perMinute).toBe(20);
    const { done } = flood(limiter, 300, true);
    await vi.runAllTimersAsync();
    await done;
    expect(limiter.perMinute).toBe(50);
    expect(createLimiter({ initialPerMinute: 5000, perMinute: 30 }).perMinute).toBe(30);
    expect(createLimiter({ initialPerMinute: 1, minPerMinute: 10 }).perMinute).toBe(10);
  });

  it("never starts more than the ceiling in any sliding minute", async () => {
    const limiter = createLimiter({ concurrency: 100, initialPerMinute: 60, perMinute: 60 });
    const { started } = flood(limiter, 100, true);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(started).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.length).toBeGreaterThan(60);
  });

  it("keeps at most the concurrency in flight", async () => {
    const limiter = createLimiter({ concurrency: 2, initialPerMinute: 600 });
    let inFlight = 0;
    let most = 0;
    const tasks = Array.from({ length: 6 }, () =>
      limiter.schedule(async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 100));
        inFlight -= 1;
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(tasks);
    expect(most).toBe(2);
  });

  it("rejects a waiting task that cannot wait out a pause, and runs the others after it", async () => {
    const limiter = createLimiter({ concurrency: 1, initialPerMinute: 600 });
    let release!: () => void;
    const first = limiter.schedule(() => new Promise<void>((r) => (release = r)));
    const order: string[] = [];
    const patient = limiter.schedule(async () => void order.push("patient"), { giveUpAt: Date.now() + 60_000 });
    const hurried = limiter.schedule(async () => void order.push("hurried"), { giveUpAt: Date.now() + 1000 });
    await vi.advanceTimersByTimeAsync(0);
    limiter.rateLimited(30_000);
    const refused = await hurried.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(RateLimitPause);
    expect((refused as RateLimitPause).resumeAt).toBe(limiter.pausedUntil);
    await expect(limiter.schedule(async () => "late", { giveUpAt: Date.now() + 10 })).rejects.toBeInstanceOf(RateLimitPause);
    release();
    await first;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await patient;
    expect(order).toEqual(["patient"]);
  });
});

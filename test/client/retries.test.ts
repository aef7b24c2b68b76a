/**
 * Retries, timeouts, ETag revalidation and the "outcome unknown" rule, against the simulator's
 * faults over real loopback HTTP.
 */
import { describe, expect, it, vi } from "vitest";
import { createLimiter } from "../../src/client/limiter";
import { DEFAULT_RETRY, backoffDelay, decideRetry, parseRetryAfter, rateLimitDelay } from "../../src/client/retry";
import { failure } from "../helpers/errors";
import { registration, useSimulator } from "../helpers/sim";

const brandNew = registration("brand-new-name", "com");

describe("retries against the simulator", () => {
  const t = useSimulator();

  it("retries a read after 429 and honours Retry-After", async () => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "rate-limit", retryAfter: "0" });
    await t.client.request("account.getInfo");
    expect(t.sim.requests.list().map((r) => r.status)).toEqual([429, 200]);
  });

  it("retries even an unsafe operation after 429, because the server did not act", async () => {
    t.sim.faults.add({ operation: "domains.register", kind: "rate-limit", retryAfter: "0" });
    await t.client.request("domains.register", brandNew);
    expect(t.sim.requests.count("domains.register")).toBe(2);
    expect(t.sim.store.domains["brand-new-name.com"]).toBeDefined();
  });

  it.each([502, 503, 504])("retries a read after HTTP %i", async (status) => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "status", status, times: 2 });
    await t.client.request("account.getInfo");
    expect(t.sim.requests.count("account.getInfo")).toBe(3);
  });

  it("does not retry HTTP 500, which is the server's own answer", async () => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "status", status: 500 });
    const err = await failure(t.client.request("account.getInfo"));
    expect(err.code).toBe("server");
    expect(t.sim.requests.count("account.getInfo")).toBe(1);
  });

  it("retries a read whose connection was dropped", async () => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "drop" });
    await t.client.request("account.getInfo");
    expect(t.sim.requests.count("account.getInfo")).toBe(2);
  });

  it("gives up after the attempt budget with the last error", async () => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "status", status: 503, times: Infinity });
    const err = await failure(t.client.request("account.getInfo"));
    expect(err.code).toBe("server");
    expect(err.status).toBe(503);
    expect(t.sim.requests.count("account.getInfo")).toBe(DEFAULT_RETRY.maxAttempts);
  });

  it("reports outcome-unknown for a register whose response is lost, and does not send it again", async () => {
    t.sim.faults.add({ operation: "domains.register", kind: "lost-response" });
    const credit = t.sim.store.account.credit;
    const err = await failure(t.client.request("domains.register", brandNew));
    expect(err.code).toBe("outcome-unknown");
    expect(err.endpoint).toBe("v4.domains.register");
    expect(err.message).toMatch(/not sent again/);
    expect(t.sim.requests.count("domains.register")).toBe(1);
    // It did happen: the caller must reconcile by reading, never by ordering again.
    expect(t.sim.store.domains["brand-new-name.com"]).toBeDefined();
    expect(t.sim.store.account.credit).toBeLessThan(credit);
  });

  it("reports outcome-unknown for an unsafe call answered by a gateway error, without retrying", async () => {
    t.sim.faults.add({ operation: "domains.register", kind: "status", status: 502 });
    const err = await failure(t.client.request("domains.register", brandNew));
    expect(err.code).toBe("outcome-unknown");
    expect(t.sim.requests.count("domains.register")).toBe(1);
  });

  it("does not retry an unsafe call answered 503, and reports a server error", async () => {
    t.sim.faults.add({ operation: "domains.register", kind: "status", status: 503 });
    const err = await failure(t.client.request("domains.register", brandNew));
    expect(err.code).toBe("server");
    expect(t.sim.requests.count("domains.register")).toBe(1);
  });

  it("does not send again a repeatable write made with resend: false once it may have reached the API, and reports outcome-unknown", async () => {
    t.sim.faults.add({ operation: "redirections.delete", kind: "drop" });
    const err = await failure(t.client.request("redirections.delete", { id: 101, domain: "client-shop.net" }, { resend: false }));
    expect(err.code).toBe("outcome-unknown");
    expect(err.message).toMatch(/not sent again/);
    expect(t.sim.requests.count("redirections.delete")).toBe(1);
    // Without the option the same delete is retried, being idempotent.
    t.sim.faults.add({ operation: "redirections.delete", kind: "drop" });
    await t.client.request("redirections.delete", { id: 101, domain: "client-shop.net" });
    expect(t.sim.requests.count("redirections.delete")).toBe(3);
  });

  it("times out a slow read, retries it, and reports timeout when every attempt is slow", async () => {
    const c = t.clientFor("v4", { timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    // One use more than the attempt budget: what is left shows how many attempts reached the
    // server (the request log only records a request once its delayed reply is written).
    const slow = t.sim.faults.add({ operation: "account.getInfo", kind: "latency", latencyMs: 300, times: 3 });
    const err = await failure(c.request("account.getInfo"));
    expect(err.code).toBe("timeout");
    expect(t.sim.faults.list().find((f) => f.id === slow)?.remaining).toBe(1);
    // The simulator logs each slow request when it finishes, after the client gave up: wait for
    // both, or they land in the next test's request log.
    await vi.waitFor(() => expect(t.sim.requests.count("account.getInfo")).toBe(2), { timeout: 2000 });
  });

  it("reports bad-response for a truncated body", async () => {
    t.sim.faults.add({ operation: "account.getInfo", kind: "truncate" });
    const err = await failure(t.client.request("account.getInfo"));
    expect(err.code).toBe("bad-response");
  });

  it("revalidates a repeated read with If-None-Match and uses the cached body on 304", async () => {
    const c = t.clientFor("v4");
    const first = await c.request("account.getInfo");
    const second = await c.request("account.getInfo");
    expect(second).toEqual(first);
    expect(t.sim.requests.list().map((r) => r.status)).toEqual([200, 304]);
    t.sim.store.account.credit += 1;
    const third = await c.request("account.getInfo");
    expect(third.credit_remaining).toBe((first.credit_remaining as number) + 1);
  });

  it("reports transport when nothing listens, after retrying a read", async () => {
    const c = t.clientFor("v4", { baseUrl: "http://127.0.0.1:1", retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const err = await failure(c.request("account.getInfo"));
    expect(err.code).toBe("transport");
    expect(err.cause?.code).toBe("ECONNREFUSED");
  });
});

describe("against the simulator's rate limit", () => {
  const t = useSimulator({ simulator: { rateLimit: "10/1s" } });

  it("finishes every request, the whole account pausing on each 429 so that few requests are refused", async () => {
    const limiter = createLimiter({ concurrency: 4, initialPerMinute: 1200 });
    const c = t.clientFor("v4", { limiter, retry: { maxAttempts: 6, baseDelayMs: 2, maxDelayMs: 20 } });
    const results = await Promise.all(Array.from({ length: 30 }, () => c.request("account.hello")));
    expect(results).toHaveLength(30);
    const statuses = t.sim.requests.list().map((r) => r.status);
    expect(statuses.filter((s) => s === 200 || s === 304)).toHaveLength(30);
    // Each exhausted window refuses at most the requests already in flight (the concurrency),
    // and 30 requests at 10 a second exhaust at most three windows.
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(3 * 4);
    expect(limiter.perMinute).toBeLessThan(1200);
  });
});

describe("the retry policy", () => {
  const p = DEFAULT_RETRY;
  const half = () => 0.5;

  it.each([
    { name: "429 on an unsafe call", safety: "unsafe", outcome: { kind: "status", status: 429 }, retry: true },
    { name: "503 on a read", safety: "read", outcome: { kind: "status", status: 503 }, retry: true },
    { name: "504 on an idempotent call", safety: "idempotent", outcome: { kind: "status", status: 504 }, retry: true },
    { name: "504 on an unsafe call", safety: "unsafe", outcome: { kind: "status", status: 504 }, retry: false, unknown: true },
    { name: "400 on a read", safety: "read", outcome: { kind: "status", status: 400 }, retry: false, unknown: false },
    { name: "a refused connection on an unsafe call", safety: "unsafe", outcome: { kind: "network", sent: false }, retry: true },
    {
      name: "a reset connection on an unsafe call",
      safety: "unsafe",
      outcome: { kind: "network", sent: true },
      retry: false,
      unknown: true,
    },
    { name: "a timeout on a read", safety: "read", outcome: { kind: "timeout" }, retry: true },
    { name: "a timeout on an unsafe call", safety: "unsafe", outcome: { kind: "timeout" }, retry: false, unknown: true },
  ] as const)("decides $name", ({ safety, outcome, retry, ...rest }) => {
    const d = decideRetry(p, safety, 1, 0, outcome, half);
    expect(d.retry).toBe(retry);
    if (!d.retry && "unknown" in rest) expect(d.outcomeUnknown).toBe(rest.unknown);
  });

  it("stops at the attempt budget and at the time budget", () => {
    expect(decideRetry(p, "read", p.maxAttempts, 0, { kind: "status", status: 503 }, half).retry).toBe(false);
    expect(decideRetry(p, "read", 1, p.maxElapsedMs, { kind: "status", status: 503 }, half).retry).toBe(false);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:00:07 GMT", now)).toBe(7000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 09:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
  });

  it("waits the whole Retry-After when it fits in the time budget, and gives up when it does not", () => {
    expect(decideRetry(p, "read", 1, 0, { kind: "status", status: 429, retryAfter: "30" }, half)).toEqual({ retry: true, delayMs: 30_000 });
    expect(decideRetry(p, "read", 1, 0, { kind: "status", status: 429, retryAfter: "3600" }, half)).toEqual({
      retry: false,
      outcomeUnknown: false,
    });
  });

  it.each(["0", "Thu, 01 Jan 2015 00:00:00 GMT", undefined])(
    "backs off after a 429 whose Retry-After is %s, never retrying at once",
    (retryAfter) => {
      const never = () => 0;
      for (const attempt of [1, 2, 3]) {
        const step = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (attempt - 1));
        const d = decideRetry(p, "read", attempt, 0, { kind: "status", status: 429, retryAfter }, never);
        expect(d).toEqual({ retry: true, delayMs: step / 2 });
        expect(rateLimitDelay(p, attempt, retryAfter, () => 1)).toBe(step);
      }
    },
  );

  it("backs off exponentially with jitter below a growing ceiling", () => {
    expect(backoffDelay(p, 1, () => 1)).toBe(p.baseDelayMs);
    expect(backoffDelay(p, 3, () => 1)).toBe(p.baseDelayMs * 4);
    expect(backoffDelay(p, 30, () => 1)).toBe(p.maxDelayMs);
    expect(backoffDelay(p, 3, () => 0.25)).toBe(p.baseDelayMs);
  });
});

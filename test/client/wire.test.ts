/**
 * The client's wire behaviour, observed by a scripted loopback server: what goes out (bodies on
 * GET, query mode, overrides, headers) and how replies are read (lenient parsing, failure shapes).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient, type ClientOptions } from "../../src/client/client";
import { createLimiter } from "../../src/client/limiter";
import { failure } from "../helpers/errors";
import { startScriptedServer, type ScriptedServer } from "../helpers/scripted-server";

let srv: ScriptedServer;
const clients: { close(): Promise<void> }[] = [];

function client(opts: Partial<ClientOptions> = {}) {
  const c = createClient({
    baseUrl: srv.url,
    apiUser: "wire-user",
    apiKey: "wire-key-123",
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...opts,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  srv = await startScriptedServer();
});
afterEach(() => {
  srv.clear();
  srv.fallback = { status: 200, body: { message: "ok" } };
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv.close();
});

describe("what the client sends", () => {
  it("sends GET parameters as a JSON body by default, with the auth headers", async () => {
    srv.reply({ body: { registration_status: "Active" } });
    await client().request("domains.getInfo", { sld: "example", tld: "com" });
    const r = srv.received[0]!;
    expect(r.method).toBe("GET");
    expect(r.url).toBe("/v4/domain");
    expect(JSON.parse(r.body)).toEqual({ sld: "example", tld: "com" });
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(r.headers["x-api-user"]).toBe("wire-user");
    expect(r.headers["x-api-key"]).toBe("wire-key-123");
  });

  it("sends GET parameters in the query string when asked, with no body", async () => {
    srv.reply({ body: { registration_status: "Active" } });
    await client({ paramsInQuery: true }).request("domains.getInfo", { sld: "example", tld: "com" });
    const r = srv.received[0]!;
    expect(r.url).toBe("/v4/domain?sld=example&tld=com");
    expect(r.body).toBe("");
  });

  it("sends v2 reseller-api GET parameters in the query string, as the v2 spec declares", async () => {
    srv.reply({ body: { registration_status: "Active" } });
    await client({ version: "v2" }).request("domains.getInfo", { sld: "example", tld: "com" });
    expect(srv.received[0]!.url).toBe("/reseller-api/domain-info?sld=example&tld=com");
  });

  it("sends no body on a GET without parameters", async () => {
    srv.reply({ body: { successful_connection: true } });
    await client().account.hello();
    expect(srv.received[0]!.body).toBe("");
  });

  it("uses the method and path override of an operation, by id or by key", async () => {
    srv.reply({ body: { registration_status: "Active" } }, { body: {} });
    await client({ overrides: { "domains.getInfo": { method: "POST", path: "/v4/domains/info" } } }).request("domains.getInfo", {
      sld: "a",
      tld: "com",
    });
    await client({ overrides: { "v4.account.hello": { path: "/v4/ping" } } }).account.hello();
    expect(srv.received.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v4/domains/info", "GET /v4/ping"]);
  });

  it("sends PUT, PATCH and DELETE as POST with X-Http-Method-Override when asked", async () => {
    srv.reply({ body: {} });
    await client({ version: "v3", methodOverride: true }).request("domains.updateNameservers", {
      sld: "a",
      tld: "com",
      ns1: "ns1.example.net",
      ns2: "ns2.example.net",
    });
    const r = srv.received[0]!;
    expect(r.method).toBe("POST");
    expect(r.headers["x-http-method-override"]).toBe("PUT");
  });

  it("keeps the path prefix of a base URL", async () => {
    srv.reply({ body: {} });
    await client({ baseUrl: `${srv.url}/gateway/` }).account.hello();
    expect(srv.received[0]!.url).toBe("/gateway/v4/hello");
  });

  it("rejects invalid parameters before any request, naming the field", async () => {
    const err = await failure(client().request("domains.renew", { sld: "a", tld: "com", period: 11 }));
    expect(err.code).toBe("validation");
    expect(err.message).toContain("period");
    expect(err.issues[0]).toMatch(/^period:/);
    expect(srv.received).toHaveLength(0);
  });

  it("rejects an operation the version does not have, naming the version", async () => {
    const err = await failure(client({ version: "v2" }).request("ssl.getCertificate", { id: 1, domain: "a.com" }));
    expect(err.code).toBe("validation");
    expect(err.message).toContain('"ssl.getCertificate" is not available in API v2');
    expect(srv.received).toHaveLength(0);
  });
});

describe("how replies are read", () => {
  it("coerces numbers and booleans sent as strings and keeps unknown fields", async () => {
    srv.reply({ body: { credit_remaining: "12.50", num_active_domains: "3", credit_currency: "USD", brand_new: { x: 1 } } });
    const info = (await client().account.getInfo()) as Record<string, unknown>;
    expect(info.credit_remaining).toBe(12.5);
    expect(info.num_active_domains).toBe(3);
    expect(info.brand_new).toEqual({ x: 1 });
  });

  it.each([
    { name: "success false", body: { success: false, errors: [] }, code: "validation" },
    {
      name: "a non-empty errors array of nested objects",
      body: { success: true, errors: [[{ message: "isStrongPassword" }]] },
      code: "validation",
    },
    { name: "an error key on a 200", body: { error: "Domain not found" }, code: "not-found" },
    { name: "an already-exists message", body: { errors: ["database user agencyde_x already exist"] }, code: "conflict" },
  ])("treats a 2xx with $name as an error", async ({ body, code }) => {
    srv.reply({ status: 200, body });
    const err = await failure(client().account.getInfo());
    expect(err.code).toBe(code);
    expect(err.status).toBe(200);
    expect(err.endpoint).toBe("v4.account.getInfo");
  });

  it("flattens mixed errors arrays into the message and keeps them as received", async () => {
    srv.reply({ status: 400, body: { error: "Bad input", errors: ["first", { message: "second" }, [["third"]]] } });
    const err = await failure(client().account.getInfo());
    expect(err.message).toContain("Bad input; first; second; third");
    expect(err.errors).toEqual(["first", { message: "second" }, [["third"]]]);
    expect(err.apiError).toBe("Bad input");
  });

  it("fails with bad-response, the endpoint, the status and the issues when a body cannot be understood", async () => {
    srv.reply({ body: { active_domains: "not a list" } });
    const err = await failure(client().request("domains.list"));
    expect(err.code).toBe("bad-response");
    expect(err.message).toContain("v4.domains.list");
    expect(err.message).toContain("200");
    expect(err.issues.join()).toContain("active_domains");
  });

  it("fails with bad-response on a body that is not JSON", async () => {
    srv.reply({ body: "<html>maintenance</html>" });
    const err = await failure(client().account.hello());
    expect(err.code).toBe("bad-response");
  });

  it("never quotes a success body in an error, only its content type and length", async () => {
    const body = 'access_key=AKIA-PUBLIC, secret_key="S3CR3T-STORAGE-KEY" (not JSON)';
    srv.reply({ body, headers: { "content-type": "text/plain; charset=utf-8" } });
    const err = await failure(client().account.hello());
    expect(err.code).toBe("bad-response");
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain("S3CR3T");
    expect(err.message).toContain("text/plain; charset=utf-8");
    expect(err.message).toContain(`${Buffer.byteLength(body)} bytes`);
  });

  it("keeps the API's own message, error code and errors of a 2xx with success false", async () => {
    srv.reply({
      body: {
        success: false,
        error: "Database quota reached",
        error_code: 4017,
        errors: ["Database quota reached", { message: "limit 10" }],
      },
    });
    const err = await failure(client().account.getInfo());
    expect(err.message).toContain("Database quota reached; limit 10");
    expect(err.apiError).toBe("Database quota reached");
    expect(err.apiErrorCode).toBe(4017);
    expect(err.errors).toEqual(["Database quota reached", { message: "limit 10" }]);
  });

  it.each([
    { status: 401, body: { error: "Unauthorized" }, code: "authentication" },
    { status: 403, body: { error: "Forbidden" }, code: "authentication" },
    { status: 403, body: { error: "The reseller account has not whitelisted the IP address 203.0.113.9" }, code: "ip-not-allowed" },
    { status: 404, body: { error: "Not found", error_code: 404 }, code: "not-found" },
    { status: 409, body: { error: "Already exists" }, code: "conflict" },
    { status: 410, body: { error: "Gone" }, code: "not-found" },
    { status: 422, body: { error: "Invalid" }, code: "validation" },
    { status: 500, body: { error: "Boom" }, code: "server" },
    { status: 405, body: { error: "Method not allowed" }, code: "unexpected-status" },
    { status: 418, body: "I'm a teapot", code: "unexpected-status" },
    { status: 304, body: "", code: "unexpected-status" },
    { status: 300, body: { error: "Multiple choices" }, code: "unexpected-status" },
  ])("maps HTTP $status to $code", async ({ status, body, code }) => {
    srv.reply({ status, body });
    const err = await failure(client({ retry: { maxAttempts: 1 } }).account.getInfo());
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
  });
});

describe("redirects", () => {
  it("are not followed, and fail with redirect naming the target without its query", async () => {
    srv.reply({ status: 302, headers: { location: "https://login.example.test/sso?token=abc123" }, body: "" });
    const err = await failure(client().account.getInfo());
    expect(err.code).toBe("redirect");
    expect(err.status).toBe(302);
    expect(err.message).toContain("https://login.example.test/sso");
    expect(err.message).not.toContain("abc123");
    expect(err.message).toContain("reseller:apiUrl");
    expect(srv.received).toHaveLength(1);
  });

  it("never show the credentials, even when the target holds them", async () => {
    srv.reply({ status: 301, headers: { location: "/v4/wire-user/wire-key-123/account/info" }, body: "" });
    const err = await failure(client().account.getInfo());
    expect(err.code).toBe("redirect");
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toMatch(/wire-user|wire-key-123/);
  });
});

describe("the response size limit", () => {
  it("stops reading a success body once it passes the limit and fails with bad-response, without receiving the rest", async () => {
    srv.reply({ stream: { totalBytes: 300 * 1024 * 1024 } });
    const err = await failure(client().account.hello());
    expect(err.code).toBe("bad-response");
    expect(err.status).toBe(200);
    expect(err.message).toMatch(/over the 8388608-byte limit/);
    expect(err.message).toMatch(/reseller:maxResponseBytes/);
    // The connection was closed after about the limit (plus socket buffers), far from 300 MB.
    expect(srv.streamedBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a body whose declared length is over the limit without reading it", async () => {
    srv.reply({ stream: { totalBytes: 300 * 1024 * 1024, declareLength: true } });
    const err = await failure(client().account.hello());
    expect(err.code).toBe("bad-response");
    expect(err.message).toContain(`${300 * 1024 * 1024} bytes declared`);
    expect(srv.streamedBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it("is set by maxResponseBytes, and the client keeps working after a refused body", async () => {
    const c = client({ maxResponseBytes: 1024 });
    srv.reply({ body: { message: "x".repeat(2000) } }, { body: { message: "short" } });
    expect((await failure(c.account.hello())).code).toBe("bad-response");
    expect(await c.account.hello()).toMatchObject({ message: "short" });
  });

  it("reports an error status whose body is over the limit by its status", async () => {
    srv.reply({ status: 503, stream: { totalBytes: 300 * 1024 * 1024 } });
    const err = await failure(client({ retry: { maxAttempts: 1 } }).account.getInfo());
    expect(err.code).toBe("server");
    expect(err.status).toBe(503);
    expect(err.message).toContain("not read");
  });
});

describe("TLS only", () => {
  it("refuses a plain http base URL that is not loopback", () => {
    expect(() => createClient({ baseUrl: "http://api.example.com", apiUser: "u", apiKey: "k" })).toThrow(/TLS only/);
  });

  it.each(["http://127.0.0.1:1", "http://localhost:1", "http://[::1]:1", "https://api.planethoster.net"])("accepts %s", (baseUrl) => {
    const c = createClient({ baseUrl, apiUser: "u", apiKey: "k" });
    clients.push(c);
    expect(c.baseUrl).toBe(baseUrl);
  });
});

describe("the limiter", () => {
  it("never has more requests in flight than the concurrency allows", async () => {
    srv.fallback = { status: 200, body: {}, delayMs: 20 };
    const c = client({ limits: { concurrency: 2, perMinute: 1000 } });
    await Promise.all(Array.from({ length: 8 }, () => c.account.hello()));
    expect(srv.received).toHaveLength(8);
    expect(srv.maxInFlight).toBeLessThanOrEqual(2);
  });

  it("learns from answers: the rate rises while the API answers without 429", async () => {
    const limiter = createLimiter({ concurrency: 4, initialPerMinute: 60, perMinute: 1000 });
    const c = client({ limiter });
    await Promise.all(Array.from({ length: 40 }, () => c.account.hello()));
    expect(srv.received).toHaveLength(40);
    expect(limiter.perMinute).toBe(240);
  });

  it("does not take server errors as evidence that the rate may rise", async () => {
    const limiter = createLimiter({ concurrency: 4, initialPerMinute: 60, perMinute: 1000 });
    srv.fallback = { status: 503, body: { error: "Overloaded" } };
    const c = client({ limiter, retry: { maxAttempts: 1 } });
    const errors = await Promise.all(Array.from({ length: 12 }, () => failure(c.account.hello())));
    expect(errors.every((e) => e.code === "server")).toBe(true);
    expect(limiter.perMinute).toBe(60);
  });

  it("pauses every client sharing it for a 429's Retry-After, and lowers the rate", async () => {
    const limiter = createLimiter({ concurrency: 4, initialPerMinute: 600, perMinute: 1200 });
    srv.reply({ status: 429, headers: { "retry-after": "1" }, body: { error: "Too many requests" } });
    let throttled!: () => void;
    const got429 = new Promise<void>((resolve) => (throttled = resolve));
    const a = client({ limiter, onRequest: (e) => e.outcome === "retry" && throttled() });
    const b = client({ limiter });
    const first = a.account.hello();
    await got429;
    expect(limiter.perMinute).toBe(420);
    const second = b.account.hello();
    // A tenth of the pause later, nothing has been sent since the 429: not the retry, not b's call.
    await new Promise((r) => setTimeout(r, 100));
    expect(srv.received).toHaveLength(1);
    await Promise.all([first, second]);
    expect(srv.received).toHaveLength(3);
  });

  it("fails a request with rate-limited, unsent, when the pause outlasts its retry budget", async () => {
    const limiter = createLimiter({ initialPerMinute: 600 });
    limiter.rateLimited(120_000);
    const err = await failure(client({ limiter, retry: { maxElapsedMs: 60_000 } }).account.hello());
    expect(err.code).toBe("rate-limited");
    expect(err.message).toMatch(/not sent.*Retry-After/);
    expect(err.retryAfterMs).toBeGreaterThan(60_000);
    expect(srv.received).toHaveLength(0);
  });

  it("gives up at once on a 429 whose Retry-After is past the retry budget, and holds the other requests", async () => {
    const limiter = createLimiter({ initialPerMinute: 600 });
    srv.reply({ status: 429, headers: { "retry-after": "3600" }, body: { error: "Hourly quota reached" } });
    const err = await failure(client({ limiter }).account.hello());
    expect(err.code).toBe("rate-limited");
    expect(err.retryAfterMs).toBe(3_600_000);
    expect(err.message).toContain("Hourly quota reached");
    expect(srv.received).toHaveLength(1);
    expect(limiter.pausedUntil).toBeGreaterThan(Date.now() + 3_500_000);
  });
});

describe("error messages", () => {
  it("says a text once when the API repeats it in error and errors", async () => {
    srv.reply({ status: 400, body: { error: "Object storage is not initialised", errors: ["Object storage is not initialised"] } });
    const err = await failure(client().account.getInfo());
    expect(err.message.match(/not initialised/g)).toHaveLength(1);
  });
});

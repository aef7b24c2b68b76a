import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, namespaced, readSettings, requireCredentials } from "../../src/provider/config";

const stack = (values: Record<string, string>) => namespaced({ get: (k) => values[k] });

describe("provider configuration", () => {
  it("reads the namespaced reseller:* keys of the stack config", () => {
    const s = readSettings(
      stack({
        "reseller:apiUser": "stack-user",
        "reseller:apiKey": "stack-key",
        "reseller:apiUrl": "https://api.example.test",
        "reseller:apiVersion": "v3",
        "reseller:requestsPerMinute": "30",
        "reseller:readCacheTtlSeconds": "0",
        "reseller:paramsInQuery": "true",
      }),
      {},
    );
    expect(s).toMatchObject({
      apiUser: "stack-user",
      apiKey: "stack-key",
      apiUrl: "https://api.example.test",
      apiVersion: "v3",
      requestsPerMinute: 30,
      readCacheTtlMs: 0,
      paramsInQuery: true,
    });
  });

  it("falls back to the RESELLER_* environment variables, and the stack config wins over them", () => {
    const env = { RESELLER_API_USER: "env-user", RESELLER_API_KEY: "env-key", RESELLER_API_URL: "https://env.example.test", RESELLER_API_VERSION: "v2" };
    expect(readSettings(stack({}), env)).toMatchObject({ apiUser: "env-user", apiKey: "env-key", apiUrl: "https://env.example.test", apiVersion: "v2" });
    expect(readSettings(stack({ "reseller:apiUser": "stack-user", "reseller:apiVersion": "v4" }), env)).toMatchObject({ apiUser: "stack-user", apiKey: "env-key", apiVersion: "v4" });
  });

  it("defaults to the production URL, API v4, and a rate that starts at 120 a minute and may rise to 1200", () => {
    expect(readSettings(stack({}), {})).toMatchObject({
      apiUrl: "https://api.planethoster.net",
      apiVersion: "v4",
      timeoutMs: 30000,
      maxResponseBytes: 8 * 1024 * 1024,
      maxAttempts: 4,
      maxConcurrency: 4,
      requestsPerMinute: 1200,
      initialRequestsPerMinute: 120,
      minRequestsPerMinute: 10,
      readCacheTtlMs: 300_000,
      paramsInQuery: false,
      methodOverride: false,
      endpointOverrides: {},
      sandbox: false,
    });
  });

  it("names the missing key and its environment variable when credentials are absent", () => {
    const s = readSettings(stack({ "reseller:apiUser": "someone" }), {});
    expect(() => requireCredentials(s)).toThrow(/"reseller:apiKey" \(or the environment variable RESELLER_API_KEY\)/);
    expect(() => requireCredentials(s)).toThrow(/pulumi config set reseller:apiKey --secret/);
    const none = readSettings(stack({}), {});
    expect(() => requireCredentials(none)).toThrow(/reseller:apiUser.*and.*reseller:apiKey/);
  });

  it.each([
    { name: "an unknown API version", key: "reseller:apiVersion", value: "v5", message: /reseller:apiVersion.*one of v4, v3, v2/ },
    { name: "a non-numeric rate", key: "reseller:requestsPerMinute", value: "fast", message: /reseller:requestsPerMinute.*whole number/ },
    { name: "a zero concurrency", key: "reseller:maxConcurrency", value: "0", message: /reseller:maxConcurrency.*at least 1/ },
    { name: "a zero starting rate", key: "reseller:initialRequestsPerMinute", value: "0", message: /reseller:initialRequestsPerMinute.*at least 1/ },
    { name: "a fractional floor", key: "reseller:minRequestsPerMinute", value: "2.5", message: /reseller:minRequestsPerMinute.*whole number/ },
    { name: "a response limit below 1 KiB", key: "reseller:maxResponseBytes", value: "100", message: /reseller:maxResponseBytes.*at least 1024/ },
    { name: "a flag that is not a boolean", key: "reseller:methodOverride", value: "maybe", message: /reseller:methodOverride.*true or false/ },
    { name: "overrides that are not JSON", key: "reseller:endpointOverrides", value: "{dns", message: /reseller:endpointOverrides.*JSON object/ },
    { name: "an override with a relative path", key: "reseller:endpointOverrides", value: '{"dns.getZone":{"path":"v4/x"}}', message: /reseller:endpointOverrides.*dns\.getZone\.path/ },
  ])("refuses $name, naming the key", ({ key, value, message }) => {
    expect(() => readSettings(stack({ [key]: value }), {})).toThrow(message);
  });

  it("never puts a configured value in its error messages", () => {
    try {
      readSettings(stack({ "reseller:apiVersion": "secret-looking-value-123" }), {});
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain("secret-looking-value-123");
    }
  });

  it("parses method and path overrides per operation", () => {
    const s = readSettings(stack({ "reseller:endpointOverrides": '{"dns.getZone":{"method":"POST","path":"/v4/dns/zone"}}' }), {});
    expect(s.endpointOverrides).toEqual({ "dns.getZone": { method: "POST", path: "/v4/dns/zone" } });
  });

  it("documents an environment variable for every key", () => {
    for (const k of CONFIG_KEYS) expect(k.env).toBe(`RESELLER_${k.key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`);
  });
});

import { describe, expect, it } from "vitest";
import {
  accountSettings,
  CONFIG_KEYS,
  namespaced,
  readConfiguration,
  readSettings,
  requireCredentials,
} from "../../src/provider/rules/config";

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
    const env = {
      RESELLER_API_USER: "env-user",
      RESELLER_API_KEY: "env-key",
      RESELLER_API_URL: "https://env.example.test",
      RESELLER_API_VERSION: "v2",
    };
    expect(readSettings(stack({}), env)).toMatchObject({
      apiUser: "env-user",
      apiKey: "env-key",
      apiUrl: "https://env.example.test",
      apiVersion: "v2",
    });
    expect(readSettings(stack({ "reseller:apiUser": "stack-user", "reseller:apiVersion": "v4" }), env)).toMatchObject({
      apiUser: "stack-user",
      apiKey: "env-key",
      apiVersion: "v4",
    });
  });

  it("defaults to the production URL, API v4, a rate that starts at 120 a minute and may rise to 1200, and zone writes of up to 100 record sets gathered for 150 ms", () => {
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
      writeBatchSize: 100,
      writeBatchWindowMs: 150,
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
    { name: "a zero write batch size", key: "reseller:writeBatchSize", value: "0", message: /reseller:writeBatchSize.*at least 1/ },
    {
      name: "a zero starting rate",
      key: "reseller:initialRequestsPerMinute",
      value: "0",
      message: /reseller:initialRequestsPerMinute.*at least 1/,
    },
    {
      name: "a fractional floor",
      key: "reseller:minRequestsPerMinute",
      value: "2.5",
      message: /reseller:minRequestsPerMinute.*whole number/,
    },
    {
      name: "a response limit below 1 KiB",
      key: "reseller:maxResponseBytes",
      value: "100",
      message: /reseller:maxResponseBytes.*at least 1024/,
    },
    {
      name: "a flag that is not a boolean",
      key: "reseller:methodOverride",
      value: "maybe",
      message: /reseller:methodOverride.*true or false/,
    },
    {
      name: "overrides that are not JSON",
      key: "reseller:endpointOverrides",
      value: "{dns",
      message: /reseller:endpointOverrides.*JSON object/,
    },
    {
      name: "an override with a relative path",
      key: "reseller:endpointOverrides",
      value: '{"dns.getZone":{"path":"v4/x"}}',
      message: /reseller:endpointOverrides.*"dns\.getZone"\.path "v4\/x" starts with no API version's prefix/,
    },
    {
      name: "a misspelt operation id",
      key: "reseller:endpointOverrides",
      value: '{"dns.getZon":{"v4":{"path":"/v4/x"}}}',
      message: /unknown operation "dns\.getZon" \(did you mean "dns\.getZone"\?\)/,
    },
    {
      name: "an unknown API version",
      key: "reseller:endpointOverrides",
      value: '{"dns.getZone":{"v5":{"path":"/v5/x"}}}',
      message: /unknown API version "v5"/,
    },
    {
      name: "a path of another version",
      key: "reseller:endpointOverrides",
      value: '{"dns.getZone":{"v4":{"path":"/v3/x"}}}',
      message: /must start with \/v4\/, the prefix of API v4/,
    },
    {
      name: "a version the operation lacks",
      key: "reseller:endpointOverrides",
      value: '{"dns.getDomainRecords":{"v4":{"path":"/v4/x"}}}',
      message: /has no route in API v4 \(it has v2\)/,
    },
    {
      name: "an unknown route field",
      key: "reseller:endpointOverrides",
      value: '{"dns.getZone":{"v4":{"url":"/v4/x"}}}',
      message: /has "url"; an override takes method, path and params/,
    },
    {
      name: "an unknown route fallback",
      key: "reseller:routeFallback",
      value: "v2",
      message: /reseller:routeFallback.*must be one of none, v3/,
    },
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

  it("parses a flat override into the version its path names", () => {
    const s = readSettings(stack({ "reseller:endpointOverrides": '{"dns.getZone":{"method":"POST","path":"/v4/dns/zone"}}' }), {});
    expect(s.endpointOverrides).toEqual({ "v4.dns.getZone": { method: "POST", path: "/v4/dns/zone" } });
  });

  it("parses the per-version form, parameter placement included, and a method alone for every version", () => {
    const s = readSettings(
      stack({
        "reseller:endpointOverrides": JSON.stringify({
          "dns.getZone": { v4: { method: "get", path: "/v4/dns/zone", params: "query" }, v3: { path: "/v3/dns/zone" } },
          "dns.modifyZone": { method: "PUT" },
        }),
      }),
      {},
    );
    expect(s.endpointOverrides).toEqual({
      "v4.dns.getZone": { method: "GET", path: "/v4/dns/zone", params: "query" },
      "v3.dns.getZone": { path: "/v3/dns/zone" },
      "v4.dns.modifyZone": { method: "PUT" },
      "v3.dns.modifyZone": { method: "PUT" },
      "v2.dns.modifyZone": { method: "PUT" },
    });
  });

  it("documents an environment variable for every key", () => {
    for (const k of CONFIG_KEYS) expect(k.env).toBe(`RESELLER_${k.key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`);
  });
});

describe("named accounts (reseller:accounts)", () => {
  const B = { apiUser: "b-user", apiKey: "b-key-secret-0b7d" };

  it("reads each account's own keys, and takes tuning keys it leaves out from the top level", () => {
    const c = readConfiguration(
      stack({
        "reseller:apiUser": "a-user",
        "reseller:apiKey": "a-key",
        "reseller:apiUrl": "https://a.example.test",
        "reseller:apiVersion": "v3",
        "reseller:maxConcurrency": "2",
        "reseller:accounts": JSON.stringify({
          "brand-b": { ...B, timeoutMs: 5000, paramsInQuery: true },
          c_2: { apiUser: "c", apiKey: "k", apiUrl: "https://c.example.test" },
        }),
      }),
      {},
    );
    expect(c.settings).toMatchObject({ apiUser: "a-user", apiUrl: "https://a.example.test", apiVersion: "v3", maxConcurrency: 2 });
    expect(c.settings.account).toBeUndefined();
    // Connection keys are the account's own or their defaults, never the top-level values.
    expect(c.accounts["brand-b"]).toMatchObject({
      account: "brand-b",
      ...B,
      apiUrl: "https://api.planethoster.net",
      apiVersion: "v4",
      timeoutMs: 5000,
      maxConcurrency: 2,
      paramsInQuery: true,
    });
    expect(c.accounts.c_2).toMatchObject({ account: "c_2", apiUrl: "https://c.example.test", maxConcurrency: 2, timeoutMs: 30000 });
    expect(accountSettings(c, "brand-b")).toBe(c.accounts["brand-b"]);
    expect(accountSettings(c, undefined)).toBe(c.settings);
  });

  it("takes numbers, booleans and an overrides object as `pulumi config set --path` may store them", () => {
    const c = readConfiguration(
      stack({
        "reseller:accounts": JSON.stringify({
          "brand-b": { ...B, maxAttempts: 2, sandbox: true, endpointOverrides: { "dns.getZone": { method: "POST", path: "/v4/zone" } } },
        }),
      }),
      {},
    );
    expect(c.accounts["brand-b"]).toMatchObject({
      maxAttempts: 2,
      sandbox: true,
      endpointOverrides: { "v4.dns.getZone": { method: "POST", path: "/v4/zone" } },
    });
  });

  it("falls back to RESELLER_ACCOUNTS only when the stack config does not set the key", () => {
    const env = { RESELLER_ACCOUNTS: JSON.stringify({ "from-env": B }) };
    expect(Object.keys(readConfiguration(stack({}), env).accounts)).toEqual(["from-env"]);
    expect(Object.keys(readConfiguration(stack({ "reseller:accounts": JSON.stringify({ "from-stack": B }) }), env).accounts)).toEqual([
      "from-stack",
    ]);
    expect(readConfiguration(stack({}), {}).accounts).toEqual({});
  });

  it.each([
    {
      name: "text that is not JSON",
      value: `{"brand-b": {"apiKey": "${B.apiKey}"`,
      message: /"reseller:accounts" \(or the environment variable RESELLER_ACCOUNTS\) must be a JSON object keyed by account name/,
    },
    { name: "a JSON array", value: JSON.stringify([B]), message: /"reseller:accounts".*must be a JSON object keyed by account name/ },
    {
      name: "an account name with upper case",
      value: JSON.stringify({ "Brand-B": B }),
      message: /the account name "Brand-B" is not valid: use lower-case letters/,
    },
    {
      name: "an account that is not an object",
      value: JSON.stringify({ "brand-b": B.apiKey }),
      message: /account "brand-b" must be an object with apiUser and apiKey/,
    },
    {
      name: "a misspelt key",
      value: JSON.stringify({ "brand-b": { apiUser: "b", apikey: B.apiKey } }),
      message: /account "brand-b" has no key "apikey" \(known: apiUser, apiKey, /,
    },
    {
      name: "an unknown API version",
      value: JSON.stringify({ "brand-b": { ...B, apiVersion: "v9" } }),
      message: /"reseller:accounts\.brand-b\.apiVersion" must be one of v4, v3, v2/,
    },
    {
      name: "a non-numeric limit",
      value: JSON.stringify({ "brand-b": { ...B, maxConcurrency: "many" } }),
      message: /"reseller:accounts\.brand-b\.maxConcurrency" must be a whole number/,
    },
    {
      name: "a key given as a list",
      value: JSON.stringify({ "brand-b": { ...B, apiUrl: ["https://x.example.test"] } }),
      message: /"reseller:accounts\.brand-b\.apiUrl" must be a string/,
    },
  ])("refuses $name, naming the account and the key, without the value", ({ value, message }) => {
    let error: unknown;
    try {
      readConfiguration(stack({ "reseller:accounts": value }), {});
    } catch (err) {
      error = err;
    }
    expect(String(error)).toMatch(message);
    expect(String(error)).not.toContain(B.apiKey);
  });

  it("names the keys to set for an account the configuration does not name", () => {
    const c = readConfiguration(stack({ "reseller:accounts": JSON.stringify({ "brand-b": B }) }), {});
    expect(() => accountSettings(c, "brand-c")).toThrow(
      `Account "brand-c" is not configured: "reseller:accounts" (or the environment variable RESELLER_ACCOUNTS) names only "brand-b". ` +
        "Add it with `pulumi config set --path 'reseller:accounts.brand-c.apiUser' <api user>` and `pulumi config set --secret --path 'reseller:accounts.brand-c.apiKey' <api key>`",
    );
  });

  it("names an account's missing credentials by their path", () => {
    const c = readConfiguration(
      stack({ "reseller:apiKey": "top-level-key", "reseller:accounts": JSON.stringify({ "brand-b": { apiUser: "b" } }) }),
      {},
    );
    // The top-level key is never used for another account.
    expect(c.accounts["brand-b"]!.apiKey).toBeUndefined();
    expect(() => requireCredentials(c.accounts["brand-b"]!)).toThrow(
      /Missing configuration "reseller:accounts\.brand-b\.apiKey" \(account "brand-b"/,
    );
  });
});

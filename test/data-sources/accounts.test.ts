/**
 * Data sources on a named account (docs/decisions/0017): every `getX` takes `account`, resolved
 * against `reseller:accounts` in the program process, with a client and a cache of that account's
 * own. The default account is the file's simulator (environment fallback); `brand-b` is a second
 * simulator with other credentials and the same demo seed.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as dataSources from "../../src/data-sources";
import { getDnsZone, getDnsZoneOutput, getDomains, getFtpAccounts } from "../../src/data-sources";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();
const B_KEY = "brand-b-data-key-93c1d0e2";
let b: Simulator;

beforeAll(async () => {
  b = await startSimulator({ seed: "demo", apiUser: "brand-b-user", apiKey: B_KEY });
  await pulumi.runtime.setMocks(
    { newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs },
    "accounts",
    "test",
    false,
  );
});

afterEach(() => {
  pulumi.runtime.setAllConfig({}, []);
  b.reset();
});

afterAll(async () => {
  await b.close();
});

/** Stack config naming `brand-b`, its key secret as `pulumi config set --secret --path` makes it. */
function useAccounts(): void {
  const accounts = {
    "brand-b": { apiUrl: b.url, apiUser: b.apiUser, apiKey: b.apiKey, requestsPerMinute: 1_000_000, initialRequestsPerMinute: 1_000_000 },
  };
  pulumi.runtime.setAllConfig({ "reseller:accounts": JSON.stringify(accounts) }, ["reseller:accounts"]);
}

describe("data sources on a named account", () => {
  it("read the named account's API, and the default one without an account, for the same domain", async () => {
    await t.use("v4");
    useAccounts();
    b.store.zones["agency-demo.com"]!.push({ type: "TXT", name: "only-b.agency-demo.com.", ttl: 300, records: [{ content: '"b"' }] });
    const [inB, inA] = await Promise.all([
      getDnsZone({ account: "brand-b", domain: "agency-demo.com" }),
      getDnsZone({ domain: "agency-demo.com" }),
    ]);
    expect(inB.recordSets.map((s) => s.relativeName)).toContain("only-b");
    expect(inA.recordSets.map((s) => s.relativeName)).not.toContain("only-b");
    expect(b.requests.count("dns.getZone")).toBe(1);
    expect(t.sim.requests.count("dns.getZone")).toBe(1);
  });

  it("take the account as an Input in the Output variant, and list what only the named account holds", async () => {
    await t.use("v4");
    useAccounts();
    const zone = getDnsZoneOutput({ account: pulumi.output("brand-b"), domain: "agency-demo.com" });
    const names = await new Promise<string[]>((resolve) => zone.recordSets.apply((sets) => resolve(sets.map((s) => s.relativeName))));
    expect(names).toContain("www");
    expect(b.requests.count("dns.getZone")).toBe(1);
    b.store.hostings["101"]!.ftpAccounts.push({
      id: 990,
      username: "extra@agency-demo.com",
      domain: "agency-demo.com",
      path: "/public_html",
      password: "x-Pass-2026",
    });
    const { accounts } = await getFtpAccounts({ account: "brand-b", hostingId: 101 });
    expect(accounts.map((a) => a.username)).toContain("extra@agency-demo.com");
    expect(t.sim.requests.count()).toBe(0);
  });

  it("fail on an account the configuration does not name, saying which key to set, before any request", async () => {
    await t.use("v4");
    useAccounts();
    await expect(getDomains({ account: "brand-c" })).rejects.toThrow(
      /getDomains: Account "brand-c" is not configured: "reseller:accounts" .* names only "brand-b"\. Add it with .*pulumi config set --secret --path 'reseller:accounts\.brand-c\.apiKey' <api key>/,
    );
    expect(t.sim.requests.count() + b.requests.count()).toBe(0);
  });

  it("never show the account's key in an error", async () => {
    await t.use("v4");
    useAccounts();
    b.faults.add({ operation: "domains.list", kind: "status", status: 500, times: 10 });
    const error = await getDomains({ account: "brand-b" }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(String(error)).toMatch(/HTTP 500/);
    expect(JSON.stringify(error)).not.toContain(B_KEY);
    expect(String(error)).not.toContain(B_KEY);
  });

  it("every data source takes the account argument, and refuses a name that is not one", async () => {
    const functions = Object.entries(dataSources).filter(
      ([name, fn]) => /^get[A-Z]/.test(name) && !name.endsWith("Output") && typeof fn === "function",
    );
    expect(functions.length).toBeGreaterThan(20);
    for (const [name, fn] of functions) {
      const call = async () => {
        const result = (fn as (args: unknown) => unknown)({ account: "Brand B" });
        if (result instanceof Promise) await result;
      };
      await expect(call(), name).rejects.toThrow(`${name}: argument "account": must be the name of an account of reseller:accounts`);
    }
    expect(t.sim.requests.count() + b.requests.count()).toBe(0);
  });
});

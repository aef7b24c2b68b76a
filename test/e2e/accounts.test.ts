/**
 * The testing toolkit with two reseller accounts: `createTestStack` takes `reseller:accounts` as a
 * secret object, as `pulumi config set --secret --path` builds it, and the packed package's
 * resources reach each account's simulator through the real dynamic-provider host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import type { TestStack } from "../../packages/testing/src";
import { loadE2e, simulatorConfig, type E2e } from "./harness";

const B_KEY = "brand-b-toolkit-key-61d4a2c9";

let e2e: E2e;
let a: Simulator;
let b: Simulator;

beforeAll(async () => {
  e2e = await loadE2e();
  a = await e2e.simulator.startSimulator({ seed: "demo" });
  b = await e2e.simulator.startSimulator({ seed: "demo", apiUser: "brand-b-user", apiKey: B_KEY });
}, 300_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const multi = (sim: Simulator) => (sim.store.zones["agency-demo.com"] ?? []).find((r) => r.name === "multi.agency-demo.com.")?.records;

describe("a test stack with resources in two accounts", () => {
  let stack: TestStack;

  beforeAll(async () => {
    const { DnsRecordSet } = e2e.pkg.require("pulumi-hosting-reseller") as typeof import("../../src");
    stack = await e2e.testing.createTestStack({
      workDir: e2e.pkg.dir,
      project: "accounts",
      stack: "toolkit",
      config: {
        ...simulatorConfig(a),
        "reseller:accounts": { secret: { "brand-b": { apiUrl: b.url, apiUser: b.apiUser, apiKey: B_KEY } } },
      },
      program: () => {
        new DnsRecordSet("multi-a", { domain: "agency-demo.com", name: "multi", type: "A", records: ["198.51.100.31"] });
        new DnsRecordSet("multi-b", {
          account: "brand-b",
          domain: "agency-demo.com",
          name: "multi",
          type: "A",
          records: ["198.51.100.32"],
        });
      },
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("creates each record set in its own account, finds drift in one account only, and destroys both", async () => {
    expect((await stack.up()).resourceChanges).toEqual({ create: 2 });
    expect(multi(a)).toEqual([{ ip: "198.51.100.31" }]);
    expect(multi(b)).toEqual([{ ip: "198.51.100.32" }]);
    expect(stack.resource("multi-b").outputs.account).toBe("brand-b");
    expect(JSON.stringify(stack.state)).not.toContain(B_KEY);

    b.store.zones["agency-demo.com"]!.find((r) => r.name === "multi.agency-demo.com.")!.records = [{ ip: "203.0.113.77" }];
    const refreshed = await stack.refresh();
    expect(refreshed.steps.filter((s) => s.op === "update").map((s) => s.urn.split("::").pop())).toEqual(["multi-b"]);

    expect((await stack.up()).resourceChanges).toEqual({ same: 1, update: 1 });
    expect(multi(b)).toEqual([{ ip: "198.51.100.32" }]);

    expect((await stack.destroy()).resourceChanges).toEqual({ delete: 2 });
    expect(multi(a)).toBeUndefined();
    expect(multi(b)).toBeUndefined();
  }, 120_000);
});

/**
 * The `hosting-site` example, installed from the packed package, through the testing toolkit
 * and the real dynamic-provider host, against the simulator's demo seed: deploy, find nothing to
 * change, find and undo three changes made outside Pulumi, replace a record set, and destroy
 * back to the seed. The tests run in order and share one stack, as a user's suite would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Simulator, SimState } from "../../packages/simulator/src";
import type { OperationResult, TestStack } from "../../packages/testing/src";
import { expectSiteDestroyed, ORDER_OPERATIONS } from "../helpers/hosting-site";
import { SETUP_TIMEOUT, STEP_TIMEOUT } from "../helpers/time";
import { callsSince, FTP_PASSWORD, loadE2e, simulatorConfig, type E2e } from "./harness";

const SITE_TYPES = [
  "CustomSsl",
  "DatabaseUserGrant",
  "DnsRecordSet",
  "DomainRegistration",
  "FtpAccount",
  "ObjectStorageAccount",
  "ObjectStorageUrl",
  "PhpOptions",
  "Redirection",
  "SshKey",
  "SslCsr",
  "WafDisabledRules",
].map((type) => `pulumi-nodejs:dynamic/reseller:${type}`);

/** Operations that spend credit or change a domain's registration: adopting must send none. */

let e2e: E2e;
let sim: Simulator;
let stack: TestStack;

function siteProgram(overrides: Record<string, unknown> = {}) {
  return () => e2e.site.hostingSite({ ...e2e.site.demoSiteConfig, ftpPassword: e2e.pulumi.secret(FTP_PASSWORD), ...overrides });
}

/** Resource name to changed properties, for the steps that are not `same`. */
function changes(result: OperationResult): Record<string, { op: string; properties: string[] }> {
  return Object.fromEntries(
    result.steps.filter((step) => step.op !== "same").map((step) => [step.name, { op: step.op, properties: step.changedProperties }]),
  );
}

function appRecord(state: SimState, name = "app") {
  return state.zones["agency-demo.com"]?.find((rrset) => rrset.name === `${name}.agency-demo.com.` && rrset.type === "A");
}

/** The pipeline's SSH key in the simulator, found by the fingerprint the stack recorded. */
function releaseKey(state: SimState) {
  const fingerprint = stack.resource("release-ssh").outputs.fingerprint;
  return state.hostings["101"]?.sshKeys.find((key) => key.key === fingerprint);
}

beforeAll(async () => {
  e2e = await loadE2e();
  sim = await e2e.simulator.startSimulator({ seed: "demo" });
  stack = await e2e.testing.createTestStack({
    workDir: e2e.pkg.dir,
    project: "hosting-site",
    stack: "e2e",
    config: simulatorConfig(sim),
    program: siteProgram(),
  });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await stack?.close();
  await sim?.close();
});

// Sequential on purpose: one deployment walked from up through drift, repair and replacement to
// destroy, each step checking the state the previous one left, as a user's stack goes; deploying
// the example again per step would multiply a suite that already packs and installs the package.
describe.sequential("the hosting-site example installed from the packed package", () => {
  it(
    "deploys all twelve resource types on the demo account without ordering the adopted domain",
    async () => {
      const result = await stack.up();

      expect(result.resourceChanges).toEqual({ create: 13 });
      expect([...new Set(result.steps.map((step) => step.type))].sort()).toEqual(SITE_TYPES);
      expect(result.outputs).toMatchObject({
        appFqdn: "app.agency-demo.com.",
        ftpLogin: "release@agency-demo.com",
        domainExpires: "2027-03-01",
        creditRemaining: 1000,
        renewalPrice: 14,
        candidateAvailable: true,
      });
      const calls = callsSince(sim);
      for (const operation of ORDER_OPERATIONS) expect(calls[operation], operation).toBeUndefined();
      expect(sim.store.account.credit).toBe(1000);
      expect(appRecord(sim.store)?.records).toEqual([{ ip: "198.51.100.10" }]);
      expect(sim.store.hostings["101"]?.redirections.map((r) => r.domain).sort()).toEqual(["client-shop.net", "xn--caf-dma.com"]);
    },
    STEP_TIMEOUT,
  );

  it(
    "finds nothing to change right after the deployment, with or without a refresh",
    async () => {
      expect((await stack.preview()).resourceChanges).toEqual({ same: 13 });
      expect((await stack.preview({ refresh: true })).resourceChanges).toEqual({ same: 13 });
    },
    STEP_TIMEOUT,
  );

  it(
    "reports exactly the three changes made outside Pulumi on refresh and preview, naming the properties",
    async () => {
      const hosting = sim.store.hostings["101"];
      const record = appRecord(sim.store);
      const key = releaseKey(sim.store);
      if (!hosting || !record || !key) throw new Error("the deployment did not create the record, the key or the hosting account");
      record.records = [{ ip: "203.0.113.99" }];
      key.comment = "someone's laptop";
      const maxExecutionTime = hosting.php.options["8.2"]?.max_execution_time;
      if (!maxExecutionTime) throw new Error("the demo seed has no max_execution_time for PHP 8.2");
      maxExecutionTime.value = "300";

      const drift = await stack.preview({ refresh: true });
      expect(changes(drift)).toEqual({
        app: { op: "update", properties: ["records"] },
        php: { op: "update", properties: ["options"] },
        "release-ssh": { op: "update", properties: ["comment"] },
      });

      const refreshed = await stack.refresh();
      expect(Object.keys(changes(refreshed)).sort()).toEqual(["app", "php", "release-ssh"]);
      expect(changes(refreshed).app?.properties).toContain("records");
      expect(changes(refreshed).php?.properties).toContain("options");
      expect(changes(refreshed)["release-ssh"]?.properties).toContain("comment");
      expect(stack.resource("app").outputs.records).toEqual([{ value: "203.0.113.99" }]);

      const preview = await stack.preview();
      expect(changes(preview)).toEqual({
        app: { op: "update", properties: ["records"] },
        php: { op: "update", properties: ["options"] },
        "release-ssh": { op: "update", properties: ["comment"] },
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "puts the three changes back on the next up, and touches nothing else",
    async () => {
      const mark = sim.requests.list().length;
      const result = await stack.up();

      expect(result.resourceChanges).toEqual({ update: 3, same: 10 });
      expect(appRecord(sim.store)?.records).toEqual([{ ip: "198.51.100.10" }]);
      expect(releaseKey(sim.store)?.comment).toBe("ci-release@agency-demo.com");
      expect(sim.store.hostings["101"]?.php.options["8.2"]?.max_execution_time?.value).toBe("120");
      const writes = Object.keys(callsSince(sim, mark)).filter((id) => !/\.(get|list|check)/.test(id));
      expect(writes.sort()).toEqual(["dns.modifyZone", "php.setOptions", "ssh.editKey"]);
      expect((await stack.preview({ refresh: true })).resourceChanges).toEqual({ same: 13 });
    },
    STEP_TIMEOUT,
  );

  it(
    "replaces a record set whose name changes, deleting the old one before creating the new one",
    async () => {
      stack.setProgram(siteProgram({ appRecordName: "portal" }));
      const result = await stack.up();

      const step = result.steps.find((s) => s.name === "app");
      expect(step).toMatchObject({ op: "replace", deleteBeforeReplace: true });
      expect(step?.replaceProperties).toContain("name");
      const urn = stack.resource("app").urn;
      const order = result.providerCalls
        .filter((call) => call.urn === urn && (call.method === "create" || call.method === "delete"))
        .map((call) => call.method);
      expect(order).toEqual(["delete", "create"]);
      expect(appRecord(sim.store)).toBeUndefined();
      expect(appRecord(sim.store, "portal")?.records).toEqual([{ ip: "198.51.100.10" }]);
      expect(result.outputs.appFqdn).toBe("portal.agency-demo.com.");
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys back to the demo seed: no orphan, the domain kept, the WordPress grant retained",
    async () => {
      const mark = sim.requests.list().length;
      const result = await stack.destroy();

      expect(result.resourceChanges).toEqual({ delete: 13 });
      expect(stack.state.resources).toEqual([]);
      // Release-only by design: no call removes the domain, the grant or the object storage.
      expectSiteDestroyed(sim, mark, e2e.simulator.demoState());
    },
    STEP_TIMEOUT,
  );
});

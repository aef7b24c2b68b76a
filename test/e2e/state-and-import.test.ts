/**
 * What ends up in a user's state when the packed package runs through the real dynamic-provider
 * host: credentials never, secrets only encrypted; and objects declared by id are read, never
 * created nor deleted.
 */
import { promises as fs } from "node:fs";
import * as path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import type { TestStack } from "../../packages/testing/src";
import { callsSince, FTP_PASSWORD, loadE2e, simulatorConfig, type E2e } from "./harness";

/** Pulumi's marker of a secret value in a checkpoint (`resource.SecretSig`). */
const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";

let e2e: E2e;
let sim: Simulator;

beforeAll(async () => {
  e2e = await loadE2e();
  sim = await e2e.simulator.startSimulator({ seed: "demo" });
}, 300_000);

afterAll(async () => {
  await sim?.close();
});

describe("the state of a deployed hosting-site stack", () => {
  let stack: TestStack;
  let stateText: string;

  beforeAll(async () => {
    stack = await e2e.testing.createTestStack({
      workDir: e2e.pkg.dir,
      project: "hosting-site",
      stack: "secrets",
      config: simulatorConfig(sim),
      program: () => e2e.site.hostingSite({ ...e2e.site.demoSiteConfig, ftpPassword: e2e.pulumi.secret(FTP_PASSWORD) }),
    });
    await stack.up();
    const file = path.join(e2e.pkg.dir, "states", `secrets-${process.pid}.json`);
    await stack.saveState(file);
    stateText = await fs.readFile(file, "utf8");
    await fs.rm(file, { force: true });
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
    await stack?.close();
  });

  it("holds neither the API user nor the API key, in the saved state or in any serialized provider", () => {
    const resources = stack.state.resources;
    expect(resources).toHaveLength(13);
    for (const credential of [sim.apiKey, sim.apiUser]) {
      expect(stateText).not.toContain(credential);
      for (const resource of resources) {
        const view = stack.resource(resource.urn);
        expect(view.provider, view.name).toBeDefined();
        expect(view.provider, view.name).not.toContain(credential);
        // The shell captures nothing but its type name: each provider's text stays small.
        expect(view.provider?.length ?? 0, view.name).toBeLessThan(4_000);
      }
    }
  });

  it("stores every secret input and every secret the API returned encrypted, never in clear text", () => {
    const ftp = stack.resource("release-ftp");
    const certificate = stack.resource("shop-certificate");
    const csr = stack.resource("shop-csr");
    const storage = stack.resource("storage");
    expect(ftp.secretInputs).toContain("password");
    expect(ftp.secretOutputs).toContain("password");
    expect(certificate.secretInputs).toContain("privateKey");
    expect(certificate.secretOutputs).toContain("privateKey");
    expect(csr.secretOutputs).toContain("privateKey");
    expect(storage.secretOutputs).toEqual(expect.arrayContaining(["accessKey", "secretKey"]));

    const live = sim.store.hostings["101"];
    const plainSecrets = [
      FTP_PASSWORD,
      String(csr.outputs.privateKey),
      String(certificate.outputs.privateKey),
      live?.objectStorage.secretKey,
      live?.objectStorage.accessKey,
    ];
    for (const secret of plainSecrets) {
      expect(secret).toBeTruthy();
      // A PEM key is checked by its base64 body, whatever its line breaks.
      const probe = String(secret)
        .replace(/-----[^-]+-----/g, "")
        .replace(/\s+/g, "")
        .slice(0, 64);
      expect(stateText.replace(/\\n/g, "")).not.toContain(probe);
    }

    const record = stack.state.resources.find((r) => r.urn === ftp.urn);
    expect(record?.outputs.password).toMatchObject({ [SECRET_SIGNATURE]: expect.any(String), ciphertext: expect.any(String) });
    expect(record?.inputs.password).toMatchObject({ [SECRET_SIGNATURE]: expect.any(String), ciphertext: expect.any(String) });
  });
});

// Sequential on purpose: the destroy test acts on the state that the read test's up left.
describe.sequential("resources declared with the id of an existing object", () => {
  const SEED_KEY_ID = "101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7";
  let stack: TestStack;

  beforeAll(async () => {
    const reseller = e2e.pkg.require("pulumi-hosting-reseller") as typeof import("../../src/resources");
    stack = await e2e.testing.createTestStack({
      workDir: e2e.pkg.dir,
      project: "adopted",
      stack: "e2e",
      config: simulatorConfig(sim),
      program: () => {
        const key = reseller.SshKey.get("deploy-key", SEED_KEY_ID);
        const apex = reseller.DnsRecordSet.get("apex", "agency-demo.com/@/A");
        return { keyComment: key.comment, apexRecords: apex.records };
      },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("reads them through the host and never creates them", async () => {
    const mark = sim.requests.list().length;
    const result = await stack.up();

    expect(result.resourceChanges).toEqual({ read: 2 });
    const methods = result.providerCalls.filter((call) => call.method !== "configure").map((call) => call.method);
    expect(methods).toEqual(["read", "read"]);
    expect(Object.keys(callsSince(sim, mark)).sort()).toEqual(["dns.getZone", "ssh.listKeys"]);
    expect(result.outputs).toEqual({ keyComment: "ci-deploy@agency-demo.com", apexRecords: [{ value: "198.51.100.10" }] });
    expect(stack.resource("deploy-key")).toMatchObject({ external: true, id: SEED_KEY_ID });
  });

  it("drops them from the state on destroy without deleting anything", async () => {
    const mark = sim.requests.list().length;
    const result = await stack.destroy();

    expect(result.providerCalls.filter((call) => call.method === "delete")).toEqual([]);
    expect(callsSince(sim, mark)).toEqual({});
    expect(stack.state.resources).toEqual([]);
    expect(sim.store.hostings["101"]?.sshKeys.map((key) => key.key)).toContain("a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7");
    expect(sim.store.zones["agency-demo.com"]).toEqual(e2e.simulator.demoState().zones["agency-demo.com"]);
  });
});

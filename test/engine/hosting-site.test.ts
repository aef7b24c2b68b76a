/**
 * The `hosting-site` example as a user runs it: the directory program (`Pulumi.yaml`, `index.ts`
 * compiled and type-checked by the Node.js language host), `pulumi` commands typed as in the
 * example's README, against the simulator's demo seed. Deploy; find nothing to change; keep
 * every secret out of the state; find three changes made outside Pulumi and put them back;
 * destroy back to the seed.
 *
 * The tests are the steps of one scenario on one stack, so they run in order (vitest runs a
 * file's tests sequentially) and each relies on the state the previous one left.
 */
import { expect, it } from "vitest";

import type { Simulator, SimState } from "../../packages/simulator/src";
import {
  callsSince,
  CliStack,
  describeEngine,
  displayedSteps,
  engineScenario,
  propertyDiffs,
  programDirectory,
  resourcesByName,
  SECRET_SIGNATURE,
  simulatorConfig,
  STEP_TIMEOUT,
  writesSince,
  type Deployment,
  type Engine,
} from "./harness";
import { expectSiteDestroyed, ORDER_OPERATIONS } from "../helpers/hosting-site";

const FTP_PASSWORD = "Release-Pass-2026";

let engine: Engine;
let sim: Simulator;
let stack: CliStack;

function appRecord(state: SimState) {
  return state.zones["agency-demo.com"]?.find((rrset) => rrset.name === "app.agency-demo.com." && rrset.type === "A");
}

describeEngine("the hosting-site example run by the Pulumi CLI as a directory program", () => {
  engineScenario("hosting-site", async (started) => {
    ({ engine, sim } = started);
    const dir = programDirectory(engine, "hosting-site", { example: "hosting-site" });
    stack = new CliStack(engine, dir, "dev");
    await stack.init([...simulatorConfig(sim), { key: "ftpPassword", value: FTP_PASSWORD, secret: true }]);
    return stack;
  });

  it(
    "pulumi up creates the 13 resources on the demo account without ordering the adopted domain",
    async () => {
      const up = await stack.run(["up", "--yes", "--skip-preview"]);

      expect(up.code, up.stdout + up.stderr).toBe(0);
      expect(up.stdout).toMatch(/\+ 14 created/);
      const resources = resourcesByName(await stack.export());
      expect([...resources.keys()].sort()).toEqual(
        [
          "alias",
          "app",
          "dmarc",
          "domain",
          "media",
          "php",
          "release-ftp",
          "release-ssh",
          "shop-certificate",
          "shop-csr",
          "shop-waf",
          "storage",
          "wordpress-grant",
        ].sort(),
      );
      expect(resources.get("app")?.id).toBe("agency-demo.com/app/A");
      expect(resources.get("wordpress-grant")?.retainOnDelete).toBe(true);
      const calls = callsSince(sim);
      for (const operation of ORDER_OPERATIONS) expect(calls[operation], operation).toBeUndefined();
      expect(sim.store.account.credit).toBe(1000);
      expect(appRecord(sim.store)?.records).toEqual([{ ip: "198.51.100.10" }]);
      const outputs = JSON.parse((await stack.ok(["stack", "output", "--json"])).stdout) as Record<string, unknown>;
      expect(outputs).toMatchObject({
        appFqdn: "app.agency-demo.com.",
        ftpLogin: "release@agency-demo.com",
        domainExpires: "2027-03-01",
        creditRemaining: 1000,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi preview --expect-no-changes exits 0 right after, and sends no write to the API",
    async () => {
      const mark = sim.requests.list().length;
      const preview = await stack.run(["preview", "--expect-no-changes"]);

      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).toMatch(/14 unchanged/);
      // The data sources read the account on every run; nothing else may reach the API.
      expect(writesSince(engine, sim, mark)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi preview --refresh --expect-no-changes, with and without --diff, exits 0 and names no property: the drift check is quiet",
    async () => {
      // A refresh returns only the inputs the program declared (provider/lifecycle/declared.ts):
      // the domain's contacts, read back but never set, do not show as `+adminContact`.
      for (const args of [["--diff"], []]) {
        const preview = await stack.run(["preview", "--refresh", "--expect-no-changes", ...args]);
        expect(preview.code, preview.stdout + preview.stderr).toBe(0);
        expect(propertyDiffs(preview.stdout), preview.stdout).toEqual([]);
        expect(preview.stdout).toMatch(/14 unchanged/);
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the API key, the FTP password, both private keys and the storage keys out of the state in clear text",
    async () => {
      const exported = await stack.export();
      const text = JSON.stringify(exported);
      const clear = resourcesByName(await stack.export({ showSecrets: true }));
      const plain = (value: unknown) => (value as { plaintext?: string } | undefined)?.plaintext;
      const live = sim.store.hostings["101"];
      const secrets = {
        apiKey: sim.apiKey,
        ftpPassword: FTP_PASSWORD,
        // `--show-secrets` exports a secret as `{ <signature>, plaintext: <its JSON text> }`.
        csrPrivateKey: JSON.parse(plain(clear.get("shop-csr")?.outputs?.privateKey) ?? "null") as unknown,
        certificatePrivateKey: JSON.parse(plain(clear.get("shop-certificate")?.outputs?.privateKey) ?? "null") as unknown,
        storageSecretKey: live?.objectStorage.secretKey,
        storageAccessKey: live?.objectStorage.accessKey,
      };
      for (const [what, secret] of Object.entries(secrets)) {
        expect(typeof secret === "string" && secret.length > 8, what).toBe(true);
        // A PEM key is probed by its base64 body, whatever its line breaks.
        const probe = String(secret)
          .replace(/-----[^-]+-----/g, "")
          .replace(/\s+/g, "")
          .slice(0, 64);
        expect(text.replace(/\\n/g, ""), what).not.toContain(probe);
      }

      const resources = resourcesByName(exported);
      const ciphertext = { [SECRET_SIGNATURE]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.stringMatching(/^v1:/) };
      expect(resources.get("release-ftp")?.inputs?.password).toEqual(ciphertext);
      expect(resources.get("release-ftp")?.outputs?.password).toEqual(ciphertext);
      expect(resources.get("shop-csr")?.outputs?.privateKey).toEqual(ciphertext);
      expect(resources.get("shop-certificate")?.outputs?.privateKey).toEqual(ciphertext);
      expect(resources.get("storage")?.outputs?.secretKey).toEqual(ciphertext);
      // The serialized providers capture nothing: no credential in any `__provider`.
      for (const [name, resource] of resources) {
        const provider = String(resource.outputs?.__provider ?? "");
        expect(provider.length, name).toBeGreaterThan(0);
        expect(provider, name).not.toContain(sim.apiUser);
      }
    },
    STEP_TIMEOUT,
  );

  let beforeDrift: Deployment;

  it(
    "pulumi preview --refresh --expect-no-changes exits 7 and names the three resources changed outside Pulumi, and their properties",
    async () => {
      beforeDrift = await stack.export();
      const hosting = sim.store.hostings["101"];
      const record = appRecord(sim.store);
      const fingerprint = resourcesByName(beforeDrift).get("release-ssh")?.outputs?.fingerprint;
      const key = hosting?.sshKeys.find((k) => k.key === fingerprint);
      const maxExecutionTime = hosting?.php.options["8.2"]?.max_execution_time;
      if (!record || !key || !maxExecutionTime)
        throw new Error("the deployment did not create the record or the key, or the seed lacks PHP 8.2 options");
      record.records = [{ ip: "203.0.113.99" }];
      key.comment = "someone's laptop";
      maxExecutionTime.value = "300";

      const mark = sim.requests.list().length;
      const preview = await stack.run(["preview", "--refresh", "--expect-no-changes"]);

      expect(preview.code, preview.stdout + preview.stderr).toBe(7);
      expect(preview.stderr).toContain("no changes were expected for preview but changes were proposed");
      // The refresh lines and the update lines both name the resource and the property: the
      // display computes `[diff: ...]` from the old and new values, since the dynamic-provider
      // host sends the engine no changed keys.
      expect(displayedSteps(preview.stdout, "refresh")).toEqual({ app: "~records", php: "~options", "release-ssh": "~comment" });
      expect(displayedSteps(preview.stdout, "update")).toEqual({ app: "~records", php: "~options", "release-ssh": "~comment" });
      expect(preview.stdout).toMatch(/~ 3 to update\s+11 unchanged/);
      // A preview refreshes in memory only: nothing written to the API or to the state.
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(resourcesByName(await stack.export()).get("app")?.outputs?.records).toEqual([{ value: "198.51.100.10" }]);
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi refresh --yes writes the three changes into the state, and pulumi up --yes puts the declared values back",
    async () => {
      const refresh = await stack.run(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.code, refresh.stdout + refresh.stderr).toBe(0);
      expect(displayedSteps(refresh.stdout, "updated")).toEqual({ app: "~records", php: "~options", "release-ssh": "~comment" });
      expect(refresh.stdout).toMatch(/~ 3 updated\s+11 unchanged/);
      expect(resourcesByName(await stack.export()).get("app")?.outputs?.records).toEqual([{ value: "203.0.113.99" }]);

      const mark = sim.requests.list().length;
      const up = await stack.run(["up", "--yes", "--skip-preview"]);
      expect(up.code, up.stdout + up.stderr).toBe(0);
      expect(up.stdout).toMatch(/~ 3 updated/);
      expect(writesSince(engine, sim, mark)).toEqual(["dns.modifyZone", "php.setOptions", "ssh.editKey"]);
      expect(appRecord(sim.store)?.records).toEqual([{ ip: "198.51.100.10" }]);
      expect(sim.store.hostings["101"]?.php.options["8.2"]?.max_execution_time?.value).toBe("120");
      const fingerprint = resourcesByName(beforeDrift).get("release-ssh")?.outputs?.fingerprint;
      expect(sim.store.hostings["101"]?.sshKeys.find((k) => k.key === fingerprint)?.comment).toBe("ci-release@agency-demo.com");

      const check = await stack.run(["preview", "--refresh", "--expect-no-changes"]);
      expect(check.code, check.stdout + check.stderr).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi destroy leaves the account at its seed but for what the README documents, and never orders the domain",
    async () => {
      const mark = sim.requests.list().length;
      const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);

      expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
      expect(destroy.stdout).toMatch(/- 14 deleted/);
      expect(resourcesByName(await stack.export()).size).toBe(0);
      // Released from state only: no call removes the domain or revokes the retained grant.
      expectSiteDestroyed(sim, mark, engine.simulator.demoState());
    },
    STEP_TIMEOUT,
  );
});

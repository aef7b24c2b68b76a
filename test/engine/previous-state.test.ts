/**
 * State written by the previous release, refreshed, updated and destroyed by this one through
 * the CLI: the checkpoint in `fixtures/previous-release/` holds shells of seven serialized
 * functions that `require("pulumi-hosting-reseller/runtime")`; this build writes shells that
 * `require` the type's module (docs/decisions/0043). Old state must keep working forever.
 *
 * The fixture was written by deploying {@link PROGRAM} with that release against the simulator
 * and running `pulumi stack export` (see the fixture's README). Its provider's `apiUrl` names
 * that run's simulator port, so the import rewrites it to this run's; the simulator gets the
 * records the old deployment left in it; the stack uses the old stack's encryption salt (the
 * suite's passphrase is the same), so the API key in the old provider's inputs decrypts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import {
  CliStack,
  describeEngine,
  displayedSteps,
  engineScenario,
  resourcesByName,
  simulatorConfig,
  STEP_TIMEOUT,
  typescriptProgram,
  type Deployment,
} from "./harness";

const FIXTURE = path.join(__dirname, "fixtures", "previous-release");

/** The program the fixture was deployed with; the project name is part of its URNs. */
const PROGRAM = `import { DnsRecordSet, SshKey } from "pulumi-hosting-reseller";
import * as pulumi from "@pulumi/pulumi";
const config = new pulumi.Config();
const record = new DnsRecordSet("api", { domain: "agency-demo.com", hostingId: 101, name: "api", type: "A", ttl: config.requireNumber("ttl"), records: ["198.51.100.60"] });
new SshKey("ci", { hostingId: 101, publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJohwVmiY9rpWqLoNv1xI+3eIzDYUsvce6tXQMsouNpq ci" });
export const fqdn = record.fqdn;
`;

type Checkpoint = Deployment & { deployment: { secrets_providers: { state: { salt: string } } } };

/** What the previous release left in the simulator: the zone's records and hosting 101's keys. */
interface SimulatorRecords {
  zone: unknown[];
  sshKeys: unknown[];
}

const checkpoint = JSON.parse(readFileSync(path.join(FIXTURE, "checkpoint.json"), "utf8")) as Checkpoint;
const left = JSON.parse(readFileSync(path.join(FIXTURE, "simulator.json"), "utf8")) as SimulatorRecords;

function shellsOf(deployment: Deployment): Map<string, { inputs: string; outputs: string }> {
  return new Map(
    [...resourcesByName(deployment)]
      .filter(([, r]) => r.type.startsWith("pulumi-nodejs:dynamic/"))
      .map(([name, r]) => [name, { inputs: String(r.inputs?.__provider), outputs: String(r.outputs?.__provider) }]),
  );
}

const scenario = engineScenario("previous-state", async ({ engine, sim }) => {
  const dir = typescriptProgram(engine, "previous-state", PROGRAM);
  const stack = new CliStack(engine, dir, "dev", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init([]);
  const stackConfig = path.join(dir, "Pulumi.dev.yaml");
  const salt = checkpoint.deployment.secrets_providers.state.salt;
  writeFileSync(stackConfig, readFileSync(stackConfig, "utf8").replace(/^encryptionsalt: .*$/m, `encryptionsalt: ${salt}`));
  for (const entry of [...simulatorConfig(sim), { key: "ttl", value: "3600" }])
    await stack.ok(["config", "set", entry.key, entry.value, ...(entry.secret ? ["--secret"] : ["--plaintext"])]);

  const oldUrl = (checkpoint.deployment.resources ?? []).find((r) => r.type === "pulumi:providers:pulumi-nodejs")?.inputs?.[
    "reseller:apiUrl"
  ];
  if (typeof oldUrl !== "string") throw new Error("the fixture's default provider has no reseller:apiUrl");
  const file = path.join(dir, "previous-release.json");
  writeFileSync(file, JSON.stringify(checkpoint).split(JSON.stringify(oldUrl)).join(JSON.stringify(sim.url)));
  sim.store.zones["agency-demo.com"] = left.zone as (typeof sim.store.zones)[string];
  sim.store.hostings["101"]!.sshKeys = left.sshKeys as NonNullable<(typeof sim.store.hostings)[string]>["sshKeys"];
  await stack.ok(["stack", "import", "--file", file]);
  return stack;
});

describeEngine("state written by the previous release, with this build installed", () => {
  it(
    "refreshes the old state, finding nothing changed",
    async () => {
      const { stack } = scenario;
      const before = await stack.export();
      // The fixture is what it claims: every dynamic resource holds the old shell.
      for (const [name, shell] of shellsOf(before)) {
        expect(shell.inputs, name).toContain('require("pulumi-hosting-reseller/runtime")');
        expect(shell.inputs.length, name).toBeGreaterThan(1500);
      }
      const refresh = await stack.ok(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.stdout).toMatch(/Resources:\s+3 unchanged/);
      const after = resourcesByName(await stack.export());
      for (const [name, resource] of resourcesByName(before)) expect(after.get(name)?.id, name).toBe(resource.id);
    },
    STEP_TIMEOUT,
  );

  it(
    "updates a resource in place, writing this build's short shell",
    async () => {
      const { sim, stack } = scenario;
      await stack.ok(["config", "set", "ttl", "600"]);
      const up = await stack.ok(["up", "--yes", "--skip-preview"]);

      expect(displayedSteps(up.stdout, "updated")).toEqual({ api: "~ttl" });
      expect(sim.store.zones["agency-demo.com"]?.find((r) => r.name === "api.agency-demo.com." && r.type === "A")?.ttl).toBe(600);
      const shells = shellsOf(await stack.export());
      expect([...shells.keys()].sort()).toEqual(["api", "ci"]);
      const api = shells.get("api")!;
      for (const text of [api.inputs, api.outputs]) {
        expect(text).toContain('require("pulumi-hosting-reseller/dist/shells/DnsRecordSet.js")');
        expect(text.length).toBeLessThanOrEqual(500);
      }
      // The SSH key did not change: its outputs stay as the old release wrote them, its inputs are this build's.
      expect(shells.get("ci")?.inputs).toContain('require("pulumi-hosting-reseller/dist/shells/SshKey.js")');
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys, with the old shell for the unchanged key's outputs and the new one for the record",
    async () => {
      const { engine, sim, stack } = scenario;
      const destroy = await stack.ok(["destroy", "--yes", "--skip-preview"]);

      expect(destroy.stdout).toMatch(/- 3 deleted/);
      const seed = engine.simulator.demoState();
      expect(sim.store.zones["agency-demo.com"]).toEqual(seed.zones["agency-demo.com"]);
      expect(sim.store.hostings["101"]?.sshKeys).toEqual(seed.hostings["101"]?.sshKeys);
    },
    STEP_TIMEOUT,
  );
});

/**
 * The README's complete example is a program that works: its TypeScript block, compiled into
 * the program directory of the installed package, deploys against the simulator's `demo` seed
 * through the testing toolkit, then finds nothing to change on a refreshing preview, and a
 * destroy leaves the domain registered (adopted, released from state only) and orders nothing.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import * as ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as SimulatorModule from "../../packages/simulator/src";
import type * as TestingModule from "../../packages/testing/src";
import { readmeExample } from "../helpers/readme";
import { installedPackage } from "./package";
import { FTP_PASSWORD, simulatorConfig } from "./harness";

let sim: SimulatorModule.Simulator;
let stack: TestingModule.TestStack;

beforeAll(async () => {
  const pkg = await installedPackage();
  // CommonJS, as `pulumi up` runs a program; wrapped in a function that returns its exports,
  // the stack outputs. Written into the program directory so its imports resolve there.
  const output = ts.transpileModule(readmeExample(), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  const hash = createHash("sha256").update(output).digest("hex").slice(0, 12);
  const file = path.join(pkg.dir, "programs", `readme-example-${hash}.js`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `module.exports = function program() {\nconst exports = {};\n${output}\nreturn exports;\n};\n`);
  const program = pkg.require(file) as () => Record<string, unknown>;

  const simulator = pkg.require("pulumi-hosting-reseller/simulator") as typeof SimulatorModule;
  const testing = pkg.require("pulumi-hosting-reseller/testing") as typeof TestingModule;
  sim = await simulator.startSimulator({ seed: "demo" });
  stack = await testing.createTestStack({
    workDir: pkg.dir,
    project: "readme-example",
    stack: "e2e",
    config: { ...simulatorConfig(sim), "readme-example:ftpPassword": { secret: FTP_PASSWORD } },
    program,
  });
}, 300_000);

afterAll(async () => {
  await stack?.close();
  await sim?.close();
});

describe("the README's example", () => {
  it("deploys against the demo seed, then a refreshing preview finds nothing to change", async () => {
    const up = await stack.up();
    expect(up.resourceChanges).toEqual({ create: 6 });
    expect(stack.stackOutputs()).toMatchObject({ ftpLogin: "release@agency-demo.com", expires: "2027-03-01", credit: 1000 });
    expect((await stack.preview({ refresh: true })).resourceChanges).toEqual({ same: 6 });
  }, 120_000);

  it("destroys all but the protected domain, which stays registered, and never orders anything", async () => {
    await expect(stack.destroy()).rejects.toThrow(/protect/);
    expect(sim.store.zones["agency-demo.com"]?.some((rrset) => rrset.name === "app.agency-demo.com.")).toBe(false);
    expect(sim.store.hostings["101"]?.ftpAccounts.some((account) => account.username === "release@agency-demo.com")).toBe(false);
    expect(sim.requests.count("domains.register") + sim.requests.count("domains.renew")).toBe(0);
    expect(sim.store.domains["agency-demo.com"]?.registrationStatus).toBe("Active");
  }, 120_000);
});

/**
 * What the end-to-end test files share: the installed package's modules, typed through the
 * sources (type-only imports, erased at run time), the `hosting-site` example loaded from the
 * program directory, and the stack config a user would set for the simulator.
 */
import type * as PulumiModule from "@pulumi/pulumi";

import type * as SimulatorModule from "../../packages/simulator/src";
import type * as TestingModule from "../../packages/testing/src";
import { installedPackage, loadExample, type InstalledPackage } from "./package";

/**
 * The `hosting-site` example's module, as the tests use it. Declared here rather than imported
 * from the example, whose imports only resolve once the package is built.
 *
 * @example
 * const site = loadExample(pkg, "hosting-site/site.ts") as HostingSiteModule;
 */
export interface HostingSiteModule {
  hostingSite(config: Record<string, unknown>): Record<string, unknown>;
  demoSiteConfig: Record<string, unknown> & { hostingId: number; domain: string };
}

/**
 * Everything an end-to-end test file needs, loaded from the installed package.
 *
 * @example
 * const e2e = await loadE2e();
 * const sim = await e2e.simulator.startSimulator({ seed: "demo" });
 */
export interface E2e {
  pkg: InstalledPackage;
  pulumi: typeof PulumiModule;
  testing: typeof TestingModule;
  simulator: typeof SimulatorModule;
  site: HostingSiteModule;
}

/**
 * Installs (or reuses) the packed package and loads the modules from its program directory.
 *
 * @example
 * beforeAll(async () => { e2e = await loadE2e(); }, 300_000);
 */
export async function loadE2e(): Promise<E2e> {
  const pkg = await installedPackage();
  return {
    pkg,
    pulumi: pkg.require("@pulumi/pulumi") as typeof PulumiModule,
    testing: pkg.require("pulumi-hosting-reseller/testing") as typeof TestingModule,
    simulator: pkg.require("pulumi-hosting-reseller/simulator") as typeof SimulatorModule,
    site: loadExample(pkg, "hosting-site/site.ts") as HostingSiteModule,
  };
}

/**
 * The FTP password the tests give the site; it must never reach the state in clear text.
 *
 * @example
 * site.hostingSite({ ...site.demoSiteConfig, ftpPassword: pulumi.secret(FTP_PASSWORD) });
 */
export const FTP_PASSWORD = "Release-Pass-2026";

/**
 * Stack config for a simulator, as `pulumi config set` would store it: the API key is secret.
 * The read cache stays on: the test stack starts a new provider process for every operation, as
 * the CLI does, so a zone read cached in one operation never hides a change made before the next.
 *
 * @example
 * createTestStack({ config: simulatorConfig(sim), ... });
 */
export function simulatorConfig(sim: SimulatorModule.Simulator): TestingModule.StackConfig {
  return {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": { secret: sim.apiKey },
    "reseller:apiVersion": "v4",
  };
}

/**
 * Operation ids the simulator served since `from` (an index into its request log), counted.
 *
 * @example
 * const mark = sim.requests.list().length;
 * await stack.up();
 * expect(callsSince(sim, mark)["domains.register"]).toBeUndefined();
 */
export function callsSince(sim: SimulatorModule.Simulator, from = 0): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of sim.requests.list().slice(from)) counts[entry.id] = (counts[entry.id] ?? 0) + 1;
  return counts;
}

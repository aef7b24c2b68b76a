/**
 * Vitest global setup: finds the Pulumi CLI the engine suite runs (`PULUMI_CLI_DIR`, a `pulumi`
 * on `PATH`, or the cached build of `npm run pulumi-cli`), once for the whole run, and hands it
 * to every test file (`inject("pulumiCli")`), so that all files run the same CLI and none probes
 * for it again. Without a CLI the engine suite is skipped, unless `REQUIRE_PULUMI_CLI=1`, where
 * `test/engine/cli.test.ts` fails instead.
 */
import type { TestProject } from "vitest/node";

import { repoPulumiCli } from "../../scripts/lib/pulumi-cli";
import type { PulumiCli } from "../../packages/testing/src/cli";

declare module "vitest" {
  export interface ProvidedContext {
    pulumiCli: PulumiCli | null;
  }
}

export default function setup(project: TestProject): void {
  project.provide("pulumiCli", repoPulumiCli() ?? null);
}

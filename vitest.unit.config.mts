import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.mts";

/**
 * `npm run test:unit`: the tests that need neither the npm registry nor a packed build, and that
 * fit in about a minute on two cores. Left to the full `npm test` (the README's command and CI's):
 *
 * - `test/e2e/`, `test/cli/generate-program.test.ts`: they build, `npm pack` and install the
 *   package with `@pulumi/pulumi` from the registry into a program directory;
 * - `test/engine/`: the real Pulumi CLI against the simulator, with the packed package installed
 *   (`npm run test:engine`);
 * - `test/testing/`: the testing toolkit against the real dynamic-provider host, which starts a
 *   host process per operation (over a minute on its own).
 *
 * Everything else runs: the client, the simulator, the contract between them, every resource's
 * lifecycle through the runtime, the data sources, `reseller generate` and `ping`, the examples
 * under mocks, and the documentation checks.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        "test/e2e/**",
        "test/engine/**",
        "test/native/**",
        "test/cli/generate-program.test.ts",
        "test/testing/**",
      ],
    },
  }),
);

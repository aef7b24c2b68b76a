import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests start real loopback servers; two workers match the two cores of CI machines.
    pool: "forks",
    maxWorkers: 2,
    // Finds the Pulumi CLI once for the engine suite (test/engine/), which is skipped without one.
    globalSetup: ["test/engine/setup.ts"],
    // A PULUMI_HOME per test file, emptied before each test (test/helpers/pulumi-home.ts).
    setupFiles: ["test/helpers/pulumi-home.ts"],
  },
});

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The workspace packages and `./contract` as their sources, as tsconfig.json's `paths` say. */
const source = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

// TEST_TIME_SCALE multiplies every limit of the suite: these defaults, and the longer limits of
// tests that start processes (test/helpers/time.ts, which also rejects a value that is not a
// positive number).
const scale = Number(process.env.TEST_TIME_SCALE || "1");

export default defineConfig({
  resolve: {
    alias: [
      { find: /^pulumi-hosting-reseller\/contract$/, replacement: source("./src/contract.ts") },
      { find: /^@pulumi-hosting-reseller\/simulator$/, replacement: source("./packages/simulator/src/index.ts") },
      { find: /^@pulumi-hosting-reseller\/simulator\/cli$/, replacement: source("./packages/simulator/src/cli.ts") },
      { find: /^@pulumi-hosting-reseller\/testing$/, replacement: source("./packages/testing/src/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000 * scale,
    hookTimeout: 60_000 * scale,
    // Tests start real loopback servers; two workers match the two cores of CI machines.
    pool: "forks",
    maxWorkers: 2,
    // Finds the Pulumi CLI once for the engine suite (test/engine/), which is skipped without one;
    // creates the registry of the processes tests start, and ends what is left of them at the end
    // (test/helpers/processes-global.ts).
    globalSetup: ["test/engine/setup.ts", "test/helpers/processes-global.ts"],
    // A PULUMI_HOME per test file, emptied before each test (test/helpers/pulumi-home.ts); the
    // processes a file started are ended when it ends (test/helpers/processes-file.ts).
    setupFiles: ["test/helpers/pulumi-home.ts", "test/helpers/processes-file.ts"],
    // A run of the whole suite (this config, no file filters) also writes .tmp/test-run.json, the
    // record the README's figure for `npm test` comes from (test/helpers/run-record.ts).
    reporters: ["default", "./test/helpers/run-record.ts"],
  },
});

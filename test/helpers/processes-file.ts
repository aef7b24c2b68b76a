/**
 * Setup file of every test file (vitest.config.mts `setupFiles`): joins the run's process
 * registry (test/helpers/processes-global.ts), so that every process the file starts carries
 * this worker's tag, and ends what is still running once the file's own `afterAll` hooks ran: a
 * test that timed out leaves its commands and hosts behind, and they would otherwise compete for
 * the machine with every file that runs after it.
 */
import { afterAll, inject } from "vitest";

import { joinRegistry, reap } from "./processes";

const dir = inject("processRegistry");
joinRegistry(dir);

afterAll(async () => {
  await reap({ dir, worker: process.pid });
});

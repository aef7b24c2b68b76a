/**
 * Vitest global setup: the registry of the processes tests start (test/helpers/processes.ts),
 * created before any test file runs and handed to every file (`inject("processRegistry")`); its
 * teardown, after the last file, ends what any file left running, including the processes of a
 * worker that died before its file's own reaping ran.
 */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";

import { createRegistry, reap } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    processRegistry: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = createRegistry();
  project.provide("processRegistry", dir);
  return async () => {
    try {
      await reap({ dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

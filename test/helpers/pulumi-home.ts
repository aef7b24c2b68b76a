/**
 * Setup file of every test file (vitest.config.mts `setupFiles`): a `PULUMI_HOME` of its own, so
 * the records settings' creates write of what they found (`$PULUMI_HOME/reseller/found/`,
 * decision 0028) never land in the real home, and emptied before each test, so that a record
 * one test leaves (a create without its destroy) cannot change what a later test's create finds
 * on the same simulator. Child processes (the dynamic-provider hosts of the testing toolkit)
 * inherit it; the engine suite gives the CLI a home of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeEach } from "vitest";

const home = mkdtempSync(path.join(tmpdir(), "reseller-test-home-"));
process.env.PULUMI_HOME = home;

beforeEach(() => {
  rmSync(path.join(home, "reseller"), { recursive: true, force: true });
});

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

/**
 * `npm run demo` (scripts/demo.ts) as a user runs it: with the real Pulumi CLI when one is found,
 * where its first line names the CLI and its version and its summary names the drifted resources
 * and properties from the engine's events; and without one, through the testing toolkit, saying
 * so. Both runs use `.tmp/demo/`, so they run one after the other. Each run's output, through the
 * masks of `npm run docs:samples`, is the sample docs/demo.md shows for its engine.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { committedSample, maskCliPath, maskSample } from "../../scripts/doc-samples";
import { installedPackage, repositoryRoot } from "../e2e/package";
import { pulumiCli } from "./harness";

const DEMO_TIMEOUT = 300_000;

/** Runs the demo script with `env` over a copy of this process's environment without PULUMI_* variables. */
function runDemo(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(PULUMI_|RESELLER_|npm_)/.test(entry[0]),
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repositoryRoot, "node_modules", ".bin", "tsx"), ["scripts/demo.ts"], {
      cwd: repositoryRoot,
      env: { ...base, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The summary's drift line, its entries sorted: `app (DnsRecordSet): records`, ... */
function driftLine(output: string): string[] {
  const line = /^ {2}drift found by refresh: (.*)$/m.exec(output)?.[1] ?? "";
  return line.split("; ").sort();
}

describe("npm run demo", () => {
  let emptyCache: string;

  beforeAll(async () => {
    // The demo runs the built package (`npm run demo` builds first): build it when stale.
    await installedPackage();
    emptyCache = mkdtempSync(path.join(tmpdir(), "demo-no-cli-"));
  }, DEMO_TIMEOUT);

  afterAll(() => {
    rmSync(emptyCache, { recursive: true, force: true });
  });

  it.runIf(pulumiCli !== null)(
    "runs through the real Pulumi CLI, named with its version on the first line, and names the drifted properties the engine reported",
    async () => {
      const { code, output } = await runDemo({ PULUMI_CLI_DIR: pulumiCli!.dir });

      expect(code, output).toBe(0);
      expect(output.split("\n")[0]).toBe(
        `Running the hosting-site example with the real Pulumi CLI v${pulumiCli!.version} (${pulumiCli!.pulumi}, from PULUMI_CLI_DIR): Automation API, inline program, local file backend in .tmp/demo/state.`,
      );
      expect(output).toMatch(/^== refresh: 12 same, 2 update /m);
      expect(driftLine(output)).toEqual(["app (DnsRecordSet): records", "php (PhpOptions): options"]);
      expect(output).toContain("credit 1000 USD; domain orders placed: 0");
      expect(committedSample("demo-cli"), "docs/demo.md is out of date: run npm run docs:samples -- demo-cli").toBe(
        `${maskSample(maskCliPath(output, pulumiCli!.dir)).trimEnd()}\n`,
      );
    },
    DEMO_TIMEOUT,
  );

  it(
    "falls back to the testing toolkit without a Pulumi CLI, and says so",
    async () => {
      // No CLI anywhere: none on PATH (the Node directory only), an empty build cache.
      const { code, output } = await runDemo({ PATH: path.dirname(process.execPath), PULUMI_CLI_CACHE: emptyCache });

      expect(code, output).toBe(0);
      expect(output.split("\n")[0]).toMatch(/^Pulumi CLI not found: running the hosting-site example through the testing toolkit/);
      expect(driftLine(output)).toEqual(["app (DnsRecordSet): records", "php (PhpOptions): options"]);
      expect(committedSample("demo-toolkit"), "docs/demo.md is out of date: run npm run docs:samples -- demo-toolkit").toBe(
        `${maskSample(output).trimEnd()}\n`,
      );
    },
    DEMO_TIMEOUT,
  );
});

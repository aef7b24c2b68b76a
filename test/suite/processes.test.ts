/**
 * The suite ends the processes its tests start (test/helpers/processes.ts), even those of a test
 * that timed out and of a worker that died: a vitest run of its own, in a subprocess, with the
 * suite's global setup and setup file, whose tests start sleepers three ways (in a recorded
 * process group, as plain children, and as a grandchild that leaves its parent's group and
 * session, as the Pulumi CLI's plugins leave the CLI's group) and then time out or kill their
 * own worker. Once that run has ended, none of the sleepers may be running.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { runInnerVitest } from "../helpers/inner-vitest";
import { STEP_TIMEOUT } from "../helpers/time";

const root = path.resolve(__dirname, "../..");
// Under the repository, so that the inner run's files resolve `vitest` from its node_modules.
const dir = path.join(root, ".tmp", `processes-test-${process.pid}`);
const pidsFile = path.join(dir, "pids.txt");

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What each inner test file runs first: three sleepers, whose ids it writes to `pids.txt`. */
const sleepers = `
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { recordGroup } from ${JSON.stringify(path.join(root, "test/helpers/processes"))};

export async function startSleepers(file: string): Promise<void> {
  const grouped = spawn("sleep", ["600"], { detached: true, stdio: "ignore" });
  recordGroup(grouped.pid!);
  const plain = spawn("sleep", ["600"], { stdio: "ignore" });
  const script = 'const c = require("node:child_process").spawn("sleep", ["600"], { detached: true, stdio: "ignore" }); console.log(c.pid); setInterval(() => {}, 1000);';
  const parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const escaped = await new Promise<number>((resolve) => createInterface({ input: parent.stdout! }).once("line", (line) => resolve(Number(line))));
  const pids = [grouped.pid, plain.pid, parent.pid, escaped];
  appendFileSync(${JSON.stringify(pidsFile)}, pids.map((pid) => file + " " + pid + "\\n").join(""));
}
`;

const innerFiles: Record<string, string> = {
  "vitest.config.mjs": `export default {
  test: {
    include: ["*.test.ts"],
    // The sleepers start in a hook, which may take long on a busy machine; the tests then time out.
    testTimeout: 1000,
    hookTimeout: ${STEP_TIMEOUT},
    pool: "forks",
    globalSetup: [${JSON.stringify(path.join(root, "test/helpers/processes-global.ts"))}],
    setupFiles: [${JSON.stringify(path.join(root, "test/helpers/processes-file.ts"))}],
  },
};
`,
  "sleepers.ts": sleepers,
  "timed-out.test.ts": `import { beforeAll, it } from "vitest";
import { startSleepers } from "./sleepers";

beforeAll(() => startSleepers("timed-out"));

it("never ends", async () => {
  await new Promise(() => {});
});
`,
  "worker-dies.test.ts": `import { beforeAll, it } from "vitest";
import { startSleepers } from "./sleepers";

beforeAll(() => startSleepers("worker-dies"));

it("kills its own worker", () => {
  process.kill(process.pid, "SIGKILL");
});
`,
};

/** Whether `pid` runs (a zombie has ended: only its parent has yet to collect it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!);
  } catch {
    return false;
  }
}

function runInner(): Promise<{ code: number | null; output: string }> {
  return runInnerVitest(dir, ["--config", path.join(dir, "vitest.config.mjs")]);
}

describe.skipIf(process.platform !== "linux")("the suite's reaping of the processes tests start", () => {
  it(
    "leaves no sleeper running once a run ends where a test timed out and a worker died, wherever the sleeper was started",
    async () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      for (const [name, text] of Object.entries(innerFiles)) writeFileSync(path.join(dir, name), text);

      const { code, output } = await runInner();

      // The run went as planned: one test timed out, and a worker died.
      expect(code, output).not.toBe(0);
      expect(output).toMatch(/Test timed out in 1000ms/);
      expect(existsSync(pidsFile), output).toBe(true);
      const started = readFileSync(pidsFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(" "));
      expect(started.map(([file]) => file).sort()).toEqual([...Array(4).fill("timed-out"), ...Array(4).fill("worker-dies")]);
      const left = started.filter(([, pid]) => running(Number(pid)));
      for (const [, pid] of left) process.kill(Number(pid), "SIGKILL");
      expect(left, output).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});

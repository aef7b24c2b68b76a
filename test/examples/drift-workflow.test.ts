/**
 * The drift-check example's GitHub Actions workflow: its triggers, and its shell steps run for
 * real with a stand-in `pulumi` on PATH that answers the way each CLI version does.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { examplesDir, readYaml } from "./load";

const run = promisify(execFile);

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  env: Record<string, string>;
  jobs: { drift: { steps: Step[] } };
}

const workflow = readYaml(path.join(examplesDir, "drift-check", ".github", "workflows", "drift.yml")) as Workflow;
const steps = workflow.jobs.drift.steps;
const step = (name: string): Step => {
  const found = steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step named "${name}"`);
  return found;
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "drift-workflow-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs a step's script with bash as GitHub runs it (`bash -e`), with a fake `pulumi` that prints
 * `output` and exits with `code`, and returns what the step wrote to its outputs and summary.
 */
async function runStep(script: string, env: Record<string, string>, pulumi?: { code: number; output: string }) {
  const work = mkdtempSync(path.join(dir, "run-"));
  const bin = path.join(work, "bin");
  mkdirSync(bin);
  if (pulumi) {
    const fake = path.join(bin, "pulumi");
    writeFileSync(fake, `#!/usr/bin/env bash\necho "args: $*"\ncat <<'OUT'\n${pulumi.output}\nOUT\nexit ${pulumi.code}\n`);
    chmodSync(fake, 0o755);
  }
  const files = { output: path.join(work, "output"), summary: path.join(work, "summary") };
  writeFileSync(files.output, "");
  writeFileSync(files.summary, "");
  const result = await run("bash", ["-e", "-c", script], {
    cwd: work,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      STACK: "prod",
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_RUN_ID: "42",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "agency/infra",
      ...env,
    },
  }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? 1,
  );
  const outputs = Object.fromEntries(
    readFileSync(files.output, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("=") as [string, string]),
  );
  return { exitCode: result, outputs, summary: readFileSync(files.summary, "utf8"), work };
}

describe("the drift workflow", () => {
  it("runs on a schedule, on pull requests and by hand, and may comment on pull requests", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "schedule", "workflow_dispatch"]);
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \* \* \*$/) }]);
    expect(workflow.permissions["pull-requests"]).toBe("write");
    expect(workflow.env).toMatchObject({
      RESELLER_API_USER: "${{ secrets.RESELLER_API_USER }}",
      RESELLER_API_KEY: "${{ secrets.RESELLER_API_KEY }}",
    });
    expect(steps.find((s) => s.uses?.startsWith("pulumi/actions@"))?.with?.["pulumi-version"]).toBe("^3.227.0");
    expect(step("Comment on the pull request").uses).toMatch(/^actions\/github-script@/);
  });

  const preview = () => step("Preview with refresh, expecting no changes").run ?? "";

  it("runs pulumi preview with --refresh and --expect-no-changes on the configured stack", async () => {
    const result = await runStep(preview(), {}, { code: 0, output: "Resources: 4 unchanged" });
    const printed = readFileSync(path.join(result.work, "preview.txt"), "utf8");
    expect(printed).toContain("args: preview --stack prod --refresh --expect-no-changes");
    expect(result).toMatchObject({ exitCode: 0, outputs: { result: "clean", "exit-code": "0" } });
  });

  it("treats exit code 7 as drift", async () => {
    const result = await runStep(preview(), {}, { code: 7, output: "~ status update [diff: ~records]" });
    expect(result).toMatchObject({ exitCode: 0, outputs: { result: "changes", "exit-code": "7" } });
  });

  it("tells drift from an error on CLIs before 3.227, which exit 255 for both", async () => {
    const drift = await runStep(preview(), {}, { code: 255, output: "error: no changes were expected but changes were proposed" });
    expect(drift.outputs).toEqual({ result: "changes", "exit-code": "255" });
    const failure = await runStep(preview(), {}, { code: 255, output: "error: failed to load plugin" });
    expect(failure.outputs).toEqual({ result: "error", "exit-code": "255" });
  });

  it("writes a job summary that names the stack, the outcome and the preview", async () => {
    const script = step("Write the summary").run ?? "";
    const scheduled = await runStep(`printf '~ status update\\n' > preview.txt\n${script}`, {
      RESULT: "changes",
      EXIT_CODE: "7",
      EVENT: "schedule",
    });
    expect(scheduled.exitCode).toBe(0);
    expect(scheduled.summary).toContain("<!-- pulumi-drift-check:prod -->");
    expect(scheduled.summary).toContain("Drift found in stack `prod`");
    expect(scheduled.summary).toContain("~ status update");
    expect(readFileSync(path.join(scheduled.work, "summary.md"), "utf8")).toBe(scheduled.summary);

    const pullRequest = await runStep(`: > preview.txt\n${script}`, { RESULT: "changes", EXIT_CODE: "7", EVENT: "pull_request" });
    expect(pullRequest.summary).toContain("the changes this pull request makes");
    const clean = await runStep(`: > preview.txt\n${script}`, { RESULT: "clean", EXIT_CODE: "0", EVENT: "schedule" });
    expect(clean.summary).toContain("No drift");
  });

  it("fails a scheduled run on drift or error, and a pull request only on error", async () => {
    const script = step("Fail on drift or error").run ?? "";
    const outcome = async (RESULT: string, EVENT: string) => (await runStep(script, { RESULT, EVENT })).exitCode;
    expect(await outcome("clean", "schedule")).toBe(0);
    expect(await outcome("changes", "schedule")).not.toBe(0);
    expect(await outcome("error", "schedule")).not.toBe(0);
    expect(await outcome("changes", "pull_request")).toBe(0);
    expect(await outcome("error", "pull_request")).not.toBe(0);
    expect(await outcome("", "schedule")).not.toBe(0);
  });
});

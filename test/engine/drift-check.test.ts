/**
 * The `drift-check` example's GitHub Actions workflow, run locally with the real Pulumi CLI
 * against a deployed `prod` stack: its shell steps exactly as written in
 * `.github/workflows/drift.yml`, in order, with the job's environment, the `if:` conditions and
 * the step outputs as GitHub would evaluate them.
 *
 * The `uses:` steps are what a runner provides and are stood in for, not run: `checkout` (the
 * program directory is here), `setup-node` (this Node), `pulumi/actions` (the CLI under test,
 * first on PATH) and `github-script` (the pull request comment, which needs the GitHub API; the
 * test checks the comment's condition and the body it would post). The `npm ci` step is not run
 * either: the program's dependencies are the packed package installed in the directory that
 * holds the program (test/e2e/package.ts); the example's own `package.json` points at the
 * repository with `file:../..`.
 *
 * One stack, one scenario: clean, then drift made in the simulator, then converged, so the
 * tests run in order.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import type { SimState } from "../../packages/simulator/src";
import { examplesDir, readYaml } from "../examples/load";
import {
  CliStack,
  describeEngine,
  displayedSteps,
  engineScenario,
  programDirectory,
  propertyDiffs,
  resourcesByName,
  STEP_TIMEOUT,
} from "./harness";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  id?: string;
  env?: Record<string, string>;
  "working-directory"?: string;
}
interface Workflow {
  env: Record<string, string>;
  jobs: { drift: { steps: Step[] } };
}

const workflow = readYaml(path.join(examplesDir, "drift-check", ".github", "workflows", "drift.yml")) as Workflow;

/** The steps a runner provides, stood in for as the file header says. */
const PROVIDED = [/^actions\/checkout@/, /^actions\/setup-node@/, /^pulumi\/actions@/, /^actions\/github-script@/];
const NOT_RUN = new Set(["Install the program's dependencies"]);

/** What one run of the job did. */
interface JobRun {
  /** Steps in order: whether each ran, and its exit code. */
  steps: { name: string; ran: boolean; code?: number }[];
  /** `$GITHUB_OUTPUT` of the step with `id: preview`. */
  preview: Record<string, string>;
  /** `$GITHUB_STEP_SUMMARY` as written. */
  summary: string;
  /** The job failed (a step that ran exited non-zero). */
  failed: boolean;
  /** The program directory's `preview.txt`, the CLI's output as the workflow saved it. */
  previewText: string;
}

let secrets: Record<string, string>;

const scenario = engineScenario("drift-check", async ({ engine, sim }) => {
  secrets = {
    PULUMI_BACKEND_URL: engine.env.PULUMI_BACKEND_URL!,
    PULUMI_CONFIG_PASSPHRASE: engine.env.PULUMI_CONFIG_PASSPHRASE!,
    RESELLER_API_USER: sim.apiUser,
    RESELLER_API_KEY: sim.apiKey,
  };
  const dir = programDirectory(engine, "drift-check", { example: "drift-check" });
  // Credentials from the environment, as the workflow gives them; the API address is the
  // simulator's, as a runner's environment would give it (the workflow targets the real API).
  // The program is type-checked by `npm run typecheck`: transpiling only keeps runs short.
  const stack = new CliStack(engine, dir, "prod", {
    RESELLER_API_URL: sim.url,
    RESELLER_API_USER: sim.apiUser,
    RESELLER_API_KEY: sim.apiKey,
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  });
  await stack.init([]);
  await stack.ok(["up", "--yes", "--skip-preview"]);
  return stack;
});

/** The zone as the first deployment left it. */
let deployedZone: SimState["zones"][string];

/**
 * Evaluates the few GitHub expressions the workflow uses (`${{ secrets.X }}`, `${{ env.X }}`,
 * `${{ github.event_name }}`, `${{ steps.preview.outputs.X }}`); anything else fails the test,
 * so a change to the workflow cannot slip by unevaluated.
 */
function evaluate(expression: string, context: { event: string; env: Record<string, string>; preview: Record<string, string> }): string {
  const value = expression.trim();
  const match = /^(secrets|env|steps\.preview\.outputs)\.([\w-]+)$/.exec(value);
  if (match) {
    const [, scope, key] = match as unknown as [string, string, string];
    if (scope === "secrets") return secrets[key] ?? "";
    if (scope === "env") return context.env[key] ?? "";
    return context.preview[key] ?? "";
  }
  if (value === "github.event_name") return context.event;
  throw new Error(`the test does not know how to evaluate \${{ ${value} }}`);
}

function substitute(text: string, context: Parameters<typeof evaluate>[1]): string {
  return text.replace(/\$\{\{([^}]*)\}\}/g, (_, expression: string) => evaluate(expression, context));
}

/** A step's `if:` (`always()`, `==`, `!=`, joined by `&&`), with GitHub's default `success()`. */
function condition(step: Step, failed: boolean, context: Parameters<typeof evaluate>[1]): boolean {
  if (!step.if) return !failed;
  let always = false;
  const result = step.if.split("&&").every((term) => {
    const t = term.trim();
    if (t === "always()") return (always = true);
    const comparison = /^([\w.-]+)\s*(==|!=)\s*'([^']*)'$/.exec(t);
    if (!comparison) throw new Error(`the test does not know how to evaluate the condition ${t}`);
    const [, left, operator, right] = comparison as unknown as [string, string, string, string];
    const value = evaluate(left, context);
    return operator === "==" ? value === right : value !== right;
  });
  return result && (always || !failed);
}

/** Runs the drift job for an event (`schedule`, `pull_request`) as the file header describes. */
async function runJob(event: string): Promise<JobRun> {
  const { engine, stack } = scenario;
  const work = mkdtempSync(path.join(engine.root, "job-"));
  const files = { output: path.join(work, "output"), summary: path.join(work, "summary") };
  writeFileSync(files.summary, "");
  const jobEnv: Record<string, string> = {};
  const context = { event, env: jobEnv, preview: {} as Record<string, string> };
  for (const [key, value] of Object.entries(workflow.env)) jobEnv[key] = substitute(value, context);
  const run: JobRun = { steps: [], preview: {}, summary: "", failed: false, previewText: "" };
  for (const step of workflow.jobs.drift.steps) {
    const name = step.name ?? step.uses ?? "?";
    const provided = step.uses !== undefined && PROVIDED.some((pattern) => pattern.test(step.uses!));
    if (step.uses !== undefined && !provided) throw new Error(`the workflow uses ${step.uses}, which the test does not stand in for`);
    if (!condition(step, run.failed, context) || provided || NOT_RUN.has(name)) {
      run.steps.push({ name, ran: false });
      continue;
    }
    writeFileSync(files.output, "");
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(value, context)]));
    const workingDirectory = step["working-directory"] ? substitute(step["working-directory"], context) : ".";
    const result = await engine.bash(step.run ?? "", {
      cwd: path.resolve(stack.dir, workingDirectory),
      env: {
        ...stack.env,
        ...jobEnv,
        ...stepEnv,
        GITHUB_OUTPUT: files.output,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_RUN_ID: "42",
        GITHUB_SERVER_URL: "https://github.com",
        GITHUB_REPOSITORY: "agency/infra",
      },
    });
    run.steps.push({ name, ran: true, code: result.code });
    if (result.code !== 0) run.failed = true;
    if (step.id === "preview") {
      const outputs = readFileSync(files.output, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("=") as [string, string]);
      context.preview = run.preview = Object.fromEntries(outputs);
      run.previewText = readFileSync(path.join(stack.dir, "preview.txt"), "utf8");
    }
  }
  run.summary = readFileSync(files.summary, "utf8");
  return run;
}

const ran = (job: JobRun) => Object.fromEntries(job.steps.map((step) => [step.name, step.ran ? step.code : "skipped"]));

describeEngine("the drift-check example's workflow run locally with the Pulumi CLI", () => {
  it(
    "passes a scheduled run when the account matches the program: exit code 0, 'No drift' in the summary",
    async () => {
      const { stack } = scenario;
      expect([...resourcesByName(await stack.export()).keys()].sort()).toEqual(["backup-mx", "caa", "site-verification", "status"]);
      const job = await runJob("schedule");

      expect(job.preview, job.previewText).toEqual({ "exit-code": "0", result: "clean" });
      expect(job.previewText).toContain("Previewing update (prod)");
      expect(job.previewText).toMatch(/Resources:\s+5 unchanged/);
      // --diff names no property of any step: the refresh hands back the declared inputs only.
      expect(propertyDiffs(job.previewText)).toEqual([]);
      expect(job.summary).toContain("No drift: stack `prod` matches the program.");
      expect(job.failed).toBe(false);
      expect(ran(job)).toMatchObject({
        "Preview with refresh, expecting no changes": 0,
        "Write the summary": 0,
        "Comment on the pull request": "skipped",
        "Fail on drift or error": 0,
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "fails a scheduled run on drift (exit code 7) and names the changed and the deleted record sets; a pull request only reports",
    async () => {
      const { sim, stack } = scenario;
      const zone = sim.store.zones["agency-demo.com"]!;
      deployedZone = structuredClone(zone);
      const status = zone.find((rrset) => rrset.name === "status.agency-demo.com." && rrset.type === "CNAME");
      if (!status) throw new Error("the deployment did not create the status record");
      status.records = [{ value: "status.attacker.example." }];
      sim.store.zones["agency-demo.com"] = zone.filter((rrset) => !(rrset.name === "_verify.agency-demo.com." && rrset.type === "TXT"));

      const scheduled = await runJob("schedule");
      expect(scheduled.preview, scheduled.previewText).toEqual({ "exit-code": "7", result: "changes" });
      // --diff shows each step with its properties; the summary line counts them.
      expect(scheduled.previewText).toMatch(
        /~ pulumi-nodejs:dynamic\/reseller:DnsRecordSet: \(update\)\n\s+\[id=agency-demo.com\/status\/CNAME\]/,
      );
      expect(scheduled.previewText).toMatch(/~ records\s*: \[/);
      expect(scheduled.previewText).toMatch(
        /\+ pulumi-nodejs:dynamic\/reseller:DnsRecordSet: \(create\)\n\s+\[urn=urn:pulumi:prod::drift-check::pulumi-nodejs:dynamic\/reseller:DnsRecordSet::site-verification\]/,
      );
      expect(scheduled.previewText).toMatch(/\+ 1 to create\s+~ 1 to update\s+2 changes\. 3 unchanged/);
      expect(scheduled.summary).toContain("Drift found in stack `prod`");
      expect(scheduled.summary).toContain("exit code 7");
      expect(scheduled.failed).toBe(true);
      expect(ran(scheduled)).toMatchObject({
        "Write the summary": 0,
        "Comment on the pull request": "skipped",
        "Fail on drift or error": 1,
      });

      const pullRequest = await runJob("pull_request");
      expect(pullRequest.preview).toEqual({ "exit-code": "7", result: "changes" });
      expect(pullRequest.summary).toContain("the changes this pull request makes");
      expect(pullRequest.summary.split("\n")[0]).toBe("<!-- pulumi-drift-check:prod -->");
      expect(pullRequest.failed).toBe(false);
      // The comment step's condition holds; it would post summary.md, written by the step before.
      const comment = workflow.jobs.drift.steps.find((step) => step.name === "Comment on the pull request")!;
      expect(condition(comment, false, { event: "pull_request", env: {}, preview: pullRequest.preview })).toBe(true);
      expect(readFileSync(path.join(stack.dir, "summary.md"), "utf8")).toBe(pullRequest.summary);
    },
    STEP_TIMEOUT,
  );

  it(
    "passes again once pulumi refresh --yes and pulumi up --yes have put the record sets back",
    async () => {
      const { sim, stack } = scenario;
      const refresh = await stack.ok(["refresh", "--yes", "--skip-preview"]);
      // The changed record set is updated in the state; the deleted one leaves it.
      expect(displayedSteps(refresh.stdout, "updated")).toEqual({ status: "~records" });
      expect(refresh.stdout).toMatch(/- 1 deleted/);
      expect(resourcesByName(await stack.export()).has("site-verification")).toBe(false);

      const up = await stack.ok(["up", "--yes", "--skip-preview"]);
      expect(up.stdout).toMatch(/\+ 1 created\s+~ 1 updated\s+2 changes\. 3 unchanged/);
      const sorted = (zone: SimState["zones"][string]) =>
        [...zone].sort((a, b) => `${a.name} ${a.type}`.localeCompare(`${b.name} ${b.type}`));
      expect(sorted(sim.store.zones["agency-demo.com"]!)).toEqual(sorted(deployedZone));

      const job = await runJob("schedule");
      expect(job.preview, job.previewText).toEqual({ "exit-code": "0", result: "clean" });
      expect(job.failed).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "pulumi destroy puts the zone back as the seed had it",
    async () => {
      const { engine, sim, stack } = scenario;
      await stack.ok(["destroy", "--yes", "--skip-preview"]);
      expect(sim.store.zones["agency-demo.com"]).toEqual(engine.simulator.demoState().zones["agency-demo.com"]);
    },
    STEP_TIMEOUT,
  );
});

import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { cronJobDefinition } from "../../src/resources/cron-job/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";

/** The demo seed's account 101 already runs job 11 (`*\/15 * * * *` wp-cron). */
const backup = { hostingId: 101, schedule: " 30  2 * * 1-5 ", command: "  php /home/agencyde/artisan backup:run " };
const canonical = { hostingId: 101, schedule: "30 2 * * 1-5", command: "php /home/agencyde/artisan backup:run" };

async function createJob(engine: InProcessEngine, inputs: Record<string, unknown> = backup) {
  return engine.create(await engine.check(inputs));
}

describe.each<ApiVersion>(["v4", "v3", "v2"])("CronJob on %s", (version) => {
  const t = useProvider("CronJob", { version });
  const crons = () => t.sim.store.hostings["101"]!.crons;

  it("walks check, create, read, no-op diff, import by id, replacing diffs, delete and read after delete", async () => {
    const inputs = await t.engine.check(backup);
    expect(inputs).toMatchObject(canonical);
    const { id, outs } = await t.engine.create(inputs);
    const job = crons().find((c) => c.command === canonical.command)!;
    expect(id).toBe(`101/${job.id}`);
    expect(outs).toEqual({ ...canonical, cronId: job.id, adopted: false });
    expect(job.schedule).toBe("30 2 * * 1-5");

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    expect(await t.engine.diff(id, read.props, await t.engine.check(backup, read.inputs))).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });

    const imported = await t.engine.read(id);
    // An import knows nothing of how the job came into a stack: no `adopted`.
    expect(imported.props).toEqual({ ...canonical, cronId: job.id });
    expect((await t.engine.diff(id, imported.props, await t.engine.check(backup, imported.inputs))).changes).toBe(false);

    for (const [change, property] of [
      [{ schedule: "0 3 * * *" }, "schedule"],
      [{ command: "php /home/agencyde/artisan backup:clean" }, "command"],
      [{ hostingId: 102 }, "hostingId"],
    ] as const) {
      const diff = await t.engine.diff(id, read.props, await t.engine.check({ ...backup, ...change }));
      // The new job is added before the old one goes: a crontab takes two identical lines.
      expect(diff).toEqual({ changes: true, replaces: [property], deleteBeforeReplace: false });
    }

    await t.engine.delete(id, read.props);
    expect(crons().map((c) => c.id)).toEqual([11]);
    expect((await t.engine.read(id, read.props)).id).toBe("");
    expect(t.sim.requests.count("cron.add")).toBe(1);
  });

  it("refuses to add a line the crontab already has, before any write, and adopts it with adopt: true", async () => {
    // The same line, added outside the stack.
    crons().push({ id: 40, schedule: canonical.schedule, command: canonical.command });
    await expect(createJob(t.engine)).rejects.toThrow(
      /CronJob 101\/40: the cron job "30 2 \* \* 1-5 php \/home\/agencyde\/artisan backup:run" \(cron id 40\) exists already.*`adopt: true`/s,
    );
    expect(t.sim.requests.count("cron.add")).toBe(0);

    const adopted = await createJob(t.engine, { ...backup, adopt: true });
    expect(adopted.id).toBe("101/40");
    expect(adopted.outs).toMatchObject({ ...canonical, cronId: 40, adopt: true, adopted: true });
    expect(t.sim.requests.count("cron.add")).toBe(0);
    expect(crons().filter((c) => c.command === canonical.command)).toHaveLength(1);
    expect((await t.engine.read(adopted.id, adopted.outs)).props).toEqual(adopted.outs);
  });

  it("sees a job edited outside Pulumi, and plans its replacement", async () => {
    const { id, outs } = await createJob(t.engine);
    crons().find((c) => c.id === outs.cronId)!.schedule = "45 2 * * 1-5";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.schedule).toBe("45 2 * * 1-5");
    const diff = await t.engine.diff(id, refreshed.props, await t.engine.check(backup, refreshed.inputs));
    expect(diff.replaces).toEqual(["schedule"]);
  });

  it.each([
    { kind: "lost-response" },
    { kind: "truncate" },
    { kind: "hollow", reply: "empty" },
    { kind: "hollow", reply: "no-content" },
  ] as const)("settles an add answered with $kind $reply by the identity read, without adding twice", async (fault) => {
    t.sim.faults.add({ operation: "cron.add", ...fault });
    const { id, outs } = await createJob(t.engine);
    expect(t.sim.requests.count("cron.add")).toBe(1);
    expect(crons().filter((c) => c.command === canonical.command)).toEqual([
      { id: outs.cronId, schedule: canonical.schedule, command: canonical.command },
    ]);
    expect(id).toBe(`101/${outs.cronId as number}`);
  });

  it("fails an add whose outcome is unknown and that no read finds, saying so, without sending it again or telling to retry", async () => {
    await t.configure({ "reseller:settleWaitMs": "300" });
    // Dropped after the request was sent: nothing was applied, and the client cannot know it.
    t.sim.faults.add({ operation: "cron.add", kind: "drop" });
    const err = await createJob(t.engine).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(
      /^CronJob: the create may or may not have been applied .*reads? by its identity over 300 ms \(reseller:settleWaitMs\) found no such object\. It was not sent again/,
    );
    expect(err?.message).not.toMatch(/`pulumi up` again to add|try again/i);
    expect(t.sim.requests.count("cron.add")).toBe(1);
    expect(t.sim.requests.count("cron.list")).toBeGreaterThanOrEqual(3);
    expect(crons()).toHaveLength(1);
  });

  it("fails a create whose add was refused without sending it again", async () => {
    t.sim.faults.add({ operation: "cron.add", kind: "status", status: 500 });
    await expect(createJob(t.engine)).rejects.toThrow();
    expect(t.sim.requests.count("cron.add")).toBe(1);
    expect(crons()).toHaveLength(1);
  });

  it("treats a job that is already gone as deleted", async () => {
    const { id, outs } = await createJob(t.engine);
    t.sim.store.hostings["101"]!.crons = crons().filter((c) => c.id !== outs.cronId);
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("refuses an in-place update, since the API has none", async () => {
    const { id, outs } = await createJob(t.engine);
    await expect(t.provider.update(id, outs, await t.engine.check({ ...backup, command: "true" }))).rejects.toThrow(
      /no cron update.*replaces/,
    );
  });
});

describe("CronJob inputs", () => {
  const t = useProvider("CronJob", { version: "v4" });

  it.each([
    { name: "four schedule fields", inputs: { schedule: "0 3 * *" }, property: "schedule", reason: /five fields.*not 4/ },
    { name: "a seconds field", inputs: { schedule: "0 0 3 * * *" }, property: "schedule", reason: /five fields.*not 6/ },
    { name: "a macro", inputs: { schedule: "@daily" }, property: "schedule", reason: /@daily is "0 0 \* \* \*"/ },
    { name: "a minute out of range", inputs: { schedule: "61 * * * *" }, property: "schedule", reason: /not a valid cron expression/ },
    { name: "a day that never comes", inputs: { schedule: "0 0 31 2 *" }, property: "schedule", reason: /not a valid cron expression/ },
    {
      name: "a Jenkins hash field",
      inputs: { schedule: "H 0 * * *" },
      property: "schedule",
      reason: /not a standard crontab schedule: the minute field "H"/,
    },
    {
      name: "Quartz ? and #",
      inputs: { schedule: "0 0 ? * 1#2" },
      property: "schedule",
      reason: /not a standard crontab schedule: the day-of-month field "\?"/,
    },
    { name: "a Quartz last-day field", inputs: { schedule: "0 0 L * *" }, property: "schedule", reason: /not a standard crontab schedule/ },
    {
      name: "a step on a single value",
      inputs: { schedule: "5/10 * * * *" },
      property: "schedule",
      reason: /not a standard crontab schedule/,
    },
    { name: "a tab between fields", inputs: { schedule: "0\t3 * * *" }, property: "schedule", reason: /control characters: U\+0009/ },
    { name: "an empty command", inputs: { command: "   " }, property: "command", reason: /required/ },
    { name: "a command on two lines", inputs: { command: "cd /tmp\nrm -rf cache" }, property: "command", reason: /single line/ },
    {
      name: "a command with full-width solidi",
      inputs: { command: "\uff0fusr\uff0fbin\uff0fphp artisan backup:run" },
      property: "command",
      reason: /U\+FF0F at character 1, which NFKC normalisation turns into "\/"/,
    },
    {
      name: "a command with a two-dot leader",
      inputs: { command: "php \u2025/artisan backup:run" },
      property: "command",
      reason: /U\+2025/,
    },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { email: "ops@agency-demo.com" }, property: "email", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...backup, ...inputs });
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("still takes a command with relative paths and NFC text", async () => {
    const checked = await t.engine.check({ ...backup, command: "cd ../releases && php artisan notify --subject='Sauvegarde réussie'" });
    expect(checked.command).toBe("cd ../releases && php artisan notify --subject='Sauvegarde réussie'");
  });

  it("passes a schedule unknown during preview through check, and diff then plans a replacement", async () => {
    const news = await t.engine.check({ ...backup, schedule: UNKNOWN });
    expect(news.schedule).toBe(UNKNOWN);
    const diff = await t.engine.diff("101/12", { ...canonical, cronId: 12 }, news);
    expect(diff).toEqual({ changes: true, replaces: ["schedule"], deleteBeforeReplace: false });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("declares no secret outputs: a cron job holds none", () => {
    expect(cronJobDefinition.secretOutputs).toEqual([]);
  });
});

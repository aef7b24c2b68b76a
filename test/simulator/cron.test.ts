import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const SEEDED = { id: 11, schedule: "*/15 * * * *", command: "php /home/agencyde/public_html/wp-cron.php" };

interface CronList {
  crons: { id: number; schedule?: string; command?: string }[];
  cronEmail?: string | null;
}

describe("cron jobs against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  /** v4 answers the list beside the envelope, v3 and v2 in `data`; the client answers all three alike. */
  const list = async (version: ApiVersion): Promise<CronList> => {
    const reply = await t.clientFor(version).request("cron.list", HOSTING[version]);
    const { crons, cronEmail } = reply as unknown as CronList;
    return { crons, cronEmail };
  };
  const add = (version: ApiVersion, schedule: string, command = "/usr/bin/php /home/agencyde/job.php") =>
    t.clientFor(version).request("cron.add", { ...HOSTING[version], schedule, command });

  it.each(ALL)("lists the seeded job and no cron e-mail on %s", async (version) => {
    expect(await list(version)).toEqual({ crons: [SEEDED], cronEmail: null });
  });

  it.each(ALL)("adds a job with a new id and its schedule's fields single-spaced on %s", async (version) => {
    await add(version, " 0  3 * * 1-5 ");
    const { crons } = await list(version);
    expect(crons).toHaveLength(2);
    expect(crons[1]).toMatchObject({ schedule: "0 3 * * 1-5", command: "/usr/bin/php /home/agencyde/job.php" });
    expect(crons[1]!.id).toBeGreaterThan(11);
  });

  it.each([
    ["61 * * * *", /expected range 0-59/],
    ["0 0 31 2 *", /not a valid cron expression/],
    ["0 0 * * 8", /expected range 0-7/],
    ["@daily x y z w", /not a valid cron expression/],
  ])("refuses the schedule %s with a 400 saying why", async (schedule, why) => {
    const attempt = add("v4", schedule);
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(why);
    expect((await list("v4")).crons).toHaveLength(1);
  });

  it("refuses a schedule without five fields before sending it", async () => {
    await expect(add("v2", "* * * *")).rejects.toMatchObject({ code: "validation" });
    await expect(add("v4", "0 0 * * * *")).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("cron.add")).toBe(0);
  });

  it("gives a new job an id no account uses, even when a loaded state's counter lags behind", async () => {
    t.sim.store.counters.cron = 10;
    t.sim.store.hostings["102"]!.crons.push({ id: 12, schedule: "0 0 * * *", command: "/bin/true" });
    await add("v4", "0 4 * * *");
    expect((await list("v4")).crons.map((c) => c.id)).toEqual([11, 13]);
  });

  it("refuses a multi-line command", async () => {
    await expect(add("v4", "0 3 * * *", "echo a\nrm -rf /")).rejects.toThrow(/single line/);
  });

  it.each(ALL)("removes a job by its id and answers not-found the second time on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("cron.remove", { ...HOSTING[version], cronId: 11 });
    expect((await list(version)).crons).toEqual([]);
    await expect(client.request("cron.remove", { ...HOSTING[version], cronId: 11 })).rejects.toMatchObject({
      code: "not-found",
      status: 404,
    });
  });

  it("removes a job only when the schedule given with its id is its own", async () => {
    const v2 = t.clientFor("v2");
    await expect(v2.request("v2.cron.remove", { id: 101, cronId: 11, schedule: "0 * * * *" })).rejects.toMatchObject({ code: "not-found" });
    await v2.request("v2.cron.remove", { id: 101, cronId: 11, schedule: "*/15  * * * *" });
    expect((await list("v2")).crons).toEqual([]);
  });

  it.each(ALL)("sets the cron e-mail, replaces it, and removes it on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("cron.setEmail", { ...HOSTING[version], email: "ops@agency-demo.com" });
    await client.request("cron.setEmail", { ...HOSTING[version], email: "dev@agency-demo.com" });
    expect((await list(version)).cronEmail).toBe("dev@agency-demo.com");
    await client.request("cron.removeEmail", HOSTING[version]);
    expect((await list(version)).cronEmail).toBeNull();
    expect(t.sim.store.hostings["101"]!.cronEmail).toBeNull();
  });

  it("keeps each account's crontab apart", async () => {
    await t.client.request("v4.cron.add", { id: 102, schedule: "0 0 * * 0", command: "/bin/true" });
    expect((await t.client.request("v4.cron.list", { id: 102 })).crons.map((c) => c.schedule)).toEqual(["0 0 * * 0"]);
    expect((await list("v4")).crons).toEqual([SEEDED]);
    await expect(t.client.request("v4.cron.remove", { id: 102, cronId: 11 })).rejects.toMatchObject({ code: "not-found" });
  });
});

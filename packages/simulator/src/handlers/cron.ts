/**
 * Cron jobs in the simulator: the crontab of a hosting account and its cron e-mail.
 *
 * Schedules are checked as the platform's crontab would take them: exactly five fields, each in
 * range (cron-parser), so `61 * * * *` or `0 0 31 2 *` are refused with a 400 naming the field.
 */
import { CronExpressionParser } from "cron-parser";
import type { HostingState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { DEMO_HOSTING, messageReply } from "./shared";

/** The schedule with its fields separated by single spaces, or a 400 saying what is wrong. */
export function cronSchedule(input: string): string {
  const fields = input.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new SimError(400, `schedule "${input}" must have five fields (minute hour day month weekday), not ${fields.length}`);
  }
  const schedule = fields.join(" ");
  try {
    CronExpressionParser.parse(schedule);
  } catch (err) {
    throw new SimError(400, `schedule "${input}" is not a valid cron expression: ${(err as Error).message}`);
  }
  return schedule;
}

function cronList(h: HostingState) {
  return { crons: h.crons.map((c) => ({ id: c.id, schedule: c.schedule, command: c.command })), cronEmail: h.cronEmail };
}

/** Adds a line to the crontab. Duplicates are allowed, as in a crontab; the id comes from the listing. */
const addCron = messageReply((ctx: OpContext<"cron.add">) => {
  const h = ctx.hosting();
  const schedule = cronSchedule(ctx.params.schedule);
  const command = ctx.params.command;
  if (/[\r\n]/.test(command)) throw new SimError(400, "command must be a single line");
  // Ids are unique across accounts; a state file written by hand may hold ids past the counter.
  const used = new Set(Object.values(ctx.state.hostings).flatMap((x) => x.crons.map((c) => c.id)));
  let id = ctx.nextId("cron");
  while (used.has(id)) id = ctx.nextId("cron");
  h.crons.push({ id, schedule, command });
  return "Crons successfully set";
});

/** `cronId` from the listing; a `schedule`, when given, must be that job's schedule too. */
const removeCron = messageReply((ctx: OpContext<"cron.remove">) => {
  const h = ctx.hosting();
  const id = ctx.params.cronId;
  const job = h.crons.find((c) => c.id === id);
  if (!job) throw new SimError(404, `Cron job ${id} not found on hosting account ${h.id}`);
  if (ctx.params.schedule !== undefined && cronSchedule(ctx.params.schedule) !== job.schedule) {
    throw new SimError(404, `Cron job ${id} with schedule "${ctx.params.schedule}" not found (its schedule is "${job.schedule}")`);
  }
  h.crons = h.crons.filter((c) => c !== job);
  return "Successfully set crons";
});

const setCronEmail = messageReply((ctx: OpContext<"cron.setEmail">) => {
  ctx.hosting().cronEmail = ctx.params.email;
  return "Successfully set email";
});

const removeCronEmail = messageReply((ctx: OpContext<"cron.removeEmail">) => {
  ctx.hosting().cronEmail = null;
  return "Successfully removed email";
});

const listCrons = (ctx: SimContext) => cronList(ctx.hosting());

/** Handlers and samples of the cron operations. The core routes requests to them by operation id. */
export const cronArea: SimArea = {
  name: "cron",
  handlers: {
    "cron.list": listCrons,
    "cron.add": addCron,
    "cron.remove": removeCron,
    "cron.setEmail": setCronEmail,
    "cron.removeEmail": removeCronEmail,
  },
  samples: {
    "v4.cron.list": () => ({ id: 101 }),
    "v3.cron.list": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.cron.list": () => ({ id: 102 }),
    "v4.cron.add": () => ({ id: 101, schedule: "0 3 * * *", command: "php /home/agencyde/artisan backup:run" }),
    "v3.cron.add": () => ({ id: 102, username: "stagingx", schedule: "*/5 * * * 1-5", command: "curl -s https://staging-agency.com/cron" }),
    "v2.cron.add": () => ({ id: 101, schedule: "30 2 1 * *", command: "/bin/true" }),
    "v4.cron.remove": () => ({ id: 101, cronId: 11 }),
    "v3.cron.remove": () => ({ ...DEMO_HOSTING.v3, cronId: 11, schedule: "*/15 * * * *" }),
    "v2.cron.remove": () => ({ id: 101, cronId: 11 }),
    "v4.cron.setEmail": () => ({ id: 101, email: "ops@agency-demo.com" }),
    "v3.cron.setEmail": () => ({ ...DEMO_HOSTING.v3, email: "ops@agency-demo.com" }),
    "v2.cron.setEmail": () => ({ id: 102, email: "dev@staging-agency.com" }),
    "v4.cron.removeEmail": () => ({ id: 101 }),
    "v3.cron.removeEmail": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.cron.removeEmail": (state) => {
      state.hostings["101"]!.cronEmail = "ops@agency-demo.com";
      return { id: 101 };
    },
  },
};

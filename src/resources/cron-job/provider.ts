/**
 * CronJob lifecycle: one crontab line of a hosting account.
 *
 * API calls (v2 CONFIRMED, catalog §3 #23-25; v4 INFERRED-L, catalog §1 cron note: "the seed says
 * the operations exist but does not show them"; v3 the same paths under `/v3`, INFERRED-L):
 * - create: `cron.add` (`schedule`, `command`). The reply carries no id, so the job is found in
 *   `cron.list` by schedule and command among the ids that were not there before the add. A
 *   crontab may hold the same line twice, so matching alone is not enough; adds to one account are
 *   serialised so that the before/after comparison sees this add only;
 * - read: `cron.list` (`crons[]{id, schedule, command}`, v3 and v2 inside `data`), shared through
 *   the read cache per hosting account;
 * - update: none in the API. Every input replaces the job;
 * - delete: `cron.remove` with `cronId` only: the optional `schedule` would make the removal fail
 *   for a job whose schedule was changed elsewhere. A job already gone counts as deleted.
 *
 * An add whose response was lost is settled by listing, never by adding again: a repeated add
 * would leave a second crontab line running the same command. The identity read (`find`: a line
 * of the same schedule and command) runs before the add, so a line that exists already is not
 * taken over (nor doubled) unless `adopt: true`, and after an add whose outcome is unknown, when
 * the runtime polls it until the line shows (provider/runtime/settle.ts, docs/decisions/0019).
 */
import { ResellerApiError } from "../../client/errors";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingScopedId, parseHostingScopedId, positiveIdPart } from "../../provider/lifecycle/ids";
import { cronListing, cronScope, type CronEntry, type CronListing } from "../shared/cron";
import { cronJobInputs, normalizeCronSchedule, normalizeCronJob, type CronJobInputs, type CronJobOutputs } from "./schema";

type Inputs = CronJobInputs;
type Outputs = CronJobOutputs;

/**
 * The job's id: `<hostingId>/<cronId>`.
 *
 * @example
 * cronJobId({ hostingId: 101, cronId: 11 }); // "101/11"
 */
export function cronJobId(v: { hostingId: number; cronId: number }): string {
  return hostingScopedId(v.hostingId, v.cronId);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<cronId>`.
 *
 * @example
 * parseCronJobId("101/11"); // { hostingId: 101, cronId: 11 }
 */
export function parseCronJobId(id: string): { hostingId: number; cronId: number } | undefined {
  return parseHostingScopedId(id, { cronId: positiveIdPart });
}

/** The listing's schedule in canonical form; one that does not parse (written elsewhere) is kept as listed. */
function scheduleOf(entry: CronEntry): string {
  const raw = entry.schedule ?? "";
  const normal = normalizeCronSchedule(raw);
  return normal.ok ? normal.value : raw;
}

function matches(entry: CronEntry, v: Inputs): boolean {
  return scheduleOf(entry) === v.schedule && (entry.command ?? "").trim() === v.command;
}

function existing(listing: CronListing | undefined, v: Inputs): CronListing {
  if (!listing) throw new Error(`Hosting account ${v.hostingId} was not found (the cron listing answered 404)`);
  return listing;
}

/**
 * Adds the job and finds its id: the one job matching schedule and command that the listing
 * did not hold before. Runs inside the account's serial scope.
 */
async function addJob(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<CronEntry> {
  const before = new Set(existing(await cronListing(ctx, address, true), v).crons.map((c) => c.id));
  // An add whose outcome is unknown throws `outcome-unknown` from here: the runtime settles it by
  // the identity read (a matching line is this add's, since `find` found none before it).
  await ctx.write("cron.add", { ...address, schedule: v.schedule, command: v.command }, [cronScope(v.hostingId)]);
  const added = existing(await cronListing(ctx, address, true), v).crons.filter((c) => !before.has(c.id) && matches(c, v));
  if (added.length === 0) {
    // The API said it added the line, yet the listing lacks it: a reply unrelated to the request,
    // or a listing that lags. Both leave the outcome unknown, which the identity read settles.
    throw new ResellerApiError({
      code: "outcome-unknown",
      message: `The API accepted the cron job "${v.schedule} ${v.command}" on hosting account ${v.hostingId}, but the cron listing shows no new job with that schedule and command`,
    });
  }
  if (added.length > 1) {
    // Only another client adding the same line at the same moment leads here: take the newest.
    ctx.log.warn(
      `CronJob: ${added.length} new identical jobs "${v.schedule} ${v.command}" appeared on hosting account ${v.hostingId}; this resource manages the one with the highest id`,
    );
  }
  return added.reduce((a, b) => (b.id > a.id ? b : a));
}

/**
 * The CronJob declaration: the job is named by its hosting account and listing id; the schedule
 * and the command cannot change in place (no update operation), so they replace the job. The
 * replacement is added before the old job is removed, so the schedule never has a gap.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("CronJob").id.format; // "<hostingId>/<cronId>, e.g. 101/11"
 */
export const cronJobDefinition = defineResource<typeof cronJobInputs, Inputs, Outputs>({
  type: "CronJob",
  inputs: cronJobInputs,
  normalize: normalizeCronJob,
  identity: ["hostingId"],
  replaceOn: ["hostingId", "schedule", "command"],
  // Two identical lines may coexist in a crontab, so the new job cannot collide with the old one.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<cronId>, e.g. 101/11 (cronId from the cron listing)",
    build: (v) => cronJobId(v as Outputs),
    parse: (id) => {
      const key = parseCronJobId(id);
      return key && { hostingId: key.hostingId };
    },
  },
  onMissing: "remove",
  requires: () => [{ property: "schedule", operations: ["cron.list", "cron.add", "cron.remove"] }],

  async find(ctx, inputs, { fresh }) {
    const listing = await cronListing(ctx, await ctx.hosting(inputs.hostingId), fresh);
    const same = (listing?.crons ?? []).filter((c) => matches(c, inputs));
    if (same.length === 0) return undefined;
    // Two identical lines: the newest is the one an add whose reply was lost made.
    const job = same.reduce((a, b) => (b.id > a.id ? b : a));
    return {
      id: cronJobId({ hostingId: inputs.hostingId, cronId: job.id }),
      description: `the cron job "${inputs.schedule} ${inputs.command}" (cron id ${job.id})`,
    };
  },

  async create(ctx, inputs, adopting) {
    if (adopting) {
      const key = parseCronJobId(adopting.id)!;
      return { id: adopting.id, outs: { ...inputs, cronId: key.cronId } };
    }
    const address = await ctx.hosting(inputs.hostingId);
    const job = await ctx.serial(cronScope(inputs.hostingId), () => addJob(ctx, address, inputs));
    const outs: Outputs = { ...inputs, cronId: job.id };
    return { id: cronJobId(outs), outs };
  },

  async read(ctx, { id }) {
    const key = parseCronJobId(id)!;
    const listing = await cronListing(ctx, await ctx.hosting(key.hostingId), false);
    const job = listing?.crons.find((c) => c.id === key.cronId);
    if (!job) return undefined;
    // Schedule and command come from the listing, so a job edited elsewhere shows as a change.
    return { outs: { hostingId: key.hostingId, schedule: scheduleOf(job), command: (job.command ?? "").trim(), cronId: job.id } };
  },

  async update(_ctx, id) {
    // Every input is declared replace-on, so the engine never asks for an update. An in-place
    // change would need a new job, whose new id the engine could not learn from an update.
    throw new Error(`CronJob ${id}: the API has no cron update; a change of schedule or command replaces the job`);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("cron.remove", { ...address, cronId: props.cronId }, [cronScope(props.hostingId)]);
    } catch (err) {
      // The job, or its hosting account, is already gone.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

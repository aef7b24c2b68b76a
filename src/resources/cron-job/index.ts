/** CronJob: the resource class, its arguments and state, and its helpers. */
export { CronJob } from "./resource";
export type { CronJobArgs } from "./resource";
export { cronJobId, parseCronJobId } from "./provider";
export { normalizeCronSchedule } from "./schema";
export type { CronJobInputs, CronJobOutputs } from "./schema";

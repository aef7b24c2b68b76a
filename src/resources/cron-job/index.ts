/**
 * CronJob: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { CronJob } from "pulumi-hosting-reseller";
 * new CronJob("backup", { hostingId: 101, schedule: "30 2 * * *", command: "php artisan backup:run" });
 */
export { CronJob } from "./resource";
export type { CronJobArgs } from "./resource";
export { cronJobDefinition, cronJobId, parseCronJobId } from "./provider";
export { normalizeCronSchedule } from "./schema";
export type { CronJobInputs, CronJobOutputs } from "./schema";

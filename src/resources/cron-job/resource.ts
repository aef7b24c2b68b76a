/**
 * The `CronJob` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { cronJobDefinition } from "./provider";

/** The arguments of a {@link CronJob}. */
export interface CronJobArgs extends AdoptInput {
  /** The hosting account whose crontab holds the job. Changing it replaces the job. */
  hostingId: pulumi.Input<number>;
  /**
   * Five fields, minute hour day-of-month month day-of-week (`"30 2 * * 1-5"`), checked before
   * anything is sent; white space between fields is normalized. Changing it replaces the job.
   */
  schedule: pulumi.Input<string>;
  /** One command line, run by the hosting account's shell. Changing it replaces the job. */
  command: pulumi.Input<string>;
}

/**
 * One cron job (crontab line) of a hosting account.
 *
 * The API has no update for cron jobs: a new schedule or command adds the new job, then removes
 * the old one.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { CronJob } from "pulumi-hosting-reseller";
 *
 * const backup = new CronJob("backup", {
 *     hostingId: 101,
 *     schedule: "30 2 * * *",
 *     command: "php /home/agencyde/artisan backup:run",
 * });
 * export const backupJobId = backup.cronId;
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<cronId>`, e.g. `101/11`, with the id the cron listing gives the job.
 * Dynamic providers cannot be imported with `pulumi import` (pulumi#16175); use `CronJob.get`.
 * Declaring a job whose schedule and command a line of the crontab already has fails before any
 * write, naming that line; `adopt: true` takes the line over (a destroy then removes it).
 */
export class CronJob extends ResellerResource<CronJobArgs> {
  protected static override readonly spec = resourceClassSpec(cronJobDefinition, { outputs: { cronId: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** Five fields separated by single spaces. */
  declare public readonly schedule: pulumi.Output<string>;
  declare public readonly command: pulumi.Output<string>;
  /** The job's id in the cron listing. */
  declare public readonly cronId: pulumi.Output<number>;
  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over an identical crontab line that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing cron job by its id (`101/11`).
   *
   * @example
   * const wpCron = CronJob.get("wp-cron", "101/11");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): CronJob {
    return new CronJob(name, undefined, { ...opts, id });
  }
}

/**
 * The `CronEmail` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { cronEmailDefinition } from "./provider";

/** The arguments of a {@link CronEmail}. */
export interface CronEmailArgs {
  /** The hosting account whose cron output is mailed. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** The address receiving the output of the account's cron jobs; the domain is stored in ASCII lower case. */
  email: pulumi.Input<string>;
}

/**
 * The e-mail address that receives the output of a hosting account's cron jobs. One per hosting
 * account: creating it sets the address over any earlier one, and destroying it removes the
 * address, so cron output is no longer mailed.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { CronEmail, CronJob } from "pulumi-hosting-reseller";
 *
 * new CronEmail("cron-mail", { hostingId: 101, email: "ops@agency-demo.com" });
 * new CronJob("backup", { hostingId: 101, schedule: "30 2 * * *", command: "php artisan backup:run" });
 * ```
 *
 * ## Import
 *
 * The id is the hosting account id, e.g. `101`. Dynamic providers cannot be imported with
 * `pulumi import` (pulumi#16175); use `CronEmail.get`, or declare the resource, which sets the
 * declared address over the current one.
 */
export class CronEmail extends ResellerResource<CronEmailArgs> {
  protected static override readonly spec = resourceClassSpec(cronEmailDefinition, { outputs: {} });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The address, domain in ASCII lower case. */
  declare public readonly email: pulumi.Output<string>;

  /**
   * Looks up the cron e-mail of a hosting account by its id (`101`).
   *
   * @example
   * const cronMail = CronEmail.get("cron-mail", "101");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): CronEmail {
    return new CronEmail(name, undefined, { ...opts, id });
  }
}

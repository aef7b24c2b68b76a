/**
 * CronEmail: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { CronEmail } from "pulumi-hosting-reseller";
 * new CronEmail("cron-mail", { hostingId: 101, email: "ops@agency-demo.com" });
 */
export { CronEmail } from "./resource";
export type { CronEmailArgs } from "./resource";
export { cronEmailDefinition, parseCronEmailId } from "./provider";
export type { CronEmailInputs, CronEmailOutputs } from "./schema";

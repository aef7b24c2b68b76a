/** CronEmail: the resource class, its arguments and state, and its lifecycle definition. */
export { CronEmail } from "./resource";
export type { CronEmailArgs } from "./resource";
export { cronEmailDefinition, parseCronEmailId } from "./provider";
export type { CronEmailInputs, CronEmailOutputs } from "./schema";

/** CronEmail: the resource class, its arguments and state, and its helpers. */
export { CronEmail } from "./resource";
export type { CronEmailArgs } from "./resource";
export { parseCronEmailId } from "./provider";
export type { CronEmailInputs, CronEmailOutputs } from "./schema";

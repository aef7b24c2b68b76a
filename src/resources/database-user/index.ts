/**
 * DatabaseUser: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { DatabaseUser } from "pulumi-hosting-reseller";
 * new DatabaseUser("shop-app", { hostingId: 101, name: "shopapp", password });
 */
export { DatabaseUser } from "./resource";
export type { DatabaseUserArgs } from "./resource";
export { databaseUserDefinition } from "./provider";
export type { DatabaseUserInputs, DatabaseUserOutputs } from "./schema";

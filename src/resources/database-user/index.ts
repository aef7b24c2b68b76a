/** DatabaseUser: the resource class, its arguments and state, and its lifecycle definition. */
export { DatabaseUser } from "./resource";
export type { DatabaseUserArgs } from "./resource";
export { databaseUserDefinition } from "./provider";
export type { DatabaseUserInputs, DatabaseUserOutputs } from "./schema";

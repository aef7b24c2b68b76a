/** DatabaseUser: the resource class, its arguments and state, and its helpers. */
export { DatabaseUser } from "./resource";
export type { DatabaseUserArgs } from "./resource";
export type { DatabaseUserInputs, DatabaseUserOutputs } from "./schema";

/** Database: the resource class, its arguments and state, and its helpers. */
export { Database } from "./resource";
export type { DatabaseArgs } from "./resource";
export { databaseId, parseDatabaseId } from "../shared/databases";
export type { DatabaseInputs, DatabaseOutputs } from "./schema";

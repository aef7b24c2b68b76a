/** Database: the resource class, its arguments and state, and its lifecycle definition. */
export { Database } from "./resource";
export type { DatabaseArgs } from "./resource";
export { databaseDefinition } from "./provider";
export { databaseId, parseDatabaseId } from "../shared/databases";
export type { DatabaseInputs, DatabaseOutputs } from "./schema";

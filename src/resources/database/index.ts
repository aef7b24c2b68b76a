/**
 * Database: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { Database } from "pulumi-hosting-reseller";
 * new Database("shop", { hostingId: 101, name: "shop" }, { protect: true });
 */
export { Database } from "./resource";
export type { DatabaseArgs } from "./resource";
export { databaseDefinition } from "./provider";
export { databaseId, parseDatabaseId } from "../shared/databases";
export type { DatabaseInputs, DatabaseOutputs } from "./schema";

/** DatabaseUserGrant: the resource class, its arguments and state, and its helpers. */
export { DatabaseUserGrant } from "./resource";
export type { DatabaseUserGrantArgs } from "./resource";
export { databaseUserGrantId, parseDatabaseUserGrantId, privilegeChanges } from "./provider";
export { ALL_PRIVILEGES, GRANULAR_PRIVILEGES, privilegesFromListing } from "./schema";
export type { DatabaseUserGrantInputs, DatabaseUserGrantOutputs } from "./schema";
export { DATABASE_TYPES, prefixedName } from "../shared/databases";
export type { DatabaseType } from "../shared/databases";

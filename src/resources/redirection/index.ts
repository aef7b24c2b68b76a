/** Redirection: the resource class, its arguments and state, and its helpers. */
export { Redirection } from "./resource";
export type { RedirectionArgs } from "./resource";
export { parseRedirectionId, redirectionId } from "./provider";
export { DEFAULT_REDIRECTION_TYPE, normalizeDestination, v2Destination } from "./schema";
export type { RedirectionInputs, RedirectionOutputs, RedirectionType } from "./schema";

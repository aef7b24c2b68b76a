/**
 * Redirection: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { Redirection } from "pulumi-hosting-reseller";
 * new Redirection("shop", { hostingId: 101, domain: "client-shop.net", destinationUrl: "https://agency-demo.com/shop" });
 */
export { Redirection } from "./resource";
export type { RedirectionArgs } from "./resource";
export { parseRedirectionId, redirectionDefinition, redirectionId } from "./provider";
export { DEFAULT_REDIRECTION_TYPE, normalizeDestination, v2Destination } from "./schema";
export type { RedirectionInputs, RedirectionOutputs, RedirectionType } from "./schema";

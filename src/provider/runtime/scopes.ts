/**
 * Cache scopes that definitions name without using the rest of the provider context. A module of
 * its own so that a resource's definition, which the program loads with the resource's class,
 * does not load the context's client and its HTTP stack (docs/decisions/0038).
 */

/** Cache scope of the hosting accounts listing; writes that create or remove accounts invalidate it. */
export const HOSTINGS_SCOPE = "hostings";

/**
 * Test helper: tells the client's request for a path that cannot exist from a test's own calls.
 */

/**
 * Whether a logged request is the client's GET of a path that cannot exist, made once to tell a
 * missing object's 404 from a missing route's (src/client/route-check.ts): no operation, no write.
 *
 * @example
 * sim.requests.list().filter((e) => !isAbsentPathRequest(e));
 */
export function isAbsentPathRequest(entry: { key: string; method: string; path: string }): boolean {
  return entry.key === "unknown" && entry.method === "GET" && /\/reseller-no-such-route-[0-9a-f]{12}$/.test(entry.path);
}

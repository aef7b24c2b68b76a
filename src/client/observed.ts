/**
 * The routes of the endpoint table seen answering on a live account: table key
 * (`"<version>.<area>.<verbNoun>"`) → the day of the recording, `YYYY-MM-DD`.
 *
 * A key belongs here exactly when `test/contract/recorded/` holds a recording of that route with
 * origin `probe` (made by `reseller probe --record test/contract/recorded`), with that recording's
 * `recordedAt`; test/contract/recorded.test.ts holds the two together. `endpointsOf`
 * (src/client/endpoint.ts) gives such a route the evidence `observed` and the date in
 * `observedOn`, above the catalog's `seed`, `confirmed` or `inferred` (docs/evidence.md), whose
 * label stays in the route's `source`.
 *
 * Empty: no live account has been probed yet, so every v4 route beyond the three seed routes is
 * still `inferred` (docs/evidence.md, "The most important caveat").
 *
 * @example
 * OBSERVED["v4.dns.getZone"]; // "2026-11-27" once a probe recording of that route is committed
 */
export const OBSERVED: Readonly<Record<string, string>> = Object.freeze({});

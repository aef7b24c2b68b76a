/**
 * Telling "this route does not exist" from "this object does not exist".
 *
 * Most v4 routes are inferred (docs/evidence.md §1: no public client calls `/v4`), so on a live
 * account some will be wrong, and a wrong route answers 404 like a missing object does. Reading
 * that 404 as "gone" would drop resources from state on refresh, count live objects as deleted
 * and let a create go on over an existing one. So an absence is believed only from the API's own
 * error object (`{"error": ..., "error_code"?: ...}`, v4 document, Errors) on a route that is not
 * answering the way a path that cannot exist answers:
 *
 * - a 404, 405 or 501 whose body is not the API's error object (HTML, empty, another JSON shape)
 *   is a missing route;
 * - a 404, 405 or 501 that answers exactly as a surely absent path under the same prefix answers
 *   (the "unknown route fingerprint", learned once per prefix and method and cached) is a missing
 *   route too, since the API may answer unknown paths with an object of its error shape.
 */
import { randomBytes } from "node:crypto";
import type { EndpointDef, HttpMethod } from "./endpoint";
import { apiErrorBody } from "./schemas";

/** Statuses a web server gives a path or method it has no route for. */
export const ROUTE_STATUSES: ReadonlySet<number> = new Set([404, 405, 501]);

/** How the API answered a path that cannot exist: what a missing route looks like on this account. */
export interface RouteFingerprint {
  status: number;
  contentType: string;
  /** The body with the requested path replaced by `{path}`, so an echo of the path does not tell two unknown paths apart. */
  body: string;
}

/** One answer to compare with the fingerprint. */
export interface RouteAnswer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * Whether `body` is the API's error object: a JSON object with a non-empty `error` text, or a
 * hosting envelope that says `success: false` with its `errors` (docs/evidence.md §7.2: the
 * provisioning module reads failures from `success` and `errors` alone).
 *
 * @example
 * isApiErrorObject({ error: "Domain not found", error_code: 404 }); // true
 * isApiErrorObject({ message: "Not Found" }); // false
 */
export function isApiErrorObject(body: unknown): boolean {
  const parsed = apiErrorBody.safeParse(body);
  if (!parsed.success || typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const b = parsed.data;
  if (typeof b.error === "string" && b.error.trim() !== "") return true;
  return (b.success === false || b.success === "false") && Array.isArray(b.errors) && b.errors.length > 0;
}

/**
 * The first segment of a path (`/v4`, `/n0c-api`): unknown-route answers are learned per
 * segment, since the three v2 APIs may sit behind different servers.
 */
export function prefixSegment(path: string): string {
  const m = /^\/[^/?#]*/.exec(path);
  return m ? m[0] : "/";
}

/**
 * A path under `segment` that no API can serve: a random name, so no cache or route answers it.
 *
 * @example
 * absentPath("/v4"); // "/v4/reseller-no-such-route-4f0c9a1e22b7"
 */
export function absentPath(segment: string): string {
  return `${segment}/reseller-no-such-route-${randomBytes(6).toString("hex")}`;
}

function normalise(text: string, paths: readonly string[]): string {
  let out = text;
  for (const p of paths) if (p.length > 1) out = out.split(p).join("{path}");
  return out.replace(/\s+/g, " ").trim();
}

/**
 * The fingerprint of an answer to `path` (the path and its query are replaced, so an API that
 * echoes the path still gives one fingerprint).
 */
export function fingerprintOf(answer: RouteAnswer, paths: readonly string[]): RouteFingerprint {
  return {
    status: answer.status,
    contentType: (answer.contentType ?? "").split(";")[0]!.trim().toLowerCase(),
    body: normalise(answer.text, paths),
  };
}

/** Whether two fingerprints are the same answer. */
export function sameAnswer(a: RouteFingerprint, b: RouteFingerprint): boolean {
  return a.status === b.status && a.contentType === b.contentType && a.body === b.body;
}

/**
 * The configuration line that moves `ep` to the right route, as the user pastes it: the
 * per-version form (client/overrides.ts), with the method kept and the path left to fill in.
 */
export function overrideCommand(ep: Pick<EndpointDef, "id" | "version" | "method">): string {
  const value = JSON.stringify({ [ep.id]: { [ep.version]: { method: ep.method, path: "<the right path>" } } });
  return `pulumi config set reseller:endpointOverrides '${value}'`;
}

/**
 * The one-line message of a `route-not-found`: the operation, version, method and path, the
 * route's evidence, what answered, the command that corrects it and `reseller probe`.
 */
export function routeNotFoundMessage(ep: EndpointDef, method: HttpMethod, answer: string): string {
  const evidence = ep.overridden ? `set by reseller:endpointOverrides over the table's ${ep.evidence} route` : `evidence: ${ep.evidence}`;
  return (
    `${ep.id} has no route at API ${ep.version} ${method} ${ep.path} (${evidence}): ${answer}, which is how this API answers a path it does not have, ` +
    `so nothing was read as gone and nothing was changed; correct the route with ${overrideCommand(ep)} ` +
    `or find it with reseller probe (docs/first-day.md)`
  );
}

/**
 * The fixture format of one recorded request and reply: what `reseller probe --record DIR`
 * writes for each read route it checks against a live account, and what the evidence fixtures
 * of `test/contract/recorded/` reconstruct from the public client code docs/evidence.md cites.
 *
 * Only the table's `inferred` routes need a live recording to be trusted; a fixture of origin
 * `probe` is what promotes a route to the `observed` evidence (src/client/observed.ts).
 */
import { z } from "zod";
import { API_VERSIONS, type ApiVersion } from "./endpoint";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One recorded request and reply, as stored in `<version>.<operation id>.json`.
 *
 * - `origin: "probe"`: recorded from a live account by `reseller probe --record`; `source` names
 *   the tool and its version (`reseller probe 0.1.0`);
 * - `origin: "evidence"`: reconstructed from the public client code docs/evidence.md cites;
 *   `source` names the section and the source (`docs/evidence.md §7.6 (S1 Actions/GetDNS.php)`).
 *
 * `request` holds the parameters as sent and `reply.body` the parsed JSON reply, both redacted:
 * ids and names are placeholders, credentials never appear. Unknown top-level fields are refused
 * so a typo in a hand-written fixture fails instead of being ignored.
 *
 * @example
 * const pair = recordedPairSchema.parse(JSON.parse(readFileSync("test/contract/recorded/v4.dns.getZone.json", "utf8")));
 * pair.reply.status; // 200
 */
export const recordedPairSchema = z.strictObject({
  /** The operation id, `"<area>.<verbNoun>"`, e.g. `dns.getZone`. */
  operation: z.string().regex(/^[a-z]+\.[a-z][A-Za-z]+$/, "expected <area>.<verbNoun>"),
  version: z.enum(API_VERSIONS as readonly [ApiVersion, ...ApiVersion[]]),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  /** The absolute path the request went to, version prefix included. */
  path: z.string().startsWith("/"),
  /** Where the parameters travelled. */
  params: z.enum(["body", "query"]),
  origin: z.enum(["probe", "evidence"]),
  /** `YYYY-MM-DD`: the day of the recording, or of the reconstruction. */
  recordedAt: z.string().regex(DATE, "expected YYYY-MM-DD"),
  source: z.string().min(1),
  request: z.record(z.string(), z.unknown()),
  reply: z.strictObject({
    status: z.number().int().min(100).max(599),
    contentType: z.string().min(1),
    body: z.unknown(),
  }),
});

/**
 * One recorded request and reply; see {@link recordedPairSchema}.
 *
 * @example
 * const pair: RecordedPair = {
 *   operation: "account.hello", version: "v4", method: "GET", path: "/v4/hello", params: "body",
 *   origin: "probe", recordedAt: "2026-11-27", source: "reseller probe 0.1.0",
 *   request: {}, reply: { status: 200, contentType: "application/json", body: { message: "hello" } },
 * };
 */
export type RecordedPair = z.output<typeof recordedPairSchema>;

/**
 * The file name of a recording: `<version>.<operation id>.json`, the table key plus `.json`, so a
 * folder holds one recording per route.
 *
 * @example
 * recordedFileName("v4", "dns.getZone"); // "v4.dns.getZone.json"
 */
export function recordedFileName(version: ApiVersion, operation: string): string {
  return `${version}.${operation}.json`;
}

/**
 * `reseller probe`: checks the endpoint table's routes against a live account (src/probe/run.ts),
 * with the data and helpers it is made of.
 *
 * @example
 * import { probeAccount } from "./probe";
 * const result = await probeAccount(client, { progress: (line) => console.error(line) });
 */
export { probeAccount, ProbeAbort, VERDICTS } from "./run";
export type { DecisiveCall, FoundRoute, ProbeClient, ProbedRoute, ProbeOptions, ProbeResult, Verdict } from "./run";
export { GUARDED_READS, NEVER_CALLED, guardReason } from "./guarded";
export { ABSENT_DOMAIN, ABSENT_ID, readParams, requestFields, writeParams } from "./params";
export type { BuiltParams, FieldShape, ProbeFacts, RequestField } from "./params";
export { candidateRoutes, otherNumber, MAX_CANDIDATES } from "./candidates";
export type { CandidateRoute } from "./candidates";
export { createRedactor, REDACTED } from "./redact";
export type { Redactor } from "./redact";
export { recordedPairs, writeRecordings } from "./record";
export type { RecordOptions } from "./record";
export { createTap, MAX_KEPT_BYTES } from "./tap";
export type { Exchange, Tap } from "./tap";

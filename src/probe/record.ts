/**
 * `reseller probe --record DIR`: one fixture per probed route, in the recorded-pair format of
 * src/client/recorded.ts (`<version>.<operation>.json`), redacted by src/probe/redact.ts.
 *
 * The pair of each route is the call that decided its verdict: the route that works when one was
 * found, else the call at the table's route. Every file is checked against `recordedPairSchema`
 * before it is written, so what lands in the folder is what the contract tests read.
 */
import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { ApiVersion } from "../client/endpoint";
import { recordedFileName, recordedPairSchema, type RecordedPair } from "../client/recorded";
import { secretForms } from "../client/secrets";
import { createRedactor } from "./redact";
import type { DecisiveCall, ProbeResult } from "./run";

/**
 * What the recordings say about where they come from.
 */
export interface RecordOptions {
  /** Never written: the API user and key. */
  secrets: readonly string[];
  /** `source` of every pair, e.g. `reseller probe 0.1.0`. */
  source: string;
  /** `recordedAt`, `YYYY-MM-DD`; default today (UTC). */
  today?: string;
}

function replyBody(call: DecisiveCall): unknown {
  const { text, cut } = call.exchange;
  if (cut) return `(a body over ${text.length} bytes, not kept)`;
  if (text.trim() === "") return "";
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // An HTML error page or plain text: kept as text, so the recording shows what answered.
    return text;
  }
}

/**
 * The redacted pair of each probed route, by file name. Names learned in any reply (usernames,
 * secrets) are replaced in all of them.
 *
 * @example
 * const pairs = recordedPairs(result, { secrets: [apiUser, apiKey], source: "reseller probe 0.1.0" });
 * Object.keys(pairs); // ["v4.account.hello.json", ...]
 */
export function recordedPairs(result: Pick<ProbeResult, "calls" | "facts">, options: RecordOptions): Record<string, RecordedPair> {
  // In every form a reply may quote them (src/client/secrets.ts), as the client's errors do.
  const redactor = createRedactor(options.secrets.flatMap(secretForms));
  const calls = Object.entries(result.calls);
  const bodies = new Map(calls.map(([key, call]) => [key, replyBody(call)]));
  if (result.facts.username) redactor.learn({ username: result.facts.username });
  for (const [key, call] of calls) {
    redactor.learn(call.params);
    redactor.learn(bodies.get(key));
  }
  const recordedAt = options.today ?? new Date().toISOString().slice(0, 10);
  const out: Record<string, RecordedPair> = {};
  for (const [key, call] of calls) {
    const dot = key.indexOf(".");
    const version = key.slice(0, dot) as ApiVersion;
    const operation = key.slice(dot + 1);
    const pair = recordedPairSchema.parse({
      operation,
      version,
      method: call.route.method,
      path: call.route.path,
      params: call.route.params,
      origin: "probe",
      recordedAt,
      source: options.source,
      request: redactor.redact(call.params),
      reply: { status: call.exchange.status, contentType: call.exchange.contentType || "none", body: redactor.redact(bodies.get(key)) },
    });
    out[recordedFileName(version, operation)] = pair;
  }
  return out;
}

/**
 * Writes the recorded pairs into `dir` (created if needed) and returns the paths written.
 *
 * @example
 * const files = await writeRecordings("test/contract/recorded", result, { secrets: [apiUser, apiKey], source: "reseller probe 0.1.0" });
 */
export async function writeRecordings(
  dir: string,
  result: Pick<ProbeResult, "calls" | "facts">,
  options: RecordOptions,
): Promise<string[]> {
  const pairs = recordedPairs(result, options);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, pair] of Object.entries(pairs)) {
    const file = path.join(dir, name);
    await writeFile(file, `${JSON.stringify(pair, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

/**
 * Empty and malformed success replies for every reading operation the resources use (issue 12
 * items 3 and 7): "gone" only on evidence.
 *
 * For each resource type an object is created in a simulator through the runtime (the code the
 * dynamic-provider host runs), and the operations a refresh of it calls are noted from the
 * simulator's request log. Then the runtime is pointed at a loopback server that answers every
 * request with one malformed success reply:
 *
 * - an empty body (200);
 * - 204 with no body;
 * - `{"success":true}` without the listing;
 * - `{"success":true,"data":null}`;
 * - a body that is not JSON (200).
 *
 * The refresh (`read` with the stored outputs) must fail with a `bad-response` error. Returning
 * an empty id would make the engine drop the resource from the state ("gone"), so the object
 * would be orphaned; returning anything else would take a reply that says nothing as the truth.
 */
import { check, configure, create, read, reset } from "../../src/runtime";
import { RESOURCES, type ResourceType } from "../../src/resources/registry";
import type { Simulator } from "../../packages/simulator/src";
import { startScriptedServer, type ScriptedReply, type ScriptedServer } from "../../test/helpers/scripted-server";
import { material } from "./bad-inputs";
import { scenarioInputs, simulatorFor } from "./faults";

/** The malformed replies, by name. */
export const EMPTY_REPLIES: Readonly<Record<string, ScriptedReply>> = {
  "empty body": { status: 200, body: "" },
  "204": { status: 204, body: "" },
  "success without the list": { status: 200, body: { success: true } },
  "data null": { status: 200, body: { success: true, data: null } },
  "not JSON": { status: 200, body: "<html><body>Service temporarily unavailable</body></html>" },
};

/** One row of the table: a type's refresh fed one malformed reply. */
export interface EmptyReplyRow {
  type: ResourceType;
  reply: string;
  /** The operations a refresh of this type calls (from a run against the simulator). */
  operations: string[];
  /** `bad-response` when right; else what happened (`gone`, `accepted`, `error <code>`). */
  outcome: string;
  ok: boolean;
  message?: string;
}

/** The table's figures. */
export interface EmptyReplyFigures {
  emptyRepliesTried: number;
  /** Rows that did not fail with `bad-response`. */
  emptyRepliesMisread: number;
  /** Of those, rows where the resource was reported gone. */
  emptyRepliesGone: number;
  rows: EmptyReplyRow[];
}

function settings(url: string, sim: Simulator): { get(key: string): string | undefined } {
  const values: Record<string, string> = {
    "reseller:apiUrl": url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": sim.apiKey,
    "reseller:apiVersion": "v4",
    "reseller:requestsPerMinute": "1000000",
    "reseller:initialRequestsPerMinute": "1000000",
    "reseller:retryBaseDelayMs": "2",
    "reseller:timeoutMs": "2000",
    "reseller:readCacheTtlSeconds": "0",
  };
  return { get: (key) => values[key] };
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** One type's rows: its object created in a simulator, then refreshed against each malformed reply. */
async function runType(type: ResourceType, inputs: Record<string, unknown>, server: ScriptedServer): Promise<EmptyReplyRow[]> {
  const sim = await simulatorFor(type);
  const rows: EmptyReplyRow[] = [];
  try {
    await reset();
    await configure({ config: settings(sim.url, sim) });
    const checked = await check(type, {}, inputs);
    if (checked.failures)
      throw new Error(`the inputs of ${type} are not valid: ${checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
    const { id, outs } = await create(type, checked.inputs ?? inputs);
    const mark = sim.requests.list().length;
    await read(type, id, outs);
    const operations = [
      ...new Set(
        sim.requests
          .list()
          .slice(mark)
          .map((entry) => entry.id),
      ),
    ];

    await reset();
    await configure({ config: settings(server.url, sim) });
    for (const [reply, answer] of Object.entries(EMPTY_REPLIES)) {
      server.clear();
      server.fallback = answer;
      const row: EmptyReplyRow = { type, reply, operations, outcome: "", ok: false };
      try {
        const result = await read(type, id, outs);
        row.outcome = result.id === "" ? "gone" : "accepted";
      } catch (error) {
        const code = codeOf(error);
        row.outcome = code === "bad-response" ? "bad-response" : `error ${code ?? "without a code"}`;
        row.message = (error as Error).message.slice(0, 300);
      }
      row.ok = row.outcome === "bad-response";
      rows.push(row);
    }
  } finally {
    await sim.close();
  }
  return rows;
}

/**
 * Runs every type's refresh against every malformed reply.
 *
 * @example
 * const { emptyRepliesTried, emptyRepliesMisread } = await runEmptyReplies(); // 110, 0
 */
export async function runEmptyReplies(options: { types?: readonly ResourceType[] } = {}): Promise<EmptyReplyFigures> {
  const types = options.types ?? (Object.keys(RESOURCES) as ResourceType[]);
  const inputs = scenarioInputs(material());
  const server = await startScriptedServer();
  const rows: EmptyReplyRow[] = [];
  try {
    for (const type of types) rows.push(...(await runType(type, inputs[type], server)));
  } finally {
    await reset();
    await server.close();
  }
  const misread = rows.filter((r) => !r.ok);
  return {
    emptyRepliesTried: rows.length,
    emptyRepliesMisread: misread.length,
    emptyRepliesGone: misread.filter((r) => r.outcome === "gone").length,
    rows,
  };
}

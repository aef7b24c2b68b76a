/**
 * The recordings of test/contract/recorded/ against the three things that must agree with them:
 * the endpoint table (the route exists, its response schema reads the reply), the simulator (it
 * answers the same operation in the same envelope with the same keys) and src/client/observed.ts
 * (a route is `observed` exactly when a probe recorded it). The test enumerates the folder; it
 * lists no key by hand, so a recording added by `reseller probe --record` is checked as it lands.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointsOf, unwrapReply, type EndpointDef } from "../../src/client/endpoint";
import { endpoints, operations } from "../../src/client/endpoints";
import { OBSERVED } from "../../src/client/observed";
import { recordedFileName, recordedPairSchema, type RecordedPair } from "../../src/client/recorded";
import { apiErrorBody } from "../../src/client/schemas";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { areas } from "../../packages/simulator/src/handlers";

const DIR = path.join(__dirname, "recorded");
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();
const table = endpoints as Record<string, EndpointDef | undefined>;
const samples = new Map(areas.flatMap((a) => Object.entries(a.samples)));

/** The file's JSON, unchecked: (a) checks it. */
const raw = (file: string): unknown => JSON.parse(readFileSync(path.join(DIR, file), "utf8"));
/** The file as a recorded pair; a file that does not parse fails (a) with the zod issues. */
const pairOf = (file: string): RecordedPair => recordedPairSchema.parse(raw(file));
const keyOf = (pair: RecordedPair) => `${pair.version}.${pair.operation}`;
const isError = (status: number) => status >= 400;

/**
 * The parameters that address a hosting account or a domain (docs/evidence.md §7.5). An error
 * recording's other parameters are the input that provoked the error (a weak password, §7.2).
 */
const ADDRESS = new Set(["id", "username", "domain", "sld", "tld"]);

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const kindOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** Every string inside `v`, at any depth: the markers an `errors` array carries (§7.2 nests them). */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (isRecord(v)) return Object.values(v).flatMap(strings);
  return [];
}

/**
 * Where the keys of `recorded` and `simulated` differ, by name. An evidence recording shows only
 * the fields public code reads, so the simulator may answer more (`subset`); a probe recording is
 * the live reply, so both directions count.
 */
function keyDiffs(where: string, recorded: Json, simulated: Json, subset: boolean): string[] {
  const missing = Object.keys(recorded).filter((k) => !(k in simulated));
  const extra = subset ? [] : Object.keys(simulated).filter((k) => !(k in recorded));
  return [
    ...(missing.length ? [`${where}: the simulator lacks ${missing.join(", ")}`] : []),
    ...(extra.length ? [`${where}: the simulator adds ${extra.join(", ")}, which the live reply lacks`] : []),
  ];
}

/**
 * The differences between two reply bodies: the envelope (the body's kind; whether `data` is there
 * and what it holds), the top-level keys, and one level in: the keys of `data`, or of the first
 * entry of `data` or of a top-level listing (`hosting_accounts`, `world_accounts`, `contacts`).
 * The entries of `errors` are not compared: the API mixes strings and objects there
 * (docs/evidence.md §7.2), so their markers are compared instead.
 */
function shapeDiffs(recorded: unknown, simulated: unknown, subset: boolean): string[] {
  if (kindOf(recorded) !== kindOf(simulated))
    return [`the body is ${kindOf(recorded)} in the recording but ${kindOf(simulated)} from the simulator`];
  if (!isRecord(recorded) || !isRecord(simulated)) return [];
  const diffs: string[] = [];
  if ("data" in recorded !== "data" in simulated) {
    diffs.push(
      `envelope: the recording ${"data" in recorded ? "wraps" : "does not wrap"} its fields in data, the simulator ${"data" in simulated ? "does" : "does not"}`,
    );
  } else if ("data" in recorded && kindOf(recorded.data) !== kindOf(simulated.data)) {
    diffs.push(`envelope: data is ${kindOf(recorded.data)} in the recording but ${kindOf(simulated.data)} from the simulator`);
  }
  diffs.push(...keyDiffs("top level", recorded, simulated, subset));
  for (const [key, value] of Object.entries(recorded)) {
    const other = simulated[key];
    if (key === "data" && isRecord(value) && isRecord(other)) diffs.push(...keyDiffs("data", value, other, subset));
    if (key === "errors" || !Array.isArray(value) || value.length === 0 || !Array.isArray(other)) continue;
    const [first] = value;
    if (other.length === 0) {
      diffs.push(`${key}[0]: the simulator's ${key} is empty, so its entries cannot be compared (give its sample an entry)`);
    } else if (kindOf(first) !== kindOf(other[0])) {
      diffs.push(`${key}[0]: an entry is ${kindOf(first)} in the recording but ${kindOf(other[0])} from the simulator`);
    } else if (isRecord(first) && isRecord(other[0])) {
      diffs.push(...keyDiffs(`${key}[0]`, first, other[0], subset));
    }
  }
  return diffs;
}

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo", behaviour: { transferPendingReads: 0 } });
});
afterAll(async () => {
  await sim.close();
});

/** The simulator's raw reply to `params` on the entry's route, as the client would send them. */
async function simulatorReply(entry: EndpointDef, params: Json): Promise<{ status: number; contentType: string; body: unknown }> {
  const query = new URLSearchParams();
  if (entry.params === "query") {
    for (const [k, v] of Object.entries(params))
      if (v !== undefined) query.append(k, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  }
  const qs = query.toString();
  const res = await request(`${sim.url}${entry.path}${qs ? `?${qs}` : ""}`, {
    method: entry.method,
    headers: { "x-api-user": sim.apiUser, "x-api-key": sim.apiKey, "content-type": "application/json", accept: "application/json" },
    ...(entry.params === "body" ? { body: JSON.stringify(params) } : {}),
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    contentType: String(res.headers["content-type"] ?? ""),
    body: text === "" ? undefined : JSON.parse(text),
  };
}

const mediaType = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase();

describe("recorded replies of test/contract/recorded", () => {
  it("finds recordings in the folder, and nothing else but its README", () => {
    expect(FILES.length).toBeGreaterThan(0);
    expect(readdirSync(DIR).filter((f) => !f.endsWith(".json"))).toEqual(["README.md"]);
  });

  it.each(FILES)("%s parses as a recorded pair and is named after its route", (file) => {
    const parsed = recordedPairSchema.safeParse(raw(file));
    expect(parsed.success, parsed.error ? `${file}: ${parsed.error.message}` : "").toBe(true);
    const pair = pairOf(file);
    expect(file, `a recording of ${keyOf(pair)} is named ${recordedFileName(pair.version, pair.operation)}`).toBe(
      recordedFileName(pair.version, pair.operation),
    );
  });

  it.each(FILES)("%s names a route of the endpoint table, at the table's method and path", (file) => {
    const pair = pairOf(file);
    const entry = table[keyOf(pair)];
    expect(entry, `${file}: the table has no ${keyOf(pair)}`).toBeDefined();
    // A recording made at another route (an override) says nothing about the table's route.
    expect(`${pair.method} ${pair.path}`, `${file} was recorded at another route than the table's`).toBe(`${entry!.method} ${entry!.path}`);
  });

  it.each(FILES)("%s holds a reply the client reads: the route's response schema on 2xx, the API's error object on 4xx and 5xx", (file) => {
    const pair = pairOf(file);
    const entry = table[keyOf(pair)]!;
    const { status, body } = pair.reply;
    expect(status < 200 || (status >= 300 && status < 400), `${file}: status ${status} is neither a success nor an error`).toBe(false);
    const parsed = isError(status) ? apiErrorBody.safeParse(body) : entry.response.safeParse(unwrapReply(entry, body));
    expect(
      parsed.success,
      parsed.error ? `${file} (${isError(status) ? "error object" : `${entry.key} response`}): ${parsed.error.message}` : "",
    ).toBe(true);
  });

  it.each(FILES)("%s has the simulator's envelope and keys for the same operation", async (file) => {
    const pair = pairOf(file);
    const entry = table[keyOf(pair)]!;
    const sample = samples.get(entry.key);
    expect(sample, `the simulator has no sample for ${entry.key}`).toBeDefined();
    sim.reset();
    const params = sample!(sim.store);
    // The recording's ids and names are placeholders the demo seed does not hold: address what the
    // sample addresses, and send the input that provoked a recorded error.
    if (isError(pair.reply.status)) for (const [k, v] of Object.entries(pair.request)) if (!ADDRESS.has(k)) params[k] = v;
    const reply = await simulatorReply(entry, params);

    expect(
      isError(reply.status),
      `${file}: the recording answered ${pair.reply.status}, the simulator ${reply.status} (${JSON.stringify(reply.body)})`,
    ).toBe(isError(pair.reply.status));
    expect(mediaType(reply.contentType), `${file}: content type`).toBe(mediaType(pair.reply.contentType));
    const diffs = shapeDiffs(pair.reply.body, reply.body, pair.origin === "evidence");
    expect(diffs, `${file} and the simulator's ${entry.key} reply differ:\n  ${diffs.join("\n  ")}`).toEqual([]);
    if (isError(pair.reply.status) && isRecord(pair.reply.body) && isRecord(reply.body)) {
      const markers = strings(pair.reply.body.errors);
      const simulated = new Set(strings(reply.body.errors));
      expect(
        markers.filter((m) => !simulated.has(m)),
        `${file}: the simulator's errors (${JSON.stringify(reply.body.errors)}) lack the recorded markers`,
      ).toEqual([]);
    }
  });
});

describe("the observed label", () => {
  it("OBSERVED lists exactly the routes with a probe recording, on the day each was recorded", () => {
    const probed = Object.fromEntries(
      FILES.map(pairOf)
        .filter((p) => p.origin === "probe")
        .map((p) => [keyOf(p), p.recordedAt]),
    );
    const add = Object.entries(probed)
      .filter(([k, d]) => OBSERVED[k] !== d)
      .map(([k, d]) => `"${k}": "${d}"`);
    const remove = Object.keys(OBSERVED).filter((k) => !(k in probed));
    const message = [
      add.length ? `add to OBSERVED in src/client/observed.ts: ${add.join(", ")}` : "",
      remove.length
        ? `remove from OBSERVED in src/client/observed.ts (no probe recording in test/contract/recorded): ${remove.join(", ")}`
        : "",
    ]
      .filter(Boolean)
      .join("; ");
    expect({ ...OBSERVED }, message).toEqual(probed);
  });

  it("labels observed, with its day, exactly the table routes OBSERVED lists", () => {
    const labelled = Object.fromEntries(
      Object.values(table)
        .filter((e) => e!.evidence === "observed")
        .map((e) => [e!.key, e!.observedOn]),
    );
    expect(labelled).toEqual({ ...OBSERVED });
  });

  it("takes a route of its observed map to evidence observed, keeping the catalog source", () => {
    const before = endpointsOf(operations, {})["v4.dns.getZone"];
    const after = endpointsOf(operations, { "v4.dns.getZone": "2026-11-27" });
    expect(after["v4.dns.getZone"]).toMatchObject({ evidence: "observed", observedOn: "2026-11-27", source: before.source });
    expect(after["v3.dns.getZone"]).toEqual(endpointsOf(operations, {})["v3.dns.getZone"]);
    expect(before.evidence).toBe("inferred");
    expect(before.observedOn).toBeUndefined();
  });
});

/**
 * The shape of one API operation, as data.
 *
 * Every operation of every API version is one {@link EndpointDef} in the endpoint table
 * (`src/client/endpoints/*.ts`, merged in `src/client/endpoints/index.ts`). The client derives
 * its methods from the table and the simulator routes requests with it, so this file is the
 * contract between the two.
 */
import type { z } from "zod";
import { OBSERVED } from "./observed";

/** API versions: `v4` (current, `/v4`), `v3` (`/v3`), `v2` (`/reseller-api`, `/n0c-api`, `/world-api`). */
export type ApiVersion = "v4" | "v3" | "v2";
export const API_VERSIONS: readonly ApiVersion[] = ["v4", "v3", "v2"];

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How sure we are of the method and path, from `spec/api-catalog.md`:
 * - `seed`: printed in the API document itself;
 * - `confirmed`: seen in public client code (CONFIRMED or CONFIRMED-3P);
 * - `inferred`: a pattern guess (INFERRED-M, INFERRED-L or UNKNOWN). Users can override
 *   the method and path of any operation from configuration;
 * - `observed`: seen answering on a live account: `reseller probe --record` recorded it and the
 *   route is listed, with the day, in src/client/observed.ts. It takes the place of the catalog
 *   label, which stays in the route's `source`.
 */
export type Evidence = "seed" | "confirmed" | "inferred" | "observed";

/** Where request parameters travel by default. */
export type ParamLocation = "body" | "query";

/**
 * Whether an operation may be sent again after a failure:
 * - `read`: no effect on the server; retried on 429, 5xx and any network failure;
 * - `idempotent`: setting the same thing twice gives the same result (PUT-like sets, deletes);
 *   retried like reads;
 * - `unsafe`: creates, charges or appends (register, renew, add SSH key, ...). Retried only when
 *   the server certainly did not act (429, or a connection that was never established); a lost
 *   response surfaces as `outcome-unknown` so the caller reconciles by reading.
 */
export type Safety = "read" | "idempotent" | "unsafe";

/**
 * What an endpoint is beside its schemas. Kept apart from {@link EndpointSpec} so that the
 * public endpoint type (src/client/public.ts) names it without naming a zod type.
 */
export interface EndpointFacts {
  method: HttpMethod;
  /** Absolute path including the version prefix, e.g. `/v4/hosting/domain/dns-zone`. */
  path: string;
  /** Default placement of parameters. GET and DELETE carry a JSON body unless `query`. */
  params: ParamLocation;
  evidence: Evidence;
  /** The catalog's finer label and row, e.g. `INFERRED-M, catalog §1 #14`. */
  source: string;
  safety: Safety;
  /** Hosting operations answer with the envelope `success`, `errors`, `reseller_id`. */
  envelope: boolean;
  /** One line for the operations table of docs/api-operations.md. */
  summary: string;
  /**
   * Where this version's reply carries the operation's fields inside `data` (v3 and v2 hosting
   * operations, legacy document difference 3): `true` when `data` holds the fields themselves,
   * a field name when `data` holds that one field (a listing v4 names `keys`). The client moves
   * them to where {@link EndpointSpec.response} expects them before parsing, so every version answers one shape.
   */
  unwrap?: Unwrap;
}

export interface EndpointSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends EndpointFacts {
  /** Strict schema of what we send (`z.strictObject`). The simulator validates with it too. */
  request: Req;
  /** Lenient schema of what we read (`z.looseObject`, coercing where unambiguous). */
  response: Res;
}

/** How a version wraps its reply in `data`; see {@link EndpointSpec.unwrap}. */
export type Unwrap = true | string;

/** What {@link endpointsOf} adds to an entry's spec: its key, id and version, and where it came from. */
export interface EntryFacts<K extends string = string> {
  /** `"<version>.<area>.<verbNoun>"`, unique across the table. */
  key: K;
  /** `"<area>.<verbNoun>"`; the same id names the same operation in every version that has it. */
  id: K extends `${ApiVersion}.${infer Id}` ? Id : string;
  version: K extends `${infer V extends ApiVersion}.${string}` ? V : ApiVersion;
  /** Set when `reseller:endpointOverrides` moved this route (client/overrides.ts). */
  overridden?: true;
  /**
   * With evidence `observed`: the day (`YYYY-MM-DD`) a probe recording of this route was made
   * (src/client/observed.ts).
   */
  observedOn?: string;
}

/** A table entry: the spec plus its key, id and version, filled in by {@link endpointsOf}. */
export type EndpointDef<K extends string = string, Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = EndpointSpec<
  Req,
  Res
> &
  EntryFacts<K>;

/** Splits `"v4.dns.getZone"` into its version and id. */
export function splitKey(key: string): { version: ApiVersion; id: string; area: string } {
  const [version, area, ...rest] = key.split(".");
  if (!version || !area || rest.length === 0 || !(API_VERSIONS as readonly string[]).includes(version)) {
    throw new Error(`Not an endpoint key: "${key}" (expected "<version>.<area>.<verbNoun>")`);
  }
  return { version: version as ApiVersion, id: `${area}.${rest.join(".")}`, area };
}

/**
 * One version's route of an operation: where it lives, how sure we are of it, and only what
 * differs from the operation's row (a request or response variant, a `data` envelope to unwrap).
 * The table writes each with {@link route}, on one line.
 */
export interface Route extends RouteFacts {
  /** This version's request schema, where it takes other parameters than the row's. */
  request?: z.ZodType;
  /** This version's response schema, where it answers other fields than the row's. */
  response?: z.ZodType;
}

/** A {@link Route} beside its schemas (the public route type names it: src/client/public.ts). */
export interface RouteFacts {
  method: HttpMethod;
  path: string;
  /** Default `body`. */
  params?: ParamLocation;
  evidence: Evidence;
  /** The catalog's finer label and row, e.g. `INFERRED-M, catalog §1 #14`. */
  source: string;
  unwrap?: Unwrap;
  envelope?: boolean;
  summary?: string;
}

/** What a route may say beyond its method, path and source: only what differs from its row. */
export type RouteOptions = Partial<Pick<Route, "params" | "request" | "response" | "unwrap" | "envelope" | "summary">>;

/** A method and an absolute path in one value, as octokit writes its routes: `"GET /v4/hosting/ssh-keys"`. */
export type RouteLine = `${HttpMethod} /${string}`;

/** The catalog labels that open a `source`, and the evidence each stands for (see {@link Evidence}). */
const EVIDENCE_OF_LABEL: Record<string, Evidence> = {
  SEED: "seed",
  CONFIRMED: "confirmed",
  "CONFIRMED-3P": "confirmed",
  "INFERRED-M": "inferred",
  "INFERRED-L": "inferred",
  UNKNOWN: "inferred",
};
const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** What every route says; {@link route} builds it. */
export type RouteCore = Pick<Route, "method" | "path" | "evidence" | "source">;

/**
 * One version's route, in one line: its method and path, the catalog's source (whose opening label
 * gives the evidence, so the two cannot disagree), and only what differs from the row. Fails at
 * load on an unknown method or label, so a slip in the table never reaches a request.
 *
 * @example
 * route("GET /v3/hosting/ssh-keys", "INFERRED-L: v4 path pattern under /v3 (catalog §1 #60)", { unwrap: "keys" });
 * // { method: "GET", path: "/v3/hosting/ssh-keys", evidence: "inferred", source: "INFERRED-L: ...", unwrap: "keys" }
 */
export function route<const X extends RouteOptions = {}>(line: RouteLine, source: string, options?: X): RouteCore & X {
  const [method, path = "", ...rest] = line.split(" ") as [HttpMethod, string?, ...string[]];
  const evidence = EVIDENCE_OF_LABEL[/^[A-Z0-9-]+/.exec(source)?.[0] ?? ""];
  if (!METHODS.includes(method) || !path.startsWith("/") || rest.length > 0)
    throw new Error(`Not a route: "${line}" (expected "<METHOD> /<path>")`);
  if (!evidence) throw new Error(`Source "${source}" does not open with a catalog label (${Object.keys(EVIDENCE_OF_LABEL).join(", ")})`);
  return { ...options, method, path, evidence, source } as RouteCore & X;
}

/**
 * One operation, once: what it does, whether it is safe to repeat, the request and response
 * schemas, and per API version the route that serves it.
 */
export interface Operation extends OperationFacts {
  request: z.ZodType;
  response: z.ZodType;
  v4?: Route;
  v3?: Route;
  v2?: Route;
}

/** An {@link Operation} beside its schemas and routes (the public operation type names it: src/client/public.ts). */
export interface OperationFacts {
  summary: string;
  safety: Safety;
  /** Hosting operations answer with the envelope `success`, `errors`, `reseller_id`. */
  envelope: boolean;
}

/** Operations keyed by id, `"<area>.<verbNoun>"`. */
export type OperationTable = Record<`${string}.${string}`, Operation>;

type RouteSchema<O, V extends ApiVersion, F extends "request" | "response"> = O extends {
  readonly [P in V]: Record<F, infer S extends z.ZodType>;
}
  ? S
  : O extends Record<F, infer S extends z.ZodType>
    ? S
    : never;

/** The `"<version>.<id>"` keys of a table of operations. */
export type RouteKeys<T extends OperationTable> = { [Id in keyof T & string]: `${keyof T[Id] & ApiVersion}.${Id}` }[keyof T & string];

/** The table entries of a table of operations, one per version each operation has. */
export type EndpointsOf<T extends OperationTable> = {
  [K in RouteKeys<T>]: K extends `${infer V extends ApiVersion}.${infer Id extends keyof T & string}`
    ? EndpointDef<K, RouteSchema<T[Id], V, "request">, RouteSchema<T[Id], V, "response">>
    : never;
};

const OPERATION_ID = /^[a-z]+\.[a-z][A-Za-z]+$/;

/**
 * Declares an area's operations, one row each. Fails at load on a malformed id or a row without
 * any route, so a slip in the table never reaches a request.
 *
 * @example
 * export const sshOperations = defineOperations({
 *   "ssh.removeKey": { summary: "Remove an SSH key", safety: "idempotent", envelope: true, request: z.strictObject({ ...hostingV4, key: z.string() }), response: envelope({}),
 *     v4: route("DELETE /v4/hosting/ssh-key", "INFERRED-L, catalog §1 #63 (pattern + v2 §4.2)"),
 *     v2: route("POST /n0c-api/user/remove-ssh-key", "CONFIRMED, catalog §4.2 (S8, S5)"),
 *   },
 * });
 */
export function defineOperations<const T extends OperationTable>(rows: T): T {
  for (const [id, op] of Object.entries(rows)) {
    if (!OPERATION_ID.test(id)) throw new Error(`Not an operation id: "${id}" (expected "<area>.<verbNoun>")`);
    if (!API_VERSIONS.some((v) => op[v])) throw new Error(`Operation "${id}" has no route in any API version`);
  }
  return rows;
}

/**
 * The table entries of `rows`: one per operation and version, keyed `"<version>.<id>"`, area by
 * area, and in each area v4 first, then v3, then v2, in the order of the rows. A route listed in
 * `observed` (by default {@link OBSERVED}, the committed probe recordings) carries the evidence
 * `observed` and the day in `observedOn`; its `source` keeps the catalog label.
 *
 * @example
 * const table = endpointsOf(sshOperations);
 * table["v3.ssh.listKeys"].unwrap; // "keys"
 */
export function endpointsOf<const T extends OperationTable>(
  rows: T,
  observed: Readonly<Record<string, string>> = OBSERVED,
): EndpointsOf<T> {
  const out: Record<string, EndpointDef> = {};
  const all = Object.entries(rows) as [string, Operation][];
  const areas = [...new Set(all.map(([id]) => id.slice(0, id.indexOf("."))))];
  for (const [area, version] of areas.flatMap((a) => API_VERSIONS.map((v) => [a, v] as const))) {
    for (const [id, op] of all) {
      const route = id.startsWith(`${area}.`) ? op[version] : undefined;
      if (!route) continue;
      const key = `${version}.${id}`;
      const observedOn = observed[key];
      out[key] = {
        key,
        id,
        version,
        method: route.method,
        path: route.path,
        params: route.params ?? "body",
        request: route.request ?? op.request,
        response: route.response ?? op.response,
        evidence: observedOn !== undefined ? "observed" : route.evidence,
        source: route.source,
        safety: op.safety,
        envelope: route.envelope ?? op.envelope,
        summary: route.summary ?? op.summary,
        ...(route.unwrap !== undefined ? { unwrap: route.unwrap } : {}),
        ...(observedOn !== undefined ? { observedOn } : {}),
      };
    }
  }
  return out as EndpointsOf<T>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A reply with its `data` envelope undone as the entry declares ({@link EndpointSpec.unwrap}),
 * ready for the entry's response schema. Anything else passes through unchanged.
 *
 * @example
 * unwrapReply({ unwrap: "keys" }, { success: true, data: [{ key: "a4:77" }] }); // { success: true, keys: [{ key: "a4:77" }] }
 * unwrapReply({ unwrap: true }, { success: true, data: { key: "a4:77" } }); // { success: true, key: "a4:77" }
 */
export function unwrapReply(entry: Pick<EndpointSpec, "unwrap">, body: unknown): unknown {
  if (entry.unwrap === undefined || !isRecord(body) || !("data" in body)) return body;
  const { data, ...rest } = body;
  if (entry.unwrap !== true) return { ...rest, [entry.unwrap]: data };
  // PHP encodes an empty object as `[]` (catalog §7.7 #6); null says there is nothing to add.
  if (data === null || (Array.isArray(data) && data.length === 0)) return rest;
  return isRecord(data) ? { ...rest, ...data } : body;
}

/**
 * The inverse of {@link unwrapReply}: the operation's fields put in `data` as the entry declares,
 * which is how the simulator answers each version from one handler per operation. Anything else
 * passes through unchanged.
 *
 * @example
 * wrapReply({ unwrap: "keys" }, { keys: [{ key: "a4:77" }] }); // { data: [{ key: "a4:77" }] }
 * wrapReply({ unwrap: true }, { key: "a4:77", message: "added" }); // { data: { key: "a4:77", message: "added" } }
 */
export function wrapReply(entry: Pick<EndpointSpec, "unwrap">, fields: unknown): unknown {
  if (entry.unwrap === undefined || !isRecord(fields)) return fields;
  if (entry.unwrap === true) return { data: fields };
  const { [entry.unwrap]: data, ...rest } = fields;
  return { ...rest, data };
}

/**
 * The shape of one API operation, as data.
 *
 * Every operation of every API version is one {@link EndpointDef} in the endpoint table
 * (`src/client/endpoints/*.ts`, merged in `src/client/endpoints/index.ts`). The client derives
 * its methods from the table and the simulator routes requests with it, so this file is the
 * contract between the two.
 */
import type { z } from "zod";

/** API versions: `v4` (current, `/v4`), `v3` (`/v3`), `v2` (`/reseller-api`, `/n0c-api`, `/world-api`). */
export type ApiVersion = "v4" | "v3" | "v2";
export const API_VERSIONS: readonly ApiVersion[] = ["v4", "v3", "v2"];

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How sure we are of the method and path, from `spec/api-catalog.md`:
 * - `seed`: printed in the API document itself;
 * - `confirmed`: seen in public client code (CONFIRMED or CONFIRMED-3P);
 * - `inferred`: a pattern guess (INFERRED-M, INFERRED-L or UNKNOWN). Users can override
 *   the method and path of any operation from configuration.
 */
export type Evidence = "seed" | "confirmed" | "inferred";

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

export interface EndpointSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Absolute path including the version prefix, e.g. `/v4/hosting/domain/dns-zone`. */
  path: string;
  /** Default placement of parameters. GET and DELETE carry a JSON body unless `query`. */
  params: ParamLocation;
  /** Strict schema of what we send (`z.strictObject`). The simulator validates with it too. */
  request: Req;
  /** Lenient schema of what we read (`z.looseObject`, coercing where unambiguous). */
  response: Res;
  evidence: Evidence;
  /** The catalog's finer label and row, e.g. `INFERRED-M, catalog §1 #14`. */
  source: string;
  safety: Safety;
  /** Hosting operations answer with the envelope `success`, `errors`, `reseller_id`. */
  envelope: boolean;
  /** One line for the operations table of docs/api-operations.md. */
  summary: string;
}

/** A table entry: the spec plus its key, id and version, filled in by `defineEndpoints`. */
export type EndpointDef<
  K extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> = EndpointSpec<Req, Res> & {
  /** `"<version>.<area>.<verbNoun>"`, unique across the table. */
  key: K;
  /** `"<area>.<verbNoun>"`; the same id names the same operation in every version that has it. */
  id: K extends `${ApiVersion}.${infer Id}` ? Id : string;
  version: K extends `${infer V extends ApiVersion}.${string}` ? V : ApiVersion;
};

type SpecTable = Record<`${ApiVersion}.${string}.${string}`, EndpointSpec<z.ZodType, z.ZodType>>;

export type DefinedTable<T extends SpecTable> = {
  [K in keyof T & string]: T[K] extends EndpointSpec<infer Req, infer Res> ? EndpointDef<K, Req, Res> : never;
};

/** Adds `key`, `id` and `version` to each entry of an area's table, deriving them from the key. */
export function defineEndpoints<const T extends SpecTable>(table: T): DefinedTable<T> {
  const out: Record<string, EndpointDef> = {};
  for (const [key, spec] of Object.entries(table)) {
    const dot = key.indexOf(".");
    out[key] = { ...spec, key, id: key.slice(dot + 1), version: key.slice(0, dot) as ApiVersion } as EndpointDef;
  }
  return out as DefinedTable<T>;
}

/** Splits `"v4.dns.getZone"` into its version and id. */
export function splitKey(key: string): { version: ApiVersion; id: string; area: string } {
  const [version, area, ...rest] = key.split(".");
  if (!version || !area || rest.length === 0 || !(API_VERSIONS as readonly string[]).includes(version)) {
    throw new Error(`Not an endpoint key: "${key}" (expected "<version>.<area>.<verbNoun>")`);
  }
  return { version: version as ApiVersion, id: `${area}.${rest.join(".")}`, area };
}

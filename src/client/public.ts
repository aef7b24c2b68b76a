/**
 * The endpoint table and the operation rows as the package's root exports them: with types that
 * name no zod type (docs/decisions/0041). The values are the table's own (`endpoints`,
 * `operations` of ./endpoints); only their declared types differ. A schema is a {@link Schema},
 * the `parse` and `safeParse` a program calls, typed with the plain types generated from the
 * schemas (src/public-types.generated.ts). Assigning the table to these types is the check that
 * they say what the table holds.
 */
import type { OperationReplyByKey, OperationSentByKey } from "../public-types.generated";
import type { EntryFacts, EndpointFacts, OperationFacts, RouteFacts } from "./endpoint";
import { endpoints as table, operations as rows, type EndpointKey, type OperationId } from "./endpoints";

/** One problem a schema found: where (`path`), what (`code`) and a sentence (`message`). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}

/** What a schema reports when a value does not fit it. */
export interface SchemaError extends Error {
  issues: SchemaIssue[];
}

/** What {@link Schema.safeParse} gives: the parsed value, or the error. */
export type SchemaResult<T> = { success: true; data: T } | { success: false; error: SchemaError };

/**
 * A schema of the endpoint table: checks a value and gives what it parses to (`T`), with
 * defaults filled in and coercions made.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * const zone = endpoints["v4.dns.getZone"].response.parse(await (await fetch(url)).json());
 */
export interface Schema<T> {
  /** The parsed value; throws a {@link SchemaError} when `data` does not fit. */
  parse(data: unknown): T;
  /** The parsed value or the error, without throwing. */
  safeParse(data: unknown): SchemaResult<T>;
}

/**
 * One entry of the endpoint table, `K` its key (`"v4.dns.getZone"`); any entry when `K` is
 * `string`, with schemas of unknown output.
 */
export interface EndpointEntry<K extends string = string> extends EndpointFacts, EntryFacts<K> {
  /** Strict schema of what the client sends; it parses to what the request carries. */
  request: Schema<K extends EndpointKey ? OperationSentByKey[K] : unknown>;
  /** Lenient schema of what the client reads, coercing where unambiguous. */
  response: Schema<K extends EndpointKey ? OperationReplyByKey[K] : unknown>;
}

/** Every operation of every API version, by endpoint key. */
export type EndpointTable = { readonly [K in EndpointKey]: EndpointEntry<K> };

/** One version's route of an operation, and its schemas where they differ from the row's. */
export interface OperationRoute extends RouteFacts {
  request?: Schema<unknown>;
  response?: Schema<unknown>;
}

/**
 * One operation, once: what it does, whether it is safe to repeat, its schemas, and per API
 * version the route that serves it. A route's own schemas take the place of the row's.
 */
export interface OperationRow extends OperationFacts {
  request: Schema<unknown>;
  response: Schema<unknown>;
  v4?: OperationRoute;
  v3?: OperationRoute;
  v2?: OperationRoute;
}

/** Every operation, by id. */
export type OperationRows = { readonly [Id in OperationId]: OperationRow };

/**
 * Every operation of every API version.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * const op = endpoints["v4.dns.getZone"];
 * console.log(op.method, op.path, op.evidence); // GET /v4/hosting/domain/dns-zone inferred
 */
export const endpoints: EndpointTable = table;

/**
 * Every operation, one row each, keyed by id (`"dns.getZone"`): summary, safety, request and
 * response schemas, and per version its route.
 *
 * @example
 * import { operations } from "pulumi-hosting-reseller";
 * const row = operations["dns.getZone"];
 * console.log(row.safety, row.v4?.path, row.v3?.path); // read /v4/hosting/domain/dns-zone /v3/hosting/domain/dns-zone
 */
export const operations: OperationRows = rows;

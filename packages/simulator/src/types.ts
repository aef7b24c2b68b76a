/**
 * The contract between the simulator's core (routing, auth, ETag, faults, envelope) and the
 * per-area handlers in `src/simulator/handlers/<area>.ts`.
 *
 * A handler serves one operation in every version that has it. It receives parameters already
 * validated by the endpoint's strict request schema and returns the operation's fields, as the
 * client reads them. The core shapes them as the endpoint's row says: into `data` where the row
 * declares `unwrap` (src/client/endpoint.ts, `wrapReply`), then inside the hosting envelope
 * (`success`, `errors`, `reseller_id`) where it declares `envelope: true`. A thrown
 * {@link SimError} becomes the API's error object.
 */
// From the package's root, whose declarations name no zod type (docs/decisions/0041), rather
// than from `/contract`, whose table is typed with the schemas.
import type { EndpointDef, EndpointKey, KeysOf, OperationId, OperationSentByKey } from "pulumi-hosting-reseller";
import type { HostingState, SimState } from "./state";

export interface SimBehaviour {
  /** Domain-information reads a transfer stays pending before it settles. Default 2. */
  transferPendingReads: number;
  /** Listing reads before a new database or database user shows up. Default 0 (immediate). */
  eventualConsistencyReads: number;
}

/**
 * The parameters the handler of endpoint `K` receives: what the endpoint's request schema parsed
 * (its output, after defaults and transforms). A union where `K` names several versions.
 */
export type SimParams<K extends EndpointKey> = OperationSentByKey[K];

/**
 * What a handler receives; `P` is its parameters' type. {@link KeyContext} and {@link OpContext}
 * give the one a table entry parses to, so a misspelt parameter does not compile.
 */
export interface SimContext<P extends object = Record<string, unknown>> {
  /** Parameters from the JSON body and query string, validated by the endpoint's request schema. */
  params: P;
  endpoint: EndpointDef;
  /** The live store; handlers change it in place. */
  state: SimState;
  behaviour: SimBehaviour;
  /** The simulator's clock (tests may fix it). */
  now(): Date;
  /** Today as `YYYY-MM-DD`. */
  today(): string;
  /**
   * The hosting account addressed by `params.id` (and, on v3, `params.username`).
   * Throws a 404 {@link SimError} naming the id when there is none.
   */
  hosting(): HostingState;
  /** The next value of a named counter (`order`, `ftp`, `url`, `cron`, ...). */
  nextId(counter: string): number;
  /** Request headers, lower-cased names. */
  headers: Record<string, string | undefined>;
}

/** The context of the handler of endpoint `K` (`"v4.dns.getZone"`). */
export type KeyContext<K extends EndpointKey> = SimContext<SimParams<K>>;

/** The context of a handler that serves every version of operation `Id` (`"dns.getZone"`). */
export type OpContext<Id extends OperationId> = SimContext<SimParams<KeysOf<Id>>>;

/** Returns the operation's fields, without the `data` wrapping and the envelope, which the core adds. */
export type Resolver<P extends object = Record<string, unknown>> = (ctx: SimContext<P>) => unknown;

/**
 * Handlers keyed by operation id (`"dns.getZone"`), each given the parameters of every version of
 * its operation: an id the table does not have, or a parameter no version's request schema
 * declares, does not compile. A handler tells versions apart by `ctx.endpoint.version` where
 * they differ in more than the `data` wrapping.
 */
export type SimHandlers = { [Id in OperationId]?: Resolver<SimParams<KeysOf<Id>>> };

/** An area's handlers, keyed by operation id (`"dns.getZone"`). */
export interface SimArea {
  name: string;
  handlers: SimHandlers;
  /**
   * For each endpoint key of the area, parameters that succeed against the `demo` seed. A sample
   * may prepare the state first (add a CSR before removing it). The contract test calls every
   * endpoint of the table with its sample and parses the reply with the client's schema.
   */
  samples: Record<string, (state: SimState) => Record<string, unknown>>;
}

/**
 * An error the API would answer with: the status and `{ error, error_code }` (plus the envelope's
 * `success: false` and `errors` on hosting operations).
 *
 * @example
 * throw new SimError(404, `Domain ${domain} is not in this account`);
 */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: number,
    readonly errors?: unknown[],
  ) {
    super(message);
    this.name = "SimError";
  }
}

/** A reply with a status other than 200, for the rare operation that needs one. */
export class SimReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

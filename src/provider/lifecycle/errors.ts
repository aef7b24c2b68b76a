/**
 * Errors the provider raises, and the one way it inspects client errors.
 *
 * Client errors are recognised by `name` and `code`, never by `instanceof` alone: the provider
 * runs from whatever copy of this package the dynamic-provider host loads, so class identity
 * across copies is not guaranteed (style rule R3).
 */
import type { ErrorCode } from "../../client/errors";

/**
 * The `code` of a client error (`"not-found"`, `"outcome-unknown"`, ...), or undefined for
 * anything else.
 */
export function apiErrorCode(err: unknown): ErrorCode | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const e = err as { name?: unknown; code?: unknown };
  return e.name === "ResellerApiError" && typeof e.code === "string" ? (e.code as ErrorCode) : undefined;
}

/**
 * Runs an API call, giving undefined when the API answers that what it addresses is not there
 * (a `not-found` client error): the usual way a `read` learns that an object, or the hosting
 * account holding it, is gone, and a `delete` that it has nothing left to do. Any other error
 * passes through.
 */
export async function unlessNotFound<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (err) {
    if (apiErrorCode(err) === "not-found") return undefined;
    throw err;
  }
}

/**
 * Thrown by `create` (or `update`) when the object exists remotely but a later step failed.
 *
 * The dynamic-provider host turns an error that carries `id` into `ErrorResourceInitFailed`, so
 * the engine keeps the object in state as "created, failed to initialise" instead of losing
 * track of something that exists (and, for a domain, cost money). `properties` become the
 * resource's state; the runtime adds the serialized provider to them so later operations on the
 * resource can still run.
 */
export class PartialCreateError extends Error {
  readonly reasons: string[];
  readonly properties: Record<string, unknown>;
  /** @param properties the known state (any outputs object; the runtime makes it plain JSON) */
  constructor(
    readonly id: string,
    properties: object,
    message: string,
  ) {
    super(message);
    this.name = "PartialCreateError";
    this.properties = { ...properties };
    this.reasons = [message];
  }
}

/**
 * Whether `err` is a partial failure: a {@link PartialCreateError}, or any error carrying `id` and
 * `properties` (the shape the dynamic-provider host reads, whichever copy of the class made it).
 *
 * @example
 * isPartialFailure(new PartialCreateError("101", {}, "read-back failed")); // true
 */
export function isPartialFailure(err: unknown): err is PartialCreateError {
  return err instanceof PartialCreateError || (typeof err === "object" && err !== null && "id" in err && "properties" in err);
}

/**
 * A configuration value that is missing or malformed. The message names the stack config key
 * and its environment variable, never a value.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * Runs the API calls of an update, turning "the object is gone" (a `not-found` client error)
 * into an error that says what to do: a refresh drops the object from state, and the next `up`
 * creates it again. Any other error passes through as it is.
 *
 * `what` names the object (`The FTP account ci@example.com`); `verbs` words the hint for
 * objects that are removed and added rather than deleted and created.
 */
export async function updating<T>(
  what: string,
  step: () => Promise<T>,
  verbs: { gone: string; again: string } = { gone: "deleted", again: "creates" },
): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (apiErrorCode(err) !== "not-found") throw err;
    throw new Error(
      `${what} cannot be updated (API: ${messageOf(err)}); if it was ${verbs.gone} outside Pulumi, run \`pulumi refresh\` so that the next \`up\` ${verbs.again} it again`,
      { cause: err },
    );
  }
}

/** A message for any thrown value, for wrapping in a follow-up error. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Whether `err` is an error the package raises on purpose, whose message says all a user needs:
 * an API or transport failure (`ResellerApiError`), a configuration error, a create that failed
 * after the object was made, and the plain `Error`s the provider throws with a written message
 * (invalid inputs, an object that does not exist, an update of something gone). Anything else
 * (a `TypeError`, a Node.js system error with a `code`, a library's own class) is unexpected,
 * and keeps its stack for the bug report.
 *
 * @example
 * isExpectedError(new ConfigError("reseller:apiKey is missing")); // true
 * isExpectedError(new TypeError("x is undefined")); // false
 */
export function isExpectedError(err: unknown): err is Error {
  if (!(err instanceof Error)) return false;
  if (apiErrorCode(err) !== undefined) return true;
  if (err.name === "ConfigError" || err.name === "PartialCreateError") return true;
  return err.name === "Error" && err.constructor === Error && (err as { code?: unknown }).code === undefined;
}

/**
 * Makes an expected error print as one paragraph in `pulumi up`. The dynamic-provider host logs
 * every failure as `` `${e}: ${e.stack}` `` (@pulumi/pulumi cmd/dynamic-provider/index.js), which
 * repeats the message and adds the stack of our own code: the user sees a trace for a refused
 * API call. With `toString` giving the name alone and `stack` the message, that line reads
 * `ResellerApiError: <message>`, once. Unexpected errors pass unchanged, stack included.
 *
 * @example
 * try { await op(); } catch (err) { throw forDisplay(err); }
 */
export function forDisplay(err: unknown): unknown {
  if (!isExpectedError(err)) return err;
  const name = typeof err.name === "string" && err.name !== "" ? err.name : "Error";
  Object.defineProperty(err, "stack", { value: err.message, configurable: true, writable: true });
  Object.defineProperty(err, "toString", { value: () => name, configurable: true, writable: true });
  return err;
}

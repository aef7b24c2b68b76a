/**
 * What every data source shares: arguments validated before anything else happens (the text
 * rules every string passes, as in a resource's `check`, then zod),
 * the check that the configured API version has the operations a call needs (before any
 * request, so a v2 stack learns at once that it has no SSL status), the one place where v3 and
 * v2 `data` wrapping is undone, and the `...Output` variant.
 *
 * Data sources follow the shape users know from Pulumi's generated SDKs:
 * `getX(args): Promise<GetXResult>` and `getXOutput(args, opts): Output<GetXResult>`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { API_VERSIONS, type ApiVersion } from "../client/endpoint";
import { endpoints, type HostedParams, type OperationId, type OperationParams, type OperationReply } from "../client/endpoints";
import { ResellerApiError } from "../client/errors";
import { hostingId } from "../client/schemas";
import { ACCOUNT_NAME, ACCOUNT_NAME_RULE } from "../provider/rules/config";
import type { ProviderContext } from "../provider/runtime/context";
import { hostingAddress } from "../provider/runtime/context";
import { limitText, textIssues } from "../provider/lifecycle/check";
import { isExpectedError } from "../provider/lifecycle/errors";
import { normalizeDomain, normalizeRegistrableDomain, type NameResult } from "../util/names";
import { NAME_RULE } from "../provider/rules/validators";
import { dataSourceContext, pulumiSdk } from "./client";

/**
 * The argument every data source takes beside its own: the reseller account to read.
 *
 * @example
 * const zone = await getDnsZone({ account: "brand-b", domain: "brand-b.com" });
 */
export interface AccountArgs {
  /**
   * The account of `reseller:accounts` (a plain name, not a secret) to read; without it, the
   * account of the top-level keys (`reseller:apiUser`, ...).
   */
  account?: string;
}

/**
 * Compiles only for an arguments type that declares `account` as {@link AccountArgs} does, so a
 * data source cannot leave it out (an interface without it, or `Record<string, never>`, fails).
 */
type DeclaresAccount<A> = string extends A[Extract<"account", keyof A>] ? unknown : { argumentsMustExtendAccountArgs: never };

/**
 * The arguments of an `...Output` variant: every field may be a `pulumi.Input`.
 *
 * @example
 * const args: OutputArgs<{ domain: string }> = { domain: zone.domain }; // an Output<string> works
 */
export type OutputArgs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** The parameters of hosting operation `Id` beside the hosting address, which the call adds. */
export type { HostedParams };

/**
 * Options of an `...Output` variant. `dependsOn` delays the read until those resources are
 * registered (for a create, until it has finished), as Pulumi's own `InvokeOutputOptions` does.
 *
 * @example
 * getDnsZoneOutput({ domain: "agency-demo.com", hostingId: 101 }, { dependsOn: [wwwRecord] });
 */
export interface DataSourceOutputOptions {
  dependsOn?: pulumi.InvokeOutputOptions["dependsOn"];
}

/** The API as one data source call sees it, bound to the configured version. */
export interface DataSourceCall {
  readonly version: ApiVersion;
  /** Whether the version has operation `id` (for reads that only some versions offer). */
  has(id: OperationId): boolean;
  /** Operation `id` with `params`; the reply is typed from the table, `data` envelopes undone. */
  request<Id extends OperationId>(id: Id, params: OperationParams<Id>): Promise<OperationReply<Id>>;
  /**
   * A hosting operation on account `hostingId`: the account is addressed as the version wants it,
   * `{ id }` on v4 and v2, `{ id, username }` on v3 (the username from the hosting listing, read
   * once per run), followed by `params`.
   */
  hostingRequest<Id extends OperationId>(id: Id, hostingId: number, params?: HostedParams<Id>): Promise<OperationReply<Id>>;
}

/**
 * How one data source is made: its public name (used in every message), its argument schema,
 * the operations it needs, and the work.
 */
export interface DataSourceSpec<A extends AccountArgs, P, R> {
  name: string;
  args: z.ZodType<P, Omit<A, "account">>;
  /** Operation ids the call needs with these arguments on this version. */
  operations: (args: P, version: ApiVersion) => readonly OperationId[];
  /** Why these arguments cannot be served by this version (a phrase naming it), or undefined. */
  unsupported?: (args: P, version: ApiVersion) => string | undefined;
  run: (call: DataSourceCall, args: P) => Promise<R>;
  /** The Output variant's result is secret (it carries a credential). */
  secret?: boolean;
}

/** The two public functions of a data source. */
export interface DataSource<A, R> {
  get(args: A): Promise<R>;
  output(args: OutputArgs<A>, opts?: DataSourceOutputOptions): pulumi.Output<R>;
}

/** A hosting account id argument (`hostingId`), as the client's request schemas take it. */
export const hostingIdArg = hostingId;

/** An ISO 8601 instant argument with an offset or `Z`, as the log operations take them. */
export const instantArg = z.iso.datetime({ offset: true, message: "must be an ISO 8601 instant such as 2026-01-31T00:00:00Z" });

/** A name argument normalized by `normalize`, refused with its reason. */
function nameArg(normalize: (value: string) => NameResult) {
  return limitText(
    z.string().transform((value, ctx) => {
      const result = normalize(value);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.reason });
        return z.NEVER;
      }
      return result.value;
    }),
    NAME_RULE,
  );
}

/**
 * A domain argument: Unicode or ASCII, any case, an optional trailing dot; read in the canonical
 * ASCII form the API stores (punycode, lower case). Anything else is refused, never cut
 * (`normalizeDomain`).
 */
export const domainArg = nameArg(normalizeDomain);

/**
 * A domain argument that names a registrable domain (`example.com`, not `www.example.com`), for
 * the registrar reads, which address a domain by `sld` and `tld`.
 */
export const registrableDomainArg = nameArg(normalizeRegistrableDomain);

/**
 * For `unsupported`: a phrase naming the version when an argument that only `versions` take was
 * given, or undefined.
 */
export function unsupportedArgument(
  given: boolean,
  version: ApiVersion,
  versions: readonly ApiVersion[],
  argument: string,
  why: string,
): string | undefined {
  return given && !versions.includes(version) ? `argument "${argument}" is not available in API ${version} (${why})` : undefined;
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    return `unknown argument${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  }
  if (issue.path.length === 0) return `arguments: ${issue.message}`;
  return `argument "${issue.path.map(String).join(".")}": ${issue.message}`;
}

function validationError(message: string, issues?: string[]): ResellerApiError {
  return new ResellerApiError({ code: "validation", message, issues });
}

/** Validates arguments, or throws a `validation` error whose message names each bad argument. */
export function parseArgs<A, P>(name: string, schema: z.ZodType<P, A>, raw: unknown): P {
  const text = textIssues(schema, raw ?? {});
  if (text.length > 0) {
    const lines = text.map((t) => `argument "${t.path.map(String).join(".")}": ${t.reason}`);
    throw validationError(`${name}: ${lines.join("; ")}`, lines);
  }
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(issueText);
  throw validationError(`${name}: ${lines.join("; ")}`, lines);
}

/**
 * The `account` argument, validated, and the other arguments, which the data source's own schema
 * checks: every data source takes `account` without declaring it.
 */
function splitAccount(name: string, raw: unknown): { account: string | undefined; rest: unknown } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || !("account" in raw)) return { account: undefined, rest: raw };
  const { account, ...rest } = raw as Record<string, unknown>;
  if (account === undefined || account === null) return { account: undefined, rest };
  if (typeof account !== "string" || !ACCOUNT_NAME.test(account)) {
    const line = `argument "account": must be the name of an account of reseller:accounts (${ACCOUNT_NAME_RULE})`;
    throw validationError(`${name}: ${line}`, [line]);
  }
  return { account, rest };
}

/** The context of `account`; an account the configuration does not name fails naming the data source. */
function contextOf(name: string, account: string | undefined): ProviderContext {
  if (account === undefined) return dataSourceContext();
  try {
    return dataSourceContext(account);
  } catch (err) {
    throw validationError(`${name}: ${(err as Error).message}`);
  }
}

function versionsHaving(id: string): ApiVersion[] {
  return API_VERSIONS.filter((v) => `${v}.${id}` in endpoints);
}

/**
 * Validates the arguments, then checks that the configured version serves this call, then hands
 * back the API as the call sees it. Nothing is sent before both checks pass.
 */
export function prepareCall<A extends AccountArgs, P>(
  spec: Pick<DataSourceSpec<A, P, unknown>, "name" | "args" | "operations" | "unsupported">,
  raw: unknown,
): { args: P; call: DataSourceCall } {
  const { account, rest } = splitAccount(spec.name, raw);
  const args = parseArgs(spec.name, spec.args, rest);
  const ctx = contextOf(spec.name, account);
  const version = ctx.version;
  const reason = spec.unsupported?.(args, version);
  if (reason !== undefined) throw validationError(`${spec.name}: ${reason}`);
  for (const id of spec.operations(args, version)) {
    if (!ctx.has(id)) {
      const elsewhere = versionsHaving(id);
      throw validationError(
        `${spec.name} is not available in API ${version}: it reads ${id}, which API ${version} does not have` +
          (elsewhere.length > 0 ? ` (API ${elsewhere.join(", ")} ${elsewhere.length > 1 ? "have" : "has"} it)` : ""),
      );
    }
  }
  const call: DataSourceCall = {
    version,
    has: (id) => ctx.has(id),
    request: (id, params) => ctx.request(id, params),
    // The address completes `params` to what the operation takes; TypeScript cannot see that an
    // omitted `id` and `username` put back make `OperationParams<Id>` again for a generic `Id`.
    hostingRequest: async (id, hostingId, params) =>
      ctx.request(id, { ...(await hostingAddress(ctx, hostingId)), ...params } as OperationParams<typeof id>),
  };
  return { args, call };
}

/** The URNs of `dependsOn`, resolved when those resources are registered. */
function dependencyUrns(value: unknown): pulumi.Output<string[]> {
  const sdk = pulumiSdk();
  if (value === undefined || value === null) return sdk.output([]);
  if (sdk.Output.isInstance(value)) return (value as pulumi.Output<unknown>).apply((v) => dependencyUrns(v));
  if (value instanceof Promise) return sdk.output(value.then((v: unknown) => dependencyUrns(v)));
  if (Array.isArray(value)) return sdk.all(value.map(dependencyUrns)).apply((lists) => lists.flat());
  if (sdk.Resource.isInstance(value)) return value.urn.apply((urn) => [urn]);
  return sdk.output([]);
}

/**
 * The `...Output` variant of a plain data source function: waits for the arguments (and
 * `dependsOn`), then calls it. A secret argument makes the result secret, as Pulumi's invokes do;
 * `secret` makes it secret regardless.
 */
export function outputOf<A, R>(
  get: (args: A) => Promise<R>,
  args: OutputArgs<A> | undefined,
  opts?: DataSourceOutputOptions,
  secret = false,
): pulumi.Output<R> {
  const sdk = pulumiSdk();
  const result = sdk
    .all([sdk.output(args ?? {}), dependencyUrns(opts?.dependsOn)])
    .apply(([resolved]) => get(resolved as A)) as pulumi.Output<R>;
  // Results are plain data (no Outputs inside), so `Unwrap<R>` is `R`.
  return (secret ? sdk.secret(result) : result) as pulumi.Output<R>;
}

/**
 * An error a data source raises on purpose (see `isExpectedError`: an API refusal, a missing or
 * malformed configuration key, a bad argument), made to fail a program as a resource's error does:
 * one line, its message prefixed with the data source's name, and nothing else.
 *
 * The Node.js language host prints any other failure of a program as "Running program ... failed
 * with an unhandled exception" followed by `util.inspect` of the error: the stack of this
 * package's code and every field of the error. It prints only the message of a `pulumi.RunError`,
 * which it recognises by the `__pulumiRunError` flag (@pulumi/pulumi cmd/run/run.js,
 * `uncaughtHandler`; errors.js `RunError.isInstance`), the same check whichever copy of the SDK
 * made the error. The flag is set on the error itself, so a program that catches it still gets
 * the `ResellerApiError` with its `code`, or the `ConfigError`. This holds for an awaited call
 * and for an `...Output` variant, whose rejection reaches the same handler.
 * Unexpected errors (a `TypeError`, ...) pass unchanged, stack included, for the bug report.
 */
function asProgramFailure(name: string, err: unknown): unknown {
  if (!isExpectedError(err)) return err;
  const prefix = `${name}: `;
  const message = err.message.startsWith(prefix) || err.message.startsWith(`${name} `) ? err.message : prefix + err.message;
  Object.defineProperty(err, "message", { value: message, configurable: true, writable: true });
  Object.defineProperty(err, "__pulumiRunError", { value: true, configurable: true });
  quietLateHandling();
  return err;
}

let lateHandlingQuiet = false;

/**
 * Keeps Node.js from printing `PromiseRejectionHandledWarning` once a data source has failed the
 * program. A failed `...Output` rejects its value and the SDK's `isKnown` and `isSecret` promises,
 * and those of every Output lifted from it (`info.creditRemaining`); the SDK takes some of them up
 * only later (when it registers the stack's outputs), after Node.js reported them unhandled, and
 * Node.js then warns once for each, unless a `rejectionHandled` listener is there. The program is
 * failing with the data source's message already; those lines would only bury it. Set once, and
 * only after a failure, so a program whose data sources succeed keeps Node.js's default.
 */
function quietLateHandling(): void {
  if (lateHandlingQuiet) return;
  lateHandlingQuiet = true;
  process.on("rejectionHandled", () => undefined);
}

/**
 * Builds a data source from its spec: `get` validates, checks the version and runs; `output` is
 * its `...Output` variant.
 */
export function defineDataSource<A extends AccountArgs, P, R>(spec: DataSourceSpec<A, P, R> & DeclaresAccount<A>): DataSource<A, R> {
  const get = async (raw: A): Promise<R> => {
    try {
      const { args, call } = prepareCall(spec, raw);
      return await spec.run(call, args);
    } catch (err) {
      throw asProgramFailure(spec.name, err);
    }
  };
  return {
    get,
    output: (args, opts) => outputOf(get, args, opts, spec.secret === true),
  };
}

/** A counter the API sends as text (`"67108864"`), as a number; undefined when absent or not numeric. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

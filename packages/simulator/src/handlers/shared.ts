/**
 * Helpers every handler area shares, in one copy: domain names as the API takes them, message
 * replies, resolvers per version, the password strength check, per-operation binding of samples
 * and sample preparation.
 */
import { domainToASCII } from "node:url";
import { splitKey, type ApiVersion, type KeysOf, type OperationId } from "pulumi-hosting-reseller/contract";
import type { HostingState, SimState } from "../state";
import { SimError, type Resolver, type SimContext, type SimParams } from "../types";

// ---- domain names ----

/**
 * The ASCII (punycode), lower-case form of a domain name without its trailing dot; 400 naming
 * `field` when it is not a domain name.
 */
export function asciiDomain(input: string, field = "domain"): string {
  const trimmed = input.trim().replace(/\.$/, "");
  const ascii = domainToASCII(trimmed);
  if (ascii === "" || !ascii.includes(".")) throw new SimError(400, `${field} "${input}" is not a valid domain name`);
  return ascii.toLowerCase();
}

/**
 * The ASCII form of a domain given by a caller, which must be attached to the hosting account.
 * Accepts Unicode, upper case and a trailing dot. Throws 400 for a malformed name and 404 for a
 * domain the account does not serve.
 */
export function attachedDomain(hosting: HostingState, raw: string, field = "domain"): string {
  const domain = asciiDomain(raw, field);
  if (!hosting.domains.includes(domain)) throw new SimError(404, `Domain ${domain} is not attached to hosting account ${hosting.id}`);
  return domain;
}

// ---- replies ----

/** The resolver of an operation whose reply is a message: `op`'s text as `message`. */
export function messageReply<P extends object>(op: (ctx: SimContext<P>) => string): Resolver<P> {
  return (ctx) => ({ message: op(ctx) });
}

// ---- versions ----

/** One resolver per version of operation `Id`, each typed with that version's parameters. */
export type VersionResolvers<Id extends OperationId> = {
  [K in KeysOf<Id> as K extends `${infer V extends ApiVersion}.${string}` ? V : never]: Resolver<SimParams<K>>;
};

/**
 * The resolver of an operation whose versions differ in more than the `data` wrapping (which the
 * core adds from the table): it hands each request to its version's resolver.
 *
 * @example
 * const getAccessLogs = byVersion<"logs.getAccessLogs">({ v4: (ctx) => ({ data: [] }), v3: (ctx) => ({ data: [] }) });
 */
export function byVersion<Id extends OperationId>(resolvers: VersionResolvers<Id>): Resolver<SimParams<KeysOf<Id>>> {
  // One resolver per version, looked up by the version the core routed the request to.
  const table: Record<string, unknown> = resolvers;
  return (ctx) => (table[ctx.endpoint.version] as Resolver<SimParams<KeysOf<Id>>>)(ctx);
}

// ---- passwords ----

/** A password rule: the length and the kinds of character a password needs, and how to say so. */
export interface PasswordRule {
  minLength: number;
  /** One pattern per kind of character the password must contain. */
  needs: readonly RegExp[];
  /** The rule in words, for the error message. */
  hint: string;
}

/**
 * The strength rules behind the API's `"isStrongPassword"` error (catalog §7.2). The name is
 * that of validator.js's check, whose defaults (`account`) the panel, mailbox and application
 * passwords follow; FTP and database users follow the v4 document's advice of at least 10
 * characters with letters and digits (`long`).
 */
export const PASSWORD_RULES = {
  account: {
    minLength: 8,
    needs: [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/],
    hint: "8+ characters with upper and lower case, a digit and a symbol",
  },
  long: { minLength: 10, needs: [/[A-Za-z]/, /\d/], hint: "at least 10 characters with letters and digits" },
} as const satisfies Record<string, PasswordRule>;

/** Whether a password meets a rule (by default validator.js's defaults). */
export function isStrongPassword(password: string, rule: PasswordRule = PASSWORD_RULES.account): boolean {
  return password.length >= rule.minLength && rule.needs.every((p) => p.test(password));
}

/**
 * Throws the API's weak-password error: 400 with `errors: ["isStrongPassword"]`, the string the
 * official provisioning module looks for (S2 `PlanetHosterAPI::send`).
 */
export function requireStrongPassword(password: string, field: string, rule: PasswordRule = PASSWORD_RULES.account): void {
  if (!isStrongPassword(password, rule)) {
    throw new SimError(400, `${field} is not strong enough: use ${rule.hint}`, undefined, ["isStrongPassword"]);
  }
}

// ---- binding and samples ----

/**
 * Maps every key of an area's endpoint table to the entry of its operation id, so one sample
 * serves `v4.x.y`, `v3.x.y` and `v2.x.y`. Throws at load time when an id has none, so a new
 * endpoint without a sample fails every test at once.
 */
export function bindByOperation<T>(table: Record<string, unknown>, byId: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(table).map((key) => {
      const entry = byId[splitKey(key).id];
      if (entry === undefined) throw new Error(`No simulator sample for ${key}`);
      return [key, entry];
    }),
  );
}

/**
 * The demo seed's hosting account 101 as each version addresses it (v3 adds the username), for
 * samples.
 */
export const DEMO_HOSTING = {
  v4: { id: 101 },
  v3: { id: 101, username: "agencyde" },
  v2: { id: 101 },
} as const satisfies Record<ApiVersion, { id: number; username?: string }>;

/**
 * A sample (see `SimArea.samples`) that first prepares the hosting account its parameters
 * address, so that it succeeds whatever earlier samples did to the demo seed.
 */
export function sampleAfter(prepare: (hosting: HostingState) => void, params: Record<string, unknown>) {
  return (state: SimState): Record<string, unknown> => {
    const hosting = state.hostings[String(params.id)];
    if (hosting) prepare(hosting);
    return params;
  };
}

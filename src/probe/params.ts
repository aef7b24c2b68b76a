/**
 * The parameters `reseller probe` sends, built from each operation's request schema.
 *
 * A read gets what the probe found on the account (a hosting account, its username on v3, a
 * domain and its sld/tld, the active PHP version, ...) in the fields that name them; a field with
 * a fixed choice (an enum, a boolean, a bounded number) gets its first allowed value. A required
 * field the probe has nothing for makes the route `skipped`, naming the field.
 *
 * A write (`--writes`) gets a body that addresses no object: a hosting id and a domain that no
 * account has, so the API can only refuse it, and its refusal proves the route exists.
 */
import type { z } from "zod";
import type { EndpointDef } from "../client/endpoint";

/**
 * What a request field holds, as far as the probe needs to fill it.
 *
 * @example
 * const period: FieldShape = { kind: "choice", values: ["30d", "7d", "24h", "12h", "1h"] };
 */
export type FieldShape =
  | { kind: "string"; minLength: number }
  | { kind: "number"; min?: number }
  | { kind: "boolean" }
  | { kind: "choice"; values: readonly unknown[] }
  | { kind: "array"; element: FieldShape; minLength: number }
  | { kind: "object"; fields: RequestField[] }
  | { kind: "union"; options: FieldShape[] }
  | { kind: "record" }
  | { kind: "other"; type: string };

/**
 * One field of a request schema.
 *
 * @example
 * const id: RequestField = { name: "id", required: true, shape: { kind: "number", min: 1 } };
 */
export interface RequestField {
  name: string;
  required: boolean;
  shape: FieldShape;
}

/** The parts of zod's internal definition this module reads, as packages/simulator/src/server.ts `fieldType` does. */
interface Def {
  type?: string;
  innerType?: unknown;
  in?: unknown;
  shape?: Record<string, unknown>;
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
  element?: unknown;
  options?: readonly unknown[];
  checks?: readonly { _zod?: { def?: { check?: string; minimum?: number; value?: number; inclusive?: boolean } } }[];
}

function defOf(schema: unknown): Def {
  return (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def ?? {};
}

const WRAPPERS = new Set(["optional", "default", "prefault", "nullable", "readonly", "catch", "nonoptional"]);

/** The schema under optional/default/nullable wrappers (and the input side of a transform), and whether a value may be left out. */
function unwrap(schema: unknown): { inner: unknown; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (let i = 0; i < 8; i++) {
    const def = defOf(inner);
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    if (def.type !== undefined && WRAPPERS.has(def.type)) inner = def.innerType;
    else if (def.type === "pipe") inner = def.in;
    else break;
  }
  return { inner, optional };
}

function checkValue(def: Def, check: string, field: "minimum" | "value"): number | undefined {
  const found = def.checks?.find((c) => c._zod?.def?.check === check)?._zod?.def;
  const value = found?.[field];
  // `positive()` is "greater than 0", exclusive: the least whole number it takes is 1.
  return value !== undefined && found?.inclusive === false ? value + 1 : value;
}

function shapeOf(schema: unknown): FieldShape {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return { kind: "string", minLength: checkValue(def, "min_length", "minimum") ?? 0 };
    case "number":
    case "int":
      return { kind: "number", min: checkValue(def, "greater_than", "value") };
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "choice", values: Object.values(def.entries ?? {}) };
    case "literal":
      return { kind: "choice", values: def.values ?? [] };
    case "array":
      return { kind: "array", element: shapeOf(unwrap(def.element).inner), minLength: checkValue(def, "min_length", "minimum") ?? 0 };
    case "object":
      return { kind: "object", fields: requestFields(schema as z.ZodType) };
    case "union":
      return { kind: "union", options: (def.options ?? []).map((o) => shapeOf(unwrap(o).inner)) };
    case "record":
      return { kind: "record" };
    default:
      return { kind: "other", type: def.type ?? "unknown" };
  }
}

/**
 * The fields of a request schema (an object schema, refined or not), each with whether it is
 * required and what it holds.
 *
 * @example
 * requestFields(endpoints["v4.stats.getVisitors"].request);
 * // [{ name: "id", required: true, shape: { kind: "number", min: undefined } }, { name: "domain", ... }, ...]
 */
export function requestFields(schema: z.ZodType): RequestField[] {
  const shape = defOf(unwrap(schema).inner).shape ?? {};
  return Object.entries(shape).map(([name, field]) => {
    const { inner, optional } = unwrap(field);
    return { name, required: !optional, shape: shapeOf(inner) };
  });
}

/**
 * What the probe found on the account, and why what it did not find is missing.
 *
 * @example
 * const facts: ProbeFacts = { hostingId: 101, domain: "example.com", sld: "example", tld: "com", otherDomains: [], missing: { version: "php.getVersion gave no PHP version" } };
 */
export interface ProbeFacts {
  /** The hosting account (v2: the World account) the hosting routes address. */
  hostingId?: number;
  /** Its username: v3 sends it beside the id (docs/evidence.md §7.5). */
  username?: string;
  /** A domain of that hosting account, for the routes that address one. */
  domain?: string;
  /** Further domains of that hosting account, tried when the first lacks the object a route reads. */
  otherDomains: string[];
  /** A domain of the reseller account, split for the registrar routes. */
  sld?: string;
  tld?: string;
  /** The active PHP version of the hosting account. */
  phpVersion?: string;
  /** The public-key fingerprint of a CSR of the domain. */
  csrFingerprint?: string;
  /** The local part of an e-mail account of the domain (v2 `email.getAuths`). */
  mailUser?: string;
  /**
   * A throwaway self-signed certificate for the domain (PEM), for the route that validates a
   * certificate (`ssl.validateCustom`): validating installs nothing, and this one is made for the
   * probe alone, so no real certificate leaves the machine.
   */
  certificate?: string;
  /** Why a fact is missing, by the request field it would fill. */
  missing: Record<string, string>;
}

/**
 * The request fields the probe fills from what it found, and the fact each takes. The names are
 * the API's own (docs/evidence.md §1, §2, §4): `id` is the hosting (v2: World) account id,
 * `version` the PHP version.
 */
const FROM_FACTS: Readonly<Record<string, (f: ProbeFacts) => unknown>> = {
  id: (f) => f.hostingId,
  username: (f) => f.username,
  domain: (f) => f.domain,
  sld: (f) => f.sld,
  tld: (f) => f.tld,
  version: (f) => f.phpVersion,
  csrPubKeyFingerPrint: (f) => f.csrFingerprint,
  mailUser: (f) => f.mailUser,
  certificate: (f) => f.certificate,
};

/** A value the probe may choose for a field with a fixed set of choices; undefined when it has no such choice. */
function chosen(shape: FieldShape): unknown {
  if (shape.kind === "choice") return shape.values[0];
  if (shape.kind === "boolean") return false;
  if (shape.kind === "number") return shape.min ?? 1;
  return undefined;
}

/**
 * The parameters of a call, or the field that could not be filled and why.
 *
 * @example
 * const built: BuiltParams = { field: "certificate", why: "the probe has no value of its own to send in it" };
 */
export type BuiltParams = { params: Record<string, unknown> } | { field: string; why: string };

/**
 * The parameters of a read route from what the probe found: required fields only, each from the
 * facts or, for a field with a fixed set of choices, its first choice.
 *
 * @example
 * readParams(endpoints["v4.php.getOptions"], { hostingId: 101, phpVersion: "8.2", otherDomains: [], missing: {} });
 * // { params: { id: 101, version: "8.2" } }
 */
export function readParams(ep: Pick<EndpointDef, "request">, facts: ProbeFacts): BuiltParams {
  const params: Record<string, unknown> = {};
  for (const field of requestFields(ep.request)) {
    if (!field.required) continue;
    const fact = FROM_FACTS[field.name];
    const value = fact ? fact(facts) : /id$/i.test(field.name) ? undefined : chosen(field.shape);
    if (value === undefined) {
      return { field: field.name, why: facts.missing[field.name] ?? "the probe has no value of its own to send in it" };
    }
    params[field.name] = value;
  }
  return { params };
}

/**
 * A hosting (or World) account id no account has: the largest 32-bit id.
 *
 * @example
 * writeParams(endpoints["v4.cron.removeEmail"]); // { params: { id: ABSENT_ID } }
 */
export const ABSENT_ID = 2_147_483_647;
/**
 * A domain no account has: the top-level domain `.invalid` is reserved and never delegated.
 *
 * @example
 * writeParams(endpoints["v4.domains.updateNameservers"]); // { params: { sld: "reseller-probe", tld: "invalid", ... } }
 */
export const ABSENT_DOMAIN = "reseller-probe.invalid";

/** A value of `shape` that addresses nothing, for the field `name`. */
function placeholder(name: string, shape: FieldShape): unknown {
  switch (shape.kind) {
    case "string":
      return stringPlaceholder(name).padEnd(shape.minLength, "x");
    case "number":
      return /id$/i.test(name) ? ABSENT_ID : (shape.min ?? 1);
    case "boolean":
      return false;
    case "choice":
      return shape.values[0];
    case "array":
      return shape.minLength > 0 ? [placeholder(name, shape.element)] : [];
    case "object":
      return Object.fromEntries(shape.fields.filter((f) => f.required).map((f) => [f.name, placeholder(f.name, f.shape)]));
    case "union":
      return shape.options.length > 0 ? placeholder(name, shape.options[0]!) : undefined;
    case "record":
      return {};
    default:
      return undefined;
  }
}

function stringPlaceholder(name: string): string {
  if (name === "domain" || /domain$/i.test(name)) return ABSENT_DOMAIN;
  if (name === "sld") return "reseller-probe";
  if (name === "tld") return "invalid";
  if (/email/i.test(name)) return `probe@${ABSENT_DOMAIN}`;
  if (/url$/i.test(name)) return `https://${ABSENT_DOMAIN}/`;
  if (/country/i.test(name)) return "ZZ";
  if (/schedule/i.test(name)) return "0 0 1 1 *";
  if (/^ns\d$/.test(name)) return `ns.${ABSENT_DOMAIN}`;
  if (/ip/i.test(name)) return "192.0.2.1";
  if (/password|pass$/i.test(name)) return "Reseller-Probe-2026!";
  return "reseller-probe";
}

/** The fields by which a write names what it changes: one of them must hold an absent value. */
const ADDRESSING = ["id", "domain", "sld"];

/**
 * A body for a write route that addresses no object: the largest 32-bit hosting id, the domain
 * `reseller-probe.invalid`, and placeholders elsewhere. Fails when the body does not pass the
 * route's own schema (the client would not send it) or names no account, domain or hosting id
 * (nothing would make the API refuse it).
 *
 * @example
 * writeParams(endpoints["v4.ssh.removeKey"]);
 * // { params: { id: 2147483647, key: "reseller-probe" } }
 */
export function writeParams(ep: Pick<EndpointDef, "request">): BuiltParams {
  const fields = requestFields(ep.request).filter((f) => f.required);
  if (!fields.some((f) => ADDRESSING.includes(f.name))) {
    const optional = requestFields(ep.request).find((f) => ADDRESSING.includes(f.name));
    if (!optional)
      return { field: "(body)", why: "the route names no hosting account or domain, so no body can be sure to address nothing" };
    fields.push({ ...optional, required: true });
  }
  const all = requestFields(ep.request);
  const params = Object.fromEntries(fields.map((f) => [f.name, placeholder(f.name, f.shape)]));
  // A refinement may ask for one of several optional fields ("give password, quota or both"):
  // the field its issue names is added, a few times at most.
  for (let tries = 0; tries < 4; tries++) {
    const checked = ep.request.safeParse(params);
    if (checked.success) return { params };
    const issue = checked.error.issues[0];
    const wanted = all.find((f) => f.name === issue?.path[0] && !(f.name in params));
    if (!wanted)
      return {
        field: issue?.path.join(".") || "(body)",
        why: `no body that addresses no object passes the route's schema (${issue?.message ?? "invalid"})`,
      };
    params[wanted.name] = placeholder(wanted.name, wanted.shape);
  }
  return { field: "(body)", why: "no body that addresses no object passes the route's schema" };
}

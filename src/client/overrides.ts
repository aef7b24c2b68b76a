/**
 * Route overrides: where an operation really lives on the API a user talks to, when the endpoint
 * table's route is wrong. Most v4 routes are inferred (docs/evidence.md, §1), so the first live
 * account may answer some of them elsewhere; an override moves one without a release.
 *
 * Two forms are accepted, and both are checked against the table before anything is sent, so a
 * misspelt operation id or a path of the wrong version fails at once naming the nearest valid id:
 *
 * - per version: `{"dns.getZone": {"v4": {"method": "GET", "path": "/v4/...", "params": "query"}}}`;
 * - flat: `{"dns.getZone": {"method": "GET", "path": "/v4/..."}}` (the version the path's prefix
 *   names; with no path, every version of the operation) or `{"v4.dns.getZone": {...}}`.
 *
 * Either way the result is one route override per full key (`v4.dns.getZone`), which is what the
 * client applies and what `reseller probe --out` writes back in the per-version form.
 */
import { closest } from "fastest-levenshtein";
import { API_VERSIONS, type ApiVersion, type EndpointDef, type HttpMethod, type ParamLocation } from "./endpoint";
import { endpoints, operations } from "./endpoints";

/** What an override may change of one version's route. */
export interface RouteOverride {
  method?: HttpMethod;
  /** Absolute path with the version prefix (`/v4/...`, `/v3/...`, `/reseller-api/...`, `/n0c-api/...`, `/world-api/...`). */
  path?: string;
  /** Where the parameters travel. */
  params?: ParamLocation;
}

/** Overrides as written in configuration: per version, or flat (see the module comment). */
export type EndpointOverridesInput = Record<string, RouteOverride | Partial<Record<ApiVersion, RouteOverride>>>;

/** Overrides checked against the table: one per full key, `"v4.dns.getZone"`. */
export type EndpointOverrides = Readonly<Record<string, RouteOverride>>;

/** The per-version form, keyed by operation id: what `reseller probe --out` writes. */
export type EndpointOverridesByVersion = Record<string, Partial<Record<ApiVersion, RouteOverride>>>;

/** An override that does not fit the table; its message names the entry and the rule. */
export class EndpointOverrideError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EndpointOverrideError";
  }
}

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const PARAMS: readonly ParamLocation[] = ["body", "query"];
const ROUTE_FIELDS = new Set(["method", "path", "params"]);

/**
 * The path prefixes of each version. v2 has three (the registrar, hosting and World APIs), all
 * of one version (docs/evidence.md §3).
 */
export const VERSION_PREFIXES: Readonly<Record<ApiVersion, readonly string[]>> = {
  v4: ["/v4/"],
  v3: ["/v3/"],
  v2: ["/reseller-api/", "/n0c-api/", "/world-api/"],
};

/**
 * The version whose prefix opens `path`, or undefined.
 *
 * @example
 * versionOfPath("/n0c-api/dns/get-records"); // "v2"
 */
export function versionOfPath(path: string): ApiVersion | undefined {
  return API_VERSIONS.find((v) => VERSION_PREFIXES[v].some((p) => path.startsWith(p)));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const table = endpoints as Record<string, EndpointDef>;
const operationIds = Object.keys(operations);

function suggestion(id: string): string {
  const near = closest(id, operationIds);
  return near ? ` (did you mean "${near}"?)` : "";
}

function checkRoute(where: string, value: unknown, version: ApiVersion): RouteOverride {
  if (!isRecord(value)) throw new EndpointOverrideError(`${where} must be an object with method, path and params`);
  const unknown = Object.keys(value).filter((k) => !ROUTE_FIELDS.has(k));
  if (unknown.length > 0)
    throw new EndpointOverrideError(`${where} has ${unknown.map((k) => `"${k}"`).join(", ")}; an override takes method, path and params`);
  const out: RouteOverride = {};
  if (value.method !== undefined) {
    const method = typeof value.method === "string" ? value.method.toUpperCase() : value.method;
    if (!METHODS.includes(method as HttpMethod)) throw new EndpointOverrideError(`${where}.method must be one of ${METHODS.join(", ")}`);
    out.method = method as HttpMethod;
  }
  if (value.path !== undefined) {
    if (typeof value.path !== "string" || !value.path.startsWith("/") || /[\s?#]/.test(value.path)) {
      throw new EndpointOverrideError(`${where}.path must be an absolute path without spaces, query or fragment`);
    }
    if (versionOfPath(value.path) !== version) {
      throw new EndpointOverrideError(
        `${where}.path "${value.path}" must start with ${VERSION_PREFIXES[version].join(" or ")}, the prefix of API ${version}`,
      );
    }
    out.path = value.path;
  }
  if (value.params !== undefined) {
    if (!PARAMS.includes(value.params as ParamLocation)) throw new EndpointOverrideError(`${where}.params must be "body" or "query"`);
    out.params = value.params as ParamLocation;
  }
  if (Object.keys(out).length === 0) throw new EndpointOverrideError(`${where} says nothing: give a method, a path or params`);
  return out;
}

function requireRoute(id: string, version: ApiVersion, where: string): string {
  const key = `${version}.${id}`;
  if (!table[key]) {
    const has = API_VERSIONS.filter((v) => table[`${v}.${id}`]);
    throw new EndpointOverrideError(`${where}: operation "${id}" has no route in API ${version} (it has ${has.join(", ")})`);
  }
  return key;
}

/**
 * Checks overrides against the endpoint table and returns one per full key. Fails on an unknown
 * operation id (naming the nearest), an unknown version, a version the operation does not have,
 * a path whose prefix is another version's, or an unknown field.
 *
 * @example
 * parseEndpointOverrides({ "dns.getZone": { v4: { method: "GET", path: "/v4/dns/zone", params: "query" } } });
 * // { "v4.dns.getZone": { method: "GET", path: "/v4/dns/zone", params: "query" } }
 */
export function parseEndpointOverrides(input: unknown): EndpointOverrides {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) throw new EndpointOverrideError("must be a JSON object keyed by operation id");
  const out: Record<string, RouteOverride> = {};
  const put = (key: string, route: RouteOverride) => {
    if (out[key]) throw new EndpointOverrideError(`"${key}" is overridden twice`);
    out[key] = route;
  };
  for (const [name, value] of Object.entries(input)) {
    const full = /^(v\d+)\.(.+)$/.exec(name);
    if (full && !(API_VERSIONS as readonly string[]).includes(full[1]!)) {
      throw new EndpointOverrideError(`"${name}": unknown API version "${full[1]}" (expected ${API_VERSIONS.join(", ")})`);
    }
    const id = full ? full[2]! : name;
    if (!operationIds.includes(id)) throw new EndpointOverrideError(`unknown operation "${id}"${suggestion(id)}`);
    if (!isRecord(value)) throw new EndpointOverrideError(`"${name}" must be an object`);
    const keys = Object.keys(value);
    const perVersion = keys.some((k) => /^v\d+$/.test(k));
    if (perVersion && (full || keys.some((k) => ROUTE_FIELDS.has(k)))) {
      throw new EndpointOverrideError(`"${name}" mixes the per-version form ({"v4": {...}}) with route fields; use one form`);
    }
    if (full) {
      const version = full[1] as ApiVersion;
      put(requireRoute(id, version, `"${name}"`), checkRoute(`"${name}"`, value, version));
    } else if (perVersion) {
      for (const [v, route] of Object.entries(value)) {
        if (!(API_VERSIONS as readonly string[]).includes(v)) {
          throw new EndpointOverrideError(`"${id}.${v}": unknown API version "${v}" (expected ${API_VERSIONS.join(", ")})`);
        }
        put(requireRoute(id, v as ApiVersion, `"${id}.${v}"`), checkRoute(`"${id}.${v}"`, route, v as ApiVersion));
      }
    } else {
      for (const v of flatVersions(id, value)) put(requireRoute(id, v, `"${id}"`), checkRoute(`"${id}"`, value, v));
    }
  }
  return out;
}

/**
 * The versions a flat override by id moves: the path's prefix says which version it moves; a
 * method or params alone applies to every version of the operation.
 */
function flatVersions(id: string, value: Record<string, unknown>): ApiVersion[] {
  const path = typeof value.path === "string" ? value.path : undefined;
  const version = path !== undefined ? versionOfPath(path) : undefined;
  if (path !== undefined && !version) {
    throw new EndpointOverrideError(
      `"${id}".path "${path}" starts with no API version's prefix (${API_VERSIONS.map((v) => VERSION_PREFIXES[v].join(" or ")).join(", ")})`,
    );
  }
  return version ? [version] : API_VERSIONS.filter((v) => table[`${v}.${id}`]);
}

/**
 * Overrides keyed by full key, in the per-version form users write (`reseller probe --out`).
 *
 * @example
 * overridesByVersion({ "v4.dns.getZone": { path: "/v4/dns/zone" } }); // { "dns.getZone": { v4: { path: "/v4/dns/zone" } } }
 */
export function overridesByVersion(overrides: EndpointOverrides): EndpointOverridesByVersion {
  const out: EndpointOverridesByVersion = {};
  for (const [key, route] of Object.entries(overrides)) {
    const dot = key.indexOf(".");
    const version = key.slice(0, dot) as ApiVersion;
    (out[key.slice(dot + 1)] ??= {})[version] = { ...route };
  }
  return out;
}

/**
 * The table entry `base` with `override` applied: its method, path and parameter placement, and
 * `overridden` set so messages can say the route came from configuration.
 */
export function applyOverride(base: EndpointDef, override: RouteOverride | undefined): EndpointDef {
  if (!override) return base;
  return {
    ...base,
    ...(override.method ? { method: override.method } : {}),
    ...(override.path ? { path: override.path } : {}),
    ...(override.params ? { params: override.params } : {}),
    overridden: true,
  };
}

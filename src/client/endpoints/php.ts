/**
 * PHP of a hosting account: the active version, the options (php.ini values) and the extensions
 * of each installed version.
 *
 * Every path is a pattern guess (v4: catalog §1 #30-38, INFERRED-L; v3: the same paths under
 * /v3, not shown by the legacy document, difference 9). v2 has no PHP operations.
 *
 * Two names are ours: the v4 document hides the field that carries the map in "set options" and
 * "set extensions" (catalog §1 #34, #37). We send `options` (option name -> value string) and
 * `extensions` (extension name -> `true` to enable, `false` to disable). If the real API spells
 * them otherwise, override the operation from configuration and report it.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { envelope, envelopeShape, hostingV3, hostingV4, list, obj, optionalFields, str } from "../schemas";

/**
 * One option of the option map (v4 document, PHP): the default and current values, a comment,
 * the type (`bool` or `list`) and, for lists, the allowed values comma-separated.
 *
 * @example
 * phpOption.parse({ default: "256M", value: "512M", type: "list", range: "128M,256M,512M", comment: "..." });
 */
export const phpOption = obj(
  optionalFields({
    default: str(),
    comment: str(),
    type: str(),
    range: str(),
    value: str(),
  }),
);
// Equal to `z.output<typeof phpOption>`, as a plain type (docs/decisions/0041).
export type { PhpOption } from "../../public-types.generated";

const versionsShape = { currentVersion: str().optional(), defaultVersion: str().optional(), availableVersions: list(str()) };

/** Names the envelope puts beside a map that is returned at the top level. */
const ENVELOPE_KEYS = new Set(Object.keys(envelopeShape));

/**
 * The v4 document gives "option map" and "extension map" as the whole response, next to the
 * envelope (unlike the redirection listing, which it names `data`); v3 wraps the map in `data`,
 * which the table's `unwrap` undoes. The reply schema gathers the map's entries under one field
 * (`options`, `extensions`, as the set operations name it), so a caller reads the map apart from
 * the envelope.
 */
function gatheredUnder(field: string) {
  return (reply: unknown): unknown => {
    if (reply === null || typeof reply !== "object" || Array.isArray(reply)) return reply;
    const envelopeFields: Record<string, unknown> = {};
    const map: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(reply)) (ENVELOPE_KEYS.has(name) ? envelopeFields : map)[name] = value;
    return { ...envelopeFields, [field]: map };
  };
}

/**
 * Every PHP version has options and extensions, so a success without any (`{success: true}`, an
 * empty `data`) is a reply the client cannot read, never a version with nothing set ("gone" only
 * on evidence, docs/decisions/0019).
 */
const someEntry = (map: Record<string, unknown>) => Object.keys(map).length > 0;
const NO_ENTRIES = { message: "the reply holds no option or extension map" };

/**
 * A `php.getOptions` reply: the envelope and `options`, option name -> {@link phpOption}.
 *
 * @example
 * const { options } = await client.request("php.getOptions", { id: 101, version: "8.2" }); // { memory_limit: { value: "512M", ... }, ... }
 */
const optionMap = z.preprocess(
  gatheredUnder("options"),
  envelope({ options: z.record(z.string(), phpOption).refine(someEntry, NO_ENTRIES) }),
);
/** A `php.listExtensions` reply: the envelope and `extensions`, extension name -> status (`enabled`, `disabled`). */
const extensionMap = z.preprocess(
  gatheredUnder("extensions"),
  envelope({ extensions: z.record(z.string(), str()).refine(someEntry, NO_ENTRIES) }),
);

const phpVersion = z.string().min(1);
/** Option name -> new value; values are strings as php.ini has them (`"512M"`, `"On"`). */
const optionValues = z.record(z.string().min(1), z.string());
/** Extension name -> `true` (enable) or `false` (disable). Our choice of shape, see the header. */
const extensionSwitches = z.record(z.string().min(1), z.boolean());

/**
 * PHP operations of v4 and v3.
 *
 * @example
 * await client.request("php.setVersion", { id: 101, version: "8.3" });
 * await client.request("php.setOptions", { id: 101, version: "8.3", options: { memory_limit: "512M" } });
 * await client.request("php.setExtensions", { id: 101, version: "8.3", extensions: { imagick: true } });
 */
export const phpOperations = defineOperations({
  "php.listVersions": {
    summary: "List the PHP versions of a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(versionsShape),
    v4: route("GET /v4/hosting/php/versions", "INFERRED-L, catalog §1 #30"),
    // v3: reads wrap their result in `data` (legacy document, difference 3); writes answer `message`.
    v3: route("GET /v3/hosting/php/versions", "INFERRED-L: v4 path pattern, catalog §1 #30", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "php.getVersion": {
    summary: "Get the active PHP version",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ phpVersion: str() }),
    v4: route("GET /v4/hosting/php/version", "INFERRED-L, catalog §1 #31"),
    v3: route("GET /v3/hosting/php/version", "INFERRED-L: v4 path pattern, catalog §1 #31", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "php.setVersion": {
    summary: "Set the active PHP version",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion }),
    response: envelope({}),
    v4: route("PUT /v4/hosting/php/version", "INFERRED-L, catalog §1 #32"),
    v3: route("PUT /v3/hosting/php/version", "INFERRED-L: v4 path pattern, catalog §1 #32", {
      request: z.strictObject({ ...hostingV3, version: phpVersion }),
    }),
  },
  "php.getOptions": {
    summary: "Get the PHP options of a version",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion }),
    response: optionMap,
    v4: route("GET /v4/hosting/php/options", "INFERRED-L, catalog §1 #33"),
    v3: route("GET /v3/hosting/php/options", "INFERRED-L: v4 path pattern, catalog §1 #33", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, version: phpVersion }),
    }),
  },
  "php.setOptions": {
    summary: "Set PHP options of a version",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion, options: optionValues }),
    response: envelope({}),
    v4: route("PUT /v4/hosting/php/options", "INFERRED-L, catalog §1 #34 (field name `options` is ours)"),
    v3: route("PUT /v3/hosting/php/options", "INFERRED-L: v4 path pattern, catalog §1 #34 (field name `options` is ours)", {
      request: z.strictObject({ ...hostingV3, version: phpVersion, options: optionValues }),
    }),
  },
  "php.resetOptions": {
    summary: "Reset the PHP options of a version to their defaults",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/php/options", "INFERRED-L, catalog §1 #35"),
    v3: route("DELETE /v3/hosting/php/options", "INFERRED-L: v4 path pattern, catalog §1 #35", {
      request: z.strictObject({ ...hostingV3, version: phpVersion }),
    }),
  },
  "php.listExtensions": {
    summary: "List the PHP extensions of a version and their status",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion }),
    response: extensionMap,
    v4: route("GET /v4/hosting/php/extensions", "INFERRED-L, catalog §1 #36"),
    v3: route("GET /v3/hosting/php/extensions", "INFERRED-L: v4 path pattern, catalog §1 #36", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, version: phpVersion }),
    }),
  },
  "php.setExtensions": {
    summary: "Enable or disable PHP extensions of a version",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion, extensions: extensionSwitches }),
    response: envelope({}),
    v4: route("PUT /v4/hosting/php/extensions", "INFERRED-L, catalog §1 #37 (field name `extensions` is ours)"),
    v3: route("PUT /v3/hosting/php/extensions", "INFERRED-L: v4 path pattern, catalog §1 #37 (field name `extensions` is ours)", {
      request: z.strictObject({ ...hostingV3, version: phpVersion, extensions: extensionSwitches }),
    }),
  },
  "php.resetExtensions": {
    summary: "Reset the PHP extensions of a version to their defaults",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, version: phpVersion }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/php/extensions", "INFERRED-L, catalog §1 #38"),
    v3: route("DELETE /v3/hosting/php/extensions", "INFERRED-L: v4 path pattern, catalog §1 #38", {
      request: z.strictObject({ ...hostingV3, version: phpVersion }),
    }),
  },
});

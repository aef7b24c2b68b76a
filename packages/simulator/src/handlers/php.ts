/**
 * PHP: the active version, and the options and extensions of each installed version.
 *
 * Options carry a type and a range (v4 document, "Option map"): a `bool` option takes one of its
 * range values (`On,Off`), a `list` option one of its comma-separated range values. A set call is
 * checked whole before anything changes, so a bad value leaves every option as it was.
 * v3 wraps what reads return in `data` (legacy document, difference 3), which the core does as the
 * table's rows say, so one resolver serves both versions.
 */
import { defaultPhpExtensions } from "../seed";
import type { HostingState, PhpOptionState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { DEMO_HOSTING } from "./shared";

/** Extension status strings as the listing shows them. */
const ENABLED = "enabled";
const DISABLED = "disabled";

/** The version named by `params.version`, which must be installed on the account. */
function installedVersion(hosting: HostingState, raw: unknown): string {
  const version = String(raw).trim();
  if (!hosting.php.availableVersions.includes(version)) {
    throw new SimError(
      400,
      `Invalid field "version": PHP ${version} is not available on hosting account ${hosting.id}; available versions: ${hosting.php.availableVersions.join(", ")}`,
    );
  }
  return version;
}

function versions(ctx: SimContext) {
  const { currentVersion, defaultVersion, availableVersions } = ctx.hosting().php;
  return { currentVersion, defaultVersion, availableVersions: [...availableVersions] };
}

function activeVersion(ctx: SimContext) {
  return { phpVersion: ctx.hosting().php.currentVersion };
}

function setVersion(ctx: OpContext<"php.setVersion">) {
  const hosting = ctx.hosting();
  hosting.php.currentVersion = installedVersion(hosting, ctx.params.version);
  return { message: `PHP version set to ${hosting.php.currentVersion}` };
}

/** The option map of a version (a copy: the reply must not alias the store). */
function optionsOf(ctx: OpContext<"php.getOptions">): Record<string, PhpOptionState> {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  return structuredClone(hosting.php.options[version] ?? {});
}

/** The allowed values of an option, or none when its type accepts any string. */
function allowedValues(option: PhpOptionState): string[] {
  if (option.type !== "bool" && option.type !== "list") return [];
  return option.range
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/**
 * The stored spelling of a value: range values match case-insensitively (`on` reads as `On`),
 * as php.ini itself does for booleans and size suffixes.
 */
function checkedValue(name: string, option: PhpOptionState, value: string): string {
  const allowed = allowedValues(option);
  if (allowed.length === 0) return value;
  const match = allowed.find((v) => v.toLowerCase() === value.trim().toLowerCase());
  if (match === undefined) {
    throw new SimError(400, `Invalid value "${value}" for PHP option ${name}; allowed values: ${allowed.join(", ")}`);
  }
  return match;
}

function setOptions(ctx: OpContext<"php.setOptions">) {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  const current = hosting.php.options[version] ?? {};
  const wanted = Object.entries(ctx.params.options);
  if (wanted.length === 0) throw new SimError(400, `Invalid field "options": name at least one option to set`);
  const checked: [string, string][] = wanted.map(([name, value]) => {
    const option = current[name];
    if (!option) {
      throw new SimError(400, `Unknown PHP option "${name}" for PHP ${version}; known options: ${Object.keys(current).join(", ")}`);
    }
    return [name, checkedValue(name, option, value)];
  });
  for (const [name, value] of checked) current[name]!.value = value;
  return { message: `${checked.length} PHP option(s) of PHP ${version} updated` };
}

function resetOptions(ctx: OpContext<"php.resetOptions">) {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  for (const option of Object.values(hosting.php.options[version] ?? {})) option.value = option.default;
  return { message: `PHP options of PHP ${version} reset to their defaults` };
}

function extensionsOf(ctx: OpContext<"php.listExtensions">): Record<string, string> {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  return { ...(hosting.php.extensions[version] ?? {}) };
}

function setExtensions(ctx: OpContext<"php.setExtensions">) {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  const current = (hosting.php.extensions[version] ??= {});
  const wanted = Object.entries(ctx.params.extensions);
  if (wanted.length === 0) throw new SimError(400, `Invalid field "extensions": name at least one extension`);
  const unknown = wanted.map(([name]) => name).filter((name) => current[name] === undefined);
  if (unknown.length > 0) {
    throw new SimError(
      400,
      `Unknown PHP extension(s) for PHP ${version}: ${unknown.join(", ")}; known: ${Object.keys(current).join(", ")}`,
    );
  }
  for (const [name, enable] of wanted) current[name] = enable ? ENABLED : DISABLED;
  return { message: `${wanted.length} PHP extension(s) of PHP ${version} updated` };
}

function resetExtensions(ctx: OpContext<"php.resetExtensions">) {
  const hosting = ctx.hosting();
  const version = installedVersion(hosting, ctx.params.version);
  hosting.php.extensions[version] = defaultPhpExtensions();
  return { message: `PHP extensions of PHP ${version} reset to their defaults` };
}

const { v4, v3 } = DEMO_HOSTING;

/** Handlers and samples of the PHP operations. */
export const phpArea: SimArea = {
  name: "php",
  handlers: {
    "php.listVersions": versions,
    "php.getVersion": activeVersion,
    "php.setVersion": setVersion,
    // v4 returns the option map beside the envelope (v4 document, "Get options of a version").
    "php.getOptions": optionsOf,
    "php.setOptions": setOptions,
    "php.resetOptions": resetOptions,
    "php.listExtensions": extensionsOf,
    "php.setExtensions": setExtensions,
    "php.resetExtensions": resetExtensions,
  },
  samples: {
    "v4.php.listVersions": () => v4,
    "v3.php.listVersions": () => v3,
    "v4.php.getVersion": () => v4,
    "v3.php.getVersion": () => v3,
    "v4.php.setVersion": () => ({ ...v4, version: "8.3" }),
    "v3.php.setVersion": () => ({ ...v3, version: "8.3" }),
    "v4.php.getOptions": () => ({ ...v4, version: "8.2" }),
    "v3.php.getOptions": () => ({ ...v3, version: "8.2" }),
    "v4.php.setOptions": () => ({ ...v4, version: "8.2", options: { memory_limit: "768M", display_errors: "On" } }),
    "v3.php.setOptions": () => ({ ...v3, version: "8.2", options: { max_execution_time: "120" } }),
    "v4.php.resetOptions": () => ({ ...v4, version: "8.2" }),
    "v3.php.resetOptions": () => ({ ...v3, version: "8.2" }),
    "v4.php.listExtensions": () => ({ ...v4, version: "8.2" }),
    "v3.php.listExtensions": () => ({ ...v3, version: "8.2" }),
    "v4.php.setExtensions": () => ({ ...v4, version: "8.2", extensions: { imagick: true, opcache: false } }),
    "v3.php.setExtensions": () => ({ ...v3, version: "8.2", extensions: { redis: true } }),
    "v4.php.resetExtensions": () => ({ ...v4, version: "8.2" }),
    "v3.php.resetExtensions": () => ({ ...v3, version: "8.2" }),
  },
};

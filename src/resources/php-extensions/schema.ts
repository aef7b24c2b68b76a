/**
 * PhpExtensions: inputs, their validation and normalization, the state it keeps, and the checks
 * of names against the live extension map.
 *
 * The extension map of a PHP version gives each extension's status as a string (catalog §1 #36,
 * INFERRED-L: `enabled` / `disabled` in the simulator; the real service may answer `on`, `1` or a
 * boolean, all read here). It has no per-extension default, and the API's "reset extensions"
 * resets every extension of the version, so the resource records the state each managed
 * extension had before it first changed it (`previous`) and restores that on destroy.
 */
import { z } from "zod";
import { containsUnknown, quote } from "../../provider/lifecycle/check";
import { textInput } from "../../provider/rules/validators";
import type { IssueSink } from "../../provider/lifecycle/define";
import { phpVersionSettingsInputs } from "../shared/php-settings";

/** Extension names as PHP and the control panel spell them: `pdo_mysql`, `ioncube_loader`. */
const EXTENSION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const phpExtensionsInputs = {
  /** The hosting account, and the PHP version whose extensions are switched, as the account lists it (`"8.2"`). */
  ...phpVersionSettingsInputs,
  /** Extension name to `true` (enabled) or `false` (disabled). */
  extensions: z.record(
    textInput(64, "sensible: PHP extension names are short words such as pdo_mysql (inferred)"),
    z.boolean({ error: "must be true (enabled) or false (disabled)" }),
  ),
};

type Parsed = z.output<z.ZodObject<typeof phpExtensionsInputs>>;

/** The checked inputs. */
export interface PhpExtensionsInputs {
  hostingId: number;
  phpVersion: string;
  /** Extension name to enabled. */
  extensions: Record<string, boolean>;
}

/** The state of the managed extensions. */
export interface PhpExtensionsOutputs extends PhpExtensionsInputs {
  /**
   * The state each managed extension had before this resource first changed it: what destroy
   * (or dropping the extension from `extensions`) restores.
   */
  previous: Record<string, boolean>;
}

const ON = new Set(["enabled", "enable", "on", "1", "true", "yes", "active"]);
const OFF = new Set(["disabled", "disable", "off", "0", "false", "no", "inactive"]);

/**
 * An extension status from the map as a boolean, or undefined when it cannot be read.
 *
 * @example
 * extensionEnabled("enabled"); // true
 * extensionEnabled("Off"); // false
 * extensionEnabled("pending"); // undefined
 */
export function extensionEnabled(status: string | undefined): boolean | undefined {
  if (status === undefined) return undefined;
  const s = status.trim().toLowerCase();
  if (ON.has(s)) return true;
  if (OFF.has(s)) return false;
  return undefined;
}

/** Trims the extension names and checks their form; at least one extension is required. */
export function normalizePhpExtensions(v: Parsed, issue: IssueSink): PhpExtensionsInputs {
  const out = { ...v } as PhpExtensionsInputs;
  if (containsUnknown(v.extensions)) return out;
  const entries = Object.entries(v.extensions);
  if (entries.length === 0) issue("extensions", "name at least one extension; delete the resource to stop managing PHP extensions");
  const extensions: Record<string, boolean> = {};
  for (const [raw, enabled] of entries) {
    const name = raw.trim();
    if (!EXTENSION_NAME.test(name)) {
      issue(["extensions", raw], `${quote(raw)} is not a PHP extension name (letters, digits, "_", "." and "-")`);
      continue;
    }
    if (name in extensions) {
      issue(["extensions", raw], `${quote(name)} is named twice`);
      continue;
    }
    extensions[name] = enabled;
  }
  out.extensions = extensions;
  return out;
}

/**
 * Checks that every named extension is in the version's map. Throws one error naming every
 * unknown extension (with a spelling that differs only in letter case, if the map has one) and
 * the known ones, before anything is written.
 *
 * @example
 * checkExtensionNames(["imagick"], { imagick: "disabled" }, "PHP 8.2 on hosting account 101"); // passes
 */
export function checkExtensionNames(names: readonly string[], map: Readonly<Record<string, string>>, where: string): void {
  const known = Object.keys(map);
  const problems = names
    .filter((name) => map[name] === undefined)
    .map((name) => {
      const other = known.find((k) => k.toLowerCase() === name.toLowerCase());
      const hint = other === undefined ? "" : ` (did you mean ${quote(other)}?)`;
      return `extensions.${name}: ${where} has no extension ${quote(name)}${hint}; known extensions: ${[...known].sort().join(", ")}`;
    });
  if (problems.length > 0) throw new Error(`PhpExtensions: ${problems.join("; ")}; nothing was changed`);
}

/**
 * Whether declared extensions are satisfied by the state: each declared extension has the
 * declared state, and each managed extension the program no longer declares already holds its
 * `previous` state, so restoring it would change nothing. The second rule makes an import (which
 * takes every extension of the version, with `previous` as found) compare equal to a program
 * that declares some of them.
 *
 * @example
 * sameExtensions({ imagick: true }, { imagick: true, soap: false }, { imagick: false, soap: false }); // true
 * sameExtensions({ imagick: true }, { imagick: true, soap: true }, { imagick: false, soap: false }); // false
 */
export function sameExtensions(
  wanted: Readonly<Record<string, boolean>>,
  live: Readonly<Record<string, boolean>> | undefined,
  previous: Readonly<Record<string, boolean>> | undefined,
): boolean {
  if (!live) return false;
  const declared = Object.entries(wanted).every(([name, enabled]) => live[name] === enabled);
  const dropped = Object.entries(live)
    .filter(([name]) => !(name in wanted))
    .every(([name, enabled]) => previous?.[name] === undefined || previous[name] === enabled);
  return declared && dropped;
}

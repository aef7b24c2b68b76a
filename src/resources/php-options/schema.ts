/**
 * PhpOptions: inputs, their validation and normalization, the state it keeps, and the checks of
 * values against the live option map.
 *
 * The option map (v4 document, PHP) gives each option `default`, `comment`, `type` (`bool`,
 * `list`, ...), `range` (the allowed values, comma-separated) and the current `value`, all
 * strings. Which values an option takes is only known from that map, so `check` (which makes no
 * API call) validates the form of the inputs, and the values are checked against the map by
 * create and update before anything is written.
 */
import { z } from "zod";
import type { PhpOption } from "../../client/endpoints/php";
import { containsUnknown, quote } from "../../provider/lifecycle/check";
import { textInput } from "../../provider/rules/validators";
import type { IssueSink } from "../../provider/lifecycle/define";
import { phpVersionSettingsInputs } from "../shared/php-settings";
import type { FoundSetting } from "../shared/previous";

/** php.ini directive names: letters, digits, `_` and `.` (`session.gc_maxlifetime`). */
export const OPTION_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const phpOptionsInputs = {
  /** The hosting account, and the PHP version whose options are set, as the account lists it (`"8.2"`). */
  ...phpVersionSettingsInputs,
  /**
   * Option name to value. Values are php.ini strings (`"512M"`, `"On"`); numbers are written as
   * text and booleans as `On` / `Off`.
   */
  options: z.record(
    textInput(128, "sensible: php.ini directive names have under 40 characters (inferred)"),
    z.union(
      [textInput(4096, "sensible: the longest php.ini values are lists such as disable_functions (inferred)"), z.number(), z.boolean()],
      {
        error: "must be a string, a number or a boolean",
      },
    ),
  ),
};

type Parsed = z.output<z.ZodObject<typeof phpOptionsInputs>>;

/** The checked inputs. */
export interface PhpOptionsInputs {
  hostingId: number;
  phpVersion: string;
  /** Option name to php.ini value. */
  options: Record<string, string>;
}

/**
 * The state of the managed options, and the value each had before this resource first changed
 * it (`previous`, what destroy puts back).
 */
export interface PhpOptionsOutputs extends PhpOptionsInputs, FoundSetting<Record<string, string>> {
  /** The default of each managed option, as the option map gives it (what destroy returns it to for state without `previous`). */
  defaults: Record<string, string>;
  /** The allowed values of each managed option, from its range; empty for options that take any value. */
  allowedValues: Record<string, string[]>;
}

/** A value as php.ini text: booleans as `On` / `Off`, numbers in decimal. */
function asIniValue(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? "On" : "Off";
  return String(value).trim();
}

/** Checks the option names and turns every value into php.ini text. */
export function normalizePhpOptions(v: Parsed, issue: IssueSink): PhpOptionsInputs {
  const out = { ...v } as unknown as PhpOptionsInputs;
  if (containsUnknown(v.options)) return out;
  const entries = Object.entries(v.options);
  if (entries.length === 0) issue("options", "name at least one option; delete the resource to stop managing PHP options");
  const options: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!OPTION_NAME.test(name)) {
      issue(["options", name], `${quote(name)} is not a PHP option name (letters, digits, "_" and ".")`);
      continue;
    }
    if (typeof value === "number" && !Number.isFinite(value)) {
      issue(["options", name], "must be a finite number");
      continue;
    }
    options[name] = asIniValue(value);
  }
  out.options = options;
  return out;
}

/**
 * The allowed values of an option: its comma-separated range for `bool` and `list` options
 * (v4 document, "range ... for list types"); a `bool` without a range takes `On` and `Off`, as
 * php.ini does (inferred). Empty when the option takes any value.
 *
 * @example
 * allowedValuesOf({ type: "list", range: "128M,256M" }); // ["128M", "256M"]
 * allowedValuesOf({ type: "bool" }); // ["On", "Off"]
 */
export function allowedValuesOf(option: PhpOption): string[] {
  const range = (option.range ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (range.length > 0 && (option.type === "bool" || option.type === "list" || option.type === undefined)) return range;
  return option.type === "bool" ? ["On", "Off"] : [];
}

/**
 * Checks values against the live option map and returns them in the range's spelling (`on`
 * becomes `On`: the API matches range values regardless of case and stores its own spelling, so
 * writing that spelling keeps state and diffs stable). Throws one error naming every bad option
 * and its allowed values, before anything is written.
 *
 * @example
 * checkAgainstMap({ display_errors: "on" }, map, "PHP 8.2 on hosting account 101"); // { display_errors: "On" }
 */
export function checkAgainstMap(
  options: Readonly<Record<string, string>>,
  map: Readonly<Record<string, PhpOption>>,
  where: string,
): Record<string, string> {
  const problems: string[] = [];
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) {
    const option = map[name];
    if (!option) {
      problems.push(`options.${name}: ${where} has no option ${quote(name)}; known options: ${Object.keys(map).sort().join(", ")}`);
      continue;
    }
    const allowed = allowedValuesOf(option);
    if (allowed.length === 0) {
      out[name] = value;
      continue;
    }
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (match === undefined)
      problems.push(`options.${name}: ${quote(value)} is not allowed for ${name} (${where}); allowed values: ${allowed.join(", ")}`);
    else out[name] = match;
  }
  if (problems.length > 0) throw new Error(`PhpOptions: ${problems.join("; ")}`);
  return out;
}

/**
 * Whether declared options are satisfied by the state: the same names, and the same values,
 * ignoring letter case for options whose values come from a range (the API does too).
 *
 * @example
 * sameOptions({ display_errors: "on" }, { display_errors: "On" }, { display_errors: ["On", "Off"] }); // true
 */
export function sameOptions(
  wanted: Readonly<Record<string, string>>,
  live: Readonly<Record<string, string>> | undefined,
  allowed: Readonly<Record<string, readonly string[]>> | undefined,
): boolean {
  if (!live) return false;
  const names = Object.keys(wanted);
  if (names.length !== Object.keys(live).length) return false;
  return names.every((name) => {
    const a = wanted[name]!;
    const b = live[name];
    if (b === undefined) return false;
    return a === b || ((allowed?.[name]?.length ?? 0) > 0 && a.toLowerCase() === b.toLowerCase());
  });
}

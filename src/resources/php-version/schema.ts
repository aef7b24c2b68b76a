/**
 * PhpVersion: inputs, their validation and normalization, and the state it keeps.
 *
 * A hosting account runs one PHP version at a time, picked from the versions installed on it
 * (the version listing gives `currentVersion`, `defaultVersion` and `availableVersions`, catalog
 * §1 #30, INFERRED-L). Which versions are installed is only known from that listing, so `check`
 * (which makes no API call) validates the form of the version, and create and update check it
 * against the live listing before anything is written.
 */
import { hostingIdInput } from "../../provider/rules/validators";
import { phpVersionInput, type PhpVersions } from "../shared/php-settings";
import type { FoundSetting } from "../shared/previous";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const phpVersionInputs = {
  /** The hosting account. */
  hostingId: hostingIdInput,
  /** The PHP version to run, as the account lists it (`"8.3"`). */
  phpVersion: phpVersionInput,
};

/** The checked inputs. */
export interface PhpVersionInputs {
  hostingId: number;
  /** major.minor, e.g. `"8.3"`. */
  phpVersion: string;
}

/**
 * The state: the active version, what the account's version listing said, and the version found
 * active at create (`previous`, what destroy puts back).
 */
export interface PhpVersionOutputs extends PhpVersionInputs, FoundSetting<string> {
  /** The account's default version: what destroy returns it to when `previous` is absent or no longer installed. */
  defaultVersion: string;
  /** The versions installed on the account. */
  availableVersions: string[];
}

/**
 * Why `version` cannot be set on an account, or undefined when it is installed there. The
 * message names the property and lists the installed versions.
 *
 * @example
 * phpVersionProblem("9.1", { availableVersions: ["8.2", "8.3"] }, 101);
 * // 'phpVersion: PHP 9.1 is not available on hosting account 101; available versions: 8.2, 8.3'
 */
export function phpVersionProblem(version: string, versions: PhpVersions, hostingId: number): string | undefined {
  if (versions.availableVersions.includes(version)) return undefined;
  const available = versions.availableVersions.join(", ") || "none";
  return `phpVersion: PHP ${version} is not available on hosting account ${hostingId}; available versions: ${available}`;
}

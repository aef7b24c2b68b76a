/**
 * FtpAccount: inputs, their validation and normalization, and the state it keeps.
 *
 * An FTP login is `user@domain` with the domain attached to the hosting account; the API takes
 * the local part (`ftpUser`) and the domain separately (S2 splits the username on `@` before
 * deleting, catalog §1 #67). The root `path` is relative to the account's home directory and
 * kept in one spelling (`/public_html/ci`), so input and listing compare equal.
 *
 * The password rule (`passwordInput`, shared with database users) is at least as strict as the
 * API's strength check, and refuses `@`, which the v4 document says breaks some FTP clients.
 */
import { z } from "zod";
import { quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain, type NameResult } from "../../util/names";
import {
  domainInput,
  hasControlCharacter,
  hostingIdInput,
  MIN_PASSWORD_LENGTH,
  normalisedNameProblem,
  normalisedPathProblem,
  normalizeProperty,
  passwordInput,
  textInput,
} from "../../provider/rules/validators";

/**
 * The shortest password accepted (v4 document, Limits: "at least 10 characters" advised; the simulator enforces it).
 *
 * @example
 * "Ci-Pass-2026".length >= MIN_FTP_PASSWORD_LENGTH; // true
 */
export const MIN_FTP_PASSWORD_LENGTH = MIN_PASSWORD_LENGTH;

/** Local part of a login: what the simulator accepts, a letter or digit first, at most 32 characters (inferred). */
const LOCAL_PART = /^[a-z0-9][a-z0-9._-]{0,31}$/;

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const ftpAccountInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** A domain attached to the hosting account, Unicode or ASCII. */
  domain: domainInput,
  /** The local part of the login (`ci` for `ci@example.com`). */
  user: textInput(32, "the simulator's login rule: at most 32 characters (inferred)"),
  /** The account's root directory, relative to the hosting account's home (`/public_html/ci`). */
  path: textInput(4096, "Linux PATH_MAX, 4096 bytes (inferred: the hosting accounts run Linux)"),
  password: passwordInput,
  /** Create the root directory when it does not exist (v4 and v3; create only). Default false, as the API. */
  createFolder: z.boolean().default(false),
  /** Take over a login that exists already (setting its password and path), instead of failing. Create only. */
  adopt: z.boolean().default(false),
};

type Parsed = z.output<z.ZodObject<typeof ftpAccountInputs>>;

/** The checked inputs. */
export interface FtpAccountInputs {
  hostingId: number;
  /** ASCII lower case, no trailing dot. */
  domain: string;
  /** Lower case. */
  user: string;
  /** One leading slash, no trailing slash, no `.` or `..` segments; `/` is the home directory. */
  path: string;
  password: string;
  createFolder: boolean;
  adopt: boolean;
}

/** The state of an FTP account. */
export interface FtpAccountOutputs extends Omit<FtpAccountInputs, "password" | "adopt"> {
  /**
   * The password this stack set. The API never returns it, so it is absent after an import until
   * the first update sets it.
   */
  password?: string;
  /** The login as the API lists it: `user@domain`. */
  username: string;
  /** The API's id of the account, when the listing gives one. */
  accountId?: number;
  /** `adopt` as it was at create or the last update (absent after an import). */
  adopt?: boolean;
}

/**
 * The local part of an FTP login in canonical form (lower case). A code point NFKC changes is
 * refused before the case is folded: the Kelvin sign `\u212A` lower-cases to an ASCII `k`, so
 * `\u212Aci` would otherwise be stored as the login `kci`.
 *
 * @example
 * normalizeFtpUser(" CI "); // { ok: true, value: "ci" }
 * normalizeFtpUser("ci@example.com"); // { ok: false, reason: ... }
 */
export function normalizeFtpUser(input: string): NameResult {
  const normalised = normalisedNameProblem(input);
  if (normalised !== undefined) return { ok: false, reason: normalised };
  const user = input.trim().toLowerCase();
  if (user.includes("@")) {
    return {
      ok: false,
      reason: `give only the part before "@" (${quote(user.split("@")[0]!)}) and the domain in domain; the login is user@domain`,
    };
  }
  if (!LOCAL_PART.test(user)) {
    return {
      ok: false,
      reason: `${quote(input)} must be 1 to 32 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit`,
    };
  }
  return { ok: true, value: user };
}

/**
 * A root path in the form the API keeps it: one leading slash, no trailing slash, no empty,
 * `.` or `..` segments. A path without the leading slash is read from the home directory too.
 * A segment that is `.` or `..` once percent-decoded or NFKC-normalised (`．．`, `‥`, `%2e%2e`)
 * is refused like `..`, and so is any code point NFKC changes: the API documents no
 * normalisation of the path (inferred), and software that normalises it later (a file manager,
 * a PHP script) would climb out of the directory.
 *
 * @example
 * normalizeFtpPath("public_html//ci/"); // { ok: true, value: "/public_html/ci" }
 * normalizeFtpPath("/"); // { ok: true, value: "/" }
 * normalizeFtpPath("/public_html/../etc"); // { ok: false, reason: ... }
 * normalizeFtpPath("/public_html/‥/etc"); // { ok: false, reason: ... }
 */
export function normalizeFtpPath(input: string): NameResult {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, reason: "a path is required; / is the hosting account's home directory" };
  if (trimmed.includes("\\") || hasControlCharacter(trimmed))
    return { ok: false, reason: `${quote(input)} contains a backslash or a control character` };
  const normalised = normalisedPathProblem(trimmed);
  if (normalised !== undefined) return { ok: false, reason: `${normalised}; give the path from the home directory, e.g. /public_html/ci` };
  const segments = trimmed.split("/").filter((s) => s !== "");
  return { ok: true, value: `/${segments.join("/")}` };
}

/** Normalizes the domain, the login and the path, reporting each problem on its property. */
export function normalizeFtpAccount(v: Parsed, issue: IssueSink): FtpAccountInputs {
  const out = { ...v } as FtpAccountInputs;
  normalizeProperty(out, "domain", normalizeDomain, issue);
  normalizeProperty(out, "user", normalizeFtpUser, issue);
  normalizeProperty(out, "path", normalizeFtpPath, issue);
  return out;
}

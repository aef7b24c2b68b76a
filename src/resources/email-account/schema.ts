/**
 * EmailAccount: inputs, their validation and normalization, and the state it keeps.
 *
 * A mailbox is `user@domain` with the domain attached to the hosting account; the API takes the
 * local part (`mailUser`) and the domain separately (v3 `POST /v3/hosting/email`: `id, domain,
 * mailUser, password, quota`, catalog §4.1, CONFIRMED by S2, S4-PR83 and T2; v2 the same fields,
 * §4.2). The quota is a whole number of MB (v2 specification: "Size of the email quota in MB").
 *
 * The password goes through the API's strength check, whose refusal is `errors:
 * ["isStrongPassword"]` (catalog §7.2, observed by S2). That is the name of validator.js's check,
 * so `check` applies validator.js's default rule (inferred): at least 8 characters with an
 * upper-case and a lower-case letter, a digit and a symbol, symbols being ASCII punctuation (all
 * of which validator.js counts). Nothing `check` accepts is refused later, and failure messages
 * never repeat the password.
 */
import { z } from "zod";
import { limitText, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain, type NameResult } from "../../util/names";
import { domainInput, hostingIdInput, normalisedNameProblem, normalizeProperty, textInput } from "../../provider/rules/validators";

/**
 * The shortest mailbox password accepted (validator.js's `isStrongPassword` default, the check the
 * API's refusal names: catalog §7.2, inferred).
 *
 * @example
 * "Mail-Pass-2026!".length >= MIN_MAILBOX_PASSWORD_LENGTH; // true
 */
export const MIN_MAILBOX_PASSWORD_LENGTH = 8;

/** The longest local part of an address: RFC 5321 §4.5.3.1.1, 64 octets. */
const MAX_LOCAL_PART = 64;

/**
 * A local part as the simulator accepts it (inferred; the API documents no rule): lower-case
 * letters, digits, `.`, `_`, `+` and `-`, a letter or digit at both ends, no `..` (RFC 5322
 * §3.4.1's dot-atom has no empty atom).
 */
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?$/;

/** A mailbox password: validator.js's default strength rule, at most 128 characters. */
const mailboxPasswordInput = limitText(
  z
    .string()
    // A password too short (an empty one above all) is one error, not five.
    .min(MIN_MAILBOX_PASSWORD_LENGTH, { error: `must have at least ${MIN_MAILBOX_PASSWORD_LENGTH} characters`, abort: true })
    .regex(/[a-z]/, "must contain a lower-case letter (a-z)")
    .regex(/[A-Z]/, "must contain an upper-case letter (A-Z)")
    .regex(/[0-9]/, "must contain a digit")
    .regex(/[!-/:-@[-`{-~]/, "must contain a symbol (ASCII punctuation such as - ! # or .)"),
  // The API documents no upper bound; 128 characters is far beyond any generated password
  // (sensible, inferred), as for FTP logins and database users.
  { max: 128, because: "sensible: the API documents no bound (inferred)", secret: true },
);

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const emailAccountInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** A domain attached to the hosting account, Unicode or ASCII. */
  domain: domainInput,
  /** The local part of the address (`sales` for `sales@example.com`). */
  user: textInput(MAX_LOCAL_PART, "RFC 5321 §4.5.3.1.1: a local part has at most 64 octets"),
  password: mailboxPasswordInput,
  /** The mailbox quota in MB (v2 specification: "Size of the email quota in MB"). Unset: the API's default, not managed. */
  quota: z.number().int("must be a whole number of MB").positive("must be a positive number of MB").optional(),
};

type Parsed = z.output<z.ZodObject<typeof emailAccountInputs>>;

/** The checked inputs. */
export interface EmailAccountInputs {
  hostingId: number;
  /** ASCII lower case, no trailing dot. */
  domain: string;
  /** Lower case. */
  user: string;
  password: string;
  /** In MB; undefined leaves the quota to the API and out of the diff. */
  quota?: number;
}

/** The state of a mailbox. */
export interface EmailAccountOutputs extends Omit<EmailAccountInputs, "password"> {
  /**
   * The password this stack set. The API never returns it, so it is absent after an import until
   * the first update sets it.
   */
  password?: string;
  /** The address: `user@domain`. */
  email: string;
}

/**
 * The local part of a mailbox address in canonical form (lower case). A code point NFKC changes
 * is refused before the case is folded: the Kelvin sign `\u212A` lower-cases to an ASCII `k`.
 * Surrounding spaces are refused, not trimmed (docs/decisions/0018).
 *
 * @example
 * normalizeMailUser("Sales"); // { ok: true, value: "sales" }
 * normalizeMailUser("sales@example.com"); // { ok: false, reason: ... }
 */
export function normalizeMailUser(input: string): NameResult {
  const normalised = normalisedNameProblem(input);
  if (normalised !== undefined) return { ok: false, reason: normalised };
  const user = input.toLowerCase();
  if (user.includes("@")) {
    return {
      ok: false,
      reason: `give only the part before "@" (${quote(user.split("@")[0]!)}) and the domain in domain; the address is user@domain`,
    };
  }
  if (!LOCAL_PART.test(user) || user.includes("..")) {
    return {
      ok: false,
      reason:
        `${quote(input)} must be 1 to ${MAX_LOCAL_PART} lower-case letters, digits, ".", "_", "+" or "-", ` +
        'starting and ending with a letter or digit, without ".."',
    };
  }
  return { ok: true, value: user };
}

/** Normalizes the domain and the local part, reporting each problem on its property. */
export function normalizeEmailAccount(v: Parsed, issue: IssueSink): EmailAccountInputs {
  const out = { ...v } as EmailAccountInputs;
  normalizeProperty(out, "domain", normalizeDomain, issue);
  normalizeProperty(out, "user", normalizeMailUser, issue);
  return out;
}

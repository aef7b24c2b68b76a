/**
 * Input rules that resources of several API areas share: the hosting account id, domain and
 * host inputs with their length, e-mail addresses and passwords. Domain and DNS names have their
 * normalization in `names.ts`; the text rules every string passes (control characters, bidi
 * controls, length) are applied by `check.ts`. A rule lives here, never in one resource's
 * folder, so that no resource imports from another (issue 11).
 */
import { z } from "zod";
import type { IssueSink } from "./define";
import { isUnknown, limitText, quote, type TextRule } from "./check";
import { MAX_NAME_LENGTH, normalizeDomain, type NameResult } from "./names";

/** A hosting account id: the `hostingId` input of every hosting resource. */
export const hostingIdInput = z.number().int("must be a whole number").positive("must be a hosting account id");

/**
 * A string input with its length limit and where the limit comes from (the text rules of
 * `check.ts` apply it, with the rest of the rules every string passes).
 *
 * @example
 * const comment = textInput(255, "sensible: a label, not a document");
 */
export function textInput(max: number, because: string, options: Pick<TextRule, "lineBreaks" | "secret"> = {}): z.ZodString {
  return limitText(z.string(), { max, because, ...options });
}

/** The text rule of a domain or host name: 253 characters, and the trailing dot of the root. */
export const NAME_RULE: TextRule = { max: MAX_NAME_LENGTH + 1, because: "RFC 1035 §2.3.4: a name has at most 253 characters, and may end with the root's dot" };

/**
 * A domain input, Unicode or ASCII, that the resource normalizes (`normalizeDomain`).
 *
 * @example
 * export const inputs = { domain: domainInput };
 */
export const domainInput = limitText(z.string(), NAME_RULE);

/**
 * A host name input (a nameserver, a record target), Unicode or ASCII.
 *
 * @example
 * export const inputs = { nameservers: z.array(hostInput) };
 */
export const hostInput = limitText(z.string(), NAME_RULE);

/** The longest e-mail address: RFC 5321 §4.5.3.1.3 (a path is at most 256 octets, with its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An e-mail input, normalized by `emailProperty`.
 *
 * @example
 * export const inputs = { email: emailInput };
 */
export const emailInput = limitText(z.string(), { max: MAX_EMAIL_LENGTH, because: "RFC 5321 §4.5.3.1.3: an address has at most 254 characters" });

/**
 * The shortest password accepted (v4 document, Limits: "at least 10 characters" advised; the
 * simulator enforces it).
 */
export const MIN_PASSWORD_LENGTH = 10;

/** Whether text holds a C0 control character or DEL, which no FTP client or form can type. */
export function hasControlCharacter(text: string): boolean {
  return [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
}

/**
 * The password rule of FTP logins and database users. It is at least as strict as the API's
 * strength check, so nothing `check` accepts is refused later with `isStrongPassword` (catalog
 * §7.2): at least 10 characters with letters and digits. The v4 document (Limits, FTP password)
 * adds that a password containing `@` "can cause problems with some FTP clients", so `@` is
 * refused too. The messages never repeat the password.
 */
export const passwordInput = limitText(
  z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
    .regex(/[A-Za-z]/, "must contain a letter")
    .regex(/\d/, "must contain a digit")
    .refine((p) => !p.includes("@"), "must not contain @ (the API warns that it breaks some FTP clients)"),
  // The API documents no upper bound; 128 characters is far beyond any generated password
  // (sensible, inferred). Control characters are refused by the text rules, as everywhere.
  { max: 128, because: "sensible: the API documents no bound (inferred)", secret: true },
);

const emailSchema = z.email();

/**
 * An e-mail address in canonical form: trimmed, the domain in ASCII (punycode) lower case; the
 * local part keeps its case, which RFC 5321 §2.4 leaves to the receiving server.
 */
export function normalizeEmail(input: string): NameResult {
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, reason: `${quote(input)} is not an e-mail address (local@domain)` };
  const domain = normalizeDomain(trimmed.slice(at + 1));
  if (!domain.ok) return { ok: false, reason: `${quote(input)} is not an e-mail address: ${domain.reason}` };
  const value = `${trimmed.slice(0, at)}@${domain.value}`;
  if (!emailSchema.safeParse(value).success) return { ok: false, reason: `${quote(input)} is not an e-mail address` };
  return { ok: true, value };
}

/**
 * The canonical form of an `email` property, or the value as given after reporting why it is
 * not an address; an unknown value (preview) passes through.
 */
export function emailProperty(value: string, issue: IssueSink): string {
  if (isUnknown(value)) return value;
  const email = normalizeEmail(value);
  if (!email.ok) issue("email", email.reason);
  return email.ok ? email.value : value;
}

/**
 * Puts the canonical form of a string property into `out`, or reports on the property why there
 * is none; a value unknown during preview is left as it is. Returns the canonical value, or
 * undefined when the value is unknown or invalid.
 */
export function normalizeProperty<T extends object>(out: T, property: keyof T & string, normalize: (value: string) => NameResult, issue: IssueSink): string | undefined {
  const value = out[property];
  if (typeof value !== "string" || isUnknown(value)) return undefined;
  const result = normalize(value);
  if (!result.ok) {
    issue(property, result.reason);
    return undefined;
  }
  (out as Record<string, unknown>)[property] = result.value;
  return result.value;
}

/**
 * Input rules that resources of several API areas share: the hosting account id, e-mail
 * addresses and passwords. Domain and DNS names have theirs in `names.ts`. A rule lives here,
 * never in one resource's folder, so that no resource imports from another (issue 11).
 */
import { z } from "zod";
import type { IssueSink } from "./define";
import { isUnknown } from "./check";
import { normalizeDomain, type NameResult } from "./names";

/** A hosting account id: the `hostingId` input of every hosting resource. */
export const hostingIdInput = z.number().int("must be a whole number").positive("must be a hosting account id");

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
export const passwordInput = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
  .regex(/[A-Za-z]/, "must contain a letter")
  .regex(/\d/, "must contain a digit")
  .refine((p) => !p.includes("@"), "must not contain @ (the API warns that it breaks some FTP clients)")
  .refine((p) => !hasControlCharacter(p), "must not contain control characters");

const emailSchema = z.email();

/**
 * An e-mail address in canonical form: trimmed, the domain in ASCII (punycode) lower case; the
 * local part keeps its case, which RFC 5321 §2.4 leaves to the receiving server.
 */
export function normalizeEmail(input: string): NameResult {
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, reason: `"${input}" is not an e-mail address (local@domain)` };
  const domain = normalizeDomain(trimmed.slice(at + 1));
  if (!domain.ok) return { ok: false, reason: `"${input}" is not an e-mail address: ${domain.reason}` };
  const value = `${trimmed.slice(0, at)}@${domain.value}`;
  if (!emailSchema.safeParse(value).success) return { ok: false, reason: `"${input}" is not an e-mail address` };
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

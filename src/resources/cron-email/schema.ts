/**
 * CronEmail: inputs, their validation and normalization, and the state it keeps.
 *
 * Each hosting account has one cron e-mail address, which receives the output of its cron jobs
 * (v2 2.0.0 specification, Set cron e-mail `id, email`, and Cron list `data{crons, cronEmail}`;
 * catalog §3 #23, #26-27, CONFIRMED; v4 and v3 INFERRED-L). The address is kept with its domain
 * in ASCII lower case, the spelling the listing compares with.
 */
import { z } from "zod";
import { isUnknown } from "../../provider/check";
import type { IssueSink } from "../../provider/define";
import { normalizeDomain, type NameResult } from "../../provider/names";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const cronEmailInputs = {
  /** The hosting account whose cron output is mailed. */
  hostingId: z.number().int("must be a whole number").positive("must be a hosting account id"),
  /** The address receiving the output of the account's cron jobs. */
  email: z.string(),
};

type Parsed = z.output<z.ZodObject<typeof cronEmailInputs>>;

/** The checked inputs. */
export interface CronEmailInputs {
  hostingId: number;
  /** Domain part in ASCII lower case. */
  email: string;
}

/** The state of the cron e-mail setting. */
export interface CronEmailOutputs extends CronEmailInputs {}

const emailSchema = z.email();

/**
 * An e-mail address in canonical form: trimmed, the domain in ASCII (punycode) lower case; the
 * local part keeps its case, which RFC 5321 §2.4 leaves to the receiving server.
 *
 * @example
 * normalizeEmail(" Ops@Café.COM "); // { ok: true, value: "Ops@xn--caf-dma.com" }
 * normalizeEmail("ops"); // { ok: false, reason: ... }
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
 * not an address; an unknown value (preview) passes through. Shared with `SslCsr`.
 *
 * @example
 * emailProperty("Ops@Agency-Demo.com", issue); // "Ops@agency-demo.com"
 */
export function emailProperty(value: string, issue: IssueSink): string {
  if (isUnknown(value)) return value;
  const email = normalizeEmail(value);
  if (!email.ok) issue("email", email.reason);
  return email.ok ? email.value : value;
}

/**
 * Normalizes the address, reporting a problem on `email`.
 *
 * @example
 * normalizeCronEmail({ hostingId: 101, email: "Ops@Agency-Demo.com" }, issue); // { hostingId: 101, email: "Ops@agency-demo.com" }
 */
export function normalizeCronEmail(v: Parsed, issue: IssueSink): CronEmailInputs {
  return { ...v, email: emailProperty(v.email, issue) };
}

/**
 * CronEmail: inputs, their validation and normalization, and the state it keeps.
 *
 * Each hosting account has one cron e-mail address, which receives the output of its cron jobs
 * (v2 2.0.0 specification, Set cron e-mail `id, email`, and Cron list `data{crons, cronEmail}`;
 * catalog §3 #23, #26-27, CONFIRMED; v4 and v3 INFERRED-L). The address is kept with its domain
 * in ASCII lower case, the spelling the listing compares with.
 */
import type { z } from "zod";
import type { IssueSink } from "../../provider/lifecycle/define";
import { emailInput, emailProperty, hostingIdInput } from "../../provider/rules/validators";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const cronEmailInputs = {
  /** The hosting account whose cron output is mailed. */
  hostingId: hostingIdInput,
  /** The address receiving the output of the account's cron jobs. */
  email: emailInput,
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

/** Normalizes the address, reporting a problem on `email`. */
export function normalizeCronEmail(v: Parsed, issue: IssueSink): CronEmailInputs {
  return { ...v, email: emailProperty(v.email, issue) };
}

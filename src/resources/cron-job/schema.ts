/**
 * CronJob: inputs, their validation and normalization, and the state it keeps.
 *
 * A cron job is one crontab line of a hosting account: a five-field schedule and a command
 * (v2 2.0.0 specification, Cron add: `id, schedule, command`; catalog §3 #24, CONFIRMED; the v4
 * and v3 operations are the catalog's INFERRED-L candidates). The schedule is checked the way the
 * account's crontab takes it, with cron-parser (the simulator applies the same check, so nothing
 * `check` accepts is refused later), and kept with its fields separated by single spaces so that
 * state and the listing compare equal.
 */
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";
import type { IssueSink } from "../../provider/define";
import type { NameResult } from "../../provider/names";
import { hostingIdInput, normalizeProperty } from "../../provider/validators";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const cronJobInputs = {
  /** The hosting account whose crontab holds the job. */
  hostingId: hostingIdInput,
  /** Five fields: minute hour day-of-month month day-of-week (`*\/15 * * * *`). */
  schedule: z.string(),
  /** The command line, run by the hosting account's shell. */
  command: z
    .string()
    .trim()
    .min(1, "a command is required")
    .refine((c) => !/[\r\n]/.test(c), "must be a single line (a crontab entry is one line)"),
};

type Parsed = z.output<z.ZodObject<typeof cronJobInputs>>;

/** The checked inputs. */
export interface CronJobInputs {
  hostingId: number;
  /** Five fields separated by single spaces. */
  schedule: string;
  /** Without leading or trailing white space. */
  command: string;
}

/** The state of a cron job. */
export interface CronJobOutputs extends CronJobInputs {
  /** The job's id in the cron listing: what removing it takes. */
  cronId: number;
}

/**
 * A schedule in canonical form: exactly five fields (minute hour day month weekday), each in
 * range, separated by single spaces. Macros (`@daily`) and a seconds field are refused: the
 * API's crontab takes the five standard fields (v2 specification, Cron add).
 *
 * @example
 * normalizeCronSchedule(" 0  3 * * 1-5 "); // { ok: true, value: "0 3 * * 1-5" }
 * normalizeCronSchedule("61 * * * *"); // { ok: false, reason: ... }
 */
export function normalizeCronSchedule(input: string): NameResult {
  const fields = input.trim().split(/\s+/).filter((f) => f !== "");
  if (fields.length !== 5) {
    const hint = fields.length === 1 && fields[0]!.startsWith("@") ? ` (write "${fields[0]}" as five fields, e.g. @daily is "0 0 * * *")` : "";
    return { ok: false, reason: `"${input}" must have five fields (minute hour day month weekday), not ${fields.length}${hint}` };
  }
  const schedule = fields.join(" ");
  try {
    CronExpressionParser.parse(schedule);
  } catch (err) {
    return { ok: false, reason: `"${input}" is not a valid cron expression: ${(err as Error).message}` };
  }
  return { ok: true, value: schedule };
}

/** Normalizes the schedule, reporting a problem on `schedule`. */
export function normalizeCronJob(v: Parsed, issue: IssueSink): CronJobInputs {
  const out = { ...v } as CronJobInputs;
  normalizeProperty(out, "schedule", normalizeCronSchedule, issue);
  return out;
}

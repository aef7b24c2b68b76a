/**
 * CronJob: inputs, their validation and normalization, and the state it keeps.
 *
 * A cron job is one crontab line of a hosting account: a five-field schedule and a command
 * (v2 2.0.0 specification, Cron add: `id, schedule, command`; catalog §3 #24, CONFIRMED; the v4
 * and v3 operations are the catalog's INFERRED-L candidates). The schedule is checked the way the
 * account's crontab takes it: standard five-field crontab syntax first (crontab(5): numbers,
 * names of months and weekdays, `*`, ranges, lists, steps), because cron-parser also takes the
 * extensions of other schedulers (`H`, `?`, `L`, `W`, `#`) that a crontab refuses; then the
 * ranges, with cron-parser (the simulator applies that check, so nothing `check` accepts is
 * refused later). It is kept with its fields separated by single spaces so that state and the
 * listing compare equal.
 */
import { cronParser } from "../../util/parsers";
import { z } from "zod";
import { isUnknown, limitText, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import type { NameResult } from "../../util/names";
import { hostingIdInput, nfkcChange, normalizeProperty, textInput } from "../../provider/rules/validators";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const cronJobInputs = {
  /** The hosting account whose crontab holds the job. */
  hostingId: hostingIdInput,
  /** Five fields: minute hour day-of-month month day-of-week (`*\/15 * * * *`). */
  schedule: textInput(256, "sensible: five fields with their lists"),
  /**
   * The command line, run by the hosting account's shell. One line: the text rules refuse line
   * breaks, which would end the crontab entry.
   */
  command: limitText(z.string().trim().min(1, "a command is required"), {
    max: 1000,
    because: "cron reads a command of at most 1000 characters (Vixie cron and cronie, MAX_COMMAND; inferred)",
  }),
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

/** The five crontab fields in order, and for month and weekday the names crontab(5) takes (first three letters). */
const CRON_FIELDS: readonly { name: string; names?: string }[] = [
  { name: "minute" },
  { name: "hour" },
  { name: "day-of-month" },
  { name: "month", names: "jan, dec" },
  { name: "day-of-week", names: "mon, sun" },
];

/**
 * The crontab(5) syntax of one field: a comma-separated list of `*`, a value, or a range, where
 * `*` and ranges may take a step (`*\/15`, `1-30/5`). Values are numbers, or in the month and
 * weekday fields their three-letter names (Vixie cron and cronie read names in ranges too).
 * Whether values are in range is cron-parser's check.
 */
function fieldSyntax(field: { names?: string }): RegExp {
  const value = field.names ? "(?:\\d+|[A-Za-z]{3})" : "\\d+";
  const item = `(?:\\*(?:/\\d+)?|${value}-${value}(?:/\\d+)?|${value})`;
  return new RegExp(`^${item}(?:,${item})*$`);
}

const FIELD_SYNTAX = CRON_FIELDS.map(fieldSyntax);

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
  const fields = input
    .trim()
    .split(/ +/)
    .filter((f) => f !== "");
  if (fields.length !== 5) {
    const hint =
      fields.length === 1 && fields[0]!.startsWith("@") ? ` (write ${quote(fields[0]!)} as five fields, e.g. @daily is "0 0 * * *")` : "";
    return { ok: false, reason: `${quote(input)} must have five fields (minute hour day month weekday), not ${fields.length}${hint}` };
  }
  const bad = fields.findIndex((field, i) => !FIELD_SYNTAX[i]!.test(field));
  if (bad >= 0) {
    return {
      ok: false,
      reason:
        `${quote(input)} is not a standard crontab schedule: the ${CRON_FIELDS[bad]!.name} field ${quote(fields[bad]!)} is not numbers, *, ranges a-b, lists a,b or steps */n and a-b/n` +
        `${CRON_FIELDS[bad]!.names ? ` (or ${CRON_FIELDS[bad]!.name} names such as ${CRON_FIELDS[bad]!.names})` : ""}; extensions such as H, ?, L, W and # are not crontab syntax (crontab(5))`,
    };
  }
  const schedule = fields.join(" ");
  try {
    cronParser().CronExpressionParser.parse(schedule);
  } catch (err) {
    return { ok: false, reason: `${quote(input)} is not a valid cron expression: ${(err as Error).message}` };
  }
  return { ok: true, value: schedule };
}

/**
 * Normalizes the schedule, reporting a problem on `schedule`, and refuses a command holding a
 * code point NFKC changes: the shell runs the characters as written, so `／usr／bin／php` or
 * `ｐｈｐ` is not the program it reads as (a path or a name in a command is checked as one).
 */
export function normalizeCronJob(v: Parsed, issue: IssueSink): CronJobInputs {
  const out = { ...v } as CronJobInputs;
  normalizeProperty(out, "schedule", normalizeCronSchedule, issue);
  if (!isUnknown(v.command)) {
    const change = nfkcChange(v.command);
    if (change !== undefined)
      issue(
        "command",
        `${quote(v.command)} holds ${change}; the shell runs the characters as written, so write the command with the ones it means`,
      );
  }
  return out;
}

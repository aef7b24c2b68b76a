/**
 * The help layout of every `reseller` command: wrapped to the terminal's width (80 columns when
 * the output is not a terminal). Commander wraps a description beside its flag only when that
 * column keeps 40 characters; the connection flags (`--initial-requests-per-minute <value>`)
 * leave less than that on 80 columns, and commander then prints each description on one line of
 * up to 400 characters. Here such an item is laid out as `git` and `npm` do: the flag on its own
 * line, the description wrapped below it.
 */
import type { Command, Help } from "commander";

/** The description column beside a flag must keep this many characters, as commander's default. */
const MIN_DESCRIPTION_WIDTH = 40;

/** Indent of a description printed under its flag. */
const UNDER_INDENT = 6;

/**
 * One flag or command and its description: beside each other when the description column is
 * wide enough, else the description wrapped on the lines below the flag.
 */
function formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  if (!description || width - termWidth - 4 >= MIN_DESCRIPTION_WIDTH) {
    return Object.getPrototypeOf(this).formatItem.call(this, term, termWidth, description, helper) as string;
  }
  const indent = " ".repeat(UNDER_INDENT);
  const wrapped = helper.boxWrap(description, width - UNDER_INDENT);
  return `  ${term}\n${indent}${wrapped.replace(/\n/g, `\n${indent}`)}`;
}

/**
 * Applies the layout to `program`; the subcommands made with `program.command(...)` afterwards
 * inherit it.
 *
 * @example
 * const program = wrapHelp(new Command("reseller"));
 */
export function wrapHelp(program: Command): Command {
  return program.configureHelp({ formatItem });
}

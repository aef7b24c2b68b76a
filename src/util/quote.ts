/**
 * How messages quote a value that was given to the package: bounded and escaped, so that a bad
 * input of any length or content gives a short, readable message (issue 12 item 5: at most 60
 * characters of a bad value). Shared by the provider's checks and the parsers under `src/util/`.
 */

/** The most characters of a bad value a message quotes. */
export const QUOTE_MAX = 60;

/** Characters a quote shows escaped, so a message cannot hide or reorder text: format characters (bidi controls among them) and line separators. */
const ESCAPED_IN_QUOTE = /[\p{Cf}\u2028\u2029]/gu;

/** The number of characters (Unicode code points) of `value`, counting no further than `stopAfter + 1`. */
export function codePointLength(value: string, stopAfter = Infinity): number {
  let n = 0;
  for (const _ of value) if (++n > stopAfter) break;
  return n;
}

/**
 * A value as messages quote it: JSON-escaped (control characters, lone surrogates and
 * invisible format characters show as `\uXXXX`), at most `QUOTE_MAX` characters, and for a
 * longer value its length.
 *
 * @example
 * quote("evil.org\u0000x"); // '"evil.org\\u0000x"'
 * quote("a".repeat(100_000)); // the first 60 characters, then '…" (100000 characters)'
 */
export function quote(value: string): string {
  const chars = Array.from(value.slice(0, QUOTE_MAX * 2)).slice(0, QUOTE_MAX);
  const shown = JSON.stringify(chars.join("")).replace(ESCAPED_IN_QUOTE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const total = codePointLength(value);
  return total > chars.length ? `${shown.slice(0, -1)}…" (${total} characters)` : shown;
}

/**
 * A small, stable TypeScript printer for the generated program: plain values (strings, numbers,
 * booleans, arrays, objects) and a few expressions, with 2-space indentation.
 *
 * The same value always prints the same text: object keys keep the order they were given in
 * (the generator gives them in the resource's documented order), a value goes on one line when
 * that line fits in {@link MAX_WIDTH} columns and on several otherwise, and multi-line strings
 * (PEM certificates) print as an array of lines joined with `"\n"`, so a diff of two generations
 * shows the lines that changed. No formatter has to run on the output.
 */

/** The widest line the printer writes on purpose (a single long string may still exceed it). */
export const MAX_WIDTH = 100;

const INDENT = "  ";

/** Code printed as it is (`config.requireSecret("sslKey_shop_net")`). */
export class Expression {
  constructor(readonly code: string) {}
}

/** What the printer prints. */
export type PrintValue =
  string | number | boolean | null | Expression | readonly PrintValue[] | { readonly [key: string]: PrintValue | undefined };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string literal in double quotes (JSON escaping, which TypeScript reads the same way). */
export function stringLiteral(text: string): string {
  return JSON.stringify(text);
}

/** An object key: bare when it is an identifier, quoted otherwise (`"session.gc_maxlifetime"`). */
export function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : stringLiteral(key);
}

function entriesOf(value: { readonly [key: string]: PrintValue | undefined }): [string, PrintValue][] {
  return Object.entries(value).filter((e): e is [string, PrintValue] => e[1] !== undefined);
}

/** The one-line form, or undefined when the value must span lines (a multi-line string inside). */
function inline(value: PrintValue): string | undefined {
  if (value === null) return "null";
  if (typeof value === "string") return value.includes("\n") ? undefined : stringLiteral(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Expression) return value.code;
  if (Array.isArray(value)) {
    const items = (value as readonly PrintValue[]).map(inline);
    return items.every((i) => i !== undefined) ? `[${items.join(", ")}]` : undefined;
  }
  const entries = entriesOf(value as { readonly [key: string]: PrintValue | undefined });
  if (entries.length === 0) return "{}";
  const parts = entries.map(([k, v]) => {
    const printed = inline(v);
    return printed === undefined ? undefined : `${propertyKey(k)}: ${printed}`;
  });
  return parts.every((p) => p !== undefined) ? `{ ${parts.join(", ")} }` : undefined;
}

/**
 * Prints a value whose first line starts at column `column` (after whatever precedes it on that
 * line) and whose further lines are indented `depth` levels.
 */
export function printValue(value: PrintValue, depth: number, column = depth * INDENT.length): string {
  const one = inline(value);
  if (one !== undefined && column + one.length <= MAX_WIDTH) return one;
  return multiline(value, depth);
}

/**
 * Prints a value always spread over lines when it is an object or an array (the arguments of a
 * resource read best one property per line, however short).
 */
export function printBlock(value: PrintValue, depth: number): string {
  return typeof value === "object" && value !== null && !(value instanceof Expression) ? multiline(value, depth) : printValue(value, depth);
}

function multiline(value: PrintValue, depth: number): string {
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (typeof value === "string") {
    // A long one-line string cannot be broken without changing it.
    if (!value.includes("\n")) return stringLiteral(value);
    // Lines joined again give exactly the string back, trailing newline included.
    const lines = value.split("\n").map((line) => `${pad}${stringLiteral(line)},`);
    return `[\n${lines.join("\n")}\n${close}].join("\\n")`;
  }
  if (Array.isArray(value)) {
    const items = (value as readonly PrintValue[]).map((item) => `${pad}${printValue(item, depth + 1)},`);
    return items.length === 0 ? "[]" : `[\n${items.join("\n")}\n${close}]`;
  }
  if (value === null || typeof value !== "object" || value instanceof Expression) return inline(value) ?? String(value);
  const entries = entriesOf(value as { readonly [key: string]: PrintValue | undefined });
  if (entries.length === 0) return "{}";
  const lines = entries.map(([k, v]) => {
    const key = `${pad}${propertyKey(k)}: `;
    return `${key}${printValue(v, depth + 1, key.length)},`;
  });
  return `{\n${lines.join("\n")}\n${close}}`;
}

/**
 * A comment block: each line prefixed with `// ` at the given depth, long lines wrapped at word
 * boundaries to fit {@link MAX_WIDTH}.
 */
export function printComment(lines: readonly string[], depth: number): string {
  const prefix = `${INDENT.repeat(depth)}// `;
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (prefix.length + rest.length > MAX_WIDTH) {
      const room = MAX_WIDTH - prefix.length;
      const cut = rest.lastIndexOf(" ", room);
      if (cut <= 0) break;
      out.push(`${prefix}${rest.slice(0, cut)}`);
      rest = rest.slice(cut + 1);
    }
    out.push(`${prefix}${rest}`.trimEnd());
  }
  return out.join("\n");
}

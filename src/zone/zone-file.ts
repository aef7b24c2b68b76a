/**
 * RFC 1035 master files ("zone files", §5): the syntax only. {@link parseZoneFile} turns the
 * text into resource records with absolute owner names, their TTL, type and RDATA fields;
 * {@link printZoneFile} writes record sets back. What the record types mean, and which ones the
 * API takes, is `record-sets.ts`'s.
 *
 * Handled as RFC 1035 §5.1 and BIND write them: `$ORIGIN` and `$TTL` (RFC 2308 §4), relative and
 * absolute names, `@`, a blank owner repeating the previous one, TTL and class in either order,
 * class `IN` only, TTL units (`1h30m`, `1w`) as BIND and dnscontrol write them, `;` comments,
 * parentheses spanning lines, quoted strings with `\"`, `\\`, `\X` and `\DDD` escapes. `$INCLUDE`
 * and `$GENERATE` are refused: a file that includes another is not one file, and `$GENERATE` is
 * BIND's own.
 *
 * The npm package `dns-zonefile` knows a fixed list of types and drops what it does not know,
 * without line numbers (docs/decisions/0046); the API's own `MXE` type must round-trip, and a
 * type the API does not take must be refused on its line, never dropped, so this small parser
 * keeps every record with the line it came from.
 */

/** One field of a record: its text as written (escapes kept), and whether it was quoted. */
export interface ZoneField {
  text: string;
  quoted: boolean;
}

/** One resource record of a file. */
export interface ZoneFileRecord {
  /** The line the record starts on (1-based). */
  line: number;
  /** The owner name, absolute with the trailing dot, as written (case kept). */
  name: string;
  /** Seconds. */
  ttl: number;
  /** Upper case (`MX`). */
  type: string;
  /** The RDATA fields, in order. */
  rdata: ZoneField[];
  /** The origin in force on the record's line (absolute, with the trailing dot), for relative names in RDATA. */
  origin: string;
}

/** A problem in a zone file, on one line. */
export class ZoneFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "ZoneFileError";
  }
}

/** One logical entry: the fields of a line, or of several lines joined by parentheses. */
interface Entry {
  line: number;
  /** The entry starts with a blank: its owner is the previous record's. */
  blankOwner: boolean;
  fields: ZoneField[];
}

/** Characters that end an unquoted field. */
const DELIMITERS = new Set([" ", "\t", "\r", "\n", ";", "(", ")", '"']);

/** The index after the quoted string opening at `start`, and its text (escapes kept). */
function readQuoted(text: string, start: number, line: number): { text: string; next: number; lines: number } {
  let i = start + 1;
  let lines = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\") {
      if (text[i + 1] === "\n") lines += 1;
      i += 2;
      continue;
    }
    if (ch === '"') return { text: text.slice(start + 1, i), next: i + 1, lines };
    // RFC 1035 §5.1 lets a quoted string hold a line break only when escaped.
    if (ch === "\n") throw new ZoneFileError(line, "a quoted string is not closed on its line");
    i += 1;
  }
  throw new ZoneFileError(line, "a quoted string is not closed");
}

/** The index after the unquoted field starting at `start`, and its text (escapes kept). */
function readWord(text: string, start: number): { text: string; next: number } {
  let i = start;
  while (i < text.length && !DELIMITERS.has(text[i]!)) i += text[i] === "\\" ? 2 : 1;
  return { text: text.slice(start, Math.min(i, text.length)), next: Math.min(i, text.length) };
}

/** Splits a file into entries: comments dropped, parenthesised lines joined. */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let line = 1;
  let depth = 0;
  let current: Entry | undefined;
  let i = 0;
  let atLineStart = true;
  let openedOn = 0;
  const finish = () => {
    if (current && current.fields.length > 0) out.push(current);
    current = undefined;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\n") {
      line += 1;
      i += 1;
      if (depth === 0) {
        finish();
        atLineStart = true;
      }
      continue;
    }
    if (ch === ";") {
      while (i < text.length && text[i] !== "\n") i += 1;
      continue;
    }
    if (ch === " " || ch === "\t" || ch === "\r") {
      if (atLineStart && depth === 0 && !current) current = { line, blankOwner: true, fields: [] };
      atLineStart = false;
      i += 1;
      continue;
    }
    atLineStart = false;
    current ??= { line, blankOwner: false, fields: [] };
    if (ch === "(") {
      if (depth > 0) throw new ZoneFileError(line, "parentheses do not nest");
      depth = 1;
      openedOn = line;
      i += 1;
    } else if (ch === ")") {
      if (depth === 0) throw new ZoneFileError(line, "a closing parenthesis without an opening one");
      depth = 0;
      i += 1;
    } else if (ch === '"') {
      const quoted = readQuoted(text, i, line);
      current.fields.push({ text: quoted.text, quoted: true });
      line += quoted.lines;
      i = quoted.next;
    } else {
      const word = readWord(text, i);
      current.fields.push({ text: word.text, quoted: false });
      i = word.next;
    }
  }
  if (depth > 0) throw new ZoneFileError(openedOn, "a parenthesis is not closed");
  finish();
  return out;
}

/** Seconds per TTL unit, as BIND writes them (`1w2d`, `1h30m`). */
const TTL_UNITS: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
const TTL = /^(?:\d+|(?:\d+[wdhms])+)$/i;

/** The largest TTL (RFC 2181 §8: 2^31 - 1). */
const MAX_TTL = 2147483647;

/** A TTL field in seconds, or undefined when the field is not a TTL. */
function ttlOf(field: ZoneField, line: number): number | undefined {
  if (field.quoted || !TTL.test(field.text)) return undefined;
  const seconds = /^\d+$/.test(field.text)
    ? Number(field.text)
    : [...field.text.toLowerCase().matchAll(/(\d+)([wdhms])/g)].reduce((n, m) => n + Number(m[1]) * TTL_UNITS[m[2]!]!, 0);
  if (seconds > MAX_TTL) throw new ZoneFileError(line, `TTL ${field.text} is more than ${MAX_TTL} seconds (RFC 2181 §8)`);
  return seconds;
}

const CLASSES = new Set(["IN", "CH", "HS", "CS"]);

/** An absolute name (with the trailing dot) from a name field and the origin. */
export function absoluteName(text: string, origin: string): string {
  if (text === "@") return origin;
  if (text.endsWith(".") && !text.endsWith("\\.")) return text;
  return origin === "." ? `${text}.` : `${text}.${origin}`;
}

/** What parsing needs to know. */
export interface ParseOptions {
  /**
   * The origin before any `$ORIGIN`: the zone's name (the trailing dot is added). Without it, the
   * file must give `$ORIGIN` before its first record, and that names the zone.
   */
  origin?: string;
}

/** A parsed zone file. */
export interface ParsedZoneFile {
  /** The zone: the given origin, else the file's first `$ORIGIN` (absolute, with the trailing dot). */
  origin: string;
  records: ZoneFileRecord[];
}

/** The state of a parse: the origin, the `$TTL`, the last owner and the last TTL given. */
interface ParseState {
  origin?: string;
  defaultTtl?: number;
  lastOwner?: string;
  lastTtl?: number;
}

/** A `$` directive. */
function directive(entry: Entry, state: ParseState): void {
  const [head, ...args] = entry.fields;
  const name = head!.text.toUpperCase();
  if (name === "$ORIGIN") {
    if (args.length !== 1 || args[0]!.quoted) throw new ZoneFileError(entry.line, "$ORIGIN takes one domain name");
    const given = args[0]!.text;
    if (state.origin === undefined && !given.endsWith("."))
      throw new ZoneFileError(entry.line, "the first $ORIGIN must be absolute (end with a dot)");
    state.origin = absoluteName(given, state.origin ?? ".");
  } else if (name === "$TTL") {
    const ttl = args.length === 1 ? ttlOf(args[0]!, entry.line) : undefined;
    if (ttl === undefined) throw new ZoneFileError(entry.line, "$TTL takes one TTL, in seconds or with units (3600, 1h)");
    state.defaultTtl = ttl;
  } else {
    throw new ZoneFileError(
      entry.line,
      `${head!.text} is not supported: only $ORIGIN and $TTL are (put the records of an included file into this one)`,
    );
  }
}

/** One record entry. */
function record(entry: Entry, state: ParseState): ZoneFileRecord {
  const origin = state.origin;
  if (origin === undefined)
    throw new ZoneFileError(entry.line, "the file gives no $ORIGIN before its first record: name the zone with --domain");
  const fields = [...entry.fields];
  let owner: string;
  if (entry.blankOwner) {
    if (state.lastOwner === undefined) throw new ZoneFileError(entry.line, "the first record has no owner name");
    owner = state.lastOwner;
  } else {
    const first = fields.shift()!;
    if (first.quoted) throw new ZoneFileError(entry.line, "an owner name cannot be quoted");
    owner = absoluteName(first.text, origin);
  }
  let ttl: number | undefined;
  let cls: string | undefined;
  let type: string | undefined;
  while (fields.length > 0 && type === undefined) {
    const field = fields.shift()!;
    const asTtl = ttl === undefined ? ttlOf(field, entry.line) : undefined;
    if (asTtl !== undefined) ttl = asTtl;
    else if (cls === undefined && !field.quoted && CLASSES.has(field.text.toUpperCase())) cls = field.text.toUpperCase();
    else if (field.quoted) throw new ZoneFileError(entry.line, `a record type was expected, got the quoted string "${field.text}"`);
    else type = field.text.toUpperCase();
  }
  if (type === undefined) throw new ZoneFileError(entry.line, "the record has no type");
  if (cls !== undefined && cls !== "IN")
    throw new ZoneFileError(entry.line, `class ${cls} is not supported: the zone's records are of class IN`);
  // RFC 2308 §4: `$TTL` is the default; before it, RFC 1035 §5.1 repeats the last TTL given.
  const resolved = ttl ?? state.defaultTtl ?? state.lastTtl;
  if (resolved === undefined) throw new ZoneFileError(entry.line, "the record has no TTL, and no $TTL comes before it");
  if (ttl !== undefined) state.lastTtl = ttl;
  state.lastOwner = owner;
  return { line: entry.line, name: owner, ttl: resolved, type, rdata: fields, origin };
}

/**
 * The records of a zone file, in file order, and the zone it is for.
 *
 * @example
 * parseZoneFile("$TTL 3600\n@ IN MX 10 mail\nmail IN A 198.51.100.7\n", { origin: "example.com" }).records;
 * // [{ line: 2, name: "example.com.", ttl: 3600, type: "MX", rdata: [...], origin: "example.com." }, ...]
 */
export function parseZoneFile(text: string, options: ParseOptions = {}): ParsedZoneFile {
  const state: ParseState = options.origin === undefined ? {} : { origin: absoluteName(options.origin.replace(/\.$/, ""), ".") };
  let zone = state.origin;
  const records: ZoneFileRecord[] = [];
  for (const entry of entries(text)) {
    if (!entry.blankOwner && !entry.fields[0]!.quoted && entry.fields[0]!.text.startsWith("$")) {
      directive(entry, state);
      zone ??= state.origin;
    } else records.push(record(entry, state));
  }
  if (zone === undefined) throw new ZoneFileError(1, "the file has no records and no $ORIGIN: name the zone with --domain");
  return { origin: zone, records };
}

/** One record set as a zone file writes it. */
export interface PrintedRecordSet {
  /** Relative to the zone, `@` for the apex. */
  name: string;
  ttl: number;
  type: string;
  /** Each record's RDATA in presentation form (`10 mail.example.com.`). */
  rdata: string[];
  /** Written as comment lines (`; `) rather than records. */
  commented?: boolean;
}

/**
 * A zone file: the header comment, `$ORIGIN`, then one line per record, columns aligned.
 *
 * @example
 * printZoneFile("example.com", ["Exported from the API."], [{ name: "@", ttl: 3600, type: "A", rdata: ["198.51.100.7"] }]);
 */
export function printZoneFile(zone: string, header: readonly string[], sets: readonly PrintedRecordSet[]): string {
  const width = (pick: (s: PrintedRecordSet) => string) => Math.max(0, ...sets.map((s) => pick(s).length));
  const nameWidth = width((s) => s.name);
  const ttlWidth = width((s) => String(s.ttl));
  const typeWidth = width((s) => s.type);
  const lines = [...header.map((h) => `; ${h}`.trimEnd()), `$ORIGIN ${zone}.`];
  for (const set of sets) {
    for (const rdata of set.rdata) {
      const row = `${set.name.padEnd(nameWidth)} ${String(set.ttl).padStart(ttlWidth)} IN ${set.type.padEnd(typeWidth)} ${rdata}`;
      lines.push(set.commented ? `; ${row}` : row);
    }
  }
  return `${lines.join("\n")}\n`;
}

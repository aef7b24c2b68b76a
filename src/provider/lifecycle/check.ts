/**
 * The shared `check`: validate with zod, report `CheckFailure`s that name the property, fill
 * defaults and normalize, all before any API call, so a bad input fails the preview without
 * touching the account.
 *
 * Before zod runs, every string in the inputs (at any depth, record keys included) passes the
 * text rules here, so no resource can forget them (issue 12 item 5): no control characters, no
 * bidirectional controls, valid Unicode, and a length limit. Each schema declares the limit of
 * its strings with `limitText` (with the API evidence or the reason for the bound); a string
 * whose schema declares none gets `DEFAULT_TEXT_RULE`, and a test requires every resource
 * property to declare one. A failure quotes at most `QUOTE_MAX` characters of a bad value
 * (`quote`, from `src/util/quote.ts`, re-exported here for the rules that build messages).
 *
 * During preview, values that depend on resources not yet created arrive as the sentinel string
 * `pulumi.runtime.unknownValue` (the host itself compares `__provider` with it).
 * A property holding an unknown (anywhere inside it) is not validated: its schema is swapped for
 * `z.unknown()` and the sentinel is passed through, so `diff` can report it as a change.
 */
import { z } from "zod";
import { endpoints } from "../../client/endpoints";
import type { ApiVersion } from "../../client/endpoint";
import { inputKeys, type AnyResourceDefinition } from "./define";
import type { IssueSink } from "../../util/issue";
import { codePointLength, quote } from "../../util/quote";
import { toPlainJson, withoutProvider } from "./outputs";

export { quote, QUOTE_MAX } from "../../util/quote";

/**
 * The value Pulumi sends for inputs unknown during preview (`pulumi.runtime.unknownValue` in
 * `@pulumi/pulumi` 3.x). Kept as a literal so the runtime never loads `@pulumi/pulumi`; a test
 * pins it to the SDK's constant.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Whether `value` is the unknown sentinel. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Whether `value` is, or holds anywhere inside it, the unknown sentinel. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** A failure as the engine wants it: the property path and a reason. */
export interface CheckFailure {
  property: string;
  reason: string;
}

export interface CheckResult {
  inputs?: Record<string, unknown>;
  failures?: CheckFailure[];
}

/** A property path as Pulumi prints it: `records[0].value`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

/**
 * Validates and normalizes `news` against a definition for an API version.
 *
 * Null and undefined properties count as "not set". Properties the resource does not declare
 * are failures (a typo in a JavaScript program would otherwise be silently ignored).
 */
export function checkInputs(def: AnyResourceDefinition, news: Record<string, unknown>, version: ApiVersion): CheckResult {
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(withoutProvider(news))) {
    if (v !== undefined && v !== null) given[k] = v;
  }
  const parsed = parseInputs(def, given);
  if (parsed.failures.length > 0 || !parsed.success) return { failures: parsed.failures };

  const failures: CheckFailure[] = [];
  const issue: IssueSink = (path, reason) => {
    failures.push({ property: typeof path === "string" ? path : formatPath(path), reason });
  };
  const data = parsed.data!;
  const value = def.normalize ? def.normalize(data, issue, version) : data;
  if (failures.length > 0) return { failures };
  failures.push(...missingOperations(def, value, version));
  if (failures.length > 0) return { failures };
  return { inputs: toPlainJson(value as Record<string, unknown>, "inputs") };
}

/** The text rules, then the schema: each property's failures, or its parsed value. */
function parseInputs(
  def: AnyResourceDefinition,
  given: Record<string, unknown>,
): { failures: CheckFailure[]; success: boolean; data?: Record<string, unknown> } {
  const shape: Record<string, z.core.$ZodType> = { ...def.inputs };
  for (const k of Object.keys(given)) if (k in shape && containsUnknown(given[k])) shape[k] = z.unknown();
  const failures: CheckFailure[] = [];
  // The text rules first: a value they refuse never reaches a transform or a normalizer, so
  // nothing downstream can cut, strip or echo it.
  const textFailed = new Set<string>();
  for (const [k, v] of Object.entries(given)) {
    if (!(k in def.inputs)) continue;
    for (const t of textIssues(def.inputs[k], v, [k])) {
      failures.push({ property: formatPath(t.path), reason: t.reason });
      textFailed.add(k);
    }
  }
  const parsed = z.strictObject(shape).safeParse(given);
  if (parsed.success) return { failures, success: true, data: parsed.data };
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const known = inputKeys(def).join(", ");
      failures.push(...issue.keys.map((key) => ({ property: key, reason: `${def.type} has no property ${quote(key)} (known: ${known})` })));
    } else if (!textFailed.has(String(issue.path[0]))) {
      failures.push({ property: formatPath(issue.path) || def.type, reason: issue.message });
    }
  }
  return { failures, success: false };
}

/** The operations the inputs need that API `version` lacks, as failures of the properties that need them. */
function missingOperations(def: AnyResourceDefinition, value: unknown, version: ApiVersion): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const req of def.requires?.(value, version) ?? []) {
    const missing = req.operations.filter((op) => !(`${version}.${op}` in endpoints));
    const fails = req.anyOf ? missing.length === req.operations.length : missing.length > 0;
    if (!fails) continue;
    const ops = (req.anyOf ? req.operations : missing).map((op) => `"${op}"`).join(req.anyOf ? " or " : " and ");
    failures.push({
      property: req.property,
      reason: `API ${version} has no operation ${ops}, which ${req.property} needs; ${req.reason ?? `use another apiVersion or leave ${req.property} unset`}`,
    });
  }
  return failures;
}

/** What the text rules apply to one string input. */
export interface TextRule {
  /** The longest value accepted, in characters (Unicode code points). */
  max: number;
  /** Where the limit comes from, as failure messages give it (`RFC 1035 §2.3.4 ...`). */
  because: string;
  /**
   * Line breaks the value may hold: `"any"` (PEM blocks), `"final"` (one line that may end with
   * the line break of the file it was read from, as an OpenSSH key line does); none by default.
   */
  lineBreaks?: "any" | "final";
  /** The value is a secret: messages never quote it. */
  secret?: boolean;
}

/**
 * The text rule each string schema declares, keyed by the schema object (`limitText` registers
 * it). A rule on any wrapper layer counts: `limitText(z.string(), rule).optional()` keeps it.
 */
export const textRules = z.registry<TextRule>();

/**
 * Declares the text rule of a string schema and returns the schema. Register the outermost
 * string schema: zod's `.trim()` or `.min()` make a new schema, which the rule would not cover.
 *
 * @example
 * const city = limitText(z.string().trim().min(1), { max: 255, because: "RFC 5733 postalLineType" });
 */
export function limitText<T extends z.core.$ZodType>(schema: T, rule: TextRule): T {
  textRules.add(schema, rule);
  return schema;
}

/**
 * The rule of a string whose schema declares none (data source arguments, strings inside a
 * property of unknown shape): longer text than this is no name, label or setting the API takes
 * (sensible bound, inferred).
 */
export const DEFAULT_TEXT_RULE: TextRule = { max: 1024, because: "no setting of the API is longer (inferred)" };

/**
 * Bidirectional controls (Unicode UAX #9: ALM, LRM, RLM, the embeddings, overrides and isolates):
 * they make text display in another order than it is stored (CVE-2021-42574, "Trojan Source").
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

function isLineBreak(cp: number): boolean {
  return cp === 0x0a || cp === 0x0d;
}

/** Whether the line breaks of `value` are allowed by a rule. */
function lineBreaksAllowed(value: string, rule: TextRule): boolean {
  if (rule.lineBreaks === "any") return true;
  if (rule.lineBreaks === "final") return !/[\r\n]/.test(value.replace(/\r?\n$/, ""));
  return false;
}

/**
 * Why a string breaks a text rule, or undefined when it does not: longer than the rule allows,
 * a lone surrogate (not UTF-8, which the API takes: v4 document, general rule 4), a control
 * character (C0, DEL, C1, or the line and paragraph separators; line breaks only where the rule
 * allows them), or a bidirectional control.
 *
 * @example
 * textProblem("example.com\n", { max: 254, because: "RFC 1035" }); // '"example.com\\n" must be a single line: a line break at character 12'
 */
export function textProblem(value: string, rule: TextRule): string | undefined {
  const shown = rule.secret ? "" : `${quote(value)} `;
  const length = codePointLength(value, rule.max);
  if (length > rule.max) {
    return `${shown}is longer than ${rule.max} characters, the limit (${rule.because})`;
  }
  const breaksAllowed = lineBreaksAllowed(value, rule);
  let at = 0;
  for (const ch of value) {
    at += 1;
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff)
      return `${shown}is not valid Unicode: a lone surrogate ${hex(cp)} at character ${at} (the API takes UTF-8 text)`;
    if (BIDI_CONTROL.test(ch)) {
      return `${shown}must not contain bidirectional control characters: ${hex(cp)} at character ${at} (they make text display in another order than it is stored)`;
    }
    if (isLineBreak(cp)) {
      if (!breaksAllowed) return `${shown}must be a single line: a line break at character ${at}`;
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) {
      return `${shown}must not contain control characters: ${hex(cp)} at character ${at}`;
    }
  }
  return undefined;
}

/** A text rule broken at a path inside a value. */
export interface TextIssue {
  path: (string | number)[];
  reason: string;
}

type AnySchema = z.core.$ZodType;

/** Schema layers that wrap the one that takes the input without changing what it takes. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);
/** The schema kinds that take each kind of value, for picking a union's option. */
const TAKES: Record<string, readonly string[]> = {
  string: ["string", "enum", "literal", "template_literal"],
  number: ["number", "literal"],
  boolean: ["boolean", "literal"],
  array: ["array", "tuple"],
  object: ["object", "record"],
};

/**
 * The text rule declared on `schema` or a wrapper of it, and the schema that takes the raw
 * value (inside optional, default and the like, and the input side of a pipe).
 *
 * @example
 * unwrapInput(limitText(z.string(), rule).optional()); // { rule, base: the z.string() }
 */
export function unwrapInput(schema: AnySchema | undefined): { rule?: TextRule; base?: AnySchema } {
  let rule: TextRule | undefined;
  let s = schema;
  for (let depth = 0; s !== undefined && depth < 32; depth++) {
    rule ??= textRules.get(s);
    const def = s._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema; getter?: () => AnySchema };
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else if (def.type === "lazy") s = def.getter?.();
    else break;
  }
  return { rule, base: s };
}

/**
 * The schema that takes `value` and its text rule (`unwrapInput`): for a union, its first option
 * of the value's kind (string, number, boolean, array or object).
 *
 * @example
 * inputSchemaFor(z.union([z.string(), z.object({ value: z.string() })]), "x").base; // the z.string()
 */
export function inputSchemaFor(schema: AnySchema | undefined, value: unknown): { rule?: TextRule; base?: AnySchema } {
  const outer = unwrapInput(schema);
  const def = outer.base?._zod.def as { type: string; options?: AnySchema[] } | undefined;
  if (def?.type !== "union") return outer;
  const kind = Array.isArray(value) ? "array" : typeof value;
  for (const option of def.options ?? []) {
    const inner = unwrapInput(option);
    const type = (inner.base?._zod.def as { type: string } | undefined)?.type ?? "";
    if (TAKES[kind]?.includes(type)) return { rule: outer.rule ?? inner.rule, base: inner.base };
  }
  return { rule: outer.rule };
}

/** What the text rules read of a schema's definition. */
type ValueDef = { type: string; element?: AnySchema; shape?: Record<string, AnySchema>; keyType?: AnySchema; valueType?: AnySchema };

/**
 * Every string of `value` (at any depth, record keys included) checked against the text rule
 * its schema declares, or `DEFAULT_TEXT_RULE`. Values unknown during preview are skipped; keys
 * a strict object does not know are left to zod, which reports them.
 *
 * @example
 * textIssues(z.object({ name: limitText(z.string(), { max: 3, because: "test" }) }), { name: "abcd" });
 * // [{ path: ["name"], reason: '"abcd" is longer than 3 characters, the limit (test)' }]
 */
export function textIssues(schema: AnySchema | undefined, value: unknown, path: (string | number)[] = []): TextIssue[] {
  if (value === null || value === undefined || isUnknown(value)) return [];
  const { rule, base } = inputSchemaFor(schema, value);
  if (typeof value === "string") {
    const reason = textProblem(value, rule ?? DEFAULT_TEXT_RULE);
    return reason === undefined ? [] : [{ path, reason }];
  }
  const def = base?._zod.def as ValueDef | undefined;
  if (Array.isArray(value)) {
    const element = def?.type === "array" ? def.element : undefined;
    return value.flatMap((v, i) => textIssues(element, v, [...path, i]));
  }
  if (typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => entryIssues(def, key, v, path));
}

/** The text issues of one entry of an object or record value, its key included. */
function entryIssues(def: ValueDef | undefined, key: string, v: unknown, path: (string | number)[]): TextIssue[] {
  if (def?.type === "object") return def.shape?.[key] === undefined ? [] : textIssues(def.shape[key], v, [...path, key]);
  if (def?.type !== "record") return textIssues(undefined, v, [...path, key]);
  const keyRule = unwrapInput(def.keyType).rule ?? DEFAULT_TEXT_RULE;
  const keyReason = textProblem(key, { ...keyRule, lineBreaks: undefined });
  return keyReason === undefined ? textIssues(def.valueType, v, [...path, key]) : [{ path, reason: `key ${keyReason}` }];
}

/**
 * The text rules every string input passes (issue 12 item 5): applied centrally by `check` to
 * every string leaf of every resource's inputs and to data source arguments, with a length limit
 * each schema declares.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkInputs,
  DEFAULT_TEXT_RULE,
  limitText,
  quote,
  textIssues,
  textProblem,
  textRules,
  type TextRule,
} from "../../src/provider/lifecycle/check";
import { definitionOf } from "../../src/runtime";
import { definitions } from "../../src/resources/registry";

type AnySchema = z.core.$ZodType;
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The paths of the string-taking schemas under `schema` that have no text rule on any of their layers. */
function undeclared(schema: AnySchema, path: string, inherited?: TextRule): string[] {
  let s = schema;
  let rule = inherited;
  for (;;) {
    rule ??= textRules.get(s);
    const def = s._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (WRAPPERS.has(def.type)) s = def.innerType!;
    else if (def.type === "pipe") s = def.in!;
    else break;
  }
  const def = s._zod.def as unknown as {
    type: string;
    options?: AnySchema[];
    element?: AnySchema;
    shape?: Record<string, AnySchema>;
    keyType?: AnySchema;
    valueType?: AnySchema;
    values?: unknown[];
  };
  switch (def.type) {
    case "string":
    case "enum":
    case "template_literal":
      return rule ? [] : [path];
    case "literal":
      return rule || !def.values!.some((v) => typeof v === "string") ? [] : [path];
    case "union":
      return def.options!.flatMap((o) => undeclared(o, path, rule));
    case "array":
      return undeclared(def.element!, `${path}[]`);
    case "object":
      return Object.entries(def.shape!).flatMap(([k, v]) => undeclared(v, `${path}.${k}`));
    case "record":
      return [...undeclared(def.keyType!, `${path}{key}`), ...undeclared(def.valueType!, `${path}{}`)];
    default:
      return [];
  }
}

const rule: TextRule = { max: 10, because: "test bound" };

describe("text rules", () => {
  it.each(definitions.map((d) => [d.type, d] as const))("every string input of %s declares its length limit", (_type, def) => {
    const missing = Object.entries(def.inputs).flatMap(([k, schema]) => undeclared(schema as AnySchema, k));
    expect(missing).toEqual([]);
  });

  it("finds a string schema that declares no limit, at any depth", () => {
    const schema = z.object({ list: z.array(z.string()), map: z.record(limitText(z.string(), rule), z.union([z.number(), z.string()])) });
    expect(undeclared(schema, "p")).toEqual(["p.list[]", "p.map{}"]);
  });

  it.each([
    { name: "NUL", value: "ab\u0000c", reason: /control characters: U\+0000 at character 3/ },
    { name: "DEL", value: "ab\u007f", reason: /U\+007F/ },
    { name: "a C1 control", value: "a\u0085b", reason: /U\+0085/ },
    { name: "a tab", value: "a\tb", reason: /U\+0009/ },
    { name: "a line break", value: "a\nb", reason: /single line: a line break at character 2/ },
    { name: "the line separator", value: "a\u2028b", reason: /U\+2028/ },
    { name: "a right-to-left override", value: "abc\u202e", reason: /bidirectional control characters: U\+202E at character 4/ },
    { name: "an isolate", value: "\u2066a", reason: /U\+2066/ },
    { name: "a lone surrogate", value: "a\ud800", reason: /lone surrogate U\+D800/ },
    { name: "one character too many", value: "a".repeat(11), reason: /longer than 10 characters, the limit \(test bound\)/ },
  ])("refuses $name", ({ value, reason }) => {
    expect(textProblem(value, rule)).toMatch(reason);
  });

  it("counts characters, not UTF-16 units, and takes text at the limit", () => {
    expect(textProblem("😀".repeat(10), rule)).toBeUndefined();
    expect(textProblem("é".repeat(10), rule)).toBeUndefined();
  });

  it("allows line breaks where the rule says: anywhere in a PEM block, only at the end of a key line", () => {
    expect(textProblem("a\r\nb\n", { ...rule, lineBreaks: "any" })).toBeUndefined();
    expect(textProblem("a\u0000\n", { ...rule, lineBreaks: "any" })).toMatch(/U\+0000/);
    expect(textProblem("ab c\n", { ...rule, lineBreaks: "final" })).toBeUndefined();
    expect(textProblem("ab c\r\n", { ...rule, lineBreaks: "final" })).toBeUndefined();
    expect(textProblem("a\nb\n", { ...rule, lineBreaks: "final" })).toMatch(/single line/);
  });

  it("never quotes a secret", () => {
    const reason = textProblem("hunt\u0000xyz", { ...rule, secret: true })!;
    expect(reason).toMatch(/^must not contain control characters/);
    expect(reason).not.toContain("hunt");
  });

  it("quotes at most 60 characters, escaped, with the length of a longer value", () => {
    expect(quote("evil.org\u0000x")).toBe('"evil.org\\u0000x"');
    expect(quote("a\u202eb")).toBe('"a\\u202eb"');
    const long = quote("x".repeat(100_000));
    expect(long).toBe(`"${"x".repeat(60)}…" (100000 characters)`);
  });

  it("finds strings at any depth, map keys included, and skips values unknown during preview", () => {
    const schema = z.object({
      list: z.array(limitText(z.string(), rule)),
      map: z.record(limitText(z.string(), { max: 3, because: "keys" }), z.string()),
      either: z.union([limitText(z.string(), rule), z.object({ value: limitText(z.string(), rule) })]),
    });
    const issues = textIssues(schema, {
      list: ["ok", "a\u0000"],
      map: { long: "v", k: "x".repeat(DEFAULT_TEXT_RULE.max + 1) },
      either: { value: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" },
    });
    expect(issues.map((i) => i.path)).toEqual([["list", 1], ["map"], ["map", "k"]]);
    expect(issues[1]!.reason).toMatch(/^key "long" is longer than 3 characters/);
  });

  it("reports text failures before zod runs, and zod's only for the other properties", () => {
    const def = definitionOf("CronJob");
    const { failures } = checkInputs(def, { hostingId: "101", schedule: "0 3 * * *", command: "run\u0000" }, "v4");
    expect(failures).toEqual([
      { property: "command", reason: expect.stringMatching(/U\+0000/) },
      { property: "hostingId", reason: expect.stringMatching(/expected number/) },
    ]);
  });
});

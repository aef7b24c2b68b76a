/**
 * WafDisabledRules: inputs, their validation and normalization, and the state it keeps.
 *
 * The web application firewall of a domain blocks requests by rule; the API keeps, per domain, a
 * list of rule ids that are switched off. Its rules result gives `allRulesRange` (a string range
 * of rule ids), `rules` (groups with a description and `ids`, arrays of integer arrays) and
 * `disabledRules` (arrays of integer arrays), and the update takes `wafDisabledRules` (integers)
 * with `append` (v4 document, Web application firewall; v2 CONFIRMED, catalog §4.2). The inner
 * arrays are read as inclusive `[from, to]` ranges, `[id]` being one id.
 *
 * The list is a set: state holds the ids sorted, each once, so the order or repetition a
 * program writes never shows as a change.
 */
import { z } from "zod";
import { containsUnknown } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain } from "../../util/names";
import { domainInput, hostingIdInput, normalizeProperty } from "../../provider/rules/validators";
import type { FoundSetting } from "../shared/previous";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const wafDisabledRulesInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** The domain whose firewall rules are disabled, Unicode or ASCII. */
  domain: domainInput,
  /** The rule ids to disable; every other rule of the domain is enabled. */
  ruleIds: z
    .array(z.number().int("a rule id is a whole number").positive("a rule id is a positive number"))
    .min(1, "needs at least one rule id; destroy the resource to enable every rule again"),
};

type Parsed = z.output<z.ZodObject<typeof wafDisabledRulesInputs>>;

/** The checked inputs, which are also the state. */
export interface WafDisabledRulesInputs {
  hostingId: number;
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  /** Ascending, each id once. */
  ruleIds: number[];
}

/** The state of the disabled rules of a domain, and the list found at create (`previous`, ascending: what destroy puts back). */
export type WafDisabledRulesOutputs = WafDisabledRulesInputs & FoundSetting<number[]>;

/**
 * Rule ids ascending, each once.
 *
 * @example
 * sortedIds([942110, 942100, 942110]); // [942100, 942110]
 */
export function sortedIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** An inclusive range of rule ids. */
export type IdRange = readonly [number, number];

/**
 * The API's arrays of integer arrays as inclusive ranges: `[id]` is one id, `[from, to]` a
 * range (reversed bounds are put in order); empty arrays are skipped.
 */
export function rangesOf(arrays: readonly (readonly number[])[]): IdRange[] {
  const out: IdRange[] = [];
  for (const a of arrays) {
    if (a.length === 0) continue;
    const from = a[0]!;
    const to = a[a.length - 1]!;
    out.push(from <= to ? [from, to] : [to, from]);
  }
  return out;
}

/** The widest disabled range read id by id. */
const MAX_RANGE = 100_000;

/**
 * The ids of the disabled-rule arrays the API answers, ascending, each once. The simulator
 * answers one `[id]` per id; a `[from, to]` range from a server that merges ids is expanded, so
 * the state always lists ids as the program writes them.
 *
 * @example
 * disabledIdsOf([[942110, 942112], [920350]]); // [920350, 942110, 942111, 942112]
 */
export function disabledIdsOf(arrays: readonly (readonly number[])[]): number[] {
  const ids: number[] = [];
  for (const [from, to] of rangesOf(arrays)) {
    // The whole simulated catalogue spans 100 000 ids; anything wider is not a list of rules.
    if (to - from >= MAX_RANGE) throw new Error(`the API reports disabled rules ${from}-${to}, a range too wide to list rule by rule`);
    for (let id = from; id <= to; id++) ids.push(id);
  }
  return sortedIds(ids);
}

/**
 * `"900000-999999"` as a range; undefined when the text is not a range (the check is then skipped).
 *
 * @example
 * parseRuleRange("900000-999999"); // [900000, 999999]
 */
export function parseRuleRange(text: string | undefined): IdRange | undefined {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(text ?? "");
  if (!m) return undefined;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a <= b ? [a, b] : [b, a];
}

/** Ranges as text: `911100, 913100-913120`. */
export function formatRanges(ranges: readonly IdRange[]): string {
  return ranges.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(", ");
}

/** What the API reports about the rules, as far as checking ids goes. */
export interface RuleCatalogue {
  /** `allRulesRange`, when the API gives a parseable one. */
  all?: IdRange;
  /** The id ranges of every rule group; empty when the API lists none. */
  groups: IdRange[];
}

/**
 * Why some ids cannot be disabled, or undefined when all can: an id outside `allRulesRange`,
 * or (when the API lists rule groups) an id that is in no group. Each check runs only when the
 * API reports what it needs.
 *
 * @example
 * rulesProblem([123], { all: [900000, 999999], groups: [] }); // "rule 123 is outside the firewall's rule range 900000-999999"
 */
export function rulesProblem(ids: readonly number[], catalogue: RuleCatalogue): string | undefined {
  const { all, groups } = catalogue;
  if (all) {
    const outside = ids.filter((id) => id < all[0] || id > all[1]);
    if (outside.length > 0) {
      return `${plural(outside)} ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside the firewall's rule range ${formatRanges([all])}`;
    }
  }
  if (groups.length > 0) {
    const unknown = ids.filter((id) => !groups.some(([from, to]) => id >= from && id <= to));
    if (unknown.length > 0) {
      return `${plural(unknown)} ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} in none of the firewall's rule groups (${formatRanges(groups)})`;
    }
  }
  return undefined;
}

function plural(ids: readonly number[]): string {
  return ids.length === 1 ? "rule" : "rules";
}

/** Cross-property normalization: the domain in ASCII, the ids sorted and unique. */
export function normalizeWafDisabledRules(v: Parsed, issue: IssueSink): WafDisabledRulesInputs {
  const out = { ...v } as WafDisabledRulesInputs;
  normalizeProperty(out, "domain", normalizeDomain, issue);
  if (!containsUnknown(v.ruleIds)) out.ruleIds = sortedIds(v.ruleIds);
  return out;
}

/**
 * `getWafRules`: the web application firewall's rule catalogue and the rules disabled for one
 * domain (`waf.getRules`: v2 CONFIRMED, catalog §4.2, S8/S5/S7-PR29; v4 and v3 INFERRED-L, §1 #70).
 * Rule ids come as `[from, to]` ranges, or `[id]` for a single id.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, domainArg, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getWafRules}.
 */
export interface GetWafRulesArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** A domain attached to the hosting account. */
  domain: string;
}

/**
 * Arguments of {@link getWafRulesOutput}.
 */
export type GetWafRulesOutputArgs = OutputArgs<GetWafRulesArgs>;

/**
 * An inclusive range of rule ids (`from === to` for one rule).
 */
export interface WafRuleRange {
  /** First rule id of the range. */
  from: number;
  /** Last rule id of the range, included. */
  to: number;
}

/**
 * One group of the catalogue.
 */
export interface WafRuleGroup {
  /** What the rules detect. */
  description?: string;
  /** The rule ids of the group, as ranges. */
  ranges: WafRuleRange[];
}

/**
 * The firewall rules of a domain.
 *
 * @example
 * const { disabledRuleIds } = await getWafRules({ hostingId: 101, domain: "agency-demo.com" });
 */
export interface GetWafRulesResult {
  /** The hosting account read. */
  hostingId: number;
  /** The domain read. */
  domain: string;
  /** Range of every rule id, as the API writes it (`900000-999999`). */
  allRulesRange?: string;
  /** The catalogue, grouped by attack class. */
  groups: WafRuleGroup[];
  /** Rules disabled for the domain, as ranges. */
  disabledRules: WafRuleRange[];
  /** The same, one id each, sorted: the form `WafDisabledRules` takes. */
  disabledRuleIds: number[];
}

function rangeOf(ids: readonly number[]): WafRuleRange | undefined {
  if (ids.length === 0) return undefined;
  const from = ids[0]!;
  const to = ids[ids.length - 1]!;
  return from <= to ? { from, to } : { from: to, to: from };
}

function rangesOf(list: readonly (readonly number[])[] | undefined): WafRuleRange[] {
  return (list ?? []).map(rangeOf).filter((r): r is WafRuleRange => r !== undefined);
}

const source = defineDataSource<GetWafRulesArgs, GetWafRulesArgs, GetWafRulesResult>({
  name: "getWafRules",
  args: z.strictObject({ hostingId: hostingIdArg, domain: domainArg }),
  operations: () => ["waf.getRules"],
  run: async (call, a) => {
    const r = await call.hostingRequest("waf.getRules", a.hostingId, { domain: a.domain });
    const disabledRules = rangesOf(r.disabledRules);
    const ids = new Set<number>();
    for (const { from, to } of disabledRules) for (let id = from; id <= to; id++) ids.add(id);
    return {
      hostingId: a.hostingId,
      domain: a.domain,
      allRulesRange: r.allRulesRange,
      groups: (r.rules ?? []).map((g) => ({ description: g.description, ranges: rangesOf(g.ids) })),
      disabledRules,
      disabledRuleIds: [...ids].sort((x, y) => x - y),
    };
  },
});

/**
 * Reads the firewall's rule catalogue and the rules disabled for a domain.
 *
 * @example
 * import { getWafRules } from "pulumi-hosting-reseller";
 * const waf = await getWafRules({ hostingId: 101, domain: "agency-demo.com" });
 * console.log(`disabled: ${waf.disabledRuleIds.join(", ") || "none"}`);
 */
export function getWafRules(args: GetWafRulesArgs): Promise<GetWafRulesResult> {
  return source.get(args);
}

/**
 * {@link getWafRules} as a `pulumi.Output`.
 *
 * @example
 * export const disabledWafRules = getWafRulesOutput({ hostingId: 101, domain: "agency-demo.com" }).disabledRuleIds;
 */
export function getWafRulesOutput(args: GetWafRulesOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetWafRulesResult> {
  return source.output(args, opts);
}

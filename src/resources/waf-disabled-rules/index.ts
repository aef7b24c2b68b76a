/**
 * WafDisabledRules: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { WafDisabledRules } from "pulumi-hosting-reseller";
 * new WafDisabledRules("shop-waf", { hostingId: 101, domain: "client-shop.net", ruleIds: [942100] });
 */
export { WafDisabledRules } from "./resource";
export type { WafDisabledRulesArgs } from "./resource";
export { parseWafDisabledRulesId, wafDisabledRulesDefinition, wafDisabledRulesId } from "./provider";
export { disabledIdsOf, parseRuleRange, rulesProblem, sortedIds } from "./schema";
export type { IdRange, RuleCatalogue, WafDisabledRulesInputs, WafDisabledRulesOutputs } from "./schema";

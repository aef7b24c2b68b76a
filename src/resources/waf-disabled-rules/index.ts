/** WafDisabledRules: the resource class, its arguments and state, and its helpers. */
export { WafDisabledRules } from "./resource";
export type { WafDisabledRulesArgs } from "./resource";
export { parseWafDisabledRulesId, wafDisabledRulesId } from "./provider";
export { disabledIdsOf, parseRuleRange, rulesProblem, sortedIds } from "./schema";
export type { IdRange, RuleCatalogue, WafDisabledRulesInputs, WafDisabledRulesOutputs } from "./schema";

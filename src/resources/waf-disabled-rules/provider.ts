/**
 * WafDisabledRules lifecycle: the whole list of firewall rules disabled for a domain of a hosting
 * account. The list always exists (empty: every rule on), so this is a singleton setting owned by
 * the resource: create records the list it finds (`previous`), create and update replace the
 * list, and destroy puts the recorded list back (decision 0020).
 *
 * API calls (v4 and v3 paths a pattern guess, catalog §1 #70-71, INFERRED-L; v2 CONFIRMED,
 * catalog §4.2 S8/S5/S7-PR29; v3 and v2 answer the rules inside `data`):
 * - `waf.getRules` for read, before every write to check the ids against the rule ranges the
 *   API reports (nothing is written when an id is outside them) and, at create, to record the
 *   list found;
 * - `waf.updateRules` with `append: false`, which replaces the disabled list ("append to the
 *   disabled list, otherwise the list is replaced", v4 document), for create, update and delete
 *   (`previous`; an empty list for state without `previous`, written by an earlier version, as
 *   that version did). Never `append: true`: the resource owns the
 *   list, so the result must not depend on what was there.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingDomainId, hostingDomainIdentity, parseHostingDomainId } from "../../provider/lifecycle/ids";
import {
  carriedPrevious,
  foundAtCreate,
  idValue,
  keptPrevious,
  noPreviousNote,
  previousOnRead,
  splitCarried,
  withCarried,
  writeKeepingFound,
  type FoundSetting,
} from "../shared/previous";
import {
  disabledIdsOf,
  normalizeWafDisabledRules,
  parseRuleRange,
  rangesOf,
  rulesProblem,
  sortedIds,
  wafDisabledRulesInputs,
  type WafDisabledRulesInputs,
  type WafDisabledRulesOutputs,
} from "./schema";

type Inputs = WafDisabledRulesInputs;
type Outputs = WafDisabledRulesOutputs;

/** Cache and write scope: the firewall of one domain of one account. */
const scopeOf = (v: { hostingId: number; domain: string }) => `waf:${v.hostingId}:${v.domain}`;
const whereOf = (v: { hostingId: number; domain: string }) => `${v.domain} on hosting account ${v.hostingId}`;

/**
 * The resource's id: `<hostingId>/<domain>`, the shared form of per-domain objects (CustomSsl
 * and Redirection use it too).
 *
 * @example
 * wafDisabledRulesId({ hostingId: 101, domain: "agency-demo.com" }); // "101/agency-demo.com"
 */
export const wafDisabledRulesId: (v: { hostingId: number; domain: string }) => string = hostingDomainId;

/**
 * What an id names, or undefined when it is malformed: `<hostingId>/<domain>`, or, as an import
 * id, that followed by `/previous=` and the disabled list found before the stack first changed
 * it (rule ids, comma-separated; none for an empty list), which the read records as `previous`
 * instead of the live list. `reseller migrate-state` writes it: the live list is the program's
 * by then (decision 0027).
 *
 * @example
 * parseWafDisabledRulesId("101/Agency-Demo.com"); // { hostingId: 101, domain: "agency-demo.com" }
 * parseWafDisabledRulesId("101/agency-demo.com/previous=920350")?.previous; // [920350]
 */
export function parseWafDisabledRulesId(id: string): (Pick<Inputs, "hostingId" | "domain"> & FoundSetting<number[]>) | undefined {
  const { id: plain, carried: list } = splitCarried(id);
  if (list === undefined) return parseHostingDomainId(plain);
  const head = parseHostingDomainId(plain);
  if (!head || list === null) return undefined;
  const items = list === "" ? [] : list.split(",");
  if (!items.every((i) => /^[1-9][0-9]*$/.test(i))) return undefined;
  return { ...head, previous: sortedIds(items.map(Number)) };
}

/**
 * The import id of a state (`id.importId`, used by `reseller migrate-state`): the state id, and
 * the list found at create where the state records it.
 *
 * @example
 * wafDisabledRulesImportId({ hostingId: 101, domain: "agency-demo.com", ruleIds: [942100], previous: [920350] });
 * // "101/agency-demo.com/previous=920350"
 */
export function wafDisabledRulesImportId(o: Outputs): string {
  return withCarried(wafDisabledRulesId(o), o.previous?.map((n) => idValue(String(n))).join(","));
}

/** Whether two lists of rule ids disable the same rules (order and repeats aside). */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return sortedIds(a).join(",") === sortedIds(b).join(",");
}

/**
 * Replaces the disabled list of a domain with the program's `ruleIds` (at least one). The rules
 * are read first and every id is checked against the ranges they report; nothing is written when
 * one is outside them. Returns the list found before the write; `creating`, that list is the
 * one a create cut off after its write found, when the record on this machine says so
 * (`foundAtCreate`), and a write that fails keeps it in state (`writeKeepingFound`).
 */
async function replaceList(ctx: ProviderContext, address: HostingAddress, v: Inputs, creating: boolean): Promise<number[]> {
  const site = { ...address, domain: v.domain };
  return ctx.serial(scopeOf(v), async () => {
    const rules = await ctx.request("waf.getRules", site);
    const problem = rulesProblem(v.ruleIds, {
      all: parseRuleRange(rules.allRulesRange),
      groups: rangesOf((rules.rules ?? []).flatMap((r) => r.ids ?? [])),
    });
    if (problem) throw new Error(`ruleIds of ${whereOf(v)}: ${problem}; nothing was changed`);
    const before = disabledIdsOf(rules.disabledRules);
    const dropped = before.filter((id) => !v.ruleIds.includes(id));
    if (dropped.length > 0) {
      // The resource owns the whole list: rules disabled by other means are enabled again.
      ctx.log.info(`WafDisabledRules ${whereOf(v)}: enabling rules ${dropped.join(", ")} again, which the program does not list`);
    }
    const found = creating ? await foundAtCreate(ctx, "WafDisabledRules", wafDisabledRulesId(v), before, v.ruleIds, sameIds) : before;
    const kept = creating ? { ...v, ruleIds: before, previous: found } : undefined;
    await writeKeepingFound(wafDisabledRulesId(v), kept, () =>
      ctx.write("waf.updateRules", { ...site, wafDisabledRules: v.ruleIds, append: false }, [scopeOf(v)]),
    );
    return found;
  });
}

/**
 * Destroy: writes `previous` back (state without it: an empty list, as earlier versions did).
 * One call, as before: the write replaces the whole list, so it needs no read first, and the ids
 * are the API's own list, so they are not checked against the rule ranges again.
 */
async function putBack(ctx: ProviderContext, id: string, address: HostingAddress, props: Outputs): Promise<void> {
  const found = props.previous;
  if (found === undefined) noPreviousNote(ctx, "WafDisabledRules", id, "every rule of the domain is enabled again");
  else if (found.length > 0) ctx.log.info(`WafDisabledRules ${id}: rules ${found.join(", ")} disabled again, as found at create`);
  await ctx.serial(scopeOf(props), () =>
    ctx.write("waf.updateRules", { ...address, domain: props.domain, wafDisabledRules: found ?? [], append: false }, [scopeOf(props)]),
  );
}

/**
 * The WafDisabledRules declaration: identity is the hosting account and the domain; the ids
 * change in place; destroy puts back the list found at create.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("WafDisabledRules").id.format; // "<hostingId>/<domain>, e.g. 101/agency-demo.com"
 */
export const wafDisabledRulesDefinition = defineResource<typeof wafDisabledRulesInputs, Inputs, Outputs>({
  type: "WafDisabledRules",
  recordsFound: true,
  inputs: wafDisabledRulesInputs,
  normalize: normalizeWafDisabledRules,
  ...hostingDomainIdentity,
  id: {
    ...hostingDomainIdentity.id,
    format:
      "<hostingId>/<domain>, e.g. 101/agency-demo.com; for an import, optionally /previous=<ruleId>,<ruleId> after it, the list destroy puts back",
    parse: parseWafDisabledRulesId,
    importId: wafDisabledRulesImportId,
  },
  secretOutputs: [],
  onMissing: "remove",
  requires: () => [{ property: "ruleIds", operations: ["waf.getRules", "waf.updateRules"] }],

  async create(ctx, inputs) {
    // The list of a domain always exists: "create" records it and replaces it with the program's ids.
    const found = await replaceList(ctx, await ctx.hosting(inputs.hostingId), inputs, true);
    return { id: wafDisabledRulesId(inputs), outs: { ...inputs, previous: found } };
  },

  async read(ctx, { key, props }) {
    const v = { ...key, ...(props ?? {}) } as Partial<Outputs> & Pick<Inputs, "hostingId" | "domain">;
    const carried = carriedPrevious<number[]>(key);
    // Not found: the domain left the account, and its firewall settings went with it.
    const reply = await unlessNotFound(async () =>
      ctx.read("waf.getRules", { ...(await ctx.hosting(v.hostingId)), domain: v.domain }, [scopeOf(v)]),
    );
    if (reply === undefined) return undefined;
    const ruleIds = disabledIdsOf(reply.disabledRules);
    // No rule disabled is the default state, which no program declares (ruleIds needs one id): gone.
    if (ruleIds.length === 0) return undefined;
    // From the id alone the live list is the one found, unless the import id carries it (a
    // migrated stack, whose live list is its own); the id is the canonical one either way.
    return {
      id: wafDisabledRulesId(v),
      outs: { hostingId: v.hostingId, domain: v.domain, ruleIds, ...previousOnRead(props, ruleIds, carried) },
    };
  },

  async update(ctx, _id, olds, news) {
    await replaceList(ctx, await ctx.hosting(news.hostingId), news, false);
    // The list found at create stays what destroy puts back.
    return { ...news, ...keptPrevious(olds) };
  },

  async delete(ctx, id, props) {
    // Not found: the domain left the account, so there is no list left to put back.
    await unlessNotFound(async () => putBack(ctx, id, await ctx.hosting(props.hostingId), props));
  },
});

/**
 * The `WafDisabledRules` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { wafDisabledRulesDefinition } from "./provider";

/** The arguments of a {@link WafDisabledRules}. */
export interface WafDisabledRulesArgs {
  /** The hosting account the domain is attached to. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** The domain, Unicode or ASCII. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /**
   * The firewall rule ids to disable, at least one. Every other rule of the domain is enabled:
   * the resource owns the domain's whole list. Order and repetition do not matter.
   */
  ruleIds: pulumi.Input<pulumi.Input<number>[]>;
}

/**
 * The web application firewall rules disabled for a domain of a hosting account.
 *
 * The resource owns the domain's whole disabled list: creating it records the list it finds
 * (`previous`), creating or updating it replaces the list with `ruleIds`, and destroying it puts
 * the recorded list back. Ids are checked against the rule ranges the API reports before
 * anything is written.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { WafDisabledRules } from "pulumi-hosting-reseller";
 *
 * // The shop's search form trips two SQL injection rules.
 * new WafDisabledRules("shop-waf", {
 *     hostingId: 101,
 *     domain: "client-shop.net",
 *     ruleIds: [942100, 942110],
 * });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<domain>`, e.g. `101/client-shop.net`. Dynamic providers cannot be
 * imported with `pulumi import` (pulumi#16175); use `WafDisabledRules.get`, or declare the
 * resource, which records the domain's list and replaces it with the program's on the next `up`.
 */
export class WafDisabledRules extends ResellerResource<WafDisabledRulesArgs> {
  protected static override readonly spec = resourceClassSpec(wafDisabledRulesDefinition, { outputs: { previous: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The domain, ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** The disabled rule ids, ascending, each once. */
  declare public readonly ruleIds: pulumi.Output<number[]>;
  /**
   * The disabled list found when the resource was created (read from the id alone: the live
   * one), ascending: what destroy puts back. Absent in state written by releases before it
   * existed.
   */
  declare public readonly previous: pulumi.Output<number[] | undefined>;

  /**
   * Looks up the disabled rules of a domain by id (`101/client-shop.net`).
   *
   * @example
   * const current = WafDisabledRules.get("current", "101/client-shop.net");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): WafDisabledRules {
    return new WafDisabledRules(name, undefined, { ...opts, id });
  }
}

/**
 * `getAccountInfo`: the reseller account's credit and counts (`account.getInfo`, every version;
 * SEED in v4, CONFIRMED in v3 and v2, catalog §1 #2, §2 #2, §3 #2).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getAccountInfo}: only the account.
 */
export type GetAccountInfoArgs = AccountArgs;

/**
 * Arguments of {@link getAccountInfoOutput}: only the account.
 */
export type GetAccountInfoOutputArgs = OutputArgs<GetAccountInfoArgs>;

/**
 * The reseller account.
 *
 * @example
 * const { creditRemaining, creditCurrency } = await getAccountInfo();
 */
export interface GetAccountInfoResult {
  /** Credit left for registrations and renewals (`credit_remaining`). */
  creditRemaining?: number;
  /** Currency of the credit, e.g. `USD` (`credit_currency`). */
  creditCurrency?: string;
  /** Active orders (`num_active_orders`). */
  activeOrders?: number;
  /** Active domains (`num_active_domains`). */
  activeDomains?: number;
}

const source = defineDataSource<GetAccountInfoArgs, Record<string, never>, GetAccountInfoResult>({
  name: "getAccountInfo",
  args: z.strictObject({}),
  operations: () => ["account.getInfo"],
  run: async (call) => {
    const r = await call.request("account.getInfo", {});
    return {
      creditRemaining: r.credit_remaining,
      creditCurrency: r.credit_currency,
      activeOrders: r.num_active_orders,
      activeDomains: r.num_active_domains,
    };
  },
});

/**
 * Reads the reseller account: remaining credit, its currency, active orders and domains.
 *
 * @example
 * import { getAccountInfo } from "pulumi-hosting-reseller";
 * const { creditRemaining } = await getAccountInfo();
 * if ((creditRemaining ?? 0) < 50) console.warn("top up the reseller credit");
 */
export function getAccountInfo(args: GetAccountInfoArgs = {}): Promise<GetAccountInfoResult> {
  return source.get(args);
}

/**
 * {@link getAccountInfo} as a `pulumi.Output`.
 *
 * @example
 * export const credit = getAccountInfoOutput().creditRemaining;
 */
export function getAccountInfoOutput(
  args: GetAccountInfoOutputArgs = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetAccountInfoResult> {
  return source.output(args, opts);
}

/**
 * `getTldPricing`: register, transfer and renew prices per TLD (`account.getTldPricing`: v4
 * INFERRED-M, catalog §1 #3; v3 and v2 CONFIRMED, §2 #4, §3 #3). v4 and v3 convert to another
 * currency on request; v2 `tld-prices` takes no parameters and answers in the account currency.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, unsupportedArgument, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getTldPricing}.
 */
export interface GetTldPricingArgs extends AccountArgs {
  /** ISO 4217 code of the currency to price in (`currency_code`); default the account currency. Not on v2. */
  currency?: string;
}

/**
 * Arguments of {@link getTldPricingOutput}.
 */
export type GetTldPricingOutputArgs = OutputArgs<GetTldPricingArgs>;

/**
 * The prices of one TLD.
 *
 * @example
 * const com: TldPrice = (await getTldPricing()).tlds.com!;
 */
export interface TldPrice {
  /** Price of a one-year registration. */
  register?: number;
  /** Price of a transfer. */
  transfer?: number;
  /** Price of a one-year renewal. */
  renew?: number;
  /** Whether a transfer needs the EPP (authorisation) code. */
  transferRequiresEppCode?: boolean;
  /** Whether WHOIS privacy (ID protection) is offered. */
  idProtectionSupported?: boolean;
}

/**
 * The price list.
 *
 * @example
 * const { currency, tlds } = await getTldPricing();
 */
export interface GetTldPricingResult {
  /** Currency of every price (`currency_code`). */
  currency?: string;
  /** Prices keyed by TLD without its leading period (`com`, `co.uk`); the API keys them `.com`. */
  tlds: Record<string, TldPrice>;
}

const source = defineDataSource<GetTldPricingArgs, GetTldPricingArgs, GetTldPricingResult>({
  name: "getTldPricing",
  args: z.strictObject({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 currency code")
      .transform((c) => c.toUpperCase())
      .optional(),
  }),
  operations: () => ["account.getTldPricing"],
  unsupported: (args, version) =>
    unsupportedArgument(
      args.currency !== undefined,
      version,
      ["v4", "v3"],
      "currency",
      "its tld-prices operation answers in the account currency only",
    ),
  run: async (call, args) => {
    const r = await call.request("account.getTldPricing", args.currency === undefined ? {} : { currency_code: args.currency });
    const tlds: Record<string, TldPrice> = {};
    for (const [key, p] of Object.entries(r.tlds)) {
      tlds[key.replace(/^\./, "").toLowerCase()] = {
        register: p.register,
        transfer: p.transfer,
        renew: p.renew,
        transferRequiresEppCode: p.transfer_requires_epp_code,
        idProtectionSupported: p.id_protection_supported,
      };
    }
    return { currency: r.currency_code, tlds };
  },
});

/**
 * Reads the TLD price list, optionally converted to another currency (v4 and v3).
 *
 * @example
 * import { getTldPricing } from "pulumi-hosting-reseller";
 * const { currency, tlds } = await getTldPricing({ currency: "EUR" });
 * console.log(`.com renews at ${tlds.com?.renew} ${currency}`);
 */
export function getTldPricing(args: GetTldPricingArgs = {}): Promise<GetTldPricingResult> {
  return source.get(args);
}

/**
 * {@link getTldPricing} as a `pulumi.Output`.
 *
 * @example
 * export const comRenewal = getTldPricingOutput({ currency: "CAD" }).apply((p) => p.tlds.com?.renew);
 */
export function getTldPricingOutput(
  args: GetTldPricingOutputArgs = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetTldPricingResult> {
  return source.output(args, opts);
}

/**
 * DomainRegistration pricing: the account's TLD price list (`account.getTldPricing`, catalog
 * §1 #3), and the cost guard that refuses an order above `maxPrice` before it is sent.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import type { DomainName } from "../shared/registrar";
import type { DomainRegistrationInputs } from "./schema";

type Inputs = DomainRegistrationInputs;

const PRICING_SCOPE = "pricing";

/** An amount as messages show it: two decimals and the currency. */
export function money(amount: number, currency: string | undefined): string {
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ""}`;
}

/**
 * The account's price of the domain's TLD, and the list's currency; fails, ordering nothing, when
 * the TLD is not in the list. The list is read through the shared read cache.
 */
export async function tldPrice(ctx: ProviderContext, name: DomainName) {
  const pricing = await ctx.read("account.getTldPricing", {}, [PRICING_SCOPE]);
  // Pricing keys carry the leading period (catalog §1 #3); accept either spelling.
  const price = pricing.tlds[`.${name.tld}`] ?? pricing.tlds[name.tld];
  if (!price)
    throw new Error(
      `${name.domain}: the TLD .${name.tld} is not in the account's price list, so it cannot be ordered. Nothing was ordered.`,
    );
  return { price, currency: pricing.currency_code };
}

/**
 * Refuses an order whose price is above `maxPrice`, naming both figures. Called before every
 * register, transfer and renew request.
 */
export function costGuard(inputs: Inputs, what: string, total: number, currency: string | undefined): void {
  if (inputs.maxPrice === undefined) return;
  if (total > inputs.maxPrice + 1e-9) {
    throw new Error(
      `Refusing ${what}: it costs ${money(total, currency)}, more than maxPrice ${money(inputs.maxPrice, currency)}. Nothing was ordered; raise maxPrice to allow it.`,
    );
  }
}

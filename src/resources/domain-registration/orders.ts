/**
 * DomainRegistration orders: register, transfer in, and renew, each of which costs money.
 *
 * Money rules (each order is charged, so a repeat is a second charge): an order is never sent
 * twice. When its response is lost (`outcome-unknown`) the domain is read before anything else
 * and the outcome taken from what the account shows: for a register or transfer by the runtime's
 * settling of the create (the resource's identity read, polled), for a renewal here. Every order
 * passes the cost guard first (`pricing.ts`).
 */
import type { OperationParams } from "../../client/endpoints";
import type { ProviderContext } from "../../provider/runtime/context";
import { apiErrorCode, messageOf } from "../../provider/lifecycle/errors";
import {
  domainScope,
  getDomainInfo,
  keyOf,
  nameserverParams,
  PROVIDER_NAMESERVERS,
  type DomainInfo,
  type DomainName,
} from "../shared/registrar";
import { contactParams } from "./contacts";
import { costGuard, money, tldPrice } from "./pricing";
import type { DomainRegistrationInputs, DomainRegistrationOutputs } from "./schema";

type Inputs = DomainRegistrationInputs;
type Outputs = DomainRegistrationOutputs;

/** `date` plus whole years, as `YYYY-MM-DD`; 29 February becomes 28 February in common years. */
export function plusYears(date: string, years: number): string {
  const start = new Date(`${date}T00:00:00Z`);
  const target = new Date(Date.UTC(start.getUTCFullYear() + years, start.getUTCMonth(), start.getUTCDate()));
  // Month overflow (29 Feb to 1 Mar): step back to the last day of the intended month.
  if (target.getUTCMonth() !== start.getUTCMonth()) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** The fewest whole years of renewal that move `expiry` to `minimum` or later (at least 1). */
export function yearsToReach(expiry: string, minimum: string): number {
  let years = 1;
  while (plusYears(expiry, years) < minimum && years < 100) years += 1;
  return years;
}

function registerParams(i: Inputs): OperationParams<"domains.register"> {
  const provider = i.useProviderNameservers === true;
  const ns = i.nameservers ?? [...PROVIDER_NAMESERVERS];
  const params: OperationParams<"domains.register"> = {
    sld: i.sld,
    tld: i.tld,
    period: i.period,
    ...nameserverParams(ns),
    id_protection: i.idProtection ?? false,
    register_if_premium: i.registerIfPremium,
    // The real field carries the brand (catalog §1 #9, §6); with it, ns4 and ns5 are sent as
    // empty strings, as the official 2.0.0 spec asks.
    use_planethoster_nameservers: provider,
    ...(provider ? { ns4: "", ns5: "" } : {}),
    // check requires a registrant to register (modeOf "register").
    ...contactParams("registrant", i.registrant!),
  };
  if (i.additionalFields) params.addtl_field = i.additionalFields;
  if (i.adminContact) Object.assign(params, contactParams("admin", i.adminContact));
  if (i.billingContact) Object.assign(params, contactParams("billing", i.billingContact));
  if (i.techContact) Object.assign(params, contactParams("tech", i.techContact));
  return params;
}

/**
 * After a renew request whose response was lost: reads the domain and lets `settled` decide from
 * what the account shows. Never sends the order again. (A register or transfer is a create: the
 * runtime settles it by the identity read.)
 */
async function reconcileLostOrder(
  ctx: ProviderContext,
  name: DomainName,
  what: string,
  err: unknown,
  settled: (info: DomainInfo) => boolean,
): Promise<DomainInfo> {
  const info = await getDomainInfo(ctx, name);
  if (info && settled(info)) {
    ctx.log.warn(
      `${name.domain}: the response to ${what} was lost; the account shows it was applied, so it is taken as done and not sent again`,
    );
    return info;
  }
  throw new Error(
    `${name.domain}: ${what} may or may not have been applied (${messageOf(err)}), and the account does not show it yet. It was not sent again, so nothing was ordered twice; check the account, then run the update again.`,
  );
}

/**
 * Registers the domain after checking that it is available, its price (premium or not) and the
 * cost guard; a lost response is settled by reading the account.
 */
export async function register(ctx: ProviderContext, inputs: Inputs): Promise<Partial<Outputs>> {
  const avail = await ctx.request("domains.checkAvailability", keyOf(inputs));
  if (!avail.available) {
    if (await getDomainInfo(ctx, inputs)) {
      throw new Error(`${inputs.domain} is already in this reseller account; set adopt: true to manage it without placing an order`);
    }
    throw new Error(`${inputs.domain} is not available for registration${avail.message ? `: ${avail.message}` : ""}`);
  }
  const { price, currency } = await tldPrice(ctx, inputs);
  if (inputs.idProtection && price.id_protection_supported === false) {
    throw new Error(
      `${inputs.domain}: ID protection is not offered for .${inputs.tld} domains (TLD pricing); set idProtection: false. Nothing was ordered.`,
    );
  }
  let total: number;
  let priceCurrency = currency;
  if (avail.is_premium) {
    const first = avail.premium_register_price ?? 0;
    // Premium prices are quoted in USD (catalog §1 #8: the official module sets CurrencyCode USD).
    priceCurrency = "USD";
    if (!inputs.registerIfPremium) {
      throw new Error(
        `${inputs.domain} is a premium domain (${money(first, priceCurrency)} for the first year); set registerIfPremium: true to register it. Nothing was ordered.`,
      );
    }
    // The premium price covers the first year and the premium renewal price each further year.
    total = first + (avail.premium_renew_price ?? first) * (inputs.period - 1);
  } else {
    if (price.register === undefined)
      throw new Error(`${inputs.domain}: the price list has no registration price for .${inputs.tld}. Nothing was ordered.`);
    total = price.register * inputs.period;
  }
  costGuard(inputs, `to register ${inputs.domain} for ${inputs.period} year(s)`, total, priceCurrency);

  // A lost reply (`outcome-unknown`) leaves this create: the runtime settles it by the
  // resource's identity read (the domain in `domains.getInfo`), polled until the domain shows or
  // reseller:settleWaitMs passes, and never sends the order again (provider/runtime/settle.ts).
  const res = await ctx.write("domains.register", registerParams(inputs), [domainScope(inputs.domain)]);
  return { orderId: res.order_id, orderTotal: res.order_total ?? total, currency: priceCurrency };
}

/** Requests the transfer of the domain in with its EPP code, after the price and the cost guard. */
export async function transfer(ctx: ProviderContext, inputs: Inputs): Promise<Partial<Outputs>> {
  const existing = await getDomainInfo(ctx, inputs);
  // A denied transfer stays in the account as Cancelled and may be requested again with a new code.
  if (existing && existing.transfer_request_status !== "Denied") {
    throw new Error(
      `${inputs.domain} is already in this reseller account (${existing.registration_status}); set adopt: true to manage it without a transfer`,
    );
  }
  const { price, currency } = await tldPrice(ctx, inputs);
  if (price.transfer === undefined)
    throw new Error(`${inputs.domain}: the price list has no transfer price for .${inputs.tld}. Nothing was ordered.`);
  costGuard(inputs, `to transfer ${inputs.domain}`, price.transfer, currency);
  // A lost reply is settled by the runtime, as for a registration (the identity read does not
  // count a transfer denied before as the domain being there). A transfer is the mode of inputs
  // with an eppCode (modeOf).
  await ctx.write("domains.transfer", { ...keyOf(inputs), epp_code: inputs.eppCode! }, [domainScope(inputs.domain)]);
  return { orderTotal: price.transfer, currency };
}

/** Renews the domain for the fewest whole years that reach `minimumExpiry`, after the cost guard. */
export async function renewTo(ctx: ProviderContext, inputs: Inputs, live: Outputs): Promise<Partial<Outputs>> {
  const minimum = inputs.minimumExpiry!;
  if (!live.expiryDate) throw new Error(`${inputs.domain}: the registrar reports no expiry date, so it cannot be renewed to ${minimum}`);
  const years = yearsToReach(live.expiryDate, minimum);
  if (years > 10) {
    throw new Error(
      `${inputs.domain}: reaching ${minimum} from ${live.expiryDate} takes ${years} years of renewal; at most 10 can be ordered (v4 document, Limits)`,
    );
  }
  const avail = await ctx.request("domains.checkAvailability", keyOf(inputs));
  let total: number;
  let currency: string | undefined;
  if (avail.is_premium && avail.premium_renew_price) {
    total = avail.premium_renew_price * years;
    currency = "USD";
  } else {
    const p = await tldPrice(ctx, inputs);
    if (p.price.renew === undefined)
      throw new Error(`${inputs.domain}: the price list has no renewal price for .${inputs.tld}. Nothing was ordered.`);
    total = p.price.renew * years;
    currency = p.currency;
  }
  const what = `to renew ${inputs.domain} for ${years} year(s) (expiry ${live.expiryDate} to ${plusYears(live.expiryDate, years)}, minimumExpiry ${minimum})`;
  costGuard(inputs, what, total, currency);
  const target = plusYears(live.expiryDate, years);
  try {
    const res = await ctx.write("domains.renew", { ...keyOf(inputs), period: years }, [domainScope(inputs.domain)]);
    ctx.log.info(
      `${inputs.domain}: renewed for ${years} year(s) (order ${res.order_id ?? "?"}, ${money(res.order_total ?? total, currency)})`,
    );
    return { lastRenewalOrderId: res.order_id, lastRenewalTotal: res.order_total ?? total, lastRenewalYears: years };
  } catch (err) {
    if (apiErrorCode(err) !== "outcome-unknown") throw err;
    await reconcileLostOrder(ctx, inputs, "the renewal", err, (info) => (info.expiry_date ?? "") >= target);
    return { lastRenewalYears: years, lastRenewalTotal: total };
  }
}

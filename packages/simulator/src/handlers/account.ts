/**
 * Simulator handlers of the account area: test connection, account information and TLD pricing,
 * plus the credit helpers the registrar handlers charge through.
 *
 * One store serves every version, so each operation has one resolver, which serves all of its
 * versions: v4, v3 and v2 answer with the same fields (legacy document, 3.0.0 and 2.0.0 tables).
 */
import { splitKey, endpointsOf, accountOperations } from "pulumi-hosting-reseller/contract";
import type { SimState } from "../state";
import { SimError, type OpContext, type SimArea } from "../types";

/** Rounds an amount to cents, the way prices and credit are shown. */
export function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** An amount with its currency, as error messages show it. */
export function formatMoney(amount: number, currency: string): string {
  return `${money(amount).toFixed(2)} ${currency}`;
}

/**
 * Throws unless the account can pay `amount`.
 *
 * The API does not document the status of a refused order. The simulator answers 402 (Payment
 * Required) so callers can tell "top up your credit" from a malformed request; the client
 * classifies any other 4xx as `validation`, so code that only checks for a 4xx keeps working if
 * the real service answers 400. The message names both amounts.
 */
export function ensureCredit(state: SimState, amount: number): void {
  const { credit, currency } = state.account;
  if (money(amount) > money(credit)) {
    throw new SimError(
      402,
      `Insufficient credit: this order costs ${formatMoney(amount, currency)} but only ${formatMoney(credit, currency)} remain`,
    );
  }
}

/**
 * Takes `amount` from the account credit, or throws {@link ensureCredit}'s error and changes
 * nothing. Returns the amount charged, rounded to cents.
 */
export function chargeCredit(state: SimState, amount: number): number {
  ensureCredit(state, amount);
  const charged = money(amount);
  state.account.credit = money(state.account.credit - charged);
  return charged;
}

/** Gives `amount` back to the account credit (a denied transfer). */
export function refundCredit(state: SimState, amount: number): void {
  state.account.credit = money(state.account.credit + amount);
}

/** Registration statuses that still count as an order in progress or in force. */
const LIVE_STATUSES = new Set(["Active", "Pending Transfer"]);

function hello(): unknown {
  return { message: "Connection successful. Welcome to the reseller API.", successful_connection: true };
}

/**
 * `num_active_domains` counts domains whose registration is Active (the same set the account
 * domains listing returns). `num_active_orders` counts what the reseller is paying for: live
 * domain orders (Active or Pending Transfer) and active hosting accounts. The document does not
 * define either count further.
 */
function accountInfo(ctx: OpContext<"account.getInfo">): unknown {
  const { state } = ctx;
  const domains = Object.values(state.domains);
  const activeDomains = domains.filter((d) => d.registrationStatus === "Active").length;
  const liveDomainOrders = domains.filter((d) => LIVE_STATUSES.has(d.registrationStatus)).length;
  const activeHostings = Object.values(state.hostings).filter((h) => h.status === "active").length;
  return {
    message: "Account information retrieved",
    credit_remaining: money(state.account.credit),
    credit_currency: state.account.currency,
    num_active_orders: liveDomainOrders + activeHostings,
    num_active_domains: activeDomains,
  };
}

/**
 * Prices in the requested currency (account currency when none is asked for; v2 never asks).
 * `state.exchangeRates` converts from the account currency; keys carry the leading period
 * (catalog §1 #3).
 */
function tldPricing(ctx: OpContext<"account.getTldPricing">): unknown {
  const { state } = ctx;
  // v2 takes no currency (its parameters are `{}`); v4 and v3 may ask for one.
  const { currency_code: asked }: { currency_code?: string } = ctx.params;
  const currency = asked !== undefined ? asked.toUpperCase() : state.account.currency;
  const rate = state.exchangeRates[currency];
  if (rate === undefined) {
    const known = Object.keys(state.exchangeRates).join(", ");
    throw new SimError(400, `currency_code ${currency} is not supported; use one of ${known}`);
  }
  const tlds: Record<string, unknown> = {};
  for (const [tld, p] of Object.entries(state.tlds)) {
    tlds[`.${tld}`] = {
      register: money(p.register * rate),
      transfer: money(p.transfer * rate),
      renew: money(p.renew * rate),
      transfer_requires_epp_code: p.transferRequiresEppCode,
      id_protection_supported: p.idProtectionSupported,
    };
  }
  return { message: "TLD prices retrieved", currency_code: currency, tlds };
}

/** The account area: one resolver per operation, which every version answers alike. */
export const accountArea: SimArea = {
  name: "account",
  handlers: {
    "account.hello": hello,
    "account.getInfo": accountInfo,
    "account.getTldPricing": tldPricing,
  },
  samples: Object.fromEntries(
    Object.keys(endpointsOf(accountOperations)).map((key) => {
      const { version, id } = splitKey(key);
      // v2 `tld-prices` takes no parameters; v3 and v4 may ask for a currency.
      const params = id === "account.getTldPricing" && version !== "v2" ? { currency_code: "EUR" } : {};
      return [key, () => ({ ...params })];
    }),
  ),
};

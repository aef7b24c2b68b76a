/**
 * DomainRegistration lifecycle: register, transfer in or adopt a domain; keep its contacts,
 * nameservers and registrar lock as declared; renew it declaratively; never lose track of it.
 *
 * API calls (all by `sld` and `tld`; v3 domain paths CONFIRMED in the official registrar module,
 * v4 paths the v3 ones under `/v4`, INFERRED-M, catalog §1 #7-#13 and §4.1):
 * - create: `domains.checkAvailability`, `account.getTldPricing`, then `domains.register` or
 *   `domains.transfer` (adopt: no order at all);
 * - read: `domains.getInfo`, `domains.getNameservers`, `domains.getRegistrarLock`, `domains.getContacts`;
 * - update: `domains.updateContacts`, `domains.updateNameservers`, the lock operations, and
 *   `domains.renew` when the expiry is earlier than `minimumExpiry`;
 * - delete: no call. The domain stays registered; it is only released from state.
 *
 * Money rules (DESIGN §3, peers §6.9): a register, transfer or renew request is never sent twice.
 * When its response is lost (`outcome-unknown`) the domain is read before anything else and the
 * outcome taken from what the account shows; nothing is renewed by adopt, refresh or import.
 */
import type { z } from "zod";
import type { tldPricingResponse } from "../../client/endpoints/account";
import type {
  availabilityResponse,
  contactEntry,
  contactsResponse,
  registerResponse,
  renewResponse,
} from "../../client/endpoints/domains";
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { PartialCreateError, apiErrorCode, messageOf } from "../../provider/errors";
import { unicodeDomain } from "../../provider/names";
import {
  domainIdentity,
  domainScope,
  getDomainInfo,
  keyOf,
  PROVIDER_NAMESERVERS,
  readNameservers,
  readRegistrarLock,
  sameNameservers,
  setNameservers,
  setRegistrarLock,
  type DomainInfo,
  type DomainName,
} from "../shared/registrar";
import {
  domainRegistrationInputs,
  modeOf,
  normalizeDomainRegistration,
  type Contact,
  type DomainRegistrationInputs,
  type DomainRegistrationOutputs,
} from "./schema";

type Inputs = DomainRegistrationInputs;
type Outputs = DomainRegistrationOutputs;
type Availability = z.output<typeof availabilityResponse>;
type ContactEntry = z.output<typeof contactEntry>;
type TldPricing = z.output<typeof tldPricingResponse>;

/** Statuses in which the registrar refuses changes (the transfer has not completed, or was denied). */
const NOT_MANAGEABLE = new Set(["Pending Transfer", "Cancelled"]);
/** Statuses of a registration that lapsed; the domain stays in state (DESIGN §4). */
const LAPSED = new Set(["Expired", "Cancelled"]);
/** Client error codes after which a secondary read keeps the previous value instead of failing the refresh. */
const SOFT_FAILURES = new Set(["not-found", "validation", "conflict"]);

const PRICING_SCOPE = "pricing";

// ---- small helpers ----

function money(amount: number, currency: string | undefined): string {
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ""}`;
}

/**
 * `date` plus whole years, as `YYYY-MM-DD`; 29 February becomes 28 February in common years.
 *
 * @example
 * plusYears("2026-03-01", 2); // "2028-03-01"
 */
export function plusYears(date: string, years: number): string {
  const start = new Date(`${date}T00:00:00Z`);
  const target = new Date(Date.UTC(start.getUTCFullYear() + years, start.getUTCMonth(), start.getUTCDate()));
  // Month overflow (29 Feb to 1 Mar): step back to the last day of the intended month.
  if (target.getUTCMonth() !== start.getUTCMonth()) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/**
 * The fewest whole years of renewal that move `expiry` to `minimum` or later (at least 1).
 *
 * @example
 * yearsToReach("2026-12-15", "2028-01-01"); // 2
 */
export function yearsToReach(expiry: string, minimum: string): number {
  let years = 1;
  while (plusYears(expiry, years) < minimum && years < 100) years += 1;
  return years;
}

async function softly<T>(task: () => Promise<T>): Promise<T | undefined> {
  try {
    return await task();
  } catch (err) {
    const code = apiErrorCode(err);
    if (code && SOFT_FAILURES.has(code)) return undefined;
    throw err;
  }
}

// ---- contacts ----

const ROLES = [
  ["registrant", "registrant"],
  ["admin", "adminContact"],
  ["billing", "billingContact"],
  ["tech", "techContact"],
] as const;
type ContactProperty = (typeof ROLES)[number][1];

const fullName = (c: Contact) => `${c.firstName} ${c.lastName}`.trim().replace(/\s+/g, " ");

/** The API's contact group fields (`registrant_first_name`, ...) for one role. */
function contactParams(role: string, c: Contact): Record<string, string> {
  const out: Record<string, string> = {
    [`${role}_first_name`]: c.firstName,
    [`${role}_last_name`]: c.lastName,
    [`${role}_email`]: c.email,
    [`${role}_address1`]: c.address1,
    [`${role}_city`]: c.city,
    [`${role}_postal_code`]: c.postalCode,
    [`${role}_state`]: c.state,
    [`${role}_country_code`]: c.countryCode,
    [`${role}_phone`]: c.phone,
  };
  if (c.companyName) out[`${role}_company_name`] = c.companyName;
  if (c.address2) out[`${role}_address2`] = c.address2;
  return out;
}

/**
 * A contact as read. The API returns the name as one string, "First Last" (v4 document, WHOIS
 * contact entry; S1 `GetContactDetails.php`); when it matches the contact in state, that split is
 * kept, otherwise the name splits at its first space. {@link sameContact} compares full names,
 * so either split of a name compares equal.
 */
function contactFromApi(entry: ContactEntry, previous: Contact | undefined): Contact {
  const name = (entry.name ?? "").trim().replace(/\s+/g, " ");
  let firstName: string;
  let lastName: string;
  if (previous && fullName(previous) === name) ({ firstName, lastName } = previous);
  else {
    const space = name.indexOf(" ");
    firstName = space < 0 ? name : name.slice(0, space);
    lastName = space < 0 ? "" : name.slice(space + 1);
  }
  const text = (v: string | null | undefined) => (v == null || v.trim() === "" ? undefined : v.trim());
  return {
    firstName,
    lastName,
    email: text(entry.email) ?? "",
    companyName: text(entry.company_name),
    address1: text(entry.addr?.address1) ?? "",
    address2: text(entry.addr?.address2),
    city: text(entry.addr?.city) ?? "",
    postalCode: text(entry.addr?.postal_code) ?? "",
    state: text(entry.addr?.state) ?? "",
    countryCode: (text(entry.addr?.country) ?? "").toUpperCase(),
    phone: (text(entry.phone_number) ?? "").replace(/[\s()-]/g, ""),
  };
}

/**
 * Whether two contacts hold the same WHOIS data: names compare as one string, e-mail
 * addresses and country codes without regard to case.
 *
 * @example
 * sameContact({ ...c, firstName: "Mary Ann", lastName: "Smith" }, { ...c, firstName: "Mary", lastName: "Ann Smith" }); // true
 */
export function sameContact(a: Contact | undefined, b: Contact | undefined): boolean {
  if (!a || !b) return a === b;
  const key = (c: Contact) =>
    JSON.stringify([
      fullName(c),
      c.email.toLowerCase(),
      c.companyName ?? "",
      c.address1,
      c.address2 ?? "",
      c.city,
      c.postalCode,
      c.state,
      c.countryCode.toUpperCase(),
      c.phone,
    ]);
  return key(a) === key(b);
}

// ---- reading ----

/** Inputs the API does not report; state keeps what the program last said. */
function echoed(v: Partial<Inputs>): Partial<Outputs> {
  return {
    period: v.period,
    registerIfPremium: v.registerIfPremium,
    additionalFields: v.additionalFields,
    maxPrice: v.maxPrice,
    minimumExpiry: v.minimumExpiry,
    adopt: v.adopt,
  };
}

/**
 * The live registration, or undefined when the account does not hold the domain. Secondary reads
 * (nameservers, lock, contacts) that the registrar refuses, as it may for a pending transfer or a
 * lapsed domain, keep the previous values instead of failing the refresh.
 */
async function readLive(ctx: ProviderContext, name: DomainName, base: Partial<Outputs>): Promise<Outputs | undefined> {
  const info = await getDomainInfo(ctx, name);
  if (!info) return undefined;
  const [ns, lock, contacts] = await Promise.all([
    softly(() => readNameservers(ctx, name)),
    ctx.has("domains.getRegistrarLock") ? softly(() => readRegistrarLock(ctx, name)) : Promise.resolve(undefined),
    softly(() => ctx.request<z.output<typeof contactsResponse>>("domains.getContacts", keyOf(name))),
  ]);
  const nameservers = ns ?? base.nameservers ?? [];
  const contactOf = (role: string, property: ContactProperty): Contact | undefined => {
    const entry = contacts?.contacts.find((c) => c.contact_type.toLowerCase() === role);
    return entry ? contactFromApi(entry, base[property]) : base[property];
  };
  const nullable = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);
  return {
    period: base.period ?? 1,
    registerIfPremium: base.registerIfPremium ?? false,
    additionalFields: base.additionalFields,
    maxPrice: base.maxPrice,
    minimumExpiry: base.minimumExpiry,
    adopt: base.adopt ?? false,
    domain: name.domain,
    sld: name.sld,
    tld: name.tld,
    unicodeDomain: unicodeDomain(name.domain),
    nameservers,
    useProviderNameservers: sameNameservers(nameservers, PROVIDER_NAMESERVERS),
    registrarLock: lock ?? base.registrarLock ?? false,
    idProtection: info.id_protection ?? base.idProtection ?? false,
    registrant: contactOf("registrant", "registrant"),
    adminContact: contactOf("admin", "adminContact"),
    billingContact: contactOf("billing", "billingContact"),
    techContact: contactOf("tech", "techContact"),
    orderId: info.order_id ?? base.orderId,
    orderTotal: base.orderTotal,
    currency: base.currency,
    registrationDate: nullable(info.registration_date),
    expiryDate: nullable(info.expiry_date),
    registrationStatus: info.registration_status,
    registrationStatusInfo: nullable(info.registration_status_info),
    purchaseStatus: nullable(info.purchase_status),
    domainStatuses: nullable(info.domain_statuses),
    isTransfer: info.is_transfer,
    transferStatus: nullable(info.transfer_request_status),
    transferDeniedReason: nullable(info.transfer_request_denied_reason),
    transferConfirmedAt: nullable(info.transfer_request_confirmed_at),
    lastRenewalOrderId: base.lastRenewalOrderId,
    lastRenewalTotal: base.lastRenewalTotal,
    lastRenewalYears: base.lastRenewalYears,
  };
}

// ---- pricing and the cost guard ----

async function tldPrice(ctx: ProviderContext, name: DomainName) {
  const pricing = await ctx.read<TldPricing>("account.getTldPricing", {}, [PRICING_SCOPE]);
  // Pricing keys carry the leading period (catalog §1 #3); accept either spelling.
  const price = pricing.tlds[`.${name.tld}`] ?? pricing.tlds[name.tld];
  if (!price) throw new Error(`${name.domain}: the TLD .${name.tld} is not in the account's price list, so it cannot be ordered. Nothing was ordered.`);
  return { price, currency: pricing.currency_code };
}

/**
 * Refuses an order whose price is above `maxPrice`, naming both figures. Called before every
 * register, transfer and renew request.
 */
function costGuard(inputs: Inputs, what: string, total: number, currency: string | undefined): void {
  if (inputs.maxPrice === undefined) return;
  if (total > inputs.maxPrice + 1e-9) {
    throw new Error(
      `Refusing ${what}: it costs ${money(total, currency)}, more than maxPrice ${money(inputs.maxPrice, currency)}. Nothing was ordered; raise maxPrice to allow it.`,
    );
  }
}

// ---- orders ----

function registerParams(i: Inputs): Record<string, unknown> {
  const provider = i.useProviderNameservers === true;
  const ns = i.nameservers ?? [...PROVIDER_NAMESERVERS];
  const params: Record<string, unknown> = {
    sld: i.sld,
    tld: i.tld,
    period: i.period,
    ns1: ns[0],
    ns2: ns[1],
    id_protection: i.idProtection ?? false,
    register_if_premium: i.registerIfPremium,
    // The real field carries the brand (catalog §1 #9, §6); with it, ns4 and ns5 are sent as
    // empty strings, as the official 2.0.0 spec asks.
    use_planethoster_nameservers: provider,
  };
  ns.slice(2).forEach((host, k) => (params[`ns${k + 3}`] = host));
  if (provider) Object.assign(params, { ns4: "", ns5: "" });
  if (i.additionalFields) params.addtl_field = i.additionalFields;
  if (i.registrant) Object.assign(params, contactParams("registrant", i.registrant));
  if (i.adminContact) Object.assign(params, contactParams("admin", i.adminContact));
  if (i.billingContact) Object.assign(params, contactParams("billing", i.billingContact));
  if (i.techContact) Object.assign(params, contactParams("tech", i.techContact));
  return params;
}

/**
 * After a register, transfer or renew request whose response was lost: reads the domain and
 * lets `settled` decide from what the account shows. Never sends the order again.
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
    ctx.log.warn(`${name.domain}: the response to ${what} was lost; the account shows it was applied, so it is taken as done and not sent again`);
    return info;
  }
  throw new Error(
    `${name.domain}: ${what} may or may not have been applied (${messageOf(err)}), and the account does not show it yet. It was not sent again, so nothing was ordered twice; check the account, then run the update again.`,
  );
}

async function register(ctx: ProviderContext, inputs: Inputs): Promise<Partial<Outputs>> {
  const avail = await ctx.request<Availability>("domains.checkAvailability", keyOf(inputs));
  if (!avail.available) {
    if (await getDomainInfo(ctx, inputs)) {
      throw new Error(`${inputs.domain} is already in this reseller account; set adopt: true to manage it without placing an order`);
    }
    throw new Error(`${inputs.domain} is not available for registration${avail.message ? `: ${avail.message}` : ""}`);
  }
  const { price, currency } = await tldPrice(ctx, inputs);
  if (inputs.idProtection && price.id_protection_supported === false) {
    throw new Error(`${inputs.domain}: ID protection is not offered for .${inputs.tld} domains (TLD pricing); set idProtection: false. Nothing was ordered.`);
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
    if (price.register === undefined) throw new Error(`${inputs.domain}: the price list has no registration price for .${inputs.tld}. Nothing was ordered.`);
    total = price.register * inputs.period;
  }
  costGuard(inputs, `to register ${inputs.domain} for ${inputs.period} year(s)`, total, priceCurrency);

  try {
    const res = await ctx.write<z.output<typeof registerResponse>>("domains.register", registerParams(inputs), [domainScope(inputs.domain)]);
    return { orderId: res.order_id, orderTotal: res.order_total ?? total, currency: priceCurrency };
  } catch (err) {
    if (apiErrorCode(err) !== "outcome-unknown") throw err;
    const info = await reconcileLostOrder(ctx, inputs, "the registration", err, () => true);
    return { orderId: info.order_id, currency: priceCurrency };
  }
}

async function transfer(ctx: ProviderContext, inputs: Inputs): Promise<Partial<Outputs>> {
  const existing = await getDomainInfo(ctx, inputs);
  // A denied transfer stays in the account as Cancelled and may be requested again with a new code.
  if (existing && existing.transfer_request_status !== "Denied") {
    throw new Error(`${inputs.domain} is already in this reseller account (${existing.registration_status}); set adopt: true to manage it without a transfer`);
  }
  const { price, currency } = await tldPrice(ctx, inputs);
  if (price.transfer === undefined) throw new Error(`${inputs.domain}: the price list has no transfer price for .${inputs.tld}. Nothing was ordered.`);
  costGuard(inputs, `to transfer ${inputs.domain}`, price.transfer, currency);
  try {
    await ctx.write("domains.transfer", { ...keyOf(inputs), epp_code: inputs.eppCode }, [domainScope(inputs.domain)]);
  } catch (err) {
    if (apiErrorCode(err) !== "outcome-unknown") throw err;
    await reconcileLostOrder(ctx, inputs, "the transfer request", err, (info) => info.transfer_request_status !== "Denied");
  }
  return { orderTotal: price.transfer, currency };
}

async function renewTo(ctx: ProviderContext, inputs: Inputs, live: Outputs): Promise<Partial<Outputs>> {
  const minimum = inputs.minimumExpiry!;
  if (!live.expiryDate) throw new Error(`${inputs.domain}: the registrar reports no expiry date, so it cannot be renewed to ${minimum}`);
  const years = yearsToReach(live.expiryDate, minimum);
  if (years > 10) {
    throw new Error(`${inputs.domain}: reaching ${minimum} from ${live.expiryDate} takes ${years} years of renewal; at most 10 can be ordered (v4 document, Limits)`);
  }
  const avail = await ctx.request<Availability>("domains.checkAvailability", keyOf(inputs));
  let total: number;
  let currency: string | undefined;
  if (avail.is_premium && avail.premium_renew_price) {
    total = avail.premium_renew_price * years;
    currency = "USD";
  } else {
    const p = await tldPrice(ctx, inputs);
    if (p.price.renew === undefined) throw new Error(`${inputs.domain}: the price list has no renewal price for .${inputs.tld}. Nothing was ordered.`);
    total = p.price.renew * years;
    currency = p.currency;
  }
  const what = `to renew ${inputs.domain} for ${years} year(s) (expiry ${live.expiryDate} to ${plusYears(live.expiryDate, years)}, minimumExpiry ${minimum})`;
  costGuard(inputs, what, total, currency);
  const target = plusYears(live.expiryDate, years);
  try {
    const res = await ctx.write<z.output<typeof renewResponse>>("domains.renew", { ...keyOf(inputs), period: years }, [domainScope(inputs.domain)]);
    ctx.log.info(`${inputs.domain}: renewed for ${years} year(s) (order ${res.order_id ?? "?"}, ${money(res.order_total ?? total, currency)})`);
    return { lastRenewalOrderId: res.order_id, lastRenewalTotal: res.order_total ?? total, lastRenewalYears: years };
  } catch (err) {
    if (apiErrorCode(err) !== "outcome-unknown") throw err;
    await reconcileLostOrder(ctx, inputs, "the renewal", err, (info) => (info.expiry_date ?? "") >= target);
    return { lastRenewalYears: years, lastRenewalTotal: total };
  }
}

// ---- in-place changes ----

/**
 * Makes contacts, nameservers and the registrar lock match the inputs, one call per kind of
 * change. While a transfer is pending or was denied the registrar refuses changes; they are then
 * skipped with a warning, and since state keeps the live values the next update tries again.
 * Returns what was changed.
 */
async function converge(ctx: ProviderContext, news: Inputs, live: Outputs): Promise<string[]> {
  const name: DomainName = news;
  const scopes = [domainScope(name.domain)];
  const contactChanges = ROLES.filter(([, p]) => news[p] !== undefined && !sameContact(news[p], live[p]));
  const nsChange = news.nameservers !== undefined && !sameNameservers(news.nameservers, live.nameservers);
  const lockChange = news.registrarLock !== undefined && news.registrarLock !== live.registrarLock;
  if (news.idProtection !== undefined && news.idProtection !== live.idProtection) {
    ctx.log.warn(
      `${name.domain}: idProtection is ${String(news.idProtection)} in the program but ${String(live.idProtection)} at the registrar; the API has no operation to change ID protection after registration, so it is left as it is`,
    );
  }
  const wanted = [
    ...(contactChanges.length > 0 ? [`contacts (${contactChanges.map(([, p]) => p).join(", ")})`] : []),
    ...(nsChange ? ["nameservers"] : []),
    ...(lockChange ? ["registrar lock"] : []),
  ];
  if (wanted.length === 0) return [];
  if (NOT_MANAGEABLE.has(live.registrationStatus) || live.transferStatus === "Pending") {
    ctx.log.warn(`${name.domain}: ${wanted.join(", ")} not changed while the domain is "${live.registrationStatus}"; the next update applies them once the transfer has completed`);
    return [];
  }
  if (contactChanges.length > 0) {
    const registrant = news.registrant ?? live.registrant;
    if (!registrant) throw new Error(`${name.domain}: the registrar reported no registrant, and the API needs one to change contacts; set registrant`);
    const params: Record<string, unknown> = { ...keyOf(name), ...contactParams("registrant", registrant) };
    for (const [role, property] of ROLES) {
      const c = news[property];
      if (role !== "registrant" && c) Object.assign(params, contactParams(role, c));
    }
    await ctx.write("domains.updateContacts", params, scopes);
  }
  if (nsChange) await setNameservers(ctx, name, news.nameservers!);
  if (lockChange) await setRegistrarLock(ctx, name, news.registrarLock!);
  return wanted;
}

// ---- the definition ----

/**
 * The DomainRegistration declaration: identity is the domain; delete releases it from state only.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DomainRegistration").id.format; // "<domain>"
 */
export const domainRegistrationDefinition = defineResource<typeof domainRegistrationInputs, Inputs, Outputs>({
  type: "DomainRegistration",
  inputs: domainRegistrationInputs,
  normalize: normalizeDomainRegistration,
  ...domainIdentity,
  // Nothing secret is stored: the EPP code is used once and never kept in outputs (the program
  // passes it as a secret input, see resource.ts).
  secretOutputs: [],
  onMissing: "keep",
  keepMissing: (props: Outputs) => ({
    outs: { ...props, registrationStatus: "Not in account" },
    warning: `${props.domain} is no longer in this reseller account (transferred away or removed). It stays in state so that nothing registers it again by accident; remove it with \`pulumi state delete\` if that is intended.`,
  }),
  diff: {
    // Create-time settings and guards; update reads them from the new inputs anyway. `sld`/`tld`
    // follow `domain`, and `useProviderNameservers` follows `nameservers`. ID protection has no
    // change operation (v4 document lists none), so it is reported, never diffed.
    ignore: ["sld", "tld", "period", "registerIfPremium", "additionalFields", "maxPrice", "adopt", "eppCode", "useProviderNameservers", "idProtection"],
    equal: {
      nameservers: (n, o) => sameNameservers(n.nameservers, o.nameservers),
      registrant: (n, o) => sameContact(n.registrant, o.registrant),
      adminContact: (n, o) => sameContact(n.adminContact, o.adminContact),
      billingContact: (n, o) => sameContact(n.billingContact, o.billingContact),
      techContact: (n, o) => sameContact(n.techContact, o.techContact),
      // Declarative renewal: satisfied while the live expiry reaches the minimum.
      minimumExpiry: (n, o) => o.expiryDate !== undefined && o.expiryDate >= n.minimumExpiry!,
    },
  },
  requires: (inputs) => {
    const mode = modeOf(inputs);
    return [
      { property: "domain", operations: ["domains.getInfo", "domains.getNameservers", "domains.getContacts"] },
      ...(mode === "register" ? [{ property: "domain", operations: ["domains.checkAvailability", "domains.register", "account.getTldPricing"] }] : []),
      ...(mode === "transfer" ? [{ property: "eppCode", operations: ["domains.transfer", "account.getTldPricing"] }] : []),
      ...(inputs.minimumExpiry !== undefined ? [{ property: "minimumExpiry", operations: ["domains.renew", "domains.checkAvailability", "account.getTldPricing"] }] : []),
      ...(inputs.nameservers !== undefined ? [{ property: "nameservers", operations: ["domains.updateNameservers"] }] : []),
      ...(inputs.registrant !== undefined ? [{ property: "registrant", operations: ["domains.updateContacts"] }] : []),
      ...(inputs.registrarLock !== undefined
        ? [
            { property: "registrarLock", operations: ["domains.getRegistrarLock"] },
            { property: "registrarLock", operations: ["domains.enableRegistrarLock", "domains.saveRegistrarLock"], anyOf: true },
          ]
        : []),
    ];
  },

  async create(ctx, inputs) {
    const mode = modeOf(inputs);
    let order: Partial<Outputs> = {};
    let live: Outputs | undefined;
    if (mode === "adopt") {
      // The read that proves the domain is in the account is the live state create returns.
      live = await readLive(ctx, inputs, echoed(inputs));
      if (!live) {
        throw new Error(`${inputs.domain} is not in this reseller account, so it cannot be adopted; leave adopt unset to register it. Nothing was ordered.`);
      }
    } else if (mode === "transfer") {
      order = await transfer(ctx, inputs);
    } else {
      order = await register(ctx, inputs);
    }
    const base = { ...echoed(inputs), ...order };
    // From here on the domain is in the account: any failure must keep it in state (error with id).
    try {
      live ??= await readLive(ctx, inputs, base);
      if (!live) throw new Error("the domain does not show in the account yet");
      const changed = await converge(ctx, inputs, live);
      if (changed.length > 0) live = (await readLive(ctx, inputs, base)) ?? live;
    } catch (err) {
      const outs = live ?? ({ ...inputs, ...base, unicodeDomain: unicodeDomain(inputs.domain), registrationStatus: "Unknown" } as Outputs);
      throw new PartialCreateError(inputs.domain, { ...outs, eppCode: undefined }, `${inputs.domain} is in the account, but setting it up failed: ${messageOf(err)}`);
    }
    return { id: inputs.domain, outs: live };
  },

  async read(ctx, { key, props }) {
    const name = (props ?? key) as DomainName;
    const live = await readLive(ctx, name, props ?? {});
    if (!live) return undefined;
    if (props && LAPSED.has(live.registrationStatus) && props.registrationStatus !== live.registrationStatus) {
      ctx.log.warn(`${name.domain} is ${live.registrationStatus} at the registrar (expiry ${live.expiryDate ?? "unknown"}); it stays in state. Raise minimumExpiry to renew it.`);
    }
    return { outs: live };
  },

  async update(ctx, _id, olds, news) {
    const base = { ...olds, ...echoed(news) };
    let live = await readLive(ctx, news, base);
    if (!live) throw new Error(`${news.domain} is no longer in this reseller account, so it cannot be updated`);
    const changed = await converge(ctx, news, live);
    let renewal: Partial<Outputs> = {};
    if (news.minimumExpiry !== undefined && (live.expiryDate === undefined || live.expiryDate < news.minimumExpiry)) {
      if (changed.length > 0) live = (await readLive(ctx, news, base)) ?? live;
      renewal = await renewTo(ctx, news, live);
    }
    if (changed.length === 0 && Object.keys(renewal).length === 0) return live;
    return (await readLive(ctx, news, { ...base, ...renewal })) ?? live;
  },

  async delete(ctx, id, props) {
    // A registration cannot be undone through the API, and deleting it from the registry would
    // be irreversible anyway: destroy releases it from state only (docs/decisions/0003).
    ctx.log.warn(
      `DomainRegistration ${id}: removed from Pulumi state only. The domain stays registered in the reseller account${props.expiryDate ? ` until ${props.expiryDate}` : ""} and is not renewed by this stack any more.`,
    );
  },
});

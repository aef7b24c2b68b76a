/**
 * Simulator handlers of the registrar: account domains, availability, registration, transfer,
 * renewal, WHOIS contacts, registrar lock, nameservers and the EPP code.
 *
 * Domain replies have the same shape in v4, v3 and v2 (legacy document, 3.0.0 difference 1 and
 * the 2.0.0 table), so each operation has one resolver, which serves every version of it. Only the lock differs by version: v3/v4 toggle it with PUT/DELETE, v2 saves a
 * `lock_action`; both go through {@link setRegistrarLock}.
 *
 * Domains are stored by their ASCII (punycode) name; Unicode input is converted with
 * `domainToASCII`, as the real registry does.
 */
import { domainToASCII } from "node:url";
import type { z } from "zod";
import {
  endpointsOf,
  splitKey,
  type ApiVersion,
  CONTACT_FIELDS,
  CONTACT_ROLES,
  domainsOperations,
  type ContactRoleName,
  type updateContactsRequest,
} from "pulumi-hosting-reseller/contract";
import { defaultZone, newDomain, PROVIDER_NAMESERVERS } from "../seed";
import type { Contact, DomainState, SimState, TldPrice } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext, type SimHandlers } from "../types";
import { chargeCredit, ensureCredit, formatMoney, money, refundCredit } from "./account";
import { bindByOperation } from "./shared";

type ContactParams = z.output<typeof updateContactsRequest>;

// ---- names and dates ----

/** A domain name split and converted to ASCII. */
export interface DomainName {
  /** Full ASCII name, the store key: `xn--caf-dma.com`. */
  ascii: string;
  sld: string;
  tld: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Converts `sld` and `tld` to the stored ASCII form, or throws a 400 naming the bad part.
 * Unicode labels become punycode (`café` -> `xn--caf-dma`); a leading period on the TLD is
 * tolerated because clients copy it from the pricing keys.
 */
export function parseDomain(sld: string, tld: string): DomainName {
  const tldInput = tld.trim().replace(/^\./, "");
  const tldAscii = domainToASCII(tldInput);
  if (!tldAscii || !tldAscii.split(".").every((l) => LABEL.test(l))) {
    throw new SimError(400, `tld "${tld}" is not a valid top-level domain`);
  }
  const ascii = domainToASCII(`${sld.trim()}.${tldInput}`);
  const sldAscii = ascii.slice(0, Math.max(0, ascii.length - tldAscii.length - 1));
  if (!ascii || !LABEL.test(sldAscii)) {
    throw new SimError(400, `sld "${sld}" is not a valid domain label (letters, digits and hyphens, 1 to 63 characters)`);
  }
  return { ascii, sld: sldAscii, tld: tldAscii };
}

/** The price list entry of a TLD the reseller may sell, or a 400 naming the TLD. */
export function offeredTld(state: SimState, tld: string): TldPrice {
  const price = state.tlds[tld];
  if (!price) throw new SimError(400, `The TLD .${tld} is not offered; see the TLD pricing for the TLDs you can sell`);
  return price;
}

/** The account's domain addressed by `sld` and `tld`, or a 404 naming it. */
export function findDomain(state: SimState, sld: string, tld: string): DomainState {
  const name = parseDomain(sld, tld);
  const domain = state.domains[name.ascii];
  if (!domain) throw new SimError(404, `Domain ${name.ascii} does not exist in this reseller account`);
  return domain;
}

/** Adds whole years to a `YYYY-MM-DD` date; 29 February lands on 28 February in common years. */
export function addYears(date: string, years: number): string {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const year = y + years;
  // Day 0 of the next month is the last day of month `m` (Date.UTC months count from 0).
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

/** Writes need a domain the account holds: not a pending or denied transfer. */
function requireManageable(domain: DomainState): void {
  if (domain.registrationStatus === "Pending Transfer" || domain.registrationStatus === "Cancelled") {
    throw new SimError(400, `Domain ${domain.domain} cannot be changed while its status is ${domain.registrationStatus}`);
  }
}

// ---- validation of nameservers and contacts ----

const NS_KEYS = ["ns1", "ns2", "ns3", "ns4", "ns5"] as const;

/**
 * The nameservers given as ns1..ns5, lower-cased, without a trailing period, in ASCII. ns1 and
 * ns2 are required (v4 document, Limits); each must be a host name with at least two labels.
 */
function nameserversFrom(params: Partial<Record<(typeof NS_KEYS)[number], string>>): string[] {
  const out: string[] = [];
  for (const key of NS_KEYS) {
    const raw = params[key]?.trim().replace(/\.$/, "") ?? "";
    if (raw === "") {
      if (key === "ns1" || key === "ns2") throw new SimError(400, `${key} is required: a domain needs at least two nameservers`);
      continue;
    }
    const host = domainToASCII(raw);
    const labels = host.split(".");
    if (!host || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1) ?? "")) {
      throw new SimError(400, `${key} "${raw}" is not a valid nameserver host name`);
    }
    if (out.includes(host)) throw new SimError(400, `${key} "${raw}" repeats another nameserver`);
    out.push(host);
  }
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Registries want the international form `+<country code>.<number>`; the dot is optional here.
const PHONE = /^\+\d{1,3}\.?\d{4,14}$/;

/** The non-empty fields of one contact group, checked for e-mail and phone syntax. */
function contactGroupFrom(params: Record<string, unknown>, role: ContactRoleName): Partial<Contact> {
  const out: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = params[`${role}_${field}`];
    if (typeof value !== "string" || value.trim() === "") continue;
    out[field] = field === "country_code" ? value.trim().toUpperCase() : value.trim();
  }
  if (out.email !== undefined && !EMAIL.test(out.email))
    throw new SimError(400, `${role}_email "${out.email}" is not a valid e-mail address`);
  if (out.phone !== undefined && !PHONE.test(out.phone)) {
    throw new SimError(400, `${role}_phone "${out.phone}" must be in international form, e.g. +1.5145550100`);
  }
  return out as Partial<Contact>;
}

/**
 * The contacts after a registration or an update. The registrant group is complete (the request
 * schema requires it); an admin, billing or tech group given in part is merged over that role's
 * current contact, or over the registrant; a group not given keeps the current contact, or
 * copies the registrant, as registrars do when only the registrant is supplied (S1 sends only
 * registrant_*, catalog §1 #13).
 */
function contactsFrom(params: ContactParams, current: DomainState["contacts"]): DomainState["contacts"] {
  const registrant = contactGroupFrom(params, "registrant") as Contact;
  const contacts: DomainState["contacts"] = { registrant };
  for (const role of CONTACT_ROLES) {
    if (role === "registrant") continue;
    const given = contactGroupFrom(params, role);
    const base = current[role] ?? registrant;
    contacts[role] = { ...base, ...given };
  }
  return contacts;
}

// ---- reply shapes ----

function domainInfo(domain: DomainState): Record<string, unknown> {
  const t = domain.transfer;
  const statusInfo: Record<string, string> = {
    "Pending Transfer": "The transfer awaits the approval of the current registrar",
    Cancelled: "The transfer was denied; the domain stays with its current registrar",
    Expired: `The registration expired on ${domain.expiryDate}; renew it to restore it`,
  };
  let statuses = domain.locked ? "clientTransferProhibited" : "ok";
  if (domain.registrationStatus === "Pending Transfer") statuses = "pendingTransfer";
  return {
    message: "Domain information retrieved",
    order_id: domain.orderId,
    is_transfer: domain.isTransfer,
    is_registration: !domain.isTransfer,
    registration_date: domain.registrationDate,
    expiry_date: domain.expiryDate,
    registration_status: domain.registrationStatus,
    registration_status_info: statusInfo[domain.registrationStatus] ?? null,
    purchase_status: domain.purchaseStatus,
    id_protection: domain.idProtection,
    domain_statuses: statuses,
    transfer_request_status: t?.status ?? null,
    transfer_request_denied_reason: t?.deniedReason ?? null,
    transfer_request_denied_at: t?.deniedAt ?? null,
    transfer_request_confirmed_at: t?.confirmedAt ?? null,
  };
}

function contactEntry(role: ContactRoleName, c: Contact): Record<string, unknown> {
  return {
    contact_type: role,
    name: `${c.first_name} ${c.last_name}`,
    company_name: c.company_name ?? "",
    addr: {
      address1: c.address1,
      address2: c.address2 ?? "",
      address3: "",
      city: c.city,
      state: c.state,
      postal_code: c.postal_code,
      country: c.country_code,
    },
    phone_number: c.phone,
    fax: "",
    email: c.email,
    phone_extension: "",
    statuses: [],
  };
}

function activeDomainEntry(d: DomainState): Record<string, unknown> {
  return {
    domain_name: d.unicode,
    idn_domain_name: d.domain,
    nameservers: { ns1: d.nameservers[0] ?? "", ns2: d.nameservers[1] ?? "", ns3: d.nameservers[2] ?? "" },
    registration_date: d.registrationDate,
    next_invoice_date: d.expiryDate,
    registration_period_in_years: d.periodYears,
    registry_lock: d.locked,
    id_protection: d.idProtection,
    renew_enabled: d.renewEnabled,
  };
}

// ---- transfers ----

/**
 * Nameservers a transferred domain keeps from its previous registrar. The simulator does not know
 * them, so it uses these placeholders (the registrar keeps a domain's delegation on transfer).
 */
const PREVIOUS_REGISTRAR_NAMESERVERS = ["ns1.previous-registrar.example", "ns2.previous-registrar.example"];

/**
 * Advances a pending transfer by one domain-information read. It stays Pending for
 * `behaviour.transferPendingReads` reads, then settles: Confirmed when the EPP code was right and
 * the losing registrar's lock is off, otherwise Denied with the reason, and the credit refunded.
 * (v3 clients poll `transfer_request_status` for "Pending", "Confirmed", "Denied", catalog §1 #7.)
 */
function advanceTransfer(ctx: SimContext, domain: DomainState): void {
  const t = domain.transfer;
  if (!t || t.status !== "Pending") return;
  if (t.readsLeft > 0) {
    t.readsLeft -= 1;
    return;
  }
  const external = ctx.state.external[domain.domain];
  let reason: string | undefined;
  if (!t.codeValid) reason = "The authorization (EPP) code is invalid";
  else if (!external || external.locked) reason = "The domain is locked at its current registrar (clientTransferProhibited)";
  if (reason) {
    t.status = "Denied";
    t.deniedReason = reason;
    t.deniedAt = ctx.today();
    domain.registrationStatus = "Cancelled";
    domain.purchaseStatus = "Refunded";
    refundCredit(ctx.state, t.charged);
    return;
  }
  t.status = "Confirmed";
  t.confirmedAt = ctx.today();
  domain.registrationStatus = "Active";
  delete ctx.state.external[domain.domain];
}

// ---- resolvers ----

function listDomains(ctx: SimContext): unknown {
  const active = Object.values(ctx.state.domains).filter((d) => d.registrationStatus === "Active");
  active.sort((a, b) => a.domain.localeCompare(b.domain));
  return { message: "Domains retrieved", num_active_domains: active.length, active_domains: active.map(activeDomainEntry) };
}

function getInfo(ctx: OpContext<"domains.getInfo">): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  advanceTransfer(ctx, domain);
  return domainInfo(domain);
}

/**
 * Taken: in this account (whatever its status) or registered elsewhere. Premium: listed in
 * `state.premium`; its prices are in USD (catalog §1 #8: S1 sets CurrencyCode USD), which is
 * also the account currency of every seed.
 */
function checkAvailability(ctx: OpContext<"domains.checkAvailability">): unknown {
  const { sld, tld } = ctx.params;
  const name = parseDomain(sld, tld);
  offeredTld(ctx.state, name.tld);
  const taken = name.ascii in ctx.state.domains || name.ascii in ctx.state.external;
  const premium = ctx.state.premium[name.ascii];
  return {
    available: !taken,
    message: taken ? `Domain ${name.ascii} is not available` : `Domain ${name.ascii} is available`,
    is_premium: premium !== undefined,
    premium_register_price: premium ? money(premium.register) : 0,
    premium_renew_price: premium ? money(premium.renew) : 0,
  };
}

/** 409 (conflict) with "not available" when the name is held, here or elsewhere. */
function ensureRegistrable(state: SimState, name: DomainName): void {
  if (state.domains[name.ascii]) {
    throw new SimError(409, `Domain ${name.ascii} is not available: it is already registered in this reseller account`);
  }
  if (state.external[name.ascii]) {
    throw new SimError(409, `Domain ${name.ascii} is not available: it is registered with another registrar`);
  }
}

/**
 * Registers a domain. Validation runs fully before anything is charged or stored.
 *
 * `X-API-SANDBOX: 1` is documented for v2 registration (legacy document, Authentication 2); S1
 * and S4 send `X-API-SANDBOX: 0` to v3 as well (catalog §7.1), so every version honours it:
 * the order is validated (credit included) and answered with the order id it would get, and
 * nothing is stored or charged.
 */
function register(ctx: OpContext<"domains.register">): unknown {
  const p = ctx.params;
  const { state } = ctx;
  const name = parseDomain(p.sld, p.tld);
  const price = offeredTld(state, name.tld);
  ensureRegistrable(state, name);
  const premium = state.premium[name.ascii];
  if (premium && !p.register_if_premium) {
    throw new SimError(
      400,
      `Domain ${name.ascii} is a premium domain (${formatMoney(premium.register, "USD")} the first year); set register_if_premium to true to register it`,
    );
  }
  if (p.id_protection && !price.idProtectionSupported) {
    throw new SimError(400, `id_protection is not supported for .${name.tld} domains`);
  }
  const nameservers = p.use_planethoster_nameservers ? [...PROVIDER_NAMESERVERS] : nameserversFrom(p);
  const contacts = contactsFrom(p, {});
  // Premium: the premium price for the first year, the premium renewal price for the others.
  const total = money(premium ? premium.register + premium.renew * (p.period - 1) : price.register * p.period);
  const expiry = addYears(ctx.today(), p.period);

  if (ctx.headers["x-api-sandbox"] === "1") {
    ensureCredit(state, total);
    return {
      message: `Sandbox: domain ${name.ascii} would be registered; nothing was charged`,
      order_id: (state.counters.order ?? 0) + 1,
      order_total: total,
      expiry_date: expiry,
    };
  }

  chargeCredit(state, total);
  const orderId = ctx.nextId("order");
  state.domains[name.ascii] = newDomain(name.ascii, {
    sld: name.sld,
    tld: name.tld,
    orderId,
    registrationDate: ctx.today(),
    expiryDate: expiry,
    periodYears: p.period,
    nameservers,
    idProtection: p.id_protection,
    contacts,
    addtlFields: { ...(p.addtl_field ?? {}) },
  });
  // "When use_provider_nameservers is true ... a DNS zone is created automatically after
  // successful registration" (v4 document, Domains). An existing zone is left as it is.
  if (p.use_planethoster_nameservers && !state.zones[name.ascii]) state.zones[name.ascii] = defaultZone(name.ascii);
  return { message: `Domain ${name.ascii} registered`, order_id: orderId, order_total: total, expiry_date: expiry };
}

/**
 * Requests a transfer in. The domain must be registered elsewhere (`state.external`); the
 * transfer price is charged now and refunded if the transfer is denied. A wrong EPP code or a
 * lock at the losing registrar is not refused here: like the registry, the simulator reports it
 * when the request settles (see {@link advanceTransfer}).
 */
function transfer(ctx: OpContext<"domains.transfer">): unknown {
  const { sld, tld, epp_code } = ctx.params;
  const { state } = ctx;
  const name = parseDomain(sld, tld);
  const price = offeredTld(state, name.tld);
  const current = state.domains[name.ascii];
  // A denied transfer may be requested again; anything else already here is a duplicate.
  if (current && current.transfer?.status !== "Denied") {
    throw new SimError(409, `Domain ${name.ascii} is already in this reseller account`);
  }
  const external = state.external[name.ascii];
  if (!external) {
    throw new SimError(
      400,
      `Domain ${name.ascii} is not registered with another registrar, so it cannot be transferred; register it instead`,
    );
  }
  const charged = chargeCredit(state, price.transfer);
  state.domains[name.ascii] = newDomain(name.ascii, {
    sld: name.sld,
    tld: name.tld,
    orderId: ctx.nextId("order"),
    isTransfer: true,
    registrationDate: ctx.today(),
    // A transfer adds one year to the registration.
    expiryDate: addYears(ctx.today(), 1),
    registrationStatus: "Pending Transfer",
    nameservers: [...PREVIOUS_REGISTRAR_NAMESERVERS],
    locked: false,
    transfer: {
      status: "Pending",
      readsLeft: ctx.behaviour.transferPendingReads,
      codeValid: epp_code === external.eppCode,
      charged,
    },
  });
  return { message: `Transfer of ${name.ascii} requested` };
}

/**
 * Renews from the current expiry date (not from today), so renewing early loses nothing. An
 * expired domain may be renewed and becomes Active again when the new expiry is in the future.
 * Registries refuse a registration that would run more than ten years ahead.
 */
function renew(ctx: OpContext<"domains.renew">): unknown {
  const { sld, tld, period } = ctx.params;
  const { state } = ctx;
  const domain = findDomain(state, sld, tld);
  requireManageable(domain);
  const expiry = addYears(domain.expiryDate, period);
  const limit = addYears(ctx.today(), 10);
  if (expiry > limit) {
    throw new SimError(
      400,
      `Renewing ${domain.domain} for ${period} year(s) would set its expiry to ${expiry}, more than 10 years ahead (${limit})`,
    );
  }
  const premium = state.premium[domain.domain];
  const yearly = premium ? premium.renew : offeredTld(state, domain.tld).renew;
  const total = chargeCredit(state, yearly * period);
  domain.expiryDate = expiry;
  if (domain.registrationStatus === "Expired" && expiry > ctx.today()) domain.registrationStatus = "Active";
  // The document types the renewal's order_id as a string (v4 document, Domain order results).
  return { message: `Domain ${domain.domain} renewed until ${expiry}`, order_id: String(ctx.nextId("order")), order_total: total };
}

function getContacts(ctx: OpContext<"domains.getContacts">): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  const registrant = domain.contacts.registrant;
  const contacts = CONTACT_ROLES.flatMap((role) => {
    const c = domain.contacts[role] ?? registrant;
    return c ? [contactEntry(role, c)] : [];
  });
  return { message: "Contact details retrieved", contacts };
}

function updateContacts(ctx: OpContext<"domains.updateContacts">): unknown {
  const p = ctx.params;
  const domain = findDomain(ctx.state, p.sld, p.tld);
  requireManageable(domain);
  domain.contacts = contactsFrom(p, domain.contacts);
  return { message: "Contact details updated" };
}

function getRegistrarLock(ctx: OpContext<"domains.getRegistrarLock">): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  return { message: `Registrar lock is ${domain.locked ? "on" : "off"}`, is_locked: domain.locked };
}

/** Turns the lock on or off; setting the current value again succeeds (the operation is a set). */
export function setRegistrarLock(ctx: SimContext<{ sld: string; tld: string }>, locked: boolean): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  requireManageable(domain);
  domain.locked = locked;
  return { message: `Registrar lock ${locked ? "enabled" : "disabled"}`, is_locked: locked };
}

function getNameservers(ctx: OpContext<"domains.getNameservers">): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  return { message: "Nameservers retrieved", nameservers: [...domain.nameservers] };
}

function updateNameservers(ctx: OpContext<"domains.updateNameservers">): unknown {
  const p = ctx.params;
  const domain = findDomain(ctx.state, p.sld, p.tld);
  requireManageable(domain);
  domain.nameservers = nameserversFrom(p);
  return { message: "Nameservers updated" };
}

function emailEppCode(ctx: OpContext<"domains.emailEppCode">): unknown {
  const { sld, tld } = ctx.params;
  const domain = findDomain(ctx.state, sld, tld);
  requireManageable(domain);
  const email = domain.contacts.registrant?.email;
  if (!email) throw new SimError(400, `Domain ${domain.domain} has no registrant e-mail address to send the EPP code to`);
  return { message: "The EPP code was sent to the registrant", epp_code_sent_to: email };
}

const resolvers: SimHandlers = {
  "domains.list": listDomains,
  "domains.getInfo": getInfo,
  "domains.checkAvailability": checkAvailability,
  "domains.register": register,
  "domains.transfer": transfer,
  "domains.renew": renew,
  "domains.getContacts": getContacts,
  "domains.updateContacts": updateContacts,
  "domains.getRegistrarLock": getRegistrarLock,
  "domains.enableRegistrarLock": (ctx: OpContext<"domains.enableRegistrarLock">) => setRegistrarLock(ctx, true),
  "domains.disableRegistrarLock": (ctx: OpContext<"domains.disableRegistrarLock">) => setRegistrarLock(ctx, false),
  "domains.saveRegistrarLock": (ctx: OpContext<"domains.saveRegistrarLock">) => setRegistrarLock(ctx, ctx.params.lock_action === "Lock"),
  "domains.getNameservers": getNameservers,
  "domains.updateNameservers": updateNameservers,
  "domains.emailEppCode": emailEppCode,
};

// ---- samples (against the demo seed) ----

/** A complete registrant group, for samples and tests. */
export function sampleRegistrant(): Record<string, string> {
  return {
    registrant_first_name: "Alex",
    registrant_last_name: "Martin",
    registrant_email: "alex@example.org",
    registrant_address1: "1 Example Street",
    registrant_city: "Montreal",
    registrant_postal_code: "H2X 1Y4",
    registrant_state: "QC",
    registrant_country_code: "CA",
    registrant_phone: "+1.5145550100",
  };
}

/**
 * The parameters of a registration with the provider's nameservers and the sample registrant,
 * for samples and tests; `extra` overrides any of them.
 */
export function sampleRegistration(sld: string, tld: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sld,
    tld,
    period: 1,
    ns1: "nsa.n0c.com",
    ns2: "nsb.n0c.com",
    ns3: "nsc.n0c.com",
    ns4: "",
    ns5: "",
    id_protection: false,
    register_if_premium: false,
    use_planethoster_nameservers: true,
    ...sampleRegistrant(),
    ...extra,
  };
}

/** Makes sure the account can pay for a sample order whatever ran before it. */
function topUp(state: SimState, atLeast: number): void {
  if (state.account.credit < atLeast) state.account.credit = atLeast;
}

type Sample = (state: SimState, version: ApiVersion) => Record<string, unknown>;

const samples: Record<string, Sample> = {
  "domains.list": () => ({}),
  "domains.getInfo": () => ({ sld: "agency-demo", tld: "com" }),
  "domains.checkAvailability": () => ({ sld: "fresh-sample", tld: "com" }),
  "domains.register": (state, version) => {
    // One name per version, so the three samples can run against the same store.
    delete state.domains[`fresh-sample-${version}.com`];
    topUp(state, 100);
    return sampleRegistration(`fresh-sample-${version}`, "com");
  },
  "domains.transfer": (state) => {
    delete state.domains["transfer-me.net"];
    state.external["transfer-me.net"] ??= { eppCode: "EPP-TRANSFER-1", locked: false };
    topUp(state, 100);
    return { sld: "transfer-me", tld: "net", epp_code: state.external["transfer-me.net"].eppCode };
  },
  "domains.renew": (state) => {
    const domain = state.domains["client-shop.net"];
    // Keep repeated samples under the ten-year limit.
    if (domain && domain.expiryDate > addYears(new Date().toISOString().slice(0, 10), 5)) domain.expiryDate = "2026-12-15";
    topUp(state, 100);
    return { sld: "client-shop", tld: "net", period: 1 };
  },
  "domains.getContacts": () => ({ sld: "agency-demo", tld: "com" }),
  "domains.updateContacts": () => ({ sld: "agency-demo", tld: "com", ...sampleRegistrant(), admin_email: "admin@agency-demo.com" }),
  "domains.getRegistrarLock": () => ({ sld: "agency-demo", tld: "com" }),
  "domains.enableRegistrarLock": () => ({ sld: "client-shop", tld: "net" }),
  "domains.disableRegistrarLock": () => ({ sld: "client-shop", tld: "net" }),
  "domains.saveRegistrarLock": () => ({ sld: "client-shop", tld: "net", lock_action: "Lock" }),
  "domains.getNameservers": () => ({ sld: "agency-demo", tld: "com" }),
  "domains.updateNameservers": () => ({ sld: "client-shop", tld: "net", ns1: "nsa.n0c.com", ns2: "nsb.n0c.com", ns3: "nsc.n0c.com" }),
  "domains.emailEppCode": () => ({ sld: "agency-demo", tld: "com" }),
};

/** The domains area: one resolver per operation, and every key bound to the sample of its operation id. */
export const domainsArea: SimArea = {
  name: "domains",
  handlers: resolvers,
  samples: Object.fromEntries(
    Object.entries(bindByOperation(endpointsOf(domainsOperations), samples)).map(([key, sample]) => {
      const { version } = splitKey(key);
      return [key, (state: SimState) => sample(state, version)];
    }),
  ),
};

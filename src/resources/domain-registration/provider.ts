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
 * The concerns have a file each: `contacts.ts` (WHOIS roles and fields), `pricing.ts` (TLD price
 * list and cost guard), `orders.ts` (register, transfer, renew) and `converge.ts` (in-place
 * changes); this file reads the live registration and declares the lifecycle.
 *
 * Money rules (each order is charged, so a repeat is a second charge): a register, transfer or
 * renew request is never sent twice. When its response is lost (`outcome-unknown`) the domain is
 * read before anything else and the outcome taken from what the account shows; nothing is renewed
 * by adopt, refresh or import.
 *
 * The identity read (`find`, docs/decisions/0019) is `domains.getInfo` by `sld` and `tld` (v3
 * CONFIRMED in the official registrar module), which answers 404 for a domain the account does
 * not hold. The runtime runs it before the create: a domain already in the account fails a
 * register or transfer before anything is checked or ordered, naming `adopt: true`; and it polls
 * it after an order whose reply was lost, taking the domain into state when it shows, so a lost
 * reply, or a run killed mid-order, never leads to a second order or a second charge. A transfer
 * that was denied leaves the domain listed as Cancelled; it does not count as held, so a
 * transfer may be requested again with a new code.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource, type ExistingObject } from "../../provider/lifecycle/define";
import { PartialCreateError, apiErrorCode, messageOf } from "../../provider/lifecycle/errors";
import { unicodeDomain } from "../../util/names";
import {
  domainIdentity,
  getDomainInfo,
  keyOf,
  PROVIDER_NAMESERVERS,
  readNameservers,
  readRegistrarLock,
  sameNameservers,
  type DomainName,
} from "../shared/registrar";
import { contactFromApi, sameContact, type ContactProperty } from "./contacts";
import { converge } from "./converge";
import { register, renewTo, transfer } from "./orders";
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

/** Statuses of a registration that lapsed; the domain stays in state (docs/decisions/0003). */
const LAPSED = new Set(["Expired", "Cancelled"]);
/** Client error codes after which a secondary read keeps the previous value instead of failing the refresh. */
const SOFT_FAILURES = new Set(["not-found", "validation", "conflict"]);

async function softly<T>(task: () => Promise<T>): Promise<T | undefined> {
  try {
    return await task();
  } catch (err) {
    const code = apiErrorCode(err);
    if (code && SOFT_FAILURES.has(code)) return undefined;
    throw err;
  }
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
    softly(() => ctx.request("domains.getContacts", keyOf(name))),
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

// ---- the definition ----

/**
 * The DomainRegistration declaration: identity is the domain; delete releases it from state only.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DomainRegistration").id.format; // "<domain>"
 */
/**
 * A domain already in the account is never ordered again (no domain registered or transferred
 * twice): without `adopt: true` its create fails before any order (the definition's `refuseTakeover`).
 */
function refuseTakeover(inputs: Inputs, found: ExistingObject): Error | undefined {
  if (modeOf(inputs) === "adopt") return undefined;
  return new Error(
    `${inputs.domain} is already in this reseller account; set adopt: true to manage it without placing an order. Nothing was ordered (found ${found.description}).`,
  );
}

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
    ignore: [
      "sld",
      "tld",
      "period",
      "registerIfPremium",
      "additionalFields",
      "maxPrice",
      "adopt",
      "eppCode",
      "useProviderNameservers",
      "idProtection",
    ],
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
      ...(mode === "register"
        ? [{ property: "domain", operations: ["domains.checkAvailability", "domains.register", "account.getTldPricing"] }]
        : []),
      ...(mode === "transfer" ? [{ property: "eppCode", operations: ["domains.transfer", "account.getTldPricing"] }] : []),
      ...(inputs.minimumExpiry !== undefined
        ? [{ property: "minimumExpiry", operations: ["domains.renew", "domains.checkAvailability", "account.getTldPricing"] }]
        : []),
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

  refuseTakeover,

  async find(ctx, inputs) {
    // Always a fresh read: `domains.getInfo` goes around the read cache (shared/registrar.ts).
    const info = await getDomainInfo(ctx, inputs);
    if (!info || (modeOf(inputs) === "transfer" && info.transfer_request_status === "Denied")) return undefined;
    const expiry = info.expiry_date ? `, expiring ${info.expiry_date}` : "";
    return { id: inputs.domain, description: `the domain ${inputs.domain} (${info.registration_status}${expiry})` };
  },

  async create(ctx, inputs) {
    // A domain already in the account reaches here only with `adopt: true` (`refuseTakeover`).
    const mode = modeOf(inputs);
    let order: Partial<Outputs> = {};
    let live: Outputs | undefined;
    if (mode === "adopt") {
      // The read that proves the domain is in the account is the live state create returns.
      live = await readLive(ctx, inputs, echoed(inputs));
      if (!live) {
        throw new Error(
          `${inputs.domain} is not in this reseller account, so it cannot be adopted; leave adopt unset to register it. Nothing was ordered.`,
        );
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
      throw new PartialCreateError(
        inputs.domain,
        { ...outs, eppCode: undefined },
        `${inputs.domain} is in the account, but setting it up failed: ${messageOf(err)}`,
      );
    }
    return { id: inputs.domain, outs: live };
  },

  async read(ctx, { key, props }) {
    const name = (props ?? key) as DomainName;
    const live = await readLive(ctx, name, props ?? {});
    if (!live) return undefined;
    // A create settled by reading passes its inputs as `props`; the EPP code among them is used
    // once and never kept (the runtime overlays the read on those inputs).
    if (props && "eppCode" in props) live.eppCode = undefined;
    if (props && LAPSED.has(live.registrationStatus) && props.registrationStatus !== live.registrationStatus) {
      ctx.log.warn(
        `${name.domain} is ${live.registrationStatus} at the registrar (expiry ${live.expiryDate ?? "unknown"}); it stays in state. Raise minimumExpiry to renew it.`,
      );
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

/**
 * Hosting accounts in the simulator: the listings (World accounts, every account), the domains of
 * an account, and account management through v4, v3 and v2.
 *
 * One resolver per operation; the core wraps v3 and v2 results in `data` and adds the envelope
 * as the table's rows say (v2's world-api answers without it), and `byVersion` serves the few
 * operations whose v2 reply has other fields. The helpers exported here (`homePath`, `docrootOf`) are shared by the other
 * hosting-side areas of this folder; those every area uses are in `./shared`.
 */
import { randomBytes } from "node:crypto";
import { defaultZone, newHosting } from "../seed";
import type { HostingState, SimState } from "../state";
import { SimError, type KeyContext, type OpContext, type SimArea, type SimContext } from "../types";
import { asciiDomain, attachedDomain, byVersion, DEMO_HOSTING, messageReply, requireStrongPassword } from "./shared";

// ---- helpers shared with the other hosting-side areas ----

/**
 * A directory inside the account's home, written with a leading `/` (`public_html/shop` reads as
 * `/public_html/shop`); `..` is refused.
 */
export function homePath(input: string, field: string): string {
  const trimmed = input.trim().replace(/\/+$/, "");
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  if (path === "/" || path.split("/").includes("..")) throw new SimError(400, `${field} "${input}" is not a directory inside the account`);
  return path;
}

// ---- accounts ----

/** The reseller's World plan when the state sets none: what the demo reseller bought. */
export const WORLD_PLAN_DEFAULT = { cpu: 16, mem: 32, io: 32 } as const;
type Resources = HostingState["resources"];

const IP_BY_LOCATION: Record<string, string> = { CA: "198.51.100.10", FR: "198.51.100.20" };

function serverHostname(h: HostingState): string {
  return h.hostname ?? `world-${h.location.toLowerCase()}-01.n0c.sim.test`;
}

/**
 * The document root of an attached domain: `/public_html` for the primary domain and
 * `/public_html/<domain>` for the others unless set (v2 `domain/add`, `change-doc-root`).
 */
export function docrootOf(h: HostingState, domain: string): string {
  return h.docroots?.[domain] ?? (domain === h.domain ? "/public_html" : `/public_html/${domain}`);
}

function worldAccounts(state: SimState): HostingState[] {
  return Object.values(state.hostings)
    .filter((h) => h.kind === "world")
    .sort((a, b) => a.id - b.id);
}

function worldPlan(state: SimState): Resources {
  return state.worldPlan ?? { ...WORLD_PLAN_DEFAULT };
}

/** Resources the World accounts hold, leaving one account out (the one being resized). */
function allocated(state: SimState, except?: number): Resources {
  const sum = { cpu: 0, mem: 0, io: 0 };
  for (const h of worldAccounts(state)) {
    if (h.id === except) continue;
    sum.cpu += h.resources.cpu;
    sum.mem += h.resources.mem;
    sum.io += h.resources.io;
  }
  return sum;
}

/** World accounts share the plan: asking for more than is left is refused, naming what is short. */
function requireCapacity(state: SimState, wanted: Resources, except?: number): void {
  const plan = worldPlan(state);
  const used = allocated(state, except);
  const short = (["cpu", "mem", "io"] as const).filter((k) => used[k] + wanted[k] > plan[k]);
  if (short.length > 0) {
    const detail = short.map((k) => `${k} ${wanted[k]} asked, ${plan[k] - used[k]} left`).join(", ");
    throw new SimError(400, `Not enough resources left in the World plan: ${detail}`);
  }
}

/** The account addressed by `id`, which must be a World account (world-api operations). */
function worldAccount(ctx: SimContext): HostingState {
  const h = ctx.hosting();
  if (h.kind !== "world") throw new SimError(404, `World account ${h.id} not found (it is a shared hosting account)`);
  return h;
}

/**
 * Eight lowercase characters from the domain (`agency-demo.com` gives `agencyde`), starting with a
 * letter, made unique with a trailing counter (`agencyd1`).
 */
function usernameFor(state: SimState, domain: string): string {
  const chars = domain.replace(/[^a-z0-9]/g, "").replace(/^[0-9]+/, "") || "site";
  const base = `${chars}00000000`.slice(0, 8);
  const taken = new Set(Object.values(state.hostings).map((h) => h.username));
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = base.slice(0, 8 - String(n).length) + String(n);
    if (!taken.has(candidate)) return candidate;
  }
}

function newPassword(): string {
  return `Pw-${randomBytes(9).toString("base64url")}7!`;
}

function requireFreeDomain(state: SimState, domain: string): void {
  const owner = Object.values(state.hostings).find((h) => h.domains.includes(domain));
  if (owner) throw new SimError(409, `Domain ${domain} already exists on hosting account ${owner.id}`);
}

interface NewAccount {
  domain: string;
  /** `CA` or `FR`; an account placed by server hostname is reported under CA. */
  location: string;
  hostname?: string;
  resources: Resources;
  litespeed?: boolean;
  cmsName?: string;
  diskSpace?: number;
}

/**
 * Creates a World account. Accounts created through v3 `POST /v3/hosting` are World accounts too:
 * the provisioning module looked them up in `the-world/info` until it switched to `hostings`
 * (S2 commit 1f6388c, catalog sources table). The domain gets the default DNS zone, as on the platform.
 */
function createAccount(ctx: SimContext, a: NewAccount): HostingState {
  const { state } = ctx;
  const domain = asciiDomain(a.domain);
  requireFreeDomain(state, domain);
  requireCapacity(state, a.resources);
  const id = ctx.nextId("hosting");
  const ip = IP_BY_LOCATION[a.location] ?? IP_BY_LOCATION.CA!;
  const h = newHosting(id, usernameFor(state, domain), domain, { kind: "world", location: a.location, ip });
  h.resources = { ...a.resources };
  h.password = newPassword();
  h.litespeed = a.litespeed ?? false;
  if (a.hostname !== undefined) h.hostname = a.hostname;
  if (a.cmsName) h.cmsName = a.cmsName;
  if (a.diskSpace !== undefined) h.diskSpace = a.diskSpace;
  state.hostings[String(id)] = h;
  state.zones[domain] ??= defaultZone(domain, ip);
  return h;
}

function createFromV3(ctx: KeyContext<"v4.hosting.create" | "v3.hosting.create">) {
  const p = ctx.params;
  const h = createAccount(ctx, {
    domain: p.domain,
    location: p.country ?? "CA",
    hostname: p.hostname,
    resources: { cpu: p.cpu, mem: p.memory, io: p.io },
    litespeed: p.ls,
    cmsName: p.cms_name,
    diskSpace: p.disk_space,
  });
  return { id: h.id, username: h.username, password: h.password, server_ip: h.ip, message: "Hosting account created" };
}

function createFromV2(ctx: KeyContext<"v2.hosting.create">) {
  const p = ctx.params;
  // The v2 spec makes cpu, mem and io optional without saying what an omitted one becomes; the
  // simulator gives one of each.
  const h = createAccount(ctx, {
    domain: p.domain,
    location: p.country,
    resources: { cpu: p.cpu ?? 1, mem: p.mem ?? 1, io: p.io ?? 1 },
    litespeed: p.ls,
    cmsName: p.cms,
  });
  return {
    account_created: true,
    server_hostname: serverHostname(h),
    server_ip: h.ip,
    id: h.id,
    username: h.username,
    password: h.password,
  };
}

/** Sets some of an account's resources; World accounts must fit in the plan. */
function resize(ctx: SimContext, h: HostingState, change: Partial<Resources>): void {
  const next = {
    cpu: change.cpu ?? h.resources.cpu,
    mem: change.mem ?? h.resources.mem,
    io: change.io ?? h.resources.io,
  };
  if (h.kind === "world") requireCapacity(ctx.state, next, h.id);
  h.resources = next;
}

const updateAccount = messageReply((ctx: OpContext<"hosting.update">) => {
  const h = ctx.hosting();
  const p = ctx.params;
  if (p.newPassword !== undefined) {
    requireStrongPassword(p.newPassword, "newPassword");
    h.password = p.newPassword;
    return "Password changed";
  }
  resize(ctx, h, { cpu: p.cpu, mem: p.memory, io: p.io });
  return "Resources updated";
});

// S2 sends the account password on delete; what the server checks with it is not known, so the
// simulator accepts the call without it. Zones stay: they belong to the domain, not the account.
const deleteAccount = messageReply((ctx: OpContext<"hosting.delete">) => {
  const h = ctx.hosting();
  delete ctx.state.hostings[String(h.id)];
  return `Hosting account ${h.id} terminated`;
});

/** Suspending twice leaves the account suspended (with the latest reason): the call is idempotent. */
function suspend(ctx: OpContext<"hosting.suspend">, h: HostingState): string {
  h.status = "suspended";
  h.suspendReason = ctx.params.reason ?? "";
  return h.suspendReason;
}
function unsuspend(h: HostingState): void {
  h.status = "active";
  delete h.suspendReason;
}
const suspendAccount = messageReply((ctx: OpContext<"hosting.suspend">) => {
  suspend(ctx, ctx.hosting());
  return "Account suspended";
});
const unsuspendAccount = messageReply((ctx: OpContext<"hosting.unsuspend">) => {
  unsuspend(ctx.hosting());
  return "Account unsuspended";
});

function loginUrl(ctx: SimContext): string {
  const h = ctx.hosting();
  return `https://${serverHostname(h)}/sso/${h.username}?token=${randomBytes(16).toString("hex")}`;
}

function enableTemporaryUrl(ctx: SimContext) {
  const h = ctx.hosting();
  h.temporaryUrl ??= `${h.username}.tmp.n0c.sim.test`;
  return { temporary_url: h.temporaryUrl, message: "Temporary URL enabled" };
}
const disableTemporaryUrl = messageReply((ctx: OpContext<"hosting.disableTemporaryUrl">) => {
  delete ctx.hosting().temporaryUrl;
  return "Temporary URL disabled";
});

// ---- listings ----

function worldEntry(h: HostingState) {
  return {
    id: h.id,
    username: h.username,
    domain: h.domain,
    hostname: serverHostname(h),
    ip: h.ip,
    status: h.status,
    resources: { ...h.resources },
  };
}

function accountEntry(h: HostingState) {
  return {
    id: h.id,
    username: h.username,
    domain: h.domain,
    ip: h.ip,
    location: h.location,
    status: h.status,
    resources: { ...h.resources },
    litespeed: h.litespeed ?? false,
    cms_name: h.cmsName ?? null,
    temporary_url: h.temporaryUrl ?? null,
  };
}

function listWorldAccounts(ctx: SimContext) {
  return { world_accounts: worldAccounts(ctx.state).map(worldEntry) };
}

function listAccounts(ctx: OpContext<"hosting.listAccounts">) {
  const all = ctx.params.id === undefined ? Object.values(ctx.state.hostings) : [ctx.hosting()];
  return { hosting_accounts: all.sort((a, b) => a.id - b.id).map(accountEntry) };
}

/** v2 `get-accounts`: the sub-accounts with T4's `ressources` spelling, and what the plan has left. */
function getAccountsV2(ctx: SimContext) {
  const worlds = worldAccounts(ctx.state);
  const plan = worldPlan(ctx.state);
  const used = allocated(ctx.state);
  return {
    nb_active_or_suspended_accounts: worlds.length,
    total_available_resources: { cpu: plan.cpu - used.cpu, mem: plan.mem - used.mem, io: plan.io - used.io },
    world_accounts: worlds.map((h) => {
      const { resources, ...rest } = worldEntry(h);
      return { ...rest, ressources: resources };
    }),
  };
}

function listDomains(ctx: SimContext) {
  const h = ctx.hosting();
  return { data: h.domains.map((domain) => ({ domain, docroot: docrootOf(h, domain), suspended: h.suspendedDomains.includes(domain) })) };
}

// ---- domains of an account (v2 n0c-api, v3 reactivate) ----

function setDocroot(h: HostingState, domain: string, docroot: string): void {
  h.docroots = { ...h.docroots, [domain]: homePath(docroot, "docroot") };
}

/** Attaches a domain; the platform creates its DNS zone when it has none. */
function attach(ctx: SimContext, h: HostingState, domain: string, docroot: string): void {
  requireFreeDomain(ctx.state, domain);
  setDocroot(h, domain, docroot);
  h.domains.push(domain);
  ctx.state.zones[domain] ??= defaultZone(domain, h.ip);
}

const addDomain = messageReply((ctx: OpContext<"hosting.addDomain">) => {
  const h = ctx.hosting();
  const domain = asciiDomain(ctx.params.domain);
  attach(ctx, h, domain, ctx.params.docroot);
  return `Domain ${domain} added`;
});

const addSubdomain = messageReply((ctx: OpContext<"hosting.addSubdomain">) => {
  const h = ctx.hosting();
  const parent = attachedDomain(h, ctx.params.domain);
  const label = ctx.params.subDomain.trim().toLowerCase();
  const full = asciiDomain(`${label}.${parent}`);
  if (!full.endsWith(`.${parent}`) || full.split(".").length !== parent.split(".").length + label.split(".").length) {
    throw new SimError(400, `subDomain "${ctx.params.subDomain}" is not a valid sub-domain label`);
  }
  attach(ctx, h, full, ctx.params.docroot);
  return `Sub-domain ${full} added`;
});

/** Removes a domain and its sub-domains; the primary domain cannot be removed. */
const removeDomain = messageReply((ctx: OpContext<"hosting.removeDomain">) => {
  const h = ctx.hosting();
  const domain = attachedDomain(h, ctx.params.domain);
  if (domain === h.domain) throw new SimError(400, `${domain} is the primary domain of hosting account ${h.id} and cannot be removed`);
  const gone = (d: string) => d === domain || d.endsWith(`.${domain}`);
  h.domains = h.domains.filter((d) => !gone(d));
  h.suspendedDomains = h.suspendedDomains.filter((d) => !gone(d));
  if (h.docroots) h.docroots = Object.fromEntries(Object.entries(h.docroots).filter(([d]) => !gone(d)));
  return `Domain ${domain} removed`;
});

const changeDocRoot = messageReply((ctx: OpContext<"hosting.changeDocRoot">) => {
  const h = ctx.hosting();
  const domain = attachedDomain(h, ctx.params.domain);
  setDocroot(h, domain, ctx.params.docroot);
  return `Document root of ${domain} changed`;
});

/** Every listed domain must be attached (404 on the first that is not) before any changes. */
function setSuspended(ctx: SimContext, names: readonly string[], suspended: boolean): string[] {
  const h = ctx.hosting();
  const domains = names.map((n) => attachedDomain(h, n));
  const others = h.suspendedDomains.filter((d) => !domains.includes(d));
  h.suspendedDomains = suspended ? [...others, ...domains] : others;
  return domains;
}
const suspendDomains = messageReply(
  (ctx: OpContext<"hosting.suspendDomains">) => `Suspended: ${setSuspended(ctx, ctx.params.domains, true).join(", ")}`,
);
const unsuspendDomains = messageReply(
  (ctx: OpContext<"hosting.unsuspendDomains">) => `Reactivated: ${setSuspended(ctx, ctx.params.domains, false).join(", ")}`,
);
const reactivateDomain = messageReply(
  (ctx: OpContext<"hosting.reactivateDomain">) => `Reactivated: ${setSuspended(ctx, [ctx.params.domain], false).join(", ")}`,
);

// ---- v2 world-api resources ----

function modifyResources(ctx: OpContext<"hosting.modifyResources">) {
  const h = worldAccount(ctx);
  const p = ctx.params;
  resize(ctx, h, p);
  return { cpu_updated: p.cpu !== undefined, mem_updated: p.mem !== undefined, io_updated: p.io !== undefined, errors: [] };
}

/**
 * Raises the World plan. Lowering is refused: the operation is an upgrade. It is billed by invoice,
 * not from the domain credit, so the credit does not move.
 */
function upgradePlan(ctx: OpContext<"hosting.upgradePlan">) {
  const plan = worldPlan(ctx.state);
  const p = ctx.params;
  const next = { cpu: p.cpu ?? plan.cpu, mem: p.mem ?? plan.mem, io: p.io ?? plan.io };
  const lower = (["cpu", "mem", "io"] as const).filter((k) => next[k] < plan[k]);
  if (lower.length > 0)
    throw new SimError(400, `upgrade-plan cannot lower the plan (${lower.map((k) => `${k} ${plan[k]} to ${next[k]}`).join(", ")})`);
  ctx.state.worldPlan = next;
  return { message: "World plan upgraded", plan_resources: { ...next } };
}

// ---- the area ----

/** Handlers and samples of the hosting-account operations. The core routes requests to them by operation id. */
export const hostingArea: SimArea = {
  name: "hosting",
  handlers: {
    "hosting.listWorldAccounts": byVersion<"hosting.listWorldAccounts">({
      v4: listWorldAccounts,
      v3: listWorldAccounts,
      v2: getAccountsV2,
    }),
    "hosting.listAccounts": listAccounts,
    "hosting.listDomains": listDomains,
    "hosting.create": byVersion<"hosting.create">({ v4: createFromV3, v3: createFromV3, v2: createFromV2 }),
    "hosting.update": updateAccount,
    "hosting.delete": deleteAccount,
    "hosting.suspend": byVersion<"hosting.suspend">({
      v4: suspendAccount,
      v3: suspendAccount,
      v2: (ctx) => {
        const reason = suspend(ctx, worldAccount(ctx));
        return { account_suspended: true, message: "Successfully suspended account", suspension_reason: reason };
      },
    }),
    "hosting.unsuspend": byVersion<"hosting.unsuspend">({
      v4: unsuspendAccount,
      v3: unsuspendAccount,
      v2: (ctx) => {
        unsuspend(worldAccount(ctx));
        return { account_unsuspended: true, message: "Successfully unsuspended account" };
      },
    }),
    "hosting.modifyResources": modifyResources,
    "hosting.upgradePlan": upgradePlan,
    "hosting.getLoginUrl": (ctx) => ({ login_url: loginUrl(ctx) }),
    "hosting.enableTemporaryUrl": enableTemporaryUrl,
    "hosting.disableTemporaryUrl": disableTemporaryUrl,
    "hosting.reactivateDomain": reactivateDomain,
    "hosting.addDomain": addDomain,
    "hosting.removeDomain": removeDomain,
    "hosting.addSubdomain": addSubdomain,
    "hosting.suspendDomains": suspendDomains,
    "hosting.unsuspendDomains": unsuspendDomains,
    "hosting.changeDocRoot": changeDocRoot,
  },
  samples: {
    "v4.hosting.listWorldAccounts": () => ({}),
    "v3.hosting.listWorldAccounts": () => ({}),
    "v2.hosting.listWorldAccounts": () => ({}),
    "v4.hosting.listAccounts": () => ({}),
    "v3.hosting.listAccounts": () => ({ id: 102 }),
    "v4.hosting.listDomains": () => ({ id: 101 }),
    "v3.hosting.listDomains": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.hosting.listDomains": () => ({ id: 101 }),
    "v4.hosting.create": () => ({ domain: "new-site.com", country: "CA", cpu: 1, memory: 1, io: 1 }),
    "v3.hosting.create": () => ({
      domain: "new-site.com",
      hostname: "world-fr-02.n0c.sim.test",
      cpu: 1,
      memory: 2,
      io: 1,
      disk_space: 50,
      ls: true,
      cms_name: "wp",
    }),
    "v2.hosting.create": () => ({ domain: "new-world.com", country: "FR", cpu: 1, mem: 1, io: 1 }),
    "v4.hosting.update": () => ({ id: 101, cpu: 3 }),
    "v3.hosting.update": () => ({ ...DEMO_HOSTING.v3, newPassword: "N3w-Panel-Pass!" }),
    "v4.hosting.delete": () => ({ id: 102 }),
    "v3.hosting.delete": () => ({ id: 102, username: "stagingx" }),
    "v4.hosting.suspend": () => ({ id: 101, reason: "unpaid invoice" }),
    "v3.hosting.suspend": () => ({ ...DEMO_HOSTING.v3, reason: "unpaid invoice" }),
    "v2.hosting.suspend": () => ({ id: 101, reason: "unpaid invoice" }),
    "v4.hosting.unsuspend": () => ({ id: 101 }),
    "v3.hosting.unsuspend": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.hosting.unsuspend": () => ({ id: 101 }),
    "v2.hosting.modifyResources": () => ({ id: 101, cpu: 3, mem: 6 }),
    "v2.hosting.upgradePlan": () => ({ cpu: 24 }),
    "v4.hosting.getLoginUrl": () => ({ id: 101 }),
    "v3.hosting.getLoginUrl": () => ({ ...DEMO_HOSTING.v3 }),
    "v4.hosting.enableTemporaryUrl": () => ({ id: 102 }),
    "v3.hosting.enableTemporaryUrl": () => ({ id: 102, username: "stagingx" }),
    "v2.hosting.enableTemporaryUrl": () => ({ id: 101 }),
    "v4.hosting.disableTemporaryUrl": () => ({ id: 101 }),
    "v3.hosting.disableTemporaryUrl": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.hosting.disableTemporaryUrl": () => ({ id: 101 }),
    "v3.hosting.reactivateDomain": (state) => {
      state.hostings["101"]!.suspendedDomains.push("client-shop.net");
      return { ...DEMO_HOSTING.v3, domain: "client-shop.net" };
    },
    "v2.hosting.addDomain": () => ({ id: 101, domain: "new-addon.com", docroot: "/public_html/new-addon" }),
    "v2.hosting.removeDomain": () => ({ id: 101, domain: "client-shop.net" }),
    "v2.hosting.addSubdomain": () => ({ id: 101, domain: "agency-demo.com", subDomain: "shop", docroot: "public_html/shop" }),
    "v2.hosting.suspendDomains": () => ({ id: 101, domains: ["client-shop.net", "café.com"] }),
    "v2.hosting.unsuspendDomains": (state) => {
      state.hostings["101"]!.suspendedDomains.push("client-shop.net");
      return { id: 101, domains: ["client-shop.net"] };
    },
    "v2.hosting.changeDocRoot": () => ({ id: 101, domain: "client-shop.net", docroot: "/public_html/shop-v2" }),
  },
};

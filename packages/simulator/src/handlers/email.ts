/**
 * E-mail accounts in the simulator: mailboxes of the domains attached to a hosting account, their
 * password, quota and suspension, and (v2) DKIM, SPF and DMARC.
 *
 * A mailbox's domain must be attached to the account (404 otherwise); its password must pass the
 * platform's strength check, whose failure is the `errors: ["isStrongPassword"]` that the official
 * module recognises (catalog §7.2); a second mailbox with the same address is a 409 whose message
 * says "already exist", the text that module matches.
 */
import { PROVIDER_NAMESERVERS } from "../seed";
import type { EmailState, HostingState, SimState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { attachedDomain, DEMO_HOSTING, messageReply, requireStrongPassword } from "./shared";

/** Quota given to a mailbox created without one, in MB. */
const DEFAULT_QUOTA_MB = 1024;
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?$/;

function localPart(input: string): string {
  const user = input.trim().toLowerCase();
  if (!LOCAL_PART.test(user) || user.includes("..")) throw new SimError(400, `mailUser "${input}" is not a valid mailbox name`);
  return user;
}

function mailbox(h: HostingState, domainInput: string, userInput: string): EmailState {
  const domain = attachedDomain(h, domainInput);
  const email = `${localPart(userInput)}@${domain}`;
  const found = h.emails.find((m) => m.email === email);
  if (!found) throw new SimError(404, `E-mail account ${email} not found on hosting account ${h.id}`);
  return found;
}

function mailboxByAddress(h: HostingState, address: string): EmailState {
  const at = address.lastIndexOf("@");
  return mailbox(h, address.slice(at + 1), address.slice(0, at));
}

/** Whether the domain is registered here and served by the provider's nameservers (v2 `usingPhDns`). */
function usingProviderDns(state: SimState, domain: string): boolean {
  const ns = state.domains[domain]?.nameservers ?? [];
  return ns.some((n) => (PROVIDER_NAMESERVERS as readonly string[]).includes(n.toLowerCase().replace(/\.$/, "")));
}

/**
 * DKIM, SPF and DMARC are DNS records of the domain, so every mailbox of a domain shares them; a
 * new mailbox takes its domain's current settings (SPF alone on a domain without any).
 */
function domainAuth(h: HostingState, domain: string): EmailState["auth"] {
  const sibling = h.emails.find((m) => m.domain === domain);
  return sibling ? { ...sibling.auth } : { dkim: false, spf: true, dMarc: false };
}

const createMailbox = messageReply((ctx: OpContext<"email.create">) => {
  const h = ctx.hosting();
  const domain = attachedDomain(h, ctx.params.domain);
  const mailUser = localPart(ctx.params.mailUser);
  const email = `${mailUser}@${domain}`;
  if (h.emails.some((m) => m.email === email)) throw new SimError(409, `E-mail account ${email} already exists`);
  const password = ctx.params.password;
  requireStrongPassword(password, "password");
  h.emails.push({
    email,
    domain,
    mailUser,
    password,
    quota: ctx.params.quota ?? DEFAULT_QUOTA_MB,
    status: "ACTIVE",
    auth: domainAuth(h, domain),
  });
  return `E-mail account ${email} created`;
});

/** Sets the password and/or quota (v3/v4 PATCH; v2 change-password and change-quota). */
function changeMailbox(ctx: SimContext<{ domain: string; mailUser: string; password?: string; quota?: number }>): string {
  const box = mailbox(ctx.hosting(), ctx.params.domain, ctx.params.mailUser);
  if (ctx.params.password !== undefined) {
    requireStrongPassword(ctx.params.password, "password");
    box.password = ctx.params.password;
  }
  if (ctx.params.quota !== undefined) box.quota = ctx.params.quota;
  return `E-mail account ${box.email} updated`;
}
const updateMailbox = messageReply(changeMailbox);

const deleteMailbox = messageReply((ctx: OpContext<"email.delete">) => {
  const h = ctx.hosting();
  const box = mailbox(h, ctx.params.domain, ctx.params.mailUser);
  h.emails = h.emails.filter((m) => m !== box);
  return `E-mail account ${box.email} deleted`;
});

/** v3/v4 address one mailbox by `email`; v2 lists `emails[]{domain, mailUser}`, all checked first. */
function targets(ctx: OpContext<"email.suspend" | "email.unsuspend">): EmailState[] {
  const h = ctx.hosting();
  if ("email" in ctx.params) return [mailboxByAddress(h, ctx.params.email)];
  return ctx.params.emails.map((e) => mailbox(h, e.domain, e.mailUser));
}
function setStatus(ctx: OpContext<"email.suspend" | "email.unsuspend">, status: EmailState["status"]): string {
  const boxes = targets(ctx);
  for (const box of boxes) box.status = status;
  return `${status === "ACTIVE" ? "Reactivated" : "Suspended"}: ${boxes.map((b) => b.email).join(", ")}`;
}
const suspendMailboxes = messageReply((ctx: OpContext<"email.suspend">) => setStatus(ctx, "SUSPENDED"));
const unsuspendMailboxes = messageReply((ctx: OpContext<"email.unsuspend">) => setStatus(ctx, "ACTIVE"));

/**
 * The listing. S2 reads `email`, `account`, `quota` and `status` ("ACTIVE"); which of `email` and
 * `account` is the full address is not certain from its code, so `email` is the address and
 * `account` the mailbox name, and `domain` and `mailUser` are given as v2 operations take them.
 */
function listMailboxes(ctx: OpContext<"email.list">) {
  const h = ctx.hosting();
  // v2 lists every mailbox of the account; v4 and v3 may narrow the listing to one domain.
  const { domain }: { id: number; domain?: string } = ctx.params;
  const only = domain === undefined ? undefined : attachedDomain(h, domain);
  return {
    data: h.emails
      .filter((m) => only === undefined || m.domain === only)
      .map((m) => ({ email: m.email, account: m.mailUser, domain: m.domain, mailUser: m.mailUser, quota: m.quota, status: m.status })),
  };
}

function getAuths(ctx: OpContext<"email.getAuths">) {
  const box = mailbox(ctx.hosting(), ctx.params.domain, ctx.params.mailUser);
  return { data: { usingPhDns: usingProviderDns(ctx.state, box.domain), ...box.auth } };
}

function setAuth(ctx: OpContext<"email.enableAuth" | "email.disableAuth">, on: boolean): string {
  const h = ctx.hosting();
  const box = mailbox(h, ctx.params.domain, ctx.params.mailUser);
  const kind = ctx.params.auth;
  for (const m of h.emails) if (m.domain === box.domain) m.auth[kind] = on;
  return `${kind} ${on ? "enabled" : "disabled"} for ${box.domain}`;
}
const enableAuth = messageReply((ctx: OpContext<"email.enableAuth">) => setAuth(ctx, true));
const disableAuth = messageReply((ctx: OpContext<"email.disableAuth">) => setAuth(ctx, false));

const contact = { domain: "agency-demo.com", mailUser: "contact" };

/** Handlers and samples of the e-mail operations. The core routes requests to them by operation id. */
export const emailArea: SimArea = {
  name: "email",
  handlers: {
    "email.list": listMailboxes,
    "email.create": createMailbox,
    "email.update": updateMailbox,
    "email.changePassword": updateMailbox,
    "email.changeQuota": updateMailbox,
    "email.delete": deleteMailbox,
    "email.suspend": suspendMailboxes,
    "email.unsuspend": unsuspendMailboxes,
    "email.getAuths": getAuths,
    "email.enableAuth": enableAuth,
    "email.disableAuth": disableAuth,
  },
  samples: {
    "v4.email.list": () => ({ id: 101 }),
    "v3.email.list": () => ({ ...DEMO_HOSTING.v3, domain: "agency-demo.com" }),
    "v2.email.list": () => ({ id: 101 }),
    "v4.email.create": () => ({ id: 101, domain: "client-shop.net", mailUser: "sales", password: "S3cure-Mailbox!", quota: 2048 }),
    "v3.email.create": () => ({ ...DEMO_HOSTING.v3, domain: "café.com", mailUser: "bonjour", password: "S3cure-Mailbox!" }),
    "v2.email.create": () => ({ id: 102, domain: "staging-agency.com", mailUser: "qa", password: "S3cure-Mailbox!", quota: 512 }),
    "v4.email.update": () => ({ id: 101, ...contact, quota: 4096 }),
    "v3.email.update": () => ({ ...DEMO_HOSTING.v3, ...contact, password: "N3w-Mail-Pass!", quota: 2048 }),
    "v2.email.changePassword": () => ({ id: 101, ...contact, password: "N3w-Mail-Pass!" }),
    "v2.email.changeQuota": () => ({ id: 101, ...contact, quota: 256 }),
    "v4.email.delete": () => ({ id: 101, ...contact }),
    "v3.email.delete": () => ({ ...DEMO_HOSTING.v3, ...contact }),
    "v2.email.delete": () => ({ id: 101, ...contact }),
    "v4.email.suspend": () => ({ id: 101, email: "contact@agency-demo.com" }),
    "v3.email.suspend": () => ({ ...DEMO_HOSTING.v3, email: "contact@agency-demo.com" }),
    "v2.email.suspend": () => ({ id: 101, emails: [contact] }),
    "v4.email.unsuspend": () => ({ id: 101, email: "contact@agency-demo.com" }),
    "v3.email.unsuspend": () => ({ ...DEMO_HOSTING.v3, email: "contact@agency-demo.com" }),
    "v2.email.unsuspend": (state) => {
      state.hostings["101"]!.emails[0]!.status = "SUSPENDED";
      return { id: 101, emails: [contact] };
    },
    "v2.email.getAuths": () => ({ id: 101, ...contact }),
    "v2.email.enableAuth": () => ({ id: 101, ...contact, auth: "dMarc" }),
    "v2.email.disableAuth": () => ({ id: 101, ...contact, auth: "dkim" }),
  },
};

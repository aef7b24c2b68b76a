/**
 * EmailAccount lifecycle: one mailbox `user@domain` of a hosting account, with its password and
 * quota.
 *
 * API calls (v3 CONFIRMED at `/v3/hosting/email*`, catalog §4.1: S2, S4-PR83, T2; v4 the v3 paths
 * under `/v4`, INFERRED-M; v2 CONFIRMED under `/n0c-api/email*`, catalog §4.2):
 * - create: `email.create` (`domain`, `mailUser`, `password`, and `quota` when declared);
 * - read: `email.list` (`data[]{email, account, quota, status}`, S2), shared through the read
 *   cache per hosting account. The listing never shows the password, so state keeps the one this
 *   stack set: drift of the password cannot be seen; drift of the quota can;
 * - update: v4 and v3 `email.update` (PATCH with `password?` and `quota?`, one call); v2 has no
 *   PATCH but `email.changePassword` and `email.changeQuota`, chosen with `ctx.has`. Only what
 *   changed is sent;
 * - delete: `email.delete`; a mailbox already gone counts as deleted.
 *
 * A change of hosting account, domain or user is another address, so it replaces the mailbox;
 * the old one is deleted first because a replacement that only changes the letter case of a name
 * would otherwise collide with it. Deleting a mailbox deletes the mail in it.
 *
 * Identity read (`find`, docs/decisions/0019): the address in `email.list`. The runtime runs it
 * before the create: a mailbox that exists already fails the create before any write, naming it,
 * unless `adopt: true`, when create sets the declared password (which cannot be read, so it is
 * always sent) and quota on it instead. After a create whose outcome is unknown the runtime polls
 * the same read: a mailbox created although the reply was lost is taken into state, and the
 * create is never sent twice.
 */
import type { OperationParams } from "../../client/endpoints";
import type { ProviderContext, HostingAddress } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, updating } from "../../provider/lifecycle/errors";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/lifecycle/ids";
import { normalizeDomain } from "../../util/names";
import { mailboxAddress, mailboxesScope, mailboxListing as listing, type MailboxEntry } from "../shared/mailboxes";
import { emailAccountInputs, normalizeEmailAccount, normalizeMailUser, type EmailAccountInputs, type EmailAccountOutputs } from "./schema";

type Inputs = EmailAccountInputs;
type Outputs = EmailAccountOutputs;

type MailboxKey = Pick<Inputs, "hostingId" | "domain" | "user">;

/**
 * The mailbox's id: `<hostingId>/<user>@<domain>`.
 *
 * @example
 * emailAccountId({ hostingId: 101, user: "sales", domain: "agency-demo.com" }); // "101/sales@agency-demo.com"
 */
export function emailAccountId(v: MailboxKey): string {
  return hostingScopedId(v.hostingId, `${v.user}@${v.domain}`);
}

/** The `<user>@<domain>` part of an id, both in canonical form. */
const addressPart: IdPart<{ user: string; domain: string }> = (text) => {
  const m = /^([^@]+)@([^@]+)$/.exec(text);
  if (!m) return undefined;
  const user = normalizeMailUser(m[1]!);
  const domain = normalizeDomain(m[2]!);
  return user.ok && domain.ok ? { user: user.value, domain: domain.value } : undefined;
};

/**
 * What an id names, or undefined when it is not `<hostingId>/<user>@<domain>`.
 *
 * @example
 * parseEmailAccountId("101/Sales@Agency-Demo.com"); // { hostingId: 101, user: "sales", domain: "agency-demo.com" }
 */
export function parseEmailAccountId(id: string): MailboxKey | undefined {
  const key = parseHostingScopedId(id, { address: addressPart });
  return key && { hostingId: key.hostingId, ...key.address };
}

function mailboxOf(entries: readonly MailboxEntry[] | undefined, key: MailboxKey): MailboxEntry | undefined {
  const wanted = `${key.user}@${key.domain}`;
  return entries?.find((e) => mailboxAddress(e) === wanted);
}

function outputsOf(v: MailboxKey & Partial<Outputs>, entry: Partial<MailboxEntry> | undefined): Outputs {
  const quota = entry?.quota ?? v.quota;
  return {
    hostingId: v.hostingId,
    domain: v.domain,
    user: v.user,
    ...(v.password !== undefined ? { password: v.password } : {}),
    ...(quota !== undefined ? { quota } : {}),
    email: `${v.user}@${v.domain}`,
  };
}

/**
 * Sets what differs from `olds` (a password not known to be set, a declared quota not known to be
 * live): one PATCH on v4 and v3, the two v2 operations otherwise. Nothing changed sends nothing.
 */
async function applySettings(ctx: ProviderContext, address: HostingAddress, news: Inputs, olds: Partial<Outputs>): Promise<void> {
  const mailbox = { ...address, domain: news.domain, mailUser: news.user };
  const password = olds.password !== news.password ? { password: news.password } : {};
  const quota = news.quota !== undefined && news.quota !== olds.quota ? { quota: news.quota } : {};
  const scopes = [mailboxesScope(news.hostingId)];
  if (ctx.has("email.update")) {
    if ("password" in password || "quota" in quota) await ctx.write("email.update", { ...mailbox, ...password, ...quota }, scopes);
    return;
  }
  if ("password" in password) await ctx.write("email.changePassword", { ...mailbox, password: news.password }, scopes);
  if (quota.quota !== undefined) await ctx.write("email.changeQuota", { ...mailbox, quota: quota.quota }, scopes);
}

function createParams(address: HostingAddress, v: Inputs): OperationParams<"email.create"> {
  return { ...address, domain: v.domain, mailUser: v.user, password: v.password, ...(v.quota !== undefined ? { quota: v.quota } : {}) };
}

/** Creates the mailbox; an outcome that is unknown is left to the runtime, which settles it by the identity read. */
async function createMailbox(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<void> {
  const mailbox = `${v.user}@${v.domain}`;
  try {
    await ctx.write("email.create", createParams(address, v), [mailboxesScope(v.hostingId)]);
  } catch (err) {
    const code = apiErrorCode(err);
    // S2 recognises "already exist" in the refusal of a second mailbox of one address (catalog §7.2).
    if (code === "conflict" || (code === "validation" && /already exist/i.test(messageOf(err)))) {
      throw new Error(
        `The mailbox ${mailbox} already exists on hosting account ${v.hostingId} (API: ${messageOf(err)}); it was created since this create looked. ` +
          `Nothing was changed. Declare it with adopt: true to take it over, or read it with EmailAccount.get and the id "${emailAccountId(v)}"`,
        { cause: err },
      );
    }
    if (code === "not-found") {
      throw new Error(`Cannot create ${mailbox}: ${messageOf(err)} (the domain must be attached to hosting account ${v.hostingId})`, {
        cause: err,
      });
    }
    throw err;
  }
}

/**
 * The EmailAccount declaration: identity is the hosting account, the domain and the local part;
 * the password and the quota change in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("EmailAccount").id.format; // "<hostingId>/<user>@<domain>, e.g. 101/sales@example.com"
 */
export const emailAccountDefinition = defineResource<typeof emailAccountInputs, Inputs, Outputs>({
  type: "EmailAccount",
  inputs: emailAccountInputs,
  normalize: normalizeEmailAccount,
  identity: ["hostingId", "domain", "user"],
  replaceOn: ["hostingId", "domain", "user"],
  // The replacement may take the same address (a spelling change), which the API refuses twice.
  deleteBeforeReplace: true,
  secretOutputs: ["password"],
  id: {
    format: "<hostingId>/<user>@<domain>, e.g. 101/sales@example.com",
    build: (v) => emailAccountId(v),
    parse: (id) => parseEmailAccountId(id),
  },
  onMissing: "remove",
  requires: () => [
    { property: "user", operations: ["email.list", "email.create", "email.delete"] },
    { property: "password", operations: ["email.update", "email.changePassword"], anyOf: true },
    { property: "quota", operations: ["email.update", "email.changeQuota"], anyOf: true },
  ],

  async find(ctx, inputs, { fresh }) {
    // `check` lower-cases the local part and writes the domain in ASCII, so one mailbox is named
    // one way: the read before a create may be served a listing that this process's writes of
    // other mailboxes dropped (provider/runtime/cache.ts).
    const reads = fresh ? ctx : ctx.identityReads();
    const entry = mailboxOf(await listing(reads, await reads.hosting(inputs.hostingId), fresh), inputs);
    return (
      entry && {
        id: emailAccountId(inputs),
        description: `the mailbox ${inputs.user}@${inputs.domain}${entry.quota === undefined ? "" : ` (quota ${entry.quota} MB)`}`,
      }
    );
  },

  async create(ctx, inputs, adopting) {
    const address = await ctx.hosting(inputs.hostingId);
    if (adopting) {
      // Taken over (`adopt: true`): the password cannot be read, so it is always set; the quota
      // only when declared and not the live one.
      const live = mailboxOf(await listing(ctx, address, true), inputs);
      await applySettings(ctx, address, inputs, { quota: live?.quota });
      return { id: emailAccountId(inputs), outs: outputsOf(inputs, live && { ...live, quota: inputs.quota ?? live.quota }) };
    }
    await createMailbox(ctx, address, inputs);
    // A mailbox created without a quota has the API's default, which only the listing shows.
    const entry = inputs.quota === undefined ? mailboxOf(await listing(ctx, address, true), inputs) : undefined;
    return { id: emailAccountId(inputs), outs: outputsOf(inputs, entry) };
  },

  async read(ctx, { id, props }) {
    const key = parseEmailAccountId(id)!;
    const entry = mailboxOf(await listing(ctx, await ctx.hosting(key.hostingId), false), key);
    if (!entry) return undefined;
    // The password is kept from state: the API cannot return it (drift on it cannot be seen).
    // The canonical id: an import may spell the address in another letter case.
    return { id: emailAccountId(key), outs: outputsOf({ ...props, ...key }, entry) };
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(news.hostingId);
    await updating(`The mailbox ${news.user}@${news.domain}`, () => applySettings(ctx, address, news, olds));
    return outputsOf({ ...olds, ...news, quota: news.quota ?? olds.quota }, undefined);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("email.delete", { ...address, domain: props.domain, mailUser: props.user }, [mailboxesScope(props.hostingId)]);
    } catch (err) {
      // Already gone, or its domain or hosting account is: either way the mailbox no longer exists.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

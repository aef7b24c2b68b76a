/**
 * FtpAccount lifecycle: one FTP login `user@domain` of a hosting account, with its root directory
 * and password.
 *
 * API calls (v3 CONFIRMED by S2 at `/v3/hosting/ftp`; v4 the same paths under `/v4`, INFERRED-M,
 * catalog §1 #64-67; v2 CONFIRMED, catalog §3 #28-32):
 * - create: `ftp.createAccount` (`createFolder` on v4 and v3 only: the v2 add body has none, S8);
 * - read: `ftp.listAccounts` (`data[]{id, username, path}`), shared through the read cache per
 *   hosting account. The listing never shows the password, so state keeps the one this stack set;
 * - update: v4 and v3 `ftp.editAccount` (password required, path optional; one call); v2 has no
 *   edit but `ftp.changePassword` and `ftp.updatePath`, chosen with `ctx.has`;
 * - delete: `ftp.deleteAccount`; an account already gone counts as deleted.
 *
 * A change of hosting account, domain or user is a new login, so it replaces the account; the old
 * one is deleted first because a replacement that only changes the letter case of a name would
 * otherwise collide with it.
 *
 * A login that exists already fails the create before anything is sent, naming the id, unless
 * `adopt` is set: create then takes the login over without creating it, setting the declared
 * password and path with the update's operations. Without it an existing
 * login is never taken over silently: its password would change under whoever uses it. The look
 * is the identity read (`find`: the login in `ftp.listAccounts`, whose `username` is
 * `user@domain`, v3 CONFIRMED by S2), which the runtime runs before the create and polls after a
 * create whose outcome is unknown (docs/decisions/0019): an account created although its reply
 * was lost is found and taken into state, and the create is never sent twice.
 */
import type { z } from "zod";
import type { ftpAccountEntry } from "../../client/endpoints/ftp";
import type { OperationParams } from "../../client/endpoints";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, updating, unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/lifecycle/ids";
import { normalizeDomain } from "../../util/names";
import {
  ftpAccountInputs,
  normalizeFtpPath,
  normalizeFtpUser,
  normalizeFtpAccount,
  type FtpAccountInputs,
  type FtpAccountOutputs,
} from "./schema";

type Inputs = FtpAccountInputs;
type Outputs = FtpAccountOutputs;
type Entry = z.output<typeof ftpAccountEntry>;

type AccountKey = Pick<Inputs, "hostingId" | "domain" | "user">;

/** Cache and write scope: the FTP accounts of one hosting account. */
const scopeOf = (hostingId: number) => `ftp:${hostingId}`;

/**
 * The account's id: `<hostingId>/<user>@<domain>`.
 *
 * @example
 * ftpAccountId({ hostingId: 101, user: "ci", domain: "agency-demo.com" }); // "101/ci@agency-demo.com"
 */
export function ftpAccountId(v: AccountKey): string {
  return hostingScopedId(v.hostingId, `${v.user}@${v.domain}`);
}

/** The `<user>@<domain>` part of an id, both in canonical form. */
const loginPart: IdPart<{ user: string; domain: string }> = (text) => {
  const m = /^([^@]+)@([^@]+)$/.exec(text);
  if (!m) return undefined;
  const user = normalizeFtpUser(m[1]!);
  const domain = normalizeDomain(m[2]!);
  return user.ok && domain.ok ? { user: user.value, domain: domain.value } : undefined;
};

/**
 * What an id names, or undefined when it is not `<hostingId>/<user>@<domain>`.
 *
 * @example
 * parseFtpAccountId("101/CI@Agency-Demo.com"); // { hostingId: 101, user: "ci", domain: "agency-demo.com" }
 */
export function parseFtpAccountId(id: string): AccountKey | undefined {
  const key = parseHostingScopedId(id, { login: loginPart });
  return key && { hostingId: key.hostingId, ...key.login };
}

/** The login of a listing entry in canonical form (`user@domain`, domain in ASCII lower case). */
function loginOf(username: string): string {
  const at = username.lastIndexOf("@");
  if (at < 0) return username.trim().toLowerCase();
  const domain = normalizeDomain(username.slice(at + 1));
  return `${username.slice(0, at).trim().toLowerCase()}@${domain.ok ? domain.value : username.slice(at + 1).toLowerCase()}`;
}

/** The accounts of a hosting account, or undefined when the account itself is gone (404). */
async function listing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<Entry[] | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("ftp.listAccounts", { ...address }) : ctx.read("ftp.listAccounts", { ...address }, [scopeOf(address.id)]),
  );
  // Every version lists accounts in `data` (v4 document, FTP: "data (array of FTP account entries)").
  return reply?.data;
}

function outputsOf(v: AccountKey & Partial<Outputs>, entry: Partial<Entry>, fallbackPath: string): Outputs {
  const path = entry.path === undefined ? undefined : normalizeFtpPath(entry.path);
  return {
    hostingId: v.hostingId,
    domain: v.domain,
    user: v.user,
    // A path written by another tool that does not normalize is kept as the API shows it.
    path: path === undefined ? fallbackPath : path.ok ? path.value : entry.path!,
    ...(v.password !== undefined ? { password: v.password } : {}),
    createFolder: v.createFolder ?? false,
    username: `${v.user}@${v.domain}`,
    ...(entry.id !== undefined ? { accountId: entry.id } : v.accountId !== undefined ? { accountId: v.accountId } : {}),
    ...(v.adopt !== undefined ? { adopt: v.adopt } : {}),
  };
}

/**
 * Sets the password and the path of an existing account: one edit on v4 and v3, the two
 * separate v2 operations otherwise (only those whose value changes).
 */
async function applySettings(ctx: ProviderContext, address: HostingAddress, news: Inputs, olds?: Partial<Outputs>): Promise<void> {
  const account = { ...address, domain: news.domain, ftpUser: news.user };
  const scopes = [scopeOf(news.hostingId)];
  if (ctx.has("ftp.editAccount")) {
    // The edit requires the password (v4 document, Edit account); sending the path too keeps one call.
    await ctx.write("ftp.editAccount", { ...account, password: news.password, path: news.path }, scopes);
    return;
  }
  if (olds?.password !== news.password) await ctx.write("ftp.changePassword", { ...account, password: news.password }, scopes);
  if (olds?.path !== news.path) await ctx.write("ftp.updatePath", { ...account, path: news.path }, scopes);
}

/** The create request; `createFolder` travels only where the add body has it (not v2, S8 FtpaccountAddBody). */
function createParams(ctx: ProviderContext, address: HostingAddress, v: Inputs): OperationParams<"ftp.createAccount"> {
  const folder = ctx.version !== "v2" && v.createFolder ? { createFolder: true } : {};
  return { ...address, domain: v.domain, ftpUser: v.user, path: v.path, password: v.password, ...folder };
}

/** The listing entry of `login` read afresh, or undefined (also when the hosting account is gone). */
async function findAccount(ctx: ProviderContext, address: HostingAddress, login: string): Promise<Entry | undefined> {
  return (await listing(ctx, address, true))?.find((e) => loginOf(e.username) === login);
}

/**
 * Takes over a login that exists already (`adopt`): sets the declared password, which cannot be
 * read and so is always sent, and the path (on v2 only when it differs). Returns the entry as it
 * now is.
 */
async function takeOver(ctx: ProviderContext, address: HostingAddress, v: Inputs, entry: Entry): Promise<Partial<Entry>> {
  const live = entry.path === undefined ? undefined : normalizeFtpPath(entry.path);
  await applySettings(ctx, address, v, { path: live?.ok ? live.value : entry.path });
  return { ...entry, path: v.path };
}

/** The refusal to take over a login that exists, with what to do instead. */
function existsAlready(v: Inputs, api?: unknown): string {
  return (
    `The FTP account ${v.user}@${v.domain} already exists on hosting account ${v.hostingId}${api === undefined ? "" : ` (API: ${messageOf(api)})`}. ` +
    "It is not taken over silently: set adopt: true to take it over (its password and path are then set to the declared ones), " +
    `delete it first, or read it by the id "${ftpAccountId(v)}" (FtpAccount.get)`
  );
}

/** The refusal to take over a login that exists, unless `adopt` is set (the definition's `refuseTakeover`). */
function refuseTakeover(v: Inputs): Error | undefined {
  return v.adopt ? undefined : new Error(`${existsAlready(v)}. Nothing was changed.`);
}

/** Creates the login; an outcome that is unknown is left to the runtime, which settles it by the identity read. */
async function createAccount(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<Partial<Entry>> {
  const login = `${v.user}@${v.domain}`;
  try {
    return await ctx.write("ftp.createAccount", createParams(ctx, address, v), [scopeOf(v.hostingId)]);
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "conflict") {
      // Created by someone else since the identity read: take it over all the same.
      const found = v.adopt ? await findAccount(ctx, address, login) : undefined;
      if (found) return takeOver(ctx, address, v, found);
      throw new Error(existsAlready(v, err), { cause: err });
    }
    if (code === "not-found") {
      throw new Error(`Cannot create ${login}: ${messageOf(err)} (the domain must be attached to hosting account ${v.hostingId})`, {
        cause: err,
      });
    }
    throw err;
  }
}

/**
 * The FtpAccount declaration: identity is the hosting account, the domain and the local part;
 * the path and the password change in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("FtpAccount").id.format; // "<hostingId>/<user>@<domain>, e.g. 101/ci@example.com"
 */
export const ftpAccountDefinition = defineResource<typeof ftpAccountInputs, Inputs, Outputs>({
  type: "FtpAccount",
  inputs: ftpAccountInputs,
  normalize: normalizeFtpAccount,
  identity: ["hostingId", "domain", "user"],
  replaceOn: ["hostingId", "domain", "user"],
  // The replacement may take the same login (a spelling change), which the API refuses twice.
  deleteBeforeReplace: true,
  secretOutputs: ["password"],
  id: {
    format: "<hostingId>/<user>@<domain>, e.g. 101/ci@example.com",
    build: (v) => ftpAccountId(v),
    parse: (id) => parseFtpAccountId(id),
  },
  onMissing: "remove",
  // createFolder and adopt matter to the create only; a path change creates the directory anyway.
  diff: { ignore: ["createFolder", "adopt"] },
  requires: () => [
    { property: "user", operations: ["ftp.listAccounts", "ftp.createAccount", "ftp.deleteAccount"] },
    { property: "password", operations: ["ftp.editAccount", "ftp.changePassword"], anyOf: true },
    { property: "path", operations: ["ftp.editAccount", "ftp.updatePath"], anyOf: true },
  ],

  refuseTakeover,

  async find(ctx, inputs, { fresh }) {
    // `check` lower-cases the login and writes the domain in ASCII, so one login is named one way:
    // the read before a create may be served a listing that this process's writes of other
    // logins dropped (provider/runtime/cache.ts).
    const reads = fresh ? ctx : ctx.identityReads();
    const login = `${inputs.user}@${inputs.domain}`;
    const entry = (await listing(reads, await reads.hosting(inputs.hostingId), fresh))?.find((e) => loginOf(e.username) === login);
    return (
      entry && {
        id: ftpAccountId(inputs),
        description: `the FTP account ${login}${entry.path === undefined ? "" : ` (path ${entry.path})`}`,
      }
    );
  },

  async create(ctx, inputs, existing) {
    const address = await ctx.hosting(inputs.hostingId);
    const found = existing ? await findAccount(ctx, address, `${inputs.user}@${inputs.domain}`) : undefined;
    const entry = found ? await takeOver(ctx, address, inputs, found) : await createAccount(ctx, address, inputs);
    return { id: ftpAccountId(inputs), outs: outputsOf(inputs, entry, inputs.path) };
  },

  async read(ctx, { id, props }) {
    const key = parseFtpAccountId(id)!;
    const entries = await listing(ctx, await ctx.hosting(key.hostingId), false);
    const entry = entries?.find((e) => loginOf(e.username) === `${key.user}@${key.domain}`);
    if (!entry) return undefined;
    // The password is kept from state: the API cannot return it (drift on it cannot be seen).
    // The canonical id: an import may spell the login in another letter case.
    return { id: ftpAccountId(key), outs: outputsOf({ ...props, ...key }, entry, props?.path ?? "/") };
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(news.hostingId);
    await updating(`The FTP account ${news.user}@${news.domain}`, () => applySettings(ctx, address, news, olds));
    return outputsOf({ ...olds, ...news }, {}, news.path);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("ftp.deleteAccount", { ...address, domain: props.domain, ftpUser: props.user }, [scopeOf(props.hostingId)]);
    } catch (err) {
      // Already gone, or its domain or hosting account is: either way the login no longer exists.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

/**
 * Redirection lifecycle: one redirection of a domain attached to a hosting account.
 *
 * API calls (v4 and v3 paths INFERRED-L, catalog §1 #27-29; v2 CONFIRMED, catalog §4.2):
 * - create: `redirections.add` (v4/v3 `domain, rType, destinationUrl`; v2 the external
 *   redirection, `domain, https, rType, destinationDomain`);
 * - read: `redirections.list`, shared through the read cache per hosting account;
 * - update: none in the API. Every input replaces the redirection, deleting the old one first
 *   because a domain holds one redirection only (a second add is refused);
 * - delete: `redirections.delete`; a redirection already gone counts as deleted, and one whose
 *   outcome is unknown is settled by reading the listing, not retried at once (decision 0030).
 *
 * The listing shows `domain, https, www, rType, domainRedirection` and never the destination
 * (v4 document, "Redirection entry"), so drift of the destination cannot be seen; a change of
 * status (`rType`) can, and so can another kind of redirection put in its place (v2 internal
 * redirections list `domainRedirection: false`), which drops the destination from state so the
 * next `up` recreates the declared one.
 */
import type { OperationParams } from "../../client/endpoints";
import type { RedirectionEntry } from "../../client/endpoints/redirections";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, PartialCreateError, unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { domainIdPart, hostingDomainId, namePart, parseHostingDomainId, parseHostingScopedId } from "../../provider/lifecycle/ids";
import { normalizeDomain } from "../../util/names";
import { outcomeUnknown, settleCreate, settleDelete } from "../../provider/runtime/settle";
import {
  DEFAULT_REDIRECTION_TYPE,
  normalizeDestination,
  normalizeRedirection,
  redirectionInputs,
  v2Destination,
  type RedirectionInputs,
  type RedirectionOutputs,
  type RedirectionType,
} from "./schema";

type Inputs = RedirectionInputs;
type Outputs = RedirectionOutputs;

/** Cache and write scope: the redirections of one hosting account. */
const scopeOf = (hostingId: number) => `redirections:${hostingId}`;

/**
 * The redirection's id: `<hostingId>/<domain>`.
 *
 * @example
 * redirectionId({ hostingId: 101, domain: "client-shop.net" }); // "101/client-shop.net"
 */
export function redirectionId(v: { hostingId: number; domain: string }): string {
  return hostingDomainId(v);
}

/**
 * What an id names, or undefined when it is malformed. Besides `<hostingId>/<domain>`, an
 * import id may end with the destination (`101/client-shop.net/https://agency-demo.com/shop`):
 * the listing cannot tell it, and giving it lets an imported redirection match the program
 * without being recreated.
 *
 * @example
 * parseRedirectionId("101/Client-Shop.net"); // { hostingId: 101, domain: "client-shop.net" }
 * parseRedirectionId("101/client-shop.net/https://agency-demo.com/shop")?.destinationUrl; // "https://agency-demo.com/shop"
 */
export function parseRedirectionId(id: string): Partial<Inputs> | undefined {
  return (
    parseHostingDomainId(id) ??
    parseHostingScopedId(id, { domain: domainIdPart, destinationUrl: namePart(normalizeDestination) }, { rest: true })
  );
}

/** An entry's domain in the canonical form of our inputs (the API may answer in Unicode or upper case). */
function entryDomain(e: RedirectionEntry): string {
  const d = normalizeDomain(e.domain);
  return d.ok ? d.value : e.domain.toLowerCase();
}

/** The listing of the account, or undefined when the account (and so the redirection) is gone. */
async function listing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<RedirectionEntry[] | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("redirections.list", { ...address }) : ctx.read("redirections.list", { ...address }, [scopeOf(address.id)]),
  );
  return reply?.data;
}

async function liveEntry(
  ctx: ProviderContext,
  address: HostingAddress,
  domain: string,
  fresh = false,
): Promise<RedirectionEntry | undefined> {
  return (await listing(ctx, address, fresh))?.find((e) => entryDomain(e) === domain);
}

/** The add request of the configured version. */
function addParams(ctx: ProviderContext, address: HostingAddress, v: Inputs): OperationParams<"redirections.add"> {
  if (ctx.version === "v2") return { ...address, domain: v.domain, rType: v.type, ...v2Destination(v.destinationUrl) };
  return { ...address, domain: v.domain, rType: v.type, destinationUrl: v.destinationUrl };
}

/**
 * Adds the redirection. A lost response (`outcome-unknown`) is left to the caller, which settles
 * it by polling the identity read (the runtime's settle for a create, `addInPlaceOf` for an
 * update), never by adding again.
 */
async function add(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<void> {
  try {
    await ctx.write("redirections.add", addParams(ctx, address, v), [scopeOf(v.hostingId)]);
  } catch (err) {
    if (apiErrorCode(err) === "conflict") {
      throw new Error(
        `${v.domain} already has a redirection on hosting account ${v.hostingId} (a domain holds one); delete it, or adopt it with ` +
          `Redirection.get using the id "${redirectionId(v)}/${v.destinationUrl}"`,
        { cause: err },
      );
    }
    throw err;
  }
}

/**
 * Deletes the redirection. A change adds the domain's new one right after (the API cannot change
 * one: the engine's delete before a replacement, or an update), so a delete whose outcome is
 * unknown is settled by reading before anything else is sent: an attempt still held up in the API
 * would otherwise land after that add and remove the new redirection, as the simulator's
 * `timeout` and `delayed-apply` faults showed (provider/runtime/settle.ts, docs/decisions/0030).
 */
async function remove(ctx: ProviderContext, address: HostingAddress, v: { hostingId: number; domain: string }): Promise<void> {
  await settleDelete(
    ctx,
    `The redirection of ${v.domain} on hosting account ${v.hostingId}`,
    async (options) => {
      try {
        await ctx.write("redirections.delete", { ...address, domain: v.domain }, [scopeOf(v.hostingId)], undefined, options);
      } catch (err) {
        // Already gone (or the domain left the account, taking its redirection with it).
        if (apiErrorCode(err) === "not-found") return;
        throw err;
      }
    },
    async () => (await liveEntry(ctx, address, v.domain, true)) !== undefined,
  );
}

function statusOf(rType: number | undefined, fallback: RedirectionType): RedirectionType {
  return rType === 301 || rType === 302 ? rType : fallback;
}

/** Outputs from the inputs and, where the listing has it, the live entry. */
function outputsOf(v: Inputs, entry: RedirectionEntry | undefined): Outputs {
  return {
    hostingId: v.hostingId,
    domain: v.domain,
    destinationUrl: v.destinationUrl,
    type: statusOf(entry?.rType, v.type),
    // Without an entry (a listing that lags behind the add), the values the add implies: the
    // scheme of the destination, and no forced www (inferred from the v2 bodies, catalog §4.2).
    https: entry?.https ?? v.destinationUrl.startsWith("https:"),
    www: entry?.www ?? false,
  };
}

/**
 * Adds the redirection (removing the one found first when adopting it: the API cannot change a
 * redirection, and a domain holds one). A plain success is the API's word that the redirection is
 * there as asked, so its outputs are what the add implies (`outputsOf` without an entry) and
 * nothing is read back: under the CLI each add arrives alone, and a read-back cost a listing read
 * per redirection (100 of 800 calls creating the 1000-resource stack of `npm run bench`). What the
 * listing alone knows (`https`, `www` as the account applies them) comes in with the next
 * refresh. An add whose outcome is unknown throws it, for its caller to settle by reading.
 */
async function createRedirection(ctx: ProviderContext, v: Inputs, adopting = false): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  await ctx.serial(scopeOf(v.hostingId), async () => {
    if (adopting) await remove(ctx, address, v);
    await add(ctx, address, v);
  });
  return outputsOf(v, undefined);
}

/**
 * The add of an update, once the old redirection is gone. An add whose outcome is unknown is
 * settled by polling the identity read, as a create's is, and never sent again. If the add does
 * not settle, the update fails carrying the id and the new redirection's state, so that the
 * engine keeps it as "failed to initialise" rather than the deleted one: the next `up` updates it
 * with the same inputs, which reads it back and adds it only if it is not there, and a refresh
 * drops it if the API never made it. An add that failed for certain leaves nothing in the old
 * one's place, and says so; the state still names the old redirection, so the next `up` deletes
 * (already gone counts as deleted) and adds again, and a refresh drops it.
 */
async function addInPlaceOf(ctx: ProviderContext, olds: Pick<Outputs, "hostingId" | "domain">, news: Inputs): Promise<Outputs> {
  const replaced = `The redirection of ${olds.domain} on hosting account ${olds.hostingId} was deleted to be replaced (the API cannot change one)`;
  try {
    return await createRedirection(ctx, news);
  } catch (err) {
    if (!outcomeUnknown(err))
      throw new Error(`${replaced}, but adding the new one failed, so none is in its place: ${messageOf(err)}`, { cause: err });
    try {
      return (await settleCreate(ctx, redirectionDefinition, { ...news }, err)).outs as unknown as Outputs;
    } catch {
      // settleCreate fails only when its reads found nothing over the wait.
      throw new PartialCreateError(
        redirectionId(news),
        outputsOf(news, undefined),
        `${replaced}, and adding the new one may or may not have been applied (${messageOf(err)}); reading for it over ${ctx.settings.settleWaitMs} ms ` +
          "(reseller:settleWaitMs) did not find it, and the add was not sent again. It is kept in state as not set up: the next `pulumi up` reads it and adds it only if it is not there, and `pulumi refresh` drops it if it is not",
      );
    }
  }
}

/**
 * The Redirection declaration: identity is the hosting account and the domain; the API cannot
 * change a redirection, so every input replaces it, deleting the old one first (one per domain).
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("Redirection").id.format; // "<hostingId>/<domain>"
 */
export const redirectionDefinition = defineResource<typeof redirectionInputs, Inputs, Outputs>({
  type: "Redirection",
  inputs: redirectionInputs,
  normalize: normalizeRedirection,
  identity: ["hostingId", "domain"],
  replaceOn: ["hostingId", "domain", "destinationUrl", "type"],
  deleteBeforeReplace: true,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<domain>, e.g. 101/client-shop.net; for an import, optionally /<destinationUrl> after it",
    build: (v) => redirectionId(v),
    parse: (id) => parseRedirectionId(id),
    // The listing never shows the destination: an import from the state carries it, so the
    // moved redirection matches the program instead of being replaced (docs/decisions/0027).
    importId: (o) => (o.destinationUrl === undefined ? redirectionId(o) : `${redirectionId(o)}/${o.destinationUrl}`),
  },
  onMissing: "remove",
  requires: () => [{ property: "destinationUrl", operations: ["redirections.list", "redirections.add", "redirections.delete"] }],

  async find(ctx, inputs, { fresh }) {
    // `check` writes the domain in ASCII and lower case, so one redirection is named one way: the
    // read before a create may be served a listing that this process's writes of other
    // redirections dropped (provider/runtime/cache.ts, docs/decisions/0016).
    const reads = fresh ? ctx : ctx.identityReads();
    const entry = await liveEntry(reads, await reads.hosting(inputs.hostingId), inputs.domain, fresh);
    if (!entry) return undefined;
    const status = entry.rType === 301 || entry.rType === 302 ? ` (${entry.rType})` : "";
    return {
      id: redirectionId(inputs),
      description: `the redirection${status} of ${inputs.domain} on hosting account ${inputs.hostingId}`,
    };
  },

  async create(ctx, inputs, adopting) {
    return { id: redirectionId(inputs), outs: await createRedirection(ctx, inputs, adopting !== undefined) };
  },

  async read(ctx, { key, props }) {
    const v = { ...key, ...(props ?? {}) } as Partial<Outputs> & Pick<Inputs, "hostingId" | "domain">;
    const entry = await liveEntry(ctx, await ctx.hosting(v.hostingId), v.domain);
    if (!entry) return undefined;
    const outs: Outputs = {
      hostingId: v.hostingId,
      domain: v.domain,
      type: statusOf(entry.rType, v.type ?? DEFAULT_REDIRECTION_TYPE),
      https: entry.https ?? false,
      www: entry.www ?? false,
    };
    // A same-domain (internal) redirection in its place means the destination was replaced.
    if (entry.domainRedirection !== false && v.destinationUrl !== undefined) outs.destinationUrl = v.destinationUrl;
    return { id: redirectionId(v), outs };
  },

  async update(ctx, _id, olds, news) {
    // Every input is declared replace-on, so the engine asks for an update with unchanged inputs
    // only to finish one whose add did not settle (its init error): if the redirection is there,
    // reading it is all that is left. Otherwise the only way the API offers is to remove and add.
    const address = await ctx.hosting(olds.hostingId);
    if (
      olds.hostingId === news.hostingId &&
      olds.domain === news.domain &&
      olds.destinationUrl === news.destinationUrl &&
      olds.type === news.type
    ) {
      const entry = await liveEntry(ctx, address, news.domain, true);
      if (entry) return outputsOf(news, entry);
    }
    await ctx.serial(scopeOf(olds.hostingId), () => remove(ctx, address, olds));
    return addInPlaceOf(ctx, olds, news);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    await ctx.serial(scopeOf(props.hostingId), () => remove(ctx, address, props));
  },
});

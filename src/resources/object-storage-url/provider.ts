/**
 * ObjectStorageUrl lifecycle: one URL that publishes a hosting account's object-storage bucket.
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #56-59, INFERRED-L):
 * - create: `storage.addUrl` (`uri`, and `domain` unless the URL serves every domain);
 * - read: `storage.listUrls` (v4 `urls`, v3 `data`), shared through the read cache per account;
 * - update: `storage.updateUrl` by `urlId`, with `uri` and `domain` (`""` for every domain: the
 *   update request's `domain` is optional, and an omitted one could mean "unchanged");
 * - delete: `storage.deleteUrl`; a URL already gone counts as deleted.
 *
 * Identity read (`find`, docs/decisions/0019): the listing gives each URL's `uri` and `domain`
 * (v4 document, Object storage: "URL entry", INFERRED-L), so a URL with the declared URI on the
 * declared domain is found. The runtime runs it before the create: such a URL exists already and
 * is taken over only with `adopt: true` (nothing is added). An add whose outcome is unknown is
 * settled by the same read, polled by the runtime; the add is never sent twice.
 *
 * The account's object storage must be initialised first (`storage.initAccount`); until then
 * the operations answer 404 (simulator choice where the document is silent). This resource does
 * not initialise it: that creates an S3 account with credentials, which is a resource of its own.
 */
import type { z } from "zod";
import type { storageUrl } from "../../client/endpoints/storage";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, updating, unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingScopedId, parseHostingScopedId, positiveIdPart } from "../../provider/lifecycle/ids";
import {
  normalizeStorageDomain,
  normalizeStorageUri,
  normalizeObjectStorageUrl,
  objectStorageUrlInputs,
  type ObjectStorageUrlInputs,
  type ObjectStorageUrlOutputs,
} from "./schema";

type Inputs = ObjectStorageUrlInputs;
type Outputs = ObjectStorageUrlOutputs;
type Entry = z.output<typeof storageUrl>;

/** Cache and write scope: the object storage of one hosting account. */
const scopeOf = (hostingId: number) => `storage:${hostingId}`;

/**
 * The URL's id: `<hostingId>/<urlId>` (the listing that finds a URL is per hosting account).
 *
 * @example
 * storageUrlId({ hostingId: 101, urlId: 12 }); // "101/12"
 */
export function storageUrlId(v: { hostingId: number; urlId: number }): string {
  return hostingScopedId(v.hostingId, v.urlId);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<urlId>`.
 *
 * @example
 * parseStorageUrlId("101/12"); // { hostingId: 101, urlId: 12 }
 */
export function parseStorageUrlId(id: string): { hostingId: number; urlId: number } | undefined {
  return parseHostingScopedId(id, { urlId: positiveIdPart });
}

/** The error for a 404 from an account whose object storage is not initialised (or that is gone). */
function notInitialised(hostingId: number, err: unknown): Error {
  return new Error(
    `Object storage of hosting account ${hostingId} is not available (API: ${messageOf(err)}). ` +
      "Initialise the account's object storage first (an ObjectStorageAccount resource, or the control panel); " +
      "ObjectStorageUrl does not initialise it, and check that the hosting account exists",
    { cause: err },
  );
}

/** An entry in the canonical form of our inputs (a value that does not normalize is kept as it is). */
function outputsOf(hostingId: number, e: Entry): Outputs {
  const uri = normalizeStorageUri(e.uri);
  const domain = normalizeStorageDomain(e.domain ?? "");
  return {
    hostingId,
    uri: uri.ok ? uri.value : e.uri,
    domain: domain.ok ? domain.value : (e.domain ?? ""),
    urlId: e.id,
    dest: e.dest ?? "",
  };
}

/** The URLs of the account, or undefined when its storage (and so every URL) is gone. */
async function listing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<Entry[] | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("storage.listUrls", { ...address }) : ctx.read("storage.listUrls", { ...address }, [scopeOf(address.id)]),
  );
  return reply?.urls;
}

/** The body of an add or update: `domain` is left out of an add that serves every domain (v4 document, Add URL). */
function urlParams(v: Inputs, forUpdate: boolean): { uri: string; domain?: string } {
  return v.domain === "" && !forUpdate ? { uri: v.uri } : { uri: v.uri, domain: v.domain };
}

/** Adds the URL; an outcome that is unknown is left to the runtime, which settles it by the identity read. */
async function addUrl(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<Entry> {
  try {
    return await ctx.write("storage.addUrl", { ...address, ...urlParams(v, false) }, [scopeOf(v.hostingId)]);
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "not-found") throw notInitialised(v.hostingId, err);
    if (code === "conflict") {
      throw new Error(
        `${v.uri} on ${v.domain || "every domain"} is already published on hosting account ${v.hostingId} (API: ${messageOf(err)}); ` +
          `delete that URL, or adopt it with adopt: true (or read it with ObjectStorageUrl.get and its id "${v.hostingId}/<urlId>")`,
        { cause: err },
      );
    }
    throw err;
  }
}

/** The listed URL with the declared URI and domain (the newest, if the listing holds several). */
function declared(entries: readonly Entry[] | undefined, v: Inputs): Entry | undefined {
  const same = (entries ?? []).filter((e) => {
    const o = outputsOf(v.hostingId, e);
    return o.uri === v.uri && o.domain === v.domain;
  });
  return same.reduce<Entry | undefined>((a, b) => (a === undefined || b.id > a.id ? b : a), undefined);
}

/**
 * The ObjectStorageUrl declaration: the URL lives in one hosting account (a change of account
 * replaces it); its URI and domain change in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("ObjectStorageUrl").id.format; // "<hostingId>/<urlId>"
 */
export const objectStorageUrlDefinition = defineResource<typeof objectStorageUrlInputs, Inputs, Outputs>({
  type: "ObjectStorageUrl",
  inputs: objectStorageUrlInputs,
  normalize: normalizeObjectStorageUrl,
  // A URL is found by what it serves (`find`), and its writes are told apart by that in the read
  // cache, but the API assigns its id: only a change of account replaces it.
  identity: ["hostingId", "uri", "domain"],
  replaceOn: ["hostingId"],
  // The new URL lives in another account: nothing collides, so the old one goes after.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<urlId>, e.g. 101/12",
    // The URL id is the API's: an id exists only once the URL does (from outputs, not inputs).
    build: (v) => {
      if (!("urlId" in v)) throw new Error("an ObjectStorageUrl id needs the urlId the API gives the URL when it is created");
      return storageUrlId(v);
    },
    parse: (id) => {
      const parsed = parseStorageUrlId(id);
      return parsed && { hostingId: parsed.hostingId };
    },
  },
  onMissing: "remove",
  requires: () => [{ property: "uri", operations: ["storage.listUrls", "storage.addUrl", "storage.updateUrl", "storage.deleteUrl"] }],

  async find(ctx, inputs, { fresh }) {
    // `check` writes the URI and the domain one way, so one URL is named one way: the read before
    // a create may be served a listing that this process's adds of other URLs dropped
    // (provider/runtime/cache.ts, docs/decisions/0016).
    const reads = fresh ? ctx : ctx.identityReads();
    const entry = declared(await listing(reads, await reads.hosting(inputs.hostingId), fresh), inputs);
    return (
      entry && {
        id: storageUrlId({ hostingId: inputs.hostingId, urlId: entry.id }),
        description: `the object storage URL ${inputs.uri} on ${inputs.domain || "every domain"} (url id ${entry.id})`,
      }
    );
  },

  async create(ctx, inputs, adopting) {
    const address = await ctx.hosting(inputs.hostingId);
    // Taken over (`adopt: true`): the URL as listed; it already has the declared URI and domain.
    const urlId = adopting && parseStorageUrlId(adopting.id)!.urlId;
    const adopted = urlId === undefined ? undefined : (await listing(ctx, address, true))?.find((e) => e.id === urlId);
    const outs = outputsOf(inputs.hostingId, adopted ?? (await addUrl(ctx, address, inputs)));
    return { id: storageUrlId(outs), outs };
  },

  async read(ctx, { id }) {
    const { hostingId, urlId } = parseStorageUrlId(id)!;
    const urls = await listing(ctx, await ctx.hosting(hostingId), false);
    const entry = urls?.find((e) => e.id === urlId);
    return entry ? { outs: outputsOf(hostingId, entry) } : undefined;
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(news.hostingId);
    const reply = await updating(`Storage URL ${olds.urlId} of hosting account ${news.hostingId}`, () =>
      ctx.write("storage.updateUrl", { ...address, urlId: olds.urlId, ...urlParams(news, true) }, [scopeOf(news.hostingId)]),
    );
    return outputsOf(news.hostingId, reply);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("storage.deleteUrl", { ...address, urlId: props.urlId }, [scopeOf(props.hostingId)]);
    } catch (err) {
      // Already gone, or the whole object storage is: either way the URL no longer exists.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});

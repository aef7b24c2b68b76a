/**
 * Redirections: one per domain attached to a hosting account.
 *
 * The listing returns `domain, https, www, rType, domainRedirection` and not the destination
 * (v4 document, "Redirection entry"); the simulator keeps the destination internally and never
 * returns it. Adding a redirection to a domain that already has one answers 409: the API's answer
 * is not documented (v2 clients call the operation "set", S5), but refusing makes a second
 * writer visible instead of silently replacing its redirection.
 */
import { DEMO_REDIRECTION } from "../seed";
import type { HostingState, RedirectionState } from "../state";
import { SimError, type KeyContext, type OpContext, type SimArea, type SimContext } from "../types";
import { attachedDomain, byVersion, DEMO_HOSTING, sampleAfter } from "./shared";

/** What a listing shows of a redirection: everything but the destination. */
function entry(r: RedirectionState) {
  return { domain: r.domain, https: r.https, www: r.www, rType: r.rType, domainRedirection: r.domainRedirection };
}

function list(ctx: SimContext) {
  return { data: ctx.hosting().redirections.map(entry) };
}

/** Stores a redirection after the checks every add shares. */
function add(ctx: SimContext<{ id: number; domain: string }>, fields: Omit<RedirectionState, "domain">): RedirectionState {
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  if (hosting.redirections.some((r) => r.domain === domain)) {
    throw new SimError(409, `A redirection already exists for domain ${domain}; delete it first`);
  }
  const created: RedirectionState = { domain, ...fields };
  hosting.redirections.push(created);
  return created;
}

/** Parses a destination URL; only http and https targets make sense for a web redirection. */
function destination(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SimError(400, `Invalid field "${field}": "${raw}" is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SimError(400, `Invalid field "${field}": a redirection must point to an http or https URL`);
  }
  return url;
}

/**
 * v4/v3 add: the destination is a full URL. `https` in the listing is taken from the
 * destination's scheme and `www` stays false, since both flags belong to internal
 * (same-domain) redirections (inferred from the v2 bodies, catalog §4.2).
 */
function addExternalUrl(ctx: KeyContext<"v4.redirections.add" | "v3.redirections.add">) {
  const url = destination(ctx.params.destinationUrl, "destinationUrl");
  const created = add(ctx, {
    https: url.protocol === "https:",
    www: false,
    rType: ctx.params.rType,
    domainRedirection: true,
    destinationUrl: url.href,
  });
  return { message: `Redirection of ${created.domain} to ${url.href} added` };
}

/** v2 external: a destination domain (optionally with a path) and whether to use HTTPS. */
function addExternalDomain(ctx: KeyContext<"v2.redirections.add">) {
  const https = ctx.params.https;
  const target = ctx.params.destinationDomain.replace(/^https?:\/\//i, "");
  const url = destination(`${https ? "https" : "http"}://${target}`, "destinationDomain");
  const created = add(ctx, { https, www: false, rType: ctx.params.rType, domainRedirection: true, destinationUrl: url.href });
  return { message: `Redirection of ${created.domain} to ${url.href} added`, data: entry(created) };
}

/** v2 internal: the domain redirects to itself with HTTPS and/or `www` forced. */
function addInternal(ctx: OpContext<"redirections.addInternal">) {
  const { https, www } = ctx.params;
  if (!https && !www) {
    throw new SimError(400, "An internal redirection must force https, www or both");
  }
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  const created = add(ctx, {
    https,
    www,
    rType: ctx.params.rType,
    domainRedirection: false,
    destinationUrl: `${https ? "https" : "http"}://${www ? "www." : ""}${domain}/`,
  });
  return { message: `Redirection of ${domain} added`, data: entry(created) };
}

function remove(ctx: OpContext<"redirections.delete">): RedirectionState {
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  const at = hosting.redirections.findIndex((r) => r.domain === domain);
  if (at < 0) throw new SimError(404, `Domain ${domain} has no redirection`);
  const [removed] = hosting.redirections.splice(at, 1);
  return removed!;
}

/** v2 writes answer the entry in `data` beside the envelope (legacy document, 2.0.0 hosting operations). */
function removeReply(ctx: OpContext<"redirections.delete">) {
  const removed = remove(ctx);
  return { message: `Redirection of ${removed.domain} deleted`, ...(ctx.endpoint.version === "v2" ? { data: entry(removed) } : {}) };
}

/** Prepares a sample: `domain` has no redirection, so one can be added. */
const freeDomain = (domain: string) => (hosting: HostingState) => {
  hosting.redirections = hosting.redirections.filter((r) => r.domain !== domain);
};

/** Prepares a sample: `client-shop.net` has its seeded redirection, so it can be deleted. */
function seeded(hosting: HostingState): void {
  if (!hosting.redirections.some((r) => r.domain === DEMO_REDIRECTION.domain)) hosting.redirections.push({ ...DEMO_REDIRECTION });
}

/** Handlers and samples of the redirection operations. */
export const redirectionsArea: SimArea = {
  name: "redirections",
  handlers: {
    "redirections.list": list,
    "redirections.add": byVersion<"redirections.add">({ v4: addExternalUrl, v3: addExternalUrl, v2: addExternalDomain }),
    "redirections.addInternal": addInternal,
    "redirections.delete": removeReply,
  },
  samples: {
    "v4.redirections.list": () => ({ id: 101 }),
    "v3.redirections.list": () => ({ ...DEMO_HOSTING.v3 }),
    "v2.redirections.list": () => ({ id: 101 }),
    "v4.redirections.add": sampleAfter(freeDomain("agency-demo.com"), {
      id: 101,
      domain: "agency-demo.com",
      rType: 302,
      destinationUrl: "https://client-shop.net/",
    }),
    "v3.redirections.add": sampleAfter(freeDomain("agency-demo.com"), {
      ...DEMO_HOSTING.v3,
      domain: "agency-demo.com",
      rType: 302,
      destinationUrl: "https://client-shop.net/",
    }),
    "v2.redirections.add": sampleAfter(freeDomain("agency-demo.com"), {
      id: 101,
      domain: "agency-demo.com",
      https: true,
      rType: 301,
      destinationDomain: "client-shop.net",
    }),
    "v2.redirections.addInternal": sampleAfter(freeDomain("xn--caf-dma.com"), {
      id: 101,
      domain: "xn--caf-dma.com",
      https: true,
      rType: 301,
      www: true,
    }),
    "v4.redirections.delete": sampleAfter(seeded, { id: 101, domain: "client-shop.net" }),
    "v3.redirections.delete": sampleAfter(seeded, { ...DEMO_HOSTING.v3, domain: "client-shop.net" }),
    "v2.redirections.delete": sampleAfter(seeded, { id: 101, domain: "client-shop.net" }),
  },
};

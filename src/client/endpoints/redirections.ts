/**
 * Redirections of the domains attached to a hosting account.
 *
 * v4 and v3 paths are pattern guesses (catalog §1 #27-29, INFERRED-L); v2 is confirmed by the
 * official 2.0.0 spec (S8) and PlanetHoster's Node client (S5 `src/api/n0c/domain.ts`), which also
 * gives the field types (`rType: 301 | 302`, `https` and `www` booleans) in
 * `src/interfaces/n0c.interface.ts`. v2 has two add operations: an external redirection to another
 * domain and an internal one that only forces HTTPS and/or `www` on the same domain.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, int, list, obj, optionalFields, str } from "../schemas";

/** HTTP status of a redirection: permanent (301) or temporary (302). */
export const redirectionType = z.union([z.literal(301), z.literal(302)]);

/**
 * One entry of the redirection listing (v4 document, "Redirection entry"). The listing does not
 * carry the destination, so a reader cannot see where a domain points; the Redirection resource
 * keeps the destination it was given.
 *
 * @example
 * redirectionEntry.parse({ domain: "client-shop.net", https: "1", www: false, rType: "301", domainRedirection: true });
 * // { domain: "client-shop.net", https: true, www: false, rType: 301, domainRedirection: true }
 */
export const redirectionEntry = obj({
  domain: str(),
  ...optionalFields({ https: bool(), www: bool(), rType: int(), domainRedirection: bool() }),
});
export type RedirectionEntry = z.output<typeof redirectionEntry>;

const redirectionList = envelope({ data: list(redirectionEntry) });
/** v2 hosting writes answer with `data` beside the envelope (legacy document, 2.0.0 hosting operations). */
const v2Write = envelope({ data: z.unknown().optional() });
const addFields = { domain: domainName, rType: redirectionType, destinationUrl: z.string().min(1) };
/** v2 redirects to a domain, not a URL, and says whether the redirection forces HTTPS (S8, S5). */
const v2ExternalRequest = z.strictObject({
  ...hostingV4,
  domain: domainName,
  https: z.boolean(),
  rType: redirectionType,
  destinationDomain: z.string().min(1),
});

/**
 * Redirection operations of every API version.
 *
 * @example
 * await client.request("redirections.add", { id: 101, domain: "client-shop.net", rType: 301, destinationUrl: "https://agency-demo.com/shop" });
 * const { data } = await client.request("redirections.list", { id: 101 });
 */
export const redirectionsOperations = defineOperations({
  "redirections.list": {
    summary: "List the redirections of a hosting account's domains",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: redirectionList,
    v4: route("GET /v4/hosting/redirections", "INFERRED-L, catalog §1 #27"),
    // v3: the legacy document does not show redirections (difference 9); same paths as v4 under /v3,
    // addressed by id and username (difference 2).
    v3: route("GET /v3/hosting/redirections", "INFERRED-L: v4 path pattern, catalog §1 #27", { request: z.strictObject({ ...hostingV3 }) }),
    // v2 (/n0c-api): a JSON body with `id` on every verb, GET included (catalog §7.4).
    v2: route("GET /n0c-api/domain/redirections", "CONFIRMED, catalog §4.2 (S8, S5 getRedirections)"),
  },
  "redirections.add": {
    summary: "Redirect a domain to a URL",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...addFields }),
    response: envelope({}),
    v4: route("POST /v4/hosting/domain/redirection", "INFERRED-L, catalog §1 #28"),
    v3: route("POST /v3/hosting/domain/redirection", "INFERRED-L: v4 path pattern, catalog §1 #28", {
      request: z.strictObject({ ...hostingV3, ...addFields }),
    }),
    v2: route(
      "POST /n0c-api/domain/external-redirection",
      "CONFIRMED, catalog §4.2 (S8 DomainExternalredirectionBody, S5 setExternalRedirection)",
      { summary: "Redirect a domain to another domain", request: v2ExternalRequest },
    ),
  },
  "redirections.delete": {
    summary: "Remove the redirection of a domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/domain/redirection", "INFERRED-L, catalog §1 #29"),
    v3: route("DELETE /v3/hosting/domain/redirection", "INFERRED-L: v4 path pattern, catalog §1 #29", {
      request: z.strictObject({ ...hostingV3, domain: domainName }),
    }),
    v2: route("POST /n0c-api/domain/delete-redirection", "CONFIRMED, catalog §4.2 (S8, S5 deleteRedirection)"),
  },
  "redirections.addInternal": {
    summary: "Force HTTPS and/or www on a domain",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName, https: z.boolean(), rType: redirectionType, www: z.boolean() }),
    response: v2Write,
    v2: route("POST /n0c-api/domain/redirection", "CONFIRMED, catalog §4.2 (S8 DomainRedirectionBody, S5 setInternalRedirection)"),
  },
});

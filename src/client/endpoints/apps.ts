/**
 * One-click applications of a v2 hosting account: WordPress ("blog-engine installation") and the
 * other CMSs of the installer.
 *
 * Evidence (`spec/api-catalog.md` §3 rows 34-41): CONFIRMED in the official 2.0.0 spec (S8) and
 * the Ruby client's n0c branch (S7-PR29). Neither v3 nor v4 shows these operations.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, domainName, envelope, hostingV4, list, obj, optionalFields, secret, str } from "../schemas";

/** The installation directory, relative to the account's home (`/public_html/blog`). */
const installPath = z.string().min(1);
/** WordPress locales such as `fr_FR` (the v2 default) or `en_US`. */
const locale = z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "a locale such as fr_FR or en_US");
const byPath = z.strictObject({ ...hostingV4, path: installPath });
const hostingOnly = z.strictObject(hostingV4);
/** The first administrator's password: marked secret, so no error the client builds repeats it (schemas.ts, `secretFields`). */
const adminPassword = secret(z.string().min(1));

const wordpressInstall = obj({
  domain: str().optional(),
  path: str(),
  ...optionalFields({ url: str(), title: str(), adminUser: str(), adminEmail: str(), locale: str() }),
});
const availableCms = obj({ cmsType: str(), name: str().optional(), versions: list(str()) });
const cmsInstall = obj({
  cmsType: str(),
  version: str().optional(),
  domain: str().optional(),
  path: str(),
  ...optionalFields({ url: str(), siteName: str(), www: bool(), https: bool(), status: str() }),
});

/** The installer's forms: the first administrator, and where the site goes. */
const installWordpressRequest = z.strictObject({
  ...hostingV4,
  adminUser: z.string().min(1),
  adminPassword,
  adminEmail: z.email(),
  domain: domainName,
  path: installPath,
  title: z.string().min(1),
  locale: locale.optional(),
});
const installCmsRequest = z.strictObject({
  ...hostingV4,
  cmsType: z.string().min(1),
  path: installPath,
  domain: domainName,
  siteName: z.string().min(1),
  adminName: z.string().min(1),
  adminPassword,
  email: z.email(),
  www: z.boolean().optional(),
  https: z.boolean().optional(),
});

/**
 * Application-installer operations (v2 only).
 *
 * @example
 * await client.request("v2.apps.installCms", { id: 101, cmsType: "joomla", path: "/public_html/site", domain: "client-shop.net",
 *   siteName: "Shop", adminName: "admin", adminPassword: "Adm1n-Passw0rd!", email: "admin@client-shop.net" });
 */
export const appsOperations = defineOperations({
  "apps.listWordpress": {
    summary: "List the WordPress installations",
    safety: "read",
    envelope: true,
    request: hostingOnly,
    response: envelope({ data: list(wordpressInstall) }),
    v2: route("GET /n0c-api/wordpress", "CONFIRMED, catalog §3 #34"),
  },
  "apps.installWordpress": {
    summary: "Install WordPress in a directory of a domain",
    safety: "unsafe",
    envelope: true,
    request: installWordpressRequest,
    response: envelope({}),
    v2: route("POST /n0c-api/wordpress/add", "CONFIRMED, catalog §3 #35", { unwrap: true }),
  },
  "apps.deleteWordpress": {
    summary: "Delete a WordPress installation",
    safety: "idempotent",
    envelope: true,
    request: byPath,
    response: envelope({}),
    v2: route("POST /n0c-api/wordpress/remove", "CONFIRMED, catalog §3 #36", { unwrap: true }),
  },
  "apps.listAvailableCms": {
    summary: "List the CMSs the installer offers, with their versions",
    safety: "read",
    envelope: true,
    request: hostingOnly,
    response: envelope({ data: list(availableCms) }),
    v2: route("GET /n0c-api/cms/list-available", "CONFIRMED, catalog §3 #37"),
  },
  // The v2 document: "response data is a string".
  "apps.installCms": {
    summary: "Start installing a CMS (it shows in progress, then installed)",
    safety: "unsafe",
    envelope: true,
    request: installCmsRequest,
    response: envelope({ data: str().optional() }),
    v2: route("POST /n0c-api/cms/install", "CONFIRMED, catalog §3 #38"),
  },
  "apps.listInstalledCms": {
    summary: "List the installed CMSs",
    safety: "read",
    envelope: true,
    request: hostingOnly,
    response: envelope({ data: list(cmsInstall) }),
    v2: route("GET /n0c-api/cms/list-installed", "CONFIRMED, catalog §3 #39"),
  },
  "apps.listCmsInProgress": {
    summary: "List the CMS installations still in progress",
    safety: "read",
    envelope: true,
    request: hostingOnly,
    response: envelope({ data: list(cmsInstall) }),
    v2: route("GET /n0c-api/cms/installations-progress", "CONFIRMED, catalog §3 #40"),
  },
  "apps.deleteCms": {
    summary: "Delete a CMS installation",
    safety: "idempotent",
    envelope: true,
    request: byPath,
    response: envelope({}),
    v2: route("POST /n0c-api/cms/delete", "CONFIRMED, catalog §3 #41", { unwrap: true }),
  },
});

/**
 * One-click applications of a v2 hosting account: WordPress ("blog-engine installation") and the
 * other CMSs of the installer.
 *
 * Evidence (`spec/api-catalog.md` §3 rows 34-41): CONFIRMED in the official 2.0.0 spec (S8) and
 * the Ruby client's n0c branch (S7-PR29). Neither v3 nor v4 shows these operations.
 */
import { z } from "zod";
import { defineEndpoints } from "../endpoint";
import { bool, domainName, envelope, hostingV4, list, obj, str } from "../schemas";

/** The installation directory, relative to the account's home (`/public_html/blog`). */
const installPath = z.string().min(1);
/** WordPress locales such as `fr_FR` (the v2 default) or `en_US`. */
const locale = z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "a locale such as fr_FR or en_US");
const byPath = z.strictObject({ ...hostingV4, path: installPath });
const hostingOnly = z.strictObject(hostingV4);

const wordpressInstall = obj({
  domain: str().optional(),
  path: str(),
  url: str().optional(),
  title: str().optional(),
  adminUser: str().optional(),
  adminEmail: str().optional(),
  locale: str().optional(),
});
const availableCms = obj({ cmsType: str(), name: str().optional(), versions: list(str()) });
const cmsInstall = obj({
  cmsType: str(),
  version: str().optional(),
  domain: str().optional(),
  path: str(),
  url: str().optional(),
  siteName: str().optional(),
  www: bool().optional(),
  https: bool().optional(),
  status: str().optional(),
});
const dataMessage = envelope({ data: obj({ message: str().optional() }).optional() });

/**
 * Application-installer operations (v2 only).
 *
 * @example
 * await client.request("v2.apps.installCms", { id: 101, cmsType: "joomla", path: "/public_html/site", domain: "client-shop.net",
 *   siteName: "Shop", adminName: "admin", adminPassword: "Adm1n-Passw0rd!", email: "admin@client-shop.net" });
 */
export const appsEndpoints = defineEndpoints({
  "v2.apps.listWordpress": {
    method: "GET",
    path: "/n0c-api/wordpress",
    params: "body",
    request: hostingOnly,
    response: envelope({ data: list(wordpressInstall) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #34",
    safety: "read",
    envelope: true,
    summary: "List the WordPress installations",
  },
  "v2.apps.installWordpress": {
    method: "POST",
    path: "/n0c-api/wordpress/add",
    params: "body",
    request: z.strictObject({
      ...hostingV4,
      adminUser: z.string().min(1),
      adminPassword: z.string().min(1),
      adminEmail: z.email(),
      domain: domainName,
      path: installPath,
      title: z.string().min(1),
      locale: locale.optional(),
    }),
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #35",
    safety: "unsafe",
    envelope: true,
    summary: "Install WordPress in a directory of a domain",
  },
  "v2.apps.deleteWordpress": {
    method: "POST",
    path: "/n0c-api/wordpress/remove",
    params: "body",
    request: byPath,
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #36",
    safety: "idempotent",
    envelope: true,
    summary: "Delete a WordPress installation",
  },
  "v2.apps.listAvailableCms": {
    method: "GET",
    path: "/n0c-api/cms/list-available",
    params: "body",
    request: hostingOnly,
    response: envelope({ data: list(availableCms) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #37",
    safety: "read",
    envelope: true,
    summary: "List the CMSs the installer offers, with their versions",
  },
  // The v2 document: "response data is a string".
  "v2.apps.installCms": {
    method: "POST",
    path: "/n0c-api/cms/install",
    params: "body",
    request: z.strictObject({
      ...hostingV4,
      cmsType: z.string().min(1),
      path: installPath,
      domain: domainName,
      siteName: z.string().min(1),
      adminName: z.string().min(1),
      adminPassword: z.string().min(1),
      email: z.email(),
      www: z.boolean().optional(),
      https: z.boolean().optional(),
    }),
    response: envelope({ data: str().optional() }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #38",
    safety: "unsafe",
    envelope: true,
    summary: "Start installing a CMS (it shows in progress, then installed)",
  },
  "v2.apps.listInstalledCms": {
    method: "GET",
    path: "/n0c-api/cms/list-installed",
    params: "body",
    request: hostingOnly,
    response: envelope({ data: list(cmsInstall) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #39",
    safety: "read",
    envelope: true,
    summary: "List the installed CMSs",
  },
  "v2.apps.listCmsInProgress": {
    method: "GET",
    path: "/n0c-api/cms/installations-progress",
    params: "body",
    request: hostingOnly,
    response: envelope({ data: list(cmsInstall) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #40",
    safety: "read",
    envelope: true,
    summary: "List the CMS installations still in progress",
  },
  "v2.apps.deleteCms": {
    method: "POST",
    path: "/n0c-api/cms/delete",
    params: "body",
    request: byPath,
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #41",
    safety: "idempotent",
    envelope: true,
    summary: "Delete a CMS installation",
  },
});

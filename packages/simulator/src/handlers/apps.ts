/**
 * One-click applications in the simulator (v2): WordPress installations and the CMS installer.
 *
 * An installation lives in a directory of the account, which identifies it: deletes take only the
 * `path` (v2 spec), so two installations cannot share one (409). A CMS install is asynchronous on
 * the platform: right after `cms/install` it is in progress, and the first listing that sees it
 * (either one) shows it that way; from the next read on it is installed.
 */
import type { CmsState, HostingState } from "../state";
import { SimError, type OpContext, type SimArea } from "../types";
import { docrootOf, homePath } from "./hosting";
import { attachedDomain, messageReply, requireStrongPassword } from "./shared";

/** What the installer offers, newest version first. */
const CMS_CATALOG = [
  { cmsType: "wordpress", name: "WordPress", versions: ["6.6.2", "6.5.5"] },
  { cmsType: "joomla", name: "Joomla", versions: ["5.1.4", "4.4.9"] },
  { cmsType: "drupal", name: "Drupal", versions: ["11.0.5", "10.3.6"] },
  { cmsType: "prestashop", name: "PrestaShop", versions: ["8.1.7"] },
] as const;

/** The site URL of an installation whose directory is inside the domain's document root. */
function siteUrl(h: HostingState, domain: string, path: string, opts: { https?: boolean; www?: boolean } = {}): string | undefined {
  const root = docrootOf(h, domain);
  if (path !== root && !path.startsWith(`${root}/`)) return undefined;
  return `${opts.https === false ? "http" : "https"}://${opts.www ? "www." : ""}${domain}${path.slice(root.length) || "/"}`;
}

/** A directory not yet used by another installation (WordPress or CMS). */
function freePath(h: HostingState, input: string): string {
  const path = homePath(input, "path");
  if (h.wordpress.some((w) => w.path === path) || h.cms.some((c) => c.path === path)) {
    throw new SimError(409, `An application is already installed in ${path} (already exist)`);
  }
  return path;
}

// ---- WordPress ----

function listWordpress(ctx: OpContext<"apps.listWordpress">) {
  const h = ctx.hosting();
  return { data: h.wordpress.map((w) => ({ ...w, url: siteUrl(h, w.domain, w.path) })) };
}

const installWordpress = messageReply((ctx: OpContext<"apps.installWordpress">) => {
  const h = ctx.hosting();
  const p = ctx.params;
  const domain = attachedDomain(h, p.domain);
  const path = freePath(h, p.path);
  requireStrongPassword(p.adminPassword, "adminPassword");
  // The v2 document: locale is optional and defaults to fr_FR.
  h.wordpress.push({ domain, path, title: p.title, adminUser: p.adminUser, adminEmail: p.adminEmail, locale: p.locale ?? "fr_FR" });
  return `WordPress installed in ${path}`;
});

const deleteWordpress = messageReply((ctx: OpContext<"apps.deleteWordpress">) => {
  const h = ctx.hosting();
  const path = homePath(ctx.params.path, "path");
  if (!h.wordpress.some((w) => w.path === path)) throw new SimError(404, `No WordPress installation in ${path}`);
  h.wordpress = h.wordpress.filter((w) => w.path !== path);
  return `WordPress installation in ${path} deleted`;
});

// ---- CMS installer ----

/** The reply is a string (v2 document: "response data is a string"). */
function installCms(ctx: OpContext<"apps.installCms">) {
  const h = ctx.hosting();
  const p = ctx.params;
  const offer = CMS_CATALOG.find((c) => c.cmsType === p.cmsType.toLowerCase());
  if (!offer) throw new SimError(400, `cmsType "${p.cmsType}" is not offered (one of ${CMS_CATALOG.map((c) => c.cmsType).join(", ")})`);
  const domain = attachedDomain(h, p.domain);
  const path = freePath(h, p.path);
  requireStrongPassword(p.adminPassword, "adminPassword");
  const version = offer.versions[0];
  // The v2 document's defaults: www false, https true.
  h.cms.push({
    cmsType: offer.cmsType,
    version,
    domain,
    path,
    siteName: p.siteName,
    adminName: p.adminName,
    email: p.email,
    www: p.www ?? false,
    https: p.https ?? true,
    status: "installing",
  });
  return { data: `Installation of ${offer.name} ${version} in ${path} started` };
}

function cmsEntry(h: HostingState, c: CmsState) {
  const { adminName: _admin, email: _email, ...shown } = c;
  return { ...shown, url: siteUrl(h, c.domain, c.path, { https: c.https, www: c.www }) };
}

/** Lists the installations in one state, then lets those in progress finish (one read each). */
function listCms(ctx: OpContext<"apps.listInstalledCms" | "apps.listCmsInProgress">, status: CmsState["status"]) {
  const h = ctx.hosting();
  const shown = h.cms.filter((c) => c.status === status).map((c) => cmsEntry(h, c));
  for (const c of h.cms) c.status = "installed";
  return { data: shown };
}

const deleteCms = messageReply((ctx: OpContext<"apps.deleteCms">) => {
  const h = ctx.hosting();
  const path = homePath(ctx.params.path, "path");
  if (!h.cms.some((c) => c.path === path)) throw new SimError(404, `No CMS installation in ${path}`);
  h.cms = h.cms.filter((c) => c.path !== path);
  return `CMS installation in ${path} deleted`;
});

const joomla = {
  cmsType: "joomla",
  path: "/public_html/client-shop.net/site",
  domain: "client-shop.net",
  siteName: "Client shop",
  adminName: "admin",
  adminPassword: "Adm1n-Passw0rd!",
  email: "admin@client-shop.net",
};

function withCms(h: HostingState, status: CmsState["status"]): void {
  h.cms.push({ ...joomla, version: "5.1.4", www: false, https: true, status });
}

/** Handlers and samples of the v2 application-installer operations. The core routes requests to them by operation id. */
export const appsArea: SimArea = {
  name: "apps",
  handlers: {
    "apps.listWordpress": listWordpress,
    "apps.installWordpress": installWordpress,
    "apps.deleteWordpress": deleteWordpress,
    "apps.listAvailableCms": (ctx) => {
      ctx.hosting();
      return { data: CMS_CATALOG.map((c) => ({ ...c, versions: [...c.versions] })) };
    },
    "apps.installCms": installCms,
    "apps.listInstalledCms": (ctx) => listCms(ctx, "installed"),
    "apps.listCmsInProgress": (ctx) => listCms(ctx, "installing"),
    "apps.deleteCms": deleteCms,
  },
  samples: {
    "v2.apps.listWordpress": () => ({ id: 101 }),
    "v2.apps.installWordpress": () => ({
      id: 101,
      adminUser: "editor",
      adminPassword: "Wp-Adm1n-Pass!",
      adminEmail: "alex@example.org",
      domain: "agency-demo.com",
      path: "/public_html/news",
      title: "Agency news",
      locale: "en_US",
    }),
    "v2.apps.deleteWordpress": () => ({ id: 101, path: "/public_html/blog" }),
    "v2.apps.listAvailableCms": () => ({ id: 101 }),
    "v2.apps.installCms": () => ({ id: 101, ...joomla, https: true }),
    "v2.apps.listInstalledCms": (state) => {
      withCms(state.hostings["101"]!, "installed");
      return { id: 101 };
    },
    "v2.apps.listCmsInProgress": (state) => {
      withCms(state.hostings["101"]!, "installing");
      return { id: 101 };
    },
    "v2.apps.deleteCms": (state) => {
      withCms(state.hostings["101"]!, "installed");
      return { id: 101, path: joomla.path };
    },
  },
};

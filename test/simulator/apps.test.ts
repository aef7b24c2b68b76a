import { describe, expect, it } from "vitest";
import { useSimulator } from "../helpers/sim";

const BLOG = {
  domain: "agency-demo.com",
  path: "/public_html/blog",
  url: "https://agency-demo.com/blog",
  title: "Agency blog",
  adminUser: "editor",
  adminEmail: "alex@example.org",
  locale: "en_US",
};
const NEWS = {
  id: 101,
  adminUser: "editor",
  adminPassword: "Wp-Adm1n-Pass!",
  adminEmail: "alex@example.org",
  domain: "agency-demo.com",
  path: "public_html/news",
  title: "News",
};
const SHOP = {
  id: 101,
  cmsType: "PrestaShop",
  path: "/public_html/client-shop.net/store",
  domain: "client-shop.net",
  siteName: "Client shop",
  adminName: "admin",
  adminPassword: "Adm1n-Passw0rd!",
  email: "admin@client-shop.net",
};

describe("one-click applications (v2) against the simulator", () => {
  const t = useSimulator({ version: "v2" });
  const wordpress = async () => (await t.client.request("v2.apps.listWordpress", { id: 101 })).data;
  const installed = async () => (await t.client.request("v2.apps.listInstalledCms", { id: 101 })).data;
  const inProgress = async () => (await t.client.request("v2.apps.listCmsInProgress", { id: 101 })).data;

  describe("WordPress", () => {
    it("lists the seeded installation with its site URL", async () => {
      expect(await wordpress()).toEqual([BLOG]);
    });

    it("installs WordPress in a new directory with the fr_FR locale by default", async () => {
      await t.client.request("v2.apps.installWordpress", NEWS);
      expect(await wordpress()).toContainEqual({
        ...BLOG,
        path: "/public_html/news",
        url: "https://agency-demo.com/news",
        title: "News",
        locale: "fr_FR",
      });
    });

    it("refuses a directory that already holds an application, as a conflict", async () => {
      const attempt = t.client.request("v2.apps.installWordpress", { ...NEWS, path: "/public_html/blog/" });
      await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
      await expect(attempt).rejects.toThrow(/already installed in \/public_html\/blog/);
    });

    it("refuses a weak admin password, a domain the account does not have and a malformed locale", async () => {
      await expect(t.client.request("v2.apps.installWordpress", { ...NEWS, adminPassword: "wordpress" })).rejects.toMatchObject({
        errors: ["isStrongPassword"],
      });
      await expect(t.client.request("v2.apps.installWordpress", { ...NEWS, domain: "staging-agency.com" })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(t.client.request("v2.apps.installWordpress", { ...NEWS, locale: "french" })).rejects.toMatchObject({
        code: "validation",
      });
      expect(await wordpress()).toEqual([BLOG]);
    });

    it("deletes an installation by its directory, then answers not-found for it", async () => {
      await t.client.request("v2.apps.deleteWordpress", { id: 101, path: "public_html/blog" });
      expect(await wordpress()).toEqual([]);
      await expect(t.client.request("v2.apps.deleteWordpress", { id: 101, path: "/public_html/blog" })).rejects.toMatchObject({
        code: "not-found",
      });
    });
  });

  describe("CMS installer", () => {
    it("lists the CMSs on offer with their versions, newest first", async () => {
      const offer = (await t.client.request("v2.apps.listAvailableCms", { id: 101 })).data;
      expect(offer.map((c) => c.cmsType)).toEqual(["wordpress", "joomla", "drupal", "prestashop"]);
      expect(offer.find((c) => c.cmsType === "joomla")?.versions).toEqual(["5.1.4", "4.4.9"]);
    });

    it("answers an install with a string, shows it in progress for one read, then installed", async () => {
      const reply = await t.client.request("v2.apps.installCms", SHOP);
      expect(reply.data).toBe("Installation of PrestaShop 8.1.7 in /public_html/client-shop.net/store started");
      const running = await inProgress();
      expect(running).toEqual([
        {
          cmsType: "prestashop",
          version: "8.1.7",
          domain: "client-shop.net",
          path: "/public_html/client-shop.net/store",
          siteName: "Client shop",
          www: false,
          https: true,
          status: "installing",
          url: "https://client-shop.net/store",
        },
      ]);
      expect(await inProgress()).toEqual([]);
      expect(await installed()).toEqual([{ ...running[0], status: "installed" }]);
    });

    it("finishes an install after one read of the installed list too", async () => {
      await t.client.request("v2.apps.installCms", { ...SHOP, cmsType: "joomla", www: true, https: false });
      expect(await installed()).toEqual([]);
      expect(await installed()).toMatchObject([{ cmsType: "joomla", url: "http://www.client-shop.net/store", status: "installed" }]);
    });

    it("refuses a CMS the installer does not offer, naming those it does", async () => {
      const attempt = t.client.request("v2.apps.installCms", { ...SHOP, cmsType: "typo3" });
      await expect(attempt).rejects.toMatchObject({ code: "validation" });
      await expect(attempt).rejects.toThrow(/wordpress, joomla, drupal, prestashop/);
    });

    it("keeps a CMS and a WordPress installation from sharing a directory", async () => {
      await expect(
        t.client.request("v2.apps.installCms", { ...SHOP, domain: "agency-demo.com", path: "/public_html/blog" }),
      ).rejects.toMatchObject({
        code: "conflict",
      });
      await t.client.request("v2.apps.installCms", SHOP);
      await expect(
        t.client.request("v2.apps.installWordpress", { ...NEWS, domain: "client-shop.net", path: SHOP.path }),
      ).rejects.toMatchObject({
        code: "conflict",
      });
    });

    it("deletes a CMS installation by its directory, then answers not-found for it", async () => {
      await t.client.request("v2.apps.installCms", SHOP);
      await t.client.request("v2.apps.deleteCms", { id: 101, path: SHOP.path });
      expect(await inProgress()).toEqual([]);
      expect(await installed()).toEqual([]);
      await expect(t.client.request("v2.apps.deleteCms", { id: 101, path: SHOP.path })).rejects.toMatchObject({ code: "not-found" });
    });
  });
});

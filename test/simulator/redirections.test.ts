import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const URL_VERSIONS = ["v4", "v3"] as const;

describe("redirections against the simulator", () => {
  const t = useSimulator({ version: "v4" });
  const stored = (domain: string) => t.sim.store.hostings["101"]!.redirections.find((r) => r.domain === domain);

  it.each(ALL)("lists the seeded redirection of client-shop.net without its destination on %s", async (version) => {
    const { data } = await t.clientFor(version).request("redirections.list", HOSTING[version]);
    expect(data).toEqual([{ domain: "client-shop.net", https: true, www: false, rType: 301, domainRedirection: true }]);
    expect(JSON.stringify(data)).not.toContain("agency-demo.com/shop");
  });

  it.each(URL_VERSIONS)("adds a redirection to a URL on %s and lists it with https taken from the destination", async (version) => {
    const client = t.clientFor(version);
    const reply = await client.request("redirections.add", {
      ...HOSTING[version],
      domain: "agency-demo.com",
      rType: 302,
      destinationUrl: "http://client-shop.net/landing",
    });
    expect(reply.message).toContain("agency-demo.com");
    const { data } = await client.request("redirections.list", HOSTING[version]);
    expect(data).toContainEqual({ domain: "agency-demo.com", https: false, www: false, rType: 302, domainRedirection: true });
    expect(stored("agency-demo.com")?.destinationUrl).toBe("http://client-shop.net/landing");
  });

  it("accepts a Unicode domain and stores it in its ASCII form", async () => {
    await t.client.request("v4.redirections.add", { id: 101, domain: "Café.com", rType: 301, destinationUrl: "https://agency-demo.com/" });
    const { data } = await t.client.request("v4.redirections.list", { id: 101 });
    expect(data.map((r) => r.domain)).toContain("xn--caf-dma.com");
  });

  it.each(URL_VERSIONS)("refuses a second redirection on the same domain with a conflict on %s", async (version) => {
    const attempt = t.clientFor(version).request("redirections.add", {
      ...HOSTING[version],
      domain: "client-shop.net",
      rType: 301,
      destinationUrl: "https://example.org/",
    });
    await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect(stored("client-shop.net")?.destinationUrl).toBe("https://agency-demo.com/shop");
  });

  it("refuses a v2 external redirection on a domain that already has one", async () => {
    const attempt = t.clientFor("v2").request("v2.redirections.add", {
      id: 101,
      domain: "client-shop.net",
      https: true,
      rType: 301,
      destinationDomain: "example.org",
    });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
  });

  it.each(ALL)("answers not-found on %s when the domain is not attached to the hosting account", async (version) => {
    // staging-agency.com belongs to hosting 102.
    const attempt = t.clientFor(version).request("redirections.delete", { ...HOSTING[version], domain: "staging-agency.com" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(attempt).rejects.toThrow(/staging-agency\.com/);
  });

  it("rejects a destination that is not an http or https URL", async () => {
    const attempt = t.client.request("v4.redirections.add", {
      id: 101,
      domain: "agency-demo.com",
      rType: 301,
      destinationUrl: "ftp://files.example.org/",
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    expect(stored("agency-demo.com")).toBeUndefined();
  });

  it("refuses a redirection type other than 301 or 302 before anything is sent", async () => {
    const attempt = t.client.request("redirections.add", {
      id: 101,
      domain: "agency-demo.com",
      rType: 307,
      destinationUrl: "https://example.org/",
    });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    expect(t.sim.requests.count("redirections.add")).toBe(0);
  });

  it.each(ALL)("deletes a redirection on %s, after which a second delete answers not-found", async (version) => {
    const client = t.clientFor(version);
    await client.request("redirections.delete", { ...HOSTING[version], domain: "client-shop.net" });
    expect(stored("client-shop.net")).toBeUndefined();
    const { data } = await client.request("redirections.list", HOSTING[version]);
    expect(data).toEqual([]);
    await expect(client.request("redirections.delete", { ...HOSTING[version], domain: "client-shop.net" })).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("adds a v2 external redirection to a destination domain over https", async () => {
    const v2 = t.clientFor("v2");
    const reply = await v2.request("v2.redirections.add", {
      id: 101,
      domain: "agency-demo.com",
      https: true,
      rType: 302,
      destinationDomain: "client-shop.net/new",
    });
    expect(reply.data).toMatchObject({ domain: "agency-demo.com", domainRedirection: true });
    expect(stored("agency-demo.com")).toMatchObject({ https: true, www: false, rType: 302, destinationUrl: "https://client-shop.net/new" });
  });

  it("adds a v2 internal redirection that forces https and www on the same domain", async () => {
    const v2 = t.clientFor("v2");
    await v2.request("v2.redirections.addInternal", { id: 101, domain: "agency-demo.com", https: true, rType: 301, www: true });
    const { data } = await v2.request("v2.redirections.list", { id: 101 });
    expect(data).toContainEqual({ domain: "agency-demo.com", https: true, www: true, rType: 301, domainRedirection: false });
    expect(stored("agency-demo.com")?.destinationUrl).toBe("https://www.agency-demo.com/");
  });

  it("refuses a v2 internal redirection that forces neither https nor www", async () => {
    const attempt = t
      .clientFor("v2")
      .request("v2.redirections.addInternal", { id: 101, domain: "agency-demo.com", https: false, rType: 301, www: false });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
  });

  it("shows a redirection added through v2 to v4 readers", async () => {
    await t
      .clientFor("v2")
      .request("v2.redirections.addInternal", { id: 101, domain: "xn--caf-dma.com", https: true, rType: 301, www: false });
    const { data } = await t.client.request("v4.redirections.list", { id: 101 });
    expect(data.map((r) => r.domain).sort()).toEqual(["client-shop.net", "xn--caf-dma.com"]);
  });

  it("answers not-found on v3 when the username does not match the hosting id", async () => {
    const attempt = t.clientFor("v3").request("v3.redirections.list", { id: 101, username: "stagingx" });
    await expect(attempt).rejects.toMatchObject({ code: "not-found" });
  });
});

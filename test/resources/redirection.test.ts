import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";

const shop = "https://agency-demo.com/shop";

/** The seeded account 101 serves agency-demo.com and xn--caf-dma.com without a redirection. */
const base = { hostingId: 101, domain: "Agency-Demo.com.", destinationUrl: "https://client-shop.net/promo", type: 302 };

async function createOne(engine: InProcessEngine, inputs: Record<string, unknown> = base) {
  const checked = await engine.check(inputs);
  const { id, outs } = await engine.create(checked);
  return { checked, id, outs };
}

describe.each<ApiVersion>(["v4", "v3", "v2"])("Redirection on %s", (version) => {
  const t = useProvider("Redirection", { version });
  const stored = (domain: string) => t.sim.store.hostings["101"]!.redirections.find((r) => r.domain === domain);

  it("walks create, read, no-op diff, replacing diffs, delete and read after delete", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    expect(checked).toMatchObject({
      hostingId: 101,
      domain: "agency-demo.com",
      destinationUrl: "https://client-shop.net/promo",
      type: 302,
    });
    expect(id).toBe("101/agency-demo.com");
    expect(outs).toEqual({
      hostingId: 101,
      domain: "agency-demo.com",
      destinationUrl: "https://client-shop.net/promo",
      type: 302,
      https: true,
      www: false,
      adopted: false,
    });
    expect(stored("agency-demo.com")).toMatchObject({ rType: 302, destinationUrl: "https://client-shop.net/promo" });

    const read = await t.engine.read(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);

    const same = await t.engine.diff(id, read.props, await t.engine.check(base, read.inputs));
    expect(same).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });

    const retyped = await t.engine.diff(id, read.props, await t.engine.check({ ...base, type: 301 }, read.inputs));
    expect(retyped).toEqual({ changes: true, replaces: ["type"], deleteBeforeReplace: true });
    const moved = await t.engine.diff(id, read.props, await t.engine.check({ ...base, domain: "café.com" }, read.inputs));
    expect(moved).toEqual({ changes: true, replaces: ["domain"], deleteBeforeReplace: true });

    await t.engine.delete(id, read.props);
    expect(stored("agency-demo.com")).toBeUndefined();
    expect((await t.engine.read(id, read.props)).id).toBe("");
  });

  it("replaces the redirection when the destination changes, deleting the old one first", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    const spring = "https://client-shop.net/spring";
    const news = await t.engine.check({ ...base, destinationUrl: spring }, checked);
    const diff = await t.engine.diff(id, outs, news);
    expect(diff).toEqual({ changes: true, replaces: ["destinationUrl"], deleteBeforeReplace: true });

    // The engine's order for deleteBeforeReplace: delete the old object, then create the new one.
    await t.engine.delete(id, outs);
    const replaced = await t.engine.create(news);
    expect(replaced.id).toBe(id);
    expect(replaced.outs.destinationUrl).toBe(spring);
    expect(stored("agency-demo.com")?.destinationUrl).toBe(spring);
    expect(t.sim.requests.count("redirections.add")).toBe(2);
  });

  it("imports by id alone without the destination, so the next diff recreates it", async () => {
    const { id, outs } = await createOne(t.engine);
    const imported = await t.engine.read(id);
    expect(imported.id).toBe(id);
    expect(imported.props).toEqual({ hostingId: 101, domain: "agency-demo.com", type: 302, https: true, www: false });
    const diff = await t.engine.diff(id, imported.props, await t.engine.check(base, imported.inputs));
    expect(diff).toEqual({ changes: true, replaces: ["destinationUrl"], deleteBeforeReplace: true });
    expect(outs.destinationUrl).toBe("https://client-shop.net/promo");
  });

  it("imports by id with the destination appended, and the same inputs then show no change", async () => {
    const { outs } = await createOne(t.engine);
    const imported = await t.engine.read("101/agency-demo.com/https://client-shop.net/promo");
    expect(imported.id).toBe("101/agency-demo.com");
    const { adopted: _adopted, ...declared } = outs;
    expect(imported.props).toEqual(declared);
    const diff = await t.engine.diff(imported.id, imported.props, await t.engine.check(base, imported.inputs));
    expect(diff).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("sees a status changed outside Pulumi, and keeps the destination it cannot read", async () => {
    const { id, outs } = await createOne(t.engine);
    stored("agency-demo.com")!.rType = 301;
    stored("agency-demo.com")!.destinationUrl = "https://elsewhere.example/";
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ type: 301, destinationUrl: "https://client-shop.net/promo" });
    const diff = await t.engine.diff(id, refreshed.props, await t.engine.check(base, refreshed.inputs));
    expect(diff.replaces).toEqual(["type"]);
  });

  it("drops the destination when another kind of redirection took the domain's place", async () => {
    const { id, outs } = await createOne(t.engine);
    Object.assign(stored("agency-demo.com")!, { domainRedirection: false, www: true, destinationUrl: "https://www.agency-demo.com/" });
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.destinationUrl).toBeUndefined();
    expect(refreshed.props.www).toBe(true);
    const diff = await t.engine.diff(id, refreshed.props, await t.engine.check(base, refreshed.inputs));
    expect(diff.replaces).toEqual(["destinationUrl"]);
  });

  it("refuses a domain that already has a redirection before any write, naming it and adopt: true", async () => {
    const declared = { hostingId: 101, domain: "client-shop.net", destinationUrl: shop };
    const refusal =
      /Redirection 101\/client-shop\.net: the redirection \(30[12]\) of client-shop\.net on hosting account 101 exists already.*`adopt: true`/s;
    // The check (a preview) refuses it already; a create checked before it appeared refuses it too.
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(refusal);
    expect(t.sim.requests.list().filter((r) => r.id !== "redirections.list" && r.id !== "hosting.listAccounts")).toEqual([]);
  });

  it("adopts a domain's redirection with adopt: true, replacing it with the declared one", async () => {
    const { id, outs } = await createOne(t.engine, {
      hostingId: 101,
      domain: "client-shop.net",
      destinationUrl: shop,
      type: 301,
      adopt: true,
    });
    expect(id).toBe("101/client-shop.net");
    expect(outs).toMatchObject({ destinationUrl: shop, type: 301, adopt: true, adopted: true });
    expect(stored("client-shop.net")).toMatchObject({ rType: 301, destinationUrl: shop });
  });

  it("reads nothing back after a plain add: a listing that fails after it leaves the create as it was", async () => {
    // The identity read before the add goes through; any listing read after it would fail.
    t.sim.faults.add({ operation: "redirections.list", kind: "status", status: 500, skip: 1 });
    const inputs = await t.engine.check(base);
    const created = await t.provider.create(inputs);
    expect(created.id).toBe("101/agency-demo.com");
    expect(created.outs).toMatchObject({ destinationUrl: "https://client-shop.net/promo", type: 302, https: true, www: false });
    expect(t.sim.requests.count("redirections.add")).toBe(1);
    expect(t.sim.requests.count("redirections.list")).toBe(1);
  });

  it("creates a burst of adds of one account with one listing read, the one before them, and a refresh brings each live value", async () => {
    const domains = Array.from({ length: 6 }, (_, i) => `burst${i}.example.org`);
    t.sim.store.hostings["101"]!.domains.push(...domains);
    const checked = await Promise.all(domains.map((domain, i) => t.engine.check({ ...base, domain, type: i % 2 === 0 ? 301 : 302 })));
    clearCache();
    t.sim.requests.clear();
    const created = await Promise.all(checked.map((c) => t.engine.create(c)));
    expect(created.map((c) => c.outs.type)).toEqual([301, 302, 301, 302, 301, 302]);
    expect(t.sim.requests.count("redirections.add")).toBe(6);
    expect(t.sim.requests.count("redirections.list")).toBe(1);
    clearCache();
    const read = await Promise.all(created.map((c) => t.engine.read(c.id, c.outs)));
    expect(read.map((r) => r.props.type)).toEqual([301, 302, 301, 302, 301, 302]);
  });

  it("treats a redirection that is already gone as deleted", async () => {
    const { id, outs } = await createOne(t.engine);
    t.sim.store.hostings["101"]!.redirections = [];
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("settles an add whose response was lost by reading, without adding twice", async () => {
    t.sim.faults.add({ operation: "redirections.add", kind: "lost-response" });
    const { outs } = await createOne(t.engine);
    expect(outs.destinationUrl).toBe("https://client-shop.net/promo");
    expect(t.sim.requests.count("redirections.add")).toBe(1);
    expect(stored("agency-demo.com")?.rType).toBe(302);
  });
});

describe("Redirection on v2", () => {
  const t = useProvider("Redirection", { version: "v2" });

  it("adds an external redirection with the destination split into https and destinationDomain", async () => {
    const { outs } = await createOne(t.engine, { hostingId: 101, domain: "agency-demo.com", destinationUrl: "http://client-shop.net/" });
    expect(t.sim.requests.count("v2.redirections.add")).toBe(1);
    expect(t.sim.requests.count("v2.redirections.addInternal")).toBe(0);
    const r = t.sim.store.hostings["101"]!.redirections.find((x) => x.domain === "agency-demo.com");
    expect(r).toMatchObject({ https: false, rType: 301, destinationUrl: "http://client-shop.net/", domainRedirection: true });
    expect(outs).toMatchObject({ type: 301, https: false, destinationUrl: "http://client-shop.net/" });
  });
});

describe("Redirection inputs", () => {
  const t = useProvider("Redirection", { version: "v4" });

  it.each([
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a relative destination", inputs: { destinationUrl: "/shop" }, property: "destinationUrl", reason: /absolute URL/ },
    {
      name: "an ftp destination",
      inputs: { destinationUrl: "ftp://files.example.com/" },
      property: "destinationUrl",
      reason: /http or https/,
    },
    {
      name: "a destination with credentials",
      inputs: { destinationUrl: "https://me:pw@example.com/" },
      property: "destinationUrl",
      reason: /user name or password/,
    },
    {
      name: "a destination on the domain itself",
      inputs: { destinationUrl: "https://agency-demo.com/new" },
      property: "destinationUrl",
      reason: /loop/,
    },
    { name: "a status other than 301 or 302", inputs: { type: 307 }, property: "type", reason: /301.*302/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    {
      name: "a property the resource does not have",
      inputs: { destination: "https://x.example/" },
      property: "destination",
      reason: /no property/,
    },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, domain: "agency-demo.com", destinationUrl: shop, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes a destination unknown during preview through check, and diff then plans a replacement", async () => {
    const olds = {
      hostingId: 101,
      domain: "agency-demo.com",
      destinationUrl: "https://client-shop.net/promo",
      type: 301,
      https: true,
      www: false,
    };
    const news = await t.engine.check({ hostingId: 101, domain: "agency-demo.com", destinationUrl: UNKNOWN });
    expect(news.destinationUrl).toBe(UNKNOWN);
    expect(await t.engine.diff("101/agency-demo.com", olds, news)).toEqual({
      changes: true,
      replaces: ["destinationUrl"],
      deleteBeforeReplace: true,
    });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("still takes a destination whose path holds NFC letters, escapes and dots inside segments", async () => {
    const checked = await t.engine.check({
      hostingId: 101,
      domain: "agency-demo.com",
      destinationUrl: "https://client-shop.net/caf\u00e9/v1.2/%C3%A9t%C3%A9?page=../x",
    });
    expect(checked.destinationUrl).toBe("https://client-shop.net/caf%C3%A9/v1.2/%C3%A9t%C3%A9?page=../x");
  });

  it("keeps a destination as the URL standard writes it, with the host in ASCII", async () => {
    const checked = await t.engine.check({ hostingId: 101, domain: "agency-demo.com", destinationUrl: "HTTPS://Café.COM" });
    expect(checked.destinationUrl).toBe("https://xn--caf-dma.com/");
    expect(checked.type).toBe(301);
  });

  it.each([
    { name: "surrounding white space, which URL parsers strip", url: " https://example.com/shop ", reason: /white space/ },
    { name: "a backslash, which WHATWG parsers read as a slash", url: "https://evil.org\\@agency-demo.com/", reason: /backslash/ },
    {
      name: "a host whose punycode does not decode to a valid name",
      url: "https://xn--zz-invalid.com/",
      reason: /not a URL on a valid host/,
    },
    { name: "a single-label host", url: "https://intranet/", reason: /second-level name/ },
    {
      name: "escaped dot segments, which the parser resolves away",
      url: "https://client-shop.net/a/%2e%2e/admin",
      reason: /segment "%2e%2e", which is "\.\."/,
    },
    { name: "a plain dot segment, which the parser resolves away", url: "https://client-shop.net/a/../admin", reason: /a "\.\." segment/ },
    { name: "full-width full stops in the path", url: "https://client-shop.net/\uff0e\uff0e/admin", reason: /segment "．．"/ },
    {
      name: "a full-width letter in the path, which the parser percent-encodes",
      url: "https://client-shop.net/\uff53hop",
      reason: /U\+FF53/,
    },
    {
      name: "an escaped full-width letter in the path",
      url: "https://client-shop.net/%EF%BD%93hop",
      reason: /once percent-decoded, holds U\+FF53/,
    },
  ])("refuses a destination with $name rather than rewriting it", async ({ url, reason }) => {
    const [failure] = await t.engine.checkFailures({ hostingId: 101, domain: "agency-demo.com", destinationUrl: url });
    expect(failure).toMatchObject({ property: "destinationUrl", reason: expect.stringMatching(reason) });
  });
});

describe("Redirection replaced while its delete's outcome is unknown", () => {
  // A short client timeout, and a settle wait that the faults below fit in or outlast.
  const t = useProvider("Redirection", { version: "v4", config: { "reseller:timeoutMs": "400", "reseller:settleWaitMs": "3000" } });
  const stored = () => t.sim.store.hostings["101"]!.redirections.filter((r) => r.domain === "agency-demo.com");
  const spring = "https://client-shop.net/spring";
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // `timeout`: the delete runs past the client's timeout and is applied; `delayed-apply`: the
  // connection closes at once and the delete lands later. A retry answered at once used to let
  // the add go first, and the late delete then removed the new redirection.
  it.each([
    { name: "runs past the client's timeout", fault: { kind: "latency", latencyMs: 900 }, lands: 900 },
    { name: "is applied late after the connection closed", fault: { kind: "delayed-apply", latencyMs: 600 }, lands: 600 },
    // Applied, then a reply past the client's size cap, or cut short: unreadable, so settled by reading.
    { name: "answers with a reply too large to read", fault: { kind: "oversize" }, lands: 0 },
    { name: "answers with a reply cut short", fault: { kind: "truncate" }, lands: 0 },
  ] as const)("waits, by reading, for a delete that $name before adding the new redirection", async ({ fault, lands }) => {
    const { checked, id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, destinationUrl: spring }, checked);
    t.sim.requests.clear();
    t.sim.faults.add({ operation: "redirections.delete", ...fault });

    // The engine's order for deleteBeforeReplace: delete the old object, then create the new one.
    const started = Date.now();
    await t.engine.delete(id, outs);
    expect(Date.now() - started).toBeGreaterThanOrEqual(lands);
    const replaced = await t.engine.create(news);
    await sleep(lands + 200);

    expect(replaced.outs.destinationUrl).toBe(spring);
    expect(stored()).toEqual([expect.objectContaining({ destinationUrl: spring, rType: 302 })]);
    expect(t.sim.requests.count("redirections.delete")).toBe(1);
    expect(t.sim.requests.count("redirections.add")).toBe(1);
  });

  it("deletes again when reading still finds the redirection after the wait (a delete is idempotent)", async () => {
    const { id, outs } = await createOne(t.engine);
    await t.configure({ "reseller:settleWaitMs": "500" });
    // The connection drops before the API acts: the redirection stays.
    t.sim.faults.add({ operation: "redirections.delete", kind: "drop" });
    t.sim.requests.clear();
    await t.engine.delete(id, outs);
    expect(stored()).toEqual([]);
    expect(t.sim.requests.count("redirections.delete")).toBe(2);
    expect(t.sim.requests.count("redirections.list")).toBeGreaterThanOrEqual(2);
  });

  it("settles an update's delete and add by reading, sending each once", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, destinationUrl: spring }, checked);
    t.sim.requests.clear();
    t.sim.faults.add({ operation: "redirections.delete", kind: "delayed-apply", latencyMs: 600 });
    t.sim.faults.add({ operation: "redirections.add", kind: "delayed-apply", latencyMs: 600 });
    const updated = await t.engine.update(id, outs, news);
    await sleep(800);
    expect(updated).toMatchObject({ destinationUrl: spring, type: 302, https: true, adopted: false });
    expect(stored()).toEqual([expect.objectContaining({ destinationUrl: spring })]);
    expect(t.sim.requests.count("redirections.delete")).toBe(1);
    expect(t.sim.requests.count("redirections.add")).toBe(1);
  });

  it("keeps the new redirection in state, with its id and provider, when an update's add does not settle", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, destinationUrl: spring }, checked);
    await t.configure({ "reseller:settleWaitMs": "500" });
    // The add's connection drops before the API acts: reading never finds the new redirection.
    t.sim.faults.add({ operation: "redirections.add", kind: "drop" });
    const err = (await t.engine.update(id, outs, news).then(
      () => undefined,
      (e: unknown) => e,
    )) as { id?: string; properties?: Record<string, unknown>; message: string };
    expect(err.id).toBe(id);
    expect(err.message).toMatch(/was deleted to be replaced.*may or may not have been applied.*not sent again/s);
    expect(err.properties).toMatchObject({ destinationUrl: spring, type: 302, adopted: false, __provider: t.engine.serialized });
    expect(stored()).toEqual([]);
    expect(t.sim.requests.count("redirections.add")).toBe(2);

    // The engine's next `up` updates the resource it kept, with the same inputs: nothing is
    // listed, so the redirection is added.
    const repaired = await t.engine.update(err.id!, err.properties!, news);
    expect(repaired).toMatchObject({ destinationUrl: spring, type: 302 });
    expect(stored()).toEqual([expect.objectContaining({ destinationUrl: spring })]);
    expect(t.sim.requests.count("redirections.add")).toBe(3);
  });

  it("says that nothing is in the old redirection's place when an update's add fails for certain", async () => {
    const { checked, id, outs } = await createOne(t.engine);
    const news = await t.engine.check({ ...base, destinationUrl: spring }, checked);
    t.sim.faults.add({ operation: "redirections.add", kind: "status", status: 500 });
    const err = (await t.engine.update(id, outs, news).then(
      () => undefined,
      (e: unknown) => e,
    )) as { id?: string; message: string };
    expect(err.id).toBeUndefined();
    expect(err.message).toMatch(/was deleted to be replaced.*none is in its place.*HTTP 500/s);
    expect(stored()).toEqual([]);
  });
});

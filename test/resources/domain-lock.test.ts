import { afterEach, describe, expect, it, vi } from "vitest";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["v4", "v3"] as const)("DomainLock on API %s", (version) => {
  const t = useProvider("DomainLock", { version });

  it("walks the engine's lifecycle, and a destroy that leaves the lock as it is", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    // client-shop.net is unlocked in the demo seed.
    const run = await runLifecycle(t.engine, {
      inputs: { domain: "Client-Shop.net." },
      update: { domain: "client-shop.net", locked: false },
      replace: { domain: "agency-demo.com", locked: false },
      replaces: ["domain"],
      goneAfterDelete: false,
    });
    expect(run.id).toBe("client-shop.net");
    expect(run.created).toEqual({ domain: "client-shop.net", locked: true });
    expect(run.updated).toEqual({ domain: "client-shop.net", locked: false });
    expect(t.sim.requests.count("domains.enableRegistrarLock")).toBe(1);
    expect(t.sim.requests.count("domains.disableRegistrarLock")).toBe(1);
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("released from Pulumi state; the domain stays unlocked"));
  });
});

describe("DomainLock against the registrar", () => {
  const t = useProvider("DomainLock", { version: "v4" });

  it("sends nothing when the lock is already as declared", async () => {
    const inputs = await t.engine.check({ domain: "agency-demo.com", locked: true });
    const { id, outs } = await t.engine.create(inputs);
    expect(outs).toEqual({ domain: "agency-demo.com", locked: true });
    expect(t.sim.requests.count("domains.enableRegistrarLock") + t.sim.requests.count("domains.disableRegistrarLock")).toBe(0);
    expect(await t.engine.diff(id, outs, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("sees a lock turned off outside Pulumi on refresh, and the next update locks it again", async () => {
    const inputs = await t.engine.check({ domain: "agency-demo.com" });
    const { id, outs } = await t.engine.create(inputs);
    t.sim.store.domains["agency-demo.com"]!.locked = false;
    const fresh = await t.engine.read(id, outs);
    expect(fresh.props.locked).toBe(false);
    expect((await t.engine.diff(id, fresh.props, inputs)).changes).toBe(true);
    expect(await t.engine.update(id, fresh.props, inputs)).toEqual({ domain: "agency-demo.com", locked: true });
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(true);
  });

  it("refuses a domain the account does not hold, and refuses to read it by id alone (get)", async () => {
    const inputs = await t.engine.check({ domain: "not-in-account.com" });
    await expect(t.provider.create(inputs)).rejects.toThrow("not-in-account.com is not in this reseller account");
    await expect(t.engine.read("not-in-account.com")).rejects.toThrow("does not exist in the reseller account");
  });

  it("imports an IDN domain's lock by its Unicode id", async () => {
    const imported = await t.engine.read("café.com");
    expect(imported.props).toEqual({ domain: "xn--caf-dma.com", locked: true });
    const inputs = await t.engine.check({ domain: "café.com", locked: true }, imported.inputs);
    expect(await t.engine.diff(imported.id, imported.props, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });
});

describe("DomainLock on API v2", () => {
  const t = useProvider("DomainLock", { version: "v2" });

  it("locks and unlocks through save-registrar-lock with a lock_action", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "client-shop.net", locked: true }));
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(true);
    const updated = await t.engine.update(id, outs, await t.engine.check({ domain: "client-shop.net", locked: false }));
    expect((await t.engine.read(id, updated)).props).toEqual({ domain: "client-shop.net", locked: false });
    expect(t.sim.requests.count("v2.domains.saveRegistrarLock")).toBe(2);
  });
});

describe("DomainLock check", () => {
  const t = useProvider("DomainLock", { version: "v4" });

  it.each([
    { name: "no domain", input: { locked: true }, property: "domain" },
    { name: "an invalid domain", input: { domain: "not a domain" }, property: "domain" },
    { name: "a single-label domain", input: { domain: "localhost" }, property: "domain" },
    { name: "a lock that is not a boolean", input: { domain: "example.com", locked: "yes" }, property: "locked" },
    { name: "a misspelt property", input: { domain: "example.com", lock: true }, property: "lock" },
  ])("refuses $name, naming the property, without calling the API", async ({ input, property }) => {
    const failures = await t.engine.checkFailures(input);
    expect(failures.map((f) => f.property)).toContain(property);
    expect(t.sim.requests.count()).toBe(0);
  });
});

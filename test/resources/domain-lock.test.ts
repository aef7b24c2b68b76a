import { afterEach, describe, expect, it, vi } from "vitest";
import { clearCache } from "../../src/runtime";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { writesSince } from "../helpers/sim";

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["v4", "v3"] as const)("DomainLock on API %s", (version) => {
  const t = useProvider("DomainLock", { version });

  it("walks the engine's lifecycle, and a destroy that puts back the lock found at create", async () => {
    // client-shop.net is unlocked in the demo seed.
    const run = await runLifecycle(t.engine, {
      inputs: { domain: "Client-Shop.net." },
      update: { domain: "client-shop.net", locked: false },
      replace: { domain: "agency-demo.com", locked: false },
      replaces: ["domain"],
      goneAfterDelete: false,
    });
    expect(run.id).toBe("client-shop.net");
    expect(run.created).toEqual({ domain: "client-shop.net", locked: true, previous: false });
    expect(run.updated).toEqual({ domain: "client-shop.net", locked: false, previous: false });
    expect(run.imported.props).toEqual(run.updated);
    // The update left the lock as it was found, so destroy had nothing to put back.
    expect(t.sim.requests.count("domains.enableRegistrarLock")).toBe(1);
    expect(t.sim.requests.count("domains.disableRegistrarLock")).toBe(1);
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(false);
  });

  it("puts back at destroy the lock found at create, after a refresh, with no other write", async () => {
    // agency-demo.com is locked in the demo seed; unlocked out of band, as before a transfer.
    t.sim.store.domains["agency-demo.com"]!.locked = false;
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "agency-demo.com", locked: true }));
    expect(outs).toEqual({ domain: "agency-demo.com", locked: true, previous: false });
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(true);
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toEqual(outs);
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, refreshed.props);
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(false);
    expect(writesSince(t.sim, mark)).toEqual(["domains.disableRegistrarLock"]);
  });

  it("still unlocks at destroy a domain found unlocked when the create that locked it was cut off after its write", async () => {
    t.sim.store.domains["client-shop.net"]!.locked = false;
    // The lock lands after its connection closed: the host learns nothing, as when it is killed
    // after sending the write, and the engine saves no state.
    t.sim.faults.add({ operation: "domains.enableRegistrarLock", kind: "delayed-apply", latencyMs: 50 });
    const inputs = await t.engine.check({ domain: "client-shop.net", locked: true });
    await t.provider.create(inputs).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(true);

    // The next up finds the domain locked, as declared, and writes nothing: only the record knows.
    clearCache();
    const mark = t.sim.requests.list().length;
    const { id, outs } = await t.engine.create(inputs);
    expect(outs).toEqual({ domain: "client-shop.net", locked: true, previous: false });
    expect(writesSince(t.sim, mark)).toEqual([]);
    await t.engine.delete(id, outs);
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(false);
  });

  it("reads, refreshes and destroys state written before `previous` existed: destroy leaves the lock as it is", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    t.sim.store.domains["client-shop.net"]!.locked = false;
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "client-shop.net", locked: true }));
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    expect(refreshed.props).toEqual({ domain: "client-shop.net", locked: true });
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, refreshed.props);
    expect(writesSince(t.sim, mark)).toEqual([]);
    expect(t.sim.store.domains["client-shop.net"]!.locked).toBe(true);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining(
        "records no value found at create (it was written by an earlier version), so it is released from Pulumi state and the domain stays locked",
      ),
    );
  });

  it("imported from the id alone, takes the live lock as found, and destroy after an update puts it back", async () => {
    const imported = await t.engine.read("agency-demo.com");
    expect(imported.props).toEqual({ domain: "agency-demo.com", locked: true, previous: true });
    const updated = await t.engine.update(
      imported.id,
      imported.props,
      await t.engine.check({ domain: "agency-demo.com", locked: false }, imported.inputs),
    );
    expect(updated).toEqual({ domain: "agency-demo.com", locked: false, previous: true });
    const mark = t.sim.requests.list().length;
    await t.engine.delete(imported.id, updated);
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(true);
    expect(writesSince(t.sim, mark)).toEqual(["domains.enableRegistrarLock"]);
  });
});

describe("DomainLock against the registrar", () => {
  const t = useProvider("DomainLock", { version: "v4" });

  it("sends nothing when the lock is already as declared", async () => {
    const inputs = await t.engine.check({ domain: "agency-demo.com", locked: true });
    const { id, outs } = await t.engine.create(inputs);
    expect(outs).toEqual({ domain: "agency-demo.com", locked: true, previous: true });
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
    expect(await t.engine.update(id, fresh.props, inputs)).toEqual({ domain: "agency-demo.com", locked: true, previous: true });
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(true);
  });

  it("refuses a domain the account does not hold, and refuses to read it by id alone (get)", async () => {
    const inputs = await t.engine.check({ domain: "not-in-account.com" });
    await expect(t.provider.create(inputs)).rejects.toThrow("not-in-account.com is not in this reseller account");
    await expect(t.engine.read("not-in-account.com")).rejects.toThrow("does not exist in the reseller account");
  });

  it("imports an IDN domain's lock by its Unicode id", async () => {
    const imported = await t.engine.read("café.com");
    expect(imported.props).toEqual({ domain: "xn--caf-dma.com", locked: true, previous: true });
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
    expect((await t.engine.read(id, updated)).props).toEqual({ domain: "client-shop.net", locked: false, previous: false });
    expect(t.sim.requests.count("v2.domains.saveRegistrarLock")).toBe(2);
  });

  it("puts back the lock found at create through save-registrar-lock", async () => {
    t.sim.store.domains["agency-demo.com"]!.locked = false;
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "agency-demo.com", locked: true }));
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, outs);
    expect(t.sim.store.domains["agency-demo.com"]!.locked).toBe(false);
    expect(writesSince(t.sim, mark)).toEqual(["domains.saveRegistrarLock"]);
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

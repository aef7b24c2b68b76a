import { afterEach, describe, expect, it, vi } from "vitest";
import { runLifecycle, useProvider } from "../helpers/lifecycle";
import { writesSince } from "../helpers/sim";

const PROVIDER = ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"];

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["v4", "v3"] as const)("DomainNameservers on API %s", (version) => {
  const t = useProvider("DomainNameservers", { version });

  it("walks the engine's lifecycle, and a destroy that puts back the nameservers found at create", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const run = await runLifecycle(t.engine, {
      inputs: { domain: "client-shop.net", nameservers: ["NS1.Example.net.", "ns2.example.net"] },
      update: { domain: "client-shop.net", nameservers: ["ns1.example.net", "ns2.example.net", "ns3.example.org"] },
      replace: { domain: "xn--caf-dma.com", nameservers: ["ns1.example.net", "ns2.example.net", "ns3.example.org"] },
      replaces: ["domain"],
      goneAfterDelete: false,
    });
    expect(run.id).toBe("client-shop.net");
    expect(run.created).toEqual({
      domain: "client-shop.net",
      sld: "client-shop",
      tld: "net",
      nameservers: ["ns1.example.net", "ns2.example.net"],
      useProviderNameservers: false,
      previous: PROVIDER,
    });
    expect(run.updated.previous).toEqual(PROVIDER);
    // From the id alone nothing has been changed yet: the live nameservers are the ones found.
    expect(run.imported.props).toEqual({ ...run.updated, previous: run.updated.nameservers });
    expect(t.sim.requests.count("domains.updateNameservers")).toBe(3);
    expect(t.sim.store.domains["client-shop.net"]!.nameservers).toEqual(PROVIDER);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining("nameservers set back to nsa.n0c.com, nsb.n0c.com, nsc.n0c.com, as found at create"),
    );
  });

  it("puts back at destroy the nameservers found at create, through an update, with no other write", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const found = ["ns1.elsewhere.net", "ns2.elsewhere.net"];
    t.sim.store.domains["agency-demo.com"]!.nameservers = [...found];
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "agency-demo.com", useProviderNameservers: true }));
    expect(outs).toMatchObject({ nameservers: PROVIDER, previous: found });
    const updated = await t.engine.update(
      id,
      outs,
      await t.engine.check({ domain: "agency-demo.com", nameservers: ["ns1.example.net", "ns2.example.net"] }),
    );
    expect(updated).toMatchObject({ nameservers: ["ns1.example.net", "ns2.example.net"], previous: found });
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, updated);
    expect(t.sim.store.domains["agency-demo.com"]!.nameservers).toEqual(found);
    expect(writesSince(t.sim, mark)).toEqual(["domains.updateNameservers"]);
  });

  it("reads, refreshes and destroys state written before `previous` existed: destroy leaves the nameservers as they are", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    t.sim.store.domains["agency-demo.com"]!.nameservers = ["ns1.elsewhere.net", "ns2.elsewhere.net"];
    const { id, outs } = await t.engine.create(await t.engine.check({ domain: "agency-demo.com", useProviderNameservers: true }));
    const { previous: _previous, ...old } = outs;
    const refreshed = await t.engine.read(id, old);
    expect(refreshed.props).toEqual(old);
    const mark = t.sim.requests.list().length;
    await t.engine.delete(id, refreshed.props);
    expect(writesSince(t.sim, mark)).toEqual([]);
    expect(t.sim.store.domains["agency-demo.com"]!.nameservers).toEqual(PROVIDER);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining("written by an earlier version), so it is released from Pulumi state and the domain keeps its nameservers"),
    );
  });
});

describe("DomainNameservers against the registrar", () => {
  const t = useProvider("DomainNameservers", { version: "v4" });

  it("sends nothing when the registrar already has the declared nameservers, in any order", async () => {
    const inputs = await t.engine.check({ sld: "café", tld: ".com", nameservers: ["nsc.n0c.com", "nsa.n0c.com", "nsb.n0c.com"] });
    const { id, outs } = await t.engine.create(inputs);
    expect(id).toBe("xn--caf-dma.com");
    expect(outs).toMatchObject({ nameservers: PROVIDER, useProviderNameservers: true });
    expect(t.sim.requests.count("domains.updateNameservers")).toBe(0);
    expect(await t.engine.diff(id, outs, inputs)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("returns a domain to the provider's nameservers with useProviderNameservers", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    t.sim.store.domains["agency-demo.com"]!.nameservers = ["ns1.elsewhere.net", "ns2.elsewhere.net"];
    const inputs = await t.engine.check({ domain: "agency-demo.com", useProviderNameservers: true });
    expect(inputs.nameservers).toEqual(PROVIDER);
    const { outs } = await t.engine.create(inputs);
    expect(outs.useProviderNameservers).toBe(true);
    expect(t.sim.store.domains["agency-demo.com"]!.nameservers).toEqual(PROVIDER);
  });

  it("sees nameservers changed outside Pulumi on refresh, and the next diff reports it", async () => {
    const inputs = await t.engine.check({ domain: "agency-demo.com", useProviderNameservers: true });
    const { id, outs } = await t.engine.create(inputs);
    t.sim.store.domains["agency-demo.com"]!.nameservers = ["ns1.elsewhere.net", "ns2.elsewhere.net"];
    const fresh = await t.engine.read(id, outs);
    expect(fresh.props).toMatchObject({ nameservers: ["ns1.elsewhere.net", "ns2.elsewhere.net"], useProviderNameservers: false });
    expect((await t.engine.diff(id, fresh.props, inputs)).changes).toBe(true);
  });

  it("refuses a domain the account does not hold, and refuses to read it by id alone (get)", async () => {
    const inputs = await t.engine.check({ domain: "not-in-account.com", useProviderNameservers: true });
    await expect(t.provider.create(inputs)).rejects.toThrow("not-in-account.com is not in this reseller account");
    await expect(t.engine.read("not-in-account.com")).rejects.toThrow("does not exist in the reseller account");
  });
});

describe("DomainNameservers on API v2", () => {
  const t = useProvider("DomainNameservers", { version: "v2" });

  it("sets and reads nameservers through the v2 reseller API", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "client-shop.net", nameservers: ["ns1.example.net", "ns2.example.net"] }),
    );
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    expect(t.sim.requests.count("v2.domains.updateNameservers")).toBe(1);
    expect(t.sim.requests.count("v2.domains.getNameservers")).toBe(2);
  });
});

describe("DomainNameservers check", () => {
  const t = useProvider("DomainNameservers", { version: "v4" });

  it.each([
    { name: "one nameserver", input: { domain: "example.com", nameservers: ["ns1.example.net"] }, property: "nameservers" },
    {
      name: "six nameservers",
      input: { domain: "example.com", nameservers: [1, 2, 3, 4, 5, 6].map((n) => `ns${n}.example.net`) },
      property: "nameservers",
    },
    {
      name: "a nameserver that is not a host name",
      input: { domain: "example.com", nameservers: ["ns1.example.net", "bad host"] },
      property: "nameservers[1]",
    },
    {
      name: "a nameserver that is not fully qualified",
      input: { domain: "example.com", nameservers: ["ns1", "ns2.example.net"] },
      property: "nameservers[0]",
    },
    {
      name: "a repeated nameserver",
      input: { domain: "example.com", nameservers: ["ns1.example.net", "NS1.example.net."] },
      property: "nameservers[1]",
    },
    { name: "neither nameservers nor useProviderNameservers", input: { domain: "example.com" }, property: "nameservers" },
    {
      name: "useProviderNameservers false without nameservers",
      input: { domain: "example.com", useProviderNameservers: false },
      property: "nameservers",
    },
    {
      name: "other nameservers with useProviderNameservers",
      input: { domain: "example.com", useProviderNameservers: true, nameservers: ["ns1.example.net", "ns2.example.net"] },
      property: "useProviderNameservers",
    },
    { name: "no domain", input: { useProviderNameservers: true }, property: "domain" },
    { name: "an invalid domain", input: { domain: "not a domain", useProviderNameservers: true }, property: "domain" },
    {
      name: "sld and tld naming another domain",
      input: { domain: "example.com", sld: "other", tld: "com", useProviderNameservers: true },
      property: "sld",
    },
    {
      name: "a misspelt property",
      input: { domain: "example.com", useProviderNameservers: true, nameserver: ["ns1.example.net"] },
      property: "nameserver",
    },
  ])("refuses $name, naming the property, without calling the API", async ({ input, property }) => {
    const failures = await t.engine.checkFailures(input);
    expect(failures.map((f) => f.property)).toContain(property);
    expect(t.sim.requests.count()).toBe(0);
  });
});

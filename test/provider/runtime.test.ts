import { describe, expect, it, vi } from "vitest";
import { configure, definitionOf, provider } from "../../src/runtime";
import { configFor, useProvider } from "../helpers/lifecycle";

const record = (name: string, extra: Record<string, unknown> = {}) => ({
  domain: "agency-demo.com",
  name,
  type: "A",
  ttl: 3600,
  records: ["198.51.100.7"],
  ...extra,
});

describe("runtime on API v3", () => {
  const t = useProvider("DnsRecordSet", { version: "v3" });

  it("addresses a hosting account with the username from the hosting listing, looked up once", async () => {
    const inputs = await Promise.all(["a1", "a2", "a3"].map((n) => t.engine.check(record(n, { hostingId: 101 }))));
    const created = await Promise.all(inputs.map((i) => t.engine.create(i)));
    await Promise.all(created.map((c) => t.engine.read(c.id, c.outs)));
    expect(t.sim.requests.count("hosting.listAccounts")).toBe(1);
    const names = t.sim.store.zones["agency-demo.com"]!.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["a1.agency-demo.com.", "a2.agency-demo.com.", "a3.agency-demo.com."]));
  });

  it("fails the create naming a hosting account that is not in the listing, and writes nothing", async () => {
    // The check's read for an existing object meets the same answer and leaves the check as it was (decision 0045).
    const inputs = await t.engine.check(record("nowhere", { hostingId: 999 }));
    await expect(t.provider.create(inputs)).rejects.toThrow(/Hosting account 999 is not in this reseller account/);
    expect(t.sim.requests.count("dns.modifyZone")).toBe(0);
  });
});

describe("runtime on API v4", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  it("addresses a hosting account by its id alone, without a lookup", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(record("v4-only", { hostingId: 101 })));
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
    expect(t.sim.requests.count("hosting.listAccounts")).toBe(0);
  });

  it("serves create and update through the one write method the shell maps both to", async () => {
    const p = provider("DnsRecordSet");
    const inputs = await t.engine.check(record("written"));
    const created = (await p.write(inputs)) as { id: string; outs: Record<string, unknown> };
    expect(created.id).toBe("agency-demo.com/written/A");
    const news = await t.engine.check(record("written", { ttl: 300 }), inputs);
    const updated = (await p.write(created.id, created.outs, news)) as { outs: Record<string, unknown> };
    expect(updated.outs.ttl).toBe(300);
    expect(t.sim.store.zones["agency-demo.com"]!.find((r) => r.name === "written.agency-demo.com.")?.ttl).toBe(300);
  });

  it("refuses to read an id that does not have the declared format, naming the format", async () => {
    await expect(t.provider.read("agency-demo.com/www")).rejects.toThrow(
      /not a valid DnsRecordSet id; the format is <zone>\/<name>\/<type>/,
    );
  });

  it("refuses a resource type it does not serve, naming the ones it does", () => {
    expect(() => definitionOf("Nope")).toThrow(/no resource type "Nope" \(known: .*DnsRecordSet.*\)/);
  });

  it("fails an operation without credentials by naming the missing keys, before any request", async () => {
    vi.stubEnv("RESELLER_API_USER", "");
    vi.stubEnv("RESELLER_API_KEY", "");
    try {
      await configure({ config: { get: (k: string) => (k === "reseller:apiUrl" ? t.sim.url : undefined) } });
      const inputs = await t.engine.check(record("nocreds"));
      await expect(t.provider.create(inputs)).rejects.toThrow(
        /Missing configuration "reseller:apiUser" \(or the environment variable RESELLER_API_USER\) and "reseller:apiKey"/,
      );
      expect(t.sim.requests.count()).toBe(0);
    } finally {
      vi.unstubAllEnvs();
      await configure({ config: configFor(t.sim, "v4") });
    }
  });

  it("checks and diffs without credentials or any request", async () => {
    vi.stubEnv("RESELLER_API_USER", "");
    vi.stubEnv("RESELLER_API_KEY", "");
    try {
      await configure({ config: { get: () => undefined } });
      const inputs = await t.engine.check(record("offline"));
      const diff = await t.engine.diff("agency-demo.com/offline/A", { ...inputs, fqdn: "offline.agency-demo.com." }, inputs);
      expect(diff.changes).toBe(false);
      expect(t.sim.requests.count()).toBe(0);
    } finally {
      vi.unstubAllEnvs();
      await configure({ config: configFor(t.sim, "v4") });
    }
  });
});

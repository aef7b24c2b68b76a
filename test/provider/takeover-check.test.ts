/**
 * The takeover a create would refuse, caught by `check` for a resource about to be created, so
 * that a preview fails as the `up` would (docs/decisions/0045), through the runtime against the
 * simulator. The same refusal under the real engine: test/engine/takeover.test.ts.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { definitions } from "../../src/resources/registry";
import { runtimeAdopts } from "../../src/provider/lifecycle/takeover";
import { OWNER_KEY, ownerToken } from "../../src/provider/lifecycle/owner";
import { useProvider } from "../helpers/lifecycle";

const DOMAIN = "agency-demo.com";
/** The seed's zone has `@ TXT` (an SPF policy). */
const SPF = { domain: DOMAIN, name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] };
const SPF_REFUSAL = `DnsRecordSet ${DOMAIN}/@/TXT: the TXT record set ${DOMAIN}. (1 record: "v=spf1 +a +mx ~all") exists already in the reseller account`;

describe("check of a record set about to be created", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  /** The requests the simulator received since `mark`, by operation. */
  const since = (mark: number) =>
    t.sim.requests
      .list()
      .slice(mark)
      .map((r) => r.id);

  it("fails over one that exists, naming it and adopt: true, with one read and no write", async () => {
    const mark = t.sim.requests.list().length;
    const failures = await t.engine.checkFailures(SPF);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe("");
    expect(failures[0]!.reason).toContain(SPF_REFUSAL);
    expect(failures[0]!.reason).toContain("`adopt: true`");
    expect(since(mark)).toEqual(["dns.getZone"]);
  });

  it("passes with adopt: true, and over a name the zone does not hold", async () => {
    await expect(t.engine.check({ ...SPF, adopt: true })).resolves.toMatchObject({ adopt: true });
    await expect(t.engine.check({ ...SPF, name: "status" })).resolves.toMatchObject({ name: "status" });
  });

  it("reads a zone once for many record sets of it", async () => {
    const mark = t.sim.requests.list().length;
    for (const name of ["a", "b", "c", "d"]) await t.engine.check({ ...SPF, name, type: "A", records: ["198.51.100.7"] });
    expect(since(mark)).toEqual(["dns.getZone"]);
  });

  it("reads nothing for a resource in state (old inputs), with an input unknown until other resources exist, or without credentials", async () => {
    const mark = t.sim.requests.list().length;
    const olds = await t.engine.check({ ...SPF, adopt: true });
    const afterAdopt = t.sim.requests.list().length;
    await expect(t.engine.check(SPF, olds)).resolves.toMatchObject({ name: "@" });
    await expect(t.engine.check({ ...SPF, domain: UNKNOWN })).resolves.toMatchObject({ domain: UNKNOWN });
    await expect(t.engine.check({ ...SPF, adopt: UNKNOWN })).resolves.toMatchObject({ name: "@" });
    expect(since(afterAdopt)).toEqual([]);
    await t.configure({ "reseller:apiKey": "" });
    await expect(t.engine.check(SPF)).resolves.toMatchObject({ name: "@" });
    expect(t.sim.requests.list().length).toBe(afterAdopt);
    expect(afterAdopt - mark).toBeLessThanOrEqual(1);
  });
});

describe("the engine's second check of a replacement", () => {
  // The engine checks a resource it replaces again without old inputs, to compute the
  // replacement's inputs afresh; a redirection replaces itself at its own identity on any change.
  const t = useProvider("Redirection", { version: "v4" });
  const owner = { [OWNER_KEY]: ownerToken({ project: "p", stack: "s", type: "Redirection", name: "shop" }) };
  const SITE = { hostingId: 101, domain: "xn--caf-dma.com", destinationUrl: "https://agency-demo.com/shop", ...owner };

  it("passes at the resource's own identity, which its first check saw in the old inputs", async () => {
    const olds = await t.engine.check(SITE);
    await t.engine.create(olds);
    const moved = { ...SITE, destinationUrl: "https://agency-demo.com/sale" };
    await expect(t.engine.check(moved, olds)).resolves.toMatchObject({ destinationUrl: moved.destinationUrl });
    await expect(t.engine.check(moved)).resolves.toMatchObject({ destinationUrl: moved.destinationUrl });
  });

  it("still refuses an object at another identity, and a new resource once the replacement was checked", async () => {
    const olds = await t.engine.check({ ...SITE, adopt: true });
    // The seed's redirection of client-shop.net belongs to no stack.
    const elsewhere = { ...SITE, domain: "client-shop.net" };
    await t.engine.check(elsewhere, olds);
    expect((await t.engine.checkFailures(elsewhere))[0]?.reason).toContain("exists already");
    const adopted = await t.engine.check({ ...elsewhere, adopt: true });
    await t.engine.check(elsewhere, adopted);
    await expect(t.engine.check(elsewhere)).resolves.toMatchObject({ domain: "client-shop.net" });
    expect((await t.engine.checkFailures(elsewhere))[0]?.reason).toContain("exists already");
  });
});

describe("check of a record set when the API does not answer its read", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  it("passes as before: a wrong key is no evidence of an object, and the create's read meets the error", async () => {
    await t.configure({ "reseller:apiKey": "not-the-key" });
    await expect(t.engine.check(SPF)).resolves.toMatchObject({ name: "@" });
    expect(t.sim.requests.list().map((r) => r.id)).toContain("dns.getZone");
  });
});

describe("check of an FTP account about to be created (a definition with its own adopt)", () => {
  const t = useProvider("FtpAccount", { version: "v4" });
  const seeded = { hostingId: 101, domain: DOMAIN, user: "deploy", path: "/public_html", password: "Sup3r-Secret-Pass!" };

  it("fails over a login that exists with the definition's own message, and passes with adopt: true", async () => {
    const failures = await t.engine.checkFailures(seeded);
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/The FTP account deploy@agency-demo\.com already exists.*set adopt: true.*Nothing was changed/),
    ]);
    expect(failures[0]!.reason).not.toContain(seeded.password);
    await expect(t.engine.check({ ...seeded, adopt: true })).resolves.toMatchObject({ user: "deploy" });
  });
});

describe("definitions with an adopt input of their own", () => {
  it("each say how they refuse a takeover, so that check can", () => {
    const own = definitions.filter((d) => d.find !== undefined && !runtimeAdopts(d));
    expect(own.map((d) => d.type).sort()).toEqual(["Database", "DatabaseUser", "DomainRegistration", "FtpAccount", "SshKey"]);
    expect(own.filter((d) => d.refuseTakeover === undefined).map((d) => d.type)).toEqual([]);
  });
});

/**
 * Several reseller accounts in one provider process (docs/decisions/0017): resources name one
 * with their `account` input, resolved against `reseller:accounts`; the top-level keys are the
 * account of resources that name none. Two simulators stand for two accounts, each with its own
 * credentials, and both hold the demo seed, so the same domain exists in both.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configure, provider } from "../../src/runtime";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { InProcessEngine } from "../../packages/testing/src/in-process";
import { configFor, configValues, runLifecycle, useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

const B_USER = "brand-b-api-user";
const B_KEY = "brand-b-key-4f1e9a7c-never-printed";

/** The second account's simulator, its own credentials and store, for the whole file. */
function useSecondAccount() {
  let sim: Simulator | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo", apiUser: B_USER, apiKey: B_KEY });
  });
  beforeEach(() => sim?.reset());
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get sim(): Simulator {
      if (!sim) throw new Error("simulator not started");
      return sim;
    },
  };
}

/** `reseller:accounts` naming `brand-b` (the second simulator) and any further accounts. */
function accountsJson(b: Simulator, more: Record<string, unknown> = {}): string {
  return JSON.stringify({
    "brand-b": { apiUrl: b.url, apiUser: b.apiUser, apiKey: b.apiKey, requestsPerMinute: 1_000_000, initialRequestsPerMinute: 1_000_000 },
    ...more,
  });
}

/**
 * A resource type's runtime on the default account's simulator and on `brand-b`'s, configured
 * with both before each test.
 */
function useTwoAccounts(type: string) {
  const t = useProvider(type, { version: "v4" });
  const b = useSecondAccount();
  beforeEach(() => t.configure({ "reseller:accounts": accountsJson(b.sim) }));
  return { t, b };
}

const zoneNames = (sim: Simulator, domain = "agency-demo.com") => (sim.store.zones[domain] ?? []).map((r) => `${r.name}/${r.type}`);

describe("resources on a named account", () => {
  const { t, b } = useTwoAccounts("DnsRecordSet");

  it("walks a record set's lifecycle in the named account, and writes nothing to the default one", async () => {
    const base = { account: "brand-b", domain: "agency-demo.com", name: "api", type: "A", hostingId: 101 };
    const run = await runLifecycle(t.engine, {
      inputs: { ...base, records: ["198.51.100.7"] },
      update: { ...base, ttl: 300, records: ["198.51.100.9"] },
      replace: { ...base, name: "api2", ttl: 300, records: ["198.51.100.9"] },
      replaces: ["name"],
      importProps: { account: "brand-b" },
    });
    expect(run.created).toEqual({
      ...base,
      ttl: 14400,
      records: [{ value: "198.51.100.7" }],
      fqdn: "api.agency-demo.com.",
      adopted: false,
    });
    expect(run.imported.props.account).toBe("brand-b");
    expect(b.sim.requests.count("dns.modifyZone")).toBeGreaterThan(0);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("writes a record set with an account to that account's API, and one without to the default", async () => {
    const inB = await t.engine.create(
      await t.engine.check({ account: "brand-b", domain: "agency-demo.com", name: "only-b", type: "A", records: ["198.51.100.20"] }),
    );
    const inA = await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "only-a", type: "A", records: ["198.51.100.10"] }),
    );
    expect(inB.outs.account).toBe("brand-b");
    expect(inA.outs).not.toHaveProperty("account");
    expect(zoneNames(b.sim)).toContain("only-b.agency-demo.com./A");
    expect(zoneNames(b.sim)).not.toContain("only-a.agency-demo.com./A");
    expect(zoneNames(t.sim)).toContain("only-a.agency-demo.com./A");
    expect(zoneNames(t.sim)).not.toContain("only-b.agency-demo.com./A");
  });

  it("never serves one account's cached zone to another account with the same domain", async () => {
    // The default account's zone is read and cached first; the same read in brand-b must go to
    // brand-b's API, and a record set that only brand-b holds is gone for the default account.
    const www = { domain: "agency-demo.com", name: "www", type: "CNAME", records: [] };
    const a = await t.engine.read("agency-demo.com/www/CNAME", www);
    expect(a.id).toBe("agency-demo.com/www/CNAME");
    const olds = await t.engine.check({ account: "brand-b", domain: "agency-demo.com", name: "apart", type: "TXT", records: ["brand-b"] });
    const created = await t.engine.create(olds);
    const reads = await Promise.all([
      t.engine.read(created.id, created.outs),
      t.engine.read(created.id, { ...created.outs, account: undefined }),
    ]);
    expect(reads[0]).toMatchObject({ id: created.id, props: { account: "brand-b", records: [{ value: '"brand-b"' }] } });
    expect(reads[1].id).toBe("");
    expect(t.sim.requests.count("dns.getZone")).toBe(1);
    expect(b.sim.requests.count("dns.getZone")).toBeGreaterThanOrEqual(1);
    // A change in brand-b drops brand-b's cached zone only.
    b.sim.store.zones["agency-demo.com"] = b.sim.store.zones["agency-demo.com"]!.filter((r) => r.name !== "www.agency-demo.com.");
    await t.engine.update(
      created.id,
      created.outs,
      await t.engine.check(
        { account: "brand-b", domain: "agency-demo.com", name: "apart", type: "TXT", records: ["brand-b", "again"] },
        olds,
      ),
    );
    expect((await t.engine.read("agency-demo.com/www/CNAME", { ...www, account: "brand-b" })).id).toBe("");
    expect((await t.engine.read("agency-demo.com/www/CNAME", www)).id).toBe("agency-demo.com/www/CNAME");
    expect(t.sim.requests.count("dns.getZone")).toBe(1);
  });

  it("replaces a resource whose account is set, changed or removed, creating the new one first", async () => {
    const p = provider("DnsRecordSet");
    const outs: Props = {
      account: "brand-b",
      domain: "agency-demo.com",
      name: "www",
      type: "A",
      ttl: 14400,
      records: [{ value: "198.51.100.7" }],
      fqdn: "www.agency-demo.com.",
    };
    const same = { domain: "agency-demo.com", name: "www", type: "A", ttl: 14400, records: ["198.51.100.7"] };
    // The engine checks the new inputs of a resource in state against its old ones.
    const checked = async (news: Props, olds: Props) => (await p.check(olds, news)).inputs!;
    const sameInB = { ...same, account: "brand-b" };
    expect(await p.diff("agency-demo.com/www/A", outs, await checked(sameInB, sameInB))).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(await p.diff("agency-demo.com/www/A", outs, await checked(same, sameInB))).toEqual({
      changes: true,
      replaces: ["account"],
      deleteBeforeReplace: false,
    });
    const { account: _a, ...inDefault } = outs;
    expect(await p.diff("agency-demo.com/www/A", inDefault, await checked(sameInB, same))).toEqual({
      changes: true,
      replaces: ["account"],
      deleteBeforeReplace: false,
    });
    // With an identity change as well, the record set's own rule (delete first) holds.
    expect(await p.diff("agency-demo.com/www/A", inDefault, await checked({ ...same, name: "web", account: "brand-b" }, same))).toEqual({
      changes: true,
      replaces: ["name", "account"],
      deleteBeforeReplace: true,
    });
  });

  it("checks the other inputs for the named account's API version", async () => {
    await configure({
      config: configFor(t.sim, "v4", {
        "reseller:accounts": JSON.stringify({ "brand-v2": { apiUser: "u", apiKey: "k", apiVersion: "v2", apiUrl: b.sim.url } }),
      }),
    });
    // API v2 has no object storage: the default account (v4) takes it, the v2 account does not.
    const p = provider("ObjectStorageAccount");
    expect((await p.check({}, { hostingId: 101 })).failures ?? []).toEqual([]);
    const failures = (await p.check({}, { hostingId: 101, account: "brand-v2" })).failures;
    expect(failures).toEqual([{ property: "hostingId", reason: expect.stringContaining("API v2 has no operation") }]);
  });

  it("fails check on an account the configuration does not name, saying which key to set", async () => {
    const failures = await t.engine.checkFailures({
      account: "brand-c",
      domain: "agency-demo.com",
      name: "www",
      type: "A",
      records: ["198.51.100.7"],
    });
    expect(failures).toEqual([{ property: "account", reason: expect.stringContaining('Account "brand-c" is not configured') }]);
    expect(failures[0]!.reason).toContain('names only "brand-b"');
    expect(failures[0]!.reason).toContain("pulumi config set --secret --path 'reseller:accounts.brand-c.apiKey'");
    expect(failures[0]!.reason).not.toContain(B_KEY);
  });

  it("fails check on an account name that is not one", async () => {
    for (const account of ["Brand-B", "brand.b", "", 7]) {
      const failures = await t.engine.checkFailures({
        account,
        domain: "agency-demo.com",
        name: "www",
        type: "A",
        records: ["198.51.100.7"],
      });
      expect(failures).toEqual([
        { property: "account", reason: expect.stringMatching(/must be the name of an account of reseller:accounts \(lower-case letters/) },
      ]);
    }
  });

  it("reads from the id alone in the account a get names", async () => {
    const created = await t.engine.create(
      await t.engine.check({ account: "brand-b", domain: "agency-demo.com", name: "got", type: "A", records: ["198.51.100.30"] }),
    );
    // `X.get(name, id, { account })` registers the account alone: a read from the id in that account.
    const got = await t.provider.read(created.id, { account: "brand-b", __provider: t.engine.serialized });
    expect(got).toMatchObject({
      id: created.id,
      props: { account: "brand-b", records: [{ value: "198.51.100.30" }] },
      inputs: { account: "brand-b" },
    });
    await expect(t.provider.read(created.id)).rejects.toThrow(/does not exist in the reseller account/);
  });

  it("keeps the account in the state of a create that failed after creating", async () => {
    const storage = new InProcessEngine(provider("ObjectStorageAccount"), "ObjectStorageAccount");
    await storage.configure(configValues(t.sim, "v4", { "reseller:accounts": accountsJson(b.sim) }));
    // Object storage is initialised, then reading it back fails: the error carries the state to keep.
    b.sim.faults.add({ operation: "storage.getAccount", kind: "status", status: 500, times: 20 });
    const error = await storage.provider.create(await storage.check({ account: "brand-b", hostingId: 101 })).then(
      () => undefined,
      (err: unknown) => err as { id?: string; properties?: Props },
    );
    expect(error?.id).toBe("101");
    expect(error?.properties).toMatchObject({ account: "brand-b", hostingId: 101 });
    expect(b.sim.requests.count("storage.initAccount")).toBe(1);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("an FTP account on a named account", () => {
  const { t, b } = useTwoAccounts("FtpAccount");

  it("walks its lifecycle in the named account: create, read, update, import by id, replace, delete", async () => {
    const base = {
      account: "brand-b",
      hostingId: 101,
      domain: "agency-demo.com",
      user: "release",
      path: "/public_html",
      password: "Release-Pass-2026",
    };
    const stored = (login: string) => b.sim.store.hostings["101"]!.ftpAccounts.find((a) => a.username === login);
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    expect(id).toBe("101/release@agency-demo.com");
    expect(outs).toMatchObject({ account: "brand-b", username: "release@agency-demo.com" });
    expect(stored("release@agency-demo.com")).toMatchObject({ path: "/public_html", password: "Release-Pass-2026" });

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs, inputs: { account: "brand-b" } });
    expect(await t.engine.diff(id, read.props, await t.engine.check(base, read.inputs))).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });

    const moved = { ...base, path: "/public_html/releases" };
    const movedInputs = await t.engine.check(moved, read.inputs);
    const updated = await t.engine.update(id, read.props, movedInputs);
    expect(updated).toMatchObject({ account: "brand-b", path: "/public_html/releases" });
    expect(stored("release@agency-demo.com")?.path).toBe("/public_html/releases");

    // Import from the id in brand-b (`FtpAccount.get(name, id, { account })`): all but the
    // password, which the API cannot return, matches.
    const imported = await t.engine.read(id, { account: "brand-b" });
    const { password: _password, adopt: _adopt, ...readable } = updated;
    expect(imported.props).toEqual({ ...readable, createFolder: false });

    expect(await t.engine.diff(id, updated, await t.engine.check({ ...moved, user: "release2" }, movedInputs))).toEqual({
      changes: true,
      replaces: ["user"],
      deleteBeforeReplace: true,
    });
    await t.engine.delete(id, updated);
    expect(stored("release@agency-demo.com")).toBeUndefined();
    expect((await t.engine.read(id, updated)).id).toBe("");
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("refresh and destroy after an account left the configuration", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });
  const b = useSecondAccount();

  it("fails that resource's read and delete naming the account and the key to set, and sends nothing", async () => {
    await configure({ config: configFor(t.sim, "v4", { "reseller:accounts": accountsJson(b.sim) }) });
    const inB = await t.engine.create(
      await t.engine.check({ account: "brand-b", domain: "agency-demo.com", name: "left", type: "A", records: ["198.51.100.40"] }),
    );
    const inA = await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "stays", type: "A", records: ["198.51.100.41"] }),
    );
    await configure({ config: configFor(t.sim, "v4") });
    t.sim.requests.clear();
    b.sim.requests.clear();

    const message =
      /DnsRecordSet agency-demo\.com\/left\/A belongs to reseller account "brand-b": Account "brand-b" is not configured: "reseller:accounts" \(or the environment variable RESELLER_ACCOUNTS\) is not set\. Add it with `pulumi config set --path 'reseller:accounts\.brand-b\.apiUser' <api user>` and `pulumi config set --secret --path 'reseller:accounts\.brand-b\.apiKey' <api key>`\. `pulumi refresh` and `pulumi destroy` use the configuration saved by the last `pulumi up` unless run with `--run-program`/;
    await expect(t.engine.read(inB.id, inB.outs)).rejects.toThrow(message);
    await expect(t.engine.delete(inB.id, inB.outs)).rejects.toThrow(message);
    expect(t.sim.requests.count()).toBe(0);
    expect(b.sim.requests.count()).toBe(0);
    expect(zoneNames(b.sim)).toContain("left.agency-demo.com./A");

    // The default account's resources are untouched by it.
    expect((await t.engine.read(inA.id, inA.outs)).props).toEqual(inA.outs);
    await t.engine.delete(inA.id, inA.outs);
    expect(zoneNames(t.sim)).not.toContain("stays.agency-demo.com./A");
  });

  it("names the account's missing credential when the account is there without it", async () => {
    await configure({
      config: configFor(t.sim, "v4", { "reseller:accounts": JSON.stringify({ "brand-b": { apiUrl: b.sim.url, apiUser: B_USER } }) }),
    });
    const inputs = await t.engine.check({
      account: "brand-b",
      domain: "agency-demo.com",
      name: "nokey",
      type: "A",
      records: ["198.51.100.42"],
    });
    await expect(t.provider.create(inputs)).rejects.toThrow(
      /Missing configuration "reseller:accounts\.brand-b\.apiKey" \(account "brand-b" of "reseller:accounts".*\): set it with `pulumi config set --secret --path 'reseller:accounts\.brand-b\.apiKey' <api key>`/,
    );
    expect(b.sim.requests.count()).toBe(0);
  });
});

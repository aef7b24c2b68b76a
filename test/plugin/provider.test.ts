/**
 * The plugin's operations on plain values (src/plugin/provider.ts) against a real simulator:
 * configuration from the provider's own inputs, secrets in and out, tokens, invokes. The gRPC
 * layer and the engine are covered by test/native/ through the real CLI.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { InitFailure, NativeProvider } from "../../src/plugin/provider";
import { SECRET_SIG, SIG_KEY, unwrap, wrapSecrets } from "../../src/plugin/values";
import { reset } from "../../src/runtime";
import { resetDataSources } from "../../src/data-sources";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { CONTACT } from "../helpers/contact";

const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });

describe("the plugin's property values", () => {
  it("unwraps secrets at any depth and names the top-level properties that held one", () => {
    const { props, secrets } = unwrap({ login: "u", password: secret("p"), nested: { list: [secret("x"), "y"] } });
    expect(props).toEqual({ login: "u", password: "p", nested: { list: ["x", "y"] } });
    expect([...secrets].sort()).toEqual(["nested", "password"]);
  });

  it("wraps the named properties as secrets and leaves absent ones out", () => {
    expect(wrapSecrets({ a: 1, b: "x" }, ["b", "missing"])).toEqual({ a: 1, b: secret("x") });
  });
});

describe("the plugin's provider", () => {
  let sim: Simulator;
  let other: Simulator;
  const token = "reseller:index:DnsRecordSet";
  const args = { domain: "agency-demo.com", name: "plugin", type: "a", records: ["198.51.100.7"] };

  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo" });
    other = await startSimulator({ seed: "demo", apiUser: "other-user", apiKey: "other-key-0c1d2e" });
  });
  afterEach(async () => {
    await reset();
    await resetDataSources();
  });
  afterAll(async () => {
    await sim.close();
    await other.close();
  });

  const inputsOf = (s: Simulator) => ({ apiUrl: s.url, apiUser: s.apiUser, apiKey: secret(s.apiKey) });

  it("refuses a provider input that is no setting, and a malformed setting, naming the property and never the value", () => {
    const p = new NativeProvider();
    expect(p.checkConfig({ apiUser: "u", apiKeyy: "k" }).failures).toEqual([expect.objectContaining({ property: "apiKeyy" })]);
    const bad = p.checkConfig({ apiUser: "u", apiKey: "hidden-value-1", maxAttempts: "many" });
    expect(bad.failures).toEqual([expect.objectContaining({ property: "maxAttempts" })]);
    expect(JSON.stringify(bad.failures)).not.toContain("hidden-value-1");
  });

  it("takes into state by the URN the engine sends the domain its own create ordered before it was cut off, and refuses it under another URN (decision 0033)", async () => {
    const p = new NativeProvider();
    await p.configure({ ...inputsOf(sim), settleWaitMs: "150" });
    const t = "reseller:index:DomainRegistration";
    const urn = (name: string) => `urn:pulumi:dev::agency::${t}::${name}`;
    const checked = await p.check(t, {}, { domain: "plugin-cut-off.com", period: 1, maxPrice: 20, registrant: CONTACT });
    expect(checked.failures).toEqual([]);
    const inputs = wrapSecrets(checked.inputs!.props, checked.inputs!.secrets);
    // The order lands after its connection closed: the create cannot tell, and fails saying so.
    sim.faults.add({ operation: "domains.register", kind: "delayed-apply", latencyMs: 600 });
    await expect(p.create(t, inputs, urn("shop"))).rejects.toThrow(/may or may not have been applied/);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sim.store.domains["plugin-cut-off.com"]).toBeDefined();

    await expect(p.create(t, inputs, urn("shop-2"))).rejects.toThrow(/is already in this reseller account; set adopt: true/);
    const created = await p.create(t, inputs, urn("shop"));
    expect(created.id).toBe("plugin-cut-off.com");
    expect(created.props.props.adopt).toBe(false);
    expect(sim.requests.count("domains.register")).toBe(1);
  });

  it("makes a plain API key secret in the provider's checked inputs", () => {
    const { inputs, failures } = new NativeProvider().checkConfig({ apiUser: "u", apiKey: "plain-key", version: "0.1.0" });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ apiUser: "u", apiKey: secret("plain-key"), version: "0.1.0" });
  });

  it("reports a changed setting, credentials included, as an in-place change", () => {
    const p = new NativeProvider();
    expect(p.diffConfig({ apiUser: "u", apiKey: secret("a"), version: "0.1.0" }, { apiUser: "u", apiKey: secret("b") })).toEqual({
      changes: true,
      diffs: ["apiKey"],
    });
    expect(p.diffConfig({ apiUser: "u", apiKey: secret("a") }, { apiUser: "u", apiKey: "a" })).toEqual({ changes: false, diffs: [] });
  });

  it("writes to the account its own inputs name", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(other));
    const checked = await p.check(token, {}, args);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs?.props).toMatchObject({ type: "A", ttl: 14400 });
    const { id } = await p.create(token, checked.inputs!.props);
    expect(id).toBe("agency-demo.com/plugin/A");
    expect(other.store.zones["agency-demo.com"]!.some((r) => r.name === "plugin.agency-demo.com.")).toBe(true);
    expect(sim.store.zones["agency-demo.com"]!.some((r) => r.name === "plugin.agency-demo.com.")).toBe(false);
    await p.delete(token, id, checked.inputs!.props);
  });

  it("keeps a password that arrived secret secret in the checked inputs and the outputs", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    const ftp = "reseller:index:FtpAccount";
    const checked = await p.check(
      ftp,
      {},
      { hostingId: 101, domain: "agency-demo.com", user: "plug", path: "/public_html", password: secret("Plugin-Pass-2026") },
    );
    expect([...checked.inputs!.secrets]).toContain("password");
    const created = await p.create(ftp, wrapSecrets(checked.inputs!.props, checked.inputs!.secrets));
    expect([...created.props.secrets]).toContain("password");
    expect(created.props.props.password).toBe("Plugin-Pass-2026");
    await p.delete(ftp, created.id, created.props.props);
  });

  it("reports an update that fails part way as an init failure carrying the id and the state it left", async () => {
    const p = new NativeProvider();
    await p.configure({ ...inputsOf(sim), settleWaitMs: "300" });
    const redirection = "reseller:index:Redirection";
    const declared = { hostingId: 101, domain: "agency-demo.com", destinationUrl: "https://client-shop.net/promo" };
    const olds = (await p.check(redirection, {}, declared)).inputs!.props;
    const created = await p.create(redirection, olds);
    const news = (await p.check(redirection, olds, { ...declared, destinationUrl: "https://client-shop.net/spring" })).inputs!.props;
    // The update deletes the redirection, and the add that follows loses its connection unapplied.
    sim.faults.add({ operation: "redirections.add", kind: "drop" });
    const err = await p.update(redirection, created.id, created.props.props, news).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InitFailure);
    expect((err as InitFailure).id).toBe("101/agency-demo.com");
    expect((err as InitFailure).props.props).toMatchObject({ destinationUrl: "https://client-shop.net/spring", adopted: false });
    await p.delete(redirection, created.id, created.props.props);
  });

  it("reads a record set from its id alone, with inputs that pass check unchanged (pulumi import)", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    const read = await p.read(token, "agency-demo.com/@/A", {}, {});
    expect(read.id).toBe("agency-demo.com/@/A");
    // The engine checks the inputs a read returned as the old and the new ones.
    const again = await p.check(token, read.inputs!.props, read.inputs!.props);
    expect(again.failures).toEqual([]);
    expect(await p.diff(token, read.id, read.props.props, again.inputs!.props)).toMatchObject({ changes: false });
  });

  it("passes the import's check of an FTP login read without its password, and refuses the program that leaves it empty", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    const ftp = "reseller:index:FtpAccount";
    const read = await p.read(ftp, "101/deploy@agency-demo.com", {}, {});
    const imported = read.inputs!.props;
    expect(imported).not.toHaveProperty("password");
    // The engine checks the inputs a read returned as the old and the new ones (pulumi import).
    expect((await p.check(ftp, imported, imported)).failures).toEqual([]);
    // A program, new or given the imported state, is refused without a password.
    expect((await p.check(ftp, {}, imported)).failures).toEqual([expect.objectContaining({ property: "password" })]);
    expect((await p.check(ftp, imported, { ...imported, password: "" })).failures).toEqual([
      expect.objectContaining({ property: "password" }),
    ]);
  });

  it("refuses an unknown token, naming the known ones", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    await expect(p.check("reseller:index:Nope", {}, {})).rejects.toThrow(
      /no resource type "reseller:index:Nope".*reseller:index:DnsRecordSet/,
    );
    await expect(p.invoke("reseller:index:getNope", {})).rejects.toThrow(/no function "reseller:index:getNope"/);
  });

  it("runs a data source as an invoke in the configured account, and marks a credential-bearing result secret", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    const zone = await p.invoke("reseller:index:getDnsZone", { domain: "agency-demo.com" });
    expect((zone.props.recordSets as { relativeName: string }[]).map((s) => s.relativeName)).toContain("www");
    expect(zone.secrets.size).toBe(0);
    // The storage account exists once the resource that initialises it was created.
    const account = await p.check("reseller:index:ObjectStorageAccount", {}, { hostingId: 101 });
    expect(account.failures).toEqual([]);
    await p.create("reseller:index:ObjectStorageAccount", account.inputs!.props);
    const storage = await p.invoke("reseller:index:getObjectStorage", { hostingId: 101 });
    expect(storage.props.secretKey).toEqual(expect.any(String));
    expect([...storage.secrets].sort()).toEqual(Object.keys(storage.props).sort());
  });

  it("takes no new write once cancelled", async () => {
    const p = new NativeProvider();
    await p.configure(inputsOf(sim));
    p.cancel();
    const checked = await p.check(token, {}, args);
    await expect(p.create(token, checked.inputs!.props)).rejects.toThrow(/cancelled/);
  });
});

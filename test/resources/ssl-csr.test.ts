import { createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { canonicalPem } from "../../src/resources/ssl-csr";
import { sslCsrDefinition } from "../../src/resources/ssl-csr/provider";
import type { InProcessEngine } from "../../packages/testing/src/in-process";
import { useProvider } from "../helpers/lifecycle";

/** agency-demo.com is attached to the demo seed's account 101, which starts with no CSR. */
const subject = {
  hostingId: 101,
  domain: "Agency-Demo.COM.",
  countryCode: "ca",
  state: " Québec ",
  localityName: "Montréal",
  organizationName: "Agency Demo",
  organizationUnitName: "Web",
  email: "Admin@Agency-Demo.com",
};

async function generate(engine: InProcessEngine, inputs: Record<string, unknown> = subject) {
  return engine.create(await engine.check(inputs));
}

describe.each<ApiVersion>(["v4", "v3"])("SslCsr on %s", (version) => {
  const t = useProvider("SslCsr", { version });
  const csrs = () => t.sim.store.hostings["101"]!.ssl["agency-demo.com"]?.csrs ?? [];

  it("walks check, generate, read, no-op diff, import by id, replacing diffs, remove and read after remove", async () => {
    const inputs = await t.engine.check(subject);
    expect(inputs).toMatchObject({ domain: "agency-demo.com", countryCode: "CA", state: "Québec", email: "Admin@agency-demo.com" });
    const { id, outs } = await t.engine.create(inputs);
    const stored = csrs()[0]!;
    expect(csrs()).toHaveLength(1);
    expect(id).toBe(`101/agency-demo.com/${stored.csrPubKeyFingerPrint}`);
    expect(outs).toMatchObject({
      hostingId: 101,
      domain: "agency-demo.com",
      countryCode: "CA",
      state: "Québec",
      localityName: "Montréal",
      fingerprint: stored.csrPubKeyFingerPrint,
      creationDate: stored.creationDate,
    });
    // The three PEM outputs belong to one key pair.
    const key = createPrivateKey(outs.privateKey as string);
    const cert = new X509Certificate(outs.selfSignedCert as string);
    expect(cert.checkPrivateKey(key)).toBe(true);
    expect(createPublicKey(key).export({ type: "spki", format: "pem" })).toBe(cert.publicKey.export({ type: "spki", format: "pem" }));
    expect(outs.csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[\s\S]+\n-----END CERTIFICATE REQUEST-----\n$/);

    const read = await t.engine.read(id, outs);
    expect(read).toMatchObject({ id, props: outs });
    const same = await t.engine.diff(id, read.props, await t.engine.check(subject, read.inputs));
    expect(same).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });

    // Import: the subject comes from the listing's attributes, the key from its own operation.
    const imported = await t.engine.read(id);
    // An import knows nothing of how the CSR came into a stack: no `adopted`.
    const { adopted, ...declared } = outs;
    expect(adopted).toBe(false);
    expect(imported.props).toEqual(declared);
    expect((await t.engine.diff(id, imported.props, await t.engine.check(subject, imported.inputs))).changes).toBe(false);
    expect(t.sim.requests.count("ssl.getCsrPrivateKey")).toBe(2);

    for (const field of ["organizationName", "email", "countryCode"] as const) {
      const changed = { ...subject, [field]: field === "email" ? "ops@agency-demo.com" : field === "countryCode" ? "FR" : "Other Agency" };
      const diff = await t.engine.diff(id, read.props, await t.engine.check(changed));
      expect(diff).toEqual({ changes: true, replaces: [field], deleteBeforeReplace: false });
    }
    const moved = await t.engine.diff(id, read.props, await t.engine.check({ ...subject, domain: "client-shop.net" }));
    expect(moved.replaces).toEqual(["domain"]);

    await t.engine.delete(id, read.props);
    expect(csrs()).toEqual([]);
    expect((await t.engine.read(id, read.props)).id).toBe("");
    expect(t.sim.requests.count("ssl.generateCsr")).toBe(1);
  });

  it("finds its own CSR among others of the domain by the CSR text, and removes only it", async () => {
    const first = await generate(t.engine);
    const second = await generate(t.engine, { ...subject, organizationUnitName: "Ops" });
    expect(second.outs.fingerprint).not.toBe(first.outs.fingerprint);
    expect(canonicalPem(csrs().find((c) => c.csrPubKeyFingerPrint === second.outs.fingerprint)!.privateKey)).toBe(second.outs.privateKey);
    await t.engine.delete(first.id, first.outs);
    expect(csrs().map((c) => c.csrPubKeyFingerPrint)).toEqual([second.outs.fingerprint]);
  });

  it.each([{ kind: "lost-response" }, { kind: "truncate" }, { kind: "delayed-apply", latencyMs: 600 }] as const)(
    "settles a generate answered with $kind by the identity read, without generating twice",
    async (fault) => {
      t.sim.faults.add({ operation: "ssl.generateCsr", ...fault });
      const { id, outs } = await generate(t.engine);
      expect(t.sim.requests.count("ssl.generateCsr")).toBe(1);
      expect(csrs()).toHaveLength(1);
      expect(id).toBe(`101/agency-demo.com/${csrs()[0]!.csrPubKeyFingerPrint}`);
      expect(outs).toMatchObject({
        csr: canonicalPem(csrs()[0]!.csr),
        privateKey: canonicalPem(csrs()[0]!.privateKey),
        organizationUnitName: "Web",
        adopted: false,
      });
    },
  );

  it("refuses a CSR whose subject the domain already has before any write, naming it, and adopts it with adopt: true", async () => {
    const existing = await generate(t.engine);
    t.sim.requests.clear();
    clearCache();
    await expect(generate(t.engine)).rejects.toThrow(
      new RegExp(
        `SslCsr ${existing.id}: the CSR for agency-demo\\.com with the subject O=Agency Demo, OU=Web, Admin@agency-demo\\.com .*exists already.*\`adopt: true\``,
        "s",
      ),
    );
    expect(t.sim.requests.count("ssl.generateCsr")).toBe(0);

    const adopted = await generate(t.engine, { ...subject, adopt: true });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({
      fingerprint: existing.outs.fingerprint,
      privateKey: existing.outs.privateKey,
      adopt: true,
      adopted: true,
    });
    expect(t.sim.requests.count("ssl.generateCsr")).toBe(0);
    expect(csrs()).toHaveLength(1);
  });

  it("keeps a CSR whose private key could not be read in state, with its id, and a refresh completes it", async () => {
    t.sim.faults.add({ operation: "ssl.getCsrPrivateKey", kind: "status", status: 404 });
    const failed = await t.provider.create(await t.engine.check(subject)).catch((err: unknown) => err);
    expect(failed).toMatchObject({ id: expect.stringMatching(/^101\/agency-demo\.com\/[0-9a-f]{64}$/) });
    const { id, properties } = failed as { id: string; properties: Record<string, unknown> };
    expect(properties.privateKey).toBeUndefined();
    const refreshed = await t.engine.read(id, properties);
    expect(refreshed.props.privateKey).toBe(canonicalPem(csrs()[0]!.privateKey));
  });

  it("finishes that CSR on the next up, where the engine calls update with unchanged inputs, without generating again", async () => {
    t.sim.faults.add({ operation: "ssl.getCsrPrivateKey", kind: "status", status: 404 });
    const inputs = await t.engine.check(subject);
    const failed = await t.provider.create(inputs).catch((err: unknown) => err);
    const { id, properties } = failed as { id: string; properties: Record<string, unknown> };

    const finished = await t.engine.update(id, properties, inputs);
    expect(finished.privateKey).toBe(canonicalPem(csrs()[0]!.privateKey));
    expect(finished).toMatchObject({ fingerprint: csrs()[0]!.csrPubKeyFingerPrint, organizationUnitName: "Web" });
    expect(t.sim.requests.count("ssl.generateCsr")).toBe(1);
    // A CSR with its key is complete: an update with the same inputs fetches nothing more, and
    // one with another subject is refused, as a change always replaces.
    expect(await t.engine.update(id, finished, inputs)).toEqual(finished);
    expect(t.sim.requests.count("ssl.getCsrPrivateKey")).toBe(2);
    await expect(t.engine.update(id, finished, await t.engine.check({ ...subject, organizationUnitName: "Ops" }))).rejects.toThrow(
      "a CSR cannot be changed (organizationUnitName)",
    );
  });

  it("repairs that CSR when a refresh fetched the key before the next up, instead of refusing the update the engine sends", async () => {
    t.sim.faults.add({ operation: "ssl.getCsrPrivateKey", kind: "status", status: 500, times: Infinity });
    const inputs = await t.engine.check(subject);
    const failed = await t.provider.create(inputs).catch((err: unknown) => err);
    expect(failed).toMatchObject({
      message: expect.stringMatching(
        /reading its private key failed.*It is in state as 101\/agency-demo\.com\/[0-9a-f]{64}; the next `pulumi up` or `pulumi refresh` fetches the key/,
      ),
    });
    const { id, properties } = failed as { id: string; properties: Record<string, unknown> };
    expect(id).toBe(`101/agency-demo.com/${csrs()[0]!.csrPubKeyFingerPrint}`);
    t.sim.faults.clear();

    // `pulumi refresh` fetches the key; the next `up` finishes the create that failed part way.
    const refreshed = await t.engine.read(id, properties);
    expect(refreshed.props.privateKey).toBe(canonicalPem(csrs()[0]!.privateKey));
    const finished = await t.engine.update(id, refreshed.props, inputs);
    expect(finished).toMatchObject({ privateKey: refreshed.props.privateKey, fingerprint: csrs()[0]!.csrPubKeyFingerPrint });
    expect(t.sim.requests.count("ssl.generateCsr")).toBe(1);
    expect(csrs()).toHaveLength(1);
  });

  it("treats a CSR removed outside Pulumi as gone on refresh and as deleted on destroy", async () => {
    const { id, outs } = await generate(t.engine);
    t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!.csrs = [];
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("shows the private key under the secret output only", async () => {
    const { outs } = await generate(t.engine);
    expect(sslCsrDefinition.secretOutputs).toEqual(["privateKey"]);
    const key = (outs.privateKey as string).split("\n")[1]!;
    const elsewhere = Object.entries(outs).filter(([name, value]) => name !== "privateKey" && JSON.stringify(value).includes(key));
    expect(elsewhere).toEqual([]);
  });
});

describe("SslCsr inputs", () => {
  const t = useProvider("SslCsr", { version: "v4" });

  it.each([
    { name: "a three-letter country", inputs: { countryCode: "CAN" }, property: "countryCode", reason: /two-letter/ },
    {
      name: "a country code ISO 3166-1 does not assign",
      inputs: { countryCode: "XX" },
      property: "countryCode",
      reason: /"XX" is not an ISO 3166-1 country code/,
    },
    {
      name: "Kosovo's user-assigned code",
      inputs: { countryCode: "XK" },
      property: "countryCode",
      reason: /not an ISO 3166-1 country code/,
    },
    {
      name: "an exceptionally reserved code",
      inputs: { countryCode: "AC" },
      property: "countryCode",
      reason: /not an ISO 3166-1 country code/,
    },
    { name: "an empty state", inputs: { state: "  " }, property: "state", reason: /required/ },
    {
      name: "an organisation longer than X.509 allows",
      inputs: { organizationName: "x".repeat(65) },
      property: "organizationName",
      reason: /64 characters/,
    },
    { name: "a missing unit", inputs: { organizationUnitName: undefined }, property: "organizationUnitName", reason: /./ },
    { name: "a malformed address", inputs: { email: "admin" }, property: "email", reason: /not an e-mail address/ },
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: -1 }, property: "hostingId", reason: /hosting account id/ },
    {
      name: "a property the resource does not have",
      inputs: { commonName: "agency-demo.com" },
      property: "commonName",
      reason: /no property/,
    },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...subject, ...inputs });
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("refuses API v2 in check, which has no CSR operations, naming the version and operation", async () => {
    await t.configure({}, "v2");
    const failures = await t.engine.checkFailures(subject);
    expect(failures).toEqual([{ property: "domain", reason: expect.stringMatching(/API v2 has no operation "ssl\.listCsrs"/) }]);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes a subject field unknown during preview through check, and diff then plans a replacement", async () => {
    // The inputs in state, as the create's check gave them (it read whether the CSR exists).
    const oldInputs = await t.engine.check(subject);
    t.sim.requests.clear();
    const news = await t.engine.check({ ...subject, organizationName: UNKNOWN }, oldInputs);
    const olds = { ...oldInputs, csr: "", selfSignedCert: "", fingerprint: "ab", privateKey: "" };
    expect(await t.engine.diff("101/agency-demo.com/ab", olds, news)).toEqual({
      changes: true,
      replaces: ["organizationName"],
      deleteBeforeReplace: false,
    });
    expect(t.sim.requests.count()).toBe(0);
  });
});

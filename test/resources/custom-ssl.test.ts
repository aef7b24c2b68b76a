import { createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { customSslDefinition } from "../../src/resources/custom-ssl/provider";
import { generateRsaKeyPair, generateSelfSigned } from "../../packages/simulator/src/x509";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

const DAY_MS = 24 * 60 * 60 * 1000;

// Real certificates, generated once for the file (the RSA keys are the slow part).
const site = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com", "www.agency-demo.com"] });
const renewed = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com", "www.agency-demo.com"], days: 90 });
const shop = generateSelfSigned({ commonName: "client-shop.net", organizationName: "Client Shop" });
const wildcard = generateSelfSigned({ commonName: "*.agency-demo.com", privateKey: shop.key });
const expired = generateSelfSigned({
  commonName: "agency-demo.com",
  notBefore: new Date("2020-01-01T00:00:00Z"),
  notAfter: new Date("2021-01-01T00:00:00Z"),
  privateKey: site.key,
});
const notYet = generateSelfSigned({ commonName: "agency-demo.com", notBefore: new Date(Date.now() + 10 * DAY_MS), privateKey: site.key });
const otherKey = generateRsaKeyPair();
const encryptedKey = createPrivateKey(site.key)
  .export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "hunter2" })
  .toString();
const pkcs1Key = createPrivateKey(site.key).export({ type: "pkcs1", format: "pem" }).toString();

/** A line from the middle of a PEM key: enough to spot the key anywhere it should not be. */
const keyMarker = (pem: string) => pem.split("\n")[5]!;
const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;

const base = { hostingId: 101, domain: "agency-demo.com", certificate: site.cert, privateKey: site.key };

describe.each<ApiVersion>(["v4", "v3"])("CustomSsl on %s", (version) => {
  const t = useProvider("CustomSsl", { version });
  const custom = (domain: string) => t.sim.store.hostings["101"]!.ssl[domain]?.custom;
  const installed = (domain: string) => {
    const c = custom(domain);
    return c && fingerprintOf(c.cert);
  };

  it("walks check, create, read, update, import, replace, delete and read after delete", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: base,
      update: { ...base, certificate: renewed.cert, privateKey: renewed.key },
      replace: { hostingId: 101, domain: "client-shop.net", certificate: shop.cert, privateKey: shop.key },
      replaces: ["domain"],
    });
    expect(run.id).toBe("101/agency-demo.com");
    expect(run.created).toMatchObject({
      hostingId: 101,
      domain: "agency-demo.com",
      fingerprint: fingerprintOf(site.cert),
      subject: "CN=agency-demo.com",
      issuer: "CN=agency-demo.com",
      subjectAltNames: ["agency-demo.com", "www.agency-demo.com"],
      notAfter: new Date(new X509Certificate(site.cert).validTo).toISOString(),
    });
    expect(run.updated.fingerprint).toBe(fingerprintOf(renewed.cert));
    expect(run.imported.props.fingerprint).toBe(fingerprintOf(renewed.cert));
    // Delete returns the domain to its automatic certificate.
    expect(custom("agency-demo.com")).toBeUndefined();
    expect(t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!.issuer).toBe("Let's Encrypt");
  });

  it("asks the API to validate the certificate before every install", async () => {
    const olds = await t.engine.check(base);
    const { id, outs } = await t.engine.create(olds);
    await t.engine.update(id, outs, await t.engine.check({ ...base, certificate: renewed.cert, privateKey: renewed.key }, olds));
    const calls = t.sim.requests
      .list()
      .map((e) => e.id)
      .filter((op) => op === "ssl.validateCustom" || op === "ssl.installCustom");
    expect(calls).toEqual(["ssl.validateCustom", "ssl.installCustom", "ssl.validateCustom", "ssl.installCustom"]);
    expect(installed("agency-demo.com")).toBe(fingerprintOf(renewed.cert));
  });

  it("installs a wildcard certificate on a subdomain it covers", async () => {
    const inputs = await t.engine.check({
      hostingId: 101,
      domain: "Shop.Agency-Demo.com",
      certificate: wildcard.cert,
      privateKey: wildcard.key,
    });
    const { id, outs } = await t.engine.create(inputs);
    expect(id).toBe("101/shop.agency-demo.com");
    expect(outs.subjectAltNames).toEqual(["*.agency-demo.com"]);
    expect(installed("shop.agency-demo.com")).toBe(fingerprintOf(wildcard.cert));
  });

  it("sees a certificate replaced outside Pulumi, and the update installs the program's again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!.custom = { cert: renewed.cert, key: renewed.key };
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props.fingerprint).toBe(fingerprintOf(renewed.cert));
    const news = await t.engine.check(base, refreshed.inputs);
    const diff = await t.engine.diff(id, refreshed.props, news);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(installed("agency-demo.com")).toBe(fingerprintOf(site.cert));
  });

  it("imports a pair installed in another PEM spelling and sees no change against the same pair", async () => {
    // Blank lines and spaces around the PEM and a PKCS#1 key: the same certificate and key, written differently.
    t.sim.store.hostings["101"]!.ssl["agency-demo.com"] = {
      ...t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!,
      status: "active",
      custom: { cert: `\n\n${site.cert.replace(/\r\n/g, "\n")}  \n`, key: pkcs1Key },
    };
    const imported = await t.engine.read("101/agency-demo.com");
    expect(imported.id).toBe("101/agency-demo.com");
    expect(imported.props.fingerprint).toBe(fingerprintOf(site.cert));
    const diff = await t.engine.diff(imported.id, imported.props, await t.engine.check(base, imported.inputs));
    expect(diff).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });

  it("refuses to replace a custom certificate installed outside the stack before any write, naming it, and replaces it with adopt: true", async () => {
    t.sim.store.hostings["101"]!.ssl["agency-demo.com"] = {
      ...t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!,
      status: "active",
      custom: { cert: renewed.cert, key: renewed.key },
    };
    const refusal =
      /CustomSsl 101\/agency-demo\.com: the custom certificate of agency-demo\.com \(CN=agency-demo\.com, valid until .*\) exists already.*a destroy would then delete it.*`adopt: true`/s;
    // The check (a preview) refuses it already; a create checked before it appeared refuses it too.
    const failures = await t.engine.checkFailures(base);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(base))).rejects.toThrow(refusal);
    expect(t.sim.requests.count("ssl.installCustom")).toBe(0);
    expect(installed("agency-demo.com")).toBe(fingerprintOf(renewed.cert));

    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, adopt: true }));
    expect(id).toBe("101/agency-demo.com");
    expect(outs).toMatchObject({ fingerprint: fingerprintOf(site.cert), adopt: true, adopted: true });
    expect(installed("agency-demo.com")).toBe(fingerprintOf(site.cert));
    clearCache();
    expect((await t.engine.read(id, outs)).props).toEqual(outs);
  });

  it("settles an install answered with an unreadable reply by the identity read, so the next up does not refuse it as a takeover", async () => {
    t.sim.faults.add({ operation: "ssl.installCustom", kind: "truncate" });
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    expect(id).toBe("101/agency-demo.com");
    expect(outs).toMatchObject({ fingerprint: fingerprintOf(site.cert), adopted: false });
    expect(installed("agency-demo.com")).toBe(fingerprintOf(site.cert));
  });

  it("refuses to read by id alone (get) a domain without a custom certificate", async () => {
    await expect(t.engine.read("101/client-shop.net")).rejects.toThrow("does not exist in the reseller account");
  });

  it("treats a certificate that is already removed as deleted", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    delete t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!.custom;
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });
});

describe("CustomSsl when the API's clock is past the certificate's end", () => {
  // The local check judges validity by this machine's clock; the API judges by its own.
  const t = useProvider("CustomSsl", { version: "v4", simulator: { now: () => new Date(Date.now() + 400 * DAY_MS) } });

  it("stops with the API's reason, without the key, before installing anything", async () => {
    const inputs = await t.engine.check(base);
    const error = await t.provider.create(inputs).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/refused the certificate for agency-demo\.com.*expired.*nothing was installed/);
    expect(JSON.stringify({ ...error, message: error?.message })).not.toContain(keyMarker(site.key));
    expect(t.sim.requests.count("ssl.validateCustom")).toBe(1);
    expect(t.sim.requests.count("ssl.installCustom")).toBe(0);
  });
});

describe("CustomSsl on v2", () => {
  const t = useProvider("CustomSsl", { version: "v2" });

  it("fails check naming the version and the operations it lacks, without calling the API", async () => {
    const failures = await t.engine.checkFailures(base);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe("certificate");
    expect(failures[0]!.reason).toMatch(/API v2 has no operation "ssl\.validateCustom" and "ssl\.installCustom"/);
    expect(failures[0]!.reason).toMatch(/; CustomSsl works with apiVersion v4 or v3 only$/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("CustomSsl inputs", () => {
  const t = useProvider("CustomSsl", { version: "v4" });

  it.each([
    {
      name: "a key that belongs to another certificate",
      inputs: { privateKey: otherKey.privateKey },
      property: "privateKey",
      reason: /does not match the certificate \(CN=agency-demo\.com/,
    },
    {
      name: "a certificate for another host",
      inputs: { domain: "client-shop.net" },
      property: "certificate",
      reason: /does not cover client-shop\.net; it names agency-demo\.com, www\.agency-demo\.com/,
    },
    {
      name: "an expired certificate",
      inputs: { certificate: expired.cert },
      property: "certificate",
      reason: /expired on 2021-01-01T00:00:00\.000Z/,
    },
    { name: "a certificate not valid yet", inputs: { certificate: notYet.cert }, property: "certificate", reason: /not valid before/ },
    {
      name: "a wildcard for the bare domain",
      inputs: { certificate: wildcard.cert, privateKey: wildcard.key },
      property: "certificate",
      reason: /does not cover agency-demo\.com; it names \*\.agency-demo\.com/,
    },
    {
      name: "a wildcard two labels deep",
      inputs: { domain: "a.b.agency-demo.com", certificate: wildcard.cert, privateKey: wildcard.key },
      property: "certificate",
      reason: /does not cover a\.b\.agency-demo\.com/,
    },
    { name: "text that is not PEM", inputs: { certificate: "hello" }, property: "certificate", reason: /not a PEM certificate/ },
    {
      name: "a PEM block that is not a certificate",
      inputs: { certificate: "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n" },
      property: "certificate",
      reason: /not a valid X\.509 certificate/,
    },
    {
      name: "a key pasted into the certificate",
      inputs: { certificate: site.cert + site.key },
      property: "certificate",
      reason: /holds a private key/,
    },
    {
      name: "a chain out of order",
      inputs: { certificate: site.cert + shop.cert },
      property: "certificate",
      reason: /block 2 of the chain \(CN=client-shop\.net, O=Client Shop\) did not issue block 1/,
    },
    {
      name: "a public key in place of the private key",
      inputs: { privateKey: createPublicKey(site.key).export({ type: "spki", format: "pem" }).toString() },
      property: "privateKey",
      reason: /not a PEM private key/,
    },
    { name: "an encrypted private key", inputs: { privateKey: encryptedKey }, property: "privateKey", reason: /encrypted/ },
    { name: "an empty private key", inputs: { privateKey: "  " }, property: "privateKey", reason: /required/ },
    { name: "a malformed domain", inputs: { domain: "no_underscore.com" }, property: "domain", reason: /label/ },
    { name: "a hosting id that is not positive", inputs: { hostingId: 0 }, property: "hostingId", reason: /hosting account id/ },
    { name: "a property the resource does not have", inputs: { key: site.key }, property: "key", reason: /no property/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    // A failure never repeats a private key.
    for (const key of [site.key, otherKey.privateKey, encryptedKey]) expect(JSON.stringify(failures)).not.toContain(keyMarker(key));
    expect(t.sim.requests.count()).toBe(0);
  });

  it("gives the key in canonical PKCS#8 form whatever form the program writes", async () => {
    const checked = await t.engine.check({ ...base, privateKey: pkcs1Key });
    expect(checked.privateKey).toBe(createPrivateKey(site.key).export({ type: "pkcs8", format: "pem" }).toString());
    expect(checked.certificate).toBe(new X509Certificate(site.cert).toString());
  });

  it("skips the certificate checks while the certificate is unknown during preview", async () => {
    const checked = await t.engine.check({ ...base, certificate: UNKNOWN });
    expect(checked.certificate).toBe(UNKNOWN);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("CustomSsl secrets", () => {
  const t = useProvider("CustomSsl", { version: "v4" });

  it("declares the private key as the only secret output", () => {
    expect(customSslDefinition.secretOutputs).toEqual(["privateKey"]);
  });

  it("keeps the private key only under the secret output after create, read and import", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    const read = await t.engine.read(id, outs);
    const imported = await t.engine.read(id);
    for (const props of [outs, read.props, imported.props]) {
      expect(props.privateKey).toContain(keyMarker(site.key));
      const { privateKey: _secret, ...plain } = props;
      expect(JSON.stringify(plain)).not.toContain(keyMarker(site.key));
    }
  });
});

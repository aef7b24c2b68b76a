import { createHash, createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { beforeAll, describe, expect, it } from "vitest";
import { certificateNamesHost } from "../../src/util/x509";
import { generateRsaKeyPair, generateSelfSigned, publicKeyFingerprint } from "../../packages/simulator/src/x509";
import { HOSTING, useSimulator } from "../helpers/sim";

type SslVersion = "v4" | "v3";
const VERSIONS: SslVersion[] = ["v4", "v3"];
const DAY = 24 * 60 * 60 * 1000;

/** The demo site on each version: hosting 101 holds agency-demo.com (v3 adds the username). */
function site(version: SslVersion, domain = "agency-demo.com") {
  return { ...HOSTING[version], domain };
}

/** Test certificates, all signed with one of two keys so the suite generates few keys. */
interface Fixtures {
  key: string;
  otherKey: string;
  matching: string;
  wildcard: string;
  wrongHost: string;
  expired: string;
  notYetValid: string;
}

let fx: Fixtures;

beforeAll(() => {
  const key = generateRsaKeyPair().privateKey;
  const otherKey = generateRsaKeyPair().privateKey;
  const sign = (commonName: string, extra: Parameters<typeof generateSelfSigned>[0] = { commonName }) =>
    generateSelfSigned({ ...extra, commonName, privateKey: key }).cert;
  fx = {
    key,
    otherKey,
    matching: sign("agency-demo.com", {
      commonName: "agency-demo.com",
      altNames: ["agency-demo.com", "www.agency-demo.com"],
      organizationName: "Agency Demo CA",
    }),
    wildcard: sign("*.agency-demo.com"),
    wrongHost: sign("other-site.example"),
    expired: sign("agency-demo.com", {
      commonName: "agency-demo.com",
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2021-01-01T00:00:00Z"),
    }),
    notYetValid: sign("agency-demo.com", { commonName: "agency-demo.com", notBefore: new Date(Date.now() + 30 * DAY), days: 90 }),
  };
});

describe("SSL certificates of hosting domains", () => {
  const t = useSimulator({ version: "v4" });
  /** The result of a call: v3 wraps results in `data` (legacy document, difference 3). */
  const call = async (version: SslVersion, id: string, params: Record<string, unknown>) => {
    const reply = await t.clientFor(version).request(id, params);
    return reply as Record<string, unknown>;
  };

  it.each(VERSIONS)("reports an automatic Let's Encrypt certificate for a domain of the hosting account on %s", async (version) => {
    const cert = await call(version, "ssl.getCertificate", site(version, "client-shop.net"));
    expect(cert).toMatchObject({ status: "active", issuer: "Let's Encrypt", lastError: null, errorCode: null });
    expect(cert.expireAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(new Date(String(cert.expireAt)).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(String(cert.requestedAt)).getTime()).toBeLessThan(Date.now());
  });

  it.each(VERSIONS)("answers 404 for a domain the hosting account does not hold on %s", async (version) => {
    await expect(t.clientFor(version).request("ssl.getCertificate", site(version, "staging-agency.com"))).rejects.toMatchObject({
      name: "ResellerApiError",
      code: "not-found",
      message: expect.stringContaining("staging-agency.com is not attached to hosting account 101"),
    });
  });

  it.each(VERSIONS)("renews the automatic certificate with a job id and moves its dates on %s", async (version) => {
    const before = await call(version, "ssl.getCertificate", site(version));
    const job = await call(version, "ssl.renewCertificate", site(version));
    expect(job.jobId).toEqual(expect.any(String));
    const after = await call(version, "ssl.getCertificate", site(version));
    expect(Date.parse(String(after.requestedAt))).toBeGreaterThan(Date.parse(String(before.requestedAt)));
    expect(Date.parse(String(after.expireAt)) - Date.parse(String(after.requestedAt))).toBe(90 * DAY);
    const again = await call(version, "ssl.renewCertificate", site(version));
    expect(again.jobId).not.toBe(job.jobId);
  });

  it.each(VERSIONS)(
    "installs a matching certificate, returns it, serves it as the active one and reverts to automatic on delete on %s",
    async (version) => {
      await call(version, "ssl.installCustom", { ...site(version), certificate: fx.matching, privateKey: fx.key });
      expect(await call(version, "ssl.getCustom", site(version))).toMatchObject({ cert: fx.matching, key: fx.key });
      const active = await call(version, "ssl.getCertificate", site(version));
      expect(active).toMatchObject({
        status: "active",
        issuer: "Agency Demo CA",
        expireAt: new Date(new X509Certificate(fx.matching).validTo).toISOString(),
      });

      await call(version, "ssl.deleteCustom", site(version));
      expect(t.sim.store.hostings["101"]?.ssl["agency-demo.com"]?.custom).toBeUndefined();
      expect(await call(version, "ssl.getCertificate", site(version))).toMatchObject({ issuer: "Let's Encrypt" });
      await expect(t.clientFor(version).request("ssl.getCustom", site(version))).rejects.toMatchObject({
        code: "not-found",
        message: expect.stringContaining("No custom certificate is installed for agency-demo.com"),
      });
    },
  );

  it.each([
    [
      "a key that does not match the certificate",
      () => ({ certificate: fx.matching, privateKey: fx.otherKey }),
      "privateKey does not match",
    ],
    [
      "a certificate for another host",
      () => ({ certificate: fx.wrongHost, privateKey: fx.key }),
      "does not cover agency-demo.com (it names other-site.example)",
    ],
    ["an expired certificate", () => ({ certificate: fx.expired, privateKey: fx.key }), "expired on 2021-01-01T00:00:00.000Z"],
    ["a certificate that is not valid yet", () => ({ certificate: fx.notYetValid, privateKey: fx.key }), "is not valid before"],
    [
      "a wildcard certificate for the bare domain",
      () => ({ certificate: fx.wildcard, privateKey: fx.key }),
      "does not cover agency-demo.com",
    ],
    [
      "text that is not a certificate",
      () => ({ certificate: "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----", privateKey: fx.key }),
      "not a valid PEM-encoded X.509 certificate",
    ],
    ["text that is not a key", () => ({ certificate: fx.matching, privateKey: "not a key" }), "not a valid PEM-encoded private key"],
  ])("refuses to install %s with a 400 that says why", async (_title, body, message) => {
    await expect(t.client.request("ssl.installCustom", { id: 101, domain: "agency-demo.com", ...body() })).rejects.toMatchObject({
      status: 400,
      code: "validation",
      message: expect.stringContaining(message),
    });
    expect(t.sim.store.hostings["101"]?.ssl["agency-demo.com"]?.custom).toBeUndefined();
  });

  it("installs a wildcard certificate on a subdomain of an attached domain", async () => {
    await t.client.request("ssl.installCustom", { id: 101, domain: "shop.agency-demo.com", certificate: fx.wildcard, privateKey: fx.key });
    expect(t.sim.store.hostings["101"]?.ssl["shop.agency-demo.com"]?.custom?.cert).toBe(fx.wildcard);
  });

  it("does not count the common name of a certificate whose DNS names leave it out, as browsers do", async () => {
    const wwwOnly = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["www.agency-demo.com"], privateKey: fx.key }).cert;
    await expect(
      t.client.request("ssl.installCustom", { id: 101, domain: "agency-demo.com", certificate: wwwOnly, privateKey: fx.key }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("does not cover agency-demo.com (it names www.agency-demo.com)"),
    });
    expect(await t.client.request("ssl.validateCustom", { id: 101, domain: "www.agency-demo.com", certificate: wwwOnly })).toMatchObject({
      valid: true,
    });
  });

  it.each(VERSIONS)("validates a certificate against the domain and the dates without a key on %s", async (version) => {
    expect(await call(version, "ssl.validateCustom", { ...site(version), certificate: fx.matching })).toMatchObject({ valid: true });
    expect(await call(version, "ssl.validateCustom", { ...site(version, "www.agency-demo.com"), certificate: fx.wildcard })).toMatchObject({
      valid: true,
    });
    const wrong = await call(version, "ssl.validateCustom", { ...site(version), certificate: fx.wrongHost });
    expect(wrong).toMatchObject({ valid: false });
    expect(wrong.message).toContain("does not cover agency-demo.com");
    expect(await call(version, "ssl.validateCustom", { ...site(version), certificate: fx.expired })).toMatchObject({ valid: false });
    expect(await call(version, "ssl.validateCustom", { ...site(version), certificate: "garbage" })).toMatchObject({ valid: false });
  });
});

describe("certificate signing requests", () => {
  const t = useSimulator({ version: "v4" });
  const subject = {
    countryCode: "CA",
    state: "Québec",
    localityName: "Montréal",
    organizationName: "Agency Demo",
    organizationUnitName: "Web",
    email: "admin@agency-demo.com",
  };
  const call = async (version: SslVersion, id: string, params: Record<string, unknown>) => {
    const reply = await t.clientFor(version).request(id, params);
    return reply as Record<string, unknown>;
  };

  it.each(VERSIONS)(
    "generates a real CSR with the subject fields, lists it by public-key fingerprint and hands out its key on %s",
    async (version) => {
      const generated = await call(version, "ssl.generateCsr", { ...site(version), ...subject });
      const csr = forge.pki.certificationRequestFromPem(String(generated.csr));
      expect(csr.verify()).toBe(true);
      expect(csr.subject.getField("CN").value).toBe("agency-demo.com");
      expect(csr.subject.getField("C").value).toBe("CA");
      expect(csr.subject.getField("OU").value).toBe("Web");
      expect(forge.util.decodeUtf8(csr.subject.getField("L").value as string)).toBe("Montréal");
      const selfSigned = new X509Certificate(String(generated.selfSignedCert));
      expect(selfSigned.subject).toContain("CN=agency-demo.com");
      expect(selfSigned.verify(selfSigned.publicKey)).toBe(true);

      const list = (await call(version, "ssl.listCsrs", site(version))).data as Record<string, unknown>[];
      expect(list).toHaveLength(1);
      const entry = list[0]!;
      expect(entry).not.toHaveProperty("privateKey");
      expect(entry.csr).toBe(generated.csr);
      expect(entry.creationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(entry.attributes).toContainEqual({ name: "organizationName", value: "Agency Demo" });
      expect(entry.attributes).toContainEqual({ name: "emailAddress", value: "admin@agency-demo.com" });
      // the fingerprint is the SHA-256 of the public key's DER SubjectPublicKeyInfo
      const spki = createPublicKey(forge.pki.publicKeyToPem(csr.publicKey!)).export({ type: "spki", format: "der" });
      expect(entry.csrPubKeyFingerPrint).toBe(createHash("sha256").update(spki).digest("hex"));

      const { privateKey } = await call(version, "ssl.getCsrPrivateKey", {
        ...site(version),
        csrPubKeyFingerPrint: entry.csrPubKeyFingerPrint,
      });
      expect(selfSigned.checkPrivateKey(createPrivateKey(String(privateKey)))).toBe(true);
      expect(publicKeyFingerprint(String(privateKey))).toBe(entry.csrPubKeyFingerPrint);
    },
  );

  it.each(VERSIONS)("removes a CSR by fingerprint and then answers 404 for it on %s", async (version) => {
    await call(version, "ssl.generateCsr", { ...site(version), ...subject });
    const [entry] = (await call(version, "ssl.listCsrs", site(version))).data as { csrPubKeyFingerPrint: string }[];
    await t.clientFor(version).request("ssl.removeCsr", { ...site(version), csrPubKeyFingerPrint: entry!.csrPubKeyFingerPrint });
    expect((await call(version, "ssl.listCsrs", site(version))).data).toEqual([]);
    await expect(
      t.clientFor(version).request("ssl.getCsrPrivateKey", { ...site(version), csrPubKeyFingerPrint: entry!.csrPubKeyFingerPrint }),
    ).rejects.toMatchObject({ code: "not-found", message: expect.stringContaining(entry!.csrPubKeyFingerPrint) });
  });

  it("finds a CSR by a fingerprint written in upper case with colons", async () => {
    await t.client.request("ssl.generateCsr", { id: 101, domain: "agency-demo.com", ...subject });
    const fingerprint = t.sim.store.hostings["101"]!.ssl["agency-demo.com"]!.csrs[0]!.csrPubKeyFingerPrint;
    const written = fingerprint.toUpperCase().match(/../g)!.join(":");
    const reply = await t.client.request("ssl.getCsrPrivateKey", { id: 101, domain: "agency-demo.com", csrPubKeyFingerPrint: written });
    expect(reply.privateKey).toContain("-----BEGIN PRIVATE KEY-----");
  });

  it("refuses a country code that is not two letters before sending anything", async () => {
    const sent = t.sim.requests.count();
    await expect(
      t.client.request("ssl.generateCsr", { id: 101, domain: "agency-demo.com", ...subject, countryCode: "CAN" }),
    ).rejects.toMatchObject({
      code: "validation",
      message: expect.stringContaining("countryCode"),
    });
    expect(t.sim.requests.count()).toBe(sent);
  });
});

describe("x509 helpers for test certificates", () => {
  it("covers one label with a wildcard, and names in the CN or the SANs", () => {
    const wildcard = new X509Certificate(fx.wildcard);
    expect(certificateNamesHost(wildcard, "www.agency-demo.com")).toBe(true);
    expect(certificateNamesHost(wildcard, "WWW.Agency-Demo.com.")).toBe(true);
    expect(certificateNamesHost(wildcard, "agency-demo.com")).toBe(false);
    expect(certificateNamesHost(wildcard, "a.b.agency-demo.com")).toBe(false);
    const matching = new X509Certificate(fx.matching);
    expect(certificateNamesHost(matching, "www.agency-demo.com")).toBe(true);
    expect(certificateNamesHost(matching, "shop.agency-demo.com")).toBe(false);
    // a CN counts when the certificate has no DNS name in its SANs (the browser rule, docs/decisions/0011)
    const cnOnly = new X509Certificate(generateSelfSigned({ commonName: "cn-only.example", altNames: [], privateKey: fx.key }).cert);
    expect(certificateNamesHost(cnOnly, "cn-only.example")).toBe(true);
  });

  it("makes certificates with the validity asked for and signs with the key given", () => {
    const expired = new X509Certificate(fx.expired);
    expect(new Date(expired.validTo).toISOString()).toBe("2021-01-01T00:00:00.000Z");
    expect(new Date(expired.validFrom).toISOString()).toBe("2020-01-01T00:00:00.000Z");
    expect(publicKeyFingerprint(expired.publicKey)).toBe(publicKeyFingerprint(fx.key));
    expect(publicKeyFingerprint(expired.publicKey)).not.toBe(publicKeyFingerprint(fx.otherKey));
  });
});

import { createPrivateKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { beforeAll, describe, expect, it } from "vitest";
import { generateRsaKeyPair, generateSelfSigned } from "../../packages/simulator/src/x509";
import {
  certificateAltNames,
  certificateHostNames,
  certificateNamesHost,
  certificatesIn,
  distinguishedName,
  parseCertificateChain,
  parsePrivateKeyPem,
  pemBlocks,
  privateKeyMatches,
  validityProblem,
} from "../../src/util/x509";

const DAY = 24 * 60 * 60 * 1000;

/** A CA and a leaf it issued, built with forge so the chain is real (the simulator only self-signs). */
function issuedChain(): { ca: string; leaf: string; leafKey: string } {
  const caKeys = forge.pki.rsa.generateKeyPair(1024);
  const leafKeys = forge.pki.rsa.generateKeyPair(1024);
  const make = (cn: string, publicKey: forge.pki.PublicKey, issuer: string, isCA: boolean) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = publicKey;
    cert.serialNumber = isCA ? "01" : "02";
    cert.validity.notBefore = new Date(Date.now() - DAY);
    cert.validity.notAfter = new Date(Date.now() + 30 * DAY);
    cert.setSubject([{ name: "commonName", value: cn }]);
    cert.setIssuer([{ name: "commonName", value: issuer }]);
    cert.setExtensions([
      { name: "basicConstraints", cA: isCA },
      ...(isCA ? [] : [{ name: "subjectAltName", altNames: [{ type: 2, value: cn }] }]),
    ]);
    cert.sign(caKeys.privateKey, forge.md.sha256.create());
    return forge.pki.certificateToPem(cert);
  };
  return {
    ca: make("Agency Test CA", caKeys.publicKey, "Agency Test CA", true),
    leaf: make("agency-demo.com", leafKeys.publicKey, "Agency Test CA", false),
    leafKey: forge.pki.privateKeyToPem(leafKeys.privateKey),
  };
}

let key: string;
let chain: ReturnType<typeof issuedChain>;
const cert = (opts: Parameters<typeof generateSelfSigned>[0]) => new X509Certificate(generateSelfSigned({ privateKey: key, ...opts }).cert);

beforeAll(() => {
  key = generateRsaKeyPair().privateKey;
  chain = issuedChain();
});

describe("the names a certificate covers (the browser rule)", () => {
  it("counts the DNS names of the subjectAltName, and not the common name beside them", () => {
    const wwwOnly = cert({ commonName: "agency-demo.com", altNames: ["www.agency-demo.com"] });
    expect(certificateNamesHost(wwwOnly, "www.agency-demo.com")).toBe(true);
    expect(certificateNamesHost(wwwOnly, "agency-demo.com")).toBe(false);
    expect(certificateHostNames(wwwOnly)).toEqual(["www.agency-demo.com"]);
  });

  it("counts the common name of a certificate with no DNS name", () => {
    const cnOnly = cert({ commonName: "cn-only.example", altNames: [] });
    expect(certificateNamesHost(cnOnly, "cn-only.example")).toBe(true);
    expect(certificateHostNames(cnOnly)).toEqual(["cn-only.example"]);
    const withIp = cert({ commonName: "cn-ip.example", altNames: [], ipAddresses: ["192.0.2.7"] });
    expect(certificateNamesHost(withIp, "cn-ip.example")).toBe(true);
    expect(certificateHostNames(withIp)).toEqual(["cn-ip.example", "192.0.2.7"]);
    expect(certificateAltNames(withIp)).toEqual(["192.0.2.7"]);
  });

  it("lets a wildcard stand for exactly one whole label, whatever the case or a trailing dot", () => {
    const wildcard = cert({ commonName: "*.agency-demo.com" });
    expect(certificateNamesHost(wildcard, "WWW.Agency-Demo.com.")).toBe(true);
    expect(certificateNamesHost(wildcard, "agency-demo.com")).toBe(false);
    expect(certificateNamesHost(wildcard, "a.b.agency-demo.com")).toBe(false);
    expect(certificateNamesHost(wildcard, " ")).toBe(false);
  });
});

describe("certificate chains", () => {
  it("parses a leaf followed by its issuer and re-encodes it in one canonical spelling", () => {
    const messy = `${chain.leaf.replace(/\n/g, "\r\n")}\n\n${chain.ca}`;
    const parsed = parseCertificateChain(messy);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.chain.map((c) => distinguishedName(c.subject))).toEqual(["CN=agency-demo.com", "CN=Agency Test CA"]);
    expect(parsed.pem).toBe(parsed.chain.map((c) => c.toString()).join(""));
    expect(parseCertificateChain(parsed.pem)).toMatchObject({ ok: true, pem: parsed.pem });
  });

  it.each([
    {
      name: "an issuer before what it issued",
      text: () => chain.ca + chain.leaf,
      reason: /block 2 of the chain \(CN=agency-demo\.com\) did not issue block 1/,
    },
    { name: "a private key pasted into the certificate", text: () => chain.leaf + chain.leafKey, reason: /holds a private key/ },
    {
      name: "a block that is not a certificate",
      text: () => chain.leaf.replace(/CERTIFICATE/g, "CERTIFICATE REQUEST"),
      reason: /is a CERTIFICATE REQUEST, not a CERTIFICATE/,
    },
    {
      name: "a block that does not parse",
      text: () => "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----",
      reason: /is not a valid X\.509 certificate/,
    },
    { name: "text without PEM", text: () => "hello", reason: /is not a PEM certificate/ },
  ])("refuses $name, saying why", ({ text, reason }) => {
    const parsed = parseCertificateChain(text());
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it("keeps only the certificates of a reply read back, in order", () => {
    const reply = `${chain.leafKey}${chain.leaf}-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----\n${chain.ca}`;
    expect(pemBlocks(reply).map((b) => b.label)).toEqual(["RSA PRIVATE KEY", "CERTIFICATE", "CERTIFICATE", "CERTIFICATE"]);
    expect(certificatesIn(reply).map((c) => distinguishedName(c.subject))).toEqual(["CN=agency-demo.com", "CN=Agency Test CA"]);
  });
});

describe("private keys", () => {
  it("reads a PKCS#1 key as the same key in canonical PKCS#8, and matches it with its certificate only", () => {
    const parsed = parsePrivateKeyPem(chain.leafKey);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(chain.leafKey).toContain("BEGIN RSA PRIVATE KEY");
    expect(parsed.pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const leaf = new X509Certificate(chain.leaf);
    expect(privateKeyMatches(leaf, parsed.key)).toBe(true);
    expect(privateKeyMatches(new X509Certificate(chain.ca), parsed.key)).toBe(false);
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    expect(privateKeyMatches(leaf, ec)).toBe(false);
  });

  it.each([
    {
      name: "an encrypted key",
      pem: () => createPrivateKey(key).export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "secret" }).toString(),
      reason: /is encrypted/,
    },
    {
      name: "a public key",
      pem: () => generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString(),
      reason: /not a PEM private key/,
    },
    {
      name: "a damaged key",
      pem: () => "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      reason: /not a valid PEM private key/,
    },
  ])("refuses $name without repeating it", ({ pem, reason }) => {
    const text = pem();
    const parsed = parsePrivateKeyPem(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.reason).toMatch(reason);
      expect(parsed.reason).not.toContain(text.slice(40, 80));
    }
  });
});

describe("validity", () => {
  it("says when a certificate expired or starts, and nothing while it is valid", () => {
    const expired = cert({
      commonName: "a.example",
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2021-01-01T00:00:00Z"),
    });
    expect(validityProblem(expired, new Date())).toBe("expired on 2021-01-01T00:00:00.000Z");
    const later = cert({ commonName: "a.example", notBefore: new Date("2031-01-01T00:00:00Z"), days: 30 });
    expect(validityProblem(later, new Date())).toBe("is not valid before 2031-01-01T00:00:00.000Z");
    expect(validityProblem(later, new Date("2031-01-02T00:00:00Z"))).toBeUndefined();
  });
});

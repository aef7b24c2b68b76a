/**
 * Real X.509 material for the simulator and for tests: self-signed certificates, certificate
 * signing requests, public-key fingerprints, and the checks the API applies to a custom
 * certificate before installing it (the shared ones of `src/util/x509.ts`, which the `CustomSsl`
 * resource runs in `check`, with the simulated API's wording).
 *
 * Keys and signatures come from `node:crypto` (native, much faster than a JavaScript RSA
 * implementation); `node-forge` builds the certificate and CSR structures, which `node:crypto`
 * cannot create. Everything is PEM, so the output can be fed to
 * `X509Certificate`, `openssl` or a TLS server as is.
 */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject, type X509Certificate } from "node:crypto";
import forge from "node-forge";
import {
  certificateHostNames,
  certificateNamesHost,
  parseCertificate,
  parsePrivateKeyPem,
  privateKeyMatches,
  validityProblem,
} from "pulumi-hosting-reseller/contract";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A PEM key pair: PKCS#8 private key and SPKI public key. */
export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

/** A fresh RSA-2048 key pair in PEM form. */
export function generateRsaKeyPair(): PemKeyPair {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/** Options of {@link generateSelfSigned}. */
export interface SelfSignedOptions {
  /** Subject common name, e.g. `example.com` or `*.example.com`. */
  commonName: string;
  /** DNS names of the subjectAltName extension. Default: `[commonName]`; `[]` leaves it out. */
  altNames?: readonly string[];
  /** Validity in days from `notBefore` when `notAfter` is not given. Default 365. */
  days?: number;
  /** Start of validity. Default: one minute ago (tolerates small clock differences). */
  notBefore?: Date;
  /** End of validity; put both dates in the past for an expired certificate. */
  notAfter?: Date;
  /** Sign with this PEM private key instead of a fresh one (reuse a key, or pair certificates). */
  privateKey?: string;
  /** IP addresses of the subjectAltName extension (a server reached as `https://127.0.0.1`). */
  ipAddresses?: readonly string[];
  /** Mark the certificate as a CA, so clients can trust it directly as their `ca`. */
  isCA?: boolean;
  /** Extra subject fields beside the common name. */
  organizationName?: string;
  countryCode?: string;
}

/**
 * A self-signed certificate and its private key, both PEM.
 *
 * @example
 * // matching pair, wildcard, expired: all from the same helper
 * const site = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com", "www.agency-demo.com"] });
 * const wild = generateSelfSigned({ commonName: "*.agency-demo.com" });
 * const old = generateSelfSigned({ commonName: "agency-demo.com",
 *   notBefore: new Date("2020-01-01"), notAfter: new Date("2021-01-01") });
 * // a loopback TLS server that clients trust with `ca: tls.cert`
 * const tls = generateSelfSigned({ commonName: "localhost", ipAddresses: ["127.0.0.1", "::1"], isCA: true });
 * new X509Certificate(site.cert).checkPrivateKey(createPrivateKey(site.key)); // true
 */
export function generateSelfSigned(opts: SelfSignedOptions): { cert: string; key: string } {
  const key = opts.privateKey ?? generateRsaKeyPair().privateKey;
  const notBefore = opts.notBefore ?? new Date(Date.now() - 60_000);
  const notAfter = opts.notAfter ?? new Date(notBefore.getTime() + (opts.days ?? 365) * DAY_MS);
  const subject = subjectAttributes({
    commonName: opts.commonName,
    organizationName: opts.organizationName,
    countryCode: opts.countryCode,
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forgePublicKey(key);
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const altNames = [
    ...(opts.altNames ?? [opts.commonName]).map((value) => ({ type: 2, value })),
    ...(opts.ipAddresses ?? []).map((ip) => ({ type: 7, ip })),
  ];
  cert.setExtensions([
    { name: "basicConstraints", cA: opts.isCA ?? false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: opts.isCA ?? false },
    { name: "extKeyUsage", serverAuth: true },
    ...(altNames.length > 0 ? [{ name: "subjectAltName", altNames }] : []),
  ]);
  cert.signatureOid = cert.siginfo.algorithmOid = SHA256_WITH_RSA;
  cert.tbsCertificate = forgeInternals.getTBSCertificate(cert);
  cert.signature = rsaSha256(cert.tbsCertificate, key);
  return { cert: forge.pki.certificateToPem(cert), key };
}

/** Subject fields of a CSR, as the Generate CSR operation takes them (v4 document, SSL). */
export interface CsrSubject {
  /** The domain the CSR is for; becomes the common name and the only subjectAltName. */
  commonName: string;
  /** Two-letter country code. */
  countryCode: string;
  state: string;
  localityName: string;
  organizationName: string;
  organizationUnitName: string;
  email: string;
}

/** What {@link generateCsr} produces. */
export interface GeneratedCsr {
  /** PEM `CERTIFICATE REQUEST`. */
  csr: string;
  /** PEM PKCS#8 private key of the CSR. */
  key: string;
  /** PEM certificate for the same key and subject, self-signed, valid one year. */
  selfSignedCert: string;
  /** {@link publicKeyFingerprint} of the key. */
  fingerprint: string;
  /** The subject as `{ name, value }` pairs (X.520 attribute names), as CSR entries list it. */
  attributes: { name: string; value: string }[];
}

/**
 * A real PKCS#10 certificate signing request with a fresh RSA-2048 key, plus a self-signed
 * certificate for the same key (what the API's Generate CSR answers with). `now` sets the start of
 * the self-signed certificate's one-year validity (default: the real clock).
 *
 * @example
 * const { csr, fingerprint } = generateCsr({ commonName: "agency-demo.com", countryCode: "CA",
 *   state: "QC", localityName: "Montreal", organizationName: "Agency", organizationUnitName: "Web",
 *   email: "admin@agency-demo.com" });
 * forge.pki.certificationRequestFromPem(csr).verify(); // true
 */
export function generateCsr(subject: CsrSubject, opts: { now?: Date } = {}): GeneratedCsr {
  const { privateKey } = generateRsaKeyPair();
  const attrs = subjectAttributes(subject);
  const request = forge.pki.createCertificationRequest();
  request.publicKey = forgePublicKey(privateKey);
  request.setSubject(attrs);
  request.setAttributes([
    {
      name: "extensionRequest",
      extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: subject.commonName }] }],
    },
  ]);
  request.signatureOid = request.siginfo.algorithmOid = SHA256_WITH_RSA;
  request.certificationRequestInfo = forgeInternals.getCertificationRequestInfo(request);
  request.signature = rsaSha256(request.certificationRequestInfo, privateKey);
  const selfSigned = generateSelfSigned({
    commonName: subject.commonName,
    privateKey,
    ...(opts.now ? { notBefore: new Date(opts.now.getTime() - 60_000) } : {}),
    organizationName: subject.organizationName,
    countryCode: subject.countryCode,
  });
  return {
    csr: forge.pki.certificationRequestToPem(request),
    key: privateKey,
    selfSignedCert: selfSigned.cert,
    fingerprint: publicKeyFingerprint(privateKey),
    attributes: attrs.map((a) => ({ name: a.name, value: a.value })),
  };
}

/**
 * SHA-256 of the DER SubjectPublicKeyInfo of a key, lower-case hex without separators.
 *
 * The API names a CSR by `csrPubKeyFingerPrint` without saying how it is computed; a SHA-256 of
 * the public key is what certificate tooling calls a public-key fingerprint (and is what
 * HPKP-style pinning hashes), so the simulator uses it. Any private or public key form works.
 */
export function publicKeyFingerprint(key: string | KeyObject): string {
  const pub = typeof key !== "string" && key.type === "public" ? key : createPublicKey(key);
  const der = pub.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex");
}

/** Input of {@link certificateProblem}. */
export interface CertificateCheck {
  /** PEM certificate (a chain is accepted; the first certificate is the one checked). */
  certificate: string;
  /** PEM private key; when given it must match the certificate's public key. */
  privateKey?: string;
  /** ASCII domain the certificate must cover. */
  domain: string;
  /** The moment validity is judged at. */
  now: Date;
}

/**
 * The first reason a certificate cannot be installed for a domain, or `null` when it can: not a
 * certificate, not a key, key does not match, domain not covered, expired, not yet valid. The
 * checks are the shared ones (`src/util/x509.ts`); the wording is the simulated API's.
 */
export function certificateProblem(check: CertificateCheck): string | null {
  const cert = parseCertificate(check.certificate);
  if (!cert) return "certificate is not a valid PEM-encoded X.509 certificate";
  if (check.privateKey !== undefined) {
    const key = parsePrivateKeyPem(check.privateKey);
    if (!key.ok) return "privateKey is not a valid PEM-encoded private key";
    if (!privateKeyMatches(cert, key.key)) return "privateKey does not match the certificate's public key";
  }
  if (!certificateNamesHost(cert, check.domain)) {
    return `the certificate does not cover ${check.domain} (it names ${certificateHostNames(cert).join(", ") || "no host"})`;
  }
  const validity = validityProblem(cert, check.now);
  return validity ? `the certificate ${validity}` : null;
}

/**
 * The display name of a certificate's issuer: its organisation (as in "Let's Encrypt"), else its
 * common name. The active-certificate `issuer` field shows it for a custom certificate.
 */
export function certificateIssuerName(cert: X509Certificate): string {
  const field = (name: string) => new RegExp(`(?:^|\\n)${name}=([^\\n]*)`).exec(cert.issuer)?.[1];
  return field("O") ?? field("CN") ?? cert.issuer;
}

// ---- forge plumbing ----

/*
 * Signing: forge builds the to-be-signed structures, node:crypto signs them. This is what forge's
 * own `sign()` does (set the algorithm OID, cache the to-be-signed ASN.1, store the signature),
 * with the RSA operation done natively: forge's JavaScript RSA takes 50-100 ms a signature.
 */
const SHA256_WITH_RSA = "1.2.840.113549.1.1.11";

/** Exported by node-forge's x509 module but missing from its type declarations. */
const forgeInternals = forge.pki as unknown as {
  getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1;
  getCertificationRequestInfo(csr: forge.pki.CertificateSigningRequest): forge.asn1.Asn1;
};

function rsaSha256(toBeSigned: forge.asn1.Asn1, privateKeyPem: string): string {
  const der = Buffer.from(forge.asn1.toDer(toBeSigned).getBytes(), "binary");
  return sign("sha256", der, privateKeyPem).toString("binary");
}

type Attribute = { name: string; value: string; valueTagClass: forge.asn1.Class };

function subjectAttributes(s: Partial<CsrSubject> & { commonName: string }): Attribute[] {
  // UTF8String for free text so accented names survive; X.520 requires PrintableString for the
  // country and IA5String for the e-mail address.
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const attrs: Attribute[] = [{ name: "commonName", value: s.commonName, valueTagClass: utf8 }];
  if (s.countryCode)
    attrs.push({
      name: "countryName",
      value: s.countryCode.toUpperCase(),
      valueTagClass: forge.asn1.Type.PRINTABLESTRING as unknown as forge.asn1.Class,
    });
  if (s.state) attrs.push({ name: "stateOrProvinceName", value: s.state, valueTagClass: utf8 });
  if (s.localityName) attrs.push({ name: "localityName", value: s.localityName, valueTagClass: utf8 });
  if (s.organizationName) attrs.push({ name: "organizationName", value: s.organizationName, valueTagClass: utf8 });
  if (s.organizationUnitName) attrs.push({ name: "organizationalUnitName", value: s.organizationUnitName, valueTagClass: utf8 });
  if (s.email)
    attrs.push({ name: "emailAddress", value: s.email, valueTagClass: forge.asn1.Type.IA5STRING as unknown as forge.asn1.Class });
  return attrs;
}

function forgePublicKey(privateKeyPem: string): forge.pki.PublicKey {
  const spki = createPublicKey(privateKeyPem).export({ type: "spki", format: "pem" }).toString();
  return forge.pki.publicKeyFromPem(spki);
}

/** A random positive 128-bit serial number (RFC 5280: positive, at most 20 octets). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString("hex");
}

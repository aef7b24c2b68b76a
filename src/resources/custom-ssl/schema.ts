/**
 * CustomSsl: inputs, their validation and normalisation, and the state it keeps.
 *
 * A custom certificate replaces the automatic one of a domain of a hosting account. The API takes
 * `certificate` and `privateKey` as PEM strings and answers a custom certificate as `cert` and
 * `key` (v4 document, SSL: "Custom certificate: cert (string, PEM), key (string, PEM private
 * key)"; catalog §1 #19-22, INFERRED-L). Everything the API would refuse for a certificate that
 * can be told without it is checked here with `node:crypto`, before any call: the PEM parses, a
 * chain is in order, the key is a private key that matches the certificate, the certificate
 * names the domain (a wildcard covers one label), and today lies inside its validity period.
 *
 * State holds the certificate and key in one canonical PEM spelling (each certificate re-encoded
 * from its DER, the key as unencrypted PKCS#8), so line endings, blank lines or a PKCS#1 key
 * never show as a change on refresh.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import { z } from "zod";
import { isUnknown } from "../../provider/check";
import type { IssueSink } from "../../provider/define";
import { normaliseDomain } from "../../provider/names";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const customSslInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: z.number().int("must be a whole number").positive("must be a hosting account id"),
  /** The domain (or a subdomain of an attached domain) the certificate is installed for. */
  domain: z.string(),
  /** PEM certificate, optionally followed by its chain (each issuer after what it issued). */
  certificate: z.string().trim().min(1, "a PEM certificate is required"),
  /** PEM private key of the certificate, unencrypted. Secret. */
  privateKey: z.string().trim().min(1, "a PEM private key is required"),
};

type Parsed = z.output<z.ZodObject<typeof customSslInputs>>;

/** The checked inputs: domain in ASCII lower case, certificate and key in canonical PEM. */
export interface CustomSslInputs {
  hostingId: number;
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  /** The certificate then its chain, each block re-encoded from its DER. */
  certificate: string;
  /** Unencrypted PKCS#8 PEM. */
  privateKey: string;
}

/** What the certificate (the first PEM block) says about itself. */
export interface CertificateDetails {
  /** SHA-256 of the certificate's DER, colon-separated upper-case hex (as `openssl x509 -fingerprint -sha256` prints it). */
  fingerprint: string;
  /** Subject distinguished name, e.g. `CN=example.com, O=Example`. */
  subject: string;
  /** Issuer distinguished name. */
  issuer: string;
  /** Start of validity, ISO 8601. */
  notBefore: string;
  /** End of validity, ISO 8601. */
  notAfter: string;
  /** DNS names and IP addresses of the subjectAltName extension. */
  subjectAltNames: string[];
}

/** The state of a custom certificate. */
export interface CustomSslOutputs extends CustomSslInputs, CertificateDetails {}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** A certificate chain parsed from PEM, or why it is not one. */
export type ChainResult = { ok: true; chain: X509Certificate[]; pem: string } | { ok: false; reason: string };

/**
 * Parses a PEM certificate optionally followed by its chain. Each block must be a certificate,
 * and each certificate must be issued by the one after it (leaf first), which is the order web
 * servers send a chain in. A private key pasted into the certificate is refused: the certificate
 * is kept in plain state.
 *
 * @example
 * const parsed = parseCertificateChain(pem);
 * if (parsed.ok) parsed.chain[0].subject; // "CN=example.com"
 */
export function parseCertificateChain(text: string): ChainResult {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.some((b) => b[1]!.includes("PRIVATE KEY"))) {
    return { ok: false, reason: "holds a private key; give the key in privateKey, which is kept secret, and only certificates here" };
  }
  if (blocks.length === 0) return { ok: false, reason: "is not a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)" };
  const chain: X509Certificate[] = [];
  for (const [i, block] of blocks.entries()) {
    const where = blocks.length === 1 ? "is" : `block ${i + 1} of the chain is`;
    if (block[1] !== "CERTIFICATE") return { ok: false, reason: `${where} a ${block[1]}, not a CERTIFICATE` };
    try {
      chain.push(new X509Certificate(block[0]));
    } catch {
      return { ok: false, reason: `${where} not a valid X.509 certificate` };
    }
  }
  for (let i = 1; i < chain.length; i++) {
    if (!chain[i - 1]!.checkIssued(chain[i]!)) {
      return {
        ok: false,
        reason: `block ${i + 1} of the chain (${oneLine(chain[i]!.subject)}) did not issue block ${i} (issuer ${oneLine(chain[i - 1]!.issuer)}); put the certificate first, then each issuer after what it issued`,
      };
    }
  }
  return { ok: true, chain, pem: chain.map((c) => c.toString()).join("") };
}

/** A private key parsed from PEM, or why it is not one. The reason never repeats the key. */
export type KeyResult = { ok: true; key: KeyObject; pem: string } | { ok: false; reason: string };

/**
 * Parses a PEM private key (PKCS#8, PKCS#1 or SEC1) and gives its canonical PKCS#8 PEM.
 *
 * @example
 * const key = parsePrivateKeyPem(pem);
 * if (key.ok) key.pem.startsWith("-----BEGIN PRIVATE KEY-----"); // true
 */
export function parsePrivateKeyPem(text: string): KeyResult {
  if (!/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(text)) {
    return { ok: false, reason: "is not a PEM private key (-----BEGIN PRIVATE KEY----- ... -----END PRIVATE KEY-----)" };
  }
  if (/ENCRYPTED PRIVATE KEY|Proc-Type:\s*4,ENCRYPTED/.test(text)) {
    return { ok: false, reason: "is encrypted; the server needs it without a passphrase (openssl pkey -in key.pem -out plain.pem)" };
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(text);
  } catch {
    return { ok: false, reason: "is not a valid PEM private key" };
  }
  return { ok: true, key, pem: key.export({ type: "pkcs8", format: "pem" }).toString() };
}

/**
 * Whether a certificate names a host, as browsers decide it (RFC 6125): the DNS names of the
 * subjectAltName extension, or the subject common name when the extension has none; a wildcard
 * stands for exactly one whole label (`*.example.com` covers `www.example.com`, not
 * `example.com` nor `a.b.example.com`). `host` is ASCII lower case.
 *
 * @example
 * certificateNamesHost(new X509Certificate(wildcardPem), "shop.example.com"); // true
 */
export function certificateNamesHost(cert: X509Certificate, host: string): boolean {
  return cert.checkHost(host, { subject: "default", wildcards: true, partialWildcards: false, multiLabelWildcards: false }) !== undefined;
}

/** A distinguished name as one line: Node prints one attribute a line. */
function oneLine(dn: string): string {
  return dn.split("\n").filter(Boolean).join(", ");
}

/** subjectAltName entries (`DNS:a.com, IP Address:192.0.2.1`) as their values; Node quotes unusual ones. */
function altNames(cert: X509Certificate): string[] {
  const out: string[] = [];
  for (const entry of (cert.subjectAltName ?? "").split(/,\s*/)) {
    const m = /^(DNS|IP Address):"?(.*?)"?$/.exec(entry.trim());
    if (m) out.push(m[2]!.toLowerCase());
  }
  return out;
}

/** The names a certificate covers, for messages. */
function coveredNames(cert: X509Certificate): string {
  const names = altNames(cert);
  if (names.length > 0) return names.join(", ");
  return /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1] ?? "no host";
}

/**
 * The details of a certificate for the outputs.
 *
 * @example
 * certificateDetails(new X509Certificate(pem)).notAfter; // "2027-11-21T06:00:00.000Z"
 */
export function certificateDetails(cert: X509Certificate): CertificateDetails {
  return {
    fingerprint: cert.fingerprint256,
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    subjectAltNames: altNames(cert),
  };
}

/**
 * Why a certificate cannot serve `domain` at `now`, or undefined when it can: the domain is not
 * named, the certificate has expired, or it is not valid yet.
 *
 * @example
 * certificateProblemFor(cert, "other.com", new Date()); // "does not cover other.com; it names example.com"
 */
export function certificateProblemFor(cert: X509Certificate, domain: string, now: Date): string | undefined {
  if (!certificateNamesHost(cert, domain)) return `does not cover ${domain}; it names ${coveredNames(cert)}`;
  const notAfter = new Date(cert.validTo);
  if (now.getTime() > notAfter.getTime()) return `expired on ${notAfter.toISOString()}`;
  const notBefore = new Date(cert.validFrom);
  if (now.getTime() < notBefore.getTime()) return `is not valid before ${notBefore.toISOString()}`;
  return undefined;
}

/**
 * Cross-property checks and normalisation: the domain in ASCII; the certificate chain parsed and
 * re-encoded; the key parsed, re-encoded as PKCS#8 and matched against the certificate; the
 * certificate checked against the domain and today's date. Nothing here calls the API.
 *
 * @example
 * normalizeCustomSsl({ hostingId: 101, domain: "Example.COM", certificate: pem, privateKey: keyPem }, issue);
 * // { hostingId: 101, domain: "example.com", certificate: <canonical PEM>, privateKey: <PKCS#8 PEM> }
 */
export function normalizeCustomSsl(v: Parsed, issue: IssueSink, now: Date = new Date()): CustomSslInputs {
  const out = { ...v } as CustomSslInputs;
  let domain: string | undefined;
  if (!isUnknown(v.domain)) {
    const d = normaliseDomain(v.domain);
    if (d.ok) domain = out.domain = d.value;
    else issue("domain", d.reason);
  }
  let leaf: X509Certificate | undefined;
  if (!isUnknown(v.certificate)) {
    const chain = parseCertificateChain(v.certificate);
    if (!chain.ok) issue("certificate", chain.reason);
    else {
      out.certificate = chain.pem;
      leaf = chain.chain[0];
    }
  }
  if (!isUnknown(v.privateKey)) {
    const key = parsePrivateKeyPem(v.privateKey);
    if (!key.ok) issue("privateKey", key.reason);
    else {
      out.privateKey = key.pem;
      if (leaf && !keyMatches(leaf, key.key)) {
        issue("privateKey", `does not match the certificate (${oneLine(leaf.subject)}, fingerprint ${leaf.fingerprint256}): it is the key of another certificate`);
      }
    }
  }
  if (leaf && domain !== undefined) {
    const problem = certificateProblemFor(leaf, domain, now);
    if (problem) issue("certificate", problem);
  }
  return out;
}

function keyMatches(cert: X509Certificate, key: KeyObject): boolean {
  try {
    return cert.checkPrivateKey(key);
  } catch {
    // A key of another algorithm than the certificate's (EC against RSA) cannot match it.
    return false;
  }
}

/**
 * The canonical PEM of a certificate and key read from the API, so an installed pair compares
 * equal to the same pair given in another spelling. Of the certificate field only the blocks
 * that parse as certificates are kept, so no key can leak into plain state; a key that does not
 * parse is kept as it is (the next diff then shows it, and the update installs the program's pair).
 *
 * @example
 * const { certificate, privateKey, leaf } = canonicalPair(reply.cert, reply.key);
 */
export function canonicalPair(cert: string, key: string): { certificate: string; privateKey: string; leaf?: X509Certificate } {
  const chain: X509Certificate[] = [];
  for (const block of cert.matchAll(PEM_BLOCK)) {
    if (block[1] !== "CERTIFICATE") continue;
    try {
      chain.push(new X509Certificate(block[0]));
    } catch {
      // Not a certificate after all: left out, and the fingerprint then shows the difference.
    }
  }
  const parsedKey = parsePrivateKeyPem(key);
  return { certificate: chain.map((c) => c.toString()).join(""), privateKey: parsedKey.ok ? parsedKey.pem : key, leaf: chain[0] };
}

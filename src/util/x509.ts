/**
 * X.509 checks on PEM certificates and private keys, with `node:crypto` only.
 *
 * The `CustomSsl` resource runs them in `check`, before any call, and the simulator runs them on
 * what it is asked to install, as the API does; one implementation keeps the two from drifting
 * apart. Certificate generation (which needs `node-forge`) stays in the simulator.
 *
 * Which names a certificate covers is decided once, here, the way browsers decide it (RFC 6125
 * §6.4.4, CA/Browser Forum baseline requirements): the DNS names of the subjectAltName extension,
 * and the subject common name only when the certificate has no DNS name there; a wildcard stands
 * for exactly one whole label. The API documents no rule of its own (docs/decisions/0011).
 */
import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** One PEM block of a text: its label (`CERTIFICATE`, `PRIVATE KEY`, ...) and the block itself. */
export interface PemBlock {
  label: string;
  pem: string;
}

/** The PEM blocks of a text, in order; text between them is ignored. */
export function pemBlocks(text: string): PemBlock[] {
  return [...text.matchAll(PEM_BLOCK)].map((m) => ({ label: m[1]!, pem: m[0] }));
}

/** The certificate a PEM text starts with, or undefined when it is not one. */
export function parseCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

/**
 * Every `CERTIFICATE` block of a text that parses, in order; anything else is left out (a reply
 * read back from an API, where nothing else must reach plain state).
 */
export function certificatesIn(text: string): X509Certificate[] {
  return pemBlocks(text).flatMap((b) => {
    const cert = b.label === "CERTIFICATE" ? parseCertificate(b.pem) : undefined;
    return cert ? [cert] : [];
  });
}

/** A distinguished name on one line: Node prints one attribute a line. */
export function distinguishedName(dn: string): string {
  return dn.split("\n").filter(Boolean).join(", ");
}

/** A certificate chain parsed from PEM, or why it is not one. */
export type ChainResult = { ok: true; chain: X509Certificate[]; pem: string } | { ok: false; reason: string };

/**
 * Parses a PEM certificate optionally followed by its chain. Each block must be a certificate,
 * and each certificate must be issued by the one after it (leaf first), which is the order web
 * servers send a chain in. A private key pasted into the certificate is refused: the certificate
 * is kept in plain state. `pem` is the chain re-encoded from its DER, one canonical spelling.
 *
 * @example
 * const parsed = parseCertificateChain(pem);
 * if (parsed.ok) parsed.chain[0].subject; // "CN=example.com"
 */
export function parseCertificateChain(text: string): ChainResult {
  const blocks = pemBlocks(text);
  if (blocks.some((b) => b.label.includes("PRIVATE KEY"))) {
    return { ok: false, reason: "holds a private key; give the key in privateKey, which is kept secret, and only certificates here" };
  }
  if (blocks.length === 0)
    return { ok: false, reason: "is not a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)" };
  const chain: X509Certificate[] = [];
  for (const [i, block] of blocks.entries()) {
    const where = blocks.length === 1 ? "is" : `block ${i + 1} of the chain is`;
    if (block.label !== "CERTIFICATE") return { ok: false, reason: `${where} a ${block.label}, not a CERTIFICATE` };
    const cert = parseCertificate(block.pem);
    if (!cert) return { ok: false, reason: `${where} not a valid X.509 certificate` };
    chain.push(cert);
  }
  for (let i = 1; i < chain.length; i++) {
    if (!chain[i - 1]!.checkIssued(chain[i]!)) {
      return {
        ok: false,
        reason: `block ${i + 1} of the chain (${distinguishedName(chain[i]!.subject)}) did not issue block ${i} (issuer ${distinguishedName(chain[i - 1]!.issuer)}); put the certificate first, then each issuer after what it issued`,
      };
    }
  }
  return { ok: true, chain, pem: chain.map((c) => c.toString()).join("") };
}

/** A private key parsed from PEM, or why it is not one. The reason never repeats the key. */
export type KeyResult = { ok: true; key: KeyObject; pem: string } | { ok: false; reason: string };

/**
 * Parses a PEM private key (PKCS#8, PKCS#1 or SEC1) and gives its canonical PKCS#8 PEM. An
 * encrypted key is refused with the reason: a server cannot use a key that needs a passphrase.
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
 * Whether `key` is the private key of the certificate's public key. A key of another algorithm
 * than the certificate's (EC against RSA) cannot match it.
 */
export function privateKeyMatches(cert: X509Certificate, key: KeyObject): boolean {
  try {
    return cert.checkPrivateKey(key);
  } catch {
    return false;
  }
}

/**
 * Whether a certificate names a host, by the browser rule (see the top of this file). The host
 * may be given with a trailing dot and in any letter case; it must be ASCII (punycode).
 *
 * @example
 * certificateNamesHost(new X509Certificate(wildcardPem), "shop.example.com"); // true
 * certificateNamesHost(new X509Certificate(wildcardPem), "example.com"); // false
 */
export function certificateNamesHost(cert: X509Certificate, host: string): boolean {
  const name = host.trim().replace(/\.$/, "").toLowerCase();
  if (name === "") return false;
  // `subject: "default"`: the subject is consulted only when the subjectAltName extension holds
  // no DNS name, which is the browser rule.
  return cert.checkHost(name, { subject: "default", wildcards: true, partialWildcards: false, multiLabelWildcards: false }) !== undefined;
}

/** subjectAltName entries of the given kinds, as their values; Node quotes unusual ones. */
function altNamesOf(cert: X509Certificate, kinds: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of (cert.subjectAltName ?? "").split(/,\s*/)) {
    const m = /^(DNS|IP Address):"?(.*?)"?$/.exec(entry.trim());
    if (m && kinds.includes(m[1]!)) out.push(m[2]!.toLowerCase());
  }
  return out;
}

/** The DNS names and IP addresses of the subjectAltName extension. */
export function certificateAltNames(cert: X509Certificate): string[] {
  return altNamesOf(cert, ["DNS", "IP Address"]);
}

/**
 * The names a certificate answers for, for messages: its subjectAltName entries, and its
 * subject common name when no DNS name is among them (the browser rule).
 */
export function certificateHostNames(cert: X509Certificate): string[] {
  const names = certificateAltNames(cert);
  if (altNamesOf(cert, ["DNS"]).length > 0) return names;
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1];
  return cn ? [cn.toLowerCase(), ...names] : names;
}

/**
 * Why a certificate is not valid at `now`, or undefined when it is: it has expired, or it is not
 * valid yet. Dates in ISO 8601.
 */
export function validityProblem(cert: X509Certificate, now: Date): string | undefined {
  const notAfter = new Date(cert.validTo);
  if (now.getTime() > notAfter.getTime()) return `expired on ${notAfter.toISOString()}`;
  const notBefore = new Date(cert.validFrom);
  if (now.getTime() < notBefore.getTime()) return `is not valid before ${notBefore.toISOString()}`;
  return undefined;
}

/**
 * CustomSsl: inputs, their validation and normalization, and the state it keeps.
 *
 * A custom certificate replaces the automatic one of a domain of a hosting account. The API takes
 * `certificate` and `privateKey` as PEM strings and answers a custom certificate as `cert` and
 * `key` (v4 document, SSL: "Custom certificate: cert (string, PEM), key (string, PEM private
 * key)"; catalog §1 #19-22, INFERRED-L). Everything the API would refuse for a certificate that
 * can be told without it is checked here, before any call, with the X.509 checks the simulator
 * shares (`src/util/x509.ts`, `node:crypto` only): the PEM parses, a chain is in order, the key is
 * a private key that matches the certificate, the certificate names the domain by the browser
 * rule (docs/decisions/0011; a wildcard covers one label), and today lies inside its validity
 * period.
 *
 * State holds the certificate and key in one canonical PEM spelling (each certificate re-encoded
 * from its DER, the key as unencrypted PKCS#8), so line endings, blank lines or a PKCS#1 key
 * never show as a change on refresh.
 */
import type { X509Certificate } from "node:crypto";
import { z } from "zod";
import { isUnknown, limitText } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain } from "../../util/names";
import { domainInput, hostingIdInput, normalizeProperty } from "../../provider/rules/validators";
import {
  certificateAltNames,
  certificateHostNames,
  certificateNamesHost,
  certificatesIn,
  distinguishedName,
  parseCertificateChain,
  parsePrivateKeyPem,
  privateKeyMatches,
  validityProblem,
} from "../../util/x509";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const customSslInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** The domain (or a subdomain of an attached domain) the certificate is installed for. */
  domain: domainInput,
  /** PEM certificate, optionally followed by its chain (each issuer after what it issued). */
  certificate: limitText(z.string().trim().min(1, "a PEM certificate is required"), {
    max: 65536,
    because: "sensible: a certificate with its chain is 2 to 8 KiB of PEM; 64 KiB holds ten RSA-4096 certificates",
    lineBreaks: "any",
  }),
  /** PEM private key of the certificate, unencrypted. Secret. */
  privateKey: limitText(z.string().trim().min(1, "a PEM private key is required"), {
    max: 16384,
    because: "sensible: an RSA-8192 key is about 6.4 KiB of PEM",
    lineBreaks: "any",
    secret: true,
  }),
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

/**
 * Certificate chains and private keys are parsed by the shared X.509 checks (`src/util/x509.ts`),
 * which the simulator runs too; re-exported here, where the resource's users found them.
 */
export { certificateNamesHost, parseCertificateChain, parsePrivateKeyPem, type ChainResult, type KeyResult } from "../../util/x509";

/**
 * The details of a certificate for the outputs.
 *
 * @example
 * certificateDetails(new X509Certificate(pem)).notAfter; // "2027-11-21T06:00:00.000Z"
 */
export function certificateDetails(cert: X509Certificate): CertificateDetails {
  return {
    fingerprint: cert.fingerprint256,
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    subjectAltNames: certificateAltNames(cert),
  };
}

/**
 * Why a certificate cannot serve `domain` at `now`, or undefined when it can: the domain is not
 * named, the certificate has expired, or it is not valid yet.
 *
 * @example
 * certificateProblemFor(new X509Certificate(pem), "other.com", new Date()); // "does not cover other.com; it names example.com"
 */
export function certificateProblemFor(cert: X509Certificate, domain: string, now: Date): string | undefined {
  if (!certificateNamesHost(cert, domain))
    return `does not cover ${domain}; it names ${certificateHostNames(cert).join(", ") || "no host"}`;
  return validityProblem(cert, now);
}

/**
 * Cross-property checks and normalization: the domain in ASCII; the certificate chain parsed and
 * re-encoded; the key parsed, re-encoded as PKCS#8 and matched against the certificate; the
 * certificate checked against the domain and today's date. Nothing here calls the API.
 */
export function normalizeCustomSsl(v: Parsed, issue: IssueSink, now: Date = new Date()): CustomSslInputs {
  const out = { ...v } as CustomSslInputs;
  const domain = normalizeProperty(out, "domain", normalizeDomain, issue);
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
      if (leaf && !privateKeyMatches(leaf, key.key)) {
        issue(
          "privateKey",
          `does not match the certificate (${distinguishedName(leaf.subject)}, fingerprint ${leaf.fingerprint256}): it is the key of another certificate`,
        );
      }
    }
  }
  if (leaf && domain !== undefined) {
    const problem = certificateProblemFor(leaf, domain, now);
    if (problem) issue("certificate", problem);
  }
  return out;
}

/**
 * The canonical PEM of a certificate and key read from the API, so an installed pair compares
 * equal to the same pair given in another spelling. Of the certificate field only the blocks
 * that parse as certificates are kept, so no key can leak into plain state; a key that does not
 * parse is kept as it is (the next diff then shows it, and the update installs the program's pair).
 */
export function canonicalPair(cert: string, key: string): { certificate: string; privateKey: string; leaf?: X509Certificate } {
  // A block that is not a certificate after all is left out, and the fingerprint then shows the difference.
  const chain = certificatesIn(cert);
  const parsedKey = parsePrivateKeyPem(key);
  return { certificate: chain.map((c) => c.toString()).join(""), privateKey: parsedKey.ok ? parsedKey.pem : key, leaf: chain[0] };
}

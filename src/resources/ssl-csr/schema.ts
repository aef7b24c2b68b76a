/**
 * SslCsr: inputs, their validation and normalization, and the state it keeps.
 *
 * Generate CSR takes the domain and six subject fields, all required strings (v4 document, SSL:
 * "id, domain, countryCode, state, localityName, organizationName, organizationUnitName, email";
 * catalog §1 #23-26, INFERRED-L paths). The server makes the key pair, the CSR and a self-signed
 * certificate for the same key. The fields are checked here against what an X.509 subject can
 * hold (RFC 5280 appendix A upper bounds; the country a two-letter PrintableString), so the API
 * is not asked for a CSR it must refuse.
 */
import { z } from "zod";
import { limitText } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain } from "../../util/names";
import {
  countryCodeInput,
  domainInput,
  emailInput,
  emailProperty,
  hostingIdInput,
  normalizeProperty,
} from "../../provider/rules/validators";

/** A subject field: trimmed, not empty, at most `max` characters (RFC 5280 upper bound). */
const subjectText = (max: number) =>
  limitText(z.string().trim().min(1, "is required (the CSR subject needs every field)"), {
    max,
    because: "RFC 5280 appendix A upper bound",
  });

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const sslCsrInputs = {
  /** The hosting account the domain is attached to. */
  hostingId: hostingIdInput,
  /** The domain (the CSR's common name), attached to the hosting account. */
  domain: domainInput,
  /** ISO 3166-1 alpha-2 code of an officially assigned country (`CA`; not `EU` or `UK`). */
  countryCode: countryCodeInput("a two-letter ISO 3166-1 alpha-2 code, RFC 5280 appendix A ub-country-name-alpha-length"),
  /** State or province, written out (`Quebec`). */
  state: subjectText(128),
  /** City (`Montreal`). */
  localityName: subjectText(128),
  organizationName: subjectText(64),
  organizationUnitName: subjectText(64),
  /** Contact address written into the subject. */
  email: emailInput,
};

type Parsed = z.output<z.ZodObject<typeof sslCsrInputs>>;

/** The CSR subject fields, as the Generate CSR operation names them. */
export const SUBJECT_FIELDS = ["countryCode", "state", "localityName", "organizationName", "organizationUnitName", "email"] as const;
export type SubjectField = (typeof SUBJECT_FIELDS)[number];

/** The checked inputs. */
export interface SslCsrInputs {
  hostingId: number;
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  /** Upper case. */
  countryCode: string;
  state: string;
  localityName: string;
  organizationName: string;
  organizationUnitName: string;
  /** Domain part in ASCII lower case. */
  email: string;
}

/** The state of a CSR. */
export interface SslCsrOutputs extends SslCsrInputs {
  /** The PEM certificate signing request. */
  csr: string;
  /** A PEM certificate for the same key, signed by itself. */
  selfSignedCert: string;
  /** The CSR's public-key fingerprint as the API lists it (`csrPubKeyFingerPrint`): what names the CSR. */
  fingerprint: string;
  /** The PEM private key. Secret. */
  privateKey: string;
  /** When the CSR was generated (ISO 8601), as the listing says. */
  creationDate?: string;
}

/**
 * Subject attribute names of a CSR listing entry, long (as node-forge and OpenSSL's long names
 * spell them) and short (RFC 4514), for each Generate CSR field. The v4 document shows the
 * entries' `attributes` as name/value pairs without naming them, so both spellings are read.
 */
export const SUBJECT_ATTRIBUTE_NAMES: Record<SubjectField, readonly string[]> = {
  countryCode: ["countryName", "C"],
  state: ["stateOrProvinceName", "ST", "S"],
  localityName: ["localityName", "L"],
  organizationName: ["organizationName", "O"],
  organizationUnitName: ["organizationalUnitName", "OU"],
  email: ["emailAddress", "E"],
};

/**
 * PEM text in one spelling: LF line ends, no surrounding blank lines, one final newline. The
 * generate reply and the listing then compare equal.
 *
 * @example
 * canonicalPem("-----BEGIN X-----\r\nAA==\r\n-----END X-----"); // "-----BEGIN X-----\nAA==\n-----END X-----\n"
 */
export function canonicalPem(pem: string): string {
  return `${pem.replace(/\r\n?/g, "\n").trim()}\n`;
}

/** A fingerprint in the form used for comparing: lower-case hex without `:` separators. */
export function fingerprintKey(fingerprint: string): string {
  return fingerprint.trim().toLowerCase().replace(/:/g, "");
}

/** Normalizes the domain and the e-mail address, reporting each problem on its property. */
export function normalizeSslCsr(v: Parsed, issue: IssueSink): SslCsrInputs {
  const out = { ...v };
  normalizeProperty(out, "domain", normalizeDomain, issue);
  out.email = emailProperty(v.email, issue);
  return out;
}

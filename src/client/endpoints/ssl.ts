/**
 * SSL certificates of the domains of a hosting account: the automatic certificate, a custom
 * certificate, and certificate signing requests. v4 and v3 only (the legacy document lists no
 * v2 SSL operation).
 *
 * Every path is a pattern guess (catalog §1 #17-26, INFERRED-L: v3 puts domain-scoped resources
 * under `/hosting/domain/*`); v3 uses the same sub-paths with `id` and `username` and wraps
 * results in `data` (legacy document, difference 3). Operations whose v4 result is only a
 * message (install, delete custom, remove CSR) answer the same way on v3.
 */
import { z } from "zod";
import { defineEndpoints } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, list, optionalList, obj, str } from "../schemas";

const siteV4 = { ...hostingV4, domain: domainName };
const siteV3 = { ...hostingV3, domain: domainName };

/** Fields of Generate CSR, all required strings (v4 document, SSL). */
const csrFields = {
  /** X.509 requires a two-letter country code (PrintableString of size 2). */
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, "a two-letter country code"),
  state: z.string().min(1),
  localityName: z.string().min(1),
  organizationName: z.string().min(1),
  organizationUnitName: z.string().min(1),
  email: z.email(),
};

/** The active certificate (v4 document, SSL: "Active certificate"). */
const activeCertificateShape = {
  status: str().optional(),
  expireAt: str().optional(),
  requestedAt: str().optional(),
  issuer: str().optional(),
  lastError: str().nullable().optional(),
  errorCode: str().nullable().optional(),
};
const renewalJobShape = { jobId: str().optional() };
const customCertificateShape = { cert: str(), key: str() };
/** `certificate`/`privateKey` are the request's names; accept them if a reply uses them. */
const customCertificateAliases = { cert: ["certificate"], key: ["privateKey"] };
const validationShape = { valid: bool(), message: str().optional() };
const csrEntry = obj({
  creationDate: str().optional(),
  csr: str().optional(),
  selfSignedCert: str().optional(),
  csrPubKeyFingerPrint: str(),
  attributes: optionalList(obj({ name: str(), value: str() })),
});
const generatedCsrShape = { csr: str(), selfSignedCert: str().optional() };
const csrPrivateKeyShape = { privateKey: str() };
const messageOnly = obj({ message: str().optional() });

const common = { params: "body", evidence: "inferred", envelope: true } as const;

/**
 * The SSL operations of v4 and v3: `ssl.getCertificate`, `ssl.renewCertificate`,
 * `ssl.getCustom`, `ssl.installCustom`, `ssl.deleteCustom`, `ssl.validateCustom`, `ssl.listCsrs`,
 * `ssl.generateCsr`, `ssl.removeCsr`, `ssl.getCsrPrivateKey`.
 *
 * @example
 * const { valid } = await client.request("v4.ssl.validateCustom", { id: 101, domain: "example.com", certificate: pem });
 */
export const sslEndpoints = defineEndpoints({
  // ---- v4 ----
  "v4.ssl.getCertificate": {
    ...common,
    method: "GET",
    path: "/v4/hosting/domain/ssl",
    request: z.strictObject(siteV4),
    response: envelope(activeCertificateShape),
    source: "INFERRED-L, catalog §1 #17",
    safety: "read",
    summary: "Retrieve the active SSL certificate of a domain",
  },
  "v4.ssl.renewCertificate": {
    ...common,
    method: "POST",
    path: "/v4/hosting/domain/ssl/renew",
    request: z.strictObject(siteV4),
    response: envelope(renewalJobShape),
    source: "INFERRED-L, catalog §1 #18",
    safety: "unsafe",
    summary: "Renew the automatic certificate of a domain (asynchronous job)",
  },
  "v4.ssl.getCustom": {
    ...common,
    method: "GET",
    path: "/v4/hosting/domain/ssl/custom",
    request: z.strictObject(siteV4),
    response: envelope(customCertificateShape, customCertificateAliases),
    source: "INFERRED-L, catalog §1 #19",
    safety: "read",
    summary: "Retrieve the custom certificate and key of a domain",
  },
  "v4.ssl.installCustom": {
    ...common,
    method: "POST",
    path: "/v4/hosting/domain/ssl/custom",
    request: z.strictObject({ ...siteV4, certificate: z.string().min(1), privateKey: z.string().min(1) }),
    response: envelope({}),
    source: "INFERRED-L, catalog §1 #20",
    safety: "idempotent",
    summary: "Install a custom certificate and key for a domain",
  },
  "v4.ssl.deleteCustom": {
    ...common,
    method: "DELETE",
    path: "/v4/hosting/domain/ssl/custom",
    request: z.strictObject(siteV4),
    response: envelope({}),
    source: "INFERRED-L, catalog §1 #21",
    safety: "idempotent",
    summary: "Delete the custom certificate of a domain (back to the automatic one)",
  },
  "v4.ssl.validateCustom": {
    ...common,
    method: "POST",
    path: "/v4/hosting/domain/ssl/custom/validate",
    request: z.strictObject({ ...siteV4, certificate: z.string().min(1) }),
    response: envelope(validationShape),
    source: "INFERRED-L, catalog §1 #22",
    safety: "read",
    summary: "Check that a certificate is currently valid for a domain",
  },
  "v4.ssl.listCsrs": {
    ...common,
    method: "GET",
    path: "/v4/hosting/domain/ssl/csrs",
    request: z.strictObject(siteV4),
    response: envelope({ data: list(csrEntry) }),
    source: "INFERRED-L, catalog §1 #23",
    safety: "read",
    summary: "List the CSRs generated for a domain",
  },
  "v4.ssl.generateCsr": {
    ...common,
    method: "POST",
    path: "/v4/hosting/domain/ssl/csr",
    request: z.strictObject({ ...siteV4, ...csrFields }),
    response: envelope(generatedCsrShape),
    source: "INFERRED-L, catalog §1 #24",
    safety: "unsafe",
    summary: "Generate a key, a CSR and a self-signed certificate for a domain",
  },
  "v4.ssl.removeCsr": {
    ...common,
    method: "DELETE",
    path: "/v4/hosting/domain/ssl/csr",
    request: z.strictObject({ ...siteV4, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope({}),
    source: "INFERRED-L, catalog §1 #25",
    safety: "idempotent",
    summary: "Remove a CSR of a domain",
  },
  "v4.ssl.getCsrPrivateKey": {
    ...common,
    method: "GET",
    path: "/v4/hosting/domain/ssl/csr/private-key",
    request: z.strictObject({ ...siteV4, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope(csrPrivateKeyShape),
    source: "INFERRED-L, catalog §1 #26",
    safety: "read",
    summary: "Retrieve the private key of a CSR",
  },

  // ---- v3: same sub-paths, `id` + `username`, results in `data` ----
  "v3.ssl.getCertificate": {
    ...common,
    method: "GET",
    path: "/v3/hosting/domain/ssl",
    request: z.strictObject(siteV3),
    response: envelope({ data: obj(activeCertificateShape) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "read",
    summary: "Retrieve the active SSL certificate of a domain",
  },
  "v3.ssl.renewCertificate": {
    ...common,
    method: "POST",
    path: "/v3/hosting/domain/ssl/renew",
    request: z.strictObject(siteV3),
    response: envelope({ data: obj(renewalJobShape) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "unsafe",
    summary: "Renew the automatic certificate of a domain (asynchronous job)",
  },
  "v3.ssl.getCustom": {
    ...common,
    method: "GET",
    path: "/v3/hosting/domain/ssl/custom",
    request: z.strictObject(siteV3),
    response: envelope({ data: obj(customCertificateShape, customCertificateAliases) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "read",
    summary: "Retrieve the custom certificate and key of a domain",
  },
  "v3.ssl.installCustom": {
    ...common,
    method: "POST",
    path: "/v3/hosting/domain/ssl/custom",
    request: z.strictObject({ ...siteV3, certificate: z.string().min(1), privateKey: z.string().min(1) }),
    response: envelope({ data: messageOnly.optional() }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "idempotent",
    summary: "Install a custom certificate and key for a domain",
  },
  "v3.ssl.deleteCustom": {
    ...common,
    method: "DELETE",
    path: "/v3/hosting/domain/ssl/custom",
    request: z.strictObject(siteV3),
    response: envelope({ data: messageOnly.optional() }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "idempotent",
    summary: "Delete the custom certificate of a domain (back to the automatic one)",
  },
  "v3.ssl.validateCustom": {
    ...common,
    method: "POST",
    path: "/v3/hosting/domain/ssl/custom/validate",
    request: z.strictObject({ ...siteV3, certificate: z.string().min(1) }),
    response: envelope({ data: obj(validationShape) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "read",
    summary: "Check that a certificate is currently valid for a domain",
  },
  "v3.ssl.listCsrs": {
    ...common,
    method: "GET",
    path: "/v3/hosting/domain/ssl/csrs",
    request: z.strictObject(siteV3),
    response: envelope({ data: list(csrEntry) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "read",
    summary: "List the CSRs generated for a domain",
  },
  "v3.ssl.generateCsr": {
    ...common,
    method: "POST",
    path: "/v3/hosting/domain/ssl/csr",
    request: z.strictObject({ ...siteV3, ...csrFields }),
    response: envelope({ data: obj(generatedCsrShape) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "unsafe",
    summary: "Generate a key, a CSR and a self-signed certificate for a domain",
  },
  "v3.ssl.removeCsr": {
    ...common,
    method: "DELETE",
    path: "/v3/hosting/domain/ssl/csr",
    request: z.strictObject({ ...siteV3, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope({ data: messageOnly.optional() }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "idempotent",
    summary: "Remove a CSR of a domain",
  },
  "v3.ssl.getCsrPrivateKey": {
    ...common,
    method: "GET",
    path: "/v3/hosting/domain/ssl/csr/private-key",
    request: z.strictObject({ ...siteV3, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope({ data: obj(csrPrivateKeyShape) }),
    source: "INFERRED-L, catalog §2 #17-26",
    safety: "read",
    summary: "Retrieve the private key of a CSR",
  },
});

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
import { defineOperations, route } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, list, obj, optionalFields, optionalList, secret, str } from "../schemas";

const siteV4 = { ...hostingV4, domain: domainName };
const siteV3 = { ...hostingV3, domain: domainName };
/**
 * A custom certificate and its private key. The key is marked secret, so no error the client
 * builds repeats it (schemas.ts, `secretFields`); the certificate is public.
 */
const customPair = { certificate: z.string().min(1), privateKey: secret(z.string().min(1)) };

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
const activeCertificateShape = optionalFields({
  status: str(),
  expireAt: str(),
  requestedAt: str(),
  issuer: str(),
  lastError: str().nullable(),
  errorCode: str().nullable(),
});
const renewalJobShape = { jobId: str().optional() };
const customCertificateShape = { cert: str(), key: str() };
/** `certificate`/`privateKey` are the request's names; accept them if a reply uses them. */
const customCertificateAliases = { cert: ["certificate"], key: ["privateKey"] };
const validationShape = { valid: bool(), message: str().optional() };
const csrEntry = obj({
  ...optionalFields({ creationDate: str(), csr: str(), selfSignedCert: str() }),
  csrPubKeyFingerPrint: str(),
  attributes: optionalList(obj({ name: str(), value: str() })),
});
const generatedCsrShape = { csr: str(), selfSignedCert: str().optional() };
const csrPrivateKeyShape = { privateKey: str() };

/**
 * The SSL operations of v4 and v3: `ssl.getCertificate`, `ssl.renewCertificate`,
 * `ssl.getCustom`, `ssl.installCustom`, `ssl.deleteCustom`, `ssl.validateCustom`, `ssl.listCsrs`,
 * `ssl.generateCsr`, `ssl.removeCsr`, `ssl.getCsrPrivateKey`.
 *
 * @example
 * const { valid } = await client.request("v4.ssl.validateCustom", { id: 101, domain: "example.com", certificate: pem });
 */
export const sslOperations = defineOperations({
  "ssl.getCertificate": {
    summary: "Retrieve the active SSL certificate of a domain",
    safety: "read",
    envelope: true,
    request: z.strictObject(siteV4),
    response: envelope(activeCertificateShape),
    v4: route("GET /v4/hosting/domain/ssl", "INFERRED-L, catalog §1 #17"),
    // v3: same sub-paths, `id` + `username`, results in `data`
    v3: route("GET /v3/hosting/domain/ssl", "INFERRED-L, catalog §2 #17-26", { unwrap: true, request: z.strictObject(siteV3) }),
  },
  "ssl.renewCertificate": {
    summary: "Renew the automatic certificate of a domain (asynchronous job)",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject(siteV4),
    response: envelope(renewalJobShape),
    v4: route("POST /v4/hosting/domain/ssl/renew", "INFERRED-L, catalog §1 #18"),
    v3: route("POST /v3/hosting/domain/ssl/renew", "INFERRED-L, catalog §2 #17-26", { unwrap: true, request: z.strictObject(siteV3) }),
  },
  "ssl.getCustom": {
    summary: "Retrieve the custom certificate and key of a domain",
    safety: "read",
    envelope: true,
    request: z.strictObject(siteV4),
    response: envelope(customCertificateShape, customCertificateAliases),
    v4: route("GET /v4/hosting/domain/ssl/custom", "INFERRED-L, catalog §1 #19"),
    v3: route("GET /v3/hosting/domain/ssl/custom", "INFERRED-L, catalog §2 #17-26", { unwrap: true, request: z.strictObject(siteV3) }),
  },
  "ssl.installCustom": {
    summary: "Install a custom certificate and key for a domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...siteV4, ...customPair }),
    response: envelope({}),
    v4: route("POST /v4/hosting/domain/ssl/custom", "INFERRED-L, catalog §1 #20"),
    v3: route("POST /v3/hosting/domain/ssl/custom", "INFERRED-L, catalog §2 #17-26", {
      unwrap: true,
      request: z.strictObject({ ...siteV3, ...customPair }),
    }),
  },
  "ssl.deleteCustom": {
    summary: "Delete the custom certificate of a domain (back to the automatic one)",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject(siteV4),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/domain/ssl/custom", "INFERRED-L, catalog §1 #21"),
    v3: route("DELETE /v3/hosting/domain/ssl/custom", "INFERRED-L, catalog §2 #17-26", { unwrap: true, request: z.strictObject(siteV3) }),
  },
  "ssl.validateCustom": {
    summary: "Check that a certificate is currently valid for a domain",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...siteV4, certificate: z.string().min(1) }),
    response: envelope(validationShape),
    v4: route("POST /v4/hosting/domain/ssl/custom/validate", "INFERRED-L, catalog §1 #22"),
    v3: route("POST /v3/hosting/domain/ssl/custom/validate", "INFERRED-L, catalog §2 #17-26", {
      unwrap: true,
      request: z.strictObject({ ...siteV3, certificate: z.string().min(1) }),
    }),
  },
  "ssl.listCsrs": {
    summary: "List the CSRs generated for a domain",
    safety: "read",
    envelope: true,
    request: z.strictObject(siteV4),
    response: envelope({ data: list(csrEntry) }),
    v4: route("GET /v4/hosting/domain/ssl/csrs", "INFERRED-L, catalog §1 #23"),
    v3: route("GET /v3/hosting/domain/ssl/csrs", "INFERRED-L, catalog §2 #17-26", { request: z.strictObject(siteV3) }),
  },
  "ssl.generateCsr": {
    summary: "Generate a key, a CSR and a self-signed certificate for a domain",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...siteV4, ...csrFields }),
    response: envelope(generatedCsrShape),
    v4: route("POST /v4/hosting/domain/ssl/csr", "INFERRED-L, catalog §1 #24"),
    v3: route("POST /v3/hosting/domain/ssl/csr", "INFERRED-L, catalog §2 #17-26", {
      unwrap: true,
      request: z.strictObject({ ...siteV3, ...csrFields }),
    }),
  },
  "ssl.removeCsr": {
    summary: "Remove a CSR of a domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...siteV4, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/domain/ssl/csr", "INFERRED-L, catalog §1 #25"),
    v3: route("DELETE /v3/hosting/domain/ssl/csr", "INFERRED-L, catalog §2 #17-26", {
      unwrap: true,
      request: z.strictObject({ ...siteV3, csrPubKeyFingerPrint: z.string().min(1) }),
    }),
  },
  "ssl.getCsrPrivateKey": {
    summary: "Retrieve the private key of a CSR",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...siteV4, csrPubKeyFingerPrint: z.string().min(1) }),
    response: envelope(csrPrivateKeyShape),
    v4: route("GET /v4/hosting/domain/ssl/csr/private-key", "INFERRED-L, catalog §1 #26"),
    v3: route("GET /v3/hosting/domain/ssl/csr/private-key", "INFERRED-L, catalog §2 #17-26", {
      unwrap: true,
      request: z.strictObject({ ...siteV3, csrPubKeyFingerPrint: z.string().min(1) }),
    }),
  },
});

/**
 * SSL in the simulator: the automatic certificate of each domain of a hosting account, custom
 * certificates checked with real X.509 parsing (`node:crypto`), and real CSRs (`node-forge`).
 *
 * v4 and v3 share one function per operation; the core wraps v3 replies in `data` where the
 * table's rows say so (legacy document, difference 3).
 */
import { X509Certificate } from "node:crypto";
import type { CsrState, HostingState, SimState, SslState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { certificateIssuerName, certificateProblem, generateCsr as buildCsr, generateSelfSigned } from "../x509";
import { asciiDomain, DEMO_HOSTING } from "./shared";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Validity of the automatic certificates, as Let's Encrypt issues them. */
const AUTO_VALIDITY_DAYS = 90;

/**
 * A fresh automatic certificate record: issued 30 days before `now` and valid 90 days, the
 * middle of a Let's Encrypt lifetime, so it neither looks new nor close to expiry.
 */
export function automaticCertificate(now: Date): SslState {
  const requested = new Date(now.getTime() - 30 * DAY_MS);
  return {
    status: "active",
    requestedAt: requested.toISOString(),
    expireAt: new Date(requested.getTime() + AUTO_VALIDITY_DAYS * DAY_MS).toISOString(),
    issuer: "Let's Encrypt",
    lastError: null,
    errorCode: null,
    csrs: [],
  };
}

interface Site {
  hosting: HostingState;
  domain: string;
  ssl: SslState;
}

/**
 * The hosting account, domain and SSL record a request addresses. The domain must be attached
 * to the account or be a subdomain of an attached domain (the Validate operation speaks of a
 * "fully qualified" domain). The automatic certificate record is created on first use: every
 * domain of a hosting account gets one.
 */
function siteOf(ctx: SimContext<{ id: number; domain: string }>): Site {
  const hosting = ctx.hosting();
  const domain = asciiDomain(ctx.params.domain);
  if (!hosting.domains.some((d) => domain === d || domain.endsWith(`.${d}`))) {
    throw new SimError(404, `Domain ${domain} is not attached to hosting account ${hosting.id}`);
  }
  const ssl = (hosting.ssl[domain] ??= automaticCertificate(ctx.now()));
  return { hosting, domain, ssl };
}

/** The active certificate: the custom one when installed, the automatic one otherwise. */
function getCertificate(ctx: OpContext<"ssl.getCertificate">) {
  const { ssl } = siteOf(ctx);
  if (ssl.custom) {
    const cert = new X509Certificate(ssl.custom.cert);
    const expireAt = new Date(cert.validTo);
    return {
      status: expireAt.getTime() < ctx.now().getTime() ? "expired" : "active",
      expireAt: expireAt.toISOString(),
      requestedAt: ssl.custom.installedAt ?? new Date(cert.validFrom).toISOString(),
      issuer: certificateIssuerName(cert),
      lastError: null,
      errorCode: null,
    };
  }
  const expired = new Date(ssl.expireAt).getTime() < ctx.now().getTime();
  return {
    status: expired ? "expired" : ssl.status,
    expireAt: ssl.expireAt,
    requestedAt: ssl.requestedAt,
    issuer: ssl.issuer,
    lastError: ssl.lastError,
    errorCode: ssl.errorCode,
  };
}

/**
 * Renews the automatic certificate. The API acknowledges with a job id and works in the
 * background (v4 document, Events); the simulator completes the job at once, so the next read
 * shows the new dates.
 */
function renewCertificate(ctx: OpContext<"ssl.renewCertificate">) {
  const { ssl } = siteOf(ctx);
  const now = ctx.now();
  const jobId = `ssl-renew-${ctx.nextId("sslJob")}`;
  Object.assign(ssl, {
    status: "active",
    requestedAt: now.toISOString(),
    expireAt: new Date(now.getTime() + AUTO_VALIDITY_DAYS * DAY_MS).toISOString(),
    lastError: null,
    errorCode: null,
    lastJobId: jobId,
  });
  return { jobId };
}

function getCustom(ctx: OpContext<"ssl.getCustom">) {
  const { domain, ssl } = siteOf(ctx);
  if (!ssl.custom) throw new SimError(404, `No custom certificate is installed for ${domain}`);
  return { cert: ssl.custom.cert, key: ssl.custom.key };
}

/**
 * Installs a custom certificate after the checks a web server would make: a real certificate and
 * key, the key matching the certificate, the domain named by the subject CN or a SAN (a wildcard
 * covers one label), and the current date inside the validity period.
 */
function installCustom(ctx: OpContext<"ssl.installCustom">) {
  const { domain, ssl } = siteOf(ctx);
  const { certificate, privateKey } = ctx.params;
  const problem = certificateProblem({ certificate, privateKey, domain, now: ctx.now() });
  if (problem) throw new SimError(400, `Cannot install the certificate for ${domain}: ${problem}`);
  ssl.custom = { cert: certificate, key: privateKey, installedAt: ctx.now().toISOString() };
  return { message: `Custom certificate installed for ${domain}` };
}

function deleteCustom(ctx: OpContext<"ssl.deleteCustom">) {
  const { domain, ssl } = siteOf(ctx);
  if (!ssl.custom) throw new SimError(404, `No custom certificate is installed for ${domain}`);
  delete ssl.custom;
  return { message: `Custom certificate of ${domain} deleted; the automatic certificate is used again` };
}

/** The install checks without a key: `valid`, and the reason in `message` when it is not. */
function validateCustom(ctx: OpContext<"ssl.validateCustom">) {
  const { domain } = siteOf(ctx);
  const problem = certificateProblem({ certificate: ctx.params.certificate, domain, now: ctx.now() });
  return problem ? { valid: false, message: problem } : { valid: true };
}

/** CSR entries as listed: everything but the private key, which has its own operation. */
function listCsrs(ctx: OpContext<"ssl.listCsrs">) {
  const { ssl } = siteOf(ctx);
  return {
    data: ssl.csrs.map(({ creationDate, csr, selfSignedCert, csrPubKeyFingerPrint, attributes }) => ({
      creationDate,
      csr,
      selfSignedCert,
      csrPubKeyFingerPrint,
      attributes,
    })),
  };
}

function generateCsr(ctx: OpContext<"ssl.generateCsr">) {
  const { domain, ssl } = siteOf(ctx);
  const p = ctx.params;
  const entry = csrEntry(
    domain,
    {
      countryCode: p.countryCode,
      state: p.state,
      localityName: p.localityName,
      organizationName: p.organizationName,
      organizationUnitName: p.organizationUnitName,
      email: p.email,
    },
    ctx.now(),
  );
  ssl.csrs.push(entry);
  return { csr: entry.csr, selfSignedCert: entry.selfSignedCert };
}

function csrEntry(domain: string, fields: Omit<Parameters<typeof buildCsr>[0], "commonName">, now: Date): CsrState {
  const generated = buildCsr({ commonName: domain, ...fields }, { now });
  return {
    creationDate: now.toISOString(),
    csr: generated.csr,
    selfSignedCert: generated.selfSignedCert,
    privateKey: generated.key,
    csrPubKeyFingerPrint: generated.fingerprint,
    attributes: generated.attributes,
  };
}

/** The CSR with a fingerprint, compared without case and `:` separators. */
function findCsr(ctx: OpContext<"ssl.removeCsr" | "ssl.getCsrPrivateKey">): { site: Site; index: number } {
  const site = siteOf(ctx);
  const wanted = ctx.params.csrPubKeyFingerPrint.toLowerCase().replace(/:/g, "");
  const index = site.ssl.csrs.findIndex((c) => c.csrPubKeyFingerPrint === wanted);
  if (index < 0) throw new SimError(404, `No CSR with fingerprint ${ctx.params.csrPubKeyFingerPrint} for ${site.domain}`);
  return { site, index };
}

function removeCsr(ctx: OpContext<"ssl.removeCsr">) {
  const { site, index } = findCsr(ctx);
  site.ssl.csrs.splice(index, 1);
  return { message: `CSR removed from ${site.domain}` };
}

function getCsrPrivateKey(ctx: OpContext<"ssl.getCsrPrivateKey">) {
  const { site, index } = findCsr(ctx);
  return { privateKey: site.ssl.csrs[index]!.privateKey };
}

// ---- samples (demo seed: hosting 101 `agencyde` holds agency-demo.com) ----

const DEMO_DOMAIN = "agency-demo.com";

function demoSsl(state: SimState): SslState {
  const hosting = state.hostings["101"]!;
  return (hosting.ssl[DEMO_DOMAIN] ??= automaticCertificate(new Date()));
}

function withCustom(state: SimState): void {
  const ssl = demoSsl(state);
  if (!ssl.custom) {
    const { cert, key } = generateSelfSigned({ commonName: DEMO_DOMAIN, altNames: [DEMO_DOMAIN, `www.${DEMO_DOMAIN}`] });
    ssl.custom = { cert, key, installedAt: new Date().toISOString() };
  }
}

const CSR_FIELDS = {
  countryCode: "CA",
  state: "QC",
  localityName: "Montreal",
  organizationName: "Agency Demo",
  organizationUnitName: "Web",
  email: "admin@agency-demo.com",
};

/** The fingerprint of a CSR of the demo domain, generating one first if there is none. */
function withCsr(state: SimState): { csrPubKeyFingerPrint: string } {
  const ssl = demoSsl(state);
  if (ssl.csrs.length === 0) ssl.csrs.push(csrEntry(DEMO_DOMAIN, CSR_FIELDS, new Date()));
  return { csrPubKeyFingerPrint: ssl.csrs[0]!.csrPubKeyFingerPrint };
}

const site4 = { id: 101, domain: DEMO_DOMAIN };
const site3 = { ...DEMO_HOSTING.v3, ...site4 };

function samplesFor(site: Record<string, unknown>, version: "v4" | "v3"): SimArea["samples"] {
  return {
    [`${version}.ssl.getCertificate`]: () => ({ ...site }),
    [`${version}.ssl.renewCertificate`]: () => ({ ...site }),
    [`${version}.ssl.getCustom`]: (state) => (withCustom(state), { ...site }),
    [`${version}.ssl.installCustom`]: () => {
      const { cert, key } = generateSelfSigned({ commonName: DEMO_DOMAIN });
      return { ...site, certificate: cert, privateKey: key };
    },
    [`${version}.ssl.deleteCustom`]: (state) => (withCustom(state), { ...site }),
    [`${version}.ssl.validateCustom`]: () => ({ ...site, certificate: generateSelfSigned({ commonName: DEMO_DOMAIN }).cert }),
    [`${version}.ssl.listCsrs`]: () => ({ ...site }),
    [`${version}.ssl.generateCsr`]: () => ({ ...site, ...CSR_FIELDS }),
    [`${version}.ssl.removeCsr`]: (state) => ({ ...site, ...withCsr(state) }),
    [`${version}.ssl.getCsrPrivateKey`]: (state) => ({ ...site, ...withCsr(state) }),
  };
}

/** The SSL area of the simulator: handlers and demo-seed samples for every `ssl.*` operation. */
export const sslArea: SimArea = {
  name: "ssl",
  handlers: {
    "ssl.getCertificate": getCertificate,
    "ssl.renewCertificate": renewCertificate,
    "ssl.getCustom": getCustom,
    "ssl.installCustom": installCustom,
    "ssl.deleteCustom": deleteCustom,
    "ssl.validateCustom": validateCustom,
    "ssl.listCsrs": listCsrs,
    "ssl.generateCsr": generateCsr,
    "ssl.removeCsr": removeCsr,
    "ssl.getCsrPrivateKey": getCsrPrivateKey,
  },
  samples: { ...samplesFor(site4, "v4"), ...samplesFor(site3, "v3") },
};

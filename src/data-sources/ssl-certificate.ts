/**
 * `getSslCertificate`: the status of the certificate a domain serves, automatic or custom
 * (`ssl.getCertificate`, v4 and v3, INFERRED-L, catalog §1 #17 and §2 #17-26; v2 has no SSL operations).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, domainArg, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getSslCertificate}.
 */
export interface GetSslCertificateArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** A domain attached to the hosting account. */
  domain: string;
}

/**
 * Arguments of {@link getSslCertificateOutput}.
 */
export type GetSslCertificateOutputArgs = OutputArgs<GetSslCertificateArgs>;

/**
 * Status of a domain's certificate.
 *
 * @example
 * const { status, expireAt } = await getSslCertificate({ hostingId: 101, domain: "agency-demo.com" });
 */
export interface GetSslCertificateResult {
  /** The hosting account read. */
  hostingId: number;
  /** The domain read. */
  domain: string;
  /** As the API reports it; the v4 document lists no values (the simulator answers `active` or `expired`). */
  status?: string;
  /** Expiry instant (`expireAt`). */
  expireAt?: string;
  /** When the certificate was requested or installed (`requestedAt`). */
  requestedAt?: string;
  /** Issuer name. */
  issuer?: string;
  /** Last issuance error, if any (`lastError`). */
  lastError?: string;
  /** Code of the last issuance error (`errorCode`). */
  errorCode?: string;
}

const source = defineDataSource<GetSslCertificateArgs, GetSslCertificateArgs, GetSslCertificateResult>({
  name: "getSslCertificate",
  args: z.strictObject({ hostingId: hostingIdArg, domain: domainArg }),
  operations: () => ["ssl.getCertificate"],
  run: async (call, a) => {
    const c = await call.hostingRequest("ssl.getCertificate", a.hostingId, { domain: a.domain });
    return {
      hostingId: a.hostingId,
      domain: a.domain,
      status: c.status,
      expireAt: c.expireAt,
      requestedAt: c.requestedAt,
      issuer: c.issuer,
      lastError: c.lastError ?? undefined,
      errorCode: c.errorCode ?? undefined,
    };
  },
});

/**
 * Reads the status of the certificate a domain serves (v4 and v3).
 *
 * @example
 * import { getSslCertificate } from "pulumi-hosting-reseller";
 * const cert = await getSslCertificate({ hostingId: 101, domain: "agency-demo.com" });
 * const daysLeft = (Date.parse(cert.expireAt ?? "") - Date.now()) / 86_400_000;
 */
export function getSslCertificate(args: GetSslCertificateArgs): Promise<GetSslCertificateResult> {
  return source.get(args);
}

/**
 * {@link getSslCertificate} as a `pulumi.Output`.
 *
 * @example
 * export const certificateExpiry = getSslCertificateOutput({ hostingId: 101, domain: "agency-demo.com" }).expireAt;
 */
export function getSslCertificateOutput(
  args: GetSslCertificateOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetSslCertificateResult> {
  return source.output(args, opts);
}

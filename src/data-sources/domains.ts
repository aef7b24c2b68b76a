/**
 * `getDomains`: the domains of the reseller account (`domains.list`: v4 SEED, catalog §1 #6; v3
 * CONFIRMED §2 #3; v2 has no listing). The listing names domains in Unicode (`domain_name`) with
 * the ASCII form beside it (`idn_domain_name`); results give both, ASCII as the key.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { normalizeDomain, unicodeDomain } from "../util/names";
import { defineDataSource, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";
import type { OperationReply } from "../client/endpoints";

/**
 * Arguments of {@link getDomains}: only the account.
 */
export type GetDomainsArgs = AccountArgs;

/**
 * Arguments of {@link getDomainsOutput}: only the account.
 */
export type GetDomainsOutputArgs = OutputArgs<GetDomainsArgs>;

/**
 * One active domain of the account.
 *
 * @example
 * const first: AccountDomain = (await getDomains()).domains[0]!;
 */
export interface AccountDomain {
  /** ASCII (punycode) form, lower case: what every other operation takes. */
  domain: string;
  /** Unicode display form (`café.com`); equal to `domain` for ASCII names. */
  unicodeDomain: string;
  /** Nameservers in order, empty slots left out. */
  nameservers: string[];
  /** Registration date, `YYYY-MM-DD`. */
  registrationDate?: string;
  /** Next invoice (renewal) date, `YYYY-MM-DD`. */
  nextInvoiceDate?: string;
  /** Registration period in years (`registration_period_in_years`). */
  periodYears?: number;
  /** Whether the registrar lock is on (`registry_lock`). */
  registryLock?: boolean;
  /** Whether WHOIS privacy is on. */
  idProtection?: boolean;
  /** Whether the domain renews automatically. */
  renewEnabled?: boolean;
}

/**
 * The account's domains.
 *
 * @example
 * const { domains } = await getDomains();
 */
export interface GetDomainsResult {
  /** Active domains as the API counts them (`num_active_domains`). */
  activeCount?: number;
  /** The active domains of the account. */
  domains: AccountDomain[];
}

type Entry = OperationReply<"domains.list">["active_domains"][number];

function asciiOf(entry: Entry): string {
  const raw = entry.idn_domain_name || entry.domain_name;
  const normal = normalizeDomain(raw);
  // A listing entry the normalizer rejects is still the API's name for it: keep it as given.
  return normal.ok ? normal.value : raw;
}

const source = defineDataSource<GetDomainsArgs, Record<string, never>, GetDomainsResult>({
  name: "getDomains",
  args: z.strictObject({}),
  operations: () => ["domains.list"],
  run: async (call) => {
    const r = await call.request("domains.list", {});
    return {
      activeCount: r.num_active_domains,
      domains: r.active_domains.map((d) => {
        const domain = asciiOf(d);
        return {
          domain,
          unicodeDomain: unicodeDomain(domain),
          nameservers: [d.nameservers?.ns1, d.nameservers?.ns2, d.nameservers?.ns3].filter((n): n is string => !!n),
          registrationDate: d.registration_date,
          nextInvoiceDate: d.next_invoice_date,
          periodYears: d.registration_period_in_years,
          registryLock: d.registry_lock,
          idProtection: d.id_protection,
          renewEnabled: d.renew_enabled,
        };
      }),
    };
  },
});

/**
 * Lists the active domains of the reseller account (v4 and v3).
 *
 * @example
 * import { getDomains } from "pulumi-hosting-reseller";
 * const { domains } = await getDomains();
 * const unlocked = domains.filter((d) => d.registryLock === false).map((d) => d.domain);
 */
export function getDomains(args: GetDomainsArgs = {}): Promise<GetDomainsResult> {
  return source.get(args);
}

/**
 * {@link getDomains} as a `pulumi.Output`.
 *
 * @example
 * export const domainNames = getDomainsOutput().apply((r) => r.domains.map((d) => d.domain));
 */
export function getDomainsOutput(args: GetDomainsOutputArgs = {}, opts?: DataSourceOutputOptions): pulumi.Output<GetDomainsResult> {
  return source.output(args, opts);
}

/**
 * `getHostingAccounts`: the hosting accounts of the reseller, from every listing the configured
 * version has. v4 and v3 list all hosting accounts (`hosting.listAccounts`: v3 CONFIRMED, catalog §4.1;
 * v4 UNKNOWN, §1 #5) and the World sub-accounts (`hosting.listWorldAccounts`: v4 INFERRED-M §1 #4, v3 CONFIRMED §2 #12); v2 has only
 * the World listing (`/world-api/get-accounts`, catalog §3), which adds the plan's unallocated
 * resources.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";
import type { OperationReply } from "../client/endpoints";

/**
 * Arguments of {@link getHostingAccounts}: only the account.
 */
export type GetHostingAccountsArgs = AccountArgs;

/**
 * Arguments of {@link getHostingAccountsOutput}: only the account.
 */
export type GetHostingAccountsOutputArgs = OutputArgs<GetHostingAccountsArgs>;

/**
 * CPU cores, memory (GB) and I/O (MB/s) of an account or a plan.
 */
export interface HostingResources {
  /** CPU allocation, as the API counts it (`cpu`). */
  cpu?: number;
  /** Memory allocation, as the API counts it (`mem`). */
  mem?: number;
  /** Disk I/O allocation, as the API counts it (`io`). */
  io?: number;
}

/**
 * One hosting account (v4 and v3 listing).
 *
 * @example
 * const account: HostingAccount = (await getHostingAccounts()).hostingAccounts![0]!;
 */
export interface HostingAccount {
  /** The id every hosting data source and resource takes as `hostingId`. */
  id: number;
  /** The account's system user; v3 sends it with every hosting operation. */
  username: string;
  /** Main domain. */
  domain?: string;
  /** The account's IP address. */
  ip?: string;
  /** Data-centre location, e.g. `CA`, `FR`. */
  location?: string;
  /** `active`, `suspended`, ... */
  status?: string;
  /** The resources allocated to the account. */
  resources?: HostingResources;
  /** Whether the account runs LiteSpeed. */
  litespeed?: boolean;
  /** CMS installed with the account, if any (`cms_name`). */
  cmsName?: string;
  /** Temporary URL, when enabled (`temporary_url`). */
  temporaryUrl?: string;
}

/**
 * One World sub-account.
 *
 * @example
 * const world: WorldAccount = (await getHostingAccounts()).worldAccounts[0]!;
 */
export interface WorldAccount {
  /** The World account id. */
  id: number;
  /** The account's system user. */
  username?: string;
  /** Main domain. */
  domain?: string;
  /** Server host name. */
  hostname?: string;
  /** The account's IP address. */
  ip?: string;
  /** `active`, `suspended`, ... */
  status?: string;
  /** The resources of the World plan allocated to the account. */
  resources?: HostingResources;
}

/**
 * Every listing of the version.
 *
 * @example
 * const { hostingAccounts, worldAccounts } = await getHostingAccounts();
 */
export interface GetHostingAccountsResult {
  /** All hosting accounts; absent on v2, which has no such listing. */
  hostingAccounts?: HostingAccount[];
  /** World sub-accounts. */
  worldAccounts: WorldAccount[];
  /** v2 only: active or suspended World accounts (`nb_active_or_suspended_accounts`). */
  worldAccountCount?: number;
  /** v2 only: resources of the World plan not allocated to any account (`total_available_resources`). */
  worldResourcesAvailable?: HostingResources;
}

type HostingEntry = OperationReply<"hosting.listAccounts">["hosting_accounts"][number];

function resourcesOf(r: HostingEntry["resources"]): HostingResources | undefined {
  return r === undefined ? undefined : { cpu: r.cpu, mem: r.mem, io: r.io };
}

const source = defineDataSource<GetHostingAccountsArgs, Record<string, never>, GetHostingAccountsResult>({
  name: "getHostingAccounts",
  args: z.strictObject({}),
  operations: () => ["hosting.listWorldAccounts"],
  run: async (call) => {
    const [hostings, worlds] = await Promise.all([
      call.has("hosting.listAccounts") ? call.request("hosting.listAccounts", {}) : undefined,
      call.request("hosting.listWorldAccounts", {}),
    ]);
    return {
      hostingAccounts: hostings?.hosting_accounts.map((h) => ({
        id: h.id,
        username: h.username,
        domain: h.domain,
        ip: h.ip,
        location: h.location,
        status: h.status,
        resources: resourcesOf(h.resources),
        litespeed: h.litespeed,
        cmsName: h.cms_name ?? undefined,
        temporaryUrl: h.temporary_url ?? undefined,
      })),
      worldAccounts: worlds.world_accounts.map((w) => ({
        id: w.id,
        username: w.username,
        domain: w.domain,
        hostname: w.hostname,
        ip: w.ip,
        status: w.status,
        resources: resourcesOf(w.resources),
      })),
      worldAccountCount: worlds.nb_active_or_suspended_accounts,
      worldResourcesAvailable: resourcesOf(worlds.total_available_resources),
    };
  },
});

/**
 * Lists the reseller's hosting accounts and World sub-accounts.
 *
 * @example
 * import { getHostingAccounts } from "pulumi-hosting-reseller";
 * const { hostingAccounts } = await getHostingAccounts();
 * const site = hostingAccounts?.find((h) => h.domain === "agency-demo.com");
 */
export function getHostingAccounts(args: GetHostingAccountsArgs = {}): Promise<GetHostingAccountsResult> {
  return source.get(args);
}

/**
 * {@link getHostingAccounts} as a `pulumi.Output`.
 *
 * @example
 * export const hostingIds = getHostingAccountsOutput().apply((r) => (r.hostingAccounts ?? []).map((h) => h.id));
 */
export function getHostingAccountsOutput(
  args: GetHostingAccountsOutputArgs = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetHostingAccountsResult> {
  return source.output(args, opts);
}

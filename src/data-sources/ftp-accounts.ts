/**
 * `getFtpAccounts`: the FTP accounts of a hosting account (`ftp.listAccounts`: v3 CONFIRMED at
 * the singular path `/v3/hosting/ftp`, catalog §4.1 and §7.7 #4; v4 INFERRED-M
 * §1 #64; v2 CONFIRMED §3 #28). Account
 * user names have the form `user@domain` (catalog §1 #67); results split them.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getFtpAccounts}.
 */
export interface GetFtpAccountsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getFtpAccountsOutput}.
 */
export type GetFtpAccountsOutputArgs = OutputArgs<GetFtpAccountsArgs>;

/**
 * One FTP account.
 *
 * @example
 * const deploy: FtpAccountInfo = (await getFtpAccounts({ hostingId: 101 })).accounts[0]!;
 */
export interface FtpAccountInfo {
  /** The API's id of the FTP account. */
  id?: number;
  /** Full login, `user@domain`. */
  username: string;
  /** The part before `@`, as `FtpAccount` takes it (`ftpUser`). */
  ftpUser: string;
  /** The part after `@`. */
  domain?: string;
  /** Home directory of the account, e.g. `/public_html`. */
  path?: string;
}

/**
 * The FTP accounts of a hosting account.
 *
 * @example
 * const { accounts } = await getFtpAccounts({ hostingId: 101 });
 */
export interface GetFtpAccountsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The FTP accounts. */
  accounts: FtpAccountInfo[];
}

const source = defineDataSource<GetFtpAccountsArgs, GetFtpAccountsArgs, GetFtpAccountsResult>({
  name: "getFtpAccounts",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["ftp.listAccounts"],
  run: async (call, a) => {
    const entries = (await call.hostingRequest("ftp.listAccounts", a.hostingId)).data;
    return {
      hostingId: a.hostingId,
      accounts: entries.map((e) => {
        const at = e.username.lastIndexOf("@");
        return {
          id: e.id,
          username: e.username,
          ftpUser: at < 0 ? e.username : e.username.slice(0, at),
          domain: at < 0 ? undefined : e.username.slice(at + 1),
          path: e.path,
        };
      }),
    };
  },
});

/**
 * Lists the FTP accounts of a hosting account.
 *
 * @example
 * import { getFtpAccounts } from "pulumi-hosting-reseller";
 * const { accounts } = await getFtpAccounts({ hostingId: 101 });
 * for (const a of accounts) console.log(a.username, a.path);
 */
export function getFtpAccounts(args: GetFtpAccountsArgs): Promise<GetFtpAccountsResult> {
  return source.get(args);
}

/**
 * {@link getFtpAccounts} as a `pulumi.Output`.
 *
 * @example
 * export const ftpLogins = getFtpAccountsOutput({ hostingId: 101 }).apply((r) => r.accounts.map((a) => a.username));
 */
export function getFtpAccountsOutput(args: GetFtpAccountsOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetFtpAccountsResult> {
  return source.output(args, opts);
}

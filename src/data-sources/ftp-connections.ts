/**
 * `getFtpConnections`: the FTP sessions open on a hosting account right now
 * (`ftp.listConnections`: v2 CONFIRMED, catalog §3 #33; v4 and v3 INFERRED-L, §1 #68). v4 lists them under
 * `activeConnections`, v3 and v2 under `data`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, numberOf, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getFtpConnections}.
 */
export interface GetFtpConnectionsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getFtpConnectionsOutput}.
 */
export type GetFtpConnectionsOutputArgs = OutputArgs<GetFtpConnectionsArgs>;

/**
 * One open FTP session.
 *
 * @example
 * const session: FtpConnection = (await getFtpConnections({ hostingId: 101 })).connections[0]!;
 */
export interface FtpConnection {
  /** Server process id. */
  pid?: string;
  /** The FTP login (`user@domain`). */
  account?: string;
  /** Seconds since the session started (`time`). */
  seconds?: number;
  /** Session state as the FTP server reports it, e.g. `IDLE`. */
  state?: string;
  /** Client address (`host`). */
  clientHost?: string;
  /** Server address (`localhost`). */
  localHost?: string;
  /** Server port (`localport`). */
  localPort?: number;
}

/**
 * The open FTP sessions of a hosting account.
 *
 * @example
 * const { connections } = await getFtpConnections({ hostingId: 101 });
 */
export interface GetFtpConnectionsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The open sessions, one per connected client. */
  connections: FtpConnection[];
}

const source = defineDataSource<GetFtpConnectionsArgs, GetFtpConnectionsArgs, GetFtpConnectionsResult>({
  name: "getFtpConnections",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["ftp.listConnections"],
  run: async (call, a) => {
    const reply = await call.hostingRequest("ftp.listConnections", a.hostingId);
    return {
      hostingId: a.hostingId,
      connections: reply.activeConnections.map((c) => ({
        pid: c.pid,
        account: c.account,
        seconds: c.time,
        state: c.state,
        clientHost: c.host,
        localHost: c.localhost,
        localPort: numberOf(c.localport),
      })),
    };
  },
});

/**
 * Lists the FTP sessions open on a hosting account.
 *
 * @example
 * import { getFtpConnections } from "pulumi-hosting-reseller";
 * const { connections } = await getFtpConnections({ hostingId: 101 });
 * console.log(`${connections.length} FTP session(s) open`);
 */
export function getFtpConnections(args: GetFtpConnectionsArgs): Promise<GetFtpConnectionsResult> {
  return source.get(args);
}

/**
 * {@link getFtpConnections} as a `pulumi.Output`.
 *
 * @example
 * export const ftpSessions = getFtpConnectionsOutput({ hostingId: 101 }).connections;
 */
export function getFtpConnectionsOutput(
  args: GetFtpConnectionsOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetFtpConnectionsResult> {
  return source.output(args, opts);
}

/**
 * `getNodejsApplications`: the Node.js applications set up on a hosting account
 * (`nodejs.listApplications`, v4 and v3, INFERRED-L, catalog §1 #40; v2 has none). The field
 * names of an entry are the client's (the v4 document hides them; see `nodejsApplication`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";

/**
 * Arguments of {@link getNodejsApplications}.
 */
export interface GetNodejsApplicationsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
}

/**
 * Arguments of {@link getNodejsApplicationsOutput}.
 */
export type GetNodejsApplicationsOutputArgs = OutputArgs<GetNodejsApplicationsArgs>;

/**
 * One Node.js application.
 *
 * @example
 * const app: NodejsApplication = (await getNodejsApplications({ hostingId: 101 })).applications[0]!;
 */
export interface NodejsApplication {
  /** Application directory, relative to the home directory (`apps/api`). */
  appRoot?: string;
  /** Node.js major version it runs on. */
  version?: string;
  /** URI it answers at, under `domain`. */
  uri?: string;
  /** Domain the application answers on. */
  domain?: string;
  /** Entry script (`server.js`). */
  startupFile?: string;
  /** As the platform reports it, e.g. `started`. */
  status?: string;
  /** Activation script of the application's virtual environment. */
  virtualenvPath?: string;
}

/**
 * The Node.js applications of a hosting account.
 *
 * @example
 * const { applications } = await getNodejsApplications({ hostingId: 101 });
 */
export interface GetNodejsApplicationsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The applications. */
  applications: NodejsApplication[];
}

const source = defineDataSource<GetNodejsApplicationsArgs, GetNodejsApplicationsArgs, GetNodejsApplicationsResult>({
  name: "getNodejsApplications",
  args: z.strictObject({ hostingId: hostingIdArg }),
  operations: () => ["nodejs.listApplications"],
  run: async (call, a) => {
    const apps = (await call.hostingRequest("nodejs.listApplications", a.hostingId)).data;
    return {
      hostingId: a.hostingId,
      applications: apps.map((app) => ({
        appRoot: app.appRoot,
        version: app.version,
        uri: app.uri,
        domain: app.domain,
        startupFile: app.startupFile,
        status: app.status,
        virtualenvPath: app.virtualenvPath,
      })),
    };
  },
});

/**
 * Lists the Node.js applications of a hosting account (v4 and v3).
 *
 * @example
 * import { getNodejsApplications } from "pulumi-hosting-reseller";
 * const { applications } = await getNodejsApplications({ hostingId: 101 });
 * const stopped = applications.filter((a) => a.status !== "started");
 */
export function getNodejsApplications(args: GetNodejsApplicationsArgs): Promise<GetNodejsApplicationsResult> {
  return source.get(args);
}

/**
 * {@link getNodejsApplications} as a `pulumi.Output`.
 *
 * @example
 * export const apps = getNodejsApplicationsOutput({ hostingId: 101 }).applications;
 */
export function getNodejsApplicationsOutput(
  args: GetNodejsApplicationsOutputArgs,
  opts?: DataSourceOutputOptions,
): pulumi.Output<GetNodejsApplicationsResult> {
  return source.output(args, opts);
}

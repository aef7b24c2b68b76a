/**
 * The endpoint table: every operation of v4, v3 and v2, one entry each, keyed
 * `"<version>.<area>.<verbNoun>"`. Each area's entries live in their own file; this one merges
 * them. The client derives its methods from it and the simulator routes with it.
 */
import type { OperationParamsByKey, OperationReplyByKey, OperationVersions } from "../../public-types.generated";
import { endpointsOf, type ApiVersion } from "../endpoint";
import { accountOperations } from "./account";
import { hostingOperations } from "./hosting";
import { domainsOperations } from "./domains";
import { dnsOperations } from "./dns";
import { sslOperations } from "./ssl";
import { redirectionsOperations } from "./redirections";
import { phpOperations } from "./php";
import { nodejsOperations } from "./nodejs";
import { databasesOperations } from "./databases";
import { cacheOperations } from "./cache";
import { storageOperations } from "./storage";
import { sshOperations } from "./ssh";
import { ftpOperations } from "./ftp";
import { wafOperations } from "./waf";
import { statsOperations } from "./stats";
import { logsOperations } from "./logs";
import { cronOperations } from "./cron";
import { emailOperations } from "./email";
import { appsOperations } from "./apps";

/**
 * Every operation, one row each, keyed by id (`"dns.getZone"`): summary, safety, request and
 * response schemas, and per version its route.
 *
 * @example
 * import { operations } from "pulumi-hosting-reseller";
 * const row = operations["dns.getZone"];
 * console.log(row.safety, row.v4.path, row.v3.path); // read /v4/hosting/domain/dns-zone /v3/hosting/domain/dns-zone
 */
export const operations = {
  ...accountOperations,
  ...hostingOperations,
  ...domainsOperations,
  ...dnsOperations,
  ...sslOperations,
  ...redirectionsOperations,
  ...phpOperations,
  ...nodejsOperations,
  ...databasesOperations,
  ...cacheOperations,
  ...storageOperations,
  ...sshOperations,
  ...ftpOperations,
  ...wafOperations,
  ...statsOperations,
  ...logsOperations,
  ...cronOperations,
  ...emailOperations,
  ...appsOperations,
};

/**
 * The operation ids, `"dns.getZone"`. This and the types below name the plain types generated from
 * the table (src/public-types.generated.ts, docs/decisions/0041), which test/types checks equal
 * to what the schemas infer, so that the public declarations name no zod type.
 */
export type OperationId = keyof OperationVersions & string;

/**
 * Every operation of every API version.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * const op = endpoints["v4.dns.getZone"];
 * console.log(op.method, op.path, op.evidence); // GET /v4/hosting/domain/dns-zone inferred
 */
export const endpoints = endpointsOf(operations);

export type Endpoints = typeof endpoints;
/** A full endpoint key, `"v4.dns.getZone"`. */
export type EndpointKey = keyof OperationParamsByKey & string;
/** The keys of one version. */
export type VersionKey<V extends ApiVersion> = Extract<EndpointKey, `${V}.${string}`>;

/**
 * The table keys of the versions that serve operation `Id`: `"v4.dns.getZone" | "v3.dns.getZone" | ...`;
 * for a union of ids, every version of each.
 */
export type KeysOf<Id extends OperationId> = Id extends OperationId ? `${OperationVersions[Id]}.${Id}` & EndpointKey : never;
/**
 * What operation `Id` takes, whichever version serves it (a union where versions differ, such as
 * v3's hosting `username`). A misspelt field is a compile error.
 */
export type OperationParams<Id extends OperationId> = OperationParamsByKey[KeysOf<Id>];
/**
 * What operation `Id` answers once the client has parsed it, whichever version serves it: the
 * `data` envelopes of v3 and v2 are already undone.
 */
export type OperationReply<Id extends OperationId> = OperationReplyByKey[KeysOf<Id>];
/**
 * The parameters of hosting operation `Id` beside the hosting address (`id`, and v3's
 * `username`), which the caller adds from `ctx.hosting(...)`.
 */
export type HostedParams<Id extends OperationId> =
  OperationParams<Id> extends infer P ? (P extends unknown ? Omit<P, "id" | "username"> : never) : never;

/**
 * The endpoint table: every operation of v4, v3 and v2, one entry each, keyed
 * `"<version>.<area>.<verbNoun>"`. Each area's entries live in their own file; this one merges
 * them. The client derives its methods from it and the simulator routes with it.
 */
import type { ApiVersion } from "../endpoint";
import { accountEndpoints } from "./account";
import { hostingEndpoints } from "./hosting";
import { domainsEndpoints } from "./domains";
import { dnsEndpoints } from "./dns";
import { sslEndpoints } from "./ssl";
import { redirectionsEndpoints } from "./redirections";
import { phpEndpoints } from "./php";
import { nodejsEndpoints } from "./nodejs";
import { databasesEndpoints } from "./databases";
import { cacheEndpoints } from "./cache";
import { storageEndpoints } from "./storage";
import { sshEndpoints } from "./ssh";
import { ftpEndpoints } from "./ftp";
import { wafEndpoints } from "./waf";
import { statsEndpoints } from "./stats";
import { logsEndpoints } from "./logs";
import { cronEndpoints } from "./cron";
import { emailEndpoints } from "./email";
import { appsEndpoints } from "./apps";

/**
 * Every operation of every API version.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * const op = endpoints["v4.dns.getZone"];
 * console.log(op.method, op.path, op.evidence); // GET /v4/hosting/domain/dns-zone inferred
 */
export const endpoints = {
  ...accountEndpoints,
  ...hostingEndpoints,
  ...domainsEndpoints,
  ...dnsEndpoints,
  ...sslEndpoints,
  ...redirectionsEndpoints,
  ...phpEndpoints,
  ...nodejsEndpoints,
  ...databasesEndpoints,
  ...cacheEndpoints,
  ...storageEndpoints,
  ...sshEndpoints,
  ...ftpEndpoints,
  ...wafEndpoints,
  ...statsEndpoints,
  ...logsEndpoints,
  ...cronEndpoints,
  ...emailEndpoints,
  ...appsEndpoints,
};

export type Endpoints = typeof endpoints;
/** A full endpoint key, `"v4.dns.getZone"`. */
export type EndpointKey = keyof Endpoints & string;
/** The keys of one version. */
export type VersionKey<V extends ApiVersion> = Extract<EndpointKey, `${V}.${string}`>;

/**
 * Every area's handlers, grouped as the endpoint table is. The core routes a request to the
 * handler registered under the endpoint's operation id; test/contract/contract.test.ts checks
 * that every row has one and every one names a row.
 */
import type { SimArea } from "../types";
import { accountArea } from "./account";
import { hostingArea } from "./hosting";
import { domainsArea } from "./domains";
import { dnsArea } from "./dns";
import { sslArea } from "./ssl";
import { redirectionsArea } from "./redirections";
import { phpArea } from "./php";
import { nodejsArea } from "./nodejs";
import { databasesArea } from "./databases";
import { cacheArea } from "./cache";
import { storageArea } from "./storage";
import { sshArea } from "./ssh";
import { ftpArea } from "./ftp";
import { wafArea } from "./waf";
import { statsArea } from "./stats";
import { logsArea } from "./logs";
import { cronArea } from "./cron";
import { emailArea } from "./email";
import { appsArea } from "./apps";

export const areas: readonly SimArea[] = [
  accountArea,
  hostingArea,
  domainsArea,
  dnsArea,
  sslArea,
  redirectionsArea,
  phpArea,
  nodejsArea,
  databasesArea,
  cacheArea,
  storageArea,
  sshArea,
  ftpArea,
  wafArea,
  statsArea,
  logsArea,
  cronArea,
  emailArea,
  appsArea,
];

/**
 * The parsers the inputs' validation and normalization use, each loaded by its first call. A
 * program loads the definitions of the resources it declares with their classes (the classes
 * register what the definitions list), but validation runs in the provider process: loading the
 * parsers there, when a value is first checked, keeps them out of a program's start
 * (docs/decisions/0038).
 */
import type * as CronParser from "cron-parser";
import type IpAddr from "ipaddr.js";
import type * as Tldts from "tldts";
import type * as Tr46 from "tr46";

/**
 * ipaddr.js: addresses and CIDR blocks.
 *
 * @example
 * ipaddr().IPv6.parse("2001:db8::1").toString(); // "2001:db8::1"
 */
export function ipaddr(): typeof IpAddr {
  return require("ipaddr.js") as typeof IpAddr;
}

/**
 * tldts: the public suffix list.
 *
 * @example
 * tldts().parse("www.agency-demo.co.uk").domain; // "agency-demo.co.uk"
 */
export function tldts(): typeof Tldts {
  return require("tldts") as typeof Tldts;
}

/**
 * tr46: UTS #46 mapping of internationalized domain names.
 *
 * @example
 * tr46().toASCII("café.com", { processingOption: "nontransitional" }); // "xn--caf-dma.com"
 */
export function tr46(): typeof Tr46 {
  return require("tr46") as typeof Tr46;
}

/**
 * cron-parser (and luxon, which it loads).
 *
 * @example
 * cronParser().CronExpressionParser.parse("0 3 * * *");
 */
export function cronParser(): typeof CronParser {
  return require("cron-parser") as typeof CronParser;
}

/**
 * The plugin's type tokens (docs/decisions/0025), in a module of their own so that the CLI
 * (`reseller migrate-state`, `reseller generate --import-file`) names them without loading the
 * plugin's provider and its data sources.
 */

/** The package name of every token (`reseller:index:DnsRecordSet`). */
export const PACKAGE = "reseller";
/** The module of every token: the package has one. */
export const MODULE = "index";

/**
 * The token of a resource type or data source.
 *
 * @example
 * tokenOf("DnsRecordSet"); // "reseller:index:DnsRecordSet"
 */
export function tokenOf(name: string): string {
  return `${PACKAGE}:${MODULE}:${name}`;
}

/**
 * The table of the `reseller:*` configuration keys, from the provider's `CONFIG_KEYS`: the one
 * rendering shared by docs/configuration.md (scripts/readme.ts) and the registry's installation
 * page (scripts/lib/registry-docs.ts).
 */
import { CONFIG_KEYS, CONFIG_NAMESPACE } from "../../src/provider/rules/config";

/** A Markdown table cell's text, with its pipes escaped. */
export const escapeCell = (s: string): string => s.replace(/\|/g, "\\|");

/**
 * The configuration keys as a Markdown table: key, environment variable, whether required,
 * whether secret, default and meaning.
 *
 * @example
 * configurationTable().split("\n")[0]; // "| key | environment variable | required | secret | default | meaning |"
 */
export function configurationTable(): string {
  return [
    "| key | environment variable | required | secret | default | meaning |",
    "|---|---|---|---|---|---|",
    ...CONFIG_KEYS.map(
      (k) =>
        `| \`${CONFIG_NAMESPACE}:${k.key}\` | \`${k.env}\` | ${k.required ? "required" : "optional"} | ${k.secret ? "yes" : "no"} | ${k.default !== undefined ? `\`${escapeCell(k.default)}\`` : "none"} | ${escapeCell(k.description)} |`,
    ),
  ].join("\n");
}

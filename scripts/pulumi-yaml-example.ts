/**
 * Writes `Pulumi.yaml.example` from the provider's configuration keys, so the example cannot
 * drift from what the provider reads. A test compares the file with this output.
 *
 * @example
 * npx tsx scripts/pulumi-yaml-example.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIG_KEYS, CONFIG_NAMESPACE } from "../src/provider/config";

function quote(text: string): string {
  return JSON.stringify(text);
}

/**
 * The text of `Pulumi.yaml.example`. The keys go in `template.config` (what `pulumi new` asks
 * for), not in the project's `config` block: Pulumi refuses a project `config` schema (`type`)
 * for keys outside the project's own namespace (pulumi/pulumi#11192), and a project-level value
 * there would shadow the environment variable fallbacks.
 */
export function pulumiYamlExample(): string {
  const lines = [
    "# A Pulumi project using pulumi-hosting-reseller. Copy to Pulumi.yaml and adjust the name.",
    "# `pulumi new` asks for the template config below; set the same keys on an existing stack with",
    "#   pulumi config set reseller:apiUser <user>",
    "#   pulumi config set --secret reseller:apiKey <key>",
    "# Every key can also come from its environment variable (shown in each description).",
    "name: my-hosting",
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    "description: Domains and hosting of a reseller account, managed with pulumi-hosting-reseller",
    "template:",
    "  config:",
  ];
  for (const k of CONFIG_KEYS) {
    lines.push(`    ${CONFIG_NAMESPACE}:${k.key}:`);
    lines.push(`      description: ${quote(`${k.description} (environment: ${k.env})`)}`);
    if (k.default !== undefined) lines.push(`      default: ${quote(k.default)}`);
    if (k.secret) lines.push(`      secret: true`);
  }
  return `${lines.join("\n")}\n`;
}

if (require.main === module) {
  writeFileSync(path.resolve(__dirname, "../Pulumi.yaml.example"), pulumiYamlExample());
}

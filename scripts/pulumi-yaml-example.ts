/**
 * Writes `Pulumi.yaml.example` from the provider's configuration keys, so the example cannot
 * drift from what the provider reads. A test compares the file with this output.
 *
 * @example
 * npx tsx scripts/pulumi-yaml-example.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CONFIG_KEYS, CONFIG_NAMESPACE } from "../src/provider/rules/config";

/**
 * The text of `Pulumi.yaml.example`: a project file, with the provider's keys listed in comments.
 * It has no `template:` block: a new project starts from the template
 * (`templates/reseller-typescript`, which asks for the keys a first run needs). The keys are not
 * in the project's `config` block either: Pulumi refuses a project `config` schema (`type`) for
 * keys outside the project's own namespace (pulumi/pulumi#11192), and a project-level value there
 * would shadow the environment variable fallbacks.
 */
export function pulumiYamlExample(): string {
  const lines = [
    "# A Pulumi project using pulumi-hosting-reseller. Copy to Pulumi.yaml and adjust the name, or start",
    "# a new project from the package's template, which asks for the API user, key and version:",
    "#   pulumi new ./node_modules/pulumi-hosting-reseller/templates/reseller-typescript",
    "# The provider reads these stack config keys, each with an environment variable fallback:",
    "#   pulumi config set reseller:<key> <value>        (pulumi config set --secret for a secret)",
  ];
  for (const k of CONFIG_KEYS) {
    const facts = [
      k.env,
      ...(k.secret ? ["secret: set it with --secret"] : []),
      ...(k.default !== undefined ? [`default ${k.default}`] : []),
    ];
    lines.push(`#   ${CONFIG_NAMESPACE}:${k.key} (${facts.join("; ")}): ${k.description}`);
  }
  lines.push(
    "name: my-hosting",
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    "description: Domains and hosting of a reseller account, managed with pulumi-hosting-reseller",
  );
  return `${lines.join("\n")}\n`;
}

if (require.main === module) {
  writeFileSync(path.resolve(__dirname, "../Pulumi.yaml.example"), pulumiYamlExample());
}

/**
 * The Pulumi Registry pages (docs/registry/) are written from schema.json and the configuration
 * keys by `npm run registry-docs` and committed; these tests keep them in step and check the
 * layout the registry reads.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

import { describe, expect, it } from "vitest";

import { CONFIG_KEYS } from "../../src/provider/rules/config";
import { REGISTRY_DOCS_DIR, registryDocs, type RegistrySchema } from "../../scripts/lib/registry-docs";
import { SCHEMA_PATH } from "../../scripts/lib/schema";

const schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as RegistrySchema;
const fresh = registryDocs(schema);
const committed = (file: string): string => readFileSync(path.join(REGISTRY_DOCS_DIR, file), "utf8");

/** The front matter of a page, as key/value pairs. */
function frontMatter(text: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "";
  return Object.fromEntries(block.split("\n").map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]));
}

describe("docs/registry", () => {
  for (const file of ["_index.md", "installation-configuration.md"]) {
    it(`${file} is what a fresh generation from schema.json writes (run \`npm run registry-docs\` after \`npm run schema\`)`, () => {
      expect(committed(file)).toBe(fresh[file]);
    });
  }

  it("gives the overview the package layout, and an example in TypeScript, Python, Go and YAML", () => {
    const index = fresh["_index.md"]!;
    expect(frontMatter(index)).toMatchObject({ title: schema.displayName, layout: "package" });
    expect(frontMatter(index).meta_desc).toMatch(/\S/);
    for (const language of ["typescript", "python", "go", "yaml"]) {
      expect(index).toContain(`{{% choosable language ${language} %}}\n\n\`\`\`${language}\n`);
    }
    for (const token of [...Object.keys(schema.resources), ...Object.keys(schema.functions)])
      expect(index).toContain(`- \`${token.split(":")[2]}\`: `);
  });

  it("gives the installation page its layout, the install command of a release archive and every configuration key", () => {
    const page = fresh["installation-configuration.md"]!;
    expect(frontMatter(page)).toMatchObject({ layout: "installation" });
    expect(frontMatter(page).title).toContain("Installation & Configuration");
    expect(page).toContain(
      `pulumi plugin install resource reseller ${schema.version} --file pulumi-resource-reseller-v${schema.version}-linux-amd64.tar.gz`,
    );
    for (const sdk of [schema.language.nodejs.packageName, schema.language.python.packageName, schema.language.go.importBasePath])
      expect(page).toContain(sdk);
    for (const k of CONFIG_KEYS) expect(page).toContain(`| \`reseller:${k.key}\` | \`${k.env}\` |`);
  });
});

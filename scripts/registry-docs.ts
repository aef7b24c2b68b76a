/**
 * `npm run registry-docs`: writes the provider's Pulumi Registry pages (`docs/registry/_index.md`,
 * `docs/registry/installation-configuration.md`) from `schema.json` and the configuration keys
 * (scripts/lib/registry-docs.ts). Run it after `npm run schema`; a test fails while a committed
 * page differs.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { REGISTRY_DOCS_DIR, registryDocs, type RegistrySchema } from "./lib/registry-docs";
import { SCHEMA_PATH } from "./lib/schema";

const schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as RegistrySchema;
mkdirSync(REGISTRY_DOCS_DIR, { recursive: true });
for (const [file, text] of Object.entries(registryDocs(schema))) {
  writeFileSync(path.join(REGISTRY_DOCS_DIR, file), text);
  console.log(`wrote ${path.join(REGISTRY_DOCS_DIR, file)}`);
}

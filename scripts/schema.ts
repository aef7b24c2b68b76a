/**
 * `npm run schema [-- --plugin-download-url <url>]`: writes `schema.json`, the provider plugin's
 * package schema, from the package's declarations (scripts/lib/schema.ts). Run it after changing
 * a resource, a data source, an example or a configuration key; a test fails while the committed
 * file differs. The committed schema has no `pluginDownloadURL`; a release build passes one
 * (docs/native-provider.md, "Schema").
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { SCHEMA_PATH, schemaText } from "./lib/schema";

const { values } = parseArgs({ options: { "plugin-download-url": { type: "string" } } });
try {
  writeFileSync(SCHEMA_PATH, schemaText({ pluginDownloadURL: values["plugin-download-url"] }));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
console.log(`wrote ${SCHEMA_PATH}`);

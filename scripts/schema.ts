/**
 * `npm run schema`: writes `schema.json`, the provider plugin's package schema, from the
 * package's declarations (scripts/lib/schema.ts). Run it after changing a resource, a data source
 * or a configuration key; a test fails while the committed file differs.
 */
import { writeFileSync } from "node:fs";
import { SCHEMA_PATH, schemaText } from "./lib/schema";

writeFileSync(SCHEMA_PATH, schemaText());
console.log(`wrote ${SCHEMA_PATH}`);

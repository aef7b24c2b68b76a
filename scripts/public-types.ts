/**
 * `npm run public-types`: writes `src/public-types.generated.ts`, the public types expanded from
 * the zod schemas, and `test/types/public-types.check.ts`, their equality checks
 * (scripts/lib/public-types.ts, docs/decisions/0041). Run it after changing a schema the public
 * types come from; a test fails while the committed files differ.
 */
import { writeFileSync } from "node:fs";
import { publicTypesFiles } from "./lib/public-types";

publicTypesFiles().then(
  (files) => {
    for (const file of files) {
      writeFileSync(file.path, file.text);
      console.log(`wrote ${file.path}`);
    }
  },
  (e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  },
);

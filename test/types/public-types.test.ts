/**
 * The plain public types (src/public-types.generated.ts) and their equality checks
 * (test/types/public-types.check.ts, which `npm run typecheck` compiles) are what
 * `npm run public-types` writes from the schemas today: a schema changed without rerunning it
 * fails here (docs/decisions/0041).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, publicTypesFiles } from "../../scripts/lib/public-types";

describe("the generated public types", () => {
  it("are what npm run public-types writes", async () => {
    for (const file of await publicTypesFiles()) {
      expect(readFileSync(file.path, "utf8"), `${path.relative(ROOT, file.path)}: run npm run public-types`).toBe(file.text);
    }
  }, 120_000);

  it("name no zod module", () => {
    const generated = readFileSync(path.join(ROOT, "src/public-types.generated.ts"), "utf8");
    expect(generated).not.toMatch(/["']zod/);
    expect(generated).not.toMatch(/^import /m);
  });
});

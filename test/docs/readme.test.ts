/**
 * The README's operations table is generated from the endpoint table and must match it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withOperations } from "../../scripts/operations-table";

describe("README", () => {
  it("lists every operation exactly as the endpoint table has it (run npm run ops-table after changing the table)", () => {
    const readme = readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    expect(readme).toBe(withOperations(readme));
  });
});

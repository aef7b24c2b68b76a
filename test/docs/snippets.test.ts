/**
 * The check behind `npm run typecheck` that the TypeScript of the docs compiles: it finds the
 * fenced blocks, and reports a block that does not compile at the line of the markdown.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkSnippets, markdownSnippets } from "../../scripts/doc-snippets";
import { STEP_TIMEOUT } from "../helpers/time";

const out = path.resolve(__dirname, "../../.tmp/doc-snippets-test");

describe("the TypeScript of the docs", () => {
  it("is taken from ts and typescript fences, with the line each starts at, and nothing else", () => {
    const text = ["# Page", "```sh", "npm test", "```", "```ts", "const a = 1;", "```", "", "```typescript", "  const b = 2;", "```"].join(
      "\n",
    );
    expect(markdownSnippets("docs/page.md", text)).toEqual([
      { file: "docs/page.md", line: 6, code: "const a = 1;" },
      { file: "docs/page.md", line: 10, code: "  const b = 2;" },
    ]);
  });

  it(
    "fails a block that does not compile, naming the markdown file and line, and passes one that does",
    () => {
      // Plain TypeScript keeps this test cheap; `npm run typecheck` compiles the real blocks against src/.
      const code = ["type Args = { records: string[] };", "", 'const args: Args = { values: ["192.0.2.1"] };', "console.log(args);"].join(
        "\n",
      );
      const good = code.replace("values:", "records:");
      const errors = checkSnippets(
        [
          { file: "docs/page.md", line: 20, code },
          { file: "docs/other.md", line: 5, code: good },
        ],
        "export {};\n",
        out,
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^docs\/page\.md:22: error TS2353: .*'values' does not exist/);
    },
    STEP_TIMEOUT,
  );
});

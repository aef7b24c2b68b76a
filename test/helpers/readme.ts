import { readFileSync } from "node:fs";
import * as path from "node:path";

import { repositoryRoot } from "../e2e/package";

/**
 * The first TypeScript block under the README's "## Example" heading: the program the README
 * says a test deploys (test/e2e/readme-example.test.ts through the testing toolkit,
 * test/engine/quiet-refresh.test.ts through the CLI).
 */
export function readmeExample(): string {
  const readme = readFileSync(path.join(repositoryRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Example\n"));
  const block = /```ts\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error("README.md has no TypeScript block under ## Example");
  return block[1]!;
}

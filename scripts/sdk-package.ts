/**
 * `npm run sdk:package [-- --sdk <dir>] [--out <dir>]`: makes the Node.js SDK that `npm run sdk --
 * --language nodejs` generated and compiled (default `.tmp/sdk/nodejs`) into the package the
 * release publishes on npm (scripts/lib/sdk.ts, `packNodejsSdk`), packs it with `npm pack` into
 * `--out` (default `.tmp/sdk`) and prints the tarball's path as the last line. `npm run sdk` does
 * the same after checking the Node.js SDK.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "./lib/pulumi-cli";
import { packNodejsSdk } from "./lib/sdk";

function main(): void {
  const { values } = parseArgs({ options: { sdk: { type: "string" }, out: { type: "string" } } });
  const sdk = resolve(values.sdk ?? join(REPO_ROOT, ".tmp", "sdk", "nodejs"));
  const out = resolve(values.out ?? join(REPO_ROOT, ".tmp", "sdk"));
  const packed = packNodejsSdk(sdk, out);
  console.error(`${packed.name}@${packed.version}: ${packed.files} files`);
  console.log(packed.tarball);
}

try {
  main();
} catch (err) {
  console.error(`sdk:package: ${(err as Error).message}`);
  process.exit(1);
}

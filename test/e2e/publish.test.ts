/**
 * What `npm publish` would do with the three packages of the workspace (the package, the
 * simulator and the testing toolkit), from the built tree, without a registry login: npm's own
 * `--dry-run`. npm publishes a manifest it had to correct with no more than a warning ("npm
 * auto-corrected some errors in your package.json"), and a `bin`, `main` or `exports` target
 * missing from the files list only shows once a user installs the package; here either fails
 * the run before a release does.
 *
 * The release workflow (.github/workflows/release.yml) publishes these three with provenance,
 * which the registry accepts only when `repository.url` names the repository the workflow runs in.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { exportTargets, missingTargets } from "../helpers/manifest-targets";
import { builtCli, npm, repositoryRoot } from "./package";

interface Manifest {
  name: string;
  version: string;
  license: string;
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
  repository: { type: string; url: string; directory?: string };
  publishConfig?: { access?: string };
  peerDependencies?: Record<string, string>;
}

/** One package of `npm publish --dry-run --json`, keyed by name in its output. */
interface Published {
  name: string;
  version: string;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

const PACKAGE_DIRS = ["", "packages/simulator", "packages/testing"];
const manifests = PACKAGE_DIRS.map(
  (dir) => [dir, JSON.parse(readFileSync(path.join(repositoryRoot, dir, "package.json"), "utf8")) as Manifest] as const,
);
/** A file this big in a tarball is an accident (an archive, a cache, a bundled binary), not a module. */
const LARGEST_FILE = 1024 * 1024;

let published: Record<string, Published>;
let warnings: string[];

beforeAll(async () => {
  // The same build the other end-to-end tests pack (rebuilt only when `src` is newer).
  await builtCli();
  // --offline: npm's check that the version is not on the registry yet answers "not there" at
  // once, so the test does not fail on main after each release, nor wait on the network.
  // --ignore-scripts: `prepack` would build again what builtCli() just built.
  const { stdout, stderr } = await npm(
    ["publish", "--dry-run", "--json", "--offline", "--ignore-scripts", "--workspaces", "--include-workspace-root"],
    repositoryRoot,
  );
  published = JSON.parse(stdout.slice(stdout.indexOf("{"))) as Record<string, Published>;
  // Without a login npm says so for each package (a dry run only warns); every other warning is a problem.
  warnings = stderr.split("\n").filter((line) => /^npm warn/i.test(line) && !/requires you to be logged in/.test(line));
}, 600_000);

describe("npm publish --dry-run of the three packages", () => {
  it("publishes each manifest as written: npm corrects and warns about nothing", () => {
    expect(warnings).toEqual([]);
    expect(Object.keys(published).sort()).toEqual(manifests.map(([, m]) => m.name).sort());
  });

  it("ships every target of main, types, bin and exports, with the readme and the license", () => {
    for (const [, manifest] of manifests) {
      const files = new Set(published[manifest.name]!.files.map((f) => f.path));
      const targets = ["package.json", "README.md", "LICENSE", manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})]
        .filter((t): t is string => t !== undefined)
        .map((t) => path.posix.normalize(t));
      const missing = missingTargets([...targets, ...exportTargets(manifest.exports)], files);
      expect({ name: manifest.name, missing }).toEqual({ name: manifest.name, missing: [] });
    }
  });

  it("ships the repository's license text in each package", () => {
    const text = readFileSync(path.join(repositoryRoot, "LICENSE"), "utf8");
    for (const [dir] of manifests.slice(1)) expect(readFileSync(path.join(repositoryRoot, dir, "LICENSE"), "utf8")).toBe(text);
  });

  it("holds no file over 1 MiB", () => {
    for (const [, manifest] of manifests) {
      const large = published[manifest.name]!.files.filter((f) => f.size > LARGEST_FILE).map((f) => `${f.path} (${f.size} bytes)`);
      expect({ name: manifest.name, large }).toEqual({ name: manifest.name, large: [] });
    }
  });

  it("releases the three at one version, public, each naming the repository and its folder in it", () => {
    const root = manifests[0]![1];
    for (const [dir, manifest] of manifests) {
      expect(manifest.version).toBe(root.version);
      expect(manifest.license).toBe(root.license);
      expect(manifest.repository).toEqual({ ...root.repository, ...(dir ? { directory: dir } : {}) });
      // A scoped package is private on its first publish unless it says otherwise.
      if (manifest.name.startsWith("@")) expect(manifest.publishConfig?.access).toBe("public");
    }
    expect(root.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    // The package's optional peers are its own workspace packages, at exactly its version.
    for (const [, manifest] of manifests.slice(1)) expect(root.peerDependencies?.[manifest.name]).toBe(root.version);
  });
});

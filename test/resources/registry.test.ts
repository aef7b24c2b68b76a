/**
 * The resource registry (`src/resources/registry.ts`) is the one list everything else derives
 * from; these tests say what was forgotten when a resource is added without it: the folder not
 * registered, no documentation page, no root export, or a class serving another type.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as root from "../../src";
import { types } from "../../src/runtime";
import { ResellerResource, type ResourceClassSpec } from "../../src/provider/program/resource";
import { ADOPT_KEY, runtimeAdopts } from "../../src/provider/lifecycle/takeover";
import { definitions, RESOURCES, resourceFolder } from "../../src/resources/registry";

const REPO = path.resolve(__dirname, "../..");
const RESOURCES_DIR = path.join(REPO, "src/resources");
const DOCS_DIR = path.join(REPO, "docs/resources");

const registered = Object.keys(RESOURCES);
const folders = readdirSync(RESOURCES_DIR).filter((name) => name !== "shared" && statSync(path.join(RESOURCES_DIR, name)).isDirectory());

describe("the resource registry", () => {
  it("lists every resource folder under src/resources, and only those", () => {
    expect(registered.map(resourceFolder).sort()).toEqual([...folders].sort());
  });

  it.each(registered)("%s has its page in docs/resources", (type) => {
    expect(existsSync(path.join(DOCS_DIR, `${resourceFolder(type)}.md`))).toBe(true);
  });

  it("has no page in docs/resources for a resource it does not list", () => {
    const pages = readdirSync(DOCS_DIR)
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.slice(0, -3));
    expect(pages.sort()).toEqual(registered.map(resourceFolder).sort());
  });

  it("is re-exported by src/resources/index.ts one folder a line, in its order", () => {
    const text = readFileSync(path.join(RESOURCES_DIR, "index.ts"), "utf8");
    const exported = [...text.matchAll(/^export \* from "\.\/([a-z-]+)";$/gm)].map((m) => m[1]);
    expect(exported).toEqual(registered.map(resourceFolder));
  });

  it("is what the runtime serves, in its order, and no definition is a root export", () => {
    expect(types).toEqual(registered);
    expect(definitions.map((d) => d.type)).toEqual(registered);
    // Their types are the zod schemas, which the public declarations do not name (docs/decisions/0041).
    expect(Object.keys(root).filter((name) => name === "definitions" || name.endsWith("Definition"))).toEqual([]);
  });

  it.each(registered)("%s is a class of the package's root exports that registers its own type", (type) => {
    const cls = (root as Record<string, unknown>)[type] as { prototype: unknown; spec?: ResourceClassSpec } | undefined;
    expect(cls?.prototype).toBeInstanceOf(ResellerResource);
    expect(cls?.spec?.type).toBe(type);
    // A definition with an identity read also takes the runtime's `adopt` input (provider/lifecycle/takeover.ts).
    const definition = RESOURCES[type as keyof typeof RESOURCES];
    const adopt = runtimeAdopts(definition) ? [ADOPT_KEY] : [];
    expect(cls?.spec?.inputs).toEqual([...Object.keys(definition.inputs), ...adopt]);
  });
});

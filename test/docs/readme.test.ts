/**
 * README.md and docs/: the generated blocks match their sources, the README stays short, every
 * page of docs/ is reachable from the README and from the docs index, and every relative link
 * leads to a file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FILES, PAGES, PENDING_PAGES, renderFile } from "../../scripts/readme";
import { pulumiYamlExample } from "../../scripts/pulumi-yaml-example";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Every markdown file under docs/ (the TypeDoc output in docs/api excepted), relative to the root. */
function docsPages(dir = "docs"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === "docs/api" ? [] : docsPages(rel);
    return entry.name.endsWith(".md") ? [rel] : [];
  });
}

/** The relative link targets of a markdown file, resolved from the root, without anchors. */
function linkTargets(file: string): string[] {
  const text = read(file).replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith("#"))
    .map((href) => path.posix.normalize(path.posix.join(path.posix.dirname(file), href.replace(/#.*$/, ""))));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown file's headings. */
function anchors(file: string): Set<string> {
  const text = read(file).replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

describe("README.md and docs/", () => {
  for (const file of Object.keys(FILES)) {
    it(`${file} holds what its sources say now (run npm run readme)`, () => {
      const text = read(file);
      expect(text).toBe(renderFile(file, text));
    });
  }

  it("keeps the README to at most 250 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(250);
  });

  it("links every page of docs/ from the README and from the docs index", () => {
    const fromReadme = new Set(linkTargets("README.md"));
    const fromIndex = new Set(linkTargets("docs/README.md"));
    const pages = docsPages().filter((page) => page !== "docs/README.md");
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((page) => !fromReadme.has(page))).toEqual([]);
    expect(pages.filter((page) => !fromIndex.has(page))).toEqual([]);
  });

  it("has no relative link to a file that does not exist, but for the pages other changes add", () => {
    const pending = new Set(PENDING_PAGES.map((page) => `docs/${page}`));
    const broken = ["README.md", ...docsPages()].flatMap((file) =>
      linkTargets(file)
        .filter((target) => !existsSync(path.join(root, target)) && !pending.has(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("has no link to a heading that a page does not have", () => {
    const broken = ["README.md", ...docsPages()].flatMap((file) => {
      const text = read(file).replace(/```[\s\S]*?```/g, "");
      return [...text.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
        .filter((m) => !/^[a-z]+:/i.test(m[1]!))
        .map((m) => ({ target: m[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])) : file, anchor: m[2]! }))
        .filter(({ target }) => target.endsWith(".md") && existsSync(path.join(root, target)))
        .filter(({ target, anchor }) => !anchors(target).has(anchor))
        .map(({ target, anchor }) => `${file} -> ${target}#${anchor}`);
    });
    expect(broken).toEqual([]);
  });

  it("lists only pending pages that are pages of the contents list", () => {
    const listed = PAGES.map((page) => page.file);
    expect(PENDING_PAGES.filter((page) => !listed.includes(page))).toEqual([]);
  });
});

describe("Pulumi.yaml.example", () => {
  it("declares every reseller:* key the provider reads, with the API key secret", () => {
    const text = read("Pulumi.yaml.example");
    expect(text).toBe(pulumiYamlExample());
    expect(text).toMatch(/reseller:apiKey:\n(?: {6}.*\n)*? {6}secret: true/);
    expect(text).toMatch(/^template:\n {2}config:\n/m);
    expect(text).not.toMatch(/^config:/m);
    expect(text).toContain("name: nodejs");
  });
});

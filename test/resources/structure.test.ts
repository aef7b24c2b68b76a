/**
 * The resource folders stay independent of one another: what two resources share lives in
 * `src/provider/` or `src/resources/shared/`, so a change to one resource cannot break another
 * through a helper it happened to export (issue 11).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const RESOURCES = path.resolve(__dirname, "../../src/resources");
const SHARED = "shared";

/** The folders under src/resources, by name. */
const folders = readdirSync(RESOURCES).filter((name) => statSync(path.join(RESOURCES, name)).isDirectory());

/** Every module specifier a file imports or re-exports from, static or dynamic. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/g)) found.push(m[1]!);
  for (const m of text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

/** The resource folder a relative specifier of `file` lands in, or undefined outside src/resources/<folder>. */
function folderOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = path.relative(RESOURCES, path.resolve(path.dirname(file), specifier));
  if (target.startsWith("..") || !target.includes(path.sep)) return undefined;
  return target.split(path.sep)[0];
}

/** The imports of the files of `folder` that land in another folder under src/resources. */
function sidewaysImports(folder: string): string[] {
  const dir = path.join(RESOURCES, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .flatMap((f) => {
      const file = path.join(dir, f);
      return specifiers(file)
        .filter((s) => {
          const target = folderOf(file, s);
          return target !== undefined && target !== folder && !(target === SHARED && folder !== SHARED);
        })
        .map((s) => `${folder}/${f} imports ${s}`);
    });
}

describe("resource folders", () => {
  it("finds the resource folders and the shared one", () => {
    expect(folders).toContain(SHARED);
    expect(folders.length).toBeGreaterThan(20);
  });

  it.each(folders.filter((f) => f !== SHARED))("%s imports from no other resource folder, only from shared", (folder) => {
    expect(sidewaysImports(folder)).toEqual([]);
  });

  it("shared imports from no resource folder", () => {
    expect(sidewaysImports(SHARED)).toEqual([]);
  });

  it("tells a sideways import from an import of shared or of the plumbing", () => {
    const file = path.join(RESOURCES, "ssl-csr", "schema.ts");
    expect(folderOf(file, "../cron-email/schema")).toBe("cron-email");
    expect(folderOf(file, "../shared/registrar")).toBe(SHARED);
    expect(folderOf(file, "../../provider/validators")).toBeUndefined();
    expect(folderOf(file, "./provider")).toBe("ssl-csr");
  });
});

/**
 * The README's operations table is generated from the endpoint table and must match it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderReadme } from "../../scripts/readme";
import { pulumiYamlExample } from "../../scripts/pulumi-yaml-example";

describe("README", () => {
  it("restates the configuration keys, resource documents, data sources and operations exactly (run npm run readme)", () => {
    const readme = readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    expect(readme).toBe(renderReadme(readme));
  });
});

describe("Pulumi.yaml.example", () => {
  it("declares every reseller:* key the provider reads, with the API key secret", () => {
    const text = readFileSync(path.resolve(__dirname, "../../Pulumi.yaml.example"), "utf8");
    expect(text).toBe(pulumiYamlExample());
    expect(text).toMatch(/reseller:apiKey:\n(?: {6}.*\n)*? {6}secret: true/);
    expect(text).toMatch(/^template:\n {2}config:\n/m);
    expect(text).not.toMatch(/^config:/m);
    expect(text).toContain("name: nodejs");
  });
});

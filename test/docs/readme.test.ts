/**
 * The README's operations table is generated from the endpoint table and must match it.
 */
import { existsSync, readFileSync } from "node:fs";
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
  it("lists every reseller:* key the provider reads, with the API key secret, and points at the template", () => {
    const text = readFileSync(path.resolve(__dirname, "../../Pulumi.yaml.example"), "utf8");
    expect(text).toBe(pulumiYamlExample());
    expect(text).toMatch(/^# {3}reseller:apiKey \(RESELLER_API_KEY; secret: set it with --secret\): /m);
    expect(text).toContain("templates/reseller-typescript");
    expect(existsSync(path.resolve(__dirname, "../../templates/reseller-typescript/Pulumi.yaml"))).toBe(true);
    expect(text).not.toMatch(/^(config|template):/m);
    expect(text).toContain("name: nodejs");
  });
});

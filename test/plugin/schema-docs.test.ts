/**
 * What the registry shows from `schema.json`: every resource, property and function described,
 * every resource and function with examples in TypeScript, Python, Go and YAML that each
 * language can read, and the package's metadata (publisher, homepage, repository,
 * `pluginDownloadURL`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ts from "typescript";

import { describe, expect, it } from "vitest";

import { examplePrograms, type ExampleSchema } from "../../scripts/lib/example-programs";
import { ROOT, SCHEMA_PATH, generateSchema, type PackageSchema } from "../../scripts/lib/schema";

const committed = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as PackageSchema;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { homepage: string; license: string; author: string };

interface Described {
  description?: string;
}
type Properties = Record<string, Described> | undefined;

/** Every undescribed resource, function and property of a schema, by name. */
function undescribed(schema: PackageSchema): string[] {
  const missing: string[] = [];
  const props = (where: string, properties: Properties): void => {
    for (const [k, p] of Object.entries(properties ?? {})) if (!p.description?.trim()) missing.push(`${where}.${k}`);
  };
  for (const [token, r] of Object.entries(schema.resources) as [
    string,
    Described & { inputProperties: Properties; properties: Properties },
  ][]) {
    if (!r.description?.trim()) missing.push(token);
    props(`${token} input`, r.inputProperties);
    props(`${token} output`, r.properties);
  }
  for (const [token, f] of Object.entries(schema.functions) as [
    string,
    Described & { inputs: { properties: Properties }; outputs: { properties: Properties } },
  ][]) {
    if (!f.description?.trim()) missing.push(token);
    props(`${token} argument`, f.inputs.properties);
    props(`${token} result`, f.outputs.properties);
  }
  for (const [token, t] of Object.entries(schema.types)) props(token, t.properties);
  props("config", schema.config.variables);
  props("provider input", schema.provider.inputProperties);
  props("provider output", schema.provider.properties);
  return missing;
}

/** The programs of a description's examples, by language. */
function programs(description: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const examples = description.split("{{% examples %}}")[1]?.split("{{% /examples %}}")[0] ?? "";
  for (const m of examples.matchAll(/```(\w+)\n([\s\S]*?)\n```/g)) (out[m[1]!] ??= []).push(m[2]!);
  return out;
}

const described = [
  ...Object.entries(committed.resources as Record<string, Described>),
  ...Object.entries(committed.functions as Record<string, Described>),
].map(([token, d]) => [token, programs(d.description ?? "")] as const);

// gofmt has no --version: formatting empty input succeeds wherever gofmt runs.
const hasGofmt = spawnSync("gofmt", ["-l"], { input: "", encoding: "utf8" }).status === 0;

describe("schema.json for the registry", () => {
  it("describes every resource, function and property (inputs, outputs, arguments, results, types, configuration)", () => {
    expect(undescribed(committed)).toEqual([]);
  });

  it("finds a property without a description, naming it", () => {
    const copy = structuredClone(committed);
    delete (copy.types["reseller:index:Contact"]!.properties!.city as Described).description;
    expect(undescribed(copy)).toEqual(["reseller:index:Contact.city"]);
  });

  it("gives every resource and function an example in TypeScript, Python, Go and YAML", () => {
    const lacking = described.flatMap(([token, p]) =>
      ["typescript", "python", "go", "yaml"].filter((l) => !p[l]?.length).map((l) => `${token} ${l}`),
    );
    expect(lacking).toEqual([]);
  });

  it("writes the TypeScript and Python examples on the generated SDKs' package names", () => {
    const language = committed.language as { nodejs: { packageName: string }; python: { packageName: string } };
    for (const [token, p] of described) {
      for (const program of p.typescript ?? [])
        expect(program, token).toContain(`import * as reseller from "${language.nodejs.packageName}";`);
      for (const program of p.python ?? []) expect(program, token).toContain(`import ${language.python.packageName} as reseller`);
      for (const program of p.typescript ?? []) expect(program, token).not.toContain('pulumi-hosting-reseller"');
    }
  });

  it("writes TypeScript examples the TypeScript parser reads without an error", () => {
    const errors = described.flatMap(([token, p]) =>
      (p.typescript ?? []).flatMap((program) => {
        const sf = ts.createSourceFile("example.ts", program, ts.ScriptTarget.ES2022, true);
        const diagnostics = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
        return diagnostics.map((d) => `${token}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
      }),
    );
    expect(errors).toEqual([]);
  });

  it.skipIf(!hasGofmt)("writes Go examples as gofmt writes them", () => {
    const dir = mkdtempSync(join(tmpdir(), "schema-go-"));
    try {
      const files = described.flatMap(([token, p]) =>
        (p.go ?? []).map((program, i) => {
          const file = join(dir, `${token.split(":")[2]}-${i}.go`);
          writeFileSync(file, `${program}\n`);
          return file;
        }),
      );
      const run = spawnSync("gofmt", ["-l", "-e", ...files], { encoding: "utf8" });
      expect(`${run.stdout}${run.stderr}`.replaceAll(dir, "")).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(spawnSync("python3", ["-c", "import yaml"]).status !== 0)(
    "writes Python examples that compile and YAML examples that parse",
    () => {
      const input = JSON.stringify(described.map(([token, p]) => ({ token, python: p.python ?? [], yaml: p.yaml ?? [] })));
      const script = [
        "import json, sys, yaml",
        "errors = []",
        "for e in json.load(sys.stdin):",
        "    for p in e['python']:",
        "        try: compile(p, e['token'], 'exec')",
        "        except SyntaxError as x: errors.append(e['token'] + ': ' + str(x))",
        "    for y in e['yaml']:",
        "        try:",
        "            doc = yaml.safe_load(y)",
        "            if doc.get('runtime') != 'yaml': errors.append(e['token'] + ': no yaml runtime')",
        "        except yaml.YAMLError as x: errors.append(e['token'] + ': ' + str(x))",
        "print(json.dumps(errors))",
      ].join("\n");
      const run = spawnSync("python3", ["-c", script], { input, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual([]);
    },
  );

  it("refuses an example model that names an input the schema lacks, or lacks a required one", () => {
    const schema = committed as unknown as ExampleSchema;
    expect(() =>
      examplePrograms(schema, {
        title: "t",
        steps: [{ resource: "CronEmail", name: "m", args: { hostingId: 1, email: "a@b.c", mail: "x" } }],
      }),
    ).toThrow('example "t": reseller:index:CronEmail takes no input mail');
    expect(() => examplePrograms(schema, { title: "t", steps: [{ resource: "CronEmail", name: "m", args: { hostingId: 1 } }] })).toThrow(
      'example "t": m lacks the required input email',
    );
    expect(() =>
      examplePrograms(schema, { title: "t", steps: [{ resource: "CronEmail", name: "m", args: { hostingId: "1", email: "a@b.c" } }] }),
    ).toThrow('example "t": m.hostingId must be a whole number');
  });

  it("carries the package's publisher, homepage, repository and license, and describes the provider without the dynamic package", () => {
    expect(committed.publisher).toBe(pkg.author);
    expect(committed.homepage).toBe(pkg.homepage);
    expect(committed.license).toBe(pkg.license);
    expect(committed.repository).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
    expect(committed.description).toContain("PlanetHoster");
    expect(committed.description).not.toMatch(/dynamic|simulator/i);
    expect(committed.keywords).toEqual(expect.arrayContaining(["pulumi", "category/infrastructure", "kind/native"]));
  });

  it("has no pluginDownloadURL unless the build gives one, and refuses one that is not a URL", () => {
    expect(committed).not.toHaveProperty("pluginDownloadURL");
    const url = "github://api.github.com/pulumi-hosting-reseller/pulumi-hosting-reseller";
    expect(generateSchema({ pluginDownloadURL: url }).pluginDownloadURL).toBe(url);
    expect(() => generateSchema({ pluginDownloadURL: "releases/v1" })).toThrow(
      '--plugin-download-url: must be an https://, http://, github:// or gitlab:// URL without spaces, got "releases/v1"',
    );
  }, 60_000);
});

/**
 * Generates the provider plugin's Pulumi package schema (`schema.json`) from the package's own
 * declarations, so that it cannot drift from what the runtime serves:
 *
 * - the resources are the runtime's registry (`src/resources/registry.ts`); per resource, the
 *   properties are those its class registers (the definition's inputs, the class's outputs,
 *   `account`), the types and descriptions those of its arguments interface and of its
 *   `declare public readonly` outputs (read with the TypeScript compiler), the enums and integers
 *   those its zod input schemas accept, and the secrets those the definition and the class mark;
 * - the functions are the data source registry (`src/data-sources/registry.ts`), typed by the
 *   arguments and result interfaces of each function;
 * - the configuration is `CONFIG_KEYS`, the provider inputs the same keys;
 * - the examples of each resource and function are the models of scripts/lib/schema-examples.ts,
 *   written in TypeScript, Python, Go and YAML on the generated SDKs;
 * - the publisher, homepage, repository, license and keywords are those of package.json.
 *
 * A test compares the committed `schema.json` with a fresh generation (`npm run schema`).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { z } from "zod";

import { DATA_SOURCES } from "../../src/data-sources/registry";
import { CONFIG_KEYS } from "../../src/provider/rules/config";
import type { ResourceClassSpec } from "../../src/provider/program/resource";
import * as resourceClasses from "../../src/resources";
import { RESOURCES, resourceFolder } from "../../src/resources/registry";
import { examplesMarkup, type ExampleSchema } from "./example-programs";
import { FUNCTION_EXAMPLES, RESOURCE_EXAMPLES } from "./schema-examples";

/** The repository root. */
export const ROOT = path.resolve(__dirname, "..", "..");
/** Where the schema is committed, and shipped in the package. */
export const SCHEMA_PATH = path.join(ROOT, "schema.json");

const PACKAGE = "reseller";
const tokenOf = (name: string): string => `${PACKAGE}:index:${name}`;
const ANY = { $ref: "pulumi.json#/Any" };

/** A Pulumi schema type reference (`TypeSpec`). */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

/** A property of a resource, type or function (`PropertySpec`). */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}

interface ObjectTypeSpec {
  type: "object" | "string";
  description?: string;
  properties?: Record<string, PropertySpec>;
  required?: string[];
  enum?: { value: string }[];
}

/** The package schema. */
export interface PackageSchema {
  name: string;
  version: string;
  displayName: string;
  description: string;
  keywords: string[];
  license: string;
  publisher: string;
  homepage: string;
  repository: string;
  pluginDownloadURL?: string;
  meta: { moduleFormat: string };
  config: { variables: Record<string, PropertySpec> };
  provider: { description: string; inputProperties: Record<string, PropertySpec>; properties: Record<string, PropertySpec> };
  types: Record<string, ObjectTypeSpec>;
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
  language: Record<string, unknown>;
}

const ACCOUNT_DESCRIPTION =
  "The account of `reseller:accounts` (a plain name, not a secret) the object lives in; without it, the account of the provider's top-level keys. Changing it replaces the resource.";

/** Reads the TypeScript declarations of the package once. */
class Declarations {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly types: Record<string, ObjectTypeSpec> = {};

  constructor(files: string[]) {
    this.program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ["node"],
    });
    this.checker = this.program.getTypeChecker();
  }

  source(file: string): ts.SourceFile {
    const sf = this.program.getSourceFile(file);
    if (!sf) throw new Error(`schema: cannot read ${file}`);
    return sf;
  }

  /** The documentation comment of a declaration, without the `@example` and other tags. */
  doc(node: ts.Node): string | undefined {
    const symbol = (node as { name?: ts.Node }).name
      ? this.checker.getSymbolAtLocation((node as unknown as { name: ts.Node }).name)
      : undefined;
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).trim() : "";
    // `{@link getX}` is TypeDoc markup; the registry shows the name as code.
    return text === "" ? undefined : text.replace(/\{@link\s+([^}\s]+)\s*\}/g, "`$1`");
  }

  /** The declaration a type name refers to, following imports. */
  declarationOf(name: ts.EntityName): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  }

  /** A named object type, registered under `types` once (a name ending in `Args` drops it: one type serves inputs and outputs). */
  objectType(name: string, members: readonly ts.Symbol[], description: string | undefined): TypeSpec {
    const typeName = name.replace(/Args$/, "");
    const token = tokenOf(typeName);
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    const existing = this.types[token];
    // Registered before the members are converted, so that a recursive type refers to itself.
    if (!existing) this.types[token] = { type: "object", properties, required };
    for (const member of members) {
      const decl = member.valueDeclaration as ts.PropertySignature | undefined;
      if (!decl || !decl.type) continue;
      const spec: PropertySpec = { ...this.typeSpec(decl.type, `${typeName}${pascal(member.name)}`) };
      const doc = this.doc(decl);
      if (doc) spec.description = doc;
      properties[member.name] = spec;
      if (!decl.questionToken && !includesUndefined(decl.type)) required.push(member.name);
    }
    if (existing) {
      // The input and the output form of one type: every property of either, required when both require it.
      existing.properties = { ...properties, ...existing.properties };
      existing.required = (existing.required ?? []).filter((k) => required.includes(k));
    } else {
      this.types[token] = { type: "object", ...(description ? { description } : {}), properties, required };
    }
    if (this.types[token]!.required!.length === 0) delete this.types[token]!.required;
    return { $ref: `#/types/${token}` };
  }

  /** The schema type of a TypeScript type node; `context` names an anonymous object type. */
  typeSpec(node: ts.TypeNode, context: string): TypeSpec {
    if (ts.isParenthesizedTypeNode(node)) return this.typeSpec(node.type, context);
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: "string" };
      case ts.SyntaxKind.NumberKeyword:
        return { type: "number" };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: "boolean" };
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
        return ANY;
    }
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return { type: "string" };
      if (ts.isNumericLiteral(node.literal)) return { type: "number" };
      return { type: "boolean" };
    }
    if (ts.isArrayTypeNode(node)) return { type: "array", items: this.typeSpec(node.elementType, context) };
    if (ts.isTypeOperatorNode(node)) return this.typeSpec(node.type, context);
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.filter(
        (t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
      );
      const specs: TypeSpec[] = [];
      for (const m of members) {
        const spec = this.typeSpec(m, context);
        if (!specs.some((s) => JSON.stringify(s) === JSON.stringify(spec))) specs.push(spec);
      }
      if (specs.length === 1) return specs[0]!;
      if (specs.some((s) => s.$ref === ANY.$ref)) return ANY;
      return { oneOf: specs };
    }
    if (ts.isTypeLiteralNode(node)) {
      const type = this.checker.getTypeFromTypeNode(node);
      const index = type.getStringIndexType();
      if (index && node.members.length === 1 && ts.isIndexSignatureDeclaration(node.members[0]!)) {
        return { type: "object", additionalProperties: this.typeSpec(node.members[0].type, `${context}Value`) };
      }
      return this.objectType(context, this.checker.getPropertiesOfType(type), undefined);
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
      const args = node.typeArguments ?? [];
      if (["Input", "Output", "Promise", "Readonly"].includes(name) && args[0]) return this.typeSpec(args[0], context);
      if ((name === "Array" || name === "ReadonlyArray") && args[0]) return { type: "array", items: this.typeSpec(args[0], context) };
      if (name === "Record" && args[1]) return { type: "object", additionalProperties: this.typeSpec(args[1], `${context}Value`) };
      if (name === "Date") return { type: "string" };
      const decl = this.declarationOf(node.typeName);
      if (decl && ts.isTypeAliasDeclaration(decl)) return this.typeSpec(decl.type, name);
      if (decl && ts.isInterfaceDeclaration(decl)) {
        const type = this.checker.getTypeAtLocation(decl);
        return this.objectType(name, this.checker.getPropertiesOfType(type), this.doc(decl));
      }
      if (decl && ts.isEnumDeclaration(decl)) return { type: "string" };
      // Types computed from zod schemas and the like: their checker type decides.
      const type = this.checker.getTypeFromTypeNode(node);
      return this.fromType(type);
    }
    return this.fromType(this.checker.getTypeFromTypeNode(node));
  }

  /** The schema type of a checker type that has no declaration of its own (primitives only; anything else is Any). */
  fromType(type: ts.Type): TypeSpec {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return { type: "string" };
    if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return { type: "number" };
    if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: "boolean" };
    if (type.isUnion()) {
      const parts = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
      if (parts.every((t) => t.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral))) return { type: "string" };
      if (parts.every((t) => t.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral))) return { type: "boolean" };
    }
    return ANY;
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function includesUndefined(node: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(node)) return node.types.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword);
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.[0]) return includesUndefined(node.typeArguments[0]);
  return false;
}

/** The members of an interface or class named `name` in a source file. */
function findDeclaration<T extends ts.Node>(sf: ts.SourceFile, test: (n: ts.Node) => n is T, name: string): T {
  let found: T | undefined;
  sf.forEachChild((n) => {
    if (test(n) && (n as unknown as { name?: ts.Identifier }).name?.text === name) found = n;
  });
  if (!found) throw new Error(`schema: ${sf.fileName} declares no ${name}`);
  return found;
}

/** The closed set of strings a zod schema ends in (through optional, default and pipes), if any. */
function enumOf(schema: z.core.$ZodType | undefined): string[] | undefined {
  const def = schema?._zod.def as unknown as
    | { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; out?: z.core.$ZodType; entries?: Record<string, unknown> }
    | undefined;
  if (!def) return undefined;
  switch (def.type) {
    case "enum": {
      const values = Object.values(def.entries ?? {});
      return values.every((v) => typeof v === "string") ? (values as string[]) : undefined;
    }
    case "optional":
    case "default":
    case "nullable":
    case "readonly":
    case "prefault":
      return enumOf(def.innerType);
    case "pipe":
      return enumOf(def.out) ?? enumOf(def.in);
    default:
      return undefined;
  }
}

/**
 * What the zod input schema of a property adds: whole numbers, and the closed set of strings
 * that check leaves (its canonical spellings: a record type given as `a` is stored as `A`).
 */
function zodFacts(schema: z.ZodType): { integer: boolean; enumValues?: string[] } {
  let json: Record<string, unknown> = {};
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  } catch {
    // A schema JSON Schema cannot express says nothing about integers.
  }
  const pick = (j: Record<string, unknown>): Record<string, unknown> =>
    Array.isArray(j.allOf) && j.allOf.length === 1 ? (j.allOf[0] as Record<string, unknown>) : j;
  const top = pick(json);
  const items = top.type === "array" && top.items ? pick(top.items as Record<string, unknown>) : undefined;
  return { integer: top.type === "integer" || items?.type === "integer", enumValues: enumOf(schema) };
}

/** Where a resource's examples go once the schema they are written from is complete. */
const EXAMPLES_PLACEHOLDER = "{{examples}}";

/**
 * A resource's description for the schema: its class documentation, with the import section
 * about dynamic resources replaced by the plugin's `pulumi import` command and the id format.
 * `docs` is the address of the repository's docs/ at this release's tag: a relative path would
 * lead nowhere from the registry or an SDK's documentation.
 */
function resourceDescription(doc: string | undefined, type: string, idFormat: string, docs: string): string {
  // The class's own example imports the dynamic package; the schema's are on the generated SDKs.
  const body = (doc ?? "").split("\n## Import")[0]!.split("\n## Example Usage")[0]!.trimEnd();
  return `${body}\n\n${EXAMPLES_PLACEHOLDER}\n\n## Import\n\nThe id is ${idFormat}.\n\n\`\`\`sh\n$ pulumi import ${tokenOf(type)} <name> <id>\n\`\`\`\n\nSee [the provider plugin's documentation](${docs}native-provider.md#importing-existing-objects) for the inputs an import cannot read back.\n`;
}

function classSpecs(): Record<string, ResourceClassSpec> {
  // Only the classes' static spec is read (a protected member, hence the cast).
  const index = resourceClasses as unknown as Record<string, { spec?: ResourceClassSpec }>;
  const specs: Record<string, ResourceClassSpec> = {};
  for (const type of Object.keys(RESOURCES)) {
    const spec = index[type]?.spec;
    if (!spec) throw new Error(`schema: the package exports no resource class ${type}`);
    specs[type] = spec;
  }
  return specs;
}

/** Resolves the type of the `run` function of each data source of the registry. */
function functionSignatures(decls: Declarations): Record<string, { args: ts.TypeNode | undefined; result: ts.TypeNode; doc?: string }> {
  const sf = decls.source(path.join(ROOT, "src/data-sources/registry.ts"));
  const out: Record<string, { args: ts.TypeNode | undefined; result: ts.TypeNode; doc?: string }> = {};
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === "run" && ts.isIdentifier(n.initializer)) {
      const owner = (n.parent.parent as ts.PropertyAssignment).name as ts.Identifier;
      const fn = decls.declarationOf(n.initializer);
      if (!fn || !ts.isFunctionDeclaration(fn) || !fn.type) throw new Error(`schema: ${owner.text} runs no declared function`);
      const result = ts.isTypeReferenceNode(fn.type) && fn.type.typeArguments?.[0] ? fn.type.typeArguments[0] : fn.type;
      out[owner.text] = { args: fn.parameters[0]?.type, result, doc: decls.doc(fn) };
    }
    n.forEachChild(visit);
  };
  visit(sf);
  return out;
}

function objectProperties(
  decls: Declarations,
  node: ts.TypeNode | undefined,
  context: string,
): { properties: Record<string, PropertySpec>; required?: string[] } {
  if (!node) return { properties: {} };
  const ref = decls.typeSpec(node, context);
  const token = ref.$ref?.replace("#/types/", "");
  const type = token ? decls.types[token] : undefined;
  if (!type) throw new Error(`schema: ${context} is not an object type`);
  // The arguments and result objects of a function are the function's own, not shared types.
  delete decls.types[token!];
  return { properties: type.properties ?? {}, ...(type.required ? { required: type.required } : {}) };
}

/** What a build of the schema may set beyond the declarations. */
export interface SchemaOptions {
  /**
   * Where the Pulumi CLI downloads the plugin from when a program's SDK asks for it
   * (`pluginDownloadURL`): a release build sets it; the committed schema has none, so the
   * plugin is installed from a release archive with `pulumi plugin install --file`.
   */
  pluginDownloadURL?: string;
}

/**
 * Checks a `pluginDownloadURL`: the CLI takes `https://`, `http://`, `github://` and `gitlab://`
 * sources (a `${VERSION}`-style template is filled in by the CLI itself).
 *
 * @example
 * checkPluginDownloadURL("github://api.github.com/pulumi-hosting-reseller/pulumi-hosting-reseller");
 */
export function checkPluginDownloadURL(url: string): string {
  if (!/^(https?|github|gitlab):\/\/[^\s]+$/.test(url)) {
    throw new Error(`--plugin-download-url: must be an https://, http://, github:// or gitlab:// URL without spaces, got "${url}"`);
  }
  return url;
}

// Keywords of package.json that name parts of the npm package the plugin does not serve.
const NOT_PLUGIN_KEYWORDS = new Set(["pulumi-dynamic-provider", "simulator"]);

/**
 * The package schema, from the declarations.
 *
 * @example
 * writeFileSync("schema.json", `${JSON.stringify(generateSchema(), null, 2)}\n`);
 */
export function generateSchema(options: SchemaOptions = {}): PackageSchema {
  const pluginDownloadURL = options.pluginDownloadURL === undefined ? undefined : checkPluginDownloadURL(options.pluginDownloadURL);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    version: string;
    license: string;
    keywords: string[];
    author: string;
    homepage: string;
    repository: { url: string };
  };
  const repository = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
  const docsAt = `${repository}/blob/v${pkg.version}/docs/`;
  const resourceFiles = Object.keys(RESOURCES).map((t) => path.join(ROOT, "src/resources", resourceFolder(t), "resource.ts"));
  const decls = new Declarations([...resourceFiles, path.join(ROOT, "src/data-sources/registry.ts")]);
  const specs = classSpecs();

  const resources: Record<string, unknown> = {};
  for (const [type, def] of Object.entries(RESOURCES)) {
    const sf = decls.source(path.join(ROOT, "src/resources", resourceFolder(type), "resource.ts"));
    const args = findDeclaration(sf, ts.isInterfaceDeclaration, `${type}Args`);
    const cls = findDeclaration(sf, ts.isClassDeclaration, type);
    const spec = specs[type]!;
    const secrets = new Set<string>([...spec.secretInputs, ...spec.secretOutputs]);
    const replaceOn = new Set<string>(def.replaceOn ?? def.identity);
    const inputs: Record<string, PropertySpec> = {};
    const requiredInputs: string[] = [];
    for (const key of Object.keys(def.inputs)) {
      const member = args.members.find(
        (m): m is ts.PropertySignature => ts.isPropertySignature(m) && (m.name as ts.Identifier).text === key,
      );
      if (!member?.type) throw new Error(`schema: ${type}Args has no property ${key}, which the definition takes`);
      const facts = zodFacts((def.inputs as Record<string, z.ZodType>)[key]!);
      const p: PropertySpec = { ...decls.typeSpec(member.type, `${type}${pascal(key)}`) };
      if (facts.integer && p.type === "number") p.type = "integer";
      if (facts.integer && p.items?.type === "number") p.items = { type: "integer" };
      if (facts.enumValues && p.type === "string") {
        const enumToken = tokenOf(`${type}${pascal(key)}`);
        decls.types[enumToken] = { type: "string", enum: facts.enumValues.map((value) => ({ value })) };
        delete p.type;
        p.$ref = `#/types/${enumToken}`;
      }
      const doc = decls.doc(member);
      if (doc) p.description = doc;
      if (secrets.has(key)) p.secret = true;
      if (replaceOn.has(key)) p.willReplaceOnChanges = true;
      inputs[key] = p;
      if (!member.questionToken) requiredInputs.push(key);
    }
    inputs.account = { type: "string", description: ACCOUNT_DESCRIPTION, willReplaceOnChanges: true };

    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const member of cls.members) {
      if (!ts.isPropertyDeclaration(member) || !member.type || !ts.isIdentifier(member.name)) continue;
      if (!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      const key = member.name.text;
      const p: PropertySpec = { ...(inputs[key] ? { ...inputs[key] } : decls.typeSpec(member.type, `${type}${pascal(key)}`)) };
      delete p.willReplaceOnChanges;
      const doc = decls.doc(member) ?? inputs[key]?.description;
      if (doc) p.description = doc;
      else delete p.description;
      if (secrets.has(key)) p.secret = true;
      properties[key] = p;
      if (!includesUndefined(member.type)) required.push(key);
    }
    for (const key of spec.inputs) {
      // An input the class declares no output for (a create-time setting) is in the state all
      // the same, as the runtime returns it.
      if (!properties[key]) {
        const { willReplaceOnChanges: _replace, ...p } = inputs[key]!;
        properties[key] = p;
      }
    }
    for (const key of spec.outputs) {
      if (!properties[key]) throw new Error(`schema: ${type} declares no output ${key}, which it registers`);
    }
    properties.account = { type: "string", description: ACCOUNT_DESCRIPTION };

    resources[tokenOf(type)] = {
      description: resourceDescription(decls.doc(cls), type, def.id.format, docsAt),
      properties,
      required: required.sort(),
      inputProperties: inputs,
      requiredInputs,
    };
  }

  const functions: Record<string, unknown> = {};
  for (const [name, sig] of Object.entries(functionSignatures(decls))) {
    const args = objectProperties(decls, sig.args, `${pascal(name)}Args`);
    args.properties.account = {
      type: "string",
      description: "The account of `reseller:accounts` to read; without it, the account of the provider's top-level keys.",
    };
    for (const key of DATA_SOURCES[name]!.required ?? []) {
      if (!args.properties[key]) throw new Error(`schema: ${name} takes no argument ${key}, which the registry requires`);
      args.required = [...(args.required ?? []), key];
    }
    const result = objectProperties(decls, sig.result, `${pascal(name)}Result`);
    if (DATA_SOURCES[name]!.secret) for (const p of Object.values(result.properties)) p.secret = true;
    functions[tokenOf(name)] = {
      description: DATA_SOURCES[name]!.description ?? sig.doc,
      inputs: { type: "object", ...args },
      outputs: { type: "object", ...result },
    };
  }

  const variables: Record<string, PropertySpec> = {};
  for (const k of CONFIG_KEYS) {
    // Objects (the named accounts, endpoint overrides) may be given as objects or as JSON text.
    const type: TypeSpec = k.key === "accounts" || k.key === "endpointOverrides" ? ANY : { type: "string" };
    variables[k.key] = {
      ...type,
      description: `${k.description}. Environment variable ${k.env}${k.default !== undefined ? `; default ${k.default}` : ""}.`,
      ...(k.secret ? { secret: true } : {}),
    };
  }

  const schema: PackageSchema = {
    name: PACKAGE,
    version: pkg.version,
    displayName: "Hosting reseller",
    description:
      "A Pulumi provider for PlanetHoster's domain and hosting reseller API: domain registrations, name servers and locks, DNS zones and records, and the settings of hosting accounts (PHP, databases, FTP and SSH access, certificates, cron jobs, caches, object storage, firewall rules), with functions that read the account, its domains and its hosting.",
    keywords: [...pkg.keywords.filter((k) => !NOT_PLUGIN_KEYWORDS.has(k)), "category/infrastructure", "kind/native"],
    license: pkg.license,
    publisher: pkg.author,
    homepage: pkg.homepage,
    repository,
    ...(pluginDownloadURL ? { pluginDownloadURL } : {}),
    meta: { moduleFormat: "(.*)" },
    config: { variables },
    provider: {
      description:
        "The reseller provider: one account's connection. Explicit providers each carry their own credentials and reach their own account.",
      inputProperties: variables,
      properties: Object.fromEntries(Object.entries(variables).filter(([k]) => k !== "apiKey" && k !== "accounts")),
    },
    types: Object.fromEntries(Object.entries(decls.types).sort(([a], [b]) => a.localeCompare(b))),
    resources,
    functions,
    language: {
      nodejs: { packageName: "@pulumi-hosting-reseller/native", respectSchemaVersion: true },
      python: { packageName: "pulumi_hosting_reseller", respectSchemaVersion: true },
      go: { importBasePath: "github.com/pulumi-hosting-reseller/sdk/go/reseller", respectSchemaVersion: true },
      csharp: { rootNamespace: "PulumiHostingReseller", respectSchemaVersion: true },
    },
  };
  addExamples(schema);
  return schema;
}

/** Writes the examples of every resource and function into its description; each must have one. */
function addExamples(schema: PackageSchema): void {
  const view = schema as unknown as ExampleSchema;
  for (const [token, resource] of Object.entries(schema.resources) as [string, { description: string }][]) {
    const models = RESOURCE_EXAMPLES[token.split(":")[2]!];
    if (!models?.length) throw new Error(`schema: ${token} has no example in scripts/lib/schema-examples.ts`);
    resource.description = resource.description.replace(EXAMPLES_PLACEHOLDER, examplesMarkup(view, models));
  }
  for (const [token, fn] of Object.entries(schema.functions) as [string, { description?: string }][]) {
    const models = FUNCTION_EXAMPLES[token.split(":")[2]!];
    if (!models?.length) throw new Error(`schema: ${token} has no example in scripts/lib/schema-examples.ts`);
    fn.description = `${fn.description ?? ""}\n\n${examplesMarkup(view, models)}`.trimStart();
  }
}

/**
 * The text of `schema.json`.
 *
 * @example
 * expect(readFileSync(SCHEMA_PATH, "utf8")).toBe(schemaText());
 */
export function schemaText(options: SchemaOptions = {}): string {
  return `${JSON.stringify(generateSchema(options), null, 2)}\n`;
}

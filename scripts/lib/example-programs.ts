/**
 * Example programs of the provider plugin in every language the registry shows (TypeScript,
 * Python, Go, YAML), each written from one language-neutral model (`ExampleModel`) and the
 * package schema: the schema says which value is an object type, a map, an enum, an integer or a
 * union, and so how each language's generated SDK spells it. A model that names a property the
 * schema lacks, or leaves out a required input, fails the generation with the property named.
 */

/** A property of a resource or function result, read in a later step or an export. */
export interface Ref {
  $ref: string;
  property: string;
}

/** A value of the stack configuration (project namespace), plain or secret. */
export interface ConfigValue {
  $config: string;
  secret?: boolean;
}

/** A value a model gives to a property. */
export type Value = string | number | boolean | Ref | ConfigValue | readonly Value[] | { readonly [key: string]: Value };

/** A resource to declare. `var` names it in the program (defaults to `name`). */
export interface ResourceStep {
  resource: string;
  name: string;
  var?: string;
  args: Record<string, Value>;
  protect?: boolean;
  dependsOn?: string[];
}

/** A function to call (its output form). */
export interface InvokeStep {
  invoke: string;
  var: string;
  args: Record<string, Value>;
}

/** One example: a title, the steps in order, and the stack outputs. */
export interface ExampleModel {
  title: string;
  steps: (ResourceStep | InvokeStep)[];
  exports?: Record<string, Ref>;
}

/** A reference to `property` of the step named `step`. */
export const ref = (step: string, property: string): Ref => ({ $ref: step, property });
/** A configuration value of the program's project. */
export const config = (key: string, secret = false): ConfigValue => ({ $config: key, ...(secret ? { secret: true } : {}) });

interface Spec {
  type?: string;
  $ref?: string;
  items?: Spec;
  additionalProperties?: Spec;
  oneOf?: Spec[];
}

/** The parts of a package schema the programs are written from. */
export interface ExampleSchema {
  name: string;
  types: Record<string, { type: string; properties?: Record<string, Spec>; enum?: unknown[] }>;
  resources: Record<string, { inputProperties: Record<string, Spec>; requiredInputs?: string[]; properties: Record<string, Spec> }>;
  functions: Record<
    string,
    { inputs: { properties: Record<string, Spec>; required?: string[] }; outputs: { properties: Record<string, Spec> } }
  >;
  language: { nodejs: { packageName: string }; python: { packageName: string }; go: { importBasePath: string } };
}

const isRef = (v: Value): v is Ref => typeof v === "object" && v !== null && "$ref" in v;
const isConfig = (v: Value): v is ConfigValue => typeof v === "object" && v !== null && "$config" in v;
const isStep = (s: ResourceStep | InvokeStep): s is ResourceStep => "resource" in s;

const PYTHON_KEYWORDS = new Set([
  "from",
  "import",
  "class",
  "def",
  "global",
  "lambda",
  "pass",
  "yield",
  "in",
  "is",
  "not",
  "or",
  "and",
  "if",
  "else",
  "for",
  "while",
  "with",
  "as",
  "return",
  "del",
  "try",
  "raise",
  "assert",
  "async",
  "await",
  "break",
  "continue",
  "elif",
  "except",
  "finally",
  "nonlocal",
  "None",
  "True",
  "False",
]);

/** The Python spelling of a schema name, as the Python generator makes it (`hostingId` -> `hosting_id`). */
export function snake(name: string): string {
  const s = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();
  return PYTHON_KEYWORDS.has(s) ? `${s}_` : s;
}

/** The Go spelling of a schema name (`hostingId` -> `HostingId`). */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const str = (s: string): string => JSON.stringify(s);
const typeName = (token: string): string => token.split(":")[2]!;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

class Program {
  private readonly vars = new Map<string, { kind: "resource" | "invoke"; token: string }>();
  readonly configs = new Map<string, boolean>();
  readonly used = new Set<string>();

  constructor(
    readonly schema: ExampleSchema,
    readonly model: ExampleModel,
  ) {
    for (const step of model.steps) {
      const name = isStep(step) ? (step.var ?? step.name) : step.var;
      if (!IDENT.test(name)) throw new Error(`example "${model.title}": ${name} is not an identifier: give the step a var`);
      if (this.vars.has(name)) throw new Error(`example "${model.title}": two steps are named ${name}`);
      const token = `${schema.name}:index:${isStep(step) ? step.resource : step.invoke}`;
      if (isStep(step) ? !schema.resources[token] : !schema.functions[token])
        throw new Error(`example "${model.title}": the schema has no ${token}`);
      this.vars.set(name, { kind: isStep(step) ? "resource" : "invoke", token });
      const inputs = isStep(step) ? schema.resources[token]!.inputProperties : schema.functions[token]!.inputs.properties;
      const required = isStep(step) ? (schema.resources[token]!.requiredInputs ?? []) : (schema.functions[token]!.inputs.required ?? []);
      for (const key of required)
        if (!(key in step.args)) throw new Error(`example "${model.title}": ${name} lacks the required input ${key}`);
      for (const [key, value] of Object.entries(step.args)) {
        if (!inputs[key]) throw new Error(`example "${model.title}": ${token} takes no input ${key}`);
        this.walk(value);
      }
      if (isStep(step)) for (const d of step.dependsOn ?? []) this.use(d);
    }
    for (const r of Object.values(model.exports ?? {})) this.walk(r);
  }

  private walk(value: Value): void {
    if (isRef(value)) this.use(value.$ref, value.property);
    else if (isConfig(value)) this.configs.set(value.$config, value.secret === true);
    else if (Array.isArray(value)) for (const v of value as Value[]) this.walk(v);
    else if (typeof value === "object") for (const v of Object.values(value)) this.walk(v);
  }

  private use(name: string, property?: string): void {
    const step = this.vars.get(name);
    if (!step) throw new Error(`example "${this.model.title}": no step named ${name} comes before its use`);
    if (property !== undefined) {
      const props =
        step.kind === "resource" ? this.schema.resources[step.token]!.properties : this.schema.functions[step.token]!.outputs.properties;
      if (!props[property]) throw new Error(`example "${this.model.title}": ${step.token} has no output ${property}`);
    }
    this.used.add(name);
  }

  kindOf(name: string): "resource" | "invoke" {
    return this.vars.get(name)!.kind;
  }

  inputs(step: ResourceStep | InvokeStep): Record<string, Spec> {
    const token = `${this.schema.name}:index:${isStep(step) ? step.resource : step.invoke}`;
    return isStep(step) ? this.schema.resources[token]!.inputProperties : this.schema.functions[token]!.inputs.properties;
  }

  /** The object type or enum a spec refers to, if any. */
  named(spec: Spec): { name: string; enum: boolean; properties: Record<string, Spec> } | undefined {
    if (!spec.$ref?.startsWith("#/types/")) return undefined;
    const token = spec.$ref.slice("#/types/".length);
    const type = this.schema.types[token];
    if (!type) throw new Error(`example "${this.model.title}": the schema has no type ${token}`);
    return { name: typeName(token), enum: type.enum !== undefined, properties: type.properties ?? {} };
  }

  /** The member of a union a value is given as. */
  member(spec: Spec, value: Value): Spec {
    if (!spec.oneOf) return spec;
    const kind = typeof value === "object" ? "object" : typeof value;
    const found = spec.oneOf.find((m) =>
      kind === "object" ? m.$ref !== undefined : kind === "number" ? m.type === "number" || m.type === "integer" : m.type === kind,
    );
    if (!found) throw new Error(`example "${this.model.title}": ${JSON.stringify(value)} is none of the union's types`);
    return found;
  }

  /** Checks a value against a property's spec before a language writes it. */
  check(spec: Spec, value: Value, where: string): void {
    if (isRef(value) || isConfig(value)) return;
    const s = this.member(spec, value);
    const named = this.named(s);
    const fail = (rule: string): never => {
      throw new Error(`example "${this.model.title}": ${where} ${rule}`);
    };
    if (named?.enum || s.type === "string") {
      if (typeof value !== "string") fail("must be a string");
    } else if (s.type === "integer") {
      if (!Number.isInteger(value)) fail("must be a whole number");
    } else if (s.type === "number") {
      if (typeof value !== "number") fail("must be a number");
    } else if (s.type === "boolean") {
      if (typeof value !== "boolean") fail("must be true or false");
    } else if (s.type === "array") {
      if (!Array.isArray(value)) fail("must be a list");
      (value as Value[]).forEach((v, i) => this.check(s.items!, v, `${where}[${i}]`));
    } else if (named || s.additionalProperties) {
      if (typeof value !== "object" || Array.isArray(value)) fail("must be an object");
      for (const [k, v] of Object.entries(value as Record<string, Value>)) {
        const p = named ? named.properties[k] : s.additionalProperties!;
        if (!p) fail(`has no property ${k}`);
        this.check(p!, v, `${where}.${k}`);
      }
    }
  }
}

type Lines = string[];

function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}

// ---- TypeScript -------------------------------------------------------------------------------

function tsValue(p: Program, spec: Spec, value: Value): string {
  if (isRef(value)) return `${value.$ref}.${value.property}`;
  if (isConfig(value)) return `config.${value.secret ? "requireSecret" : "require"}(${str(value.$config)})`;
  const s = p.member(spec, value);
  if (Array.isArray(value)) {
    const items = (value as Value[]).map((v) => tsValue(p, s.items!, v));
    return items.join(", ").length < 70 && !items.some((i) => i.includes("\n"))
      ? `[${items.join(", ")}]`
      : `[\n    ${items.map((i) => indent(i, "    ")).join(",\n    ")},\n]`;
  }
  if (typeof value === "object")
    return tsObject(p, value as Record<string, Value>, (k) => p.named(s)?.properties[k] ?? s.additionalProperties!);
  return typeof value === "string" ? str(value) : String(value);
}

function tsObject(p: Program, value: Record<string, Value>, specOf: (k: string) => Spec): string {
  const entries = Object.entries(value).map(([k, v]) => `${IDENT.test(k) ? k : str(k)}: ${tsValue(p, specOf(k), v)}`);
  if (entries.length === 0) return "{}";
  if (entries.join(", ").length < 70 && !entries.some((e) => e.includes("\n"))) return `{ ${entries.join(", ")} }`;
  return `{\n    ${entries.map((e) => indent(e, "    ")).join(",\n    ")},\n}`;
}

function typescript(p: Program): string {
  const out: Lines = [
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as reseller from ${str(p.schema.language.nodejs.packageName)};`,
    "",
  ];
  if (p.configs.size > 0) out.push("const config = new pulumi.Config();");
  for (const step of p.model.steps) {
    const inputs = p.inputs(step);
    const args = tsObject(p, step.args, (k) => inputs[k]!);
    if (isStep(step)) {
      const name = step.var ?? step.name;
      const opts: string[] = [];
      if (step.protect) opts.push("protect: true");
      if (step.dependsOn) opts.push(`dependsOn: [${step.dependsOn.join(", ")}]`);
      const call = `new reseller.${step.resource}(${str(step.name)}, ${args}${opts.length ? `, { ${opts.join(", ")} }` : ""});`;
      out.push(p.used.has(name) ? `const ${name} = ${call}` : call);
    } else {
      out.push(`const ${step.var} = reseller.${step.invoke}Output(${args});`);
    }
  }
  for (const [name, r] of Object.entries(p.model.exports ?? {})) out.push(`export const ${name} = ${r.$ref}.${r.property};`);
  return out.join("\n");
}

// ---- Python -----------------------------------------------------------------------------------

function pyValue(p: Program, spec: Spec, value: Value): string {
  if (isRef(value)) return `${snake(value.$ref)}.${snake(value.property)}`;
  if (isConfig(value)) return `config.${value.secret ? "require_secret" : "require"}(${str(value.$config)})`;
  const s = p.member(spec, value);
  if (Array.isArray(value)) {
    const items = (value as Value[]).map((v) => pyValue(p, s.items!, v));
    return items.join(", ").length < 70 && !items.some((i) => i.includes("\n"))
      ? `[${items.join(", ")}]`
      : `[\n    ${items.map((i) => indent(i, "    ")).join(",\n    ")},\n]`;
  }
  if (typeof value === "object") {
    const named = p.named(s);
    if (named) return `reseller.${named.name}Args(${pyKwargs(p, value as Record<string, Value>, (k) => named.properties[k]!)})`;
    const entries = Object.entries(value).map(([k, v]) => `${str(k)}: ${pyValue(p, s.additionalProperties!, v)}`);
    return entries.join(", ").length < 70
      ? `{${entries.join(", ")}}`
      : `{\n    ${entries.map((e) => indent(e, "    ")).join(",\n    ")},\n}`;
  }
  if (typeof value === "boolean") return value ? "True" : "False";
  return typeof value === "string" ? str(value) : String(value);
}

function pyKwargs(p: Program, value: Record<string, Value>, specOf: (k: string) => Spec, lead: string[] = [], tail: string[] = []): string {
  const entries = [...lead, ...Object.entries(value).map(([k, v]) => `${snake(k)}=${pyValue(p, specOf(k), v)}`), ...tail];
  if (entries.join(", ").length < 70 && !entries.some((e) => e.includes("\n"))) return entries.join(", ");
  return `\n    ${entries.map((e) => indent(e, "    ")).join(",\n    ")},\n`;
}

function python(p: Program): string {
  const out: Lines = ["import pulumi", `import ${p.schema.language.python.packageName} as reseller`, ""];
  if (p.configs.size > 0) out.push("config = pulumi.Config()");
  for (const step of p.model.steps) {
    const inputs = p.inputs(step);
    if (isStep(step)) {
      const name = snake(step.var ?? step.name);
      const opts: string[] = [];
      if (step.protect) opts.push("protect=True");
      if (step.dependsOn) opts.push(`depends_on=[${step.dependsOn.map(snake).join(", ")}]`);
      const tail = opts.length ? [`opts=pulumi.ResourceOptions(${opts.join(", ")})`] : [];
      const call = `reseller.${step.resource}(${pyKwargs(p, step.args, (k) => inputs[k]!, [str(step.name)], tail)})`;
      out.push(p.used.has(step.var ?? step.name) ? `${name} = ${call}` : call);
    } else {
      out.push(`${snake(step.var)} = reseller.${snake(step.invoke)}_output(${pyKwargs(p, step.args, (k) => inputs[k]!)})`);
    }
  }
  for (const [name, r] of Object.entries(p.model.exports ?? {}))
    out.push(`pulumi.export(${str(name)}, ${snake(r.$ref)}.${snake(r.property)})`);
  return out.join("\n");
}

// ---- Go ---------------------------------------------------------------------------------------

const GO_SCALAR: Record<string, string> = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" };

function goRef(p: Program, r: Ref): string {
  return p.kindOf(r.$ref) === "invoke" ? `${r.$ref}.${pascal(r.property)}()` : `${r.$ref}.${pascal(r.property)}`;
}

/** A Go input value of the given spec. */
function goValue(p: Program, spec: Spec, value: Value): string {
  if (isRef(value)) return goRef(p, value);
  if (isConfig(value))
    return value.secret ? `cfg.RequireSecret(${str(value.$config)})` : `pulumi.String(cfg.Require(${str(value.$config)}))`;
  const union = spec.oneOf !== undefined;
  const s = p.member(spec, value);
  const named = p.named(s);
  if (named?.enum) return `reseller.${named.name}(${str(value as string)})`;
  if (Array.isArray(value)) {
    const items = (value as Value[]).map((v) => goValue(p, s.items!, v));
    return `${goCollection(p, s.items!, "Array")}{\n\t${items.map((i) => indent(i, "\t")).join(",\n\t")},\n}`;
  }
  if (typeof value === "object") {
    if (named) return `&reseller.${named.name}Args${goFields(p, value as Record<string, Value>, (k) => named.properties[k]!)}`;
    const entries = Object.entries(value).map(([k, v]): [string, string] => [str(k), goValue(p, s.additionalProperties!, v)]);
    return `${goCollection(p, s.additionalProperties!, "Map")}${goBlock(entries)}`;
  }
  if (s.type === "integer" || (union && typeof value === "number" && Number.isInteger(value))) return `pulumi.Int(${value})`;
  const scalar = GO_SCALAR[s.type ?? ""];
  if (!scalar) return `pulumi.Any(${typeof value === "string" ? str(value) : String(value)})`;
  return `pulumi.${scalar}(${typeof value === "string" ? str(value) : String(value)})`;
}

/** The Go type of a list or map of `item` (`pulumi.StringArray`, `reseller.DnsRecordArray`, `pulumi.Map`). */
function goCollection(p: Program, item: Spec, kind: "Array" | "Map"): string {
  if (item.oneOf || item.$ref === "pulumi.json#/Any") return `pulumi.${kind}`;
  const named = p.named(item);
  if (named) return `reseller.${named.name}${kind}`;
  return `pulumi.${GO_SCALAR[item.type ?? ""] ?? ""}${kind}`;
}

function goFields(p: Program, value: Record<string, Value>, specOf: (k: string) => Spec): string {
  return goBlock(Object.entries(value).map(([k, v]) => [pascal(k), goValue(p, specOf(k), v)]));
}

/**
 * A Go composite literal of `key: value` lines, aligned as gofmt aligns them: the values of a run
 * of one-line entries start in one column; an entry whose value spans lines takes one space and
 * ends the run.
 */
function goBlock(entries: [string, string][]): string {
  if (entries.length === 0) return "{}";
  const lines: string[] = [];
  let run: [string, string][] = [];
  const flush = (): void => {
    const width = Math.max(...run.map(([k]) => k.length));
    for (const [k, v] of run) lines.push(`${k}:${" ".repeat(width - k.length + 1)}${v}`);
    run = [];
  };
  for (const [k, v] of entries) {
    if (v.includes("\n")) {
      flush();
      lines.push(`${k}: ${indent(v, "\t")}`);
    } else run.push([k, v]);
  }
  flush();
  return `{\n\t${lines.join(",\n\t")},\n}`;
}

/**
 * The Go name of a function: `getX` is `LookupX` when a resource `X` exists, since the resource
 * already has the Go function `GetX` that reads its state (pkg/v3 `codegen/go`, `Lookup` prefix).
 */
export function goFunctionName(schema: ExampleSchema, fn: string): string {
  const name = pascal(fn);
  return name.startsWith("Get") && schema.resources[`${schema.name}:index:${name.slice(3)}`] ? `Lookup${name.slice(3)}` : name;
}

function go(p: Program): string {
  const body: Lines = [];
  if (p.configs.size > 0) body.push(`cfg := config.New(ctx, "")`);
  let errDeclared = false;
  for (const step of p.model.steps) {
    const inputs = p.inputs(step);
    if (isStep(step)) {
      const name = step.var ?? step.name;
      const lhs = p.used.has(name) ? name : "_";
      const op = lhs === "_" && errDeclared ? "=" : ":=";
      errDeclared = true;
      const opts: string[] = [];
      if (step.protect) opts.push("pulumi.Protect(true)");
      if (step.dependsOn) opts.push(`pulumi.DependsOn([]pulumi.Resource{${step.dependsOn.join(", ")}})`);
      const args = goFields(p, step.args, (k) => inputs[k]!);
      body.push(
        `${lhs}, err ${op} reseller.New${step.resource}(ctx, ${str(step.name)}, &reseller.${step.resource}Args${args}${opts.map((o) => `, ${o}`).join("")})`,
      );
      body.push("if err != nil {\n\treturn err\n}");
    } else {
      const fn = goFunctionName(p.schema, step.invoke);
      body.push(`${step.var} := reseller.${fn}Output(ctx, reseller.${fn}OutputArgs${goFields(p, step.args, (k) => inputs[k]!)}, nil)`);
    }
  }
  for (const [name, r] of Object.entries(p.model.exports ?? {})) body.push(`ctx.Export(${str(name)}, ${goRef(p, r)})`);
  body.push("return nil");
  const imports = [`"${p.schema.language.go.importBasePath}"`, `"github.com/pulumi/pulumi/sdk/v3/go/pulumi"`];
  if (p.configs.size > 0) imports.push(`"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"`);
  return [
    "package main",
    "",
    "import (",
    ...imports.map((i) => `\t${i}`),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...body.map((b) => `\t\t${indent(b, "\t\t")}`),
    "\t})",
    "}",
  ].join("\n");
}

// ---- YAML -------------------------------------------------------------------------------------

function yamlScalar(value: Value): string {
  if (isRef(value)) return `\${${value.$ref}.${value.property}}`;
  if (isConfig(value)) return `\${${value.$config}}`;
  return typeof value === "string" ? str(value) : String(value);
}

function yamlValue(value: Value, depth: number): string {
  const pad = "  ".repeat(depth);
  if (Array.isArray(value)) {
    if ((value as Value[]).length === 0) return " []";
    return (value as Value[])
      .map((v) => {
        if (typeof v === "object" && !Array.isArray(v) && !isRef(v) && !isConfig(v)) {
          const inner = yamlValue(v, depth + 1).replace(/^\n\s*/, "");
          return `\n${pad}- ${inner}`;
        }
        return `\n${pad}-${yamlValue(v, depth + 1)}`;
      })
      .join("");
  }
  if (typeof value === "object" && !isRef(value) && !isConfig(value)) {
    return Object.entries(value)
      .map(([k, v]) => `\n${pad}${IDENT.test(k) ? k : str(k)}:${yamlValue(v, depth + 1)}`)
      .join("");
  }
  return ` ${yamlScalar(value)}`;
}

function yaml(p: Program): string {
  const out: Lines = ["name: example", "runtime: yaml"];
  if (p.configs.size > 0) {
    out.push("config:");
    for (const [key, secret] of p.configs) out.push(`  ${key}:`, "    type: string", ...(secret ? ["    secret: true"] : []));
  }
  const resources = p.model.steps.filter(isStep);
  const invokes = p.model.steps.filter((s): s is InvokeStep => !isStep(s));
  if (invokes.length > 0) {
    out.push("variables:");
    for (const step of invokes) {
      out.push(`  ${step.var}:`, "    fn::invoke:", `      function: ${p.schema.name}:${step.invoke}`);
      if (Object.keys(step.args).length > 0) out.push(`      arguments:${yamlValue(step.args, 4)}`);
    }
  }
  if (resources.length > 0) {
    out.push("resources:");
    for (const step of resources) {
      const name = step.var ?? step.name;
      out.push(`  ${name}:`, `    type: ${p.schema.name}:${step.resource}`);
      if (name !== step.name) out.push(`    name: ${str(step.name)}`);
      out.push(`    properties:${yamlValue(step.args, 3)}`);
      if (step.protect || step.dependsOn) {
        out.push("    options:");
        if (step.protect) out.push("      protect: true");
        if (step.dependsOn) out.push("      dependsOn:", ...step.dependsOn.map((d) => `        - \${${d}}`));
      }
    }
  }
  if (p.model.exports) {
    out.push("outputs:");
    for (const [name, r] of Object.entries(p.model.exports)) out.push(`  ${name}: ${yamlScalar(r)}`);
  }
  return out.join("\n");
}

/** The four programs of one example. */
export function examplePrograms(
  schema: ExampleSchema,
  model: ExampleModel,
): { typescript: string; python: string; go: string; yaml: string } {
  const p = new Program(schema, model);
  for (const step of model.steps) {
    const inputs = p.inputs(step);
    for (const [k, v] of Object.entries(step.args)) p.check(inputs[k]!, v, `${isStep(step) ? (step.var ?? step.name) : step.var}.${k}`);
  }
  return { typescript: typescript(p), python: python(p), go: go(p), yaml: yaml(p) };
}

/**
 * Examples in the markup Pulumi's docs generator reads from a schema description: one
 * `{{% example %}}` per model, each with a program per language.
 */
export function examplesMarkup(schema: ExampleSchema, models: readonly ExampleModel[]): string {
  const parts = models.map((m) => {
    const programs = examplePrograms(schema, m);
    const fences = (["typescript", "python", "go", "yaml"] as const).map((l) => `\`\`\`${l}\n${programs[l]}\n\`\`\``).join("\n");
    return `{{% example %}}\n### ${m.title}\n\n${fences}\n{{% /example %}}`;
  });
  return `{{% examples %}}\n## Example Usage\n\n${parts.join("\n")}\n{{% /examples %}}`;
}

/**
 * The files of a generated Pulumi project: `index.ts` (the program), `Pulumi.yaml`,
 * `package.json`, `tsconfig.json` and `README.md` (the secret config keys to set, and what the
 * first `pulumi up` does). Everything is printed from the plan alone, so the same account gives
 * the same files, byte for byte.
 */
import { CONFIG_KEYS, CONFIG_NAMESPACE, type ProviderSettings } from "../provider/config";
import { KINDS } from "./kinds";
import type { Plan, Planned, SecretConfig } from "./plan";
import { printBlock, printComment, stringLiteral } from "./printer";

/**
 * What the header and the README say about where the program came from.
 *
 * @example
 * const context: ProgramContext = { project: "agency", settings: { apiUrl: "https://api.planethoster.net", apiVersion: "v4" }, selection: "the whole account" };
 */
export interface ProgramContext {
  project: string;
  settings: Pick<ProviderSettings, "apiUrl" | "apiVersion">;
  /** The selection in words: `the whole account`, `hosting account 101`, ... */
  selection: string;
}

/** The `@pulumi/pulumi` range of the examples; the package's peer range starts at 3.216. */
const PULUMI_RANGE = "^3.248.0";

function packageVersion(): string {
  return (require("../../package.json") as { version: string }).version;
}

function printResource(r: Planned): string {
  const type = KINDS[r.kind].type;
  const lines = [printComment(r.comments, 0)];
  if (r.mode === "read") {
    lines.push(`${type}.get(${stringLiteral(r.name)}, ${stringLiteral(r.id)});`);
  } else {
    const options = r.protect ? ", { protect: true }" : "";
    lines.push(`new ${type}(${stringLiteral(r.name)}, ${printBlock(r.args ?? {}, 0)}${options});`);
  }
  return lines.join("\n");
}

/**
 * The program, `index.ts`.
 *
 * @example
 * const text = printIndex(plan, { project: "agency", settings, selection: "the whole account" });
 */
export function printIndex(plan: Plan, context: ProgramContext): string {
  const types = [...new Set(plan.resources.map((r) => KINDS[r.kind].type))].sort();
  const usesConfig = plan.secrets.some((s) => s.required);
  const out: string[] = [];
  out.push(
    printComment(
      [
        `${context.project}: a reseller account as Pulumi resources (${context.selection}).`,
        "Written by `reseller generate` from the live account.",
        "",
        "Declared resources take the live objects over on the first `pulumi up`, which writes back",
        "what is already there: no order is placed and nothing is created twice. Objects that a",
        "resource cannot take over are read with `X.get` (read only), with the reason next to them.",
        "Each resource's import id is in the comment above it.",
        ...(usesConfig ? ["Secrets come from secret config keys of the project: see README.md."] : []),
      ],
      0,
    ),
  );
  out.push("");
  if (usesConfig) out.push('import * as pulumi from "@pulumi/pulumi";');
  if (types.length > 0) out.push(`import { ${types.join(", ")} } from "pulumi-hosting-reseller";`);
  if (usesConfig) out.push("", "const config = new pulumi.Config();");
  let section = "";
  for (const r of plan.resources) {
    if (r.section.order !== section) {
      section = r.section.order;
      out.push("", `// ---- ${r.section.title} ----`);
    }
    out.push("", printResource(r));
  }
  if (plan.resources.length === 0) out.push("", "// Nothing was found in the selection.");
  return `${out.join("\n")}\n`;
}

function yamlString(text: string): string {
  return JSON.stringify(text);
}

/**
 * `Pulumi.yaml`: the project, with the required secret config keys declared (Pulumi then refuses
 * to run until they are set).
 *
 * @example
 * printPulumiYaml(plan, context); // "name: agency\nruntime:\n  name: nodejs\n..."
 */
export function printPulumiYaml(plan: Plan, context: ProgramContext): string {
  const lines = [
    `name: ${context.project}`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    `description: ${yamlString(`A reseller account (${context.selection}), managed with pulumi-hosting-reseller`)}`,
  ];
  const required = plan.secrets.filter((s) => s.required);
  if (required.length > 0) {
    lines.push("config:");
    for (const s of required) {
      lines.push(`  ${s.key}:`, "    type: string", "    secret: true", `    description: ${yamlString(s.description)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `package.json`: the program's dependencies.
 *
 * @example
 * JSON.parse(printPackageJson(context)).dependencies["pulumi-hosting-reseller"]; // "^0.1.0"
 */
export function printPackageJson(context: ProgramContext): string {
  const pkg = {
    name: context.project,
    private: true,
    description: `A reseller account (${context.selection}), managed with pulumi-hosting-reseller`,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": PULUMI_RANGE, "pulumi-hosting-reseller": `^${packageVersion()}` },
    devDependencies: { "@types/node": "^20.19.0", typescript: "~6.0.3" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * `tsconfig.json`: the compiler settings of the package's own examples.
 *
 * @example
 * JSON.parse(printTsconfig()).compilerOptions.strict; // true
 */
export function printTsconfig(): string {
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ["node"],
    },
    include: ["index.ts"],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function configLine(key: string, value: string, secret: boolean): string {
  return `pulumi config set${secret ? " --secret" : ""} ${key} ${value}`;
}

function secretLines(project: string, secrets: readonly SecretConfig[]): string[] {
  return secrets.flatMap((s) => [`# ${s.description} (${s.resource})`, `pulumi config set --secret ${project}:${s.key} < path/to/file`]);
}

/**
 * `README.md`: how to run the program, the secret config keys to set, and what was read rather
 * than declared.
 *
 * @example
 * printReadme(plan, context).includes("pulumi config set --secret"); // true
 */
export function printReadme(plan: Plan, context: ProgramContext): string {
  const { project, settings } = context;
  const keyOf = (name: string) => CONFIG_KEYS.find((k) => k.key === name)!;
  const required = plan.secrets.filter((s) => s.required);
  const optional = plan.secrets.filter((s) => !s.required);
  const declared = plan.resources.filter((r) => r.mode === "declare");
  const read = plan.resources.filter((r) => r.mode === "read");
  const out: string[] = [
    `# ${project}`,
    "",
    `A reseller account (${context.selection}) as a Pulumi program, \`index.ts\`, written by \`reseller generate\``,
    `from the live account: ${declared.length} declared resource(s) and ${read.length} read-only one(s).`,
    "",
    "## Set up",
    "",
    "```sh",
    "npm install",
    "pulumi stack init dev",
    configLine(`${CONFIG_NAMESPACE}:apiUser`, "<api user>", false),
    configLine(`${CONFIG_NAMESPACE}:apiKey`, "<api key>", true),
  ];
  if (settings.apiUrl !== keyOf("apiUrl").default) out.push(configLine(`${CONFIG_NAMESPACE}:apiUrl`, settings.apiUrl, false));
  if (settings.apiVersion !== keyOf("apiVersion").default) out.push(configLine(`${CONFIG_NAMESPACE}:apiVersion`, settings.apiVersion, false));
  out.push("```", "", `The credentials can come from \`${keyOf("apiUser").env}\` and \`${keyOf("apiKey").env}\` instead.`);

  out.push("", "## Secret config keys", "");
  if (required.length === 0) {
    out.push("The program needs none.");
  } else {
    out.push(
      "The API cannot give these to a program that is kept in a repository, so the program reads them from",
      `secret config keys of the project's namespace (\`${project}:\`). Set each one before the first preview`,
      "(Pulumi.yaml declares them, so Pulumi refuses to run without them). `pulumi config set` reads the value",
      "from standard input when none is given, so a PEM file keeps its line breaks:",
      "",
      "```sh",
      ...secretLines(project, required),
      "```",
      "",
      "A custom certificate's private key is the one installed now: read it from where the certificate was",
      "issued, or with the API's `ssl.getCustom` operation (`client.ssl.getCustom({ id, domain })`).",
    );
  }

  out.push(
    "",
    "## The first `pulumi up`",
    "",
    "Every declared resource matches the live object, so `pulumi preview` lists them as creates and the",
    "first `pulumi up` takes them over without changing anything: record sets, PHP options, WAF rules and",
    "certificates are written back as they are, and domains are adopted (`adopt: true`), which places no",
    "order. Objects whose resource cannot take over an existing one (an FTP login, an SSH key, a database,",
    "a cron line, a redirection) are read with `X.get(name, id)` instead: they are in the stack, with their",
    "outputs, but Pulumi does not manage them. After the first `up`, `pulumi preview --refresh` shows no change.",
    "",
    "## Resources",
    "",
    "| name | type | how | import id |",
    "|---|---|---|---|",
    ...plan.resources.map((r) => `| \`${r.name}\` | ${KINDS[r.kind].type} | ${r.mode === "declare" ? "declared" : "read only"} | \`${r.id}\` |`),
  );
  if (optional.length > 0) {
    out.push(
      "",
      "## Secrets of read-only objects",
      "",
      "These objects are read, not managed, and their secrets cannot be read. A declaration that manages one",
      "of them would take the secret from the key below:",
      "",
      ...optional.map((s) => `- \`${project}:${s.key}\`: ${s.description} (\`${s.resource}\`)`),
    );
  }
  if (plan.notes.length > 0) out.push("", "## Notes", "", ...plan.notes.map((n) => `- ${n}`));
  return `${out.join("\n")}\n`;
}

/**
 * Every file of the project, by file name.
 *
 * @example
 * const files = printProject(plan, context);
 * Object.keys(files); // ["index.ts", "Pulumi.yaml", "package.json", "tsconfig.json", "README.md"]
 */
export function printProject(plan: Plan, context: ProgramContext): Record<string, string> {
  return {
    "index.ts": printIndex(plan, context),
    "Pulumi.yaml": printPulumiYaml(plan, context),
    "package.json": printPackageJson(context),
    "tsconfig.json": printTsconfig(),
    "README.md": printReadme(plan, context),
  };
}

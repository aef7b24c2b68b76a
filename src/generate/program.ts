/**
 * The files of a generated Pulumi project: `index.ts` (the program), `Pulumi.yaml`,
 * `package.json`, `tsconfig.json` and `README.md` (the config keys to set, and what the first
 * `pulumi up` does). Everything is printed from the plan alone, so the same account gives
 * the same files, byte for byte.
 */
import { accountKeyPath, CONFIG_KEYS, CONFIG_NAMESPACE, type ProviderSettings } from "../provider/rules/config";
import { KINDS, type ConfigInput, type Kind } from "./kinds";
import type { ConfigEntry, Plan, Planned } from "./plan";
import { printBlock, printComment, stringLiteral } from "./printer";

/** What the header and the README say about where the program came from. */
export interface ProgramContext {
  project: string;
  settings: Pick<ProviderSettings, "apiUrl" | "apiVersion">;
  /** The selection in words: `the whole account`, `hosting account 101`, ... */
  selection: string;
  /** The account of `reseller:accounts` every resource names; undefined: the top-level keys' account. */
  account?: string;
  /**
   * How `package.json` depends on `pulumi-hosting-reseller` (any npm dependency spec: a range,
   * `file:`, a tarball URL, `github:`...); undefined: {@link defaultPackageSpec}.
   */
  packageSpec?: string;
  /** What wrote the program, when not `reseller generate` from the live account (`reseller zone import`). */
  origin?: ProgramOrigin;
}

/**
 * What the header of `index.ts` and the README say about a program's origin and its first
 * `pulumi up`, for a program that another command writes with the same printer.
 */
export interface ProgramOrigin {
  /** The header's lines after its first. */
  header: string[];
  /** The README's opening: what wrote the program and from what (ends where the counts follow). */
  intro: string;
  /** The README's section on the first `pulumi up`. */
  firstUp: string[];
}

/** The `@pulumi/pulumi` range of the examples; the package's peer range starts at 3.216. */
const PULUMI_RANGE = "^3.248.0";

function packageVersion(): string {
  return (require("../../package.json") as { version: string }).version;
}

/**
 * The dependency a generated project has on this package by default: the registry range of the
 * version that generated it, so that the program's shapes match the installed package.
 *
 * @example
 * defaultPackageSpec(); // "^0.1.0"
 */
export function defaultPackageSpec(): string {
  return `^${packageVersion()}`;
}

/**
 * Refuses a `--package-spec` that npm could not read as a dependency: empty, with surrounding
 * blanks, or with control characters (they would corrupt `package.json`'s meaning). Anything else
 * is npm's to interpret (`npm install` reports a spec it cannot resolve), so ranges, `file:`
 * paths, tarball URLs and git specs all pass.
 *
 * @example
 * checkPackageSpec("file:../pulumi-hosting-reseller-0.1.0.tgz");
 */
export function checkPackageSpec(spec: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses.
  if (spec.trim() === "" || spec !== spec.trim() || /[\u0000-\u001f\u007f]/.test(spec)) {
    throw new Error(
      `--package-spec must be an npm dependency spec such as "^0.1.0", "file:../pulumi-hosting-reseller-0.1.0.tgz" or a tarball URL (no surrounding blanks or control characters), got ${JSON.stringify(spec)}`,
    );
  }
  return spec;
}

function printResource(r: Planned, account: string | undefined): string {
  const type = KINDS[r.kind].type;
  const lines = [printComment(r.comments, 0)];
  if (r.mode === "read") {
    const options = account === undefined ? "" : `, { account: ${stringLiteral(account)} }`;
    lines.push(`${type}.get(${stringLiteral(r.name)}, ${stringLiteral(r.id)}${options});`);
  } else {
    const options = r.protect ? ", { protect: true }" : "";
    // The account first: it says where everything after it lives.
    const args = account === undefined ? (r.args ?? {}) : { account, ...r.args };
    lines.push(`new ${type}(${stringLiteral(r.name)}, ${printBlock(args, 0)}${options});`);
  }
  return lines.join("\n");
}

/** The program, `index.ts`. */
export function printIndex(plan: Plan, context: ProgramContext): string {
  const types = [...new Set(plan.resources.map((r) => KINDS[r.kind].type))].sort();
  const usesConfig = plan.config.some((c) => c.required);
  const out: string[] = [];
  out.push(
    printComment(
      [
        `${context.project}: a reseller account as Pulumi resources (${context.selection})${context.account === undefined ? "" : `, account "${context.account}" of reseller:accounts`}.`,
        ...(context.origin?.header ?? [
          "Written by `reseller generate` from the live account.",
          "",
          "Declared resources take the live objects over on the first `pulumi up`, which writes back",
          "what is already there: no order is placed and nothing is created twice. Passwords, which",
          "the API cannot read, are set from config. Objects that a resource cannot take over are",
          "read with `X.get` (read only), with the reason next to them. Each resource's import id is",
          "in the comment above it.",
        ]),
        ...(usesConfig ? ["Secrets and other values the API does not return come from config keys of the project: see README.md."] : []),
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
    out.push("", printResource(r, context.account));
  }
  if (plan.resources.length === 0) out.push("", "// Nothing was found in the selection.");
  return `${out.join("\n")}\n`;
}

function yamlString(text: string): string {
  return JSON.stringify(text);
}

/**
 * `Pulumi.yaml`: the project, with the required config keys declared, secret where the value is
 * (Pulumi then refuses to run until they are set).
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
  const required = plan.config.filter((c) => c.required);
  if (required.length > 0) {
    lines.push("config:");
    for (const c of required) {
      lines.push(
        `  ${c.key}:`,
        "    type: string",
        ...(c.secret ? ["    secret: true"] : []),
        `    description: ${yamlString(c.description)}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** `package.json`: the program's dependencies. */
export function printPackageJson(context: ProgramContext): string {
  const pkg = {
    name: context.project,
    private: true,
    description: `A reseller account (${context.selection}), managed with pulumi-hosting-reseller`,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": PULUMI_RANGE, "pulumi-hosting-reseller": context.packageSpec ?? defaultPackageSpec() },
    devDependencies: { "@types/node": "^20.19.0", typescript: "~6.0.3" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** `tsconfig.json`: the compiler settings of the package's own examples. */
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

function configLines(project: string, entries: readonly ConfigEntry[]): string[] {
  return entries.flatMap((c) => [
    `# ${c.description} (${c.resource})${c.from === undefined ? ": prompts for the value" : ""}`,
    `pulumi config set${c.secret ? " --secret" : ""} ${project}:${c.key}${c.from === undefined ? "" : ` < ${c.from}`}`,
  ]);
}

/** How to find each kind of value the program needs, once per config kind, in the order first needed. */
function guidance(entries: readonly ConfigEntry[], version: ProgramContext["settings"]["apiVersion"]): string[] {
  const inputs = new Map<string, ConfigInput>();
  for (const kind of Object.values(KINDS) as Kind[]) for (const input of kind.config ?? []) inputs.set(input.configKind, input);
  const kinds = [...new Set(entries.map((c) => c.configKind))];
  return kinds.flatMap((k) => {
    const input = inputs.get(k);
    return input ? [`- ${input.guidance(version)}`] : [];
  });
}

/** The README's section on the first `pulumi up` of a program `reseller generate` wrote. */
const GENERATE_FIRST_UP: readonly string[] = [
  "Every declared resource matches the live object, so `pulumi preview` lists them as creates and the",
  "first `pulumi up` takes them over: record sets, PHP options, WAF rules and certificates are written back",
  "as they are; domains, databases, SSH keys, FTP logins and database users are adopted (`adopt: true`),",
  "which places no order and creates nothing. The one change it makes is to passwords, which the API cannot",
  "read: FTP logins and database users get the password of their config key (except database users on API",
  "v2, which cannot set it).",
  "",
  "Every declared resource has `protect: true`, as `pulumi import` does: these objects existed before the",
  "stack, and a destroy would delete them (a record set, a database and its data, an FTP login). `pulumi destroy`",
  "and any replacement stop on a protected resource. To lift it for one resource, remove `protect: true` from its",
  "declaration and run `pulumi up`, or run `pulumi state unprotect '<urn>'` (`pulumi state unprotect --all` for",
  "every resource of the stack); `pulumi stack --show-urns` lists the URNs.",
  "Objects whose resource cannot take over an existing one (a cron line, a redirection, a storage URL) are",
  "read with `X.get(name, id)` instead: they are in the stack, with their outputs, but Pulumi does not manage",
  "them. After the first `up`, `pulumi preview --refresh` shows no change.",
];

/**
 * `README.md`: how to run the program, the secret config keys to set, and what was read rather
 * than declared.
 */
export function printReadme(plan: Plan, context: ProgramContext): string {
  const { project, settings } = context;
  const keyOf = (name: string) => CONFIG_KEYS.find((k) => k.key === name)!;
  const required = plan.config.filter((c) => c.required);
  const optional = plan.config.filter((c) => !c.required);
  const declared = plan.resources.filter((r) => r.mode === "declare");
  const read = plan.resources.filter((r) => r.mode === "read");
  const out: string[] = [
    `# ${project}`,
    "",
    `A reseller account (${context.selection}) as a Pulumi program, \`index.ts\`, ${context.origin?.intro ?? "written by `reseller generate`\nfrom the live account"}: ${declared.length} declared resource(s) and ${read.length} read-only one(s).`,
    "",
    "## Set up",
    "",
    "```sh",
    "npm install",
    "pulumi stack init dev",
  ];
  const { account } = context;
  // A named account's keys go under `reseller:accounts.<name>` (`--path`); see docs/configuration.md.
  const key = (name: string) => (account === undefined ? `${CONFIG_NAMESPACE}:${name}` : `--path '${accountKeyPath(account, name)}'`);
  out.push(configLine(key("apiUser"), "<api user>", false), configLine(key("apiKey"), "<api key>", true));
  if (settings.apiUrl !== keyOf("apiUrl").default) out.push(configLine(key("apiUrl"), settings.apiUrl, false));
  if (settings.apiVersion !== keyOf("apiVersion").default) out.push(configLine(key("apiVersion"), settings.apiVersion, false));
  out.push(
    "```",
    "",
    account === undefined
      ? `The credentials can come from \`${keyOf("apiUser").env}\` and \`${keyOf("apiKey").env}\` instead.`
      : `Every resource names the account \`${account}\`, whose keys sit under \`${CONFIG_NAMESPACE}:accounts\`; they can come from \`${keyOf("accounts").env}\` instead (a JSON object keyed by account name).`,
  );

  out.push("", "## Config keys", "");
  if (required.length === 0) {
    out.push("The program needs none.");
  } else {
    out.push(
      "A program kept in a repository must not carry secrets, and the API never returns some values (passwords,",
      `SSH key lines), so the program reads them from config keys of the project's namespace (\`${project}:\`),`,
      "secret where the value is. Set each one before the first preview (Pulumi.yaml declares them, so Pulumi",
      "refuses to run without them). `pulumi config set` reads the value from standard input when none is given,",
      "so a PEM file keeps its line breaks, and prompts for it in a terminal:",
      "",
      "```sh",
      ...configLines(project, required),
      "```",
      "",
      ...guidance(required, settings.apiVersion),
    );
  }

  out.push("", "## The first `pulumi up`", "", ...(context.origin?.firstUp ?? GENERATE_FIRST_UP));
  out.push(
    "",
    "## Resources",
    "",
    "| name | type | how | import id |",
    "|---|---|---|---|",
    ...plan.resources.map(
      (r) => `| \`${r.name}\` | ${KINDS[r.kind].type} | ${r.mode === "declare" ? "declared" : "read only"} | \`${r.id}\` |`,
    ),
  );
  if (optional.length > 0) {
    out.push(
      "",
      "## Config keys of read-only objects",
      "",
      "These objects are read, not managed, and some of their inputs cannot be read. A declaration that manages",
      "one of them would take the value from the key below:",
      "",
      ...optional.map((c) => `- \`${project}:${c.key}\`: ${c.description} (\`${c.resource}\`)`),
    );
  }
  if (plan.notes.length > 0) out.push("", "## Notes", "", ...plan.notes.map((n) => `- ${n}`));
  return `${out.join("\n")}\n`;
}

/** The files of a generated project, whatever the account holds. */
export const PROJECT_FILES = ["index.ts", "Pulumi.yaml", "package.json", "tsconfig.json", "README.md"] as const;

/** Every file of the project, by file name. */
export function printProject(plan: Plan, context: ProgramContext): Record<(typeof PROJECT_FILES)[number], string> {
  return {
    "index.ts": printIndex(plan, context),
    "Pulumi.yaml": printPulumiYaml(plan, context),
    "package.json": printPackageJson(context),
    "tsconfig.json": printTsconfig(),
    "README.md": printReadme(plan, context),
  };
}

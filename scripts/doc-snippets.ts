/**
 * Type-checks the TypeScript the docs show, so that no example drifts from the code: every
 * fenced `ts` / `typescript` block of README.md and `docs/` (the TypeDoc output in `docs/api` and
 * the registry pages in `docs/registry` excepted), and every `@example` of an export of the package's entry points (`.`, `./runtime`,
 * `./simulator`, `./testing`).
 *
 * Each snippet becomes a module of its own under `.tmp/doc-snippets/`, where
 * `pulumi-hosting-reseller` and its subpaths resolve to `src/` (as a user's program resolves
 * them to the published build). A snippet that shows part of a program may use the names
 * `PRELUDE` declares (`sim`, `client`, `stack`, `config`, ...) without declaring them; its own
 * declarations shadow them. Errors are reported at the line of the markdown or source file.
 * `npm run typecheck` runs it.
 *
 * @example
 * npx tsx scripts/doc-snippets.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, ".tmp", "doc-snippets");

/** The package's entry points, as `package.json` `exports` maps them, in the sources. */
const ENTRY_POINTS: Record<string, string> = {
  "pulumi-hosting-reseller": "src/index.ts",
  "pulumi-hosting-reseller/runtime": "src/runtime.ts",
  "pulumi-hosting-reseller/simulator": "packages/simulator/src/index.ts",
  "pulumi-hosting-reseller/testing": "packages/testing/src/index.ts",
};

/** tsconfig.json's `paths` (the workspace's packages and `./contract`), with absolute targets. */
function workspacePaths(): Record<string, string[]> {
  const { config, error } = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), (file) => ts.sys.readFile(file));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return Object.fromEntries(Object.entries(paths).map(([spec, files]) => [spec, files.map((file) => path.join(ROOT, file))]));
}

/**
 * Names a fragment may use without declaring them: every export of the entry points (an
 * `@example` is read as part of a program that imports the package), Vitest's test functions,
 * and what the surrounding text of a doc says the snippet has at hand (a running simulator, a
 * client, a test stack, the project's config). Declared as globals, so a snippet's own import or
 * declaration of the same name wins.
 */
const PRELUDE = `import type * as pulumiNs from "@pulumi/pulumi";
import type * as vitestNs from "vitest";
import type * as fsNs from "node:fs";
import type * as cryptoNs from "node:crypto";
import type * as forgeNs from "node-forge";
import type { ClientOptions, ContactArgs, CustomSsl, DnsRecordSet, DnsZoneArgs, DomainRegistration, GetAccessLogsOutputArgs, GetPhpVersionsResult, Limiter, ResellerClient } from "pulumi-hosting-reseller";
import type { Simulator } from "pulumi-hosting-reseller/simulator";
import type { DeploymentError, OperationResult, PulumiProgram, TestStack } from "pulumi-hosting-reseller/testing";
import type { ProviderContext } from "${path.join(ROOT, "src/provider/runtime/context")}";
import type { HostingAddress } from "${path.join(ROOT, "src/provider/runtime/context")}";
import type { PhpOption } from "${path.join(ROOT, "src/client/endpoints/php")}";

declare global {
  const pulumi: typeof pulumiNs;
  const describe: typeof vitestNs.describe;
  const it: typeof vitestNs.it;
  const expect: typeof vitestNs.expect;
  const beforeAll: typeof vitestNs.beforeAll;
  const afterAll: typeof vitestNs.afterAll;
  const afterEach: typeof vitestNs.afterEach;
  // Node and library modules an example names without importing them.
  const fs: typeof fsNs;
  const X509Certificate: typeof cryptoNs.X509Certificate;
  type X509Certificate = cryptoNs.X509Certificate;
  const createPrivateKey: typeof cryptoNs.createPrivateKey;
  const forge: typeof forgeNs;
  // What a program or a test has at hand.
  /** A second simulator, for a second account. */
  const simB: Simulator;
  /** The program a test stack runs, and the directory it runs from. */
  const program: PulumiProgram;
  const workDir: string;
  const programDir: string;
  /** What an operation of a test stack returned, and an operation that failed. */
  const result: OperationResult;
  const error: DeploymentError;
  /** The text of a state file kept as a test fixture. */
  const fixtureText: string;
  /** The simulator's URL, credentials, a client's other options, a limiter and a request to schedule. */
  const url: string;
  const apiUser: string;
  const apiKey: string;
  const opts: ClientOptions;
  const otherOpts: ClientOptions;
  const limiter: Limiter;
  const send: () => Promise<unknown>;
  /** Resources of the program. */
  const site: { hostingId: number; domain: string };
  const registration: DomainRegistration;
  const cert: CustomSsl;
  const zone: DnsRecordSet;
  const www: DnsRecordSet;
  const wwwRecord: DnsRecordSet;
  const registrant: ContactArgs;
  const password: pulumiNs.Input<string>;
  const recordSets: DnsZoneArgs["recordSets"];
  const phpVersions: GetPhpVersionsResult;
  const args: GetAccessLogsOutputArgs;
  /** PEM text of a certificate (one for *.example.com in wildcardPem) or a key. */
  const pem: string;
  const wildcardPem: string;
  const domain: string;
  /** In a provider: its context, a hosting account's address, a PHP version and its option map. */
  const ctx: ProviderContext;
  const address: HostingAddress;
  const version: string;
  const map: Record<string, PhpOption>;
  /** In a provider's lifecycle: an id, old outputs, checked and new inputs. */
  const id: string;
  const outs: Record<string, unknown>;
  const oldOuts: Record<string, unknown>;
  const checkedInputs: Record<string, unknown>;
  const newInputs: Record<string, unknown>;
  /** A simulator started with \`startSimulator()\`. */
  const sim: Simulator;
  /** A client made with \`createClient()\`. */
  const client: ResellerClient;
  /** A test stack made with \`createTestStack()\`. */
  const stack: TestStack;
  /** The project's config: \`new pulumi.Config()\`. */
  const config: pulumiNs.Config;
}
export {};
`;

/** Export names that cannot name a global (the runtime exports `delete`). */
const RESERVED = new Set(["delete", "default", "function", "class", "new", "in", "typeof", "void"]);

/** One snippet: where it comes from (file and line of its first line) and its text. */
export interface Snippet {
  file: string;
  line: number;
  code: string;
}

/** Every markdown file of the docs, relative to the root. */
function markdownFiles(dir = "docs"): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    // docs/registry's programs import the generated SDK, which is not part of the workspace; they
    // are written from the schema's example models, which test/plugin/schema-docs.test.ts checks.
    if (entry.isDirectory()) return rel === "docs/api" || rel === "docs/registry" ? [] : markdownFiles(rel);
    return entry.name.endsWith(".md") ? [rel] : [];
  });
}

/**
 * The fenced TypeScript blocks of a markdown text.
 *
 * @example
 * markdownSnippets("README.md", "```ts\nconst a = 1;\n```\n"); // [{ file: "README.md", line: 2, code: "const a = 1;" }]
 */
export function markdownSnippets(file: string, text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(ts|typescript)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(open[1]!.length));
    snippets.push({ file, line: i + 2, code: body.join("\n") });
    i = j;
  }
  return snippets;
}

/**
 * The `@example` tags of every export of the entry points, and the declarations that make those
 * exports globals of the snippets (`const X: typeof pkg0.X`, `type X = pkg0.X`).
 */
function exampleSnippets(): { snippets: Snippet[]; globals: string } {
  const program = ts.createProgram(
    Object.values(ENTRY_POINTS).map((f) => path.join(ROOT, f)),
    { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const seen = new Set<ts.Node>();
  const snippets: Snippet[] = [];
  const declared = new Set<string>(["pulumi", "describe", "it", "expect", "beforeAll", "afterAll", "sim", "client", "stack", "config"]);
  const imports: string[] = [];
  const globals: string[] = [];
  for (const [n, [spec, entry]] of Object.entries(ENTRY_POINTS).entries()) {
    imports.push(`import type * as pkg${n} from "${spec}";`);
    const source = program.getSourceFile(path.join(ROOT, entry));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`cannot read the exports of ${entry}`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = exported.name;
      // A keyword (the runtime's \`delete\`) cannot be a global's name; such an export is only called as a member.
      if (!declared.has(name) && !RESERVED.has(name)) {
        declared.add(name);
        if (symbol.flags & ts.SymbolFlags.Value) globals.push(`  const ${name}: typeof pkg${n}.${name};`);
        if (symbol.flags & ts.SymbolFlags.Type) {
          const withParams = symbol.declarations?.find((d) => (d as ts.InterfaceDeclaration).typeParameters?.length) as
            ts.InterfaceDeclaration | undefined;
          const params = withParams?.typeParameters?.map((_, i) => `T${i}`) ?? [];
          globals.push(
            params.length
              ? `  type ${name}<${params.map((t) => `${t} = any`).join(", ")}> = pkg${n}.${name}<${params.join(", ")}>;`
              : `  type ${name} = pkg${n}.${name};`,
          );
        }
      }
      for (const declaration of symbol.declarations ?? []) {
        for (const tag of ts.getJSDocTags(declaration)) {
          if (tag.tagName.text !== "example" || seen.has(tag)) continue;
          seen.add(tag);
          const code = ts.getTextOfJSDocComment(tag.comment) ?? "";
          const file = tag.getSourceFile();
          const { line } = file.getLineAndCharacterOfPosition(tag.getStart(file));
          snippets.push({ file: path.relative(ROOT, file.fileName), line: line + 2, code: stripFence(code) });
        }
      }
    }
  }
  return { snippets, globals: `${imports.join("\n")}\ndeclare global {\n${globals.join("\n")}\n}\nexport {};\n` };
}

/** An `@example` may wrap its code in a fence; the code is what is inside. */
function stripFence(code: string): string {
  const fenced = /^```[a-z]*\n([\s\S]*?)\n```\s*$/.exec(code.trim());
  return fenced ? fenced[1]! : code;
}

/**
 * Type-checks `snippets` with `globals` declared, in the directory `out` (emptied first); returns
 * the errors as `file:line: message`.
 *
 * @example
 * const errors = checkSnippets([{ file: "README.md", line: 10, code: "const n: number = 'a';" }], "export {};\n");
 */
export function checkSnippets(snippets: readonly Snippet[], globals: string, out = OUT): string[] {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "prelude.d.ts"), PRELUDE);
  writeFileSync(path.join(out, "exports.d.ts"), globals);
  const origin = new Map<string, Snippet>();
  snippets.forEach((snippet, n) => {
    const name = path.join(out, `${String(n).padStart(4, "0")}-${snippet.file.replace(/[^A-Za-z0-9]+/g, "-")}.ts`);
    // `export {}` makes every snippet a module: its names are its own, and top-level await works.
    writeFileSync(name, `${snippet.code}\nexport {};\n`);
    origin.set(name, snippet);
  });
  const paths = {
    ...Object.fromEntries(Object.entries(ENTRY_POINTS).map(([spec, file]) => [spec, [path.join(ROOT, file)]])),
    // The simulator's sources import `pulumi-hosting-reseller/contract`, and `/simulator` and
    // `/testing` are the workspace's packages: their sources too, as tsconfig.json maps them,
    // since a clean checkout is type-checked before anything is built (docs/decisions/0037).
    ...workspacePaths(),
  };
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    paths,
  };
  const program = ts.createProgram([path.join(out, "prelude.d.ts"), path.join(out, "exports.d.ts"), ...origin.keys()], options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return `error TS${d.code}: ${message}`;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const snippet = origin.get(path.resolve(d.file.fileName));
    if (snippet) return `${snippet.file}:${snippet.line + line}: error TS${d.code}: ${message}`;
    return `${path.relative(ROOT, d.file.fileName)}:${line + 1}: error TS${d.code}: ${message}`;
  });
}

/**
 * Every snippet the docs and the public exports show, and the globals they may use.
 *
 * @example
 * const { snippets } = allSnippets();
 */
export function allSnippets(): { snippets: Snippet[]; globals: string } {
  const docs = ["README.md", ...markdownFiles()].flatMap((file) => markdownSnippets(file, readFileSync(path.join(ROOT, file), "utf8")));
  const examples = exampleSnippets();
  return { snippets: [...docs, ...examples.snippets], globals: examples.globals };
}

if (require.main === module) {
  const { snippets, globals } = allSnippets();
  const errors = checkSnippets(snippets, globals);
  if (errors.length > 0) {
    process.stderr.write(`${errors.join("\n")}\n${errors.length} error(s) in the TypeScript of the docs and @example tags\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${snippets.length} TypeScript snippets of the docs and @example tags type-check\n`);
  }
}

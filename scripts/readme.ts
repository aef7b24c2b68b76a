/**
 * Generates the parts of `README.md` and `docs/` that restate other sources, so they cannot drift:
 *
 * - `contents` (README.md and docs/README.md): every page of `docs/`, the resource pages in the
 *   registry's order (`src/resources/registry.ts`) and the decisions in `docs/decisions/`;
 * - `configuration` (docs/configuration.md): the `reseller:*` keys, from the provider's `CONFIG_KEYS`;
 * - `resources` (docs/resources.md): one line per registered resource, linking its page
 *   `docs/resources/<folder>.md` (the one source of a resource's documentation);
 * - `operations` (docs/api-operations.md): every operation per version with its evidence, from
 *   the endpoint table;
 * - `store` (docs/simulator.md): the simulator store's shape, from `packages/simulator/src/state.ts`;
 * - `test-run` (README.md): how long `npm test` took, from the run recorded in
 *   `docs/measurements/npm-test.json` (`npm run test:record`), or that it is not measured yet;
 * - `Pulumi.yaml.example`, whole: every key of `CONFIG_KEYS` in its `template:` block.
 *
 * `npm run readme` rewrites each block between its markers; a test fails when a file is out of
 * date, when a registered resource has no page, or when a page of `docs/` is linked from nowhere.
 *
 * @example
 * npm run readme
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { API_VERSIONS, type EndpointDef, type Evidence } from "../src/client/endpoint";
import { endpoints } from "../src/client/endpoints";
import { configurationTable, escapeCell } from "./lib/config-table";
import { definitions, resourceFolder } from "../src/resources/registry";
import { parseRunRecord, runSentence } from "./lib/run-record";
import { pulumiYamlExample } from "./pulumi-yaml-example";
import { MEASUREMENT_FILE } from "./test-run";

const ROOT = path.resolve(__dirname, "..");

/**
 * The pages of `docs/` in reading order, with what each holds. A page listed here before it is
 * written goes in `PENDING_PAGES` too, so the link check lets it through until it lands.
 */
export const PAGES: readonly { file: string; title: string; what: string }[] = [
  {
    file: "installation.md",
    title: "Installation",
    what: "requirements, install, the Pulumi CLI, checking the connection with `reseller ping`",
  },
  {
    file: "first-day.md",
    title: "First day on a live account",
    what: "allow-listing, `reseller ping`, `reseller probe`, endpoint overrides, `routeFallback`, what a wrong route does",
  },
  {
    file: "configuration.md",
    title: "Configuration",
    what: "every `reseller:*` key, environment variables, Pulumi ESC, several accounts, correcting a path",
  },
  { file: "demo.md", title: "The demo", what: "what `npm run demo` does, and what it prints" },
  {
    file: "resources.md",
    title: "Resources",
    what: "what holds for every resource (accounts, checks, refresh, adoption, secrets, destroy), and one page each",
  },
  { file: "data-sources.md", title: "Data sources", what: "`getX` / `getXOutput` functions for everything readable" },
  { file: "drift.md", title: "Drift detection", what: "`pulumi preview --refresh --expect-no-changes`, exit codes, CI" },
  { file: "client.md", title: "The client", what: "`createClient`: options, parameters, responses, errors, retries" },
  {
    file: "simulator.md",
    title: "The simulator",
    what: "options, faults, rate limit, the admin interface, the demo seed, the store's shape",
  },
  { file: "testing.md", title: "Testing your program", what: "the testing toolkit: both engines, operations, config and secrets, state" },
  { file: "cli.md", title: "The `reseller` command", what: "commands, flags and exit codes" },
  { file: "template.md", title: "The `pulumi new` template", what: "starting a new project from `templates/reseller-typescript`" },
  {
    file: "native-provider.md",
    title: "The provider plugin",
    what: "`pulumi-resource-reseller`: `pulumi import`, explicit providers, YAML and every Pulumi language",
  },
  {
    file: "registry/_index.md",
    title: "Registry overview",
    what: "the provider's Pulumi Registry page: what it is, an example in TypeScript, Python, Go and YAML, its resources and functions (`npm run registry-docs`)",
  },
  {
    file: "registry/installation-configuration.md",
    title: "Registry installation and configuration",
    what: "the plugin from a release archive, an SDK per language, the configuration keys (`npm run registry-docs`)",
  },
  { file: "generate.md", title: "`reseller generate`", what: "a Pulumi program from a live account, and what it prints" },
  {
    file: "zone-files.md",
    title: "Zone files",
    what: "`reseller zone export` and `reseller zone import`: a DNS zone as an RFC 1035 zone file or a program, and zone files as a program",
  },
  { file: "examples.md", title: "Examples", what: "`hosting-site`, `multi-env`, `drift-check`, and running them against the simulator" },
  {
    file: "cookbook.md",
    title: "Cookbook",
    what: "a new client site, rotating passwords, one stack per client, moving a site, offboarding, adopting a whole account",
  },
  { file: "api-operations.md", title: "API operations", what: "every operation of v4, v3 and v2 with its method, path and evidence" },
  {
    file: "evidence.md",
    title: "Evidence",
    what: "the API catalog that `catalog §…` citations refer to: sources, labels, cross-cutting behaviour",
  },
  { file: "reliability.md", title: "Reliability", what: "what happens when the API or the network fails" },
  { file: "benchmarks.md", title: "Benchmarks", what: "speed and memory against the simulator" },
  { file: "limits.md", title: "Limits", what: "what the package cannot do, and why" },
  { file: "development.md", title: "Development", what: "working on this repository: tests, the engine suite, generated docs" },
];

/** Pages of `PAGES` that other changes add: linked before they exist. */
export const PENDING_PAGES: readonly string[] = [];

const marker = (name: string) => ({
  start: `<!-- ${name}:start -->`,
  end: `<!-- ${name}:end -->`,
});

/** The decision records, in number order. */
function decisions(): string[] {
  return readdirSync(path.join(ROOT, "docs/decisions"))
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();
}

/** The contents list; `prefix` leads every link (`docs/` from the README, nothing from docs/README.md). */
function contentsMarkdown(prefix: string): string {
  const lines = PAGES.map((p) => `- [${p.title}](${prefix}${p.file}): ${p.what}`);
  const resources = definitions.map(({ type }) => `[${type}](${prefix}resources/${resourceFolder(type)}.md)`);
  const records = decisions().map((f) => `[${f.slice(0, 4)}](${prefix}decisions/${f})`);
  lines.splice(PAGES.findIndex((p) => p.file === "resources.md") + 1, 0, `  - one page per resource: ${resources.join(", ")}`);
  lines.push(`- Decisions: ${records.join(", ")}`);
  return lines.join("\n");
}

function resourcesMarkdown(): string {
  return [
    "| resource | type token | page |",
    "|---|---|---|",
    ...definitions.map(({ type }) => {
      const folder = resourceFolder(type);
      const file = path.join(ROOT, "docs/resources", `${folder}.md`);
      if (!existsSync(file)) throw new Error(`Resource ${type} has no document docs/resources/${folder}.md`);
      return `| [${type}](resources/${folder}.md) | \`pulumi-nodejs:dynamic/reseller:${type}\` | \`docs/resources/${folder}.md\` |`;
    }),
  ].join("\n");
}

/**
 * A route's evidence as the table shows it: `observed` with the day of its probe recording
 * (src/client/observed.ts), otherwise the catalog's `seed`, `confirmed` or `inferred`, which the
 * source column keeps either way.
 */
function evidenceLabel(e: EndpointDef): string {
  return e.evidence === "observed" && e.observedOn !== undefined ? `observed ${e.observedOn}` : e.evidence;
}

/** A count line and one table per version. */
function operationsMarkdown(): string {
  const all = Object.values(endpoints as Record<string, EndpointDef>);
  const lines: string[] = [];
  for (const v of API_VERSIONS) {
    const eps = all.filter((e) => e.version === v).sort((a, b) => a.id.localeCompare(b.id));
    const by = (ev: Evidence) => eps.filter((e) => e.evidence === ev).length;
    lines.push(
      "",
      `## ${v} (${eps.length} operations: ${by("seed")} seed, ${by("confirmed")} confirmed, ${by("observed")} observed, ${by("inferred")} inferred)`,
      "",
      "| operation | method | path | evidence | source | summary |",
      "|---|---|---|---|---|---|",
      ...eps.map(
        (e) => `| \`${e.id}\` | ${e.method} | \`${e.path}\` | ${evidenceLabel(e)} | ${escapeCell(e.source)} | ${escapeCell(e.summary)} |`,
      ),
    );
  }
  return lines.join("\n").trim();
}

/** `packages/simulator/src/state.ts` without its file comment: the store's types, as the code declares them. */
function storeMarkdown(): string {
  const source = readFileSync(path.join(ROOT, "packages/simulator/src/state.ts"), "utf8");
  const body = source.replace(/^\/\*\*[\s\S]*?\*\/\s*/, "").trimEnd();
  return ["```ts", body, "```"].join("\n");
}

/** The README's figure for `npm test`: the committed record of a whole run, if there is one. */
function testRunMarkdown(): string {
  const record = existsSync(MEASUREMENT_FILE) ? parseRunRecord(JSON.parse(readFileSync(MEASUREMENT_FILE, "utf8"))) : undefined;
  return runSentence(record, path.relative(ROOT, MEASUREMENT_FILE));
}

/** Which blocks each file holds. */
export const FILES: Record<string, Record<string, () => string>> = {
  "README.md": { contents: () => contentsMarkdown("docs/"), "test-run": testRunMarkdown },
  "docs/README.md": { contents: () => contentsMarkdown("") },
  "docs/configuration.md": { configuration: configurationTable },
  "docs/resources.md": { resources: resourcesMarkdown },
  "docs/api-operations.md": { operations: operationsMarkdown },
  "docs/simulator.md": { store: storeMarkdown },
};

/** `text` (the file `file`) with every generated block replaced. */
export function renderFile(file: string, text: string): string {
  let out = text;
  for (const [name, render] of Object.entries(FILES[file] ?? {})) {
    const { start, end } = marker(name);
    const a = out.indexOf(start);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`${file} lacks the markers ${start} ... ${end}`);
    const note = "<!-- generated by `npm run readme`; edit the source, not this block -->";
    out = `${out.slice(0, a + start.length)}\n${note}\n\n${render()}\n\n${out.slice(b)}`;
  }
  return out;
}

if (require.main === module) {
  for (const file of Object.keys(FILES)) {
    const full = path.join(ROOT, file);
    writeFileSync(full, renderFile(file, readFileSync(full, "utf8")));
  }
  writeFileSync(path.join(ROOT, "Pulumi.yaml.example"), pulumiYamlExample());
  process.stdout.write(
    `Generated blocks updated in ${Object.keys(FILES).join(", ")}, and Pulumi.yaml.example (${Object.keys(endpoints).length} operations, ${definitions.length} resources)\n`,
  );
}

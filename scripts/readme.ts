/**
 * Generates the parts of README.md that restate other sources, so they cannot drift:
 *
 * - `configuration`: the `reseller:*` keys, from the provider's `CONFIG_KEYS`;
 * - `resources`: one section per resource, from `docs/resources/<kebab-name>.md`;
 * - `data-sources`: from `docs/data-sources.md`;
 * - `operations`: every operation per version with its evidence, from the endpoint table.
 *
 * `npm run readme` rewrites each block between its markers; a test fails when README.md is out
 * of date, or when a registered resource has no document.
 *
 * @example
 * npm run readme
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { API_VERSIONS, type EndpointDef } from "../src/client/endpoint";
import { endpoints } from "../src/client/endpoints";
import { CONFIG_KEYS, CONFIG_NAMESPACE } from "../src/provider/config";
import { definitions } from "../src/resources";

const ROOT = path.resolve(__dirname, "..");

/** Resources in README order: the ten core ones first, then the rest as they were added. */
const RESOURCE_ORDER = [
  "DomainRegistration",
  "DnsRecordSet",
  "Redirection",
  "CustomSsl",
  "FtpAccount",
  "SshKey",
  "DatabaseUserGrant",
  "ObjectStorageUrl",
  "WafDisabledRules",
  "PhpOptions",
  "DnsZone",
  "DomainNameservers",
  "DomainLock",
  "PhpVersion",
  "PhpExtensions",
  "CacheService",
  "ObjectStorageAccount",
  "Database",
  "DatabaseUser",
  "CronJob",
  "CronEmail",
  "SslCsr",
];

const kebab = (type: string): string => type.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

const marker = (name: string) => ({
  start: `<!-- ${name}:start -->`,
  end: `<!-- ${name}:end -->`,
});

/** Shifts markdown headings down by `levels` (outside code fences). */
function demote(markdown: string, levels: number): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,6} /.test(line) ? `${"#".repeat(levels)}${line}` : line;
    })
    .join("\n")
    .trim();
}

function configurationMarkdown(): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| key | environment variable | default | meaning |",
    "|---|---|---|---|",
    ...CONFIG_KEYS.map(
      (k) =>
        `| \`${CONFIG_NAMESPACE}:${k.key}\`${k.secret ? " (secret)" : ""} | \`${k.env}\` | ${k.default !== undefined ? `\`${esc(k.default)}\`` : "(required)"} | ${esc(k.description)} |`,
    ),
  ].join("\n");
}

function resourcesMarkdown(): string {
  const registered = definitions.map((d) => d.type);
  const unknown = registered.filter((t) => !RESOURCE_ORDER.includes(t));
  if (unknown.length) throw new Error(`Add ${unknown.join(", ")} to RESOURCE_ORDER in scripts/readme.ts`);
  const parts: string[] = [];
  for (const type of RESOURCE_ORDER.filter((t) => registered.includes(t))) {
    const file = path.join(ROOT, "docs/resources", `${kebab(type)}.md`);
    if (!existsSync(file)) throw new Error(`Resource ${type} has no document docs/resources/${kebab(type)}.md`);
    parts.push(demote(readFileSync(file, "utf8"), 2));
  }
  return parts.join("\n\n");
}

function dataSourcesMarkdown(): string {
  const file = path.join(ROOT, "docs/data-sources.md");
  if (!existsSync(file)) return "Data sources are documented in docs/data-sources.md.";
  // The document's own title is the README's section heading.
  return demote(readFileSync(file, "utf8").replace(/^# .*\n/, ""), 1);
}

/** The generated markdown: a count line and one table per version. */
function operationsMarkdown(): string {
  const all = Object.values(endpoints as Record<string, EndpointDef>);
  const lines: string[] = [];
  for (const v of API_VERSIONS) {
    const eps = all.filter((e) => e.version === v).sort((a, b) => a.id.localeCompare(b.id));
    const by = (ev: string) => eps.filter((e) => e.evidence === ev).length;
    lines.push(
      "",
      `#### ${v} (${eps.length} operations: ${by("seed")} seed, ${by("confirmed")} confirmed, ${by("inferred")} inferred)`,
      "",
      "| operation | method | path | evidence | source | summary |",
      "|---|---|---|---|---|---|",
      ...eps.map((e) => `| \`${e.id}\` | ${e.method} | \`${e.path}\` | ${e.evidence} | ${e.source.replace(/\|/g, "\\|")} | ${e.summary.replace(/\|/g, "\\|")} |`),
    );
  }
  return lines.join("\n").trim();
}

const BLOCKS: Record<string, () => string> = {
  configuration: configurationMarkdown,
  resources: resourcesMarkdown,
  "data-sources": dataSourcesMarkdown,
  operations: operationsMarkdown,
};

/** README text with every generated block replaced. */
export function renderReadme(readme: string): string {
  let out = readme;
  for (const [name, render] of Object.entries(BLOCKS)) {
    const { start, end } = marker(name);
    const a = out.indexOf(start);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`README.md lacks the markers ${start} ... ${end}`);
    const note = "<!-- generated by `npm run readme`; edit the source, not this block -->";
    out = `${out.slice(0, a + start.length)}\n${note}\n\n${render()}\n\n${out.slice(b)}`;
  }
  return out;
}

if (require.main === module) {
  const file = path.join(ROOT, "README.md");
  writeFileSync(file, renderReadme(readFileSync(file, "utf8")));
  process.stdout.write(`README.md generated blocks updated (${Object.keys(endpoints).length} operations, ${definitions.length} resources)\n`);
}

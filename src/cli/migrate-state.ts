/**
 * `reseller migrate-state`: moves a stack's dynamic resources to the provider plugin without
 * deleting or recreating anything (docs/decisions/0027).
 *
 * The engine cannot turn a dynamic resource into a native one in place: an alias may change the
 * type token, but the provider changes package too (`pulumi-nodejs` to `reseller`), which the
 * engine answers with a replacement. So the objects leave the state without any API call
 * (`pulumi state delete`) and come back through the plugin's `Read` (`pulumi import --file`),
 * under the same logical names and parents. `pulumi import` protects what it imports unless run
 * with `--protect=false`; the program's own `protect` options apply again at the next `up`.
 * This command reads `pulumi stack export` and writes
 * the import file and the list of URNs to remove; it calls neither `pulumi` nor the API.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { ACCOUNT_KEY } from "../provider/lifecycle/account";
import { definitionOf, types } from "../runtime";
import { tokenOf } from "../plugin/tokens";
import { SIG_KEY } from "../plugin/values";

/** Type token prefix of the dynamic resources (never changed, so it finds them in state of any version). */
const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/reseller:";

/** A resource of `pulumi stack export`, as far as the migration reads it. */
interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  parent?: string;
  delete?: boolean;
  outputs?: Record<string, unknown>;
}

/** One resource of a `pulumi import --file` file. */
export interface ImportEntry {
  type: string;
  name: string;
  id: string;
  parent?: string;
}

/** What the migration will do, and what it cannot. */
export interface MigrationPlan {
  /** The import file: `pulumi import --file <file>` reads it. */
  importFile: { nameTable?: Record<string, string>; resources: ImportEntry[] };
  /** The dynamic resources to remove from the state, dependents first (`pulumi state delete`). */
  remove: string[];
  /** Resources left as they are, each with the reason. */
  skipped: { urn: string; reason: string }[];
}

function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * The id to import a resource under: the definition's `importId` of its state where it has one,
 * so that what a read from the id alone cannot find (a redirection's destination, the options a
 * PhpOptions manages) comes back from the state; otherwise the state id. A state that holds a
 * secret (still encrypted in an export) gives the state id.
 */
function importIdOf(type: string, id: string, outputs: Record<string, unknown> | undefined): string {
  const importId = definitionOf(type).id.importId;
  if (!importId || !outputs || JSON.stringify(outputs).includes(SIG_KEY)) return id;
  return importId(outputs);
}

function isStack(urn: string): boolean {
  return urn.includes("::pulumi:pulumi:Stack::");
}

/**
 * Plans the migration of an exported deployment.
 *
 * @example
 * const plan = planMigration(JSON.parse(execSync("pulumi stack export").toString()));
 * writeFileSync("import.json", JSON.stringify(plan.importFile, null, 2));
 */
export function planMigration(exported: unknown): MigrationPlan {
  const resources = ((exported as { deployment?: { resources?: ExportedResource[] } })?.deployment?.resources ?? []) as ExportedResource[];
  if (!Array.isArray(resources))
    throw new Error("the input is not the output of `pulumi stack export`: it has no deployment.resources list");
  const plan: MigrationPlan = { importFile: { resources: [] }, remove: [], skipped: [] };
  const nameTable: Record<string, string> = {};
  for (const r of resources) {
    if (!r.type?.startsWith(DYNAMIC_PREFIX) || r.delete) continue;
    const type = r.type.slice(DYNAMIC_PREFIX.length);
    if (!types.includes(type)) {
      plan.skipped.push({ urn: r.urn, reason: `${type} is not a resource type of this package version` });
      continue;
    }
    if (!r.id) {
      plan.skipped.push({ urn: r.urn, reason: "it has no id (a read that failed, or a create that never finished)" });
      continue;
    }
    const account = r.outputs?.[ACCOUNT_KEY];
    if (typeof account === "string") {
      // An import file cannot give the `account` input the plugin's Read needs to find the object.
      plan.skipped.push({
        urn: r.urn,
        reason: `it lives in account "${account}": import it with an explicit provider for that account (docs/native-provider.md)`,
      });
      continue;
    }
    const entry: ImportEntry = { type: tokenOf(type), name: nameOf(r.urn), id: importIdOf(type, r.id, r.outputs) };
    if (r.parent && !isStack(r.parent)) {
      const parentName = `parent-${Object.keys(nameTable).length + 1}`;
      const existing = Object.entries(nameTable).find(([, urn]) => urn === r.parent)?.[0];
      const key = existing ?? parentName;
      nameTable[key] = r.parent;
      entry.parent = key;
    }
    plan.importFile.resources.push(entry);
    plan.remove.push(r.urn);
  }
  if (Object.keys(nameTable).length > 0) plan.importFile.nameTable = nameTable;
  // Dependents come after what they depend on in an export; removing in reverse never removes
  // a resource another one still refers to.
  plan.remove.reverse();
  return plan;
}

/**
 * Registers `reseller migrate-state`.
 *
 * @example
 * registerMigrateStateCommand(new Command("reseller"));
 */
export function registerMigrateStateCommand(program: Command): void {
  program
    .command("migrate-state")
    .description(
      "Plan the move of a stack's dynamic resources to the provider plugin: an import file and the URNs to remove, from `pulumi stack export`",
    )
    .requiredOption("--export <file>", "the output of `pulumi stack export` (required)")
    .requiredOption("--import-file <file>", "where to write the file for `pulumi import --file` (required)")
    .requiredOption("--remove-file <file>", "where to write the URNs to remove with `pulumi state delete`, one a line (required)")
    .action((opts: { export: string; importFile: string; removeFile: string }) => {
      const plan = planMigration(JSON.parse(readFileSync(opts.export, "utf8")));
      writeFileSync(opts.importFile, `${JSON.stringify(plan.importFile, null, 2)}\n`);
      writeFileSync(opts.removeFile, plan.remove.map((u) => `${u}\n`).join(""));
      process.stdout.write(`${plan.importFile.resources.length} resources to move: ${opts.importFile}, ${opts.removeFile}\n`);
      for (const s of plan.skipped) process.stdout.write(`left as it is: ${s.urn}: ${s.reason}\n`);
    });
}

/**
 * The file `reseller generate --import-file` writes: the account's objects for
 * `pulumi import --file`, so that a stack on the provider plugin (`reseller:index:<Type>`, YAML
 * or a generated SDK) takes them over without `adopt: true` (docs/decisions/0026).
 *
 * Each entry is the plugin's type token, the name the generated program gives the object, and
 * the id the program's comments show. The file names no protection: the engine's import file has
 * no such field (pulumi `pkg/cmd/pulumi/operations/import.go`, `importSpec`), and `pulumi import`
 * protects everything it imports unless run with `--protect=false`, which is the policy of the
 * generated program's `protect: true`.
 *
 * What `pulumi import` would take in a form the first `up` changes is left out, with the reason:
 * an object the program only reads because declaring it would change it, and a type whose read
 * from the id alone misses an input the plugin compares (a redirection's destination).
 */
import { tokenOf } from "../plugin/tokens";
import { KINDS, type Kind } from "./kinds";
import type { Plan } from "./plan";

/** One resource of a `pulumi import --file` file. */
export interface ImportFileEntry {
  type: string;
  name: string;
  id: string;
}

/** The import file, and the objects it leaves out with the reason. */
export interface ImportFilePlan {
  file: { resources: ImportFileEntry[] };
  left: { name: string; id: string; reason: string }[];
}

/**
 * The import file of a generation's plan.
 *
 * @example
 * const { file } = importFileOf((await generateProgram(client, settings)).plan);
 * writeFileSync("import.json", `${JSON.stringify(file, null, 2)}\n`);
 */
export function importFileOf(plan: Plan): ImportFilePlan {
  const out: ImportFilePlan = { file: { resources: [] }, left: [] };
  for (const r of plan.resources) {
    const kind: Kind = KINDS[r.kind];
    if (kind.notImported !== undefined) {
      out.left.push({ name: r.name, id: r.id, reason: `${kind.type}: ${kind.notImported}` });
    } else if (r.mode === "read" && kind.mode === "declare") {
      // The plan read it because its live state cannot be declared without a change.
      out.left.push({
        name: r.name,
        id: r.id,
        reason: `${kind.type} ${r.id} would change on the first \`up\`, as the program's comment next to it says`,
      });
    } else {
      out.file.resources.push({ type: tokenOf(kind.type), name: r.name, id: r.id });
    }
  }
  return out;
}

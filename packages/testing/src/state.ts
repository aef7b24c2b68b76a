/**
 * The state document the engine double keeps between operations: the test-sized counterpart of
 * a Pulumi checkpoint (`pulumi stack export`). Secrets are stored encrypted, in the checkpoint's
 * own shape `{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
 * "ciphertext": "..." }`, so a saved state never holds a secret in clear text.
 */
import { promises as fs } from "node:fs";
import * as path from "node:path";

import { z } from "zod";

import type { WireMap, WireValue } from "./wire";

/**
 * One resource in the state: what the engine records for it after a step.
 *
 * `inputs` are the checked inputs (what `check` returned) and `outputs` the provider's outputs;
 * both include `__provider`, the serialized provider the host will deserialize for refresh and
 * destroy, which do not run the program.
 *
 * @example
 * ```ts
 * const record = stack.state.resources.find((r) => r.urn.endsWith("::web"));
 * console.log(record?.id, record?.dependencies);
 * ```
 */
export interface StateResource {
  urn: string;
  /** Type token, e.g. `pulumi-nodejs:dynamic/reseller:DnsRecordSet`. */
  type: string;
  id: string;
  /** Parent URN (a component), if any. */
  parent?: string;
  /** Read with the `id` option (`Resource.get`): not owned, so never deleted, only dropped. */
  external?: boolean;
  /** `retainOnDelete`: dropped from the state without a Delete call. */
  retainOnDelete?: boolean;
  /** `protect`: a delete or a replacement fails, and nothing is sent to the provider. */
  protect?: boolean;
  /** `deletedWith`: no Delete call when this resource is deleted in the same operation. */
  deletedWith?: string;
  /** `ignoreChanges` property paths (kept for refresh, which diffs with them as the engine does). */
  ignoreChanges?: string[];
  /** `replaceOnChanges` property paths. */
  replaceOnChanges?: string[];
  /** The `deleteBeforeReplace` resource option, when the program set it. */
  deleteBeforeReplace?: boolean;
  inputs: WireMap;
  outputs: WireMap;
  /** URNs this resource depends on (`dependsOn` plus every resource its inputs came from). */
  dependencies: string[];
  /** Per input property, the URNs its value came from. */
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs: string[];
  /** Set when create or update reported a partial failure: the next `up` updates the resource. */
  initErrors?: string[];
  /**
   * An old object whose replacement exists (create-before-delete) but whose delete did not
   * happen yet; the next `up` or `destroy` deletes it.
   */
  pendingDelete?: boolean;
  /**
   * Deleted already by a delete-before-replace whose create has not happened yet (it failed, or
   * the operation stopped): the next `up` creates the replacement without deleting again, and a
   * destroy only drops the entry.
   */
  pendingReplacement?: boolean;
}

/**
 * A whole stack's state, as {@link TestStack.saveState} writes it and {@link loadState} reads it.
 *
 * @example
 * ```ts
 * await stack.saveState(".tmp/state.json");
 * const state = await loadState(".tmp/state.json");
 * const again = await createTestStack({ program, workDir, state, secretsPassphrase: "p" });
 * ```
 */
export interface StateDocument {
  version: 1;
  project: string;
  stack: string;
  /** Base64 scrypt salt for the secrets passphrase. */
  secretsSalt: string;
  /** A known value encrypted with the passphrase: loading with another passphrase fails at once. */
  secretsCheck: string;
  /** Stack outputs (what the program returned), secrets encrypted. */
  outputs: WireMap;
  resources: StateResource[];
}

const wireValue: z.ZodType<WireValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(wireValue), z.record(z.string(), wireValue)]),
);
const wireMap = z.record(z.string(), wireValue);

const stateResourceSchema = z.object({
  urn: z.string().startsWith("urn:pulumi:"),
  type: z.string(),
  id: z.string(),
  parent: z.string().optional(),
  external: z.boolean().optional(),
  retainOnDelete: z.boolean().optional(),
  protect: z.boolean().optional(),
  deletedWith: z.string().optional(),
  ignoreChanges: z.array(z.string()).optional(),
  replaceOnChanges: z.array(z.string()).optional(),
  deleteBeforeReplace: z.boolean().optional(),
  inputs: wireMap,
  outputs: wireMap,
  dependencies: z.array(z.string()),
  propertyDependencies: z.record(z.string(), z.array(z.string())),
  additionalSecretOutputs: z.array(z.string()),
  initErrors: z.array(z.string()).optional(),
  pendingDelete: z.boolean().optional(),
  pendingReplacement: z.boolean().optional(),
});

const stateDocumentSchema = z.object({
  version: z.literal(1),
  project: z.string(),
  stack: z.string(),
  secretsSalt: z.string(),
  secretsCheck: z.string(),
  outputs: wireMap,
  resources: z.array(stateResourceSchema),
});

/**
 * Validates a parsed state document (for example one kept in a test fixture).
 *
 * @example
 * ```ts
 * const state = parseState(JSON.parse(fixtureText));
 * ```
 */
export function parseState(value: unknown): StateDocument {
  const parsed = stateDocumentSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`not a test stack state document: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Reads a state document written by {@link TestStack.saveState}.
 *
 * @example
 * ```ts
 * const state = await loadState("/tmp/stack-state.json");
 * const stack = await createTestStack({ program, workDir, state, secretsPassphrase: "p" });
 * ```
 */
export async function loadState(file: string): Promise<StateDocument> {
  return parseState(JSON.parse(await fs.readFile(file, "utf8")));
}

/** Writes JSON to a temporary sibling, then renames it over the target: a reader never sees half a file. */
export async function writeStateFile(file: string, document: StateDocument): Promise<void> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`, "utf8");
  await fs.rename(temporary, file);
}

/** What delete scheduling reads of a resource. */
export type DependencyNode = Pick<StateResource, "urn" | "parent" | "dependencies" | "propertyDependencies" | "deletedWith">;

/** Every URN a resource depends on (`State.GetAllDependencies`: parent, dependencies, property dependencies, `deletedWith`). */
export function dependencyUrns(resource: DependencyNode): string[] {
  return [
    ...(resource.parent ? [resource.parent] : []),
    ...resource.dependencies,
    ...Object.values(resource.propertyDependencies).flat(),
    ...(resource.deletedWith ? [resource.deletedWith] : []),
  ];
}

/**
 * Groups `targets` for deletion the way `ScheduleDeletes` (`pkg/resource/deploy/step_generator.go`)
 * does: repeatedly take the targets none of whose dependencies is still to be deleted, then
 * reverse the rounds, so every group holds resources that can be deleted in parallel, and every
 * resource is deleted before what it depends on. Dependencies are followed by URN, so an old
 * object pending deletion comes after the dependents that still name its URN.
 */
export function deletionAntichains<T extends DependencyNode>(targets: readonly T[]): T[][] {
  const rounds: T[][] = [];
  let condemned = [...targets];
  while (condemned.length > 0) {
    const urns = new Set(condemned.map((target) => target.urn));
    let round = condemned.filter((target) => !dependencyUrns(target).some((urn) => urn !== target.urn && urns.has(urn)));
    // A dependency cycle cannot come from a program; if a hand-edited state has one, delete the rest together.
    if (round.length === 0) round = condemned;
    rounds.push(round);
    condemned = condemned.filter((target) => !round.includes(target));
  }
  return rounds.reverse();
}

/**
 * The shared `diff`: compares the new (checked) inputs with the old outputs, which a refresh has
 * updated, so drift seen by `read` shows up in the next preview (pulumi#13679).
 *
 * Rules the Node host imposes (`cmd/dynamic-provider/index.js`, 3.248): `changes` must be a
 * boolean, since anything else means DIFF_UNKNOWN; `stables` is not forwarded, so it is never
 * relied on; `replaces` and `deleteBeforeReplace` are.
 *
 * - A property that is not set in the new inputs is not managed, so it is not compared (an
 *   optional setting left out keeps whatever the object has).
 * - An unknown value (preview) counts as a change, and as a replacement on a replace-on property.
 * - Properties listed in `diff.ignore` (create-time settings, guards) are not compared.
 */
import type { AnyResourceDefinition } from "./define";
import { containsUnknown } from "./check";
import { withoutProvider } from "./outputs";

export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}

/** Structural equality of JSON values; object key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && !Array.isArray(b)) {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Diffs old outputs against new inputs for a definition. */
export function diffInputs(def: AnyResourceDefinition, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  const o = withoutProvider(olds);
  const n = withoutProvider(news);
  const replaceOn = new Set<string>(def.replaceOn ?? def.identity);
  const ignore = new Set<string>(def.diff?.ignore ?? []);
  const equal = (def.diff?.equal ?? {}) as Record<string, ((news: unknown, olds: unknown) => boolean) | undefined>;
  let changes = false;
  const replaces: string[] = [];
  for (const key of Object.keys(def.inputs)) {
    if (ignore.has(key)) continue;
    const value = n[key];
    if (value === undefined || value === null) continue;
    let changed: boolean;
    if (containsUnknown(value)) changed = true;
    else {
      const custom = equal[key];
      changed = custom ? !custom(n, o) : !jsonEqual(value, o[key]);
    }
    if (changed) {
      changes = true;
      if (replaceOn.has(key)) replaces.push(key);
    }
  }
  return { changes, replaces, deleteBeforeReplace: replaces.length > 0 && def.deleteBeforeReplace };
}

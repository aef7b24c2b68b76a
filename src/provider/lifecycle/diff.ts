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

/**
 * The inputs whose new value differs from the old output, by the rules above: what the provider
 * plugin sends the engine as the changed keys, so that the console names these and no input
 * the program does not set (the engine otherwise compares the old and new inputs itself).
 */
export function changedInputs(def: AnyResourceDefinition, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  const o = withoutProvider(olds);
  const n = withoutProvider(news);
  const ignore = new Set<string>(def.diff?.ignore ?? []);
  const equal = (def.diff?.equal ?? {}) as Record<string, ((news: unknown, olds: unknown) => boolean) | undefined>;
  return Object.keys(def.inputs).filter((key) => {
    if (ignore.has(key)) return false;
    const value = n[key];
    if (value === undefined || value === null) return false;
    if (containsUnknown(value)) return true;
    const custom = equal[key];
    return custom ? !custom(n, o) : !jsonEqual(value, o[key]);
  });
}

/** Diffs old outputs against new inputs for a definition. */
export function diffInputs(def: AnyResourceDefinition, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  const replaceOn = new Set<string>(def.replaceOn ?? def.identity);
  const changed = changedInputs(def, olds, news);
  const replaces = changed.filter((key) => replaceOn.has(key));
  return { changes: changed.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 && def.deleteBeforeReplace };
}

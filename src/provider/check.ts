/**
 * The shared `check`: validate with zod, report `CheckFailure`s that name the property, fill
 * defaults and normalize, all before any API call (DESIGN §4).
 *
 * During preview, values that depend on resources not yet created arrive as the sentinel string
 * `pulumi.runtime.unknownValue` (the host itself compares `__provider` with it, peers §4.7).
 * A property holding an unknown (anywhere inside it) is not validated: its schema is swapped for
 * `z.unknown()` and the sentinel is passed through, so `diff` can report it as a change.
 */
import { z } from "zod";
import { endpoints } from "../client/endpoints";
import type { ApiVersion } from "../client/endpoint";
import { inputKeys, type AnyResourceDefinition, type IssueSink } from "./define";
import { toPlainJson, withoutProvider } from "./outputs";

/**
 * The value Pulumi sends for inputs unknown during preview (`pulumi.runtime.unknownValue` in
 * `@pulumi/pulumi` 3.x). Kept as a literal so the runtime never loads `@pulumi/pulumi`; a test
 * pins it to the SDK's constant.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Whether `value` is the unknown sentinel. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Whether `value` is, or holds anywhere inside it, the unknown sentinel. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** A failure as the engine wants it: the property path and a reason. */
export interface CheckFailure {
  property: string;
  reason: string;
}

export interface CheckResult {
  inputs?: Record<string, unknown>;
  failures?: CheckFailure[];
}

/** A property path as Pulumi prints it: `records[0].value`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

/**
 * Validates and normalizes `news` against a definition for an API version.
 *
 * Null and undefined properties count as "not set". Properties the resource does not declare
 * are failures (a typo in a JavaScript program would otherwise be silently ignored).
 */
export function checkInputs(def: AnyResourceDefinition, news: Record<string, unknown>, version: ApiVersion): CheckResult {
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(withoutProvider(news))) {
    if (v !== undefined && v !== null) given[k] = v;
  }
  const unknownKeys = Object.keys(given).filter((k) => containsUnknown(given[k]));
  const shape: Record<string, z.core.$ZodType> = { ...def.inputs };
  for (const k of unknownKeys) if (k in shape) shape[k] = z.unknown();

  const failures: CheckFailure[] = [];
  const parsed = z.strictObject(shape).safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          failures.push({ property: key, reason: `${def.type} has no property "${key}" (known: ${inputKeys(def).join(", ")})` });
        }
        continue;
      }
      failures.push({ property: formatPath(issue.path) || def.type, reason: issue.message });
    }
    return { failures };
  }

  const issue: IssueSink = (path, reason) => {
    failures.push({ property: typeof path === "string" ? path : formatPath(path), reason });
  };
  const value = def.normalize ? def.normalize(parsed.data, issue, version) : parsed.data;
  if (failures.length > 0) return { failures };

  for (const req of def.requires?.(value, version) ?? []) {
    const missing = req.operations.filter((op) => !(`${version}.${op}` in endpoints));
    const fails = req.anyOf ? missing.length === req.operations.length : missing.length > 0;
    if (fails) {
      const ops = (req.anyOf ? req.operations : missing).map((op) => `"${op}"`).join(req.anyOf ? " or " : " and ");
      failures.push({
        property: req.property,
        reason: `API ${version} has no operation ${ops}, which ${req.property} needs; ${req.reason ?? `use another apiVersion or leave ${req.property} unset`}`,
      });
    }
  }
  if (failures.length > 0) return { failures };
  return { inputs: toPlainJson(value as Record<string, unknown>, "inputs") };
}

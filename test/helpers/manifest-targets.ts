import path from "node:path";

/** The file targets of a manifest's `exports` (conditions flattened), normalised to package paths. */
export function exportTargets(exports: Record<string, unknown> | undefined): string[] {
  return Object.values(exports ?? {})
    .flatMap((t) => (typeof t === "string" ? [t] : Object.values(t as Record<string, string>)))
    .map((t) => path.posix.normalize(t));
}

/**
 * The targets missing from a tarball's files. A subpath pattern (`./dist/shells/*.js`, Node's
 * `exports` patterns) is missing when no shipped file matches it: `*` stands for any path.
 */
export function missingTargets(targets: readonly string[], files: ReadonlySet<string>): string[] {
  return targets.filter((target) => {
    if (!target.includes("*")) return !files.has(target);
    const [before, after] = target.split("*", 2) as [string, string];
    return ![...files].some((f) => f.length > before.length + after.length && f.startsWith(before) && f.endsWith(after));
  });
}

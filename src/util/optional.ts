/**
 * The simulator and the testing toolkit are packages of their own (`@pulumi-hosting-reseller/simulator`,
 * `@pulumi-hosting-reseller/testing`; docs/decisions/0037): a program that only declares resources
 * installs neither. What this package does with them (`reseller sim`, the throwaway certificate of
 * `reseller probe`) loads them when first used, and says which package to install when one is
 * not there.
 */

/** The packages this one loads when installed. */
export type OptionalPackage = "@pulumi-hosting-reseller/simulator" | "@pulumi-hosting-reseller/testing";

/**
 * The module `specifier` of an optional package, or undefined when the package is not installed.
 * Any other failure to load it (a file of it missing, an error while it loads) is thrown: a
 * broken install is not an absent one.
 *
 * A dynamic `import()` rather than `require`: the repository's tests and scripts resolve it to the
 * package's source (vitest.config.mts, tsconfig.json `paths`), a user's program to the installed
 * package. The specifier is a variable so that this package's build, which comes first, does not
 * need the optional packages' types: callers describe what they use.
 *
 * @example
 * const cli = await optionalModule<SimulatorCli>("@pulumi-hosting-reseller/simulator", "@pulumi-hosting-reseller/simulator/cli");
 */
export async function optionalModule<T extends object>(pkg: OptionalPackage, specifier: string = pkg): Promise<T | undefined> {
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(specifier)) as Record<string, unknown>;
  } catch (err) {
    if (isAbsent(err, pkg)) return undefined;
    throw err;
  }
  // Node gives a CommonJS module's exports as `default`, and as named exports where it can tell
  // them from the code; the source, as the tests load it, has named exports only.
  const exported = typeof namespace.default === "object" && namespace.default !== null ? namespace.default : {};
  return { ...exported, ...namespace } as T;
}

/**
 * `require(pkg)`, or an error of one line saying what to install when `pkg` is not there: what
 * `pulumi-hosting-reseller/simulator` and `/testing` are (`subpaths/`).
 *
 * @example
 * module.exports = requireOptional("@pulumi-hosting-reseller/testing", "pulumi-hosting-reseller/testing");
 */
export function requireOptional(pkg: OptionalPackage, what: string): unknown {
  try {
    return require(pkg);
  } catch (err) {
    // No `cause`: Node would print the resolution's require stack under the one line.
    // eslint-disable-next-line preserve-caught-error
    if (isAbsent(err, pkg)) throw new Error(missingPackage(pkg, what));
    throw err;
  }
}

/** Whether `err` says that `pkg` itself is not installed (not a file of it, nor a failure inside it). */
function isAbsent(err: unknown, pkg: OptionalPackage): boolean {
  const error = err as NodeJS.ErrnoException;
  return (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") && error.message.includes(`'${pkg}'`);
}

/**
 * The one line that says what to install.
 *
 * @example
 * throw new Error(missingPackage("@pulumi-hosting-reseller/simulator", "reseller sim"));
 */
export function missingPackage(pkg: OptionalPackage, what: string): string {
  return `${what} needs the package ${pkg}, which is not installed: npm install --save-dev ${pkg}`;
}

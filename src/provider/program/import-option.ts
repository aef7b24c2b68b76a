/**
 * The `import` resource option, refused in the program with a message that says what to do.
 *
 * Under the engine, importing runs a Read with no properties at all (pulumi `step.go`,
 * `ImportStep.Apply`: a `ReadRequest` with only the id), so the dynamic-provider host finds no
 * serialized provider to load and fails with "Cannot read properties of undefined (reading
 * 'toJavaScript')" before any code of this package runs (pulumi/pulumi#16175, open). The
 * resource's constructor is the last place this package sees the option, so it refuses it there.
 * `pulumi import` takes the same path and cannot be intercepted; docs/limits.md says so.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * Throws when `opts.import` is set, naming what works instead: `get(name, id)` to read the
 * object, or `adopt: true` to manage it, where the resource offers adoption.
 *
 * `ResellerResource`'s constructor calls it for every resource class.
 */
export function refuseImportOption(
  resource: { type: string; inputs: readonly string[] },
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): void {
  if (opts?.import === undefined) return;
  const id = typeof opts.import === "string" ? opts.import : "<id>";
  const adopt = resource.inputs.includes("adopt")
    ? `, or declare it with \`adopt: true\` (and no \`import\`) to manage the object that exists`
    : "";
  throw new Error(
    `${resource.type} "${name}": the \`import\` resource option does not work with dynamic resources (pulumi/pulumi#16175: ` +
      `the engine's import sends the provider no properties, so the code that reads the object cannot load). ` +
      `Read the object with \`${resource.type}.get(${JSON.stringify(name)}, ${JSON.stringify(id)})\`${adopt}.`,
  );
}

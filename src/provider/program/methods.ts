/**
 * The methods of a resource type's shell, shared by the per-type modules of `src/shells/` and by
 * the fallback in `shell.ts`. They capture the type name and nothing else: each method `require`s
 * the runtime by package name at call time, in the provider process (docs/decisions/0006, 0043).
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as Runtime from "../../runtime";

/**
 * The provider object for one resource type.
 *
 * When the package is not installed in a `node_modules` directory, every resource's state
 * carries this object's serialized text, so it is kept small: `r` loads the runtime bound to this
 * type, and each method passes its arguments through unchanged.
 */
export function methods(type: string): pulumi.dynamic.ResourceProvider {
  // The literal path: a captured constant would be serialized too.
  const r = (): Runtime.RuntimeProvider => require("pulumi-hosting-reseller/runtime").provider(type);
  return {
    configure: (...a) => r().configure(...a),
    check: (...a) => r().check(...a),
    diff: (...a) => r().diff(...a),
    create: (...a) => r().create(...a),
    read: (...a) => r().read(...a),
    update: (...a) => r().update(...a),
    delete: (...a) => r().delete(...a),
  };
}

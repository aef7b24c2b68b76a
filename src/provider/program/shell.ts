/**
 * The serializable shell each resource hands to `pulumi.dynamic.Resource`.
 *
 * Pulumi serializes the provider object into the `__provider` property of every resource's
 * state, in plain text unless it captured a secret (pulumi#8265). A provider that closes over a
 * client, a pool or a config value serializes without any error, but with the token in clear
 * and a gutted connection pool. So the shell
 * captures nothing but the resource type name: each method `require`s the runtime by package
 * name at call time, in the provider process, and forwards to it (docs/decisions/0006; SST does the same).
 * A test serializes every resource's shell and checks its size and that it holds no credential.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as Runtime from "../../runtime";

/** The package subpath of the runtime; part of the protocol between old state and new code. */
export const RUNTIME_MODULE = "pulumi-hosting-reseller/runtime";

const shells = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object for one resource type.
 *
 * Every resource's state carries its serialized text, so it is kept small: `r` loads the runtime
 * bound to this type, and each method passes its arguments through unchanged.
 */
export function shell(type: string): pulumi.dynamic.ResourceProvider {
  // One object per type for the whole program run: `@pulumi/pulumi` caches the serialized text
  // of a dynamic provider per provider object (a WeakMap in `dynamic/index.js`), so N resources
  // of a type serialize once instead of N times (`npm run bench` reports the program-process
  // CPU per resource). The text is unchanged: the functions are the same ones, built once.
  let provider = shells.get(type);
  if (!provider) {
    provider = build(type);
    shells.set(type, provider);
  }
  return provider;
}

/** The shell's functions; their compiled source is what every resource's state holds. */
function build(type: string): pulumi.dynamic.ResourceProvider {
  // The literal path, not RUNTIME_MODULE: a captured constant would be serialized too.
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

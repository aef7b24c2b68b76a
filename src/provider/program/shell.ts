/**
 * The serializable shell each resource hands to `pulumi.dynamic.Resource`.
 *
 * Pulumi serializes the provider object into the `__provider` property of every resource's
 * state, in plain text unless it captured a secret (pulumi#8265). A provider that closes over a
 * client, a pool or a config value serializes without any error, but with the token in clear
 * and a gutted connection pool. So the shell captures nothing but the resource type name: each
 * method `require`s the runtime by package name at call time, in the provider process, and
 * forwards to it (docs/decisions/0006; SST does the same).
 *
 * Installed in a program's `node_modules`, the shell is the exports object of the type's module
 * in `dist/shells/`, which `@pulumi/pulumi`'s serializer writes as a one-line `require` of that
 * module instead of the text of seven functions (docs/decisions/0043). A test serializes every
 * resource's shell and checks its size and that it holds no credential.
 */
import type * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import * as path from "node:path";
import { methods } from "./methods";

/** The package subpath of the runtime; part of the protocol between old state and new code. */
export const RUNTIME_MODULE = "pulumi-hosting-reseller/runtime";

/** The package name the per-type modules are required by; part of the same protocol. */
const PACKAGE = "pulumi-hosting-reseller";

const shells = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object for one resource type.
 *
 * @example
 * super(shell("DnsRecordSet"), name, props, opts, "reseller", "DnsRecordSet");
 */
export function shell(type: string): pulumi.dynamic.ResourceProvider {
  // One object per type for the whole program run: `@pulumi/pulumi` caches the serialized text
  // of a dynamic provider per provider object (a WeakMap in `dynamic/index.js`), so N resources
  // of a type serialize once instead of N times (`npm run bench` reports the program-process
  // CPU per resource).
  let provider = shells.get(type);
  if (!provider) {
    provider = installedShell(type) ?? methods(type);
    shells.set(type, provider);
  }
  return provider;
}

/**
 * The exports of the type's module when the serializer will write them as
 * `require("pulumi-hosting-reseller/dist/shells/<type>.js")`, else undefined.
 *
 * The serializer names a module by its path relative to the working directory, cut after the
 * first `node_modules` segment. Only when that segment is followed by this package's directory
 * is the name the one above: under pnpm's store (`node_modules/.pnpm/<name>@<version>/...`) it
 * would hold the version, which the next upgrade removes, and it fails to serialize at all; a
 * linked checkout has no `node_modules` segment and is serialized by value. Both of those get the
 * plain methods, serialized by value as before. The name must also resolve, from the program's
 * directory where the provider process resolves it, to this very file.
 */
function installedShell(type: string): pulumi.dynamic.ResourceProvider | undefined {
  let file: string;
  try {
    file = require.resolve(`../../shells/${type}`);
  } catch {
    return undefined;
  }
  const parts = path.relative(process.cwd(), file).split(path.sep);
  const at = parts.indexOf("node_modules");
  if (at < 0 || parts[at + 1] !== PACKAGE) return undefined;
  try {
    // Resolved for a module of the program, not from this file: from here Node would resolve the
    // package's own name to this package whatever the program's `node_modules` holds.
    const program = createRequire(path.join(process.cwd(), "index.js"));
    if (program.resolve(`${PACKAGE}/dist/shells/${type}.js`) !== file) return undefined;
  } catch {
    return undefined;
  }
  return require(file) as pulumi.dynamic.ResourceProvider;
}

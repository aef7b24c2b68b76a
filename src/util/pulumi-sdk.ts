/**
 * Modules of `@pulumi/pulumi` and of its own dependencies (gRPC, protobuf) that the provider
 * plugin and the engine logger use, loaded from the SDK's directory: the messages built here must
 * be those its stubs serialize, and the package declares no gRPC or protobuf dependency of its own.
 *
 * The plugin archive (`npm run plugin:pack`, scripts/lib/plugin-archive.ts) bundles the plugin
 * with the SDK's copies of these modules: it replaces this file with one that `require`s each
 * name of {@link SDK_MODULES} statically, resolved from the SDK's directory as here, so the
 * archive carries exactly one copy of each and needs no `node_modules`.
 */
import { createRequire } from "node:module";

/** The module names {@link sdkRequire} loads, as `require` would name them from the SDK's directory. */
export const SDK_MODULES = [
  "@grpc/grpc-js",
  "./proto/engine_grpc_pb",
  "./proto/engine_pb",
  "./proto/plugin_pb",
  "./proto/provider_grpc_pb",
  "./proto/provider_pb",
  "./proto/status_pb",
  "google-protobuf/google/protobuf/any_pb",
  "google-protobuf/google/protobuf/empty_pb",
  "google-protobuf/google/protobuf/struct_pb",
] as const;

/** One of {@link SDK_MODULES}. */
export type SdkModule = (typeof SDK_MODULES)[number];

/**
 * `require(id)` from `@pulumi/pulumi`'s directory. Resolved on the first call, not on load: the
 * runtime is loaded by the `reseller` command too, which runs without `@pulumi/pulumi` installed
 * (it is a peer dependency of the resources alone).
 *
 * @example
 * const grpc = sdkRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
 */
export function sdkRequire(id: SdkModule): unknown {
  sdk ??= createRequire(require.resolve("@pulumi/pulumi/package.json"));
  return sdk(id);
}

let sdk: NodeJS.Require | undefined;

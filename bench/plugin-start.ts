/**
 * The provider plugin's cold start as users install it: the release archive of this machine's
 * platform (`npm run plugin:pack`, docs/decisions/0039) unpacked into a scratch directory outside
 * any `node_modules`, its launcher started as the engine starts it, and the time from process start
 * to the first answered `Check` (the first call the engine makes that does the plugin's own work).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type * as GrpcModule from "@grpc/grpc-js";
import type * as ProviderGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderProto from "@pulumi/pulumi/proto/provider_pb";
import type * as StructProto from "google-protobuf/google/protobuf/struct_pb";
import { x as untar } from "tar";
import { buildPluginArchive, hostPlatform, PLUGIN_NAME } from "../scripts/lib/plugin-archive";
import { sdkRequire, type SdkModule } from "../src/util/pulumi-sdk";

/** The target of issue 25: process start to the first answered Check. */
export const COLD_START_TARGET_MS = 300;

/** Loads a module of `@pulumi/pulumi` or one it depends on, as `sdkRequire` does. */
export type SdkLoader = (id: SdkModule) => unknown;

/**
 * The gRPC client's modules, from the SDK `sdk` loads. The bench's stack runs load the installed
 * package's SDK in this process: its protobuf messages register in one global namespace, so a
 * second copy of them (the repository's) would make every later request fail its type check
 * ("Request message serialization failure"). The caller passes the SDK its other runs use.
 */
function clientModules(sdk: SdkLoader) {
  return {
    grpc: sdk("@grpc/grpc-js") as typeof GrpcModule,
    providerGrpc: sdk("./proto/provider_grpc_pb") as typeof ProviderGrpc,
    providerProto: sdk("./proto/provider_pb") as typeof ProviderProto,
    structProto: sdk("google-protobuf/google/protobuf/struct_pb") as typeof StructProto,
  };
}

/** Starts the launcher, waits for its port, answers one Check; milliseconds from spawn to the answer. */
async function oneStart(launcher: string, sdk: SdkLoader): Promise<number> {
  const { grpc, providerGrpc, providerProto, structProto } = clientModules(sdk);
  const started = performance.now();
  // The engine passes its own address; nothing here listens on it, and a Check never calls it.
  const child = spawn(launcher, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      let err = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const line = /^(\d+)\r?\n/.exec(out);
        if (line) resolve(line[1]!);
      });
      child.stderr.on("data", (d: Buffer) => (err += d.toString()));
      child.once("exit", (code) => reject(new Error(`the plugin exited with ${code} before printing its port: ${err.trim()}`)));
    });
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const request = new providerProto.CheckRequest()
      .setUrn(`urn:pulumi:bench::bench::reseller:index:DnsRecordSet::www`)
      .setType("reseller:index:DnsRecordSet")
      .setOlds(structProto.Struct.fromJavaScript({}))
      .setNews(structProto.Struct.fromJavaScript({ domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] }));
    await new Promise<void>((resolve, reject) =>
      client.check(request, (error, response) => {
        if (error) reject(error);
        else if (response.getFailuresList().length > 0) reject(new Error(`Check failed: ${response.getFailuresList()[0]!.getReason()}`));
        else resolve();
      }),
    );
    const ms = performance.now() - started;
    client.close();
    return ms;
  } finally {
    child.kill();
  }
}

/**
 * Builds and unpacks this platform's archive, then starts the plugin `runs` times (after one
 * start that warms the disk cache); the median and every sample, in milliseconds. The gRPC client
 * uses the SDK `sdk` loads: the repository's unless given.
 *
 * @example
 * const { medianMs } = await pluginColdStart(7);
 */
export async function pluginColdStart(runs = 7, sdk: SdkLoader = sdkRequire): Promise<{ medianMs: number; samplesMs: number[] }> {
  const scratch = mkdtempSync(join(tmpdir(), "reseller-plugin-bench-"));
  try {
    const archive = await buildPluginArchive({ ...hostPlatform(), outDir: scratch });
    const dir = join(scratch, "plugin");
    mkdirSync(dir);
    await untar({ file: archive, cwd: dir });
    const launcher = join(dir, `pulumi-resource-${PLUGIN_NAME}`);
    await oneStart(launcher, sdk);
    const samplesMs: number[] = [];
    for (let i = 0; i < runs; i++) samplesMs.push(await oneStart(launcher, sdk));
    const sorted = [...samplesMs].sort((a, b) => a - b);
    return { medianMs: sorted[Math.floor(sorted.length / 2)]!, samplesMs };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The gRPC server of `pulumi-resource-reseller`, on the `@pulumi/pulumi/proto` stubs.
 *
 * The SDK's own `provider.main` is not used: it ignores `Configure` (so every instance would
 * share the stack's credentials) and answers `CheckConfig` and `DiffConfig` with UNIMPLEMENTED
 * (pulumi sdk/nodejs/provider/server.ts at 3.248), while explicit providers with their own
 * credentials are the point of the plugin (docs/decisions/0025).
 *
 * gRPC and protobuf are loaded from `@pulumi/pulumi`'s own dependencies, so that the messages
 * built here are those its stubs serialize, and the package needs no dependency of its own.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type * as GrpcModule from "@grpc/grpc-js";
import type * as PluginProto from "@pulumi/pulumi/proto/plugin_pb";
import type * as ProviderGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderProto from "@pulumi/pulumi/proto/provider_pb";
import type * as StatusProto from "@pulumi/pulumi/proto/status_pb";
import type * as AnyProto from "google-protobuf/google/protobuf/any_pb";
import type * as EmptyProto from "google-protobuf/google/protobuf/empty_pb";
import type * as StructProto from "google-protobuf/google/protobuf/struct_pb";
import { setDefaultLogger } from "../provider/runtime/context";
import { engineLogger } from "../provider/runtime/engine-log";
import { sdkRequire } from "../util/pulumi-sdk";
import { InitFailure, NativeProvider, type Result } from "./provider";
import { wrapSecrets } from "./values";

type Props = Record<string, unknown>;

const grpc = sdkRequire("@grpc/grpc-js") as typeof GrpcModule;
const providerGrpc = sdkRequire("./proto/provider_grpc_pb") as typeof ProviderGrpc;
const providerProto = sdkRequire("./proto/provider_pb") as typeof ProviderProto;
const pluginProto = sdkRequire("./proto/plugin_pb") as typeof PluginProto;
const statusProto = sdkRequire("./proto/status_pb") as typeof StatusProto;
const structProto = sdkRequire("google-protobuf/google/protobuf/struct_pb") as typeof StructProto;
const emptyProto = sdkRequire("google-protobuf/google/protobuf/empty_pb") as typeof EmptyProto;
const anyProto = sdkRequire("google-protobuf/google/protobuf/any_pb") as typeof AnyProto;

/** The package root: `dist/plugin/..` once built, `src/plugin/..` from source. */
const PACKAGE_ROOT = path.resolve(__dirname, "..", "..");

/**
 * The plugin's version: the package's, which the engine compares with the version a program asks for.
 *
 * @example
 * pluginVersion(); // "0.1.0"
 */
export function pluginVersion(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The schema the plugin serves: `schema.json`, generated from the definitions and shipped at the
 * package root (`npm run schema`).
 *
 * @example
 * JSON.parse(schemaText()).name; // "reseller"
 */
export function schemaText(): string {
  return readFileSync(path.join(PACKAGE_ROOT, "schema.json"), "utf8");
}

function toStruct(props: Props): StructProto.Struct {
  return structProto.Struct.fromJavaScript(props as Record<string, StructProto.JavaScriptValue>);
}

function fromStruct(struct: StructProto.Struct | undefined): Props {
  return (struct?.toJavaScript() ?? {}) as Props;
}

function wire(result: Result): StructProto.Struct {
  return toStruct(wrapSecrets(result.props, result.secrets));
}

function failures(list: readonly { property: string; reason: string }[]): ProviderProto.CheckFailure[] {
  return list.map((f) => new providerProto.CheckFailure().setProperty(f.property).setReason(f.reason));
}

/** A gRPC error; a partial create carries `ErrorResourceInitFailed` so the engine keeps the id. */
function grpcError(err: unknown): GrpcModule.ServiceError {
  const message = err instanceof Error ? err.message : String(err);
  const metadata = new grpc.Metadata();
  if (err instanceof InitFailure) {
    const detail = new providerProto.ErrorResourceInitFailed();
    detail.setId(err.id);
    detail.setProperties(wire(err.props));
    detail.setReasonsList(err.reasons);
    const any = new anyProto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusProto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** The resource an operation is for, so that its warnings reach the engine under its URN. */
const currentUrn = new AsyncLocalStorage<string>();

type Handler<Req, Res> = (call: GrpcModule.ServerUnaryCall<Req, Res>, callback: GrpcModule.sendUnaryData<Res>) => void;

function unary<Req, Res>(work: (req: Req) => Promise<Res> | Res): Handler<Req, Res> {
  return (call, callback) => {
    const request = call.request as { getUrn?: () => string | undefined };
    const urn = typeof request.getUrn === "function" ? (request.getUrn() ?? "") : "";
    currentUrn.run(urn, () => {
      Promise.resolve()
        .then(() => work(call.request))
        .then(
          (res) => callback(null, res),
          (err: unknown) => callback(grpcError(err), null),
        );
    });
  };
}

/**
 * Starts the server on a loopback port and returns the port. `engineAddress` is the engine's
 * gRPC address, to which warnings are sent (`Log`); without it they go to stderr, which the
 * engine shows only in its debug output.
 *
 * @example
 * const port = await serve(process.argv[2]);
 * console.log(port);
 */
export async function serve(engineAddress: string | undefined): Promise<number> {
  const provider = new NativeProvider();
  setDefaultLogger(
    engineAddress
      ? engineLogger(engineAddress, () => currentUrn.getStore() ?? "")
      : { info: (m) => process.stderr.write(`${m}\n`), warn: (m) => process.stderr.write(`warning: ${m}\n`) },
  );

  const implementation: Partial<ProviderGrpc.IResourceProviderServer> = {
    getPluginInfo: unary((_req: EmptyProto.Empty) => new pluginProto.PluginInfo().setVersion(pluginVersion())),
    getSchema: unary((req: ProviderProto.GetSchemaRequest) => {
      if (req.getVersion() !== 0) throw new Error(`schema version ${req.getVersion()} is not supported`);
      return new providerProto.GetSchemaResponse().setSchema(schemaText());
    }),
    checkConfig: unary((req: ProviderProto.CheckRequest) => {
      const result = provider.checkConfig(fromStruct(req.getNews()));
      const res = new providerProto.CheckResponse().setFailuresList(failures(result.failures));
      if (result.failures.length === 0) res.setInputs(toStruct(result.inputs));
      return res;
    }),
    diffConfig: unary((req: ProviderProto.DiffRequest) => {
      const result = provider.diffConfig(fromStruct(req.getOlds()), fromStruct(req.getNews()));
      return new providerProto.DiffResponse()
        .setChanges(result.changes ? providerProto.DiffResponse.DiffChanges.DIFF_SOME : providerProto.DiffResponse.DiffChanges.DIFF_NONE)
        .setDiffsList(result.diffs);
    }),
    configure: unary(async (req: ProviderProto.ConfigureRequest) => {
      await provider.configure(fromStruct(req.getArgs()));
      return new providerProto.ConfigureResponse().setAcceptsecrets(true).setAcceptresources(false).setSupportspreview(false);
    }),
    check: unary(async (req: ProviderProto.CheckRequest) => {
      const result = await provider.check(
        req.getType() || typeOfUrn(req.getUrn()),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
        req.getUrn(),
      );
      const res = new providerProto.CheckResponse().setFailuresList(failures(result.failures));
      if (result.inputs) res.setInputs(wire(result.inputs));
      return res;
    }),
    diff: unary(async (req: ProviderProto.DiffRequest) => {
      const result = await provider.diff(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getId(),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
      );
      return new providerProto.DiffResponse()
        .setChanges(result.changes ? providerProto.DiffResponse.DiffChanges.DIFF_SOME : providerProto.DiffResponse.DiffChanges.DIFF_NONE)
        .setReplacesList(result.replaces)
        .setDeletebeforereplace(result.deleteBeforeReplace)
        .setDiffsList(result.diffs);
    }),
    create: unary(async (req: ProviderProto.CreateRequest) => {
      const result = await provider.create(req.getType() || typeOfUrn(req.getUrn()), fromStruct(req.getProperties()), req.getUrn());
      return new providerProto.CreateResponse().setId(result.id).setProperties(wire(result.props));
    }),
    read: unary(async (req: ProviderProto.ReadRequest) => {
      const result = await provider.read(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getId(),
        fromStruct(req.getProperties()),
        fromStruct(req.getInputs()),
      );
      const res = new providerProto.ReadResponse().setId(result.id).setProperties(wire(result.props));
      if (result.inputs) res.setInputs(wire(result.inputs));
      return res;
    }),
    update: unary(async (req: ProviderProto.UpdateRequest) => {
      const result = await provider.update(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getId(),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
      );
      return new providerProto.UpdateResponse().setProperties(wire(result));
    }),
    delete: unary(async (req: ProviderProto.DeleteRequest) => {
      await provider.delete(req.getType() || typeOfUrn(req.getUrn()), req.getId(), fromStruct(req.getProperties()));
      return new emptyProto.Empty();
    }),
    invoke: unary(async (req: ProviderProto.InvokeRequest) => {
      const result = await provider.invoke(req.getTok(), fromStruct(req.getArgs()));
      return new providerProto.InvokeResponse().setReturn(wire(result));
    }),
    cancel: unary((_req: EmptyProto.Empty) => {
      provider.cancel();
      return new emptyProto.Empty();
    }),
  };

  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(providerGrpc.ResourceProviderService, implementation as ProviderGrpc.IResourceProviderServer);
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port)));
  });
}

/** The type token inside a URN (`urn:pulumi:stack::project::reseller:index:DnsRecordSet::www`), for engines that send no type. */
function typeOfUrn(urn: string): string {
  const parts = urn.split("::");
  const qualified = parts[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

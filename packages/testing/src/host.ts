/**
 * The real dynamic-provider host of `@pulumi/pulumi`, started as a child process and driven over
 * gRPC, plus the tiny Engine service a provider plugin is given the address of.
 *
 * What the host expects, read from `@pulumi/pulumi/cmd/dynamic-provider/index.js` (3.248.0):
 * - one argument, the engine's address (it exits with "fatal: Missing <engine> address" without
 *   one); the engine passes `host.ServerAddr()` (`provider_plugin.go` `NewProvider`);
 * - it binds `127.0.0.1:0` and prints the port on the first line of stdout;
 * - it deserializes each resource's `__provider` text with `require-from-string` and no file
 *   name, so modules the provider requires resolve from the host's working directory: the engine
 *   starts plugins in the program's directory, and so do we;
 * - `Config.get(key)` prefixes keys without `:` with the project name read from
 *   `PULUMI_NODEJS_PROJECT`, which the engine sets for the `pulumi-nodejs` plugin.
 *
 * This version of the host never dials the engine address (provider `console` output reaches the
 * engine as plugin stdout/stderr), but later hosts may send `Engine.Log`; the stub answers it and
 * turns each entry into a diagnostic.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as readline from "node:readline";

import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";

import type { WireMap } from "./wire";

// gRPC and protobuf are dependencies of `@pulumi/pulumi`, not of this package: load the very copies
// the generated stubs in `@pulumi/pulumi/proto` use, so messages and channels match.
const pulumiRequire = createRequire(require.resolve("@pulumi/pulumi/package.json"));
const grpc = pulumiRequire("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const structProto = pulumiRequire(
  "google-protobuf/google/protobuf/struct_pb",
) as typeof import("google-protobuf/google/protobuf/struct_pb");
const emptyProto = pulumiRequire("google-protobuf/google/protobuf/empty_pb") as typeof import("google-protobuf/google/protobuf/empty_pb");
const providerGrpc = pulumiRequire("./proto/provider_grpc_pb") as {
  ResourceProviderClient: new (
    address: string,
    credentials: import("@grpc/grpc-js").ChannelCredentials,
    options?: Record<string, unknown>,
  ) => import("@grpc/grpc-js").Client & Record<string, RpcMethod>;
};
const engineGrpc = pulumiRequire("./proto/engine_grpc_pb") as {
  EngineService: import("@grpc/grpc-js").ServiceDefinition;
};

/** Hosts still running; one `exit` listener kills them all if a test never calls `close()`. */
const liveHosts = new Set<ChildProcess>();
let exitListenerInstalled = false;
function track(child: ChildProcess): void {
  liveHosts.add(child);
  child.once("exit", () => liveHosts.delete(child));
  if (!exitListenerInstalled) {
    exitListenerInstalled = true;
    process.once("exit", () => {
      for (const host of liveHosts) host.kill("SIGKILL");
    });
  }
}

type RpcMethod = (request: unknown, callback: (error: import("@grpc/grpc-js").ServiceError | null, response: never) => void) => void;

/**
 * A message from the provider side of a test run: the host's stdout and stderr lines (provider
 * `console` output, and the stack traces the host prints when check, diff, read or delete
 * throw; `warning: ...` and `error: ...` lines get that severity, the others are `info`, as the
 * engine shows plugin output), `Engine.Log` calls, and notes from the engine itself.
 *
 * @example
 * ```ts
 * const result = await stack.up();
 * const warnings = result.diagnostics.filter((d) => d.severity === "warning");
 * ```
 */
export interface Diagnostic {
  severity: "debug" | "info" | "warning" | "error";
  message: string;
  source: "host-stdout" | "host-stderr" | "engine-log" | "engine";
  urn?: string;
}

/**
 * The severity of a line a provider process wrote to stdout or stderr. The engine shows plugin
 * output as information (`Infof` for stdout, `Infoerrf` for stderr, in
 * `sdk/go/common/resource/plugin/plugin.go`); a provider's warnings reach it the same way
 * (`console.warn("warning: ...")`, or `pulumi.log.warn`, which a host without an engine
 * connection writes as `warning: [runtime] ...`), so a line that says `warning:` or `error:` is
 * given that severity and the rest is information.
 *
 * @example
 * classifyProviderLine("warning: the zone has no SOA"); // { severity: "warning", message: "the zone has no SOA" }
 */
export function classifyProviderLine(line: string): Pick<Diagnostic, "severity" | "message"> {
  const match = /^(warning|error): (?:\[runtime\] )?/.exec(line);
  if (!match) return { severity: "info", message: line };
  return { severity: match[1] as "warning" | "error", message: line.slice(match[0].length) };
}

/**
 * The partial-failure detail a provider reports by throwing an error that carries `id`: the
 * object exists remotely but did not finish initialising (`pulumirpc.ErrorResourceInitFailed`).
 */
export interface InitFailure {
  id: string;
  properties: WireMap;
  reasons: string[];
}

/**
 * A provider method failed. `message` is the provider's own error message; `initFailure` is set
 * when Create or Update reported a partial failure, in which case the engine keeps the object in
 * the state.
 *
 * @example
 * ```ts
 * try { await stack.up(); } catch (error) {
 *   if (error instanceof DeploymentError) console.log(error.failures[0]?.initFailure?.id);
 * }
 * ```
 */
export class ProviderCallError extends Error {
  readonly method: string;
  readonly initFailure: InitFailure | undefined;

  constructor(method: string, message: string, initFailure?: InitFailure) {
    super(message);
    this.name = "ProviderCallError";
    this.method = method;
    this.initFailure = initFailure;
  }
}

/** The protocol bits the host announces in its Configure reply. */
export interface HostProtocol {
  acceptSecrets: boolean;
  acceptResources: boolean;
  supportsPreview: boolean;
}

/** Diff as the engine receives it from the host. */
export interface HostDiff {
  changes: "some" | "none" | "unknown";
  replaces: string[];
  deleteBeforeReplace: boolean;
}

export interface HostStartOptions {
  /** The program directory: the host's working directory. */
  workDir: string;
  project: string;
  /** Receives every diagnostic, as it happens. */
  onDiagnostic: (diagnostic: Diagnostic) => void;
  /** How long to wait for the host to print its port. */
  startTimeoutMs?: number;
}

/** URN fields the provider protocol repeats in every request. */
function urnParts(urn: string): { name: string; type: string } {
  const parts = urn.split("::");
  const qualifiedType = parts[2] ?? "";
  return { name: parts.slice(3).join("::"), type: qualifiedType.split("$").pop() ?? qualifiedType };
}

function toStruct(map: WireMap): import("google-protobuf/google/protobuf/struct_pb").Struct {
  return structProto.Struct.fromJavaScript(map);
}

function fromStruct(struct: import("google-protobuf/google/protobuf/struct_pb").Struct | undefined): WireMap | undefined {
  return struct === undefined ? undefined : struct.toJavaScript();
}

type Struct = import("google-protobuf/google/protobuf/struct_pb").Struct;

/** What a resource request carries besides its URN, name and type. */
interface RequestFields {
  id: string;
  olds: WireMap;
  news: WireMap;
  oldInputs: WireMap;
  properties: WireMap;
  inputs: WireMap;
  preview: boolean;
}

/** The setters of {@link RequestFields}, as the generated request classes name them. */
interface FieldSetters {
  setId(value: string): unknown;
  setOlds(value: Struct): unknown;
  setNews(value: Struct): unknown;
  setOldInputs(value: Struct): unknown;
  setProperties(value: Struct): unknown;
  setInputs(value: Struct): unknown;
  setPreview(value: boolean): unknown;
}

const SETTERS = {
  id: "setId",
  olds: "setOlds",
  news: "setNews",
  oldInputs: "setOldInputs",
  properties: "setProperties",
  inputs: "setInputs",
  preview: "setPreview",
} as const satisfies Record<keyof RequestFields, keyof FieldSetters>;

const STRUCT_FIELDS = ["olds", "news", "oldInputs", "properties", "inputs"] as const;

/** The setters every resource request has: the URN and the fields the protocol repeats from it. */
interface UrnSetters {
  setUrn(value: string): unknown;
  setName(value: string): unknown;
  setType(value: string): unknown;
}

/**
 * Fills a Check, Diff, Create, Read, Update or Delete request: the URN with the name and type
 * taken from it, then each given field (maps as protobuf structs); a field that is undefined is
 * left unset. A request class without the setter of a given field does not compile.
 */
function resourceRequest<K extends keyof RequestFields, R extends UrnSetters & Pick<FieldSetters, (typeof SETTERS)[K]>>(
  request: R,
  urn: string,
  fields: { [F in K]: RequestFields[F] | undefined },
): R {
  const { name, type } = urnParts(urn);
  request.setUrn(urn);
  request.setName(name);
  request.setType(type);
  const given = fields as Partial<RequestFields>;
  // Every setter named below is one `fields` gave a value for, which the signature checked.
  const setters = request as unknown as FieldSetters;
  if (given.id !== undefined) setters.setId(given.id);
  for (const field of STRUCT_FIELDS) {
    const map = given[field];
    if (map !== undefined) setters[SETTERS[field]](toStruct(map));
  }
  if (given.preview !== undefined) setters.setPreview(given.preview);
  return request;
}

/**
 * Unpacks `ErrorResourceInitFailed` from the `grpc-status-details-bin` trailer the host attaches
 * (`grpcResponseFromError` in the host), the way the engine's `parseError` does.
 */
function initFailureOf(error: import("@grpc/grpc-js").ServiceError): InitFailure | undefined {
  const raw = error.metadata?.get("grpc-status-details-bin")[0];
  if (raw === undefined || typeof raw === "string") return undefined;
  const status = statusProto.Status.deserializeBinary(new Uint8Array(raw));
  for (const detail of status.getDetailsList()) {
    const failed = detail.unpack(
      (bytes) => providerProto.ErrorResourceInitFailed.deserializeBinary(bytes),
      "pulumirpc.ErrorResourceInitFailed",
    );
    if (failed) {
      return {
        id: failed.getId(),
        properties: fromStruct(failed.getProperties()) ?? {},
        reasons: failed.getReasonsList(),
      };
    }
  }
  return undefined;
}

/** Environment for the host: ours, minus the variables that would make it believe a real engine is attached. */
function hostEnvironment(project: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("PULUMI_NODEJS_") || key.startsWith("PULUMI_CONFIG")) continue;
    env[key] = value;
  }
  // `provider_plugin.go` NewProvider: "The Node.js SDK uses PULUMI_NODEJS_PROJECT to set the project name."
  env.PULUMI_NODEJS_PROJECT = project;
  env.PULUMI_PROJECT = project;
  return env;
}

/**
 * A running dynamic-provider host and the Engine stub it was given.
 *
 * Internal to the testing toolkit: {@link TestStack} owns one and closes it.
 */
export class ProviderHost {
  private closed = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly client: import("@grpc/grpc-js").Client & Record<string, RpcMethod>,
    private readonly engine: import("@grpc/grpc-js").Server,
  ) {}

  /** Starts the Engine stub, then the host in `workDir`, and connects to the port it prints. */
  static async start(options: HostStartOptions): Promise<ProviderHost> {
    const script = resolveHostScript(options.workDir);
    const engine = await startEngineStub(options.onDiagnostic);
    const child = spawn(process.execPath, [script, `127.0.0.1:${engine.port}`], {
      cwd: options.workDir,
      env: hostEnvironment(options.project),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // A test that never calls close() must not leave a host process behind.
    track(child);
    try {
      const port = await readPort(child, options);
      const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
        "grpc.max_receive_message_length": 400 * 1024 * 1024,
      });
      return new ProviderHost(child, client, engine.server);
    } catch (error) {
      child.kill("SIGKILL");
      engine.server.forceShutdown();
      throw error;
    }
  }

  /**
   * Configure as the engine sends it (`provider_plugin.go` `Configure`): every config value in
   * `variables` under `<package>:config:<key>` as plain strings, and the same values in `args`,
   * secrets still wrapped, with `acceptSecrets: true`. The host unwraps `args` and ignores
   * `variables`.
   */
  async configure(args: WireMap, variables: Record<string, string>): Promise<HostProtocol> {
    const request = new providerProto.ConfigureRequest();
    const map = request.getVariablesMap();
    for (const [key, value] of Object.entries(variables)) map.set(key, value);
    request.setArgs(toStruct(args));
    request.setAcceptsecrets(true);
    request.setAcceptresources(true);
    request.setSendsOldInputs(true);
    request.setSendsOldInputsToDelete(true);
    request.setName("default");
    request.setType("pulumi:providers:pulumi-nodejs");
    const response = await this.call<providerProto.ConfigureResponse>("configure", request);
    return {
      acceptSecrets: response.getAcceptsecrets(),
      acceptResources: response.getAcceptresources(),
      supportsPreview: response.getSupportspreview(),
    };
  }

  async check(
    urn: string,
    olds: WireMap,
    news: WireMap,
  ): Promise<{ inputs: WireMap | undefined; failures: { property: string; reason: string }[] }> {
    const request = resourceRequest(new providerProto.CheckRequest(), urn, { olds, news });
    const response = await this.call<providerProto.CheckResponse>("check", request);
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(urn: string, id: string, olds: WireMap, news: WireMap, oldInputs: WireMap): Promise<HostDiff> {
    const request = resourceRequest(new providerProto.DiffRequest(), urn, { id, olds, news, oldInputs });
    const response = await this.call<providerProto.DiffResponse>("diff", request);
    const changes = response.getChanges();
    return {
      changes:
        changes === providerProto.DiffResponse.DiffChanges.DIFF_SOME
          ? "some"
          : changes === providerProto.DiffResponse.DiffChanges.DIFF_NONE
            ? "none"
            : "unknown",
      replaces: response.getReplacesList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
    };
  }

  async create(urn: string, properties: WireMap, preview: boolean): Promise<{ id: string; properties: WireMap }> {
    const request = resourceRequest(new providerProto.CreateRequest(), urn, { properties, preview });
    const response = await this.call<providerProto.CreateResponse>("create", request);
    return { id: response.getId(), properties: fromStruct(response.getProperties()) ?? {} };
  }

  async read(
    urn: string,
    id: string,
    properties: WireMap,
    inputs: WireMap | undefined,
  ): Promise<{ id: string; properties: WireMap; inputs: WireMap | undefined }> {
    // Inputs are sent only when known (a read on import has none).
    const request = resourceRequest(new providerProto.ReadRequest(), urn, { id, properties, inputs });
    const response = await this.call<providerProto.ReadResponse>("read", request);
    return {
      id: response.getId(),
      properties: fromStruct(response.getProperties()) ?? {},
      inputs: fromStruct(response.getInputs()),
    };
  }

  async update(
    urn: string,
    id: string,
    olds: WireMap,
    news: WireMap,
    oldInputs: WireMap,
    preview: boolean,
  ): Promise<{ properties: WireMap }> {
    const request = resourceRequest(new providerProto.UpdateRequest(), urn, { id, olds, news, oldInputs, preview });
    const response = await this.call<providerProto.UpdateResponse>("update", request);
    return { properties: fromStruct(response.getProperties()) ?? {} };
  }

  async delete(urn: string, id: string, properties: WireMap, oldInputs: WireMap): Promise<void> {
    await this.call("delete", resourceRequest(new providerProto.DeleteRequest(), urn, { id, properties, oldInputs }));
  }

  /** False once the host process has exited (crashed, or killed from outside). */
  get alive(): boolean {
    return !this.closed && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Stops the host (SIGTERM, then SIGKILL after two seconds) and the Engine stub. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.client.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 2_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => this.engine.tryShutdown(() => resolve()));
  }

  private call<T>(method: string, request: unknown): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the provider host is closed"));
    const rpc = this.client[method] as RpcMethod;
    return new Promise<T>((resolve, reject) => {
      rpc.call(this.client, request, (error, response) => {
        if (error) {
          // `details` is the provider's message; `message` adds the gRPC code ("2 UNKNOWN: ...").
          reject(new ProviderCallError(method, error.details || error.message, initFailureOf(error)));
        } else {
          resolve(response);
        }
      });
    });
  }
}

/** The provider calls the engine's side makes (`provider-calls.ts`): a host process's, or the in-process host's (`in-process.ts`). */
export type HostCalls = Pick<ProviderHost, "configure" | "check" | "diff" | "create" | "read" | "update" | "delete">;

/**
 * The plugin launcher `pulumi-resource-pulumi-nodejs` resolves the host script with
 * `require.resolve('@pulumi/pulumi/cmd/dynamic-provider')` from the program directory; so do we,
 * so the host is the program's own copy of `@pulumi/pulumi`.
 */
function resolveHostScript(workDir: string): string {
  try {
    return createRequire(path.join(path.resolve(workDir), "index.js")).resolve("@pulumi/pulumi/cmd/dynamic-provider");
  } catch {
    throw new Error(
      `cannot resolve @pulumi/pulumi/cmd/dynamic-provider from ${workDir}: the program directory needs @pulumi/pulumi in its node_modules (or a parent's)`,
    );
  }
}

async function startEngineStub(
  onDiagnostic: (diagnostic: Diagnostic) => void,
): Promise<{ server: import("@grpc/grpc-js").Server; port: number }> {
  const severities: Record<number, Diagnostic["severity"]> = {
    [engineProto.LogSeverity.DEBUG]: "debug",
    [engineProto.LogSeverity.INFO]: "info",
    [engineProto.LogSeverity.WARNING]: "warning",
    [engineProto.LogSeverity.ERROR]: "error",
  };
  type Unary<Req, Res> = (call: { request: Req }, callback: (error: null, response: Res) => void) => void;
  /**
   * The engine's version check, which the stubs name `RequirePulumiVersion` from @pulumi/pulumi
   * 3.2xx on and `CheckPulumiVersion` before (3.216, the peer floor): answered under the name the
   * installed stubs define, looked up by name so that the toolkit compiles against either.
   */
  const versionCheck = (stubs: object): Record<string, Unary<unknown, object>> => {
    const replies = stubs as Record<string, (new () => object) | undefined>;
    for (const [method, reply] of [
      ["requirePulumiVersion", "RequirePulumiVersionResponse"],
      ["checkPulumiVersion", "CheckPulumiVersionResponse"],
    ] as const) {
      const Reply = replies[reply];
      if (Reply) return { [method]: (_call, callback) => callback(null, new Reply()) };
    }
    return {};
  };
  const log: Unary<engineProto.LogRequest, InstanceType<typeof emptyProto.Empty>> = (call, callback) => {
    const urn = call.request.getUrn();
    onDiagnostic({
      severity: severities[call.request.getSeverity()] ?? "info",
      message: call.request.getMessage(),
      source: "engine-log",
      ...(urn ? { urn } : {}),
    });
    callback(null, new emptyProto.Empty());
  };
  const implementation = {
    log,
    getRootResource: ((_call, callback) => callback(null, new engineProto.GetRootResourceResponse())) as Unary<
      unknown,
      engineProto.GetRootResourceResponse
    >,
    setRootResource: ((_call, callback) => callback(null, new engineProto.SetRootResourceResponse())) as Unary<
      unknown,
      engineProto.SetRootResourceResponse
    >,
    startDebugging: ((_call, callback) => callback(null, new emptyProto.Empty())) as Unary<unknown, InstanceType<typeof emptyProto.Empty>>,
    ...versionCheck(engineProto),
  };
  const server = new grpc.Server();
  server.addService(engineGrpc.EngineService, implementation);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => {
      if (error) reject(error);
      else resolve(bound);
    });
  });
  return { server, port };
}

/** Reads the port from the host's first stdout line; later lines become diagnostics. */
function readPort(child: ChildProcess, options: HostStartOptions): Promise<number> {
  const stderrLines: string[] = [];
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timeoutMs = options.startTimeoutMs ?? 20_000;
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new Error(`the dynamic-provider host did not print its port within ${timeoutMs} ms:\n${stderrLines.join("\n")}`)),
        ),
      timeoutMs,
    );
    const stdout = readline.createInterface({ input: child.stdout! });
    stdout.on("line", (line) => {
      if (!settled && /^\d+$/.test(line.trim())) {
        settle(() => resolve(Number(line.trim())));
        return;
      }
      if (line.trim() !== "") options.onDiagnostic({ ...classifyProviderLine(line), source: "host-stdout" });
    });
    const stderr = readline.createInterface({ input: child.stderr! });
    stderr.on("line", (line) => {
      if (!settled) stderrLines.push(line);
      if (line.trim() !== "") options.onDiagnostic({ ...classifyProviderLine(line), source: "host-stderr" });
    });
    child.once("error", (error) => settle(() => reject(error)));
    child.once("exit", (code, signal) =>
      settle(() =>
        reject(new Error(`the dynamic-provider host exited (${signal ?? code}) before printing its port:\n${stderrLines.join("\n")}`)),
      ),
    );
  });
}

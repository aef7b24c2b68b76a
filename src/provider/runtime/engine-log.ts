/**
 * Provider messages sent to the engine's `Log` call, so that `pulumi up` shows a warning as a
 * warning (counted in its summary, `warning` in the Automation API's events) rather than as a
 * line of the provider process's output.
 *
 * Both hosts of the runtime need this. The provider plugin's stdout and stderr are only debug
 * text to the engine (pulumi sdk/go/common/resource/plugin/plugin.go at 3.248, "Hiding logs"),
 * and the dynamic-provider host's stderr reaches the user as uncategorised `info#err` output of
 * no resource. Every plugin is started with the engine's gRPC address as its first argument
 * (`pulumi-resource-<name> <engine>`, `dynamic-provider/index.js <engine>`), which is where the
 * messages go.
 *
 * gRPC and the stubs are loaded from `@pulumi/pulumi`'s own dependencies, so that the messages
 * built here are those its stubs serialize, and the package needs no dependency of its own.
 */
import type * as GrpcModule from "@grpc/grpc-js";
import type * as EngineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EngineProto from "@pulumi/pulumi/proto/engine_pb";
import { sdkRequire } from "../../util/pulumi-sdk";
import type { Logger } from "./context";

/**
 * A logger whose messages go to the engine at `address` as INFO and WARNING log entries of the
 * resource `urn()` names (empty: the stack's own diagnostics). A message the engine does not take
 * (it has gone away) is written to stderr instead, so nothing is dropped silently.
 *
 * @example
 * setDefaultLogger(engineLogger(process.argv[2]));
 */
export function engineLogger(address: string, urn: () => string = () => ""): Logger {
  const grpc = sdkRequire("@grpc/grpc-js") as typeof GrpcModule;
  const engineGrpc = sdkRequire("./proto/engine_grpc_pb") as typeof EngineGrpc;
  const engineProto = sdkRequire("./proto/engine_pb") as typeof EngineProto;
  const engine = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
  const log = (severity: EngineProto.LogSeverity, message: string): void => {
    const req = new engineProto.LogRequest().setSeverity(severity).setMessage(message).setUrn(urn());
    engine.log(req, (err) => {
      if (err) process.stderr.write(`${message}\n`);
    });
  };
  return {
    info: (m) => log(engineProto.LogSeverity.INFO, m),
    warn: (m) => log(engineProto.LogSeverity.WARNING, m),
    debug: (m) => log(engineProto.LogSeverity.DEBUG, m),
  };
}

/** `dynamic-provider/index.js` of `@pulumi/pulumi`, as the host's script path ends. */
const DYNAMIC_HOST_SCRIPT = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/;

/** Flags the engine puts before a plugin's engine address that take the next argument as their value. */
const FLAGS_WITH_VALUE = new Set(["--tracing"]);

/**
 * The engine's address when this process is `@pulumi/pulumi`'s dynamic-provider host, which the
 * engine starts as `node .../cmd/dynamic-provider/index.js [flags] <engine address>`; otherwise
 * (the testing toolkit runs the runtime in the program's own process) undefined. The flags are
 * there when the user asks for them: `pulumi up --logflow -v=9 --logtostderr` passes
 * `--logtostderr -v=9` on to every plugin, `--tracing` passes `--tracing <endpoint>`; the
 * address is the first argument that is neither a flag nor a flag's value (without this, a
 * `--logflow` run lost the engine log, and with it the provider's warnings and debug log).
 *
 * @example
 * dynamicHostEngineAddress(["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:4000"]); // "127.0.0.1:4000"
 * dynamicHostEngineAddress(["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "--logtostderr", "-v=9", "127.0.0.1:4000"]); // "127.0.0.1:4000"
 */
export function dynamicHostEngineAddress(argv: readonly string[] = process.argv): string | undefined {
  const [, script, ...args] = argv;
  if (script === undefined || !DYNAMIC_HOST_SCRIPT.test(script)) return undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("-")) return /^[\w.[\]:-]+:\d+$/.test(arg) ? arg : undefined;
    if (FLAGS_WITH_VALUE.has(arg)) i += 1;
  }
  return undefined;
}

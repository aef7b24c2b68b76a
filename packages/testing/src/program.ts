/**
 * Runs a Pulumi program in this process under `pulumi.runtime.setMocks`, handing resource
 * registrations to the engine double.
 *
 * How a registration reaches us: `setMocks` installs a `MockMonitor` as the resource monitor
 * (`@pulumi/pulumi/runtime/mocks.js`). Its `registerResource(request, callback)` and
 * `readResource(request, callback)` receive the very gRPC request the SDK would send to the
 * engine, then call `mocks.newResource` with a reduced view: inputs already deserialized (a secret
 * anywhere inside a top-level property turns the whole property into a secret, unknowns become
 * `pulumi.Output` unknowns) and no resource options at all (no `additionalSecretOutputs`,
 * `dependsOn`, `deleteBeforeReplace`, parent). That view cannot honour the options, so for the
 * requests the engine double handles we take the request itself from the monitor's methods:
 * its `object` struct holds every secret where the program put it, the unknown sentinel for
 * values not known during a preview, and the options are request fields. Everything else goes
 * to the original methods, and so to `mocks.newResource` / `mocks.call`.
 *
 * `setMocks` state is process-global (`global.globalStore` in `runtime/state.js`): running two
 * programs at once in one process would mix their registrations, so runs are serialized.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as resourceProto from "@pulumi/pulumi/proto/resource_pb";

import { Serial } from "./concurrency";
import type { WireMap } from "./wire";

/** The `MockMonitor` methods we wrap. */
interface MonitorMethods {
  registerResource(request: resourceProto.RegisterResourceRequest, callback: MonitorCallback<resourceProto.RegisterResourceResponse>): void;
  readResource(request: resourceProto.ReadResourceRequest, callback: MonitorCallback<resourceProto.ReadResourceResponse>): void;
}
type MonitorCallback<T> = (error: Error | null, response: T | undefined) => void;

/** What the engine double decides for one request: an answer, or `undefined` to let the mocks answer. */
export interface RegistrationHooks {
  registerResource(request: resourceProto.RegisterResourceRequest): Promise<resourceProto.RegisterResourceResponse> | undefined;
  readResource(request: resourceProto.ReadResourceRequest): Promise<resourceProto.ReadResourceResponse> | undefined;
}

export interface ProgramRunOptions {
  program: () => unknown;
  project: string;
  stack: string;
  preview: boolean;
  /** Stack config as the program reads it (`new pulumi.Config(ns).get(key)`), plain strings. */
  config: Record<string, string>;
  /** Keys of `config` that are secret (`config.requireSecret` / `getSecret`). */
  secretKeys: string[];
  mocks: pulumi.runtime.Mocks;
  hooks: RegistrationHooks;
}

export interface ProgramRunResult {
  /** The program's returned object, serialized as stack outputs (secrets wrapped, unknowns as the sentinel). */
  outputs: WireMap;
  /** What the program threw, if it did. */
  error: unknown;
}

const programRuns = new Serial();

/**
 * Runs `task` after every previously queued one, so only one program uses the Pulumi runtime of
 * this process at a time: the engine double's runs under `setMocks`, and the CLI engine's inline
 * programs, which the Automation API runs in this process too.
 */
export function exclusive<T>(task: () => Promise<T>): Promise<T> {
  return programRuns.run(task);
}

/**
 * Waits until every resource registration the program started has been answered. This is what
 * the language host does before it disconnects (`settings.waitForRPCs`, exported at runtime but
 * marked internal in the typings).
 */
async function waitForRegistrations(): Promise<void> {
  const runtime = pulumi.runtime as unknown as { waitForRPCs?: () => Promise<void> };
  if (typeof runtime.waitForRPCs !== "function") {
    throw new Error("this version of @pulumi/pulumi does not expose runtime.waitForRPCs; the testing toolkit needs >=3.216");
  }
  await runtime.waitForRPCs();
}

/**
 * A monitor method that lets `hook` answer a request, and hands the requests it declines
 * (`undefined`) to `original`.
 */
function hooked<Request, Response>(
  original: (request: Request, callback: MonitorCallback<Response>) => void,
  hook: (request: Request) => Promise<Response> | undefined,
): (request: Request, callback: MonitorCallback<Response>) => void {
  return (request, callback) => {
    const answer = hook(request);
    if (answer === undefined) {
      original(request, callback);
      return;
    }
    answer.then(
      (response) => callback(null, response),
      (error: Error) => callback(error, undefined),
    );
  };
}

/**
 * Runs the program once. Re-calling `setMocks` is how the runtime is reset between runs: it calls
 * `resetOptions`, which clears the monitor, the stack resource, feature flags, leak candidates and
 * the dry-run flag; `setAllConfig` then replaces the config map.
 */
export function runProgram(options: ProgramRunOptions): Promise<ProgramRunResult> {
  return exclusive(async () => {
    await pulumi.runtime.setMocks(options.mocks, options.project, options.stack, options.preview);
    pulumi.runtime.setAllConfig(options.config, options.secretKeys);
    const monitor = pulumi.runtime.getMonitor() as unknown as MonitorMethods | undefined;
    if (!monitor || typeof monitor.registerResource !== "function" || typeof monitor.readResource !== "function") {
      throw new Error("pulumi.runtime.setMocks did not install a mock monitor: is @pulumi/pulumi duplicated in node_modules?");
    }
    monitor.registerResource = hooked(monitor.registerResource.bind(monitor), (request) => options.hooks.registerResource(request));
    monitor.readResource = hooked(monitor.readResource.bind(monitor), (request) => options.hooks.readResource(request));

    let outputs: WireMap = {};
    let error: unknown;
    const restoreHandlers = setAsideFailedRegistrations();
    try {
      const returned = await options.program();
      if (returned !== undefined && returned !== null && typeof returned === "object") {
        outputs = (await pulumi.runtime.serializeProperties("stack outputs", returned)) as WireMap;
      }
    } catch (thrown) {
      error = thrown;
    }
    try {
      await waitForRegistrations();
      // Rejections are reported once the microtasks of the last registration have run.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      restoreHandlers();
    }
    // Leave the runtime in plain mock mode, without our hooks (they belong to a finished
    // deployment) and without the stack's config.
    await pulumi.runtime.setMocks(options.mocks, options.project, options.stack, false);
    pulumi.runtime.setAllConfig({}, []);
    return { outputs, error };
  });
}

/**
 * Since 3.26x, @pulumi/pulumi rejects the outputs of a resource whose registration failed or was
 * skipped ("resource <name> [<type>] failed to register", runtime/resource.js) so that
 * `pulumi.recover` can catch it; a program that never reads them leaves those rejections
 * unhandled. Under the real engine the program's process logs them and ends with the failed
 * deployment (cmd/run/run.js); here the program runs in the caller's process, and the failure is
 * already the step's error. So while a run lasts those rejections, and only those, are kept from
 * the process's handlers; any other one reaches them (or, with none, is thrown as Node.js would).
 */
function setAsideFailedRegistrations(): () => void {
  const others = process.listeners("unhandledRejection");
  const handler = (reason: unknown, promise: Promise<unknown>) => {
    if (reason instanceof Error && / failed to register$/.test(reason.message)) return;
    if (others.length === 0) throw reason;
    for (const listener of others) listener.call(process, reason, promise);
  };
  process.removeAllListeners("unhandledRejection");
  process.on("unhandledRejection", handler);
  return () => {
    process.removeListener("unhandledRejection", handler);
    for (const listener of others) process.on("unhandledRejection", listener);
  };
}

/**
 * Answers for resources that are not dynamic resources: a custom resource gets the id
 * `<name>_id` and its inputs as outputs, a component its inputs; functions are refused so a
 * program does not silently run on made-up data.
 */
export const defaultMocks: pulumi.runtime.Mocks = {
  newResource(args) {
    return { id: args.custom ? `${args.name}_id` : undefined, state: args.inputs as Record<string, unknown> };
  },
  call(args) {
    throw new Error(`no mock for function ${args.token}: pass mocks.call to createTestStack`);
  },
};

/**
 * The engine double: runs the program in this process under `pulumi.runtime.setMocks`, hands
 * the registrations of dynamic resources to `Deployment` (the engine's step logic) and drives the
 * real dynamic-provider host of `@pulumi/pulumi` over gRPC.
 *
 * Provider processes follow the CLI: every `pulumi up`, `preview`, `refresh` or `destroy` loads
 * its providers anew (`plugin.NewContext` per update in `pkg/engine`), so the double starts a new
 * host for every operation; a `preview --refresh` is one deployment and uses one host, configured
 * once. `hostPerOperation: false` keeps one host for the stack's lifetime instead.
 */
import { availableParallelism } from "node:os";

import type * as pulumi from "@pulumi/pulumi";

import { Deployment } from "./deployment";
import { OperationContext } from "./journal";
import { Refresh } from "./refresh";
import type { EngineRun, OperationInput, StackEngine } from "./engine";
import { ProviderHost, type Diagnostic } from "./host";
import { defaultMocks, runProgram } from "./program";
import type { StateResource } from "./state";
import type { DeploymentStack, StepFailure, TestStackOptions } from "./types";
import type { WireMap } from "./wire";

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/** The CLI's default `--parallel` (`defaultParallel` in `pkg/cmd/pulumi/operations/up.go`): 4 × GOMAXPROCS. */
export function defaultParallel(): number {
  return 4 * availableParallelism();
}

export class DoubleEngine implements StackEngine {
  readonly kind = "double";
  private host: ProviderHost | undefined;
  private hostStarting: Promise<ProviderHost> | undefined;
  /** Operations run so far; the first reuses the host started by `start`. */
  private operations = 0;
  private diagnosticsSink: Diagnostic[] = [];
  private readonly mocks: pulumi.runtime.Mocks;
  private readonly parallel: number;

  constructor(
    private readonly stack: DeploymentStack & { project: string; stackName: string; workDir: string },
    private readonly options: TestStackOptions,
  ) {
    this.mocks = { ...defaultMocks, ...(options.mocks ?? {}) };
    this.parallel = options.parallel ?? defaultParallel();
  }

  async start(): Promise<void> {
    await this.ensureHost();
  }

  async configChanged(): Promise<void> {
    // The host calls a provider's `configure` once per process.
    await this.stopHost();
  }

  async close(): Promise<void> {
    await this.stopHost();
  }

  async run(input: OperationInput): Promise<EngineRun> {
    this.diagnosticsSink = [];
    if (this.options.hostPerOperation !== false && this.operations > 0) await this.stopHost();
    this.operations += 1;
    const context = new OperationContext(await this.ensureHost(), this.stack);
    const outcome = await this.operation(input, context);
    // The host writes provider console output to its stdout/stderr pipes before it answers;
    // give the event loop a moment to read what is already in the pipe buffers.
    await new Promise((resolve) => setTimeout(resolve, 15));
    return {
      ...outcome,
      steps: context.steps,
      diagnostics: [...context.diagnostics, ...this.diagnosticsSink],
      providerCalls: context.calls,
    };
  }

  private deployment(context: OperationContext, records: StateResource[], preview: boolean): Deployment {
    return new Deployment(this.stack, context.client, records, { preview, parallel: this.parallel });
  }

  private async operation(
    input: OperationInput,
    context: OperationContext,
  ): Promise<Pick<EngineRun, "records" | "outputs" | "shownOutputs" | "failures">> {
    switch (input.kind) {
      case "up": {
        const run = await this.deploy(input, context, false, input.records);
        return { ...run, shownOutputs: run.outputs ?? {} };
      }
      case "preview": {
        let records = input.records;
        if (input.refresh) {
          const refresher = new Refresh(context.client, records, this.parallel);
          records = await refresher.run();
          context.absorb(refresher, false);
          if (refresher.failures.length > 0)
            return { records: undefined, outputs: undefined, shownOutputs: {}, failures: refresher.failures };
        }
        const run = await this.deploy(input, context, true, records);
        return { records: undefined, outputs: undefined, shownOutputs: run.outputs ?? {}, failures: run.failures };
      }
      case "refresh": {
        const refresher = new Refresh(context.client, input.records, this.parallel);
        const records = await refresher.run();
        context.absorb(refresher, true);
        return { records, outputs: undefined, shownOutputs: {}, failures: refresher.failures };
      }
      case "destroy": {
        const destroyer = this.deployment(context, input.records, false);
        const records = await destroyer.destroyAll();
        context.absorb(destroyer, true);
        return { records, outputs: {}, shownOutputs: {}, failures: destroyer.failures };
      }
    }
  }

  /** Runs the program under mocks with a deployment's hooks, then finishes the deployment. */
  private async deploy(
    input: OperationInput,
    context: OperationContext,
    preview: boolean,
    records: StateResource[],
  ): Promise<{ records: StateResource[]; outputs: WireMap | undefined; failures: StepFailure[] }> {
    const inner = this.deployment(context, records, preview);
    const run = await runProgram({
      program: input.program,
      project: this.stack.project,
      stack: this.stack.stackName,
      preview,
      config: Object.fromEntries(Object.entries(input.config).map(([key, value]) => [key, value.text])),
      secretKeys: Object.entries(input.config)
        .filter(([, value]) => value.secret)
        .map(([key]) => key),
      mocks: this.mocks,
      hooks: {
        registerResource: (request) => inner.registerResource(request),
        readResource: (request) => inner.readResource(request),
      },
    });
    const failures: StepFailure[] = [];
    if (run.error !== undefined) {
      failures.push({
        urn: `urn:pulumi:${this.stack.stackName}::${this.stack.project}::${ROOT_STACK_TYPE}::${this.stack.project}-${this.stack.stackName}`,
        message: `the program failed: ${run.error instanceof Error ? (run.error.stack ?? run.error.message) : JSON.stringify(run.error)}`,
      });
    }
    const finalRecords = await inner.finish(run.error !== undefined);
    context.absorb(inner, true);
    // The engine keeps the stack outputs of a failed update only where new ones were registered;
    // the double keeps the old ones whole.
    const failed = failures.length > 0 || inner.failures.length > 0;
    return { records: finalRecords, outputs: failed && !preview ? undefined : run.outputs, failures: [...inner.failures, ...failures] };
  }

  private async stopHost(): Promise<void> {
    const host = this.host ?? (await this.hostStarting?.catch(() => undefined));
    this.host = undefined;
    this.hostStarting = undefined;
    await host?.close();
  }

  private async ensureHost(): Promise<ProviderHost> {
    if (this.host?.alive) return this.host;
    if (this.host) {
      this.diagnosticsSink.push({ severity: "warning", source: "engine", message: "the provider host had exited; starting a new one" });
      await this.host.close();
      this.host = undefined;
    }
    this.hostStarting ??= ProviderHost.start({
      workDir: this.stack.workDir,
      project: this.stack.project,
      onDiagnostic: (diagnostic) => this.diagnosticsSink.push(diagnostic),
      ...(this.options.hostStartTimeoutMs !== undefined ? { startTimeoutMs: this.options.hostStartTimeoutMs } : {}),
    });
    try {
      this.host = await this.hostStarting;
    } finally {
      this.hostStarting = undefined;
    }
    return this.host;
  }
}

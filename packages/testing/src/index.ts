/**
 * `pulumi-hosting-reseller/testing`: run a Pulumi program's dynamic resources through the real
 * dynamic-provider host of `@pulumi/pulumi`, with a test double of the engine on the other side
 * of the gRPC boundary, or through the real Pulumi CLI (`engine: "cli"`). For tests only: real
 * deployments use the Pulumi CLI.
 *
 * @example
 * ```ts
 * import { createTestStack } from "pulumi-hosting-reseller/testing";
 *
 * const stack = await createTestStack({ program, workDir: programDir, config: { "reseller:apiUrl": sim.url } });
 * await stack.up();
 * await stack.destroy();
 * await stack.close();
 * ```
 */
export { createTestStack, TestStack } from "./stack";
export {
  DeploymentError,
  type ConfigValue,
  type OperationResult,
  type ProviderCall,
  type PulumiProgram,
  type ResourceView,
  type StackConfig,
  type StepFailure,
  type StepOp,
  type StepResult,
  type TestStackOptions,
} from "./types";
export { loadState, parseState, type StateDocument, type StateResource } from "./state";
export { ProviderCallError, type Diagnostic, type InitFailure } from "./host";
export { SECRET, UNKNOWN } from "./wire";
export { findPulumiCli, type PulumiCli } from "./cli";

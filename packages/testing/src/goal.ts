/**
 * What a registration asks of the engine (the goal state of `step_generator.go`), and the state a
 * step saves for it.
 */
import type * as resourceProto from "@pulumi/pulumi/proto/resource_pb";

import type { Diagnostic } from "./host";
import type { StateResource } from "./state";
import type { DeploymentStack } from "./types";
import { applyAdditionalSecretOutputs, isSecretValue, makeSecret, type WireMap } from "./wire";

/** What a registration asks for, with the options the engine honours. */
export interface Goal {
  urn: string;
  type: string;
  name: string;
  parent: string | undefined;
  inputs: WireMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs: string[];
  deleteBeforeReplace: boolean | undefined;
  retainOnDelete: boolean | undefined;
  protect: boolean;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  deletedWith: string | undefined;
}

/**
 * What the step executor does to every new state before it is saved, Same steps included
 * (`step_executor.go` `continueExecuteStep`): outputs named in `additionalSecretOutputs` become
 * secret, and so does any output whose input of the same name is secret.
 */
export function securedOutputs(outputs: WireMap, inputs: WireMap, additionalSecretOutputs: readonly string[]): WireMap {
  const result = applyAdditionalSecretOutputs(
    outputs,
    additionalSecretOutputs.filter((name) => name !== "id"),
  );
  for (const [key, value] of Object.entries(result)) {
    if (!isSecretValue(value) && isSecretValue(inputs[key])) result[key] = makeSecret(value);
  }
  return result;
}

/** The goal of a `RegisterResource` request. */
export function goalOf(request: resourceProto.RegisterResourceRequest, urnFor: DeploymentStack["urnFor"]): Goal {
  const type = request.getType();
  const name = request.getName();
  const parent = request.getParent() || undefined;
  const propertyDependencies: Record<string, string[]> = {};
  request.getPropertydependenciesMap().forEach((entry, key) => {
    propertyDependencies[key] = entry.getUrnsList();
  });
  return {
    urn: urnFor(type, name, parent),
    type,
    name,
    parent,
    inputs: request.getObject()?.toJavaScript() ?? {},
    dependencies: request.getDependenciesList(),
    propertyDependencies,
    additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
    deleteBeforeReplace: request.getDeletebeforereplacedefined() ? request.getDeletebeforereplace() : undefined,
    retainOnDelete: request.hasRetainondelete() ? request.getRetainondelete() : undefined,
    protect: request.getProtect() === true,
    ignoreChanges: request.getIgnorechangesList(),
    replaceOnChanges: request.getReplaceonchangesList(),
    deletedWith: request.getDeletedwith() || undefined,
  };
}

/**
 * Warnings about a registration's options: those the engine honours that the double does not
 * simulate (said rather than ignored silently), and an `id` the program asked to make secret.
 */
export function optionWarnings(request: resourceProto.RegisterResourceRequest, urn: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const unsupported: string[] = [];
  if (request.getAliasesList().length > 0 || request.getAliasurnsList().length > 0) unsupported.push("aliases");
  // `replaceWith` is recent (absent from older @pulumi/pulumi in the peer range).
  if (typeof request.getReplaceWithList === "function" && request.getReplaceWithList().length > 0) unsupported.push("replaceWith");
  if (unsupported.length > 0) {
    diagnostics.push({
      severity: "warning",
      source: "engine",
      urn,
      message: `resource options not simulated by the test engine: ${unsupported.join(", ")}`,
    });
  }
  if (request.getAdditionalsecretoutputsList().includes("id")) {
    // `step_executor.go`: the id is never secret.
    diagnostics.push({
      severity: "warning",
      source: "engine",
      urn,
      message: "The 'id' property cannot be made secret. See pulumi/pulumi#2717 for more details.",
    });
  }
  return diagnostics;
}

/** The state a step saves for a goal: its options, and outputs secured as the step executor does. */
export function newRecord(goal: Goal, id: string, inputs: WireMap, outputs: WireMap, initErrors?: string[]): StateResource {
  return {
    urn: goal.urn,
    type: goal.type,
    id,
    ...(goal.parent ? { parent: goal.parent } : {}),
    ...(goal.retainOnDelete !== undefined ? { retainOnDelete: goal.retainOnDelete } : {}),
    ...(goal.protect ? { protect: true } : {}),
    ...(goal.deletedWith ? { deletedWith: goal.deletedWith } : {}),
    ...(goal.ignoreChanges.length > 0 ? { ignoreChanges: goal.ignoreChanges } : {}),
    ...(goal.replaceOnChanges.length > 0 ? { replaceOnChanges: goal.replaceOnChanges } : {}),
    ...(goal.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: goal.deleteBeforeReplace } : {}),
    inputs,
    outputs: securedOutputs(outputs, inputs, goal.additionalSecretOutputs),
    dependencies: goal.dependencies,
    propertyDependencies: goal.propertyDependencies,
    additionalSecretOutputs: goal.additionalSecretOutputs,
    ...(initErrors && initErrors.length > 0 ? { initErrors } : {}),
  };
}

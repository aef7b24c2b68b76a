/**
 * PhpOptions: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { PhpOptions } from "pulumi-hosting-reseller";
 * new PhpOptions("php", { hostingId: 101, phpVersion: "8.2", options: { memory_limit: "512M" } });
 */
export { PhpOptions } from "./resource";
export type { PhpOptionsArgs } from "./resource";
export { parsePhpOptionsId, phpOptionsDefinition, phpOptionsId } from "./provider";
export { allowedValuesOf, checkAgainstMap, sameOptions } from "./schema";
export type { PhpOptionsInputs, PhpOptionsOutputs } from "./schema";

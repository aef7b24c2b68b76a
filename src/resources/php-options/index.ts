/** PhpOptions: the resource class, its arguments and state, and its lifecycle definition. */
export { PhpOptions } from "./resource";
export type { PhpOptionsArgs } from "./resource";
export { parsePhpOptionsId, phpOptionsDefinition, phpOptionsId } from "./provider";
export { allowedValuesOf, checkAgainstMap, sameOptions } from "./schema";
export type { PhpOptionsInputs, PhpOptionsOutputs } from "./schema";

/** PhpOptions: the resource class, its arguments and state, and its helpers. */
export { PhpOptions } from "./resource";
export type { PhpOptionsArgs } from "./resource";
export { parsePhpOptionsId, phpOptionsId } from "./provider";
export { allowedValuesOf, checkAgainstMap, sameOptions } from "./schema";
export type { PhpOptionsInputs, PhpOptionsOutputs } from "./schema";

/** PhpExtensions: the resource class, its arguments and state, and its lifecycle definition. */
export { PhpExtensions } from "./resource";
export type { PhpExtensionsArgs } from "./resource";
export { parsePhpExtensionsId, phpExtensionsDefinition, phpExtensionsId } from "./provider";
export { checkExtensionNames, extensionEnabled, sameExtensions } from "./schema";
export type { PhpExtensionsInputs, PhpExtensionsOutputs } from "./schema";

/** PhpExtensions: the resource class, its arguments and state, and its helpers. */
export { PhpExtensions } from "./resource";
export type { PhpExtensionsArgs } from "./resource";
export { parsePhpExtensionsId, phpExtensionsId } from "./provider";
export { checkExtensionNames, extensionEnabled, sameExtensions } from "./schema";
export type { PhpExtensionsInputs, PhpExtensionsOutputs } from "./schema";

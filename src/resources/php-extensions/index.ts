/**
 * PhpExtensions: the resource class, its arguments and state, and its lifecycle definition.
 *
 * @example
 * import { PhpExtensions } from "pulumi-hosting-reseller";
 * new PhpExtensions("php-ext", { hostingId: 101, phpVersion: "8.2", extensions: { imagick: true } });
 */
export { PhpExtensions } from "./resource";
export type { PhpExtensionsArgs } from "./resource";
export { parsePhpExtensionsId, phpExtensionsDefinition, phpExtensionsId } from "./provider";
export { checkExtensionNames, extensionEnabled, sameExtensions } from "./schema";
export type { PhpExtensionsInputs, PhpExtensionsOutputs } from "./schema";

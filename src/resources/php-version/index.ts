/** PhpVersion: the resource class, its arguments and state, and its helpers. */
export { PhpVersion } from "./resource";
export type { PhpVersionArgs } from "./resource";
export { parsePhpVersionId, phpVersionId } from "./provider";
export { phpVersionProblem } from "./schema";
export type { PhpVersionInputs, PhpVersionOutputs } from "./schema";
export type { PhpVersions } from "../shared/php-settings";

/** PhpVersion: the resource class, its arguments and state, and its lifecycle definition. */
export { PhpVersion } from "./resource";
export type { PhpVersionArgs } from "./resource";
export { parsePhpVersionId, phpVersionDefinition, phpVersionId } from "./provider";
export { phpVersionProblem } from "./schema";
export type { PhpVersionInputs, PhpVersionOutputs } from "./schema";
export { phpVersionGone, phpVersionsOf } from "../shared/php-settings";
export type { PhpVersions } from "../shared/php-settings";

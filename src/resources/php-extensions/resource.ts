/**
 * The `PhpExtensions` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { phpExtensionsDefinition } from "./provider";

/** The arguments of a {@link PhpExtensions}. */
export interface PhpExtensionsArgs {
  /** The hosting account. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** The PHP version whose extensions are switched, e.g. `"8.2"`. Changing it replaces the resource. */
  phpVersion: pulumi.Input<string>;
  /**
   * Extension name to `true` (enabled) or `false` (disabled), e.g. `{ imagick: true, opcache: false }`.
   * Names are checked against the version's extensions before anything is written. Only the
   * extensions named here are managed.
   */
  extensions: pulumi.Input<Record<string, pulumi.Input<boolean>>>;
}

/**
 * The PHP extensions a program enables or disables, for one PHP version of a hosting account.
 *
 * Only the named extensions are managed: others keep whatever state they have. The API gives no
 * default state per extension, so the resource records the state each managed extension had
 * before it first changed it (`previous`); destroying the resource, or dropping an extension
 * from `extensions`, restores that state. One `PhpExtensions` per account and version.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { PhpExtensions } from "pulumi-hosting-reseller";
 *
 * new PhpExtensions("php-ext", {
 *     hostingId: 101,
 *     phpVersion: "8.2",
 *     extensions: { imagick: true, redis: true, soap: false },
 * });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<phpVersion>`, e.g. `101/8.2`. From the id alone, every extension of
 * the version is taken as managed, with its current state as the one to restore; the next update
 * narrows that to the declared extensions. Dynamic providers cannot be imported with `pulumi
 * import` (pulumi#16175); use `PhpExtensions.get`, or declare the resource.
 */
export class PhpExtensions extends ResellerResource<PhpExtensionsArgs> {
  protected static override readonly spec = resourceClassSpec(phpExtensionsDefinition, { outputs: { previous: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  declare public readonly phpVersion: pulumi.Output<string>;
  /** The managed extensions and their live state. */
  declare public readonly extensions: pulumi.Output<Record<string, boolean>>;
  /** The state each managed extension had before this resource first changed it: what destroy restores. */
  declare public readonly previous: pulumi.Output<Record<string, boolean>>;

  /**
   * Looks up the extensions of a PHP version by id (`101/8.2`).
   *
   * @example
   * const ext = PhpExtensions.get("php-ext", "101/8.2");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): PhpExtensions {
    return new PhpExtensions(name, undefined, { ...opts, id });
  }
}

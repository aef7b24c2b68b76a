/**
 * The `PhpOptions` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { phpOptionsDefinition } from "./provider";

/** The arguments of a {@link PhpOptions}. */
export interface PhpOptionsArgs {
  /** The hosting account. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** The PHP version whose options are set, e.g. `"8.2"`. Changing it replaces the resource. */
  phpVersion: pulumi.Input<string>;
  /**
   * Option name to php.ini value (`memory_limit: "512M"`, `display_errors: "Off"`). Numbers are
   * written as text, booleans as `On` / `Off`. Values are checked against the account's option
   * map before anything is written. Only the options named here are managed.
   */
  options: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
}

/**
 * The php.ini options a program sets for one PHP version of a hosting account.
 *
 * Only the named options are managed: others keep whatever they hold. The resource records the
 * value each managed option had before it first changed it (`previous`); removing an option from
 * `options`, or destroying the resource, puts that value back. One `PhpOptions` per account and
 * version.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { PhpOptions } from "pulumi-hosting-reseller";
 *
 * new PhpOptions("php", {
 *     hostingId: 101,
 *     phpVersion: "8.2",
 *     options: { memory_limit: "512M", max_execution_time: 120, display_errors: false },
 * });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<phpVersion>`, e.g. `101/8.2`. From the id alone, the options that
 * differ from their defaults are taken as the managed ones, with their live values as
 * `previous`. Dynamic providers cannot be
 * imported with `pulumi import` (pulumi#16175); use `PhpOptions.get`, or declare the resource,
 * which records the named options' current values and writes the program's over them.
 */
export class PhpOptions extends ResellerResource<PhpOptionsArgs> {
  protected static override readonly spec = resourceClassSpec(phpOptionsDefinition, {
    outputs: { allowedValues: true, defaults: true, previous: true },
  });

  declare public readonly hostingId: pulumi.Output<number>;
  declare public readonly phpVersion: pulumi.Output<string>;
  /** The managed options and their live values, in the spelling the API keeps (`On`, `512M`). */
  declare public readonly options: pulumi.Output<Record<string, string>>;
  /** The default of each managed option, as the option map gives it. */
  declare public readonly defaults: pulumi.Output<Record<string, string>>;
  /**
   * The value each managed option had before this resource first changed it (read from the id
   * alone: the live values): what destroy puts back. Absent in state written by versions before
   * it existed, whose destroy returns the options to their defaults.
   */
  declare public readonly previous: pulumi.Output<Record<string, string> | undefined>;
  /** The allowed values of each managed option; empty for options that take any value. */
  declare public readonly allowedValues: pulumi.Output<Record<string, string[]>>;

  /**
   * Looks up the options of a PHP version by id (`101/8.2`).
   *
   * @example
   * const php = PhpOptions.get("php", "101/8.2");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): PhpOptions {
    return new PhpOptions(name, undefined, { ...opts, id });
  }
}

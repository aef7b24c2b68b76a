/**
 * The `PhpVersion` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { phpVersionDefinition } from "./provider";

/** The arguments of a {@link PhpVersion}. */
export interface PhpVersionArgs {
  /** The hosting account. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /**
   * The PHP version to run, e.g. `"8.3"` (a string). It must be installed on the account: it is
   * checked against the account's version listing before anything is written.
   */
  phpVersion: pulumi.Input<string>;
}

/**
 * The PHP version a hosting account runs.
 *
 * An account always runs one version, so creating the resource records the version it finds
 * active (`previous`) and sets the program's, and destroying it puts the recorded version back.
 * One `PhpVersion` per account.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { PhpVersion } from "pulumi-hosting-reseller";
 *
 * const php = new PhpVersion("php", { hostingId: 101, phpVersion: "8.3" });
 * export const installed = php.availableVersions;
 * ```
 *
 * ## Import
 *
 * The id is the hosting account's id, e.g. `101`; read from the id alone, the active version is
 * also taken as `previous`. Dynamic providers cannot be imported with
 * `pulumi import` (pulumi#16175); use `PhpVersion.get`, or declare the resource, which sets the
 * declared version.
 */
export class PhpVersion extends ResellerResource<PhpVersionArgs> {
  protected static override readonly spec = resourceClassSpec(phpVersionDefinition, {
    outputs: { availableVersions: true, defaultVersion: true, previous: true },
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The active version. */
  declare public readonly phpVersion: pulumi.Output<string>;
  /** The account's default version: what destroy returns it to when `previous` is absent or no longer installed. */
  declare public readonly defaultVersion: pulumi.Output<string>;
  /**
   * The version found active when the resource was created (read from the id alone: the active
   * one): what destroy puts back. Absent in state written by releases before it existed.
   */
  declare public readonly previous: pulumi.Output<string | undefined>;
  /** The versions installed on the account. */
  declare public readonly availableVersions: pulumi.Output<string[]>;

  /**
   * Looks up the active PHP version of a hosting account by id (`101`).
   *
   * @example
   * const php = PhpVersion.get("php", "101");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): PhpVersion {
    return new PhpVersion(name, undefined, { ...opts, id });
  }
}

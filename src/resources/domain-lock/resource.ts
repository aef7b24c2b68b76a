/**
 * The `DomainLock` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { domainLockDefinition } from "./provider";

/** The arguments of a {@link DomainLock}. */
export interface DomainLockArgs {
  /** The domain, Unicode or ASCII (`café.com` is stored as `xn--caf-dma.com`). Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /** Whether the domain is locked against transfers away. Default true. */
  locked?: pulumi.Input<boolean>;
}

/**
 * The registrar lock (transfer protection) of a domain in the reseller account, for domains
 * whose registration the program does not declare (with `DomainRegistration`, use its
 * `registrarLock` instead). Creating the resource records the lock it finds (`previous`), and
 * destroying it puts that lock back.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DomainLock } from "pulumi-hosting-reseller";
 *
 * new DomainLock("shop-lock", { domain: "client-shop.net" });                 // locked (the default)
 * new DomainLock("moving-out", { domain: "old-brand.org", locked: false });   // before a transfer away
 * ```
 *
 * ## Import
 *
 * The id is the domain, e.g. `client-shop.net`. Dynamic providers cannot be imported with
 * `pulumi import` (pulumi#16175); declaring the resource instead sets the lock on the next
 * `pulumi up`, recording the lock it found.
 *
 * @example
 * const lock = new DomainLock("lock", { domain: "example.com", locked: true });
 */
export class DomainLock extends ResellerResource<DomainLockArgs> {
  protected static override readonly spec = resourceClassSpec(domainLockDefinition, { outputs: { previous: true } });

  /** ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** The live lock. */
  declare public readonly locked: pulumi.Output<boolean>;
  /**
   * The lock found when the resource was created (read from the id alone: the live one): what
   * destroy puts back. Absent in state written by releases before it existed.
   */
  declare public readonly previous: pulumi.Output<boolean | undefined>;

  /**
   * Looks up a domain's lock by its id (the domain).
   *
   * @example
   * const lock = DomainLock.get("lock", "example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DomainLock {
    return new DomainLock(name, undefined, { ...opts, id });
  }
}

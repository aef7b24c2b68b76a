/**
 * The `CacheService` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { cacheServiceDefinition } from "./provider";

/** The arguments of a {@link CacheService}. */
export interface CacheServiceArgs {
  /** The hosting account. Changing it replaces the resource. */
  hostingId: pulumi.Input<number>;
  /** `"memcached"` or `"redis"`. Changing it replaces the resource. */
  service: pulumi.Input<"memcached" | "redis">;
  /** Whether the service is enabled and running. Default `true`. */
  enabled?: pulumi.Input<boolean>;
}

/**
 * The Memcached or Redis service of a hosting account.
 *
 * Each service always exists, disabled by default: creating the resource records what the
 * service is doing (`previous`) and enables and starts it (or disables it, with `enabled:
 * false`), and destroying it puts back what it found. A service found stopped while it should
 * run shows as a change, and the next update starts it. One `CacheService` per account and
 * service.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { CacheService } from "pulumi-hosting-reseller";
 *
 * const redis = new CacheService("redis", { hostingId: 101, service: "redis" });
 * export const redisRunning = redis.active;
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<service>`, e.g. `101/redis`. Dynamic providers cannot be imported with
 * `pulumi import` (pulumi#16175); use `CacheService.get`, or declare the resource.
 */
export class CacheService extends ResellerResource<CacheServiceArgs> {
  protected static override readonly spec = resourceClassSpec(cacheServiceDefinition, { outputs: { active: true, previous: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  declare public readonly service: pulumi.Output<"memcached" | "redis">;
  /** Whether the service is enabled, as the API reports it. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** Whether the service is running, as the API reports it. */
  declare public readonly active: pulumi.Output<boolean>;
  /**
   * Whether the service was enabled and running when the resource was created (read from the id
   * alone: as it is now): what destroy puts back. Absent in state written by releases before it
   * existed.
   */
  declare public readonly previous: pulumi.Output<
    | {
        /** Whether the service was enabled. */
        enabled: boolean;
        /** Whether the service was running. */
        active: boolean;
      }
    | undefined
  >;

  /**
   * Looks up a cache service by id (`101/redis`).
   *
   * @example
   * const redis = CacheService.get("redis", "101/redis");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): CacheService {
    return new CacheService(name, undefined, { ...opts, id });
  }
}

/**
 * CacheService: inputs, their validation, and the state it keeps.
 *
 * A hosting account has two cache services, Memcached and Redis, each with an `enabled` flag
 * (switched by the control actions `on` / `off`) and an `active` flag (running: `start` /
 * `stop`), v4 document, Performance (catalog §1 #47-51, INFERRED-L).
 */
import { z } from "zod";
import { limitText } from "../../provider/lifecycle/check";
import { hostingIdInput } from "../../provider/rules/validators";
import type { FoundSetting } from "../shared/previous";

/** The cache services of a hosting account. */
export const CACHE_SERVICES = ["memcached", "redis"] as const;
export type CacheServiceName = (typeof CACHE_SERVICES)[number];

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const cacheServiceInputs = {
  /** The hosting account. */
  hostingId: hostingIdInput,
  /** Which service: `memcached` or `redis`. */
  service: limitText(z.enum(CACHE_SERVICES, { error: 'must be "memcached" or "redis"' }), {
    max: 16,
    because: "sensible: the service names are memcached and redis",
  }),
  /** Whether the service is enabled (and running). */
  enabled: z.boolean({ error: "must be true or false" }).default(true),
};

/** The checked inputs. */
export interface CacheServiceInputs {
  hostingId: number;
  service: CacheServiceName;
  enabled: boolean;
}

/** What the API reports a service doing. */
export interface CacheServiceStatus {
  enabled: boolean;
  /** Running. */
  active: boolean;
}

/** The state of a cache service, and what create found (`previous`, what destroy puts back). */
export interface CacheServiceOutputs extends CacheServiceInputs, FoundSetting<CacheServiceStatus> {
  /** Whether the service is running, as the API reports it. */
  active: boolean;
}

/**
 * Whether the declared `enabled` is satisfied by the state: an enabled service must also be
 * running, so a service stopped outside Pulumi shows as a change (and the update starts it).
 *
 * @example
 * enabledSatisfied(true, { enabled: true, active: false }); // false
 * enabledSatisfied(false, { enabled: false, active: false }); // true
 */
export function enabledSatisfied(wanted: boolean, state: { enabled?: boolean; active?: boolean }): boolean {
  return wanted === state.enabled && (!wanted || state.active === true);
}

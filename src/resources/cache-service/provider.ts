/**
 * CacheService lifecycle: the Memcached or Redis service of a hosting account, enabled or not.
 * Each service always exists (disabled by default), so this is a singleton setting: create and
 * update switch it, and destroy disables it.
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #47-51 and §2 #40-44,
 * INFERRED-L; v3 wraps status and control results in `data`):
 * - `cache.getMemcached` / `cache.getRedis` (`enabled`, `active`) for read, and after every
 *   write to report what the service is doing;
 * - `cache.controlMemcached` / `cache.controlRedis` with `serviceAction`: `on` then `start` to
 *   enable (an enabled service that is not running serves nothing, and `start` is refused until
 *   the service is on: simulator model, src/simulator/handlers/cache.ts, where the document lists
 *   the actions but not the transitions), `off` to disable (which also stops it).
 */
import type { OperationId } from "../../client/endpoints";
import type { ServiceAction } from "../../client/endpoints/cache";
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { apiErrorCode, messageOf, PartialCreateError, unlessNotFound } from "../../provider/errors";
import type { HostingAddress } from "../../provider/hosting";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/ids";
import {
  CACHE_SERVICES,
  cacheServiceInputs,
  enabledSatisfied,
  type CacheServiceInputs,
  type CacheServiceName,
  type CacheServiceOutputs,
} from "./schema";

type Inputs = CacheServiceInputs;
type Outputs = CacheServiceOutputs;
type Status = { enabled?: boolean; active?: boolean };

const OPERATIONS = {
  memcached: { get: "cache.getMemcached", control: "cache.controlMemcached" },
  redis: { get: "cache.getRedis", control: "cache.controlRedis" },
} as const satisfies Record<CacheServiceName, { get: OperationId; control: OperationId }>;

/** Cache and write scope: one service of one account. */
const scopeOf = (v: { hostingId: number; service: string }) => `cache:${v.hostingId}:${v.service}`;

/**
 * The resource's id: `<hostingId>/<service>`.
 *
 * @example
 * cacheServiceId({ hostingId: 101, service: "redis" }); // "101/redis"
 */
export function cacheServiceId(v: { hostingId: number; service: CacheServiceName }): string {
  return hostingScopedId(v.hostingId, v.service);
}

/** A service name in any letter case. */
const servicePart: IdPart<CacheServiceName> = (text) => CACHE_SERVICES.find((s) => s === text.toLowerCase());

/**
 * What an id names, or undefined when it is not `<hostingId>/<service>`.
 *
 * @example
 * parseCacheServiceId("101/Redis"); // { hostingId: 101, service: "redis" }
 */
export function parseCacheServiceId(id: string): Pick<Inputs, "hostingId" | "service"> | undefined {
  return parseHostingScopedId(id, { service: servicePart });
}

async function status(ctx: ProviderContext, address: HostingAddress, v: Pick<Inputs, "service" | "hostingId">): Promise<Status> {
  return ctx.read(OPERATIONS[v.service].get, { ...address }, [scopeOf(v)]);
}

function outputsOf(v: Pick<Inputs, "hostingId" | "service">, s: Status): Outputs {
  return { hostingId: v.hostingId, service: v.service, enabled: s.enabled === true, active: s.active === true };
}

async function control(ctx: ProviderContext, address: HostingAddress, v: Pick<Inputs, "service" | "hostingId">, action: ServiceAction): Promise<void> {
  await ctx.write(OPERATIONS[v.service].control, { ...address, serviceAction: action }, [scopeOf(v)]);
}

/**
 * Switches the service to the declared state and reads back what it does. Enabling sends `on`
 * and then `start`; when `start` fails after `on` succeeded, the error says so (and carries the
 * state for a create).
 */
async function apply(ctx: ProviderContext, v: Inputs, creating: boolean): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  return ctx.serial(scopeOf(v), async () => {
    if (!v.enabled) {
      await control(ctx, address, v, "off");
      return outputsOf(v, await status(ctx, address, v));
    }
    await control(ctx, address, v, "on");
    try {
      await control(ctx, address, v, "start");
    } catch (err) {
      const message = `${v.service} of hosting account ${v.hostingId} is enabled but could not be started: ${messageOf(err)}`;
      if (creating) throw new PartialCreateError(cacheServiceId(v), { ...outputsOf(v, { enabled: true, active: false }) }, message);
      throw new Error(message, { cause: err });
    }
    return outputsOf(v, await status(ctx, address, v));
  });
}

/**
 * The CacheService declaration: identity is the hosting account and the service; `enabled`
 * changes in place; destroy disables the service.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("CacheService").id.format; // "<hostingId>/<service>, e.g. 101/redis"
 */
export const cacheServiceDefinition = defineResource<typeof cacheServiceInputs, Inputs, Outputs>({
  type: "CacheService",
  inputs: cacheServiceInputs,
  identity: ["hostingId", "service"],
  replaceOn: ["hostingId", "service"],
  // The other service (or account) is switched independently: nothing collides.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<service>, e.g. 101/redis",
    build: (v) => cacheServiceId(v),
    parse: (id) => parseCacheServiceId(id),
  },
  onMissing: "remove",
  diff: {
    equal: { enabled: (news, olds) => enabledSatisfied(news.enabled, olds) },
  },
  requires: (v) => {
    // While the service is unknown (preview), both services' operations are required.
    const services = CACHE_SERVICES.filter((s) => s === v.service);
    const operations = (services.length > 0 ? services : CACHE_SERVICES).flatMap((s) => [OPERATIONS[s].get, OPERATIONS[s].control]);
    return [{ property: "service", operations, reason: "CacheService works with apiVersion v4 or v3 only" }];
  },

  async create(ctx, inputs) {
    // An upsert: the service always exists, so "create" switches it to the declared state.
    return { id: cacheServiceId(inputs), outs: await apply(ctx, inputs, true) };
  },

  async read(ctx, { key }) {
    const v = key as Pick<Inputs, "hostingId" | "service">;
    try {
      return { id: cacheServiceId(v), outs: outputsOf(v, await status(ctx, await ctx.hosting(v.hostingId), v)) };
    } catch (err) {
      // The hosting account is gone, and its services with it.
      if (apiErrorCode(err) === "not-found") return undefined;
      throw err;
    }
  },

  async update(ctx, _id, _olds, news) {
    return apply(ctx, news, false);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    await unlessNotFound(() => ctx.serial(scopeOf(props), () => control(ctx, address, props, "off")));
  },
});

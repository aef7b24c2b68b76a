/**
 * CacheService lifecycle: the Memcached or Redis service of a hosting account, enabled or not.
 * Each service always exists (disabled by default), so this is a singleton setting: create
 * records what it finds (`previous`: enabled, running), create and update switch it, and destroy
 * puts back what create found (decision 0020).
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #47-51 and §2 #40-44,
 * INFERRED-L; v3 wraps status and control results in `data`):
 * - `cache.getMemcached` / `cache.getRedis` (`enabled`, `active`) for read, and after every
 *   write to report what the service is doing;
 * - `cache.controlMemcached` / `cache.controlRedis` with `serviceAction`: `on` then `start` to
 *   enable (an enabled service that is not running serves nothing, and `start` is refused until
 *   the service is on: simulator model, packages/simulator/src/handlers/cache.ts, where the document lists
 *   the actions but not the transitions), `off` to disable (which also stops it), `stop` to put
 *   back a service found enabled but stopped. State without `previous` (written by an earlier
 *   version) is disabled at destroy, as that version did.
 */
import type { OperationId } from "../../client/endpoints";
import type { ServiceAction } from "../../client/endpoints/cache";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { messageOf, PartialCreateError, unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingScopedId, parseHostingScopedId, type IdPart } from "../../provider/lifecycle/ids";
import { foundAtCreate, keptPrevious, noPreviousNote, previousOnRead, writeKeepingFound, type FoundSetting } from "../shared/previous";
import {
  CACHE_SERVICES,
  cacheServiceInputs,
  enabledSatisfied,
  type CacheServiceInputs,
  type CacheServiceName,
  type CacheServiceOutputs,
  type CacheServiceStatus,
} from "./schema";

type Inputs = CacheServiceInputs;
type Outputs = CacheServiceOutputs;
type Status = Partial<CacheServiceStatus>;

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

/** The service's status; `fresh` bypasses the read cache (what create finds and destroy compares must be live). */
async function status(
  ctx: ProviderContext,
  address: HostingAddress,
  v: Pick<Inputs, "service" | "hostingId">,
  fresh = false,
): Promise<Status> {
  const get = OPERATIONS[v.service].get;
  return fresh ? ctx.request(get, { ...address }) : ctx.read(get, { ...address }, [scopeOf(v)]);
}

/** A status with both flags, absent ones read as false. */
function flagsOf(s: Status): CacheServiceStatus {
  return { enabled: s.enabled === true, active: s.active === true };
}

function outputsOf(v: Pick<Inputs, "hostingId" | "service">, s: Status, found: FoundSetting<CacheServiceStatus>): Outputs {
  return { hostingId: v.hostingId, service: v.service, ...flagsOf(s), ...found };
}

/**
 * The control actions that take a service from `live` back to `found`: `off` for a service found
 * disabled; `on`, then `start` or `stop`, for one found enabled (running or not): a service found
 * enabled and running, now disabled, gets `on` and `start`.
 */
function putBackActions(found: CacheServiceStatus, live: CacheServiceStatus): ServiceAction[] {
  if (!found.enabled) return live.enabled || live.active ? ["off"] : [];
  const actions: ServiceAction[] = live.enabled ? [] : ["on"];
  if (found.active && !live.active) actions.push("start");
  if (!found.active && live.active) actions.push("stop");
  return actions;
}

async function control(
  ctx: ProviderContext,
  address: HostingAddress,
  v: Pick<Inputs, "service" | "hostingId">,
  action: ServiceAction,
): Promise<void> {
  await ctx.write(OPERATIONS[v.service].control, { ...address, serviceAction: action }, [scopeOf(v)]);
}

/**
 * Switches the service to the declared state and reads back what it does. Enabling sends `on`
 * and then `start`; when `start` fails after `on` succeeded, the error says so (and carries the
 * state for a create). `found` is the state's record of what create found; a create (no state
 * yet) reads the live status first and records it.
 */
async function apply(ctx: ProviderContext, v: Inputs, found: FoundSetting<CacheServiceStatus> | undefined): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  return ctx.serial(scopeOf(v), async () => {
    const creating = found === undefined;
    let kept = found;
    let asFound: Outputs | undefined;
    if (kept === undefined) {
      const live = flagsOf(await status(ctx, address, v, true));
      // A create cut off after its write left the service switched as declared: the record says
      // what it found. `enabled` alone is compared, since the cut may fall between `on` and `start`.
      const declared = { enabled: v.enabled, active: v.enabled };
      kept = { previous: await foundAtCreate(ctx, "CacheService", cacheServiceId(v), live, declared, (l, w) => l.enabled === w.enabled) };
      asFound = outputsOf(v, live, kept);
    }
    if (!v.enabled) {
      await writeKeepingFound(cacheServiceId(v), asFound, () => control(ctx, address, v, "off"));
      return outputsOf(v, await status(ctx, address, v), kept);
    }
    await writeKeepingFound(cacheServiceId(v), asFound, () => control(ctx, address, v, "on"));
    try {
      await control(ctx, address, v, "start");
    } catch (err) {
      const message = `${v.service} of hosting account ${v.hostingId} is enabled but could not be started: ${messageOf(err)}`;
      if (creating) throw new PartialCreateError(cacheServiceId(v), { ...outputsOf(v, { enabled: true, active: false }, kept) }, message);
      throw new Error(message, { cause: err });
    }
    return outputsOf(v, await status(ctx, address, v), kept);
  });
}

/**
 * The CacheService declaration: identity is the hosting account and the service; `enabled`
 * changes in place; destroy puts back what create found.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("CacheService").id.format; // "<hostingId>/<service>, e.g. 101/redis"
 */
export const cacheServiceDefinition = defineResource<typeof cacheServiceInputs, Inputs, Outputs>({
  type: "CacheService",
  inputs: cacheServiceInputs,
  identity: ["hostingId", "service"],
  recordsFound: true,
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
    return { id: cacheServiceId(inputs), outs: await apply(ctx, inputs, undefined) };
  },

  async read(ctx, { key, props }) {
    const v = key as Pick<Inputs, "hostingId" | "service">;
    const live = await unlessNotFound(async () => status(ctx, await ctx.hosting(v.hostingId), v));
    // Not found: the hosting account is gone, and its services with it.
    if (live === undefined) return undefined;
    return { id: cacheServiceId(v), outs: outputsOf(v, live, previousOnRead(props, flagsOf(live))) };
  },

  async update(ctx, _id, olds, news) {
    // What create found stays what destroy puts back.
    return apply(ctx, news, keptPrevious(olds));
  },

  async delete(ctx, id, props) {
    const address = await ctx.hosting(props.hostingId);
    const found = props.previous;
    // Not found: the hosting account is gone, and its services with it.
    await unlessNotFound(() =>
      ctx.serial(scopeOf(props), async () => {
        if (found === undefined) {
          noPreviousNote(ctx, "CacheService", id, "the service is disabled");
          await control(ctx, address, props, "off");
          return;
        }
        const actions = putBackActions(found, flagsOf(await status(ctx, address, props, true)));
        for (const action of actions) await control(ctx, address, props, action);
        const what = !found.enabled ? "disabled" : found.active ? "enabled and running" : "enabled and stopped";
        if (actions.length > 0) ctx.log.info(`CacheService ${id}: ${what} again (${actions.join(", then ")}), as found at create`);
      }),
    );
  },
});

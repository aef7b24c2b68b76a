/**
 * The API as the generator sees it: the resources' own `ProviderContext`, over one client, that
 * can only read.
 *
 * The generator reads every object through the resource definitions' `read` (the code a refresh
 * runs), so the inputs it writes into a program are the ones the provider will compare with.
 * Those reads go through this context: zone and listing reads are shared (a zone of 40 record
 * sets is read once), and anything that is not a read operation of the endpoint table is refused
 * before it is sent. Generating a program must never change the account it describes.
 */
import type { ResellerClient } from "../client/client";
import { BatchQueue } from "../provider/runtime/batch";
import { ReadCache, ScopeQueue } from "../provider/runtime/cache";
import type { ProviderSettings } from "../provider/rules/config";
import type { Logger, ProviderContext } from "../provider/runtime/context";
import { hostingAddress } from "../provider/runtime/context";

/** Reads are kept for the whole run: a generation is one consistent look at the account. */
const RUN_TTL_MS = 60 * 60 * 1000;

/** A read-only context over `client`: reads are cached and shared for the run, writes throw. */
export function readOnlyContext(client: ResellerClient, settings: ProviderSettings, log: Logger): ProviderContext {
  const cache = new ReadCache(RUN_TTL_MS);
  const queue = new ScopeQueue();
  // Batched writes end in `write`, which refuses them like any other write.
  const batches = new BatchQueue(queue);
  const readOnly = (id: string): void => {
    const endpoint = client.endpoint(id);
    if (endpoint && endpoint.safety !== "read") {
      throw new Error(`reseller generate only reads the account; it refused to send ${endpoint.key} (${endpoint.method} ${endpoint.path})`);
    }
  };
  const ctx: ProviderContext = {
    version: client.version,
    settings,
    log,
    has: (id) => client.has(id),
    async read<T>(id: string, params: Record<string, unknown>): Promise<T> {
      readOnly(id);
      return (await cache.get(`${id}|${JSON.stringify(params)}`, [], () => client.request(id, params))) as T;
    },
    async request<T>(id: string, params: Record<string, unknown>): Promise<T> {
      readOnly(id);
      return (await client.request(id, params)) as T;
    },
    async write<T>(id: string): Promise<T> {
      readOnly(id);
      throw new Error(`reseller generate only reads the account; it refused to send ${id}`);
    },
    serial: (scope, task) => queue.run(scope, task),
    batch: (scope, item, options) => batches.add(scope, item, options),
    hosting: (hostingId) => hostingAddress(ctx, hostingId),
    // Nothing is written, so nothing is dropped: every read is as an identity read would be.
    identityReads: () => ctx,
  };
  return ctx;
}

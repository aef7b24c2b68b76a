/**
 * Write batching: writes to one scope that wait at the same time go out together.
 *
 * An operation that takes a list (`dns.modifyZone` takes rrsets) costs one request whether it
 * carries one entry or a hundred, and the API's rate limit counts requests (decision 0016). So a
 * write joins the open batch of its scope; the batch waits for a short gathering window and for
 * every earlier write of the scope (it runs in the scope's write queue), then goes out as one
 * request. Each entry keeps its own promise: the sender settles every entry with its own result.
 */
import type { ScopeQueue } from "./cache";

/** One entry waiting in a batch, with the means to settle it. */
export interface BatchEntry<T> {
  readonly item: T;
  resolve(): void;
  reject(err: unknown): void;
}

/** How a batch of one scope is gathered and sent. */
export interface BatchOptions<T> {
  /**
   * Entries of one batch share a group (the way the scope is addressed, e.g. a zone with or
   * without its hosting account); an entry of another group starts a new batch.
   */
  group: string;
  /**
   * What the entry writes (a record set's name and type). An entry whose key is already in the
   * open batch starts a new batch behind it, so two writes of one thing keep their order.
   */
  key: string;
  /** Most entries per batch; 1 sends every entry alone. */
  maxSize: number;
  /** Milliseconds a new batch waits for more entries before it is sent. */
  windowMs: number;
  /** Sends the entries and settles each of them (every entry must be resolved or rejected). */
  send(entries: readonly BatchEntry<T>[]): Promise<void>;
}

interface OpenBatch<T> {
  readonly group: string;
  readonly keys: Set<string>;
  readonly entries: BatchEntry<T>[];
  readonly options: BatchOptions<T>;
}

/** The open (not yet sent) batch of each scope, sent through a {@link ScopeQueue}. */
export class BatchQueue {
  private readonly open = new Map<string, OpenBatch<unknown>>();

  constructor(private readonly queue: ScopeQueue) {}

  /**
   * Adds `item` to the open batch of `scope` (or a new one) and resolves when its batch has
   * settled it.
   *
   * @example
   * await batches.add("zone:example.com", rrset, { group: "101", key: "www/A", maxSize: 100, windowMs: 10, send });
   */
  add<T>(scope: string, item: T, options: BatchOptions<T>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: BatchEntry<T> = { item, resolve, reject };
      const current = this.open.get(scope) as OpenBatch<T> | undefined;
      if (current && current.group === options.group && !current.keys.has(options.key) && current.entries.length < current.options.maxSize) {
        current.entries.push(entry);
        current.keys.add(options.key);
        return;
      }
      const batch: OpenBatch<T> = { group: options.group, keys: new Set([options.key]), entries: [entry], options };
      this.open.set(scope, batch as OpenBatch<unknown>);
      // The window runs from the batch's first entry, not from its turn in the queue: entries
      // that arrive while earlier writes of the scope are in flight join without waiting more.
      const gathered = options.maxSize > 1 && options.windowMs > 0 ? new Promise((r) => setTimeout(r, options.windowMs)) : Promise.resolve();
      void this.queue.run(scope, async () => {
        await gathered;
        if (this.open.get(scope) === batch) this.open.delete(scope);
        try {
          await options.send(batch.entries);
        } catch (err) {
          // A sender that throws leaves no entry waiting forever: each unsettled one gets the error.
          for (const e of batch.entries) e.reject(err);
        }
      });
    });
  }
}

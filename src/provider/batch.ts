/**
 * Write batching: writes to one scope that wait at the same time go out together.
 *
 * An operation that takes a list (`dns.modifyZone` takes rrsets) costs one request whether it
 * carries one entry or a hundred, and the API's rate limit counts requests (decision 0016). So a
 * write joins the open batch of its scope; the batch gathers while writes keep coming, and waits
 * for every earlier write of the scope (it runs in the scope's write queue), then goes out as one
 * request. Each entry keeps its own promise: the sender settles every entry with its own result.
 *
 * Gathering ends when no write has joined any batch of the queue for a window (`windowMs`), when
 * the batch is full, or after {@link GATHER_LIMIT_WINDOWS} windows from its first entry. The engine
 * starts one step after another, each costing it milliseconds (its checkpoint grows with the
 * stack), and round-robins a stack's record sets over their zones, so writes to one zone arrive
 * further apart than writes in general: a window counted from a batch's first entry alone
 * gathered nothing under the CLI (`npm run bench`, 549 calls for 500 resources against 550 with
 * batching off). While the deployment keeps sending writes, more are coming; once every step the
 * engine allows in flight (`--parallel`) is waiting, none comes and the batches go out a window later.
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
  /** Ends the gathering at once (the batch is full). */
  release(): void;
}

/**
 * The longest a batch gathers, in windows from its first entry: under a steady stream of writes
 * a record set waits at most this long (1.5 s with the default 150 ms window) before its batch
 * goes out, a small share of what the stream's deployment takes.
 */
export const GATHER_LIMIT_WINDOWS = 10;

/** The open (not yet sent) batch of each scope, sent through a {@link ScopeQueue}. */
export class BatchQueue {
  private readonly open = new Map<string, OpenBatch<unknown>>();
  /** When a write last joined or opened a batch, of any scope. */
  private lastArrival = 0;

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
      this.lastArrival = Date.now();
      const current = this.open.get(scope) as OpenBatch<T> | undefined;
      if (current && current.group === options.group && !current.keys.has(options.key) && current.entries.length < current.options.maxSize) {
        current.entries.push(entry);
        current.keys.add(options.key);
        if (current.entries.length >= current.options.maxSize) current.release();
        return;
      }
      let release = () => {};
      // Gathering runs from the batch's first entry, not from its turn in the queue: entries
      // that arrive while earlier writes of the scope are in flight join without waiting more.
      const gathered =
        options.maxSize > 1 && options.windowMs > 0
          ? new Promise<void>((done) => {
              release = done;
              this.gather(options.windowMs, done);
            })
          : Promise.resolve();
      const batch: OpenBatch<T> = { group: options.group, keys: new Set([options.key]), entries: [entry], options, release: () => release() };
      this.open.set(scope, batch as OpenBatch<unknown>);
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

  /** Calls `done` once no write has arrived for `windowMs`, or {@link GATHER_LIMIT_WINDOWS} windows from now. */
  private gather(windowMs: number, done: () => void): void {
    const openedAt = Date.now();
    const limit = windowMs * GATHER_LIMIT_WINDOWS;
    const check = () => {
      const now = Date.now();
      const quiet = now - this.lastArrival;
      const waited = now - openedAt;
      if (quiet >= windowMs || waited >= limit) return done();
      setTimeout(check, Math.min(windowMs - quiet, limit - waited));
    };
    setTimeout(check, windowMs);
  }
}

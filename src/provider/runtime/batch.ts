/**
 * Write batching: writes to one scope that wait at the same time go out together.
 *
 * An operation that takes a list (`dns.modifyZone` takes rrsets) costs one request whether it
 * carries one entry or a hundred, and the API's rate limit counts requests (decision 0016). So a
 * write joins the open batch of its scope; the batch gathers while writes keep coming, and waits
 * for every earlier write of the scope (it runs in the scope's write queue), then goes out as one
 * request. Each entry keeps its own promise: the sender settles every entry with its own result.
 *
 * Gathering ends when no write has joined any batch of the queue for a quiet spell, when the batch
 * is full, or after {@link GATHER_LIMIT_WINDOWS} windows from its first entry. The engine starts
 * one step after another, each costing it milliseconds (its checkpoint grows with the stack), and
 * round-robins a stack's record sets over their zones, so writes to one zone arrive further apart
 * than writes in general: a window counted from a batch's first entry alone gathered nothing under
 * the CLI (`npm run bench`, 549 calls for 500 resources against 550 with batching off). While the
 * deployment keeps sending writes, more are coming; once every step the engine allows in flight
 * (`--parallel`) is waiting, none comes and the batches go out after the quiet spell.
 *
 * The quiet spell is the window (`windowMs`) or, when writes have been arriving further apart,
 * {@link QUIET_GAPS} times their recent mean gap (at most {@link QUIET_CAP_WINDOWS} windows): under
 * the CLI at N = 1000 on a busy machine the engine sent a write every 150 ms or so, as long as the
 * window, so most batches went out after a chance pause with two or three record sets (186 calls
 * for 600 record sets).
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
 * a record set waits at most this long (9 s with the default 150 ms window) before its batch goes
 * out. A stream that long comes from a deployment whose steps arrive more slowly than `--parallel`
 * fills, where the engine, not the wait, sets the pace: at 7 steps a second the 64 steps of
 * `--parallel 64` fill in about 9 s, and then the quiet spell sends the batches.
 */
export const GATHER_LIMIT_WINDOWS = 60;

/** How many mean gaps between arrivals make a quiet spell. */
export const QUIET_GAPS = 4;
/** The longest quiet spell, in windows, however slowly writes arrive. */
export const QUIET_CAP_WINDOWS = 6;
/** A gap longer than this is a pause between bursts, not the pace of a stream: it is not averaged. */
const STREAM_GAP_MS = 2_000;

/** The open (not yet sent) batch of each scope, sent through a {@link ScopeQueue}. */
export class BatchQueue {
  private readonly open = new Map<string, OpenBatch<unknown>>();
  /** When a write last joined or opened a batch, of any scope. */
  private lastArrival = 0;
  /** Recent mean gap between arrivals of a stream, in milliseconds (0 before any). */
  private meanGap = 0;

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
      this.arrived(Date.now());
      const current = this.open.get(scope) as OpenBatch<T> | undefined;
      if (
        current &&
        current.group === options.group &&
        !current.keys.has(options.key) &&
        current.entries.length < current.options.maxSize
      ) {
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
      const batch: OpenBatch<T> = {
        group: options.group,
        keys: new Set([options.key]),
        entries: [entry],
        options,
        release: () => release(),
      };
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

  /** Records an arrival, and the gap since the last one when it is part of a stream. */
  private arrived(now: number): void {
    const gap = now - this.lastArrival;
    if (this.lastArrival > 0 && gap <= STREAM_GAP_MS) this.meanGap = this.meanGap === 0 ? gap : 0.8 * this.meanGap + 0.2 * gap;
    this.lastArrival = now;
  }

  /** The quiet spell that ends gathering: the window, or longer when writes arrive further apart. */
  private quietSpell(windowMs: number): number {
    return Math.min(Math.max(windowMs, QUIET_GAPS * this.meanGap), QUIET_CAP_WINDOWS * windowMs);
  }

  /** Calls `done` once no write has arrived for a quiet spell, or {@link GATHER_LIMIT_WINDOWS} windows from now. */
  private gather(windowMs: number, done: () => void): void {
    const openedAt = Date.now();
    const limit = windowMs * GATHER_LIMIT_WINDOWS;
    const check = () => {
      const now = Date.now();
      const spell = this.quietSpell(windowMs);
      const quiet = now - this.lastArrival;
      const waited = now - openedAt;
      if (quiet >= spell || waited >= limit) return done();
      setTimeout(check, Math.min(spell - quiet, limit - waited));
    };
    setTimeout(check, this.quietSpell(windowMs));
  }
}

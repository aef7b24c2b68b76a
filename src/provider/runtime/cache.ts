/**
 * The per-process read cache and the per-scope write queue.
 *
 * One provider process serves every dynamic resource of a deployment, and a refresh
 * calls `read` on each of them at about the same time. Without sharing, 300 record sets in 3
 * zones would read their zone 300 times; with this cache they read it 3 times (docs/decisions/0005):
 * - entries are keyed by connection, operation and parameters;
 * - concurrent callers of the same key share one request (single-flight);
 * - every entry carries scopes (`zone:example.com`, `hosting:101`); a write to a scope drops the
 *   entries of that scope, so a read after a write sees the write;
 * - failures are not cached, and entries expire after a time to live as a safety net for long
 *   runs in which something else changes the account;
 * - an identity read (the read before a create that looks for an object of the declared identity,
 *   docs/decisions/0019) may still be served an entry that writes dropped, when
 *   every one of those writes was this process's, of the same resource type, to another identity:
 *   what the entry says about this identity is as true as when it was read. A stack creating 120
 *   record sets in one zone then reads the zone once, not once per batch written (decision 0016);
 *   a write of the identity itself, or one this process cannot attribute, makes it read again;
 * - every caller gets the same value, deeply frozen. A copy per caller made 100 reads of a
 *   20,000-record zone cost about 1 GB; a shared frozen value costs its one parse, and a caller
 *   that tries to change it fails loudly (TypeError in strict mode) instead of changing what the
 *   next resource reads. Callers that need to change a value copy the part they change.
 *
 * Writes that rewrite a shared list (a zone's rrsets) go through {@link ScopeQueue}, one at a
 * time per scope, so concurrent resources cannot overwrite each other's changes.
 */

/**
 * Freezes `value` and every plain object and array reachable from it, in place, and returns it.
 * Other objects (class instances, typed arrays) are left alone: a JSON reply holds none, and
 * freezing a typed array with elements throws.
 *
 * @example
 * const zone = deepFreeze({ rrsets: [{ name: "www" }] });
 * Object.isFrozen(zone.rrsets[0]); // true
 */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object" || seen.has(v)) continue;
    seen.add(v);
    const proto = Object.getPrototypeOf(v) as unknown;
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) continue;
    Object.freeze(v);
    // An object frozen elsewhere may still hold unfrozen children: descend regardless.
    for (const child of Object.values(v)) stack.push(child);
  }
  return value;
}

interface Entry {
  promise: Promise<unknown>;
  scopes: readonly string[];
  at: number;
}

/**
 * Who wrote: the resource type and the identity of the object an operation creates, changes or
 * deletes (`DnsRecordSet` and `["example.com","www","A"]`, as JSON).
 */
export interface Writer {
  readonly type: string;
  readonly identity: string;
}

/** An entry that writes dropped, kept for identity reads with what those writes were about. */
interface DroppedEntry extends Entry {
  /** The type of every writer, or undefined once writers of two types dropped it. */
  type: string | undefined;
  identities: Set<string>;
}

/** A read cache with single-flight and scope invalidation. */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly dropped = new Map<string, DroppedEntry>();
  private readonly inFlight = new Set<Promise<unknown>>();

  /** @param ttlMs how long an entry may be reused; 0 turns the cache off (no read is shared, not even one in flight). */
  constructor(private ttlMs: number) {}

  /** Changes the time to live of new and existing entries. */
  setTtl(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  /**
   * The cached value for `key`, or the result of `load` (shared with concurrent callers). Every
   * caller gets the same deeply frozen value: nothing is copied per caller, and no caller can
   * change what another reads.
   *
   * With `identity`, the read looks for that writer's object only: an entry that writes dropped
   * serves it while each of those writes came from another object of the same type (see above).
   */
  async get<T>(key: string, scopes: readonly string[], load: () => Promise<T>, identity?: Writer): Promise<T> {
    // Caching off (`readCacheTtlSeconds: 0`): every read is the API's answer to that read, none is
    // shared, not even one in flight, so `0` means what its docs say.
    if (this.ttlMs <= 0) return deepFreeze(await load());
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && now - entry.at > this.ttlMs && !this.inFlight.has(entry.promise)) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry && identity) {
      const kept = this.dropped.get(key);
      if (kept && this.ttlMs > 0 && now - kept.at <= this.ttlMs && kept.type === identity.type && !kept.identities.has(identity.identity)) {
        return (await kept.promise) as T;
      }
    }
    if (!entry) {
      this.dropped.delete(key);
      const promise = load().then(deepFreeze);
      const created: Entry = { promise, scopes, at: now };
      entry = created;
      this.entries.set(key, created);
      this.inFlight.add(promise);
      promise.then(
        () => {
          this.inFlight.delete(promise);
        },
        () => {
          this.inFlight.delete(promise);
          if (this.entries.get(key) === created) this.entries.delete(key);
          if (this.dropped.get(key)?.promise === promise) this.dropped.delete(key);
        },
      );
    }
    return (await entry.promise) as T;
  }

  /**
   * Drops every entry that carries `scope`. With `writers` (the objects the write was about),
   * identity reads of other objects of their type may still use what was dropped; without, no
   * read does.
   */
  invalidate(scope: string, writers?: readonly Writer[]): void {
    const known = writers !== undefined && writers.length > 0 && this.ttlMs > 0;
    const note = (entry: DroppedEntry) => {
      for (const w of writers ?? []) {
        if (w.type !== entry.type) entry.type = undefined;
        entry.identities.add(w.identity);
      }
    };
    for (const [key, entry] of this.dropped) {
      if (!entry.scopes.includes(scope)) continue;
      if (known) note(entry);
      else this.dropped.delete(key);
    }
    for (const [key, entry] of this.entries) {
      if (!entry.scopes.includes(scope)) continue;
      this.entries.delete(key);
      if (!known) continue;
      const kept: DroppedEntry = { ...entry, type: writers[0]!.type, identities: new Set() };
      note(kept);
      this.dropped.set(key, kept);
    }
  }

  /** Drops everything. */
  clear(): void {
    this.entries.clear();
    this.dropped.clear();
  }

  /** Number of entries held (for tests and logs). */
  get size(): number {
    return this.entries.size;
  }
}

/** Runs tasks one at a time per scope, in arrival order; tasks of different scopes run freely. */
export class ScopeQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(scope: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(scope) ?? Promise.resolve();
    const result = previous.then(task, task);
    // The tail never rejects, so one failed write does not fail the writes queued behind it.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(scope, tail);
    void tail.then(() => {
      if (this.tails.get(scope) === tail) this.tails.delete(scope);
    });
    return result;
  }

  /** Resolves once no task of `scope` is running or queued (at once when none is). */
  async idle(scope: string): Promise<void> {
    for (let tail = this.tails.get(scope); tail; tail = this.tails.get(scope)) await tail;
  }

  /** Scopes with a task running or queued. */
  get busy(): number {
    return this.tails.size;
  }
}

/**
 * The two kinds of ordering the engine imposes on steps (`pkg/resource/deploy`): step
 * generation (Check, Diff, deciding what to do) handles one registration at a time, and step
 * execution (Create, Update, Delete, Read) runs on at most `--parallel` workers.
 */

/** Runs tasks one after another, in the order they were queued. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`parallel must be a positive integer, not ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot to the first waiter, so a newcomer cannot take it in between.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

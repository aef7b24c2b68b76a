/**
 * Records the provider keeps on the machine that runs it, for the next run to find: what a
 * setting held before a create changed it (decision 0028, `found-journal.ts`) and a create about
 * to be sent (decision 0033, `intent-journal.ts`).
 *
 * Each kind lives in `$PULUMI_HOME/reseller/<kind>/` (default `~/.pulumi/reseller/<kind>/`, as
 * the Pulumi CLI uses `~/.pulumi`), one JSON file per object, named by a SHA-256 of what the
 * record is about (the account's API URL and user, never its key, the type and the object), so
 * the name says nothing of the account and two accounts never share a record. A file is written
 * atomically (a temporary file, mode 0600, renamed over the record) in a directory made with mode
 * 0700. A record older than the kind's age limit is ignored. A record that cannot be read, written
 * or removed never fails the operation: it is a warning that says what the failure leaves.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import * as path from "node:path";
import type { Logger } from "./context";

/** What can go wrong with a record, each named in its warning with what it leaves. */
export type RecordFailure = "read" | "use" | "write" | "remove";

/** What a kind of record is. */
export interface RecordKind<K> {
  /** The directory's name under `reseller/`. */
  kind: string;
  /** The values whose SHA-256 names a key's file; part of the format, so never reordered. */
  nameOf(key: K): readonly unknown[];
  /** Who a warning is about (`PhpVersion 101`). */
  subject(key: K): string;
  /** What the record is, in a warning (`the record of the value found at create`). */
  what: string;
  /** Records written longer ago than this are ignored. */
  maxAgeMs: number;
  /** What each failure leaves, for its warning. */
  consequences: Readonly<Record<RecordFailure, string>>;
}

/** The records of one kind. Every method but `dir` and `file` never throws. */
export interface MachineRecords<K, R extends { at: number }> {
  /** `$PULUMI_HOME/reseller/<kind>`, or `~/.pulumi/reseller/<kind>`. */
  dir(env?: NodeJS.ProcessEnv): string;
  /** The file of a key's record. */
  file(key: K, env?: NodeJS.ProcessEnv): string;
  /** The key's record when there is one, within the age limit, that `valid` accepts; otherwise undefined (a malformed one with a warning). */
  read(key: K, log: Logger, valid: (record: Partial<R>) => boolean, now?: number): Promise<R | undefined>;
  /** Writes (or replaces) the key's record, stamped with `now`; says whether it was written. */
  write(key: K, values: Omit<R, "at">, log: Logger, now?: number): Promise<boolean>;
  /** Removes the key's record, if any. */
  remove(key: K, log: Logger): Promise<void>;
}

/** Why an I/O failure happened, in words that carry no secret (the code, or the message). */
function reasonOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string") return code;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The records of one kind.
 *
 * @example
 * const records = machineRecords<Key, { value: string; at: number }>({ kind: "found", ... });
 * await records.write(key, { value: "8.2" }, ctx.log);
 */
export function machineRecords<K, R extends { at: number }>(spec: RecordKind<K>): MachineRecords<K, R> {
  const dir = (env: NodeJS.ProcessEnv = process.env): string => {
    const home = env.PULUMI_HOME ? env.PULUMI_HOME : path.join(homedir(), ".pulumi");
    return path.join(home, "reseller", spec.kind);
  };
  const file = (key: K, env: NodeJS.ProcessEnv = process.env): string =>
    path.join(
      dir(env),
      `${createHash("sha256")
        .update(JSON.stringify(spec.nameOf(key)))
        .digest("hex")}.json`,
    );
  const warn = (log: Logger, key: K, doing: RecordFailure, err: unknown): void => {
    let where: string;
    try {
      where = dir();
    } catch {
      // No home directory can be determined: the directory is named as it is looked for.
      where = `$PULUMI_HOME/reseller/${spec.kind}`;
    }
    log.warn(`${spec.subject(key)}: could not ${doing} ${spec.what} in ${where} (${reasonOf(err)}); ${spec.consequences[doing]}`);
  };

  return {
    dir,
    file,
    async read(key, log, valid, now = Date.now()) {
      let text: string;
      try {
        text = await readFile(file(key), "utf8");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") warn(log, key, "read", err);
        return undefined;
      }
      let record: Partial<R> | undefined;
      try {
        record = JSON.parse(text) as Partial<R>;
      } catch {
        record = undefined;
      }
      if (!record || typeof record !== "object" || typeof record.at !== "number" || !valid(record)) {
        warn(log, key, "use", new Error("it is malformed"));
        return undefined;
      }
      if (now - record.at > spec.maxAgeMs || record.at > now + spec.maxAgeMs) return undefined;
      return record as R;
    },
    async write(key, values, log, now = Date.now()) {
      let temp: string | undefined;
      try {
        const target = file(key);
        temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await writeFile(temp, `${JSON.stringify({ ...values, at: now })}\n`, { mode: 0o600 });
        await rename(temp, target);
        return true;
      } catch (err) {
        if (temp !== undefined) await rm(temp, { force: true }).catch(() => undefined);
        warn(log, key, "write", err);
        return false;
      }
    },
    async remove(key, log) {
      try {
        await rm(file(key), { force: true });
      } catch (err) {
        warn(log, key, "remove", err);
      }
    },
  };
}

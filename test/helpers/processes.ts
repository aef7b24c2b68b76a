/**
 * Ending the processes tests start, even when a test timed out while they ran or its worker died.
 * A global setup (test/helpers/processes-global.ts) creates a registry directory for the run;
 * each test file joins it (test/helpers/processes-file.ts) and is reaped when it ends, and the
 * whole run is reaped once more at the global teardown, for the workers that died before their
 * files ended.
 *
 * Processes are found two ways, because they do not all stay where they were started:
 *
 * - A process started in a process group of its own (`detached`, as test/engine/engine.ts starts
 *   every command) has its group id recorded in the worker's file of the registry
 *   ({@link recordGroup}): ending the group ends everything it started that stayed in it (the
 *   commands of a `bash` step, npm's children). That works wherever `kill(-pgid)` does.
 * - Every process started from a test worker inherits the worker's `TEST_PROCESS_TAG`
 *   environment variable, and passes it on to its own children. That finds the processes that
 *   leave the group they were started in (the Pulumi CLI starts its language host and each
 *   dynamic-provider host in a process group of its own: see `RunningCommand.killTree` in
 *   test/engine/engine.ts) and those started by code that spawns on its own (the testing
 *   toolkit's hosts, the Automation API's CLI). Reading other processes' environment needs
 *   Linux's `/proc`; elsewhere only the recorded groups are ended.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { scaled } from "./time";

/** Where a worker records the groups it started: the run's registry directory. */
export const REGISTRY_VARIABLE = "TEST_PROCESS_REGISTRY";

/** The tag every process started from a worker carries: `<registry>:<worker pid>`. */
export const TAG_VARIABLE = "TEST_PROCESS_TAG";

/** How long processes sent SIGTERM have to end before they are sent SIGKILL. */
const GRACE_MS = scaled(5_000);

/**
 * A fresh registry directory for one run of the suite.
 *
 * @example
 * project.provide("processRegistry", createRegistry());
 */
export function createRegistry(): string {
  return mkdtempSync(path.join(tmpdir(), "test-processes-"));
}

/**
 * Makes this process (a test worker) record into `dir`, and tags what it starts from now on.
 *
 * @example
 * joinRegistry(inject("processRegistry"));
 */
export function joinRegistry(dir: string): void {
  process.env[REGISTRY_VARIABLE] = dir;
  process.env[TAG_VARIABLE] = `${dir}:${process.pid}`;
}

/**
 * Records `pgid`, the group of a process this worker started with `detached: true`, so that the
 * group is ended when the test file or the run ends. Outside a test run (a script that shares
 * the engine's machinery) there is no registry and nothing is recorded.
 *
 * @example
 * const child = spawn(command, args, { detached: true });
 * if (child.pid !== undefined) recordGroup(child.pid);
 */
export function recordGroup(pgid: number): void {
  const dir = process.env[REGISTRY_VARIABLE];
  if (!dir || !existsSync(dir)) return;
  appendFileSync(path.join(dir, `${process.pid}.groups`), `${pgid}\n`);
}

interface ProcessEntry {
  pid: number;
  pgid: number;
  tag: string | undefined;
}

/** The live processes of the machine (zombies are dead already: their parent has yet to collect them). */
function processTable(): ProcessEntry[] {
  if (!existsSync("/proc/self/stat")) {
    const table = execFileSync("ps", ["-A", "-o", "pid=,pgid=,stat="], { encoding: "utf8" });
    return table
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length >= 3 && !fields[2]!.startsWith("Z"))
      .map((fields) => ({ pid: Number(fields[0]), pgid: Number(fields[1]), tag: undefined }));
  }
  const rows: ProcessEntry[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // Ended while the table was read.
    }
    // The command name (the second field) is in parentheses and may hold spaces and parentheses:
    // the fields that follow start after the last `)` (state, parent, group, ...).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") continue;
    let tag: string | undefined;
    try {
      const prefix = `${TAG_VARIABLE}=`;
      tag = readFileSync(`/proc/${name}/environ`, "utf8")
        .split("\0")
        .find((entry) => entry.startsWith(prefix))
        ?.slice(prefix.length);
    } catch {
      // Another user's process: not one of ours.
    }
    rows.push({ pid: Number(name), pgid: Number(fields[2]), tag });
  }
  return rows;
}

/** What to reap: the whole run of registry `dir`, or only what the worker `worker` started. */
export interface ReapScope {
  dir: string;
  worker?: number;
}

function groupFiles(scope: ReapScope): string[] {
  if (!existsSync(scope.dir)) return [];
  const names = scope.worker === undefined ? readdirSync(scope.dir).filter((name) => name.endsWith(".groups")) : [`${scope.worker}.groups`];
  return names.map((name) => path.join(scope.dir, name)).filter((file) => existsSync(file));
}

function recordedGroups(scope: ReapScope): Set<number> {
  const groups = new Set<number>();
  for (const file of groupFiles(scope)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const pgid = Number(line);
      if (Number.isInteger(pgid) && pgid > 1) groups.add(pgid);
    }
  }
  return groups;
}

/** The live processes of the scope: members of its recorded groups, and those carrying its tag. */
function survivors(scope: ReapScope, groups: Set<number>): ProcessEntry[] {
  const own = (tag: string | undefined) =>
    tag !== undefined && (scope.worker === undefined ? tag.startsWith(`${scope.dir}:`) : tag === `${scope.dir}:${scope.worker}`);
  return processTable().filter((entry) => entry.pid !== process.pid && (groups.has(entry.pgid) || own(entry.tag)));
}

function signal(groups: Set<number>, processes: ProcessEntry[], name: NodeJS.Signals): void {
  const send = (target: number) => {
    try {
      process.kill(target, name);
    } catch {
      // Gone already.
    }
  };
  for (const pgid of groups) send(-pgid);
  for (const entry of processes) send(entry.pid);
}

async function gone(scope: ReapScope, groups: Set<number>, withinMs: number): Promise<ProcessEntry[]> {
  const end = Date.now() + withinMs;
  let left = survivors(scope, groups);
  while (left.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = survivors(scope, groups);
  }
  return left;
}

/**
 * Ends what the scope started that still runs: SIGTERM to every recorded group and tagged
 * process, then SIGKILL to what is left after a grace period. Returns the ids of the processes
 * it found running, and forgets the scope's recorded groups.
 *
 * @example
 * afterAll(() => reap({ dir, worker: process.pid }));
 */
export async function reap(scope: ReapScope): Promise<number[]> {
  const groups = recordedGroups(scope);
  const found = survivors(scope, groups);
  if (found.length > 0) {
    signal(groups, found, "SIGTERM");
    const left = await gone(scope, groups, GRACE_MS);
    if (left.length > 0) {
      signal(groups, left, "SIGKILL");
      const stuck = await gone(scope, groups, GRACE_MS);
      if (stuck.length > 0) throw new Error(`processes ${stuck.map((entry) => entry.pid).join(", ")} outlived SIGKILL`);
    }
  }
  for (const file of groupFiles(scope)) rmSync(file, { force: true });
  return found.map((entry) => entry.pid);
}

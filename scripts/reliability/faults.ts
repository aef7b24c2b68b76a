/**
 * The fault matrix of the reliability report (issue 12 item 7): every resource type × create,
 * read, update and delete × nine faults, each injected once through the simulator's fault
 * injector, driven through the real dynamic-provider host by the testing toolkit's engine double,
 * and followed by what the engine (or its user) does next.
 *
 * One cell, from the simulator's seed state and an empty stack:
 *
 * 1. the resource is set up as the operation needs (created for read, update and delete);
 * 2. the fault is armed on the operation's first API call of its kind (the first write of a
 *    create, an update or a delete, the first read of a refresh), as a run without faults of the
 *    same steps shows it, and the operation runs (`up`, `refresh` or `destroy`); it may fail;
 * 3. the engine's next step runs: the same operation again (a failed `up` is retried, a failed
 *    `destroy` too, a refresh is followed by another);
 * 4. convergence: `preview --refresh` must report nothing to change;
 * 5. the stack is destroyed, and the simulator's store is compared with the one the same steps
 *    leave without a fault.
 *
 * What is counted, per cell:
 * - **duplicates**: objects the scenario left in the account before the final destroy beyond
 *   those the run without a fault leaves (a second cron line, a second CSR, ...);
 * - **orphans**: objects left in the account after the destroy beyond those the run without a
 *   fault leaves, that are not duplicates (the state did not know them, so destroy kept them),
 *   and settings that the destroy did not put back;
 * - **double charges**: credit taken beyond what the run without a fault takes (a registration
 *   or renewal ordered twice);
 * - **stuck**: the next step failed, `preview --refresh` still wanted changes, or the destroy
 *   failed.
 *
 * Each resource type has one simulator and one stack (one host process) of its own, reset
 * between cells; types run a few at a time.
 */
import type * as ResourcesModule from "../../src";
import type * as TestingModule from "../../packages/testing/src";
import { createClient } from "../../src/client/client";
import type { EndpointDef } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";
import { RESOURCES, type ResourceType } from "../../src/resources/registry";
import { startSimulator, type FaultSpec, type Simulator, type SimState } from "../../packages/simulator/src";
import { generateSelfSigned } from "../../packages/simulator/src/x509";
import { installedPackage, type InstalledPackage } from "../../test/e2e/package";
import { baseInputs, material, ZONE_SETS, type Material } from "./bad-inputs";

type Props = Record<string, unknown>;

/** The operations of a resource's lifecycle that a fault can hit. */
export const OPS = ["create", "read", "update", "delete"] as const;
export type Op = (typeof OPS)[number];

/** The client's per-attempt timeout in the matrix's stack config, in milliseconds. */
export const CLIENT_TIMEOUT_MS = 2000;

/** How long a create whose outcome is unknown keeps reading for its object, in the matrix's stack config. */
export const SETTLE_WAIT_MS = 5000;

/** The faults of the matrix, as the simulator's fault injector takes them (each applies once). */
export const FAULTS = {
  "429": { kind: "rate-limit", retryAfter: 1 },
  "500": { kind: "status", status: 500 },
  "503": { kind: "status", status: 503 },
  timeout: { kind: "latency", latencyMs: CLIENT_TIMEOUT_MS + 1000 },
  drop: { kind: "drop" },
  truncate: { kind: "truncate" },
  "lost-response": { kind: "lost-response" },
  "delayed-apply": { kind: "delayed-apply", latencyMs: 1000 },
  // Applied, then a 2xx past the client's 8 MiB cap (twice it, declared up front): unreadable as
  // a truncated reply is, and settled the same way.
  oversize: { kind: "oversize" },
} satisfies Record<string, Omit<FaultSpec, "operation">>;
export type FaultName = keyof typeof FAULTS;

/** What one cell showed. */
export interface FaultCell {
  type: ResourceType;
  op: Op;
  fault: FaultName;
  /** The API operation the fault was armed on. */
  operation: string;
  /** Whether a request met the fault. */
  triggered: boolean;
  /** The faulted operation's error, if it failed (the engine shows this to the user). */
  firstError?: string;
  /** The next step's error, if it failed. */
  nextError?: string;
  orphans: number;
  duplicates: number;
  doubleCharges: number;
  stuck: number;
  /** What the counts rest on: the objects left over, the changes still wanted, the extra credit. */
  notes: string[];
}

/** A type and operation the matrix cannot fault: nothing reaches the API. */
export interface NotApplicable {
  type: ResourceType;
  op: Op;
  why: string;
}

/** A type and operation whose steps fail without any fault: the matrix cannot measure it. */
export interface BrokenScenario {
  type: ResourceType;
  op: Op;
  error: string;
}

/** The matrix's figures. */
export interface FaultFigures {
  faultCells: number;
  /** Scenarios that fail without a fault (they must be none: each hides a cell per fault). */
  broken: BrokenScenario[];
  orphans: number;
  duplicates: number;
  doubleCharges: number;
  stuck: number;
  cells: FaultCell[];
  notApplicable: NotApplicable[];
}

export interface FaultMatrixOptions {
  types?: readonly ResourceType[];
  ops?: readonly Op[];
  faults?: readonly FaultName[];
  /** Resource types run at once (each with its own simulator and host). Default 3. */
  concurrency?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** The installed package to run (built and installed on demand). */
  pkg?: InstalledPackage;
}

// ---- the scenarios ----

/** Inputs of each type for the matrix, and the change that makes an update (or a replacement). */
interface Scenario {
  inputs: Props;
  changed: Props;
}

/**
 * The bad-input generator's valid bases, adjusted where a base names something the demo seed
 * lacks, with one change per type for the update cells.
 */
function scenarios(m: Material): Record<ResourceType, Scenario> {
  const base = baseInputs(m);
  const renewed = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com"] });
  const table: Record<ResourceType, { inputs?: Props; change: Props }> = {
    DomainRegistration: {
      inputs: { domain: "fresh-site.com", sld: undefined, tld: undefined, eppCode: undefined, minimumExpiry: undefined },
      change: { registrarLock: false },
    },
    // `www` of the demo zone is a CNAME: the matrix declares a name the zone does not have.
    DnsRecordSet: { inputs: { name: "matrix" }, change: { records: ["client-shop.net."] } },
    Redirection: { change: { destinationUrl: "https://client-shop.net/sale" } },
    CustomSsl: { change: { certificate: renewed.cert, privateKey: renewed.key } },
    FtpAccount: { change: { path: "/public_html/ci2" } },
    SshKey: { change: { comment: "ci2" } },
    // The demo seed's `wpuser` holds ALL PRIVILEGES on `wp` already: declaring that grant is a
    // takeover (refused without `adopt`), and its live set would never match the declared one.
    // The matrix grants on `wp` to a user of its own (a prerequisite) instead.
    DatabaseUserGrant: { inputs: { database: "wp" }, change: { privileges: ["SELECT"] } },
    ObjectStorageUrl: { change: { uri: "/assets" } },
    WafDisabledRules: { change: { ruleIds: [942100] } },
    PhpOptions: { change: { options: { memory_limit: "512M", display_errors: false, max_execution_time: 60 } } },
    // The demo zone's own records stay the platform's: the matrix manages only what it declares.
    DnsZone: {
      inputs: { ignore: ["_acme-challenge*", "@:A", "@:TXT", "mail:*", "www:*"] },
      // Every set stays and one changes: dropping sets would be over the zone's bulk-delete guard.
      change: { recordSets: ZONE_SETS.map((s) => (s.name === "_dmarc" ? { ...s, records: ["v=DMARC1; p=reject"] } : s)) },
    },
    DomainNameservers: { change: { nameservers: ["ns3.example.net", "ns4.example.net"] } },
    DomainLock: { change: { locked: false } },
    PhpVersion: { change: { phpVersion: "8.2" } },
    PhpExtensions: { change: { extensions: { imagick: false, soap: false } } },
    CacheService: { change: { enabled: false } },
    ObjectStorageAccount: { change: { credentialsVersion: 3 } },
    Database: { change: { name: "shop2" } },
    DatabaseUser: { change: { password: "Shop-Pass-2027" } },
    CronJob: { change: { command: "php artisan backup:clean" } },
    CronEmail: { change: { email: "alerts@agency-demo.com" } },
    SslCsr: { change: { organizationUnitName: "Ops" } },
    EmailAccount: { change: { quota: 4096 } },
  };
  const out = {} as Record<ResourceType, Scenario>;
  for (const type of Object.keys(RESOURCES) as ResourceType[]) {
    const inputs = withoutUndefined({ ...base[type], ...table[type].inputs });
    out[type] = { inputs, changed: { ...inputs, ...table[type].change } };
  }
  return out;
}

/**
 * The inputs each type is declared with in the matrix (the empty-reply table creates the same).
 *
 * @example
 * scenarioInputs(material()).CronJob; // { hostingId: 101, schedule: "30 2 * * 1-5", command: "php artisan backup:run" }
 */
export function scenarioInputs(m: Material): Record<ResourceType, Props> {
  return Object.fromEntries(Object.entries(scenarios(m)).map(([type, s]) => [type, s.inputs])) as Record<ResourceType, Props>;
}

function withoutUndefined(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
}

/**
 * What a type needs in the account besides the demo seed: the requests that make it, sent once
 * to a simulator whose state then seeds the type's own.
 */
const PREREQUISITES: Partial<Record<ResourceType, [operation: string, params: Props][]>> = {
  // A storage URL lives in an initialised object storage; the demo seed's hosting 101 has none.
  ObjectStorageUrl: [["storage.initAccount", { id: 101 }]],
  // The grant's user (`wpadmin` of the bad-input base), holding nothing yet.
  DatabaseUserGrant: [["databases.createUser", { id: 101, dbUser: "wpadmin", password: "Wp-Admin-Pass-2026" }]],
};

/**
 * A simulator for one type: the demo seed with the type's prerequisites, so that `reset()` goes
 * back to a state where the type's object can be created.
 *
 * @example
 * const sim = await simulatorFor("ObjectStorageUrl");
 */
export async function simulatorFor(type: ResourceType): Promise<Simulator> {
  const steps = PREREQUISITES[type];
  if (!steps) return startSimulator({ seed: "demo" });
  const setup = await startSimulator({ seed: "demo" });
  const client = createClient({ baseUrl: setup.url, apiUser: setup.apiUser, apiKey: setup.apiKey, version: "v4" });
  try {
    for (const [operation, params] of steps) await client.request(operation as never, params as never);
    return await startSimulator({ seed: structuredClone(setup.store) });
  } finally {
    await client.close();
    await setup.close();
  }
}

// ---- the simulator's store as objects ----

/** Fields that differ between two runs of the same steps without meaning a different object. */
const VOLATILE = /^(id|orderId|cronId|createdAt|updatedAt|created|modified|etag|accessKey|secretKey|secret|csr|pem|privateKey|key)$/i;

/** A time of day in a value (an expiry computed from now): differs between runs, means nothing here. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function stable(value: unknown): unknown {
  if (typeof value === "string" && TIMESTAMP.test(value)) return "<time>";
  if (Array.isArray(value)) return value.map(stable);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.test(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/**
 * The account's objects and settings as a multiset of `where value` lines: each domain, each
 * rrset, each element of a hosting account's lists, each field of its other parts. Two stores
 * hold the same objects when their lines are the same, counted.
 */
export function objectsOf(store: SimState): Map<string, number> {
  const lines = new Map<string, number>();
  const add = (where: string, value: unknown) => {
    const line = `${where} ${JSON.stringify(stable(value))}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
  };
  for (const [name, domain] of Object.entries(store.domains)) add(`domains/${name}`, domain);
  for (const [name, rrsets] of Object.entries(store.zones)) for (const rrset of rrsets) add(`zones/${name}`, rrset);
  for (const [id, hosting] of Object.entries(store.hostings)) {
    for (const [field, value] of Object.entries(hosting)) {
      if (Array.isArray(value)) for (const element of value) add(`hostings/${id}/${field}`, element);
      else if (value !== null && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          // Object storage credentials and names are generated anew by each initialisation.
          if (VOLATILE.test(k) || (field === "objectStorage" && (k === "name" || k === "s3user"))) continue;
          if (Array.isArray(v)) for (const element of v) add(`hostings/${id}/${field}/${k}`, element);
          else add(`hostings/${id}/${field}/${k}`, v);
        }
      } else add(`hostings/${id}/${field}`, value);
    }
  }
  return lines;
}

/**
 * Lines of `a` beyond those of `b`, counted.
 *
 * @example
 * beyond(objectsOf(sim.store), pristine); // ['hostings/101/crons {"command":"php x","schedule":"0 3 * * *"}']
 */
export function beyond(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [line, n] of a) for (let i = b.get(line) ?? 0; i < n; i++) out.push(line);
  return out;
}

/** What a run of a cell's steps left: the objects before and after the final destroy, the credit spent. */
interface Outcome {
  before: Map<string, number>;
  after: Map<string, number>;
  spent: number;
}

// ---- running ----

type Testing = typeof TestingModule;
type Stack = TestingModule.TestStack;

interface Lane {
  type: ResourceType;
  sim: Simulator;
  stack: Stack;
  pristine: Map<string, number>;
  credit: number;
}

/**
 * The stack config of the matrix's stacks: the simulator, a short client timeout, no waiting on
 * rate limits, no read cache.
 *
 * @example
 * createTestStack({ workDir, config: stackConfig(sim), program });
 */
export function stackConfig(sim: Simulator): TestingModule.StackConfig {
  return {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": { secret: sim.apiKey },
    "reseller:apiVersion": "v4",
    "reseller:timeoutMs": String(CLIENT_TIMEOUT_MS),
    "reseller:retryBaseDelayMs": "5",
    "reseller:requestsPerMinute": "1000000",
    "reseller:initialRequestsPerMinute": "1000000",
    // One host serves the whole lane, so a cache kept from the previous cell would answer from a
    // store the simulator has since reset.
    "reseller:readCacheTtlSeconds": "0",
    // Long enough for a delayed apply (1 s) and a create held past the timeout (1 s after it) to
    // show; a create that was never applied fails after it, where the default would wait 60 s.
    "reseller:settleWaitMs": String(SETTLE_WAIT_MS),
  };
}

/**
 * A program declaring one resource of `type`, named `subject`.
 *
 * @example
 * stack.setProgram(programOf(resources, "CronJob", { hostingId: 101, schedule: "0 3 * * *", command: "php x" }));
 */
export function programOf(resources: typeof ResourcesModule, type: ResourceType, inputs: Props): TestingModule.PulumiProgram {
  const Resource = (resources as unknown as Record<string, new (name: string, args: Props) => { id: unknown }>)[type]!;
  return () => {
    const subject = new Resource("subject", inputs);
    return { id: subject.id };
  };
}

/** An error's message, bounded. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 400 ? `${text.slice(0, 400)}...` : text;
}

/** Runs an operation; its error message, or undefined when it succeeded. */
async function attempt(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}

/** The steps of a cell, before the fault: set up what the operation needs. */
async function setUp(lane: Lane, op: Op, scenario: Scenario, resources: typeof ResourcesModule): Promise<void> {
  lane.stack.setProgram(programOf(resources, lane.type, scenario.inputs));
  if (op !== "create") {
    const failed = await attempt(() => lane.stack.up());
    if (failed) throw new Error(`${lane.type}: the set-up up failed without a fault: ${failed}`);
  }
  if (op === "update") lane.stack.setProgram(programOf(resources, lane.type, scenario.changed));
}

/** The faulted operation (and, run again, the next step). */
function operationOf(lane: Lane, op: Op): () => Promise<unknown> {
  if (op === "read") return () => lane.stack.refresh();
  if (op === "delete") return () => lane.stack.destroy();
  return () => lane.stack.up();
}

/** The changes `preview --refresh` still wants, or undefined when there are none. */
async function pendingChanges(lane: Lane): Promise<string | undefined> {
  try {
    const result = await lane.stack.preview({ refresh: true });
    const changes = Object.entries(result.resourceChanges).filter(([op, n]) => op !== "same" && (n ?? 0) > 0);
    return changes.length === 0 ? undefined : `preview --refresh wants ${changes.map(([op, n]) => `${op} ${n}`).join(", ")}`;
  } catch (error) {
    return `preview --refresh failed: ${messageOf(error)}`;
  }
}

/**
 * Whether an operation changes anything, from the endpoint table: a validation sent by POST is a
 * read, and faulting it would not test what a lost write does.
 */
export function safetyOf(key: string): EndpointDef["safety"] | undefined {
  return (endpoints as Record<string, EndpointDef | undefined>)[key]?.safety;
}

/** The first API operation of the faulted step in a run without faults: its first write, or a refresh's first read. */
async function probe(
  lane: Lane,
  op: Op,
  scenario: Scenario,
  resources: typeof ResourcesModule,
): Promise<{ operation?: string; outcome: Outcome }> {
  lane.sim.reset();
  await setUp(lane, op, scenario, resources);
  const mark = lane.sim.requests.list().length;
  const failed = await attempt(operationOf(lane, op));
  if (failed) throw new Error(`${lane.type} ${op}: fails without a fault: ${failed}`);
  // Requests no operation answers (the client asking how a path that cannot exist answers, to
  // tell a missing route from a missing object) are not the step's own calls.
  const calls = lane.sim.requests
    .list()
    .slice(mark)
    .filter((c) => safetyOf(c.key) !== undefined);
  const first = calls.find((c) => (op === "read") === (safetyOf(c.key) === "read"));
  const outcome = await finish(lane, op);
  return { operation: first?.id, outcome };
}

/** Ends a cell: the objects, the destroy, the objects again; throws when the destroy fails. */
async function finish(lane: Lane, op: Op): Promise<Outcome> {
  const before = objectsOf(lane.sim.store);
  if (op !== "delete" || lane.stack.state.resources.length > 0) {
    const failed = await attempt(() => lane.stack.destroy());
    if (failed) throw new Error(`destroy failed: ${failed}`);
  }
  return { before, after: objectsOf(lane.sim.store), spent: lane.credit - lane.sim.store.account.credit };
}

async function runCell(
  lane: Lane,
  op: Op,
  fault: FaultName,
  operation: string,
  clean: Outcome,
  scenario: Scenario,
  testing: Testing,
  resources: typeof ResourcesModule,
): Promise<FaultCell> {
  const cell: FaultCell = {
    type: lane.type,
    op,
    fault,
    operation,
    triggered: false,
    orphans: 0,
    duplicates: 0,
    doubleCharges: 0,
    stuck: 0,
    notes: [],
  };
  lane.sim.reset();
  await setUp(lane, op, scenario, resources);
  lane.sim.faults.add({ ...FAULTS[fault], operation });
  const run = operationOf(lane, op);
  cell.firstError = await attempt(run);
  cell.triggered = lane.sim.faults.list().length === 0;
  lane.sim.faults.clear();
  // A delayed apply lands after its delay whatever the client did meanwhile: let it land before
  // the next step, as it would by the time a user runs the next command.
  if (fault === "delayed-apply" || fault === "timeout") await landed();
  cell.nextError = await attempt(run);
  const pending = op === "delete" ? undefined : await pendingChanges(lane);
  if (cell.nextError) cell.notes.push(`next step failed: ${cell.nextError}`);
  if (pending) cell.notes.push(pending);
  let outcome: Outcome;
  try {
    outcome = await finish(lane, op);
  } catch (error) {
    cell.notes.push(messageOf(error));
    outcome = { before: objectsOf(lane.sim.store), after: objectsOf(lane.sim.store), spent: lane.credit - lane.sim.store.account.credit };
    await reopen(lane, testing);
  }
  if (cell.nextError || pending || cell.notes.some((n) => n.startsWith("destroy failed"))) cell.stuck = 1;

  const extraBefore = beyond(outcome.before, clean.before);
  const extraAfter = beyond(outcome.after, clean.after);
  const missingAfter = beyond(clean.after, outcome.after);
  // An object is a duplicate when it was there besides the declared one before the destroy and
  // is still there after it; anything else left over is an orphan (or a setting not put back).
  cell.duplicates = extraBefore.filter((line) => extraAfter.includes(line)).length;
  cell.orphans = Math.max(0, extraAfter.length - cell.duplicates, missingAfter.length);
  for (const line of extraAfter) cell.notes.push(`left over: ${shorten(line)}`);
  for (const line of missingAfter) cell.notes.push(`not as without the fault: ${shorten(line)}`);
  const extraCredit = Math.round((outcome.spent - clean.spent) * 100) / 100;
  if (extraCredit > 0) {
    cell.doubleCharges = 1;
    cell.notes.push(`charged ${extraCredit} more than without the fault`);
  }
  return cell;
}

function shorten(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

/** Waits until a change the simulator holds back (a delayed apply, a request past the timeout) has landed. */
async function landed(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(FAULTS["delayed-apply"].latencyMs, FAULTS.timeout.latencyMs) + 300));
}

/** Replaces a lane's stack with an empty one after a destroy that failed; the simulator is reset by the next cell. */
async function reopen(lane: Lane, testing: Testing): Promise<void> {
  const { workDir } = lane.stack;
  await lane.stack.close();
  lane.stack = await openStack(testing, workDir, lane.sim, lane.type);
}

/**
 * How long a dynamic-provider host may take to start. The toolkit's default (20 s) is ample on
 * an idle machine, but the matrix starts a host per type, three at a time, and on a shared
 * two-core machine a host loading the package has taken longer: a run then died on a slow start
 * rather than measuring anything.
 */
export const HOST_START_TIMEOUT_MS = 120_000;

function openStack(testing: Testing, workDir: string, sim: Simulator, type: ResourceType): Promise<Stack> {
  return testing.createTestStack({
    workDir,
    project: "reliability",
    stack: type.toLowerCase(),
    config: stackConfig(sim),
    program: () => ({}),
    engine: "double",
    hostPerOperation: false,
    hostStartTimeoutMs: HOST_START_TIMEOUT_MS,
  });
}

async function runType(
  type: ResourceType,
  options: Required<Pick<FaultMatrixOptions, "ops" | "faults" | "log">>,
  scenario: Scenario,
  pkg: InstalledPackage,
): Promise<{ cells: FaultCell[]; notApplicable: NotApplicable[]; broken: BrokenScenario[] }> {
  const testing = pkg.require("pulumi-hosting-reseller/testing") as Testing;
  const resources = pkg.require("pulumi-hosting-reseller") as typeof ResourcesModule;
  const sim = await simulatorFor(type);
  const lane: Lane = {
    type,
    sim,
    stack: await openStack(testing, pkg.dir, sim, type),
    pristine: objectsOf(sim.store),
    credit: sim.store.account.credit,
  };
  const cells: FaultCell[] = [];
  const notApplicable: NotApplicable[] = [];
  const broken: BrokenScenario[] = [];
  try {
    for (const op of options.ops) {
      let probed: Awaited<ReturnType<typeof probe>>;
      try {
        probed = await probe(lane, op, scenario, resources);
      } catch (error) {
        broken.push({ type, op, error: messageOf(error) });
        options.log(`FAIL ${type} ${op}: ${messageOf(error)}`);
        if (lane.stack.state.resources.length > 0) await reopen(lane, testing);
        continue;
      }
      const { operation, outcome } = probed;
      if (!operation) {
        notApplicable.push({ type, op, why: op === "read" ? "a refresh reads nothing from the API" : `its ${op} makes no API call` });
        continue;
      }
      for (const fault of options.faults) {
        const cell = await runCell(lane, op, fault, operation, outcome, scenario, testing, resources);
        cells.push(cell);
        const bad = cell.orphans + cell.duplicates + cell.doubleCharges + cell.stuck;
        options.log(`${bad === 0 ? "ok  " : "FAIL"} ${type} ${op} ${fault} (${operation})${bad === 0 ? "" : `: ${cell.notes.join("; ")}`}`);
      }
    }
  } finally {
    await lane.stack.close();
    await sim.close();
  }
  return { cells, notApplicable, broken };
}

/**
 * Runs the fault matrix (or the slice the options name) and gives its figures.
 *
 * @example
 * const figures = await runFaultMatrix({ types: ["CronJob"], faults: ["lost-response"] });
 * figures.faultCells; // 4: create, read, update and delete
 */
export async function runFaultMatrix(options: FaultMatrixOptions = {}): Promise<FaultFigures> {
  const pkg = options.pkg ?? (await installedPackage());
  const types = options.types ?? (Object.keys(RESOURCES) as ResourceType[]);
  const all = scenarios(material());
  const settings = {
    ops: options.ops ?? OPS,
    faults: options.faults ?? (Object.keys(FAULTS) as FaultName[]),
    log: options.log ?? (() => {}),
  };
  const queue = [...types];
  const results: { cells: FaultCell[]; notApplicable: NotApplicable[]; broken: BrokenScenario[] }[] = [];
  const worker = async () => {
    for (let type = queue.shift(); type !== undefined; type = queue.shift()) results.push(await runType(type, settings, all[type], pkg));
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
  const order = (c: { type: string }) => types.indexOf(c.type as ResourceType);
  const cells = results.flatMap((r) => r.cells).sort((a, b) => order(a) - order(b));
  const notApplicable = results.flatMap((r) => r.notApplicable).sort((a, b) => order(a) - order(b));
  const broken = results.flatMap((r) => r.broken).sort((a, b) => order(a) - order(b));
  const sum = (key: "orphans" | "duplicates" | "doubleCharges" | "stuck") => cells.reduce((n, c) => n + c[key], 0);
  return {
    faultCells: cells.length,
    broken,
    orphans: sum("orphans"),
    duplicates: sum("duplicates"),
    doubleCharges: sum("doubleCharges"),
    stuck: sum("stuck"),
    cells,
    notApplicable,
  };
}

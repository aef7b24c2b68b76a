/**
 * Test helper: drives a resource through the runtime with the toolkit's in-process engine double
 * (`packages/testing/src/in-process.ts`: the dynamic-provider host's conventions and the engine's side of
 * each call), against the simulator over real loopback HTTP.
 *
 * - `useProvider(type, { version })` registers a simulator for the suite (see `sim.ts`), configures
 *   the runtime through the engine double with namespaced keys (`reseller:apiUrl`, ...) the way the
 *   engine passes the stack config, and clears the runtime's read cache before each test;
 * - `runLifecycle` walks the standard scenario (check, create, read equals outputs, no-op diff,
 *   in-place update then read, import by id alone with a no-op diff against `importInputs`
 *   (default: the update's inputs), diff on an identity property replaces, delete, read after
 *   delete) and returns what each step produced for further assertions.
 *
 * @example
 * describe("DnsRecordSet on v4", () => {
 *   const t = useProvider("DnsRecordSet", { version: "v4" });
 *   it("walks the lifecycle", async () => {
 *     await runLifecycle(t.engine, {
 *       inputs: { domain: "agency-demo.com", name: "api", type: "A", records: ["198.51.100.7"] },
 *       update: { domain: "agency-demo.com", name: "api", type: "A", records: ["198.51.100.8"] },
 *       replace: { domain: "agency-demo.com", name: "api2", type: "A", records: ["198.51.100.8"] },
 *       replaces: ["name"],
 *     });
 *   });
 * });
 */
import { afterAll, beforeEach, expect } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import type { DiffResult } from "../../src/provider/lifecycle/diff";
import { clearCache, provider, reset } from "../../src/runtime";
import type { Simulator, SimulatorOptions } from "../../packages/simulator/src";
import { InProcessEngine } from "../../packages/testing/src/in-process";
import { useSimulator } from "./sim";

type Props = Record<string, unknown>;

/**
 * The stack config the engine would pass for a simulator, as namespaced keys, with settings fit
 * for tests (no rate limit to wait on, tiny backoff steps).
 *
 * @example
 * await engine.configure(configValues(sim, "v3"));
 */
export function configValues(sim: Simulator, version: ApiVersion, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": sim.apiKey,
    "reseller:apiVersion": version,
    "reseller:requestsPerMinute": "1000000",
    "reseller:initialRequestsPerMinute": "1000000",
    "reseller:maxConcurrency": "8",
    "reseller:retryBaseDelayMs": "2",
    ...(sim.ca ? { "reseller:caCert": sim.ca } : {}),
    ...extra,
  };
}

/**
 * {@link configValues} as the config reader the runtime's `configure` takes.
 *
 * @example
 * await configure({ config: configFor(sim, "v3") });
 */
export function configFor(sim: Simulator, version: ApiVersion, extra: Record<string, string> = {}) {
  const values = configValues(sim, version, extra);
  return { get: (key: string): string | undefined => values[key] };
}

export interface UseProviderOptions {
  version: ApiVersion;
  simulator?: SimulatorOptions;
  /** Extra stack config (namespaced keys). */
  config?: Record<string, string>;
}

/**
 * A simulator for the suite and the runtime configured for it, for one resource type.
 *
 * @example
 * const t = useProvider("DomainRegistration", { version: "v3" });
 * it("reads a domain", async () => { await t.engine.read("agency-demo.com"); });
 */
export function useProvider(type: string, options: UseProviderOptions) {
  const t = useSimulator({ version: options.version, simulator: options.simulator });
  const p = provider(type);
  const engine = new InProcessEngine(p, type);
  beforeEach(async () => {
    await engine.configure(configValues(t.sim, options.version, options.config));
    clearCache();
  });
  afterAll(() => reset());
  return {
    get sim(): Simulator {
      return t.sim;
    },
    get client() {
      return t.client;
    },
    provider: p,
    engine,
    version: options.version,
    /** Reconfigures the runtime for this simulator with extra keys (e.g. another API version). */
    configure: (extra: Record<string, string> = {}, version: ApiVersion = options.version) =>
      engine.configure(configValues(t.sim, version, { ...options.config, ...extra })),
    /**
     * Checks a new resource's inputs as a preview without credentials does: without the read for
     * an object that exists (decision 0045), so that the create's own read is what meets it, as
     * it meets an object made between a preview and the `up`. `extra` and `version` are the
     * configuration to check with and to restore afterwards (default: the suite's).
     */
    async checkUnread(news: Props, extra: Record<string, string> = {}, version: ApiVersion = options.version): Promise<Props> {
      await engine.configure(configValues(t.sim, version, { ...options.config, ...extra, "reseller:apiKey": "" }));
      try {
        return await engine.check(news);
      } finally {
        await engine.configure(configValues(t.sim, version, { ...options.config, ...extra }));
      }
    },
  };
}

export interface LifecycleScenario {
  /** Program inputs of the first `up`. */
  inputs: Props;
  /** Inputs with an in-place change (same identity). */
  update: Props;
  /**
   * The program inputs the import step diffs the object read from its id alone against;
   * default `update`. Set it where an import cannot tell an input that only state holds (a
   * rotation counter, a create-time setting) and the program would declare what the read gives.
   */
  importInputs?: Props;
  /** Inputs with an identity change. */
  replace: Props;
  /** The properties `diff` must list in `replaces` for `replace`. */
  replaces: string[];
  /** Whether `read` after `delete` must report the object gone (`id: ""`). Default true. */
  goneAfterDelete?: boolean;
  /**
   * The properties the import step's read sends: none by default, as `X.get(name, id)` sends;
   * `{ account }` for `X.get(name, id, { account })`.
   */
  importProps?: Props;
}

export interface LifecycleRun {
  id: string;
  created: Props;
  updated: Props;
  imported: { id: string; props: Props; inputs?: Props };
  replaceDiff: DiffResult;
  afterDelete: { id: string; props: Props };
}

/**
 * Walks the engine's path for one resource: check, create, read equals outputs, a no-op diff,
 * an in-place update then read, import by id alone with a no-op diff, a replacing diff, delete,
 * and read after delete.
 *
 * @example
 * const run = await runLifecycle(t.engine, scenario);
 * expect(run.updated.ttl).toBe(300);
 */
export async function runLifecycle(engine: InProcessEngine, s: LifecycleScenario): Promise<LifecycleRun> {
  // 1. check, 2. create
  const inputs = await engine.check(s.inputs);
  const { id, outs: created } = await engine.create(inputs);

  // 3. read equals the outputs of create
  const afterCreate = await engine.read(id, created);
  expect(afterCreate.id).toBe(id);
  expect(afterCreate.props).toEqual(created);

  // 4. diff with the same inputs: no changes
  const again = await engine.check(s.inputs, afterCreate.inputs);
  const same = await engine.diff(id, afterCreate.props, again);
  expect(same, "diff with unchanged inputs").toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });

  // 5. in-place update, then read
  const updateInputs = await engine.check(s.update, afterCreate.inputs);
  const updateDiff = await engine.diff(id, afterCreate.props, updateInputs);
  expect(updateDiff.changes, "diff with the update's inputs").toBe(true);
  expect(updateDiff.replaces).toEqual([]);
  const updated = await engine.update(id, afterCreate.props, updateInputs);
  const afterUpdate = await engine.read(id, updated);
  expect(afterUpdate.id).toBe(id);
  expect(afterUpdate.props).toEqual(updated);
  const settled = await engine.diff(id, afterUpdate.props, await engine.check(s.update, afterUpdate.inputs));
  expect(settled.changes, "diff after the update").toBe(false);

  // import: read from the id alone, then diff with the same inputs
  const imported = await engine.read(id, s.importProps);
  expect(imported.id).toBe(id);
  const importDiff = await engine.diff(id, imported.props, await engine.check(s.importInputs ?? s.update, imported.inputs));
  expect(importDiff, "diff after import by id").toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });

  // 6. diff on an identity property replaces
  const replaceInputs = await engine.check(s.replace, afterUpdate.inputs);
  const replaceDiff = await engine.diff(id, afterUpdate.props, replaceInputs);
  expect(replaceDiff.changes).toBe(true);
  expect(replaceDiff.replaces.sort()).toEqual([...s.replaces].sort());

  // 7. delete, 8. read after delete
  await engine.delete(id, afterUpdate.props);
  const afterDelete = await engine.read(id, afterUpdate.props);
  if (s.goneAfterDelete ?? true) expect(afterDelete.id).toBe("");
  else expect(afterDelete.id).toBe(id);

  return { id, created, updated, imported, replaceDiff, afterDelete };
}

/**
 * What a destroy of the `hosting-site` example must leave, whichever way it ran: through the
 * testing toolkit (test/e2e), the Pulumi CLI (test/engine), or as a YAML program on the provider
 * plugin after its move from the dynamic resources (test/native/migrate.test.ts).
 */
import { expect } from "vitest";

import type { Simulator, SimState } from "../../packages/simulator/src";

/** Operations that spend credit or change a domain's registration: the site never sends one. */
export const ORDER_OPERATIONS = [
  "domains.register",
  "domains.transfer",
  "domains.renew",
  "domains.updateContacts",
  "domains.updateNameservers",
];

/**
 * The destroy that began at request `mark` released the domain from state only and kept the
 * WordPress grant (no `domains.*` call, no revoke), no order was ever sent, and the account is
 * the demo seed but for what the README says a destroy leaves: the domain registered, the grant,
 * object storage initialised (no delete in the API) and the simulator's per-domain SSL status
 * entries (no custom certificate or CSR).
 *
 * @example
 * const mark = sim.requests.list().length;
 * await stack.destroy();
 * expectSiteDestroyed(sim, mark, simulator.demoState());
 */
export function expectSiteDestroyed(sim: Simulator, mark: number, seed: SimState): void {
  const ids = (from: number) =>
    sim.requests
      .list()
      .slice(from)
      .map((entry) => entry.id);
  expect(ids(mark)).not.toContain("databases.revokePrivileges");
  expect(ids(mark).filter((id) => id.startsWith("domains."))).toEqual([]);
  expect(ids(0).filter((id) => ORDER_OPERATIONS.includes(id))).toEqual([]);

  const live = sim.store;
  expect(live.account).toEqual(seed.account);
  expect(live.domains).toEqual(seed.domains);
  expect(live.zones).toEqual(seed.zones);
  expect(live.hostings["102"]).toEqual(seed.hostings["102"]);
  const liveHosting = live.hostings["101"];
  const seedHosting = seed.hostings["101"];
  if (!liveHosting || !seedHosting) throw new Error("hosting account 101 is missing");
  const { objectStorage: liveStorage, ssl: liveSsl, ...liveRest } = liveHosting;
  const { objectStorage: seedStorage, ssl: seedSsl, ...seedRest } = seedHosting;
  expect(liveRest).toEqual(seedRest);
  expect(liveStorage.urls).toEqual(seedStorage.urls);
  expect(liveStorage.initialized).toBe(true);
  expect(Object.values(liveSsl).filter((ssl) => ssl.custom !== undefined || ssl.csrs.length > 0)).toEqual([]);
  expect(Object.keys(seedSsl)).toEqual([]);
}

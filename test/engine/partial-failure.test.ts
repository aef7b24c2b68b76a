/**
 * Partial failures under the real engine: a create, a replacement and an update whose follow-up
 * call fails (a fault injected in the simulator) after the object exists or was changed. Each is
 * kept in the state as far as it got, and the next `up` converges, ordering nothing twice and
 * leaving no orphan. The scenario registers a domain, so the account is charged for it, once.
 *
 * An inline program through the Automation API; the tests are the steps of one scenario on one
 * stack (each starts from the state the previous one left), so they run in order.
 */
import { expect, it } from "vitest";

import type * as Automation from "@pulumi/pulumi/automation";

import type { Simulator } from "../../packages/simulator/src";
import {
  callsSince,
  commandFailure,
  CONTACT,
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  SECRET_SIGNATURE,
  stepLog,
  STEP_TIMEOUT,
  writesSince,
  type Deployment,
  type Engine,
} from "./harness";

const DOMAIN = "engine-partial.com";
/** The demo seed's price of a .com registration (one year). */
const COM_PRICE = 12.5;
/** What the program declares; the tests change it between operations. */
const settings = {
  nameservers: ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"],
  registrarLock: false,
  csrUnit: "Web",
};

let engine: Engine;
let sim: Simulator;
let stack: Automation.Stack;

function program(): Record<string, unknown> {
  const { DomainRegistration, SslCsr } = engine.resources;
  const domain = new DomainRegistration("domain", {
    domain: DOMAIN,
    period: 1,
    maxPrice: 20,
    registrant: CONTACT,
    nameservers: settings.nameservers,
    registrarLock: settings.registrarLock,
  });
  const csr = new SslCsr("csr", {
    hostingId: 101,
    domain: "agency-demo.com",
    countryCode: "CA",
    state: "QC",
    localityName: "Montreal",
    organizationName: "Agency",
    organizationUnitName: settings.csrUnit,
    email: "admin@agency-demo.com",
  });
  return { expiryDate: domain.expiryDate, csrFingerprint: csr.fingerprint };
}

async function exported(): Promise<Deployment> {
  return (await stack.exportStack()) as unknown as Deployment;
}

/** The CSRs the simulator holds for agency-demo.com, by fingerprint. */
function csrFingerprints(): string[] {
  return (sim.store.hostings["101"]?.ssl["agency-demo.com"]?.csrs ?? []).map((csr) => csr.csrPubKeyFingerPrint).sort();
}

describeEngine("partial failures kept in the state and converged by the next up", () => {
  engineScenario("partial-failure", async (started) => {
    ({ engine, sim } = started);
    stack = await inlineStack(engine, { project: "partial", stack: "dev", sim, program: async () => program() });
    return stack;
  });

  it(
    "keeps a registration whose follow-up call failed in the state with its id, and the next up finishes it without ordering again",
    async () => {
      // The registration goes through; turning the registrar lock off afterwards fails.
      const fault = sim.faults.add({ operation: "domains.disableRegistrarLock", kind: "status", status: 500, times: Infinity });
      const failure = await commandFailure(stack.up());
      sim.faults.clear(fault);

      expect(failure.code).not.toBe(0);
      expect(failure.stdout + failure.stderr).toContain(`${DOMAIN} is in the account, but setting it up failed`);
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(sim.store.account.credit).toBe(1000 - COM_PRICE);
      expect(sim.store.domains[DOMAIN]?.locked).toBe(true);
      const partial = resourcesByName(await exported()).get("domain");
      expect(partial?.id).toBe(DOMAIN);
      expect(partial?.initErrors?.join("\n")).toContain("setting it up failed");
      // The state keeps what create knew and the serialized provider, so later operations run.
      expect(partial?.outputs?.__provider).toEqual(expect.any(String));
      expect(partial?.outputs?.domain).toBe(DOMAIN);

      const log = stepLog();
      const mark = sim.requests.list().length;
      await stack.up({ onEvent: log.onEvent });
      // An object with init errors gets an update even when its inputs are unchanged
      // (step_generator.go: "generate an empty update step to attempt to continue").
      expect(log.ops("domain")).toEqual(["update"]);
      expect(writesSince(engine, sim, mark)).toEqual(["domains.disableRegistrarLock"]);
      expect(sim.requests.count("domains.register")).toBe(1);
      expect(sim.store.domains[DOMAIN]?.locked).toBe(false);
      const repaired = resourcesByName(await exported()).get("domain");
      expect(repaired?.initErrors ?? []).toEqual([]);
      expect(repaired?.outputs?.registrarLock).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps a replacement CSR whose private key could not be read, with the old CSR pending deletion, and the next up leaves exactly the new one",
    async () => {
      const before = resourcesByName(await exported()).get("csr");
      expect(csrFingerprints()).toHaveLength(1);
      settings.csrUnit = "Shop";
      const fault = sim.faults.add({ operation: "ssl.getCsrPrivateKey", kind: "status", status: 500, times: Infinity });
      const failure = await commandFailure(stack.up());
      sim.faults.clear(fault);

      expect(failure.code).not.toBe(0);
      expect(failure.stdout + failure.stderr).toContain("was generated, but reading its private key failed");
      // Create-before-delete: the new CSR exists, the old one was not deleted.
      expect(csrFingerprints()).toHaveLength(2);
      const resources = (await exported()).deployment.resources ?? [];
      const csrs = resources.filter((r) => r.urn.endsWith("::csr"));
      const current = csrs.find((r) => !r.delete);
      const old = csrs.find((r) => r.delete);
      expect(current?.id).not.toBe(before?.id);
      expect(current?.initErrors?.join("\n")).toContain("reading its private key failed");
      expect(current?.outputs?.privateKey).toBeUndefined();
      expect(old?.id).toBe(before?.id);

      const log = stepLog();
      await stack.up({ onEvent: log.onEvent });
      // The new CSR is finished (an update, for its init errors); the old one, kept pending
      // deletion by the failed replacement, is deleted now.
      expect(log.ops("csr").sort()).toEqual(["delete-replaced", "update"]);
      const repaired = resourcesByName(await exported()).get("csr");
      expect(repaired?.id).toBe(current?.id);
      expect(repaired?.initErrors ?? []).toEqual([]);
      // The Automation API's exportStack runs `pulumi stack export --show-secrets`: a secret
      // shows as its signature with the plaintext, here the key the update fetched.
      const privateKey = repaired?.outputs?.privateKey as { [SECRET_SIGNATURE]?: string; plaintext?: string } | undefined;
      expect(privateKey?.[SECRET_SIGNATURE]).toBeDefined();
      expect(JSON.parse(privateKey?.plaintext ?? "null")).toMatch(/^-----BEGIN (RSA )?PRIVATE KEY-----/);
      expect(csrFingerprints()).toEqual([String(repaired?.outputs?.fingerprint)]);
      expect(((await exported()).deployment.resources ?? []).filter((r) => r.urn.endsWith("::csr"))).toHaveLength(1);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the state an update started from when its last call fails, and the next up applies only what is left",
    async () => {
      settings.nameservers = ["ns1.example.net", "ns2.example.net"];
      settings.registrarLock = true;
      const fault = sim.faults.add({ operation: "domains.enableRegistrarLock", kind: "status", status: 500, times: Infinity });
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());
      sim.faults.clear(fault);

      expect(failure.code).not.toBe(0);
      expect(writesSince(engine, sim, mark)).toEqual(["domains.enableRegistrarLock", "domains.updateNameservers"]);
      // The nameservers changed at the registrar; the lock did not.
      expect(sim.store.domains[DOMAIN]?.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
      expect(sim.store.domains[DOMAIN]?.locked).toBe(false);
      // A failed update leaves the state as it was (pkg/engine: the step's old state stands).
      const kept = resourcesByName(await exported()).get("domain");
      expect(kept?.outputs?.nameservers).toEqual(["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"]);
      expect(kept?.outputs?.registrarLock).toBe(false);

      const next = sim.requests.list().length;
      const log = stepLog();
      await stack.up({ onEvent: log.onEvent });
      expect(log.ops("domain")).toEqual(["update"]);
      // The update reads the registrar first: the nameservers are already right.
      expect(writesSince(engine, sim, next)).toEqual(["domains.enableRegistrarLock"]);
      expect(sim.store.domains[DOMAIN]?.locked).toBe(true);
      const converged = resourcesByName(await exported()).get("domain");
      expect(converged?.outputs?.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
      expect(converged?.outputs?.registrarLock).toBe(true);
      const preview = await stack.preview({ expectNoChanges: true, refresh: true });
      expect(preview.changeSummary).toEqual({ same: 3 });
    },
    STEP_TIMEOUT,
  );

  it(
    "destroys back to the seed plus the registered domain, released from state only and charged exactly once",
    async () => {
      const mark = sim.requests.list().length;
      await stack.destroy();

      expect(resourcesByName(await exported()).size).toBe(0);
      expect(Object.keys(callsSince(sim, mark)).filter((id) => id.startsWith("domains."))).toEqual([]);
      const seed = engine.simulator.demoState();
      const { [DOMAIN]: registered, ...others } = sim.store.domains;
      expect(others).toEqual(seed.domains);
      expect(registered?.registrationStatus).toBe("Active");
      // Registered with the provider's nameservers, the domain got its zone from the registrar
      // (README, DomainRegistration `useProviderNameservers`); it stays with the domain.
      expect(sim.store.zones).toEqual({ ...seed.zones, [DOMAIN]: engine.simulator.defaultZone(DOMAIN) });
      expect(csrFingerprints()).toEqual([]);
      const { ssl: liveSsl, ...liveHosting } = sim.store.hostings["101"]!;
      const { ssl: _seedSsl, ...seedHosting } = seed.hostings["101"]!;
      expect(liveHosting).toEqual(seedHosting);
      expect(Object.values(liveSsl).filter((ssl) => ssl.custom !== undefined || ssl.csrs.length > 0)).toEqual([]);
      // One order across the whole scenario: the failed create, its repair, the failed update and
      // its repair never registered or renewed again.
      expect(callsSince(sim)["domains.register"]).toBe(1);
      expect(callsSince(sim)["domains.renew"]).toBeUndefined();
      expect(sim.store.account.credit).toBe(seed.account.credit - COM_PRICE);
    },
    STEP_TIMEOUT,
  );
});

/**
 * `EmailAccount` under the real engine: `pulumi up` creates a mailbox whose password reaches the
 * state only as ciphertext; a refreshed preview finds nothing to change; a new quota and password
 * change the mailbox in place; a mailbox that exists already is refused before any write, naming
 * `adopt: true`, and taken over with it; `pulumi destroy` deletes both.
 *
 * An inline program through the Automation API; the tests are the steps of one scenario on one
 * stack, so they run in order.
 */
import { expect, it } from "vitest";

import {
  commandFailure,
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  SECRET_SIGNATURE,
  STEP_TIMEOUT,
  writesSince,
} from "./harness";

const DOMAIN = "agency-demo.com";
const PASSWORD = "Sales-Mail-2026!";
const ROTATED = "Sales-Mail-2027?";
const ADOPTED = "Contact-Mail-2026!";

/** What the program declares; the tests change it between operations. */
const settings = { password: PASSWORD, quota: 2048, declareContact: false, adoptContact: false };

const scenario = engineScenario("email-account", async ({ engine, sim }) =>
  inlineStack(engine, { project: "email-account", stack: "dev", sim, program: async () => program() }),
);

function program(): Record<string, unknown> {
  const { EmailAccount } = scenario.engine.resources;
  const sales = new EmailAccount("sales", {
    hostingId: 101,
    domain: DOMAIN,
    user: "sales",
    password: settings.password,
    quota: settings.quota,
  });
  // The demo seed's mailbox contact@agency-demo.com existed before the stack.
  if (settings.declareContact)
    new EmailAccount("contact", { hostingId: 101, domain: DOMAIN, user: "contact", password: ADOPTED, adopt: settings.adoptContact });
  return { address: sales.email };
}

/**
 * How many times the exported state holds `password` as a secret (the Automation API's export
 * shows secrets decrypted, under the secret signature; `pulumi stack export` writes them as
 * ciphertext), after asserting that it holds it nowhere else.
 */
function secretOnly(text: string, password: string): number {
  const wrapped = JSON.stringify({ [SECRET_SIGNATURE]: "1b47061264138c4ac30d75fd1eb44270", plaintext: JSON.stringify(password) });
  const parts = text.split(wrapped);
  expect(parts.join("")).not.toContain(password);
  return parts.length - 1;
}

const mailbox = (address: string) => scenario.sim.store.hostings["101"]!.emails.find((m) => m.email === address);

describeEngine("a mailbox managed by pulumi", () => {
  it(
    "creates the mailbox with its quota, and keeps the password in the state as a secret only (its input and output)",
    async () => {
      const { stack } = scenario;
      const up = await stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
      expect(up.outputs.address?.value).toBe(`sales@${DOMAIN}`);
      expect(mailbox(`sales@${DOMAIN}`)).toMatchObject({ quota: 2048, password: PASSWORD });

      const deployment = await scenario.exported();
      expect(secretOnly(JSON.stringify(deployment), PASSWORD)).toBe(2);
      expect(resourcesByName(deployment).get("sales")?.outputs).toMatchObject({ email: `sales@${DOMAIN}`, quota: 2048, adopted: false });
    },
    STEP_TIMEOUT,
  );

  it(
    "finds nothing to change on a refreshed preview",
    async () => {
      const preview = await scenario.stack.preview({ expectNoChanges: true, refresh: true });
      expect(preview.changeSummary).toMatchObject({ same: 2 });
    },
    STEP_TIMEOUT,
  );

  it(
    "changes the quota and the password in place, with one update and no create",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.quota = 4096;
      settings.password = ROTATED;
      const mark = sim.requests.list().length;
      const up = await stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
      expect(writesSince(engine, sim, mark)).toEqual(["email.update"]);
      expect(mailbox(`sales@${DOMAIN}`)).toMatchObject({ quota: 4096, password: ROTATED });
      expect(secretOnly(JSON.stringify(await scenario.exported()), ROTATED)).toBe(2);
    },
    STEP_TIMEOUT,
  );

  it(
    "refuses a mailbox that exists already before any write, naming it and adopt: true",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.declareContact = true;
      const mark = sim.requests.list().length;
      const failure = await commandFailure(stack.up());
      expect(failure.code).not.toBe(0);
      const output = failure.stdout + failure.stderr;
      expect(output).toContain(`EmailAccount 101/contact@${DOMAIN}: the mailbox contact@${DOMAIN} (quota 1024 MB) exists already`);
      expect(output).toContain("`adopt: true`");
      expect(output).not.toContain(ADOPTED);
      expect(writesSince(engine, sim, mark)).toEqual([]);
      expect(mailbox(`contact@${DOMAIN}`)?.password).toBe("Mail-Pass-2026!");
    },
    STEP_TIMEOUT,
  );

  it(
    "takes the mailbox over with adopt: true, setting the declared password and creating nothing",
    async () => {
      const { engine, sim, stack } = scenario;
      settings.adoptContact = true;
      const mark = sim.requests.list().length;
      const up = await stack.up();
      expect(up.summary.resourceChanges).toMatchObject({ create: 1 });
      expect(writesSince(engine, sim, mark)).toEqual(["email.update"]);
      expect(mailbox(`contact@${DOMAIN}`)).toMatchObject({ quota: 1024, password: ADOPTED });
      expect(resourcesByName(await scenario.exported()).get("contact")?.outputs).toMatchObject({ adopted: true, quota: 1024 });
    },
    STEP_TIMEOUT,
  );

  it(
    "deletes both mailboxes on destroy, the adopted one included",
    async () => {
      await scenario.stack.destroy();
      expect(resourcesByName(await scenario.exported()).size).toBe(0);
      expect(mailbox(`sales@${DOMAIN}`)).toBeUndefined();
      expect(mailbox(`contact@${DOMAIN}`)).toBeUndefined();
    },
    STEP_TIMEOUT,
  );
});
